import Testing
@testable import ReflEval

/// `os-version` and `scale` conditions: parsed, compared as versions and
/// numbers, false when the environment does not give them, and kept by
/// both table forms.
struct OSVersionScaleConditionTests {
    static let source = """
        UIView:__where { __condition: 'os-version >= 17'; alpha: 1; }
        UILabel:__where { __condition: 'os-version < 16.4'; alpha: 0.5; }
        UIButton:__where { __condition: 'scale = 3 and not (os-version < 15)'; alpha: 0.25; }
        """

    static func alpha(_ stylesheet: Stylesheet, _ className: String, _ environment: StyleEnvironment) -> StyleValue? {
        stylesheet.resolve(StyleQuery(className: className, environment: environment)).properties["alpha"]
    }

    @Test func termsCompareAsVersionsAndNumbers() throws {
        let result = Compiler.compile(source: SourceFile(path: "main.less", bytes: Array(Self.source.utf8)))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let table = try #require(result.ruleTable)
        for stylesheet in [Stylesheet(table: table), try Stylesheet(ruleTable: table.binaryBytes()), try Stylesheet(ruleTable: table.jsonBytes())] {
            #expect(stylesheet.table.rules.map(\.condition) == table.rules.map(\.condition))
            #expect(Self.alpha(stylesheet, "UIView", StyleEnvironment(osVersion: OSVersion(17, 2))) == .number(1, unit: nil))
            #expect(Self.alpha(stylesheet, "UIView", StyleEnvironment(osVersion: OSVersion(16, 10))) == nil)
            #expect(Self.alpha(stylesheet, "UIView", StyleEnvironment()) == nil)  // unknown: false
            #expect(Self.alpha(stylesheet, "UILabel", StyleEnvironment(osVersion: OSVersion(16, 3))) == .number(0.5, unit: nil))
            #expect(Self.alpha(stylesheet, "UILabel", StyleEnvironment(osVersion: OSVersion(16, 10))) == nil)
            #expect(Self.alpha(stylesheet, "UILabel", StyleEnvironment()) == nil)
            #expect(Self.alpha(stylesheet, "UIButton", StyleEnvironment(osVersion: OSVersion(17), scale: 3)) == .number(0.25, unit: nil))
            #expect(Self.alpha(stylesheet, "UIButton", StyleEnvironment(osVersion: OSVersion(17), scale: 2)) == nil)
        }
    }

    @Test(arguments: [
        ("x:__where { __condition: 'os-version >= seventeen'; }", "expected a version such as 17 or 16.4 after '>=', found 'seventeen'"),
        ("x:__where { __condition: 'os-version >= 16.4.1'; }", "expected a version such as 17 or 16.4 after 'os-version', found '16.4.1'"),
        ("x:__where { __condition: 'scale = 3x'; }", "a scale takes no unit (the screen's scale: 1, 2 or 3), found 'x'"),
        ("x:__where { __condition: 'os-verison > 15'; }", "unknown condition 'os-verison'; did you mean 'os-version'?"),
    ])
    func mistakesAreReported(_ source: String, _ message: String) {
        let result = Compiler.compile(source: SourceFile(path: "main.less", bytes: Array(source.utf8)))
        #expect(result.diagnostics.map(\.message).first == message)
    }
}
