import Testing
import GoldenFiles
import ReflLexer
@testable import ReflEval

/// Resolution as tables: conditions, priorities, matching, `%`. Every query
/// is answered three times — from the `.less` source, from the JSON rule
/// table compiled from it, and from the binary one — and the answers must agree.
struct ResolverTests {
    /// The stylesheet compiled in memory, and again after a round trip
    /// through JSON and through the binary form.
    static func stylesheets(_ source: String) throws -> [Stylesheet] {
        let compiled = try Stylesheet(source: SourceFile(path: "main.less", text: source))
        let reloaded = try Stylesheet(ruleTableJSON: compiled.table.jsonBytes())
        let binary = try Stylesheet(ruleTable: compiled.table.binaryBytes())
        #expect(reloaded.table == compiled.table)
        #expect(binary.table == compiled.table)
        return [compiled, reloaded, binary]
    }

    static func resolve(_ source: String, _ query: StyleQuery) throws -> ComputedStyle {
        let answers = try stylesheets(source).map { $0.resolve(query) }
        #expect(answers[0] == answers[1])
        #expect(answers[0] == answers[2])
        return answers[0]
    }

    static func environment(_ width: Double = 0, _ height: Double = 0, idiom: Idiom = .unspecified,
                            horizontal: SizeClass = .unspecified, vertical: SizeClass = .unspecified,
                            external: [String: Bool] = [:]) -> StyleEnvironment {
        StyleEnvironment(idiom: idiom, horizontalSizeClass: horizontal, verticalSizeClass: vertical,
                         screenSize: ViewSize(width: width, height: height),
                         externalConditions: external.mapValues { .value($0) })
    }

    // MARK: - Conditions (the original Reflektor test suite's cases)

    @Test(arguments: [
        ("width = 1 and height < 2", environment(1, 1), true),
        ("width = 1 and height < 2", environment(2, 1), false),
        ("width = 1 and height < 2", environment(0, 0), false),
        ("width ≠ 1", environment(1, 1), false),
        ("width ≠ 1", environment(2, 1), true),
        ("width != 1", environment(1, 1), false),
        ("width != 1", environment(2, 1), true),
        ("horizontal ≠ compact", environment(horizontal: .compact), false),
        ("horizontal ≠ compact", environment(horizontal: .regular), true),
        ("horizontal = compact", environment(horizontal: .compact), true),
        ("horizontal = compact", environment(horizontal: .regular), false),
        ("vertical ≠ compact", environment(vertical: .compact), false),
        ("vertical ≠ compact", environment(vertical: .regular), true),
        ("horizontal = compact and width ≠ 1", environment(2, 0, horizontal: .compact), true),
        ("horizontal = compact and width ≠ 1", environment(1, 0, horizontal: .compact), false),
        ("horizontal = compact and width ≠ 1", environment(2, 0, horizontal: .regular), false),
        ("width > 1", environment(1, 0), false),
        ("width > 1", environment(2, 0), true),
        ("width ≥ 1", environment(0, 0), false),
        ("width ≥ 1", environment(1, 0), true),
        ("width >= 1", environment(0.5, 0), false),
        ("width >= 1", environment(1, 0), true),
        ("height ≤ 3", environment(0, 3), true),
        ("height ≤ 3", environment(0, 4), false),
        ("height <= 3", environment(0, 3), true),
        ("height <= 3", environment(0, 3.5), false),
        ("width < 2px and height > 1pt", environment(1, 2), true),
        ("default", environment(), true),
        ("idiom = phone", environment(idiom: .phone), true),
        ("idiom = phone", environment(idiom: .pad), false),
        ("idiom = phone", environment(idiom: .unspecified), false),
        ("idiom != pad", environment(idiom: .phone), true),
        ("idiom != pad", environment(idiom: .pad), false),
        ("idiom != pad", environment(idiom: .unspecified), true),
        ("?external", environment(external: ["external": true]), true),
        ("?external", environment(external: ["external": false]), false),
        ("?external", environment(), false),
        ("?a and ?b", environment(external: ["a": true, "b": true]), true),
        ("?a and ?b", environment(external: ["a": true]), false),
    ])
    func condition(_ condition: String, _ environment: StyleEnvironment, _ holds: Bool) throws {
        let style = try Self.resolve("UIView:__where { __condition: '\(condition)'; applied: true; }",
                                     StyleQuery(className: "UIView", environment: environment))
        #expect((style["applied"] != nil) == holds)
    }

