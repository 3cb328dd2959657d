import Foundation
import Testing
import ReflLexer
@testable import ReflEval
@testable import ReflRuntime

/// The documented limits, each reported where it is crossed, and the costs
/// that must stay linear: include expansion, the error limit, imports
/// through deep folders, the strict table reader, the thread count.
struct LimitsTests {
    // MARK: - Include expansion

    /// 20,000 rules, each including the one before: the expansion the
    /// language describes would be 200 million properties.
    @Test func anIncludeChainPastTheLimitIsOneErrorNamingTheChain() {
        let rules = ["r0 { p0: 0; }"] + (1..<20_000).map { "r\($0) { __include: r\($0 - 1); p\($0): \($0); }" }
        RobustnessTests.within(120, "a 20,000-rule include chain") {
            let result = RobustnessTests.compile(rules.joined(separator: "\n"))
            #expect(result.ruleTable == nil)
            #expect(result.diagnostics.map(\.message) == [
                "includes copy more than 4000000 properties in all, the limit; the chain that copies most (2829 rules): "
                    + "r2828 → r2827 → r2826 → … → r1 → r0",
            ])
            #expect(result.diagnostics.first?.range.start == rules[..<2828].joined(separator: "\n").utf8.count + 1 + 19)
        }
    }

    @Test func includesUnderTheLimitExpandFully() {
        let rules = ["r0 { p0: 0; }"] + (1..<2000).map { "r\($0) { __include: r\($0 - 1); p\($0): \($0); }" }
        let table = RobustnessTests.compile(rules.joined(separator: "\n")).ruleTable
        #expect(table?.rules.last?.properties.count == 2000)
    }

    /// Many rules including one large flattened rule: counted before the
    /// rules are compiled on several threads, so the result is the same on any number.
    @Test func theLimitIsMetAtTheSameRuleOnAnyNumberOfThreads() {
        let big = "big { " + (0..<5000).map { "p\($0): \($0);" }.joined(separator: " ") + " }"
        let source = ([big] + (0..<1000).map { "u\($0) { __include: big; }" }).joined(separator: "\n")
        let results = [1, 2, 3].map { Compiler.compile(source: SourceFile(path: "m.less", text: source), threads: $0) }
        let messages = results.map { $0.diagnostics.map(\.message) }
        #expect(messages[0].count == 1 && messages[0].first?.hasPrefix("includes copy more than 4000000 properties") == true)
        #expect(messages[0] == messages[1] && messages[1] == messages[2])
        #expect(results[0].diagnostics.first?.range == results[2].diagnostics.first?.range)
    }

    // MARK: - Error limit

    @Test func twoMillionErrorsKeepOneThousandAndCountTheRest() {
        let source = Array(repeating: UInt8(ascii: "$"), count: 2_000_000)
        RobustnessTests.within(180, "two million errors") {
            let result = RobustnessTests.compile(source)
            #expect(result.diagnostics.count == 1000)
            #expect(result.omittedErrors == 1_999_000)
            #expect(result.hasErrors && result.ruleTable == nil)
            var renderer = DiagnosticRenderer()
            let text = renderer.render(result.diagnostics, omittedErrors: result.omittedErrors)
            #expect(text.hasSuffix("2000000 errors generated; 1000 shown, 1999000 more not shown "
                                   + "(raise the limit with --error-limit N, or 0 for no limit).\n"))
        }
    }

    @Test func belowTheLimitEveryErrorIsKept() {
        let source = String(repeating: "a { b: $; }\n", count: 999)
        let result = RobustnessTests.compile(source)
        #expect(result.diagnostics.count == 999 && result.omittedErrors == 0)
        #expect(RobustnessTests.compile(Array(source.utf8), errorLimit: 10).diagnostics.count == 10)
        #expect(RobustnessTests.compile(Array(source.utf8), errorLimit: 10).omittedErrors == 989)
    }

    @Test func theErrorLimitHoldsForLargeFilesParsedInPieces() {
        // 600 KB of errors after lone `}` lines: parsed in pieces on several threads.
        let source = String(repeating: "a { b: $; }\n}\n", count: 45_000)
        let results = [1, 2, 3].map { Compiler.compile(source: SourceFile(path: "m.less", text: source), threads: $0) }
        for result in results {
            #expect(result.diagnostics.filter { $0.severity == .error }.count == 1000)
        }
        #expect(Set(results.map { $0.diagnostics.count + $0.omittedErrors }).count == 1)
    }

    // MARK: - Imports through deep folders

    @Test func importsThroughTwoThousandFoldersAreLinear() throws {
        let root = NSTemporaryDirectory() + "reflc-deep-" + UUID().uuidString
        var folder = root
        for level in 0..<2000 {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let text = (level < 1999 ? "@import \"d/x.less\";\n" : "") + "r\(level) { a: \(level); }\n"
            try text.write(toFile: folder + "/x.less", atomically: false, encoding: .utf8)
            folder += "/d"
        }
        defer { try? FileManager.default.removeItem(atPath: root) }
        RobustnessTests.within(60, "2,000 nested folders of imports") {
            let result = try? Compiler.compile(entryPath: root + "/x.less")
            #expect(result?.ruleTable?.rules.count == 2000)
            #expect(result?.inputs.count == 2000)
            #expect(result?.ruleTable?.rules.first?.source.file == String(repeating: "d/", count: 1999) + "x.less")
        }
    }

    // MARK: - The table reader

    @Test(arguments: [
        ("017", "malformed rule table: a JSON number cannot have a leading zero"),
        ("17.", "malformed rule table: expected digits after '.' in a JSON number"),
        ("-", "malformed rule table: expected digits in a JSON number"),
        ("1e", "malformed rule table: expected digits in a JSON number's exponent"),
        ("00", "malformed rule table: a JSON number cannot have a leading zero"),
    ])
    func onlyJSONNumbersAreNumbers(_ number: String, _ message: String) {
        let json = "{\"version\": \(number), \"variables\": {}, \"rules\": []}"
        #expect(throws: StylesheetError.self) { try Stylesheet(ruleTableJSON: Array(json.utf8)) }
        do {
            _ = try Stylesheet(ruleTableJSON: Array(json.utf8))
        } catch {
            #expect(error.diagnostics.first?.message == message)
        }
    }

    @Test func aRepeatedKeyIsAnErrorAtItsPlaceInEveryObject() {
        let variables = (0..<40).map { "\"v\($0)\": {\"type\": \"bool\", \"value\": true}" }.joined(separator: ", ")
        let cases = [
            "{\"version\": 2, \"variables\": {}, \"rules\": [], \"rules\": [1]}",
            "{\"version\": 2, \"variables\": {\(variables), \"v7\": {\"type\": \"bool\", \"value\": false}}, \"rules\": []}",
            "{\"version\": 2, \"variables\": {\"a\": {\"type\": \"bool\", \"value\": true, \"value\": false}}, \"rules\": []}",
        ]
        for json in cases {
            do {
                _ = try Stylesheet(ruleTableJSON: Array(json.utf8))
                Issue.record("a table with a repeated key loaded: \(json)")
            } catch {
                let diagnostic = error.diagnostics.first
                #expect(diagnostic?.message.hasSuffix("appears twice in one object") == true)
                let repeated = json.range(of: "\"", options: .backwards, range: json.startIndex..<json.index(json.startIndex, offsetBy: diagnostic!.range.start + 1))
                #expect(repeated != nil)
            }
        }
        #expect((try? Stylesheet(ruleTableJSON: Array("{\"version\": 2, \"variables\": {\(variables)}, \"rules\": []}".utf8))) != nil)
    }

    // MARK: - Threads

    @Test(arguments: [
        ("Name:\tx\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n", 2 as Int?),
        ("Cpus_allowed:\tff,ffffffff\n", 40), ("Cpus_allowed:\t1\n", 1), ("Name:\tx\n", nil),
    ])
    func theAffinityMaskCountsProcessors(_ status: String, _ count: Int?) {
        #expect(ProcessorCount.affinityCount(status: status) == count)
    }

    @Test(arguments: [("max 100000\n", nil as Int?), ("200000 100000\n", 2), ("150000 100000", 2), ("50000 100000", 1), ("", nil)])
    func aCgroupQuotaCountsProcessors(_ cpuMax: String, _ count: Int?) {
        #expect(ProcessorCount.quotaCount(cpuMax: cpuMax) == count)
    }

    @Test func thisProcessUsesNoMoreThreadsThanItMay() throws {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let allowed = try #require(ProcessorCount.affinityCount(status: status))
        #expect(ProcessorCount.current() <= allowed)
        #expect(Concurrency.processorCount <= min(8, allowed))
        #expect(ProcessorCount.quotaCount(quota: -1, period: 100_000) == nil)
        #expect(ProcessorCount.quotaCount(quota: 250_000, period: 100_000) == 3)
    }
}
