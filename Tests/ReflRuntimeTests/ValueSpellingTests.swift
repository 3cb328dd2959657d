import Testing
@testable import ReflRuntime

/// The forms `StyleValue.stylesheetSpelling` chooses: each value in the
/// form of its function a person would write. That the compiler reads each
/// back as the same value is checked in ReflEvalTests (`SpellingRoundTripTests`).
struct ValueSpellingTests {
    private static func spelling(_ value: StyleValue) -> String { value.stylesheetSpelling }

    @Test func numbersKeepTheirUnitAndNoFloatNoise() {
        #expect(Self.spelling(.number(8, unit: .px)) == "8px")
        #expect(Self.spelling(.number(-3.5, unit: .pt)) == "-3.5pt")
        #expect(Self.spelling(.number(0.1 + 0.2, unit: nil)) == "0.30000000000000004")
        #expect(Self.spelling(.number(0.0000001, unit: nil)) == "0.0000001")
        #expect(Self.spelling(.percent(50)) == "50%")
        #expect(Self.spelling(.duration(seconds: 0.15)) == "0.15s")
    }

    /// Degrees or radians, whichever is the shorter text that gives exactly the radians stored.
    @Test func anglesAreInTheShorterOfDegreesAndRadians() {
        #expect(Self.spelling(.angle(radians: 90 * Double.pi / 180)) == "90deg")
        #expect(Self.spelling(.angle(radians: -22.5 * Double.pi / 180)) == "-22.5deg")
        #expect(Self.spelling(.angle(radians: 0)) == "0deg")
        #expect(Self.spelling(.angle(radians: 2)) == "2rad")
    }

