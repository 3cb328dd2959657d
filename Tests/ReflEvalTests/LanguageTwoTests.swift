import Foundation
import Testing
import GoldenFiles
import ReflLexer
@testable import ReflEval

/// Version 2 of the language, resolved: the new condition terms with `or`,
/// `not` and parentheses, Dynamic Type fonts, control states, and reading
/// version 1 tables. Every answer comes from the source and from its JSON
/// table (`ResolverTests.resolve` checks that they agree).
struct LanguageTwoTests {
    static func environment(appearance: Appearance = .unspecified, contentSize: ContentSizeCategory = .unspecified,
                            direction: LayoutDirection = .unspecified, contrast: Contrast = .unspecified,
                            flags: Set<AccessibilityFlag> = [], width: Double = 0, height: Double = 0,
                            idiom: Idiom = .unspecified, external: [String: Bool] = [:]) -> StyleEnvironment {
        StyleEnvironment(idiom: idiom, screenSize: ViewSize(width: width, height: height),
                         externalConditions: external.mapValues { .value($0) }, appearance: appearance,
                         contentSizeCategory: contentSize, layoutDirection: direction, contrast: contrast,
                         accessibilityFlags: flags)
    }

    // MARK: - Conditions

    @Test(arguments: [
        ("appearance = dark", environment(appearance: .dark), true),
        ("appearance = dark", environment(appearance: .light), false),
        ("appearance = dark", environment(), false),
        ("appearance != light", environment(), true),
        ("appearance = unspecified", environment(), true),
        ("content-size >= accessibility-medium", environment(contentSize: .accessibilityMedium), true),
        ("content-size >= accessibility-medium", environment(contentSize: .accessibilityExtraExtraExtraLarge), true),
        ("content-size >= accessibility-medium", environment(contentSize: .extraExtraExtraLarge), false),
        ("content-size >= accessibility-medium", environment(), false),
        ("content-size < large", environment(contentSize: .extraSmall), true),
        ("content-size < large", environment(contentSize: .large), false),
        ("content-size < large", environment(), false),
        ("content-size <= large", environment(contentSize: .large), true),
        ("content-size > extra-large", environment(contentSize: .extraExtraLarge), true),
        ("content-size = medium", environment(contentSize: .medium), true),
        ("content-size != medium", environment(), true),
        ("content-size = unspecified", environment(), true),
        ("content-size = unspecified", environment(contentSize: .small), false),
        ("layout-direction = rtl", environment(direction: .rtl), true),
        ("layout-direction = rtl", environment(direction: .ltr), false),
        ("orientation = landscape", environment(width: 844, height: 390), true),
        ("orientation = landscape", environment(width: 390, height: 844), false),
        ("orientation = portrait", environment(), true),
        ("orientation = portrait", environment(width: 500, height: 500), true),
        ("contrast = high", environment(contrast: .high), true),
        ("contrast != high", environment(contrast: .normal), true),
        ("reduce-motion", environment(flags: [.reduceMotion]), true),
        ("reduce-motion", environment(flags: [.boldText]), false),
        ("not reduce-motion", environment(), true),
        ("bold-text and reduce-transparency", environment(flags: [.boldText, .reduceTransparency]), true),
        ("idiom = vision", environment(idiom: .vision), true),
        ("idiom = pad or width >= 768", environment(width: 800), true),
        ("idiom = pad or width >= 768", environment(idiom: .pad), true),
        ("idiom = pad or width >= 768", environment(width: 390, idiom: .phone), false),
        ("(idiom = pad or width >= 768) and not ?compactLayout", environment(idiom: .pad), true),
        ("(idiom = pad or width >= 768) and not ?compactLayout", environment(idiom: .pad, external: ["compactLayout": true]), false),
        // `and` binds tighter than `or`, `not` tighter than `and`.
        ("idiom = pad or idiom = phone and appearance = dark", environment(idiom: .pad), true),
        ("idiom = pad or idiom = phone and appearance = dark", environment(idiom: .phone), false),
        ("(idiom = pad or idiom = phone) and appearance = dark", environment(idiom: .pad), false),
        ("not appearance = dark and reduce-motion", environment(flags: [.reduceMotion]), true),
        ("not (appearance = light and reduce-motion)", environment(appearance: .light, flags: [.reduceMotion]), false),
        ("not not default", environment(), true),
    ])
    func condition(_ condition: String, _ environment: StyleEnvironment, _ holds: Bool) throws {
        let style = try ResolverTests.resolve("UIView:__where { __condition: '\(condition)'; applied: true; }",
                                              StyleQuery(className: "UIView", environment: environment))
        #expect((style["applied"] != nil) == holds)
    }

