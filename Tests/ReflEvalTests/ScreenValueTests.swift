import Testing
import GoldenFiles
@testable import ReflRuntime
@testable import ReflEval

/// Shadows, borders, gradients, images, symbols and text attributes: what
/// each form builds to, how the shorthands cascade, and what a view is given.
struct ScreenValueTests {
    static func table(_ source: String) throws -> RuleTable {
        let result = Compiler.compile(source: .init(path: "main.less", text: source))
        var renderer = DiagnosticRenderer()
        let rendered = renderer.render(result.diagnostics)
        return try #require(result.ruleTable, "\(rendered)")
    }

    static func variable(_ text: String) throws -> StyleValue? {
        try table("@v: \(text);").variables["v"]
    }

    static func color(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    // MARK: - Values

    @Test func shadowsAndBordersHoldTheirParts() throws {
        #expect(try Self.variable("shadow(0, 2px, 4px, rgba(0, 0, 0, 0.25))")
                == .shadow(Shadow(offsetX: 0, offsetY: 2, blur: 4, color: .color(Self.color(0, 0, 0, 0.25)))))
        #expect(try Self.variable("shadow(1, -1, black)") == .shadow(Shadow(offsetX: 1, offsetY: -1, blur: 0, color: .color(Self.color(0, 0, 0)))))
        #expect(try Self.variable("border(0.5pt, light-dark(#ffffff, #000000))")
                == .border(Border(width: 0.5, color: .lightDark(light: Self.color(1, 1, 1), dark: Self.color(0, 0, 0)))))
        #expect(try Self.variable("border(1pt, asset-color('Separator'))") == .border(Border(width: 1, color: .assetColor("Separator"))))
    }

    /// CSS's rules: missing positions spread between their neighbours, the
    /// ends at 0% and 100%, a position before an earlier one moved up to it.
    @Test func gradientStopsAndDirections() throws {
        let red = Self.color(1, 0, 0), blue = Self.color(0, 0, 1), green = Self.color(0, 0.50196, 0)
        #expect(try Self.variable("linear-gradient(red, blue)") == .gradient(Gradient(colors: [red, blue])))
        #expect(try Self.variable("linear-gradient(90deg, red, blue 80%)")
                == .gradient(Gradient(colors: [red, blue], direction: .angle(Double.pi / 2), locations: [0, 0.8])))
        #expect(try Self.variable("linear-gradient(to left, red 30%, green, blue)")
                == .gradient(Gradient(colors: [red, green, blue], direction: .angle(3 * Double.pi / 2), locations: [0.3, 0.65, 1])))
        #expect(try Self.variable("linear-gradient(to bottom left, red, green 60%, blue 40%)")
                == .gradient(Gradient(colors: [red, green, blue], direction: .corner(toRight: false, toBottom: true), locations: [0, 0.6, 0.6])))
        #expect(GradientFunction.locations([nil, nil, 0.5, nil, nil, nil]) == [0, 0.25, 0.5, 0.66667, 0.83333, 1])
        #expect(GradientFunction.locations([nil, nil]) == nil)
    }

    /// Where the gradient line runs in a layer's unit square, as CSS draws it.
    @Test func gradientEndpointsFollowCSS() {
        func ends(_ direction: Gradient.Direction, _ width: Double, _ height: Double) -> [Double] {
            let points = Gradient(colors: [], direction: direction).unitEndpoints(width: width, height: height)
            return [points.start.x, points.start.y, points.end.x, points.end.y].map { ($0 * 10_000).rounded() / 10_000 }
        }
        #expect(ends(.toBottom, 100, 50) == [0.5, 0, 0.5, 1])
        #expect(ends(.angle(Double.pi / 2), 100, 50) == [0, 0.5, 1, 0.5])           // to right
        #expect(ends(.angle(0), 100, 50) == [0.5, 1, 0.5, 0])                         // to top
        #expect(ends(.angle(Double.pi / 4), 100, 100) == [0, 1, 1, 0])               // 45deg in a square: corner to corner
        // 45deg in a 200×100 box: the line is |200·sin| + |100·cos| = 212.13 long, at 45 degrees in the box's space.
        #expect(ends(.angle(Double.pi / 4), 200, 100) == [0.125, 1.25, 0.875, -0.25])
        #expect(ends(.corner(toRight: true, toBottom: false), 200, 100) == [0, 1, 1, 0])
    }

    @Test func imagesAndSymbols() throws {
        #expect(try Self.variable("image('bubble', edge-insets(12pt, 16pt), template)")
                == .image(.named("bubble", capInsets: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), rendering: .template)))
        #expect(try Self.variable("image('icon', original)") == .image(.named("icon", rendering: .original)))
        #expect(try Self.variable("image('plain')") == .image(.named("plain")))
        #expect(try Self.variable("image(red)") == .image(.fill(.color(Self.color(1, 0, 0)))))
        #expect(try Self.variable("symbol('heart.fill', 17pt, semibold, large)")
                == .image(.symbol(Symbol(name: "heart.fill", pointSize: 17, weight: .semibold, scale: .large))))
        #expect(try Self.variable("symbol('star')") == .image(.symbol(Symbol(name: "star"))))
    }

    @Test func textAttributesTakeTheirArgumentsByName() throws {
        let value = try Self.variable("text-attributes(color: red, line-height: 20pt, alignment: center, underline: thick, letter-spacing: -0.2pt)")
        #expect(value == .textAttributes(TextAttributes([
            TextAttribute(.color, .color(Self.color(1, 0, 0))),
            TextAttribute(.letterSpacing, .number(-0.2, unit: .pt)),
            TextAttribute(.minimumLineHeight, .number(20, unit: .pt)), TextAttribute(.maximumLineHeight, .number(20, unit: .pt)),
            TextAttribute(.alignment, .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: "center", rawValue: 1))),
            TextAttribute(.underline, .enumCase(EnumCase(enumName: "NSUnderlineStyle", caseName: "thick", rawValue: 2))),
        ])))
        #expect(try Self.variable("text-attributes(line-height: 1.4)") == .textAttributes(TextAttributes([
            TextAttribute(.lineHeightMultiple, .number(1.4, unit: nil)),
        ])))
    }

    // MARK: - Shorthands

    @Test func shorthandsExpandAndCascadeKeyByKey() throws {
        let stylesheet = Stylesheet(table: try Self.table("""
            UIView { shadow: shadow(0, 2px, 8px, rgba(0, 0, 0, 0.5)); shadow-color: blue; border: border(1pt, red); }
            UIView:selected { shadow-radius: 1; border-color: green; }
            UIView:flat { shadow-opacity: 0.1; shadow: shadow(0, 0, 0, black); }
            """))
        let plain = stylesheet.resolve(StyleQuery(className: "UIView")).properties
        #expect(plain["shadowOffset"] == .size(width: 0, height: 2))
        #expect(plain["shadowRadius"] == .number(4, unit: nil))              // half the blur
        #expect(plain["shadowColor"] == .color(Self.color(0, 0, 1)))        // the later longhand wins
        #expect(plain["shadowOpacity"] == .number(0.5, unit: nil))          // the color's alpha
        #expect(plain["borderWidth"] == .number(1, unit: nil))
        #expect(plain["borderColor"] == .color(Self.color(1, 0, 0)))
        let selected = stylesheet.resolve(StyleQuery(className: "UIView", traits: ["selected"])).properties
        #expect(selected["shadowRadius"] == .number(1, unit: nil))
        #expect(selected["shadowOffset"] == .size(width: 0, height: 2))     // the rest of the shadow stays
        #expect(selected["borderColor"] == .color(Self.color(0, 0.50196, 0)))
        // A shorthand after a longhand sets every part again.
        let flat = stylesheet.resolve(StyleQuery(className: "UIView", traits: ["flat"])).properties
        #expect(flat["shadowOpacity"] == .number(1, unit: nil))
    }

    @Test func aLabelsOwnShadowIsItsTextsAndTheLayerIsReachedByPath() throws {
        let result = Compiler.compile(source: .init(path: "main.less", text: """
            UILabel { shadow: shadow(0, 1px, 2px, rgba(0, 0, 0, 0.5)); layer--shadow: shadow(0, 3px, 6px, black); }
            """))
        #expect(result.diagnostics.map(\.id) == [DiagnosticCode.shorthand.rawValue])    // the text's shadow has no blur
        let properties = try #require(result.ruleTable).rules[0].properties
        #expect(Dictionary(uniqueKeysWithValues: properties.map { ($0.name, $0.value) }) == [
            "shadowOffset": .size(width: 0, height: 1),
            "shadowColor": .color(Self.color(0, 0, 0, 0.5)),                 // UILabel's: the alpha stays
            "layer.shadowOffset": .size(width: 0, height: 3),
            "layer.shadowRadius": .number(3, unit: nil),
            "layer.shadowColor": .color(Self.color(0, 0, 0)),
            "layer.shadowOpacity": .number(1, unit: nil),
        ])
    }

    // MARK: - Resolution and the applier

    /// A light-dark color inside a shadow, a border or text attributes
    /// resolves with the appearance, as a color does.
    @Test func colorsInsideResolveByAppearance() throws {
        let stylesheet = Stylesheet(table: try Self.table("""
            @ink: light-dark(#000000, #ffffff);
            MyApp.Card { card-shadow: shadow(0, 1, 2, @ink); title-attributes: text-attributes(color: @ink); }
            """))
        let dark = stylesheet.resolve(StyleQuery(className: "MyApp.Card", environment: StyleEnvironment(appearance: .dark))).properties
        #expect(dark["cardShadow"] == .shadow(Shadow(offsetX: 0, offsetY: 1, blur: 2, color: .color(Self.color(1, 1, 1)))))
        #expect(dark["titleAttributes"] == .textAttributes(TextAttributes([TextAttribute(.color, .color(Self.color(1, 1, 1)))])))
        let light = stylesheet.resolve(StyleQuery(className: "MyApp.Card")).properties
        #expect(light["titleAttributes"] == .textAttributes(TextAttributes([TextAttribute(.color, .color(Self.color(0, 0, 0)))])))
    }

    /// The applier writes each part of a shorthand as its own property, per
    /// appearance, and a reload that drops the shadow puts the parts back.
    @Test func theApplierWritesTheParts() throws {
        let card = ApplierTests.FakeView(["MyApp.CardView", "UIView"])
        let button = ApplierTests.FakeView(["UIButton", "UIControl", "UIView"])
        let manager = StyleManager(stylesheet: try Stylesheet(source: """
            MyApp.CardView { shadow: shadow(0, 2px, 8px, light-dark(rgba(0, 0, 0, 0.2), rgba(0, 0, 0, 0.6))); border: border(1pt, gray); }
            UIButton { image: symbol('heart', 17pt); title-text-attributes[selected]: text-attributes(underline: single); }
            """))
        manager.register(card)
        manager.register(button)
        #expect(card["shadowRadius"] == .number(4, unit: nil))
        // The sides differ in alpha: each color keeps its own, at opacity 1.
        #expect(card["shadowOpacity"] == .number(1, unit: nil))
        #expect(card["shadowColor"] == .color(Self.color(0, 0, 0, 0.2)))
        #expect(card["borderWidth"] == .number(1, unit: nil))
        #expect(button["image"] == .image(.symbol(Symbol(name: "heart", pointSize: 17))))
        #expect(button.perState[.selected]?["titleTextAttributes"] == .textAttributes(TextAttributes([
            TextAttribute(.underline, .enumCase(EnumCase(enumName: "NSUnderlineStyle", caseName: "single", rawValue: 1))),
        ])))
        manager.applier.apply(to: card, in: StyleEnvironment(appearance: .dark))
        #expect(card["shadowColor"] == .color(Self.color(0, 0, 0, 0.6)))
        manager.replaceStylesheet(try Stylesheet(source: "MyApp.CardView { border: border(2pt, gray); }"))
        #expect(card["shadowRadius"] == nil && card["shadowOpacity"] == nil)
        #expect(card["borderWidth"] == .number(2, unit: nil))
    }

    // MARK: - Tokens

    /// A shadow, a border and a gradient of a token file are typed values,
    /// and export back to the same token types.
    @Test func shadowBorderAndGradientTokensAreTyped() throws {
        let table = try #require(try Golden.inPackageRoot { try Compiler.compile(entryPath: "Fixtures/compile/design-tokens/main.less") }.ruleTable)
        #expect(table.variables["elevation-card"]
                == .shadow(Shadow(offsetX: 0, offsetY: 2, blur: 8, color: .color(Self.color(0, 0, 0, 0.2)))))
        guard case .border(let border)? = table.variables["outline-hairline"], case .gradient(let gradient)? = table.variables["fill-header"] else {
            Issue.record("not typed: \(String(describing: table.variables["outline-hairline"])), \(String(describing: table.variables["fill-header"]))")
            return
        }
        #expect(border.width == 0.5)
        #expect(gradient.locations == [0, 0.8])
        let export = String(decoding: DesignTokenExport.document(variables: table.variables, descriptions: [:]).bytes, as: UTF8.self)
        #expect(export.contains("\"elevation-card\": { \"$type\": \"shadow\""))
        #expect(export.contains("\"outline-hairline\": { \"$type\": \"border\""))
        #expect(export.contains("\"position\": 0.8"))
    }
}
