import Foundation
import Testing
import GoldenFiles
import ReflLexer
import ReflParser
@testable import ReflEval

/// Hostile and pathological inputs: each must end in diagnostics or a table,
/// in bounded time, never a trap.
struct RobustnessTests {
    static func compile(_ bytes: [UInt8], path: String = "/nonexistent-reflc-test/main.less",
                        errorLimit: Int = Compiler.defaultErrorLimit) -> CompileResult {
        Compiler.compile(source: SourceFile(path: path, bytes: bytes), errorLimit: errorLimit)
    }

    static func compile(_ text: String) -> CompileResult { compile(Array(text.utf8)) }

    static func messages(_ text: String) -> [String] { compile(text).diagnostics.map(\.message) }

    /// Runs `body` and checks it took less than `seconds`: a guard against
    /// hangs and quadratic blow-ups (which take hours on these inputs), not a
    /// speed measurement. The bounds are far above the normal time, even in
    /// a sanitizer build on a busy machine.
    static func within(_ seconds: Double, _ what: String, _ body: () -> Void) {
        let start = Date()
        body()
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed < seconds, "\(what) took \(elapsed) s")
    }

    // MARK: - Nesting and long chains

    @Test func aFileOfOldMacLineEndsReadsAsItsLines() {
        // A lone CR ends a line: a `//` comment does not run on to the end of
        // the file (which left a table with no rules, in silence), a missing
        // `;` is recovered at the line's end, and diagnostics name the line.
        let lines = ["// colors", "@a: red;", "UIView {", "    alpha: nope", "    corner-radius: 4px; // four", "    background-color: @a;", "}", ""]
        func built(_ lineEnd: String) -> (table: String, diagnostics: [String]) {
            let text = lines.joined(separator: lineEnd)
            let result = Self.compile(text)
            let table = LineTable(SourceFile(path: "main.less", text: text))
            let diagnostics = result.diagnostics.map { diagnostic in
                let (line, column) = table.location(of: diagnostic.range.start)
                return "\(line):\(column) \(diagnostic.message)"
            }
            let rules = Compiler.compile(source: SourceFile(path: "main.less", text: text.replacingOccurrences(of: "nope", with: "0.5;")))
                .ruleTable.map { String(decoding: $0.jsonBytes(), as: UTF8.self) } ?? "no table"
            return (rules, diagnostics)
        }
        let unix = built("\n")
        #expect(unix.diagnostics == ["4:12 'alpha' takes a number; found the identifier 'nope'", "4:16 expected ';' after declaration, found 'corner-radius'"])
        #expect(unix.table.contains("\"cornerRadius\"") && unix.table.contains("\"backgroundColor\""))
        for lineEnd in ["\r", "\r\n"] {
            let other = built(lineEnd)
            #expect(other.diagnostics == unix.diagnostics, "line end \(Array(lineEnd.unicodeScalars))")
            #expect(other.table == unix.table, "line end \(Array(lineEnd.unicodeScalars))")
        }
    }

    @Test func deeplyNestedBlocksAndCallsAreBounded() {
        let depth = 50_000
        Self.within(120, "nested blocks") {
            let blocks = Self.messages("a " + String(repeating: "{ b ", count: depth) + String(repeating: "}", count: depth))
            #expect(blocks.first == "nested rules are not part of the language; write a separate rule, or set a subview's property with a key path ('subview--property: value')")
        }
        Self.within(120, "nested calls") {
            let calls = Self.messages("a { b: " + String(repeating: "vector(", count: depth) + String(repeating: ")", count: depth) + "; }")
            #expect(calls == ["values are nested more than 256 levels deep"])
        }
        Self.within(120, "unclosed calls") {
            let unclosed = Self.messages("a { b: " + String(repeating: "f(", count: depth))
            #expect(unclosed.first == "values are nested more than 256 levels deep")
        }
    }

    @Test func conditionsNestedThousandsDeepAreOneError() {
        let depth = 50_000
        let tooDeep = "condition is nested more than 256 levels deep (in parentheses, 'not', 'and' and 'or')"
        for (what, condition) in [("parentheses", String(repeating: "(", count: depth) + "default" + String(repeating: ")", count: depth)),
                                  ("not", String(repeating: "not ", count: depth) + "default"),
                                  ("unclosed parentheses", String(repeating: "(", count: depth)),
                                  ("and inside or", Self.twoLevelsPerParenthesis(depth))] {
            Self.within(120, "a condition nested in \(what)") {
                let messages = Self.messages("a:__where { __condition: '\(condition)'; x: 1; }")
                #expect(messages == [tooDeep], "\(what)")
            }
        }
        // The deepest conditions the parser takes, each at one of its two
        // limits: 256 levels of tree (each node a level, as every table form
        // holds them: `not`s, and `and` inside `or` inside parentheses), and
        // 256 levels of parentheses and `not` in the text. Each compiles,
        // survives a round trip through JSON and through the binary form,
        // and resolves (all are true: `width < 0` is false under an odd
        // number of `not`s); one level more is the one error.
        let limit = LanguageLimits.maximumNesting
        let notGroups = String(repeating: "not (", count: limit / 2) + "default" + String(repeating: ")", count: limit / 2)
        for (deepest, treeDepth, deeper) in [
            (String(repeating: "not ", count: limit - 1) + "width < 0", limit, String(repeating: "not ", count: limit) + "width < 0"),
            (Self.twoLevelsPerParenthesis((limit - 3) / 2), limit - 1, Self.twoLevelsPerParenthesis((limit - 3) / 2 + 1)),
            (notGroups, limit / 2 + 1, "not " + notGroups),
        ] {
            let table = Self.compile("a:__where { __condition: '\(deepest)'; x: 1; }").ruleTable
            #expect(table?.rules.first?.condition.map { Self.depth($0.test) } == treeDepth, "\(deepest.prefix(40))")
            guard let table else { continue }
            let reloaded = try? Stylesheet(ruleTableJSON: table.jsonBytes())
            #expect(reloaded?.table == table)
            #expect(reloaded?.resolve(StyleQuery(className: "UIView", traits: ["a"]))["x"] != nil)
            let binary = try? Stylesheet(ruleTable: table.binaryBytes())
            #expect(binary?.resolve(StyleQuery(className: "UIView", traits: ["a"]))["x"] != nil, "\(deepest.prefix(40))")
            #expect(Self.messages("a:__where { __condition: '\(deeper)'; x: 1; }") == [tooDeep], "\(deeper.prefix(40))")
        }
    }

    /// A condition inside calls nests with them, in the JSON table that
    /// reads both as one nesting: the calls around it and its tree's levels
    /// come to at most 256 (`condition(...)` adds none of its own), written
    /// in place or through a variable. At the limit each table form reads
    /// the table back; one level more is an error, at the value or at the
    /// variable. (A JSON table nested past 1,000 levels is not read.)
    @Test func aConditionInsideValuesCountsItsLevelsWithThem() throws {
        let condition = "condition('" + Self.twoLevelsPerParenthesis(20) + "')"  // a tree of 43 levels
        let calls = LanguageLimits.maximumNesting - 43
        func vectors(_ count: Int, around value: String) -> String {
            String(repeating: "vector(", count: count) + value + String(repeating: ")", count: count)
        }
        for stylesheet in ["a { x: \(vectors(calls, around: condition)); }",
                           "@c: \(condition);\na { x: \(vectors(calls, around: "@c")); }"] {
            let result = Self.compile(stylesheet)
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
            guard let table = result.ruleTable else { continue }
            let reloaded = try? Stylesheet(ruleTableJSON: table.jsonBytes())
            #expect(reloaded?.table == table)
            let binary = try? Stylesheet(ruleTable: table.binaryBytes())
            #expect(binary?.resolve(StyleQuery(className: "UIView", traits: ["a"]))["x"] != nil)
        }
        #expect(Self.messages("a { x: \(vectors(calls + 1, around: condition)); }")
                == ["values are nested more than 256 levels deep with the condition in them (each 'not', each chain of 'and' or 'or', and the term of a condition is a level)"])
        // The error is at the condition: its string, or the variable given to `condition(...)`.
        for (stylesheet, written) in [("a { x: \(vectors(calls + 1, around: condition)); }", "'" + Self.twoLevelsPerParenthesis(20) + "'"),
                                      ("@s: '\(Self.twoLevelsPerParenthesis(20))';\na { x: \(vectors(calls + 1, around: "condition(@s)")); }", "@s")] {
            let bytes = Array(stylesheet.utf8)
            let start = try #require(bytes.indices.last { bytes[$0...].starts(with: Array(written.utf8)) })
            #expect(Self.compile(stylesheet).diagnostics.map(\.range) == [SourceRange(start, start + written.utf8.count)], "\(written.prefix(12))")
        }
        #expect(Self.messages("@c: \(condition);\na { x: \(vectors(calls + 1, around: "@c")); }")
                == ["values are nested more than 256 levels deep with the value of '@c'"])
        // No condition: a call with no arguments at the parser's 256 levels is 256 deep, and accepted.
        #expect(Self.messages("a { x: \(vectors(255, around: "vector()")); }").isEmpty)
        // A variable beside a condition too deep is not blamed.
        #expect(Self.messages("@s: vector(1);\na { x: vector(@s, \(vectors(calls, around: condition))); }")
                == ["values are nested more than 256 levels deep with the condition in them (each 'not', each chain of 'and' or 'or', and the term of a condition is a level)"])
    }

    /// The deepest a condition may be inside values, 256 levels with the
    /// calls around it, is the deepest JSON a table holds: it is written,
    /// read back and laid out in the binary form, whether the condition is
    /// written in place or given as a string variable to `condition(...)`.
    @Test func theDeepestConditionInsideValuesReadsBack() {
        let text = Self.twoLevelsPerParenthesis(126)  // a tree of 255 levels
        for stylesheet in ["a { x: vector(condition('\(text)')); }",
                           "@s: '\(text)';\na { x: vector(condition(@s)); }",
                           "@c: condition('\(text)');\na { x: vector(@c); }"] {
            let result = Self.compile(stylesheet)
            #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
            guard let table = result.ruleTable else { continue }
            guard case .vector(let items)? = table.rules.first?.properties.first?.value, case .condition(let condition)? = items.first else {
                Issue.record("not a vector holding a condition: \(stylesheet.prefix(40))")
                continue
            }
            #expect(Self.depth(condition.test) == 255)
            let reloaded = try? Stylesheet(ruleTableJSON: table.jsonBytes())
            #expect(reloaded?.table == table)
            let binary = try? Stylesheet(ruleTable: table.binaryBytes())
            #expect(binary?.resolve(StyleQuery(className: "UIView", traits: ["a"]))["x"] != nil)
            // One call more is one level too many.
            let deeper = stylesheet.replacingOccurrences(of: "x: vector(", with: "x: vector(vector(").replacingOccurrences(of: "); }", with: ")); }")
            #expect(Self.messages(deeper).count == 1, "\(Self.messages(deeper))")
        }
    }

    /// `default or default and (` `levels` times around `default or default
    /// and default`: each pair of parentheses holds two levels of the tree
    /// (an `or` whose operand is an `and`), 2 × `levels` + 3 in all.
    static func twoLevelsPerParenthesis(_ levels: Int) -> String {
        String(repeating: "default or default and (", count: levels) + "default or default and default" + String(repeating: ")", count: levels)
    }

    /// How many levels a condition's tree has (a term is 1).
    static func depth(_ expression: ConditionExpression) -> Int {
        switch expression {
        case .test: return 1
        case .not(let operand): return 1 + depth(operand)
        case .all(let operands), .any(let operands): return 1 + operands.map(depth).max()!
        }
    }

    @Test func longAndDeepExpressionsAreLinearAndBounded() {
        Self.within(120, "a sum of 100,000 terms") {
            let sum = Array(repeating: "1", count: 100_000).joined(separator: " + ")
            #expect(Self.compile("a { b: \(sum); }").ruleTable?.rules.first?.properties.first?.value == .number(100_000, unit: nil))
        }
        Self.within(120, "a product chain of 50,000 groups") {
            let chain = Array(repeating: "(1 * 1 + 0)", count: 50_000).joined(separator: " * ")
            #expect(Self.compile("a { b: \(chain); }").ruleTable != nil)
        }
        for (what, deep) in [("groups", String(repeating: "(", count: 50_000) + "1" + String(repeating: ")", count: 50_000)),
                             ("minus signs", String(repeating: "-(", count: 50_000) + "1")] {
            Self.within(120, "50,000 nested \(what)") {
                #expect(Self.messages("a { b: \(deep); }").first == "values are nested more than 256 levels deep", "\(what)")
            }
        }
    }

    @Test func nestingJustUnderTheLimitCompiles() {
        let depth = Parser.maximumNesting
        let result = Self.compile("a { b: " + String(repeating: "vector(", count: depth - 1) + "1" + String(repeating: ")", count: depth - 1) + "; }")
        #expect(!result.hasErrors)
        let table = result.ruleTable!
        let reloaded = try? Stylesheet(ruleTableJSON: table.jsonBytes())
        #expect(reloaded?.table == table)
    }

    /// A variable holds a value as deep as the parser reads; a call around
    /// its use nests one more, which no table form holds: an error at the
    /// use, once for a chain of any length.
    @Test func valuesNestedThroughVariablesAreBoundedToo() throws {
        let depth = Parser.maximumNesting
        let chain = ["@v0: 1;"] + (1..<depth).map { "@v\($0): vector(@v\($0 - 1));" }
        let under = Self.compile((chain + ["a { b: @v\(depth - 1); }"]).joined(separator: "\n"))
        #expect(!under.hasErrors)
        let table = try #require(under.ruleTable)
        #expect(try Stylesheet(ruleTable: table.binaryBytes()).table.rules == table.rules)
        #expect(try Stylesheet(ruleTableJSON: table.jsonBytes()).table == table)
        let past = "values are nested more than 256 levels deep with the value of '@v255'"
        #expect(Self.messages((chain + ["a { b: vector(@v\(depth - 1)); }"]).joined(separator: "\n")) == [past])
        let long = ["@v0: 1;"] + (1..<5000).map { "@v\($0): vector(@v\($0 - 1));" }
        #expect(Self.messages((long + ["a { b: @v4999; }"]).joined(separator: "\n")) == [past])
    }

    /// Each variable doubles the last: forty lines would make a value of a
    /// trillion numbers. The first value past the limit is an error at the
    /// variable that makes it so, before anything walks it, and the
    /// variables built on that one are left out without an error each.
    @Test func variablesDoublingAValueAreStoppedAtTheSizeLimit() throws {
        let chain = ["@v0: 1;"] + (1...40).map { "@v\($0): vector(@v\($0 - 1), @v\($0 - 1));" }
        let source = (chain + ["a { b: @v40; c: @v15; }"]).joined(separator: "\n")
        let useStart = try #require(source.range(of: "@v16: vector(")).upperBound
        let expectedRange = SourceRange(source.utf8.distance(from: source.startIndex, to: useStart),
                                        source.utf8.distance(from: source.startIndex, to: useStart) + "@v15".utf8.count)
        Self.within(60, "forty doubling variables") {
            let errors = Self.compile(source).diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.message) == ["with the value of '@v15', this value would hold more than 100000 values, the limit; "
                                              + "a variable's value is written out in full at each use"])
            #expect(errors.map(\.id) == ["value-size-limit"])
            #expect(errors.map(\.range) == [expectedRange])
        }
        // Just under the limit (2^16 - 1 = 65,535 values), a value is kept whole, in both table forms.
        let under = Self.compile((chain.prefix(16) + ["a { b: @v15; }"]).joined(separator: "\n"))
        #expect(!under.hasErrors)
        let table = try #require(under.ruleTable)
        #expect(try Stylesheet(ruleTableJSON: table.jsonBytes()).table == table)
        #expect(try Stylesheet(ruleTable: table.binaryBytes()).table.rules == table.rules)
    }

    /// A value under the limit, written out at each use, still makes the
    /// JSON grow with the number of uses times its size: past the limit on
    /// the rules' JSON, an error at the first rule of the run that passes
    /// it, the same on any number of threads, and no rule compiled after it.
    @Test func jsonOfRulesRepeatingALargeValueIsBounded() throws {
        let chain = ["@v0: 1;"] + (1...10).map { "@v\($0): vector(@v\($0 - 1), @v\($0 - 1));" }
        let rules = (0..<300).map { "R\($0) { b: @v10; }" }
        let text = (chain + rules).joined(separator: "\n")
        let source = SourceFile(path: "main.less", text: text)
        let secondRun = try #require(text.range(of: "R64 {"))
        let start = text.utf8.distance(from: text.startIndex, to: secondRun.lowerBound)
        for threads in [1, 2, 3] {
            let output = ByteArrayOutput()
            let result = Compiler.build(source: source, threads: threads, rulesLimit: 6 << 20, writingJSONTo: output)
            let errors = result.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.message) == ["the JSON table passes 6 MiB at the rules from here, the limit for this input; "
                                              + "variables and includes write their values out in full at each use, where the binary table "
                                              + "(--format binary) stores each value once"], "\(threads) threads")
            #expect(errors.map(\.range) == [SourceRange(start, start + 3)], "\(threads) threads")
            #expect(output.bytes.count < 6 << 20, "\(threads) threads")
        }
        let unbounded = Compiler.build(source: source, threads: 2, rulesLimit: Compiler.jsonRulesLimit(inputBytes: text.utf8.count),
                                       writingJSONTo: ByteArrayOutput())
        #expect(!unbounded.hasErrors)
        // The binary table stores the value once, but lays it out at each use: 2,047 values a rule, 131,008 for a run of 64.
        // Ten runs of rules, so that two and three threads do share them (a table of fewer than eight runs is compiled
        // on one thread), and runs laid out in parts and joined are counted with those laid straight into the table.
        let wide = SourceFile(path: "main.less", text: (chain + (0..<640).map { "R\($0) { b: @v10; }" }).joined(separator: "\n"))
        #expect(wide.bytes.starts(with: source.bytes))  // so the rule at `start` is R64 in both
        for threads in [1, 2, 3] {
            let built = Compiler.buildBinary(source: wide, threads: threads, laidOutLimit: 200_000)
            #expect(built.binary == nil, "\(threads) threads")
            #expect(built.result.diagnostics.filter { $0.severity == .error }.map(\.message)
                    == ["the rules from here take the values laid out in the binary table past 200000, the limit for this input; "
                        + "variables and includes repeat their values in full at each use"], "\(threads) threads")
            #expect(built.result.diagnostics.map(\.range) == [SourceRange(start, start + 3)], "\(threads) threads")
        }
        #expect(Compiler.buildBinary(source: wide, threads: 2).result.diagnostics.isEmpty)
    }

    /// The declarations' values are bounded in all, a variable's value
    /// counted in full at each use, for every use of a compilation (a
    /// table in memory too): an error at the first rule of the run of 64
    /// that passes it, the same on any number of threads, and only the
    /// runs under way are compiled after it.
    @Test func declarationsHoldABoundedNumberOfValuesInAll() throws {
        let chain = ["@v0: 1;"] + (1...10).map { "@v\($0): vector(@v\($0 - 1), @v\($0 - 1));" }
        let text = (chain + (0..<3000).map { "R\($0) { b: @v10; }" }).joined(separator: "\n")
        let source = SourceFile(path: "main.less", text: text)
        let secondRun = try #require(text.range(of: "R64 {"))
        let start = text.utf8.distance(from: text.startIndex, to: secondRun.lowerBound)
        for threads in [1, 2, 3] {
            let program = Program(threads: threads)
            ImportLoader.load(entry: source, at: FilePath(source.path), into: program)
            _ = Compiler.lowerVariables(program)
            let compiler = RuleCompiler(program: program)
            // 2,047 values a rule, 131,008 for a run of 64.
            compiler.loweredValuesLimit = 200_000
            final class Rules { var count = 0 }
            var delivered = 0
            compiler.compileRules(threads: threads, makeOutput: { Rules() }, add: { _, rules in rules.count += 1 },
                                  deliver: { rules in
                                      delivered += rules.count
                                      rules.count = 0
                                  })
            #expect(program.diagnostics.map(\.message) == ["the rules from here take the values their declarations hold past 200000 in all, "
                                                           + "the limit for this input; a variable's value counts in full at each use"],
                    "\(threads) threads")
            #expect(program.diagnostics.map(\.range) == [SourceRange(start, start + 3)], "\(threads) threads")
            #expect(delivered <= 64 * (2 + 4 * threads), "\(threads) threads: \(delivered) rules compiled")
        }
        // Under the limit of an input of that size (4,194,304 and 4 a byte): a thousand such rules hold 2,047,000.
        #expect(!Self.compile((chain + (0..<1000).map { "R\($0) { b: @v10; }" }).joined(separator: "\n")).hasErrors)
    }

    /// Every variable is written out with the table: the values they hold
    /// are bounded in all, with an error at the variable that passes it.
    @Test func variablesHoldABoundedNumberOfValuesInAll() {
        let chain = ["@v0: 1;"] + (1...15).map { "@v\($0): vector(@v\($0 - 1), @v\($0 - 1));" }
        // @v15 holds 65,535 values: 60 copies of it stay under 4,000,000 in all, 62 do not.
        let copies = (0..<62).map { "@copy\(String(format: "%02d", $0)): @v15;" }
        let errors = Self.compile((chain + copies + ["a { b: 1; }"]).joined(separator: "\n")).diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.message) == ["the variables hold more than 4000000 values in all with this one, the limit; "
                                          + "the table writes every variable's value out in full"])
        #expect(errors.first.map { String(decoding: $0.file.bytes[$0.range.start..<$0.range.end], as: UTF8.self) } == "@copy59")
        #expect(!Self.compile((chain + copies.prefix(58) + ["a { b: 1; }"]).joined(separator: "\n")).hasErrors)
    }

    @Test func longConditionsAndManyRulesStayLinear() {
        let terms = Array(repeating: "width > 1", count: 10_000).joined(separator: " and ")
        Self.within(120, "a 10,000-term condition") {
            #expect(!Self.compile("a:__where { __condition: '\(terms)'; x: 1; }").hasErrors)
        }
        let groups = Array(repeating: "(width > 1 and not height < 2)", count: 10_000).joined(separator: " or ")
        Self.within(120, "a condition of 10,000 groups") {
            let table = Self.compile("a:__where { __condition: '\(groups)'; x: 1; }").ruleTable
            guard case .any(let operands)? = table?.rules.first?.condition?.test else {
                Issue.record("expected one `any` of every group")
                return
            }
            #expect(operands.count == 10_000)
        }
        Self.within(180, "100,000 rules") {
            let rules = (0..<100_000).map { "r\($0 % 1000) { a: \($0)px; }" }.joined(separator: "\n")
            let result = Self.compile(rules)
            #expect(result.ruleTable?.rules.count == 100_000)
        }
        Self.within(120, "a rule with 20,000 declarations") {
            let declarations = (0..<20_000).map { "k\($0): \($0);" }.joined()
            #expect(Self.compile("a { \(declarations) }").ruleTable?.rules.first?.properties.count == 20_000)
        }
    }

    @Test func manyErrorsOnOneLongLineRenderInLinearTime() {
        let line = String(repeating: "a { $ } ", count: 20_000)  // 20,000 errors on one 160 KB line
        Self.within(180, "rendering 20,000 errors on one line") {
            let result = Self.compile(Array(line.utf8), errorLimit: 0)
            #expect(result.diagnostics.count == 20_000)
            var renderer = DiagnosticRenderer()
            let text = renderer.render(result.diagnostics)
            #expect(text.hasSuffix("20000 errors generated.\n"))
            #expect(text.split(separator: "\n").allSatisfy { $0.count < 400 })
        }
    }

    @Test func aMegabyteLineAndHugeTokens() {
        Self.within(180, "huge tokens") {
            let word = String(repeating: "x", count: 1 << 20)
            let messages = Self.messages("a { b: \(word); c: '\(word)'; @\(word): 1; }")
            #expect(messages == ["variables cannot be defined inside a rule; move the definition to the top level or a namespace"])
            #expect(Self.messages("a { b: @\(word); }").count == 1)
            #expect(Self.messages("a { b: 1\(word); }").count == 1)
        }
    }

    // MARK: - Encodings and odd bytes

    @Test func byteOrderMarkAndCRLFAreAccepted() throws {
        let result = Self.compile([0xEF, 0xBB, 0xBF] + Array("@v: red;\r\nUIView {\r\n  color: @v;\r\n}\r\n".utf8))
        let table = try #require(result.ruleTable)
        #expect(table.rules[0].source.line == 2)
        #expect(table.rules[0].properties[0].value == .color(Color(red: 1, green: 0, blue: 0)))
        let broken = Self.compile("UIView {\r\n  color red;\r\n}\r\n")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(broken.diagnostics).hasPrefix("/nonexistent-reflc-test/main.less:2:9: error: expected ':'"))
    }

    @Test func nulBytesAndControlCharactersAreReportedOrKept() throws {
        #expect(Self.compile([UInt8](Array("a { b: 1; }".utf8)) + [0] + Array("c { }".utf8)).diagnostics.map(\.message)
                == ["unexpected character U+0000"])
        // Inside a string, a NUL is text: kept, and escaped in the JSON.
        let table = try #require(Self.compile(Array("a { b: 'x".utf8) + [0] + Array("y'; }".utf8)).ruleTable)
        #expect(String(decoding: table.jsonBytes(), as: UTF8.self).contains(#""value":"x\u0000y""#))
        #expect(try Stylesheet(ruleTableJSON: table.jsonBytes()).table == table)
    }

    @Test(arguments: [
        [0xED, 0xA0, 0x80] as [UInt8],  // an encoded surrogate
        [0xC0, 0xAF],  // an overlong '/'
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xFF],
        [0xE2, 0x82],  // truncated
    ])
    func invalidUTF8IsAnErrorAnywhere(_ bad: [UInt8]) {
        for (before, after) in [("a { b: '", "'; }"), ("/* ", " */"), ("a { b: ", "; }"), ("", "")] {
            let messages = Self.compile(Array(before.utf8) + bad + Array(after.utf8)).diagnostics.map(\.message)
            #expect(messages.contains("invalid UTF-8 byte sequence; the file must be saved as UTF-8"), "\(before)…\(after)")
        }
    }

    @Test func numbersOutsideDoubleRangeAreErrorsNotInfinity() {
        #expect(Self.messages("a { b: 1\(String(repeating: "0", count: 400)); }") == ["number is too large to represent"])
        #expect(Self.messages("a { b: 0.\(String(repeating: "0", count: 400))1; }")
                == ["number is too small to represent (it is not zero, but rounds to zero)"])
        #expect(Self.messages("a { b: 1e999; }") == ["exponent notation ('e999') is not supported; write the number in full"])
        #expect(Self.messages("a:__where { __condition: 'width < 1\(String(repeating: "0", count: 400))'; }").count == 1)
        let long = "0." + String(repeating: "1", count: 300)
        #expect(Self.compile("a { b: \(long); }").ruleTable?.rules[0].properties[0].value == .number(Double(long)!, unit: nil))
    }

    // MARK: - Files

    @Test func fileSystemFaultsInImports() throws {
        let folder = NSTemporaryDirectory() + "reflc-robust-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder + "/dir", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop-a.less", withDestinationPath: folder + "/loop-b.less")
        try FileManager.default.createSymbolicLink(atPath: folder + "/loop-b.less", withDestinationPath: folder + "/loop-a.less")
        mkfifo(folder + "/fifo.less", 0o644)
        let main = """
            @import "main.less";
            @import "dir";
            @import "loop-a.less";
            @import "fifo.less";
            @import "/dev/zero";
            a { b: 1; }
            """
        try main.write(toFile: folder + "/main.less", atomically: true, encoding: .utf8)
        let result = try Compiler.compile(entryPath: folder + "/main.less")
        #expect(result.diagnostics.map(\.message) == [
            "import cycle: \(folder)/main.less → \(folder)/main.less",
            "cannot import 'dir': is a directory",
            "cannot import 'loop-a.less': too many levels of symbolic links",
            "cannot import 'fifo.less': is not a regular file",
            "cannot import '/dev/zero': is not a regular file",
        ])
    }

    // MARK: - Mutations of every fixture

    /// Thousands of seeded random mutations of every fixture (flips,
    /// deletions, duplications, inserted language tokens, truncations), each
    /// compiled in-process: every one must end in diagnostics or a table
    /// that survives a JSON round trip.
    @Test func mutatedFixturesNeverTrap() throws {
        var sources: [[UInt8]] = []
        for folder in ["parse", "errors", "compile"] {
            let base = Golden.packageRoot + "/Fixtures/" + folder
            let enumerator = FileManager.default.enumerator(atPath: base)!
            for case let path as String in enumerator where path.hasSuffix(".less") {
                sources.append(Array(try Data(contentsOf: URL(fileURLWithPath: base + "/" + path))))
            }
        }
        #expect(sources.count > 30)
        let tokens = ["{", "}", "(", ")", ";", ":", ",", "'", "\"", "@", "#", "!important", "__include: ", "__condition: '",
                      ":__where", "@import url(", "rgb(", "vector(", "/*", "*/", "-", ".5", "%", "and ", "width < ", "\\",
                      "\u{FEFF}", "\r\n", "\0", "≠", " or ", "not ", "(", "appearance = dark", "content-size >= ",
                      "[highlighted", "[", "]", ", selected]", "font(body, bold)", "&&", " * ", "/", "+", " - ", "-(",
                      "darken(", "mix(", "round("].map { Array($0.utf8) }
        var random = SeededRandom(seed: 0x5EED)
        let mutationsPerSource = 3000 / sources.count + 1
        Self.within(600, "mutation test") {
            for source in sources {
                for _ in 0..<mutationsPerSource {
                    var bytes = source
                    for _ in 0..<(1 + random.next(4)) { mutate(&bytes, tokens: tokens, random: &random) }
                    let result = Self.compile(bytes)
                    var renderer = DiagnosticRenderer()
                    _ = renderer.render(result.diagnostics)
                    if let table = result.ruleTable {
                        #expect(try! Stylesheet(ruleTableJSON: table.jsonBytes()).table == table)
                    } else {
                        #expect(result.hasErrors)
                    }
                }
            }
        }
    }

    private func mutate(_ bytes: inout [UInt8], tokens: [[UInt8]], random: inout SeededRandom) {
        let position = bytes.isEmpty ? 0 : random.next(bytes.count)
        switch random.next(5) {
        case 0 where !bytes.isEmpty:
            bytes[position] ^= UInt8(1 << random.next(8))
        case 1 where !bytes.isEmpty:
            bytes.removeSubrange(position..<min(bytes.count, position + 1 + random.next(16)))
        case 2 where !bytes.isEmpty:
            let slice = bytes[position..<min(bytes.count, position + 1 + random.next(32))]
            bytes.insert(contentsOf: slice, at: random.next(bytes.count))
        case 3:
            bytes.insert(contentsOf: tokens[random.next(tokens.count)], at: position)
        default:
            bytes.removeSubrange(position..<bytes.count)
        }
    }
}

/// A small deterministic generator (SplitMix64), so a failing mutation can be reproduced.
struct SeededRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(max(bound, 1)))
    }
}