    @Test func externalConditionsMayBeClosures() throws {
        let stylesheet = try Stylesheet(source: SourceFile(path: "m.less", text: "UIView:__where { __condition: '?wide'; a: 1; }"))
        var environment = StyleEnvironment(screenSize: ViewSize(width: 800, height: 600))
        environment.externalConditions["wide"] = .evaluate { $0.screenSize.width > 700 }
        #expect(stylesheet.resolve(StyleQuery(className: "UIView", environment: environment))["a"] == .number(1, unit: nil))
        environment.screenSize = ViewSize(width: 320, height: 480)
        #expect(stylesheet.resolve(StyleQuery(className: "UIView", environment: environment))["a"] == nil)
    }

    // MARK: - Priorities and order

    /// Six rules, one per priority, each setting `winner`; for each rule, the
    /// view that matches it and every rule of lower priority gets its value.
    @Test func eachPriorityBeatsTheOnesBelowIt() throws {
        let source = """
            trait:__where { __condition: 'default'; winner: 100; }
            UIView:trait:__where { __condition: 'default'; winner: 99; }
            UIView:__where { __condition: 'default'; winner: 95; }
            UIView:trait { winner: 75; }
            trait { winner: 70; }
            UIView { winner: 50; }
            """
        let lines = source.split(separator: "\n").map(String.init)
        for count in 1...6 {
            let kept = lines.suffix(count).joined(separator: "\n")
            let style = try Self.resolve(kept, StyleQuery(className: "UIView", traits: ["trait"]))
            let expected = [50, 70, 75, 95, 99, 100][count - 1]
            #expect(style["winner"] == .number(Double(expected), unit: nil), "with the \(count) lowest rules")
        }
    }

    @Test func sourceOrderDoesNotBeatPriority() throws {
        let style = try Self.resolve("UIView:trait { a: 75; }\nUIView { a: 50; }", StyleQuery(className: "UIView", traits: ["trait"]))
        #expect(style["a"] == .number(75, unit: nil))
    }

    @Test func equalPriorityFallsToTheNearerClassThenTheLaterRule() throws {
        let source = """
            UILabel { apply-to-subclasses: true; a: 'label'; b: 'label'; }
            UIView { apply-to-subclasses: true; a: 'view'; b: 'view'; }
            MyLabel { b: 'mine'; }
            MyLabel { b: 'mine, later'; }
            """
        let style = try Self.resolve(source, StyleQuery(className: "MyLabel", superclasses: ["UILabel", "UIView"]))
        #expect(style["a"] == .string("label"))  // UILabel is nearer than UIView, though UIView comes later
        #expect(style["b"] == .string("mine, later"))
    }

    // MARK: - Matching

    @Test func applyToSubclassesReachesSubclassesOnlyWhenSet() throws {
        let source = "UILabel { color: red; }\nUILabel:small { apply-to-subclasses: true; size: 12; }"
        let subclass = StyleQuery(className: "MyLabel", superclasses: ["UILabel", "UIView"], traits: ["small"])
        let style = try Self.resolve(source, subclass)
        #expect(style["size"] == .number(12, unit: nil))
        #expect(style["color"] == nil)
        let label = try Self.resolve(source, StyleQuery(className: "UILabel", traits: ["small"]))
        #expect(label["color"] != nil && label["size"] != nil)
    }

    @Test func traitRulesNeedTheTrait() throws {
        let source = "rounded { radius: 4; }\nUIView:rounded { border: 1; }\nUIView { base: 1; }"
        let without = try Self.resolve(source, StyleQuery(className: "UIView"))
        #expect(without.properties.keys.sorted() == ["base"])
        let with = try Self.resolve(source, StyleQuery(className: "UIButton", traits: ["rounded", "other"]))
        #expect(with.properties.keys.sorted() == ["radius"])
    }

