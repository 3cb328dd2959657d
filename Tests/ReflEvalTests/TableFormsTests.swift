import Foundation
import Testing
import GoldenFiles
import ReflParser
@testable import ReflEval
@testable import ReflRuntime

/// The three forms a stylesheet loads from — source, JSON table, binary
/// table — hold the same table and give the same answers, whatever the
/// JSON table's layout.
struct TableFormsTests {
    /// Every compile fixture's stylesheet, compiled.
    static func fixtureTables() throws -> [(name: String, table: RuleTable)] {
        try Golden.inputs(in: "compile", matching: ".less").map { input in
            let result = try Compiler.compile(entryPath: Golden.packageRoot + "/" + input)
            return (input, try #require(result.ruleTable, "\(input) does not compile"))
        }
    }

    /// Queries that reach every rule of `table`: each class and trait named
    /// in it, alone, together and under a superclass, in environments that
    /// make its conditions go both ways.
    static func queries(for table: RuleTable) -> [StyleQuery] {
        let classes = Set(table.rules.compactMap(\.selector.className)).sorted()
        let traits = Set(table.rules.compactMap(\.selector.trait)).sorted()
        let environments = [
            StyleEnvironment(),
            StyleEnvironment(idiom: .pad, horizontalSizeClass: .regular, verticalSizeClass: .regular,
                             screenSize: ViewSize(width: 1024, height: 768), appearance: .dark,
                             contentSizeCategory: .accessibilityLarge, layoutDirection: .rtl, contrast: .high,
                             accessibilityFlags: [.reduceMotion, .boldText]),
            StyleEnvironment(idiom: .phone, horizontalSizeClass: .compact, verticalSizeClass: .regular,
                             screenSize: ViewSize(width: 375, height: 812), bounds: ViewSize(width: 100, height: 40),
                             externalConditions: ["compact": .value(true), "premium": .value(true)],
                             appearance: .light, contentSizeCategory: .extraSmall),
        ]
        var queries: [StyleQuery] = []
        for environment in environments {
            for name in classes + traits + ["UIView"] {
                queries.append(StyleQuery(className: name, environment: environment))
                queries.append(StyleQuery(className: "Sub" + name, superclasses: [name, "UIView"], environment: environment))
                queries.append(StyleQuery(className: name, traits: Set(traits), environment: environment))
            }
            for trait in traits { queries.append(StyleQuery(className: "UIView", traits: [trait], environment: environment)) }
        }
        return queries
    }

    @Test func everyFixtureGivesTheSameAnswersFromSourceJSONAndBinary() throws {
        for (name, table) in try Self.fixtureTables() {
            let fromSource = Stylesheet(table: table)
            let fromJSON = try Stylesheet(ruleTable: table.jsonBytes(), path: "\(name).json")
            let binary = try table.binaryBytes()
            let fromBinary = try Stylesheet(ruleTable: binary, path: "\(name).reflb")
            #expect(fromJSON.table == table, "\(name): JSON")
            #expect(fromBinary.table == table, "\(name): binary")
            #expect(try table.binaryBytes() == binary, "\(name): the binary form is not deterministic")
            let queries = Self.queries(for: table)
            #expect(queries.count > 10)
            for query in queries {
                let answer = fromSource.resolve(query)
                #expect(fromJSON.resolve(query) == answer, "\(name): JSON answers \(query.className)")
                #expect(fromBinary.resolve(query) == answer, "\(name): binary answers \(query.className)")
                let explanation = fromSource.explain(query)
                #expect(fromJSON.explain(query) == explanation, "\(name): JSON explains \(query.className)")
                #expect(fromBinary.explain(query) == explanation, "\(name): binary explains \(query.className)")
            }
        }
    }

    @Test func fixturesMatchSomeRulesSoTheComparisonMeansSomething() throws {
        for (name, table) in try Self.fixtureTables() where !table.rules.isEmpty {
            let stylesheet = try Stylesheet(ruleTable: table.binaryBytes())
            let styled = Self.queries(for: table).filter { !stylesheet.resolve($0).properties.isEmpty }
            #expect(!styled.isEmpty, "\(name): no query matched a rule")
        }
    }

    @Test func anotherLayoutOfTheSameTableIsReadTheSame() throws {
        for (name, table) in try Self.fixtureTables() where !table.rules.isEmpty {
            // Each rule's "priority" line moved after its "appliesToSubclasses" line:
            // valid JSON, the same table, not the writer's member order.
            var lines = String(decoding: table.jsonBytes(), as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index + 1 < lines.count {
                if lines[index].hasPrefix("      \"priority\": ") {
                    lines.swapAt(index, index + 1)
                    index += 1
                }
                index += 1
            }
            let bytes = Array(lines.joined(separator: "\n").utf8)
            #expect(bytes != table.jsonBytes(), "\(name)")
            #expect(try Stylesheet(ruleTableJSON: bytes).table == table, "\(name)")
        }
    }

    @Test func contentTellsTheFormsApart() throws {
        let table = try #require(try Self.fixtureTables().first?.table)
        #expect(TableFormat.detect(try table.binaryBytes()) == .binary)
        #expect(TableFormat.detect(table.jsonBytes()) == .json)
        #expect(TableFormat.detect([0xEF, 0xBB, 0xBF] + Array(" \n{}".utf8)) == .json)
        #expect(TableFormat.detect(Array("UIView { a: 1; }".utf8)) == .source)
        #expect(TableFormat.detect([]) == .source)
    }

    @Test func loadingAFileTellsTheFormByContentNotByName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reflc-forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = "UIButton { background-color: #ff0000; }"
        let table = try Stylesheet(source: source).table
        let query = StyleQuery(className: "UIButton")
        // Each form under a misleading name.
        for (name, bytes) in [("styles.json", try table.binaryBytes()), ("styles.less", table.jsonBytes()),
                              ("styles.reflb", Array(source.utf8))] {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let stylesheet = try Stylesheet(contentsOfFile: path)
            #expect(stylesheet.resolve(query).color("backgroundColor") == Color(red: 1, green: 0, blue: 0), "\(name)")
        }
    }
}
