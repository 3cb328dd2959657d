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
        #expect(throws: SwiftTokens.Collisions.self) {
            try SwiftTokens(typeName: "S", sourceName: "x.less").source(for: table)
        }
    }

    /// Every identifier that several names become is reported in one pass,
    /// each name at its position when there is one: a variable's as given,
    /// a trait's or class's at the first rule naming it.
    @Test func everyCollisionIsReportedWithItsPositions() throws {
        func rule(_ className: String?, _ trait: String?, line: Int) -> CompiledRule {
            CompiledRule(selector: RuleSelector(raw: "x", className: className, trait: trait, hasWhere: false), priority: 50,
                         appliesToSubclasses: false, condition: nil, source: SourcePosition(file: "main.less", line: line, column: 1),
                         properties: [])
        }
        let table = RuleTable(variables: ["a-b": .number(1, unit: nil), "aB": .number(2, unit: nil), "a_b": .number(3, unit: nil),
                                          "ink-dark": .number(4, unit: nil), "inkDark": .number(5, unit: nil), "solo": .number(6, unit: nil)],
                              rules: [rule("UIView", nil, line: 7), rule("UiView", "my-trait", line: 8), rule("UIView", "myTrait", line: 9),
                                      rule(nil, "my-trait", line: 10)])
        let tokens = SwiftTokens(typeName: "S", sourceName: "main.less",
                                 variablePositions: ["a-b": SourcePosition(file: "main.less", line: 1, column: 1),
                                                     "aB": SourcePosition(file: "theme.less", line: 2, column: 3)])
        do {
            _ = try tokens.source(for: table)
            Issue.record("no collision reported")
        } catch {
            #expect(error.messages == [
                "class UIView (main.less:7:1) and class UiView (main.less:8:1) both become 'Classes.uiView' in Swift; rename one of them",
                "@a-b (main.less:1:1), @aB (theme.less:2:3) and @a_b all become 'Numbers.aB' in Swift; rename all but one",
                "@ink-dark and @inkDark both become 'Numbers.inkDark' in Swift; rename one of them",
                "trait my-trait (main.less:8:1) and trait myTrait (main.less:9:1) both become 'Traits.myTrait' in Swift; rename one of them",
            ])
        }
    }

    /// A name with no letter or digit is spelled by its code points, so it
    /// is an identifier, and two such names stay apart.
    @Test func aNameWithoutLettersIsSpelledByItsCodePoints() throws {
        #expect(SwiftTokens.identifier("_") == "_u5F")
        #expect(SwiftTokens.identifier("😀") == "_u1F600")
        #expect(SwiftTokens.identifier("€") == "_u20AC")
        #expect(SwiftTokens.identifier("-") == "_u2D")
        #expect(SwiftTokens.identifier("--") == "_u2D_u2D")
        #expect(SwiftTokens.identifier("") == "_empty")
        // The rules for other names are as they were.
        #expect(SwiftTokens.identifier("2x") == "_2x")
        #expect(SwiftTokens.identifier("a😀b") == "aB")
        #expect(SwiftTokens.identifier("default") == "`default`")
        #expect(SwiftTokens.identifier("UIButton") == "uiButton")
        let table = RuleTable(variables: ["-": .number(1, unit: nil), "€": .number(2, unit: nil)], rules: [])
        let source = try SwiftTokens(typeName: "S", sourceName: "x.less").source(for: table)
        #expect(source.contains("        /// @-\n        public static let _u2D: Double = 1\n"))
        #expect(source.contains("        /// @€\n        public static let _u20AC: Double = 2\n"))
    }

    /// The default type name is a Swift type name for any file name.
    @Test func theTypeNameOfAFileIsAlwaysUsable() {
        let names = ["UIKit-overrides.less": "UIKitOverridesStyles", "a-b.less": "ABStyles", "AB.less": "ABStyles", "a.b.less": "ABStyles",
                     "a b.less": "ABStyles", "Styles/main.less": "MainStyles", "design-system.less": "DesignSystemStyles",
                     "2024.less": "Stylesheet2024Styles", "-.less": "StylesheetStyles", "😀.less": "StylesheetStyles", "é-x.less": "ÉXStyles",
                     "stdin": "StdinStyles"]
        for (file, expected) in names {
            #expect(SwiftTokens.typeName(forFile: file) == expected, "\(file)")
            #expect(SwiftTokens.typeNameProblem(SwiftTokens.typeName(forFile: file)) == nil, "\(file)")
        }
    }

    /// Any Swift identifier names the enum, but a keyword or a type the
    /// generated file uses (which it would hide, there and in the rest of
    /// its module).
    @Test func aTypeNameIsAnIdentifierThatHidesNothingTheFileUses() {
        for name in ["MainStyles", "URLStyles", "IOSStyles", "Self_", "_Styles", "Tokens2", "Swift", "Float", "CGFloat", "Color", "ÉStyles"] {
            #expect(SwiftTokens.typeNameProblem(name) == nil, "\(name)")
        }
        let notIdentifiers = ["", "1A", "a-b", "a b", "a.b", "`A`", "€Styles", "A😀"]
        for name in notIdentifiers {
            #expect(SwiftTokens.typeNameProblem(name) == "it is not a Swift identifier (letters, digits and _, not starting with a digit)",
                    "\(name)")
        }
        for name in ["Any", "Self", "Type", "class", "_", "any", "some", "each"] {
            #expect(SwiftTokens.typeNameProblem(name) == "it is a Swift keyword", "\(name)")
        }
        for (name, module) in [("String", "Swift"), ("Double", "Swift"), ("Int", "Swift"), ("Bool", "Swift"), ("Hashable", "Swift"),
                               ("Sendable", "Swift"), ("UIColor", "UIKit"), ("UIFont", "UIKit"), ("CGSize", "CoreGraphics")] {
            #expect(SwiftTokens.typeNameProblem(name) == "it would hide \(module)'s \(name), which the generated file uses")
        }
    }

    /// Every UIKit, Foundation and Core Graphics type the generated file
    /// names (from a stylesheet with a value of each kind) is one a type
    /// name may not hide: the refused names follow the output.
    @Test func everyPlatformTypeTheFileUsesIsRefusedAsATypeName() throws {
        let source = """
            @c: #fff; @f: font(body); @fs: font('Helvetica', 12pt); @i: edge-insets(1, 2, 3, 4); @s: size(1, 2);
            @p: point(1, 2); @r: rect(1, 2, 3, 4); @sh: shadow(0, 1px, 2px, black); @ld: light-dark(#000, #fff);
            @ta: text-attributes(font: font(body), color: red, alignment: center, shadow: shadow(0, 1px, 2px, black));
            """
        let table = try #require(Compiler.compile(source: SourceFile(path: "kinds.less", text: source)).ruleTable)
        let swift = try SwiftTokens(typeName: "S", sourceName: "kinds.less").source(for: table)
        var used: Set<String> = []
        var word = ""
        for character in swift + " " {
            if character.isLetter || character.isNumber || character == "_" { word.append(character); continue }
            if ["UI", "NS", "CG"].contains(word.prefix(2)), word.dropFirst(2).first?.isUppercase == true, word != "UIKit" { used.insert(word) }
            word = ""
        }
        #expect(used.count >= 11, "\(used.sorted())")
        for name in used { #expect(SwiftTokens.typeNameProblem(name) != nil, "\(name)") }
    }

    /// Control characters of a description, or of a name from a rule table,
    /// are written as their codes: the comment stays one comment, with no
    /// NUL for swiftc to warn of.
    @Test func controlCharactersInCommentsAreWrittenAsCodes() throws {
        let table = RuleTable(variables: ["ink": .number(1, unit: nil), "a\nb": .number(2, unit: nil)], rules: [])
        let source = try SwiftTokens(typeName: "S", sourceName: "x\u{0}.less", descriptions: ["ink": "Ink\u{0}here\u{7}\tand\u{1B}[31m\u{85}next\u{9F}"])
            .source(for: table)
        #expect(source.contains("        /// Ink\\u{0}here\\u{7}\tand\\u{1B}[31m\n        /// next\\u{9F}\n        ///\n        /// @ink\n"))
        #expect(source.contains("        /// @a\\u{A}b\n        public static let aB: Double = 2\n"))
        #expect(source.contains("/// The tokens of x\\u{0}.less.\n"))
        #expect(!source.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
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