    @Test func colorsAreHexOrRGBWithTheirAlpha() {
        #expect(Self.spelling(.color(Color(red: 1, green: 0.50196, blue: 0))) == "#ff8000")
        #expect(Self.spelling(.color(Color(red: 1, green: 0.50196, blue: 0, alpha: 0.5))) == "rgba(255, 128, 0, 0.5)")
        // An alpha of a whole byte but many decimals (`#ff800080`) in hex.
        #expect(Self.spelling(.color(Color(red: 1, green: 0.50196, blue: 0, alpha: 0.50196))) == "#ff800080")
        // A channel no whole number of 255 gives (a computed color), with the decimals it needs.
        #expect(Self.spelling(.color(Color(red: 0.5, green: 0, blue: 1))) == "rgb(127.5, 0, 255)")
        #expect(Self.spelling(.lightDark(light: Color(red: 1, green: 1, blue: 1), dark: Color(red: 0, green: 0, blue: 0)))
                == "light-dark(#ffffff, #000000)")
        #expect(Self.spelling(.assetColor("Brand")) == "asset-color('Brand')")
    }

    @Test func stringsAndWords() {
        #expect(Self.spelling(.string("it's")) == #"'it\'s'"#)
        #expect(Self.spelling(.bool(true)) == "true")
        #expect(Self.spelling(.identifier("plain")) == "plain")
        #expect(Self.spelling(.localizedString(key: "greeting")) == "locale('greeting')")
    }

    @Test func fontsInTheShortestForm() {
        let body = Font(name: "system", size: .points(17, unit: .pt), isSystem: true, textStyle: .body)
        #expect(Self.spelling(.font(body)) == "font(body)")
        var heavy = body
        heavy.weight = .semibold
        #expect(Self.spelling(.font(heavy)) == "font(body, semibold)")
        heavy.size = .points(20, unit: .pt)
        #expect(Self.spelling(.font(heavy)) == "font('system', 20pt, body, semibold)")
        #expect(Self.spelling(.font(Font(name: "Avenir", size: .points(17, unit: .pt), isSystem: false))) == "font('Avenir', 17pt)")
        #expect(Self.spelling(.font(Font(name: "Avenir", size: .percent(50), isSystem: false))) == "font('Avenir', 50%)")
    }

    @Test func geometryIsInPoints() {
        #expect(Self.spelling(.edgeInsets(top: 2, left: 1, bottom: 4, right: 3)) == "edge-insets(1pt, 2pt, 3pt, 4pt)")
        #expect(Self.spelling(.edgeInsets(top: 8, left: 16, bottom: 8, right: 16)) == "edge-insets(8pt, 16pt)")
        #expect(Self.spelling(.edgeInsets(top: 4, left: 4, bottom: 4, right: 4)) == "edge-insets(4pt)")
        #expect(Self.spelling(.rect(x: 0, y: 0, width: 100, height: 44.5)) == "rect(0, 0, 100pt, 44.5pt)")
        #expect(Self.spelling(.point(x: -2, y: 3)) == "point(-2pt, 3pt)")
        #expect(Self.spelling(.size(width: 10, height: 20)) == "size(10pt, 20pt)")
        #expect(Self.spelling(.transform(.scale(x: 2, y: 0.5))) == "transform-scale(2, 0.5)")
        #expect(Self.spelling(.transform(.rotate(radians: Double.pi / 2))) == "transform-rotate(90deg)")
        #expect(Self.spelling(.transform(.translate(x: 4, y: 0))) == "transform-translate(4pt, 0)")
    }

    @Test func gradientsLeaveOutWhatIsCSSsDefault() {
        let colors = [Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0)]
        #expect(Self.spelling(.gradient(Gradient(colors: colors))) == "linear-gradient(#ffffff, #000000)")
        #expect(Self.spelling(.gradient(Gradient(colors: colors, direction: .angle(90 * Double.pi / 180), locations: [0, 0.8])))
                == "linear-gradient(to right, #ffffff 0%, #000000 80%)")
        #expect(Self.spelling(.gradient(Gradient(colors: colors, direction: .angle(45 * Double.pi / 180))))
                == "linear-gradient(45deg, #ffffff, #000000)")
        #expect(Self.spelling(.gradient(Gradient(colors: colors, direction: .corner(toRight: true, toBottom: false))))
                == "linear-gradient(to top right, #ffffff, #000000)")
    }

    @Test func imagesShadowsBordersAndTextAttributes() {
        let black = Color(red: 0, green: 0, blue: 0, alpha: 0.2)
        #expect(Self.spelling(.shadow(Shadow(offsetX: 0, offsetY: 2, blur: 8, color: .color(black)))) == "shadow(0, 2pt, 8pt, rgba(0, 0, 0, 0.2))")
        #expect(Self.spelling(.shadow(Shadow(offsetX: 1, offsetY: 1, blur: 0, color: .assetColor("Ink")))) == "shadow(1pt, 1pt, asset-color('Ink'))")
        #expect(Self.spelling(.border(Border(width: 0.5, color: .color(Color(red: 1, green: 0, blue: 0))))) == "border(0.5pt, #ff0000)")
        #expect(Self.spelling(.image(.named("bubble", capInsets: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), rendering: .template)))
                == "image('bubble', edge-insets(12pt, 16pt), template)")
        #expect(Self.spelling(.image(.fill(.color(Color(red: 1, green: 0, blue: 0))))) == "image(#ff0000)")
        #expect(Self.spelling(.image(.symbol(Symbol(name: "heart.fill", pointSize: 17, weight: .semibold, scale: .large))))
                == "symbol('heart.fill', 17pt, semibold, large)")
        let attributes = TextAttributes([
            TextAttribute(.font, .font(Font(name: "system", size: .points(17, unit: .pt), isSystem: true, textStyle: .body))),
            TextAttribute(.letterSpacing, .number(0.2, unit: .pt)), TextAttribute(.lineHeightMultiple, .number(1.3, unit: nil)),
            TextAttribute(.underline, .enumCase(EnumCase(enumName: "NSUnderlineStyle", caseName: "double", rawValue: 9))),
        ])
        #expect(Self.spelling(.textAttributes(attributes))
                == "text-attributes(font: font(body), letter-spacing: 0.2pt, line-height: 1.3, underline: double)")
        let fixed = TextAttributes([TextAttribute(.minimumLineHeight, .number(20, unit: .pt)), TextAttribute(.maximumLineHeight, .number(20, unit: .pt))])
        #expect(Self.spelling(.textAttributes(fixed)) == "text-attributes(line-height: 20pt)")
    }

    /// The UIKit schema's words for cases and options; the kebab-case of the
    /// Swift name for an enumeration it does not know.
    @Test func enumerationsAreWrittenInTheSchemasWords() {
        #expect(Self.spelling(.enumCase(EnumCase(enumName: "UIViewContentMode", caseName: "scaleAspectFill", rawValue: 2)))
                == "mode-scale-aspect-fill")
        #expect(Self.spelling(.enumCase(EnumCase(enumName: "UIStackViewDistribution", caseName: "fillEqually", rawValue: 1)))
                == "fill-equally")
        #expect(Self.spelling(.enumCase(EnumCase(enumName: "MyAppDensity", caseName: "extraCompact", rawValue: 0))) == "extra-compact")
        let mask = OptionSetValue(setName: "UIViewAutoresizing", options: ["flexibleWidth", "flexibleHeight"], rawValue: 18)
        #expect(Self.spelling(.optionSet(mask)) == "flexible-width, flexible-height")
        #expect(Self.spelling(.optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: [], rawValue: 0))) == "none")
        let all = OptionSetValue(setName: "NSDirectionalRectEdge", options: ["top", "leading", "bottom", "trailing", "all"], rawValue: 15)
        #expect(Self.spelling(.optionSet(all)) == "all")
    }

    /// Calls and vectors list their arguments; options of several words,
    /// which no argument holds, stand in parentheses the parser rejects.
    @Test func callsAndVectors() {
        #expect(Self.spelling(.call(name: "constraint", arguments: [.number(8, unit: .px), .identifier("top")])) == "constraint(8px, top)")
        #expect(Self.spelling(.vector([])) == "vector()")
        let mask = OptionSetValue(setName: "UIViewAutoresizing", options: ["flexibleWidth", "flexibleHeight"], rawValue: 18)
        #expect(Self.spelling(.vector([.optionSet(mask), .string("a")])) == "vector((flexible-width, flexible-height), 'a')")
    }
}