    @Test func chainsFlattenAcrossParentheses() throws {
        let table = try ResolverTests.stylesheets("a:__where { __condition: 'default and (?b and (?c or ?d or (?e)))'; x: 1; }")[0].table
        #expect(table.rules[0].condition?.test == .all([.test(.always), .test(.external(name: "b")),
                                                        .any([.test(.external(name: "c")), .test(.external(name: "d")),
                                                              .test(.external(name: "e"))])]))
    }

    // MARK: - Dynamic Type fonts

    @Test(arguments: [
        (ContentSizeCategory.unspecified, 16.0),
        (.large, 16), (.extraSmall, 13.18), (.medium, 15.06), (.extraExtraExtraLarge, 21.65),
        (.accessibilityMedium, 26.35), (.accessibilityLarge, 31.06), (.accessibilityExtraExtraExtraLarge, 49.88),
    ])
    func aBodyFontScalesAlongTheBodyCurve(_ category: ContentSizeCategory, _ points: Double) throws {
        let style = try ResolverTests.resolve("UILabel { font: font('Avenir-Book', 16pt, body); }",
                                              StyleQuery(className: "UILabel", environment: Self.environment(contentSize: category)))
        #expect(style.font("font") == Font(name: "Avenir-Book", size: .points(points, unit: .pt), isSystem: false, textStyle: .body))
    }

    @Test func aTextStyleAloneIsTheSystemFontAtItsSize() throws {
        let source = "UILabel { a: font(headline); b: font(caption2, bold); c: font(large-title); d: font('system', 15pt, semibold); }"
        let large = try ResolverTests.resolve(source, StyleQuery(className: "UILabel"))
        #expect(large.font("a") == Font(name: "system", size: .points(17, unit: .pt), isSystem: true, textStyle: .headline))
        #expect(large.font("b") == Font(name: "system", size: .points(11, unit: .pt), isSystem: true, weight: .bold, textStyle: .caption2))
        #expect(large.font("d") == Font(name: "system", size: .points(15, unit: .pt), isSystem: true, weight: .semibold))
        let huge = try ResolverTests.resolve(source, StyleQuery(className: "UILabel",
                                                                environment: Self.environment(contentSize: .accessibilityExtraLarge)))
        #expect(huge.font("a")?.size == .points(40, unit: .pt))
        #expect(huge.font("b")?.size == .points(29, unit: .pt))
        #expect(huge.font("c")?.size == .points(52, unit: .pt))
        #expect(huge.font("d")?.size == .points(15, unit: .pt))  // no text style: a fixed size
    }

    @Test func everyTextStyleMatchesTheTableAtEveryCategory() {
        // Spot checks against Apple's published table, one per row.
        let expected: [(TextStyle, ContentSizeCategory, Double)] = [
            (.largeTitle, .extraSmall, 31), (.title1, .accessibilityExtraExtraExtraLarge, 58), (.title2, .accessibilityMedium, 34),
            (.title3, .extraLarge, 22), (.headline, .accessibilityExtraLarge, 40), (.body, .small, 15), (.callout, .medium, 15),
            (.subheadline, .accessibilityLarge, 30), (.footnote, .extraSmall, 12), (.caption1, .extraExtraLarge, 16),
            (.caption2, .accessibilityExtraExtraLarge, 34),
        ]
        for (style, category, size) in expected {
            #expect(DynamicType.size(of: style, at: category) == size, "\(style) at \(category)")
        }
    }

    // MARK: - Control states

    @Test func eachStateAndKeyCascadesOnItsOwn() throws {
        let source = """
            MyApp.Button { title-color: red; title-color[highlighted]: green; alpha[disabled]: 0.5 !important; }
            MyApp.Button:primary { title-color: blue; title-color[selected, highlighted]: black; alpha[disabled]: 0.3; }
            """
        let style = try ResolverTests.resolve(source, StyleQuery(className: "MyApp.Button", traits: ["primary"]))
        #expect(style.color("titleColor") == NamedColors.color(named: "blue")?.roundedToFiveDecimals())
        // The plain value of a higher-priority rule does not replace a state's.
        #expect(style.color("titleColor", for: .highlighted) == NamedColors.color(named: "green")?.roundedToFiveDecimals())
        #expect(style.color("titleColor", for: [.highlighted, .selected]) == NamedColors.color(named: "black")?.roundedToFiveDecimals())
        #expect(style.number("alpha", for: .disabled) == 0.3)
        #expect(style.importantStateProperties.isEmpty)  // the winning declaration is not important
        #expect(Set(style.stateProperties.keys) == [.highlighted, .disabled, [.highlighted, .selected]])
        let json = String(decoding: style.jsonBytes(), as: UTF8.self)
        #expect(json.hasSuffix(##","states":{"highlighted":{"titleColor":{"type":"color","rgba":[0,0.50196,0,1],"hex":"#008000ff"}},"##
                               + ##""disabled":{"alpha":{"type":"number","value":0.3}},"##
                               + ##""highlighted,selected":{"titleColor":{"type":"color","rgba":[0,0,0,1],"hex":"#000000ff"}}}}"## + "\n"))
    }

    @Test func importantStatePropertiesAreListedWithTheirState() throws {
        let style = try ResolverTests.resolve("UIButton { a: 1 !important; b[highlighted]: 2 !important; c[selected]: 10%; }",
                                              StyleQuery(className: "UIButton"))
        #expect(style.importantProperties == ["a"])
        #expect(style.importantStateProperties == [.highlighted: ["b"], .selected: ["c"]])
        #expect(String(decoding: style.jsonBytes(), as: UTF8.self).contains(#""important":["a","b[highlighted]","c[selected]"]"#))
    }

    @Test func includesCopyStateDeclarations() throws {
        let source = """
            pressable { alpha[highlighted]: 0.6; title-color[disabled]: gray; }
            MyApp.Button:primary { __include: pressable; alpha[highlighted]: 0.8; }
            """
        let rule = try ResolverTests.stylesheets(source)[0].table.rules[1]
        #expect(rule.stateProperties.map(\.state) == [.highlighted, .disabled])
        let style = try ResolverTests.resolve(source, StyleQuery(className: "MyApp.Button", traits: ["primary"]))
        #expect(style.number("alpha", for: .highlighted) == 0.8)  // the rule's own declaration wins
        #expect(style.color("titleColor", for: .disabled) == NamedColors.color(named: "gray")?.roundedToFiveDecimals())
    }

    @Test func normalInBracketsIsThePlainProperty() throws {
        let style = try ResolverTests.resolve("UIButton { a[normal]: 1; }", StyleQuery(className: "UIButton"))
        #expect(style["a"] == .number(1, unit: nil))
        #expect(style.stateProperties.isEmpty)
    }

    @Test func explainCoversStateProperties() throws {
        let source = "UIButton { title-color[highlighted]: red; }\nUIButton:primary { title-color[highlighted]: blue; title-color: green; }"
        let explanations = try ResolverTests.stylesheets(source)[1].explain(StyleQuery(className: "UIButton", traits: ["primary"]))
        #expect(explanations.map(\.displayName) == ["titleColor", "titleColor[highlighted]"])
        #expect(explanations[1].winner.priority == 75)
        #expect(explanations[1].overridden.map(\.selector) == ["UIButton"])
    }

    // MARK: - Version 1 tables

    /// A version 1 table (conditions as a list of terms, no `states`) gives
    /// the answers its source gives today.
    @Test(arguments: ["seed-example", "embedding"])
    func aVersionOneTableResolvesAsItsSource(_ name: String) throws {
        let old = try Data(contentsOf: URL(fileURLWithPath: Golden.packageRoot + "/Fixtures/tables/\(name)-v1.json"))
        let fromOldTable = try Stylesheet(ruleTableJSON: Array(old))
        let fromSource = try #require(try Golden.inPackageRoot { try Compiler.compile(entryPath: "Fixtures/compile/\(name)/main.less") }.ruleTable)
        #expect(fromOldTable.table == fromSource)
        let query = StyleQuery(className: "UIView", traits: ["circularView", "foo", "headline"],
                               environment: StyleEnvironment(idiom: .pad, verticalSizeClass: .regular,
                                                             screenSize: ViewSize(width: 100, height: 300),
                                                             externalConditions: ["darkMode": .value(true)]))
        #expect(fromOldTable.resolve(query) == Stylesheet(table: fromSource).resolve(query))
    }

    /// A version 2 table (the last before `@view` declarations) reads as the
    /// table its source compiles to today.
    @Test func aVersionTwoTableReadsAsItsSource() throws {
        let old = try Data(contentsOf: URL(fileURLWithPath: Golden.packageRoot + "/Fixtures/tables/language-2-v2.json"))
        #expect(old.starts(with: Array("{\n  \"version\": 2,".utf8)))
        let fromOldTable = try Stylesheet(ruleTableJSON: Array(old))
        let fromSource = try #require(try Golden.inPackageRoot { try Compiler.compile(entryPath: "Fixtures/compile/language-2/main.less") }.ruleTable)
        #expect(fromOldTable.table == fromSource)
    }
}
