import Testing
import GoldenFiles
import ReflEval
import ReflTools

/// gen-swift in process: the Swift source of a stylesheet's tokens.
struct SwiftTokensTests {
    /// Imported design tokens keep their descriptions as doc comments.
    @Test func designTokenDescriptionsBecomeDocComments() throws {
        let result = try Compiler.compile(entryPath: FilePath(Golden.packageRoot + "/Fixtures/compile/design-tokens/main.less"))
        let table = try #require(result.ruleTable)
        let source = try SwiftTokens(typeName: "BrandStyles", sourceName: "main.less", descriptions: result.variableDescriptions)
            .source(for: table)
        #expect(source.contains("""
                    /// The brand green, for primary actions
                    ///
                    /// @color-green
                    public static let colorGreen: Color = Color(red: 0.184, green: 0.42, blue: 0.227, alpha: 1)
            """))
        #expect(source.contains("""
                    /// @space-large
                    public static let spaceLarge: Double = 24
            """))
    }

    /// A description's line breaks stay inside the comment.
    @Test func aDescriptionOfSeveralLinesStaysAComment() throws {
        let table = RuleTable(variables: ["ink": .color(Color(red: 0, green: 0, blue: 0, alpha: 1))], rules: [])
        let source = try SwiftTokens(typeName: "S", sourceName: "x.less", descriptions: ["ink": "Body text.\r\nNever on dark backgrounds.  "])
            .source(for: table)
        #expect(source.contains("        /// Body text.\n        /// Never on dark backgrounds.\n        ///\n        /// @ink\n"))
    }

    /// A `light-dark()` color is a dynamic color, whose `uiColor` follows the trait collection.
    @Test func aLightDarkColorIsADynamicColor() throws {
        let white = Color(red: 1, green: 1, blue: 1, alpha: 1), ink = Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1)
        let table = RuleTable(variables: ["surface": .lightDark(light: white, dark: ink)], rules: [])
        let source = try SwiftTokens(typeName: "S", sourceName: "x.less").source(for: table)
        #expect(source.contains("        /// @surface (light-dark)\n        public static let surface: DynamicColor = "
                                + "DynamicColor(light: Color(red: 1, green: 1, blue: 1, alpha: 1), dark: Color(red: 0.1, green: 0.1, blue: 0.1, alpha: 1))\n"))
        #expect(source.contains("return UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light }"))
    }

    @Test func twoNamesThatBecomeOneIdentifierAreRefused() {
        let table = RuleTable(variables: ["ink-dark": .number(1, unit: nil), "inkDark": .number(2, unit: nil)], rules: [])
        #expect(throws: SwiftTokens.Collision.self) {
            try SwiftTokens(typeName: "S", sourceName: "x.less").source(for: table)
        }
    }

    /// The classes and traits named in any step of a selector with context
    /// get their constants, as the subject's do.
    @Test func everyStepOfASelectorWithContextIsListed() throws {
        let result = Compiler.compile(source: SourceFile(path: "main.less", text: """
            MyApp.ProfileHeader UIStackView UIButton { title-color: green; }
            UITableViewCell > UILabel { text-color: gray; }
            MyApp.SettingsViewController UILabel { font: font(footnote); }
            card > header UILabel { alpha: 0.5; }
            """))
        let table = try #require(result.ruleTable, "\(result.diagnostics.map(\.message))")
        let source = try SwiftTokens(typeName: "T", sourceName: "main.less").source(for: table)
        for constant in ["myAppProfileHeader", "uiTableViewCell", "myAppSettingsViewController", "card", "header", "uiStackView"] {
            #expect(source.contains("public static let \(constant): String"), "\(constant)")
        }
    }
}