    @Test func percentagesResolveAgainstTheBounds() throws {
        let source = "UIView { inset: 10%; font: font('Arial', 50%); list: vector(10%, 1px); }"
        let environment = StyleEnvironment(screenSize: ViewSize(width: 1000, height: 1000), bounds: ViewSize(width: 200, height: 300))
        let style = try Self.resolve(source, StyleQuery(className: "UIView", environment: environment))
        #expect(style["inset"] == .number(20, unit: nil))
        #expect(style.font("font") == Font(name: "Arial", size: .points(100, unit: nil), isSystem: false))
        #expect(style["list"] == .vector([.number(20, unit: nil), .number(1, unit: .px)]))
        #expect(style.importantProperties == ["inset", "font", "list"])
        // Without bounds, % is relative to the screen size.
        let screen = try Self.resolve(source, StyleQuery(className: "UIView", environment: StyleEnvironment(screenSize: ViewSize(width: 400, height: 800))))
        #expect(screen.number("inset") == 40)
    }

    @Test func importanceIsTheWinningDeclarations() throws {
        let source = "UIView { a: 1 !important; b: 1; }\nUIView:t { a: 2; b: 2 !important; }"
        let style = try Self.resolve(source, StyleQuery(className: "UIView", traits: ["t"]))
        #expect(style.importantProperties == ["b"])
    }

    @Test func explainNamesTheWinnerAndTheOverriddenRules() throws {
        let source = "UIView { color: red; }\nUIView:t { color: blue; }\nUIView:__where { __condition: 'default'; color: green; }"
        let stylesheet = try Self.stylesheets(source)[1]
        let explanation = stylesheet.explain(StyleQuery(className: "UIView", traits: ["t"]))
        #expect(explanation.count == 1)
        #expect(explanation[0].property == "color")
        #expect(explanation[0].winner.selector == "UIView:__where")
        #expect(explanation[0].winner.source == SourcePosition(file: "main.less", line: 3, column: 1))
        #expect(explanation[0].overridden.map(\.selector) == ["UIView:t", "UIView"])
        #expect(explanation[0].overridden.map(\.priority) == [75, 50])
    }

    @Test func malformedTablesAreReportedWithTheirPath() throws {
        let cases: [(String, String)] = [
            ("{", "malformed rule table: expected a quoted key"),
            ("{\"version\": 4, \"variables\": {}, \"rules\": []}", "malformed rule table: table.version: version 4 is not supported; this reflc reads versions 1 to 3"),
            ("{\"version\": 0, \"variables\": {}, \"rules\": []}", "malformed rule table: table.version: version 0 is not supported; this reflc reads versions 1 to 3"),
            ("{\"version\": 1, \"variables\": {\"a\": {\"type\": \"colour\"}}, \"rules\": []}", "malformed rule table: table.variables.a.type: unknown value type 'colour'"),
            ("{\"version\": 1, \"variables\": {}}", "malformed rule table: table.rules: missing"),
        ]
        for (json, message) in cases {
            #expect(throws: StylesheetError.self) { try Stylesheet(ruleTableJSON: Array(json.utf8)) }
            do {
                _ = try Stylesheet(ruleTableJSON: Array(json.utf8))
            } catch {
                #expect(error.diagnostics.first?.message == message)
            }
        }
    }

    @Test func everyCompileFixtureRoundTripsThroughJSON() throws {
        for input in try Golden.inputs(in: "compile", matching: ".less") where input.hasSuffix("/main.less") {
            let table = try #require(try Golden.inPackageRoot { try Compiler.compile(entryPath: input) }.ruleTable)
            let reloaded = try Stylesheet(ruleTableJSON: table.jsonBytes()).table
            #expect(reloaded == table, "\(input)")
            #expect(reloaded.jsonBytes() == table.jsonBytes(), "\(input)")
        }
    }
}
