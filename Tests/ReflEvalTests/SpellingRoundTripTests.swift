import Testing
@testable import ReflEval

/// `StyleValue.stylesheetSpelling` is what a stylesheet writes: compiled
/// again, the spelling of a value is that value, for every kind of value
/// and the forms of each. Values come written by hand, from a deterministic
/// sweep (numbers, angles, colors), and from the compiler itself (the
/// results of expressions and functions, conditions).
struct SpellingRoundTripTests {
    /// Where a spelling is compiled: a variable and an unchecked (trait-only)
    /// rule, which take any value, or a property of an app's class declared
    /// with `type`, whose words are that enumeration's.
    enum Place {
        case anywhere
        case declared(type: String)
    }

    /// The value `source` gives `@spelled` or the last rule's one property,
    /// and its diagnostics.
    static func compile(_ source: String) -> (variable: StyleValue?, property: StyleValue?, diagnostics: [String]) {
        let result = Compiler.compile(source: SourceFile(path: "main.less", text: source), importsRelativeTo: "main.less")
        return (result.variables["spelled"], result.ruleTable?.rules.last?.properties.first?.value,
                result.diagnostics.map { "\($0.id): \($0.message)" })
    }

    /// Compiles `value`'s spelling where `place` says, and expects `value`
    /// back without a diagnostic.
    static func expectRoundTrip(_ value: StyleValue, _ place: Place = .anywhere, sourceLocation: SourceLocation = #_sourceLocation) {
        let spelling = value.stylesheetSpelling
        switch place {
        case .anywhere:
            let inVariable = compile("@spelled: \(spelling);\n")
            #expect(inVariable.diagnostics.isEmpty && inVariable.variable == value,
                    "@spelled: \(spelling); gives \(inVariable.variable.map { "\($0)" } ?? "nothing"), \(inVariable.diagnostics)",
                    sourceLocation: sourceLocation)
            let inRule = compile("mytrait { some-key: \(spelling); }\n")
            #expect(inRule.diagnostics.isEmpty && inRule.property == value,
                    "some-key: \(spelling); gives \(inRule.property.map { "\($0)" } ?? "nothing"), \(inRule.diagnostics)",
                    sourceLocation: sourceLocation)
        case .declared(let type):
            let declared = compile("@view MyApp.Spelled: UIView { spelled-value: \(type); }\nMyApp.Spelled { spelled-value: \(spelling); }\n")
            #expect(declared.diagnostics.isEmpty && declared.property == value,
                    "\(type): \(spelling) gives \(declared.property.map { "\($0)" } ?? "nothing"), \(declared.diagnostics)",
                    sourceLocation: sourceLocation)
        }
    }

    /// The value `expression` compiles to as a variable: a value as the compiler makes it.
    static func compiled(_ expression: String) -> StyleValue {
        let result = compile("@spelled: \(expression);\n")
        precondition(result.diagnostics.isEmpty, "\(expression): \(result.diagnostics)")
        return result.variable!
    }

    /// Numbers in a fixed pseudo-random order (a linear congruential generator), the same at every run.
    struct Sweep {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        /// A whole number in `range`.
        mutating func next(in range: ClosedRange<Int>) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }

        /// A number of 0 to 1 with 5 decimals, as the compiler stores a color's channel.
        mutating func channel() -> Double { Double(next(in: 0...100_000)) / 100_000 }
    }

    static let white = Color(red: 1, green: 1, blue: 1)
    static let ink = Color(red: 0.10980, green: 0.10980, blue: 0.11765)
    static let translucent = Color(red: 0, green: 0, blue: 0, alpha: 0.2)

    // MARK: - Every kind

    /// The test covers every case of `StyleValue`: a new one must get its spelling and its values here.
    @Test func everyKindOfValueIsCovered() {
        let covered = Set(Self.everyValue().map(\.kind))
        #expect(covered == Set(StyleValueKind.allCases), "not covered: \(Set(StyleValueKind.allCases).subtracting(covered))")
    }

    @Test func everyValueReadsBack() {
        for value in Self.everyValue() { Self.expectRoundTrip(value) }
    }

    /// One or more values of every kind, in the forms each kind has.
    static func everyValue() -> [StyleValue] {
        numbers() + strings() + colors() + gradients() + fonts() + geometry() + images() + drawing() + textAttributes() + containers()
    }

    static func numbers() -> [StyleValue] {
        var values: [StyleValue] = []
        let plain: [Double] = [0, 8, -3.5, 0.1 + 0.2, 0.0000001, 1e20, 123456789.123, Double.pi, 1.0 / 3, 0.5, 99999.99999]
        for number in plain {
            values += [.number(number, unit: nil), .number(number, unit: .px), .number(number, unit: .pt), .percent(number)]
            values.append(.duration(seconds: abs(number)))
        }
        // Angles: every 7.5 degrees, some radians, and angles from expressions (rounded in degrees).
        for step in -8...48 { values.append(.angle(radians: StylesheetText.radians(degrees: Double(step) * 7.5))) }
        values += [1, 0.5, -2.25, 3 * Double.pi, 0.001, 1e-7, 12345.678].map { .angle(radians: $0) }
        values += [compiled("10deg / 3"), compiled("1rad + 1deg"), compiled("-45deg * 1.5")]
        values += [compiled("0.75rem"), compiled("150ms"), compiled("(44pt - 4px) / 2"), compiled("percentage(0.123456)"),
                   compiled("round(2.675, 2)"), compiled("10% * 3.3")]
        values += [.bool(true), .bool(false)]
        return values
    }

    static func strings() -> [StyleValue] {
        let texts = ["", "text", "it's", "say \"hi\"", "back\\slash", "line\nbreak", "tab\tstop", "ünïcödé ✓", "a`b", "/* not a comment */"]
        return texts.map(StyleValue.string) + texts.map { .localizedString(key: $0) } + texts.filter { !$0.isEmpty }.map(StyleValue.assetColor)
            + [.identifier("plain"), .identifier("my-word"), .identifier("-apple-like"), .identifier("MyApp.Name")]
    }

    static func colors() -> [StyleValue] {
        var sweep = Sweep(seed: 7)
        var colors = [white, ink, translucent, Color(red: 0, green: 0, blue: 0, alpha: 0), Color(red: 1, green: 0.50196, blue: 0)]
        for _ in 0..<200 {
            let alpha = [1, 0, 0.5, sweep.channel()][sweep.next(in: 0...3)]
            colors.append(Color(red: sweep.channel(), green: sweep.channel(), blue: sweep.channel(), alpha: alpha))
        }
        // Every whole channel, opaque and not.
        for byte in 0...255 {
            colors.append(Color(red: Double(byte) / 255, green: 0, blue: 1 - Double(byte) / 255).roundedToFiveDecimals())
            colors.append(Color(red: 0, green: Double(byte) / 255, blue: 0, alpha: Double(byte) / 255).roundedToFiveDecimals())
        }
        var values = colors.map(StyleValue.color)
        values += ["darken(#3a7bd5, 10%)", "hsl(210, 80%, 50%)", "hsla(33, 7%, 91%, 0.37)", "mix(#ff0000, #0000ff, 33%)", "fade(#3a7bd5, 40%)",
                   "spin(#ff8000, 1rad)", "contrast(#777777)", "tint(#123456, 17%)", "transparent", "lightblue", "#abc", "#abcd", "#12345678"]
            .map(compiled)
        values += [.lightDark(light: white, dark: ink), .lightDark(light: translucent, dark: colors[7]), compiled("darken(light-dark(#ffffff, #1c1c1e), 10%)")]
        return values
    }

    static func gradients() -> [StyleValue] {
        let colors = [white, ink]
        let three = [Color(red: 1, green: 0, blue: 0), translucent, Color(red: 0.2, green: 0.4, blue: 0.6)]
        let directions: [Gradient.Direction] = [.toBottom, .angle(0), .angle(StylesheetText.radians(degrees: 90)), .angle(StylesheetText.radians(degrees: 270)),
                                                .angle(StylesheetText.radians(degrees: 45)), .angle(1), .angle(-0.5),
                                                .corner(toRight: true, toBottom: true), .corner(toRight: true, toBottom: false),
                                                .corner(toRight: false, toBottom: true), .corner(toRight: false, toBottom: false)]
        var values: [StyleValue] = []
        for direction in directions {
            values.append(.gradient(Gradient(colors: colors, direction: direction)))
            values.append(.gradient(Gradient(colors: three, direction: direction, locations: [0, 0.33333, 1])))
        }
        values.append(.gradient(Gradient(colors: colors, locations: [0.2, 0.8])))
        values.append(.gradient(Gradient(colors: three, locations: [0.12345, 0.5, 0.5])))
        values += ["linear-gradient(red, blue 30%, green)", "linear-gradient(to right, #fff 10%, #000, #f00 90%)",
                   "linear-gradient(2rad, red 80%, blue 20%)", "linear-gradient(to top left, hsl(1, 2%, 3%), fade(red, 33%))"].map(compiled)
        return values
    }

    static func fonts() -> [StyleValue] {
        var fonts: [Font] = []
        for style in TextStyle.allCases {
            let atLarge = Font.Size.points(DynamicType.size(of: style, at: .large), unit: .pt)
            fonts.append(Font(name: "system", size: atLarge, isSystem: true, textStyle: style))
            fonts.append(Font(name: "system", size: atLarge, isSystem: true, weight: .semibold, textStyle: style))
            fonts.append(Font(name: "system", size: .points(20, unit: .pt), isSystem: true, textStyle: style))
            fonts.append(Font(name: "Avenir-Book", size: .points(16, unit: .px), isSystem: false, textStyle: style))
        }
        for weight in FontWeight.allCases {
            fonts.append(Font(name: "system", size: .points(17, unit: .pt), isSystem: true, weight: weight))
            fonts.append(Font(name: "-apple-system", size: .points(15, unit: nil), isSystem: true, weight: weight, textStyle: .caption1))
        }
        fonts += [Font(name: "Avenir", size: .points(16, unit: nil), isSystem: false), Font(name: "Avenir", size: .percent(50), isSystem: false),
                  Font(name: "Avenir Next", size: .points(12.5, unit: .pt), isSystem: false), Font(name: "system", size: .percent(10), isSystem: true),
                  Font(name: "It's", size: .points(9, unit: .pt), isSystem: false)]
        return fonts.map(StyleValue.font)
    }

    static func geometry() -> [StyleValue] {
        let numbers: [Double] = [0, 1, -2, 0.5, 44.25, 1e-5, 1.0 / 3]
        var values: [StyleValue] = []
        for (index, a) in numbers.enumerated() {
            let b = numbers[(index + 1) % numbers.count], c = numbers[(index + 3) % numbers.count], d = numbers[(index + 5) % numbers.count]
            values += [.rect(x: a, y: b, width: c, height: d), .point(x: a, y: b), .size(width: c, height: d),
                       .edgeInsets(top: a, left: b, bottom: c, right: d), .edgeInsets(top: a, left: a, bottom: a, right: a),
                       .edgeInsets(top: a, left: b, bottom: a, right: b),
                       .transform(.scale(x: a, y: b)), .transform(.translate(x: c, y: d)), .transform(.rotate(radians: a))]
        }
        values.append(.transform(.rotate(radians: StylesheetText.radians(degrees: 90))))
        return values
    }

    static func images() -> [StyleValue] {
        let insets = [EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), EdgeInsets(top: 4, left: 4, bottom: 4, right: 4),
                      EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)]
        var images: [Image] = [.named("bubble"), .named("it's")]
        for capInsets in insets { images.append(.named("bubble", capInsets: capInsets)) }
        for rendering in ImageRendering.allCases {
            images.append(.named("icon", rendering: rendering))
            images.append(.named("icon", capInsets: insets[2], rendering: rendering))
        }
        images += [.fill(.color(ink)), .fill(.color(translucent)), .fill(.gradient(Gradient(colors: [white, ink], direction: .angle(1), locations: [0, 0.5])))]
        images += [.symbol(Symbol(name: "heart.fill")), .symbol(Symbol(name: "heart.fill", pointSize: 17)),
                   .symbol(Symbol(name: "star", pointSize: 0, weight: .ultraLight))]
        for scale in Symbol.Scale.allCases { images.append(.symbol(Symbol(name: "bell", pointSize: 21.5, weight: .black, scale: scale))) }
        return images.map(StyleValue.image) + [compiled("image(red)"), compiled("image(darken(#336699, 5%))")]
    }

    static func drawing() -> [StyleValue] {
        let colors: [StyleValue] = [.color(translucent), .color(ink), .lightDark(light: translucent, dark: white), .assetColor("Shadow")]
        var values: [StyleValue] = []
        for color in colors {
            values.append(.shadow(Shadow(offsetX: 0, offsetY: 2, blur: 8, color: color)))
            values.append(.shadow(Shadow(offsetX: -1.5, offsetY: 0, blur: 0, color: color)))
            values.append(.border(Border(width: 0.5, color: color)))
            values.append(.border(Border(width: 0, color: color)))
        }
        return values
    }

    static func textAttributes() -> [StyleValue] {
        let body = StyleValue.font(Font(name: "system", size: .points(17, unit: .pt), isSystem: true, textStyle: .body))
        var sets: [[TextAttribute]] = [
            [TextAttribute(.font, body), TextAttribute(.color, .color(ink)), TextAttribute(.backgroundColor, .lightDark(light: white, dark: ink)),
             TextAttribute(.letterSpacing, .number(-0.2, unit: .pt)), TextAttribute(.lineHeightMultiple, .number(1.3, unit: nil)),
             TextAttribute(.paragraphSpacing, .number(4, unit: .px)),
             TextAttribute(.shadow, .shadow(Shadow(offsetX: 0, offsetY: 1, blur: 2, color: .assetColor("Ink"))))],
            [TextAttribute(.minimumLineHeight, .number(20, unit: .pt)), TextAttribute(.maximumLineHeight, .number(20, unit: .pt))],
            [TextAttribute(.minimumLineHeight, .number(18, unit: .pt)), TextAttribute(.maximumLineHeight, .number(22, unit: nil)),
             TextAttribute(.lineHeightMultiple, .number(1.1, unit: nil))],
            [TextAttribute(.minimumLineHeight, .number(20, unit: .px)), TextAttribute(.maximumLineHeight, .number(20, unit: .px)),
             TextAttribute(.lineHeightMultiple, .number(2, unit: nil)), TextAttribute(.color, .assetColor("Text"))],
        ]
        for alignment in UIKitSchema.schema.enumerations["NSTextAlignment"]!.cases {
            sets.append([TextAttribute(.alignment, .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: alignment.swiftName, rawValue: alignment.rawValue)))])
        }
        for style in TextAttributesFunction.lineStyles {
            let line = StyleValue.enumCase(EnumCase(enumName: "NSUnderlineStyle", caseName: style.word, rawValue: style.rawValue))
            sets.append([TextAttribute(.underline, line), TextAttribute(.strikethrough, line)])
        }
        return sets.map { .textAttributes(TextAttributes($0)) }
    }

    static func containers() -> [StyleValue] {
        let single = StyleValue.optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: ["flexibleWidth"], rawValue: 2))
        var values: [StyleValue] = [
            .vector([]), .vector([.number(1, unit: nil), .string("a"), .color(ink), .identifier("word")]),
            .vector([.vector([]), .vector([.vector([.percent(5)])]), single, .bool(true)]),
            .vector([.font(Font(name: "Avenir", size: .percent(50), isSystem: false)), .gradient(Gradient(colors: [white, ink]))]),
            .call(name: "refresh", arguments: []), .call(name: "constraint", arguments: [.number(8, unit: .px), .identifier("top")]),
            .call(name: "host", arguments: [.vector([.number(1, unit: nil)]), .string("x"), .color(translucent),
                                             .call(name: "inner", arguments: [.angle(radians: 1)]), single]),
            .call(name: "-vendor-thing", arguments: [.duration(seconds: 0.25)]),
        ]
        // Conditions as the compiler makes them, their source as written.
        values += ["'idiom = pad and width < 200'", "\"not (appearance = dark) or ?compactLayout\"", "'content-size >= accessibility-medium'",
                   "'idiom ≠ pad'", "'(?a or ?b) and not (?c or ?d)'", "'default'", "'os-version < 16.4 and scale = 3'"]
            .map { compiled("condition(\($0))") }
        // The keywords of unchecked rules: text alignments and content modes.
        for name in ["NSTextAlignment", "UIView.ContentMode"] {
            let enumeration = UIKitSchema.schema.enumerations[name]!
            values += enumeration.cases.map { .enumCase(EnumCase(enumName: enumeration.objcName, caseName: $0.swiftName, rawValue: $0.rawValue)) }
        }
        // Every combination of the autoresizing options, in bit order (none is no option).
        let autoresizing = UIKitSchema.schema.enumerations["UIView.AutoresizingMask"]!.cases
        for bits in 0..<64 {
            let options = autoresizing.filter { bits & $0.rawValue != 0 }
            values.append(.optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: options.map(\.swiftName), rawValue: bits)))
        }
        return values
    }

    // MARK: - Words of the UIKit schema

    /// Every case of every enumeration of the UIKit schema, as a property of
    /// that type reads it, and the options of every option set: each alone
    /// and all together, as the compiler lists them (every option whose
    /// bits are all set, in the set's order: `all` with its parts; none
    /// for an option of no bits, `none`).
    @Test func everyWordOfTheUIKitSchemaReadsBack() {
        for enumeration in UIKitSchema.schema.enumerations.values.sorted(by: { $0.name < $1.name }) {
            guard enumeration.isOptionSet else {
                for found in enumeration.cases {
                    let value = StyleValue.enumCase(EnumCase(enumName: enumeration.objcName, caseName: found.swiftName, rawValue: found.rawValue))
                    Self.expectRoundTrip(value, .declared(type: "enum(\(enumeration.name))"))
                }
                continue
            }
            func options(_ bits: Int) -> StyleValue {
                let listed = enumeration.cases.filter { $0.rawValue != 0 && bits & $0.rawValue == $0.rawValue }.map(\.swiftName)
                return .optionSet(OptionSetValue(setName: enumeration.objcName, options: listed, rawValue: bits))
            }
            for found in enumeration.cases {
                Self.expectRoundTrip(options(found.rawValue), .declared(type: "options(\(enumeration.name))"))
            }
            let everyBit = enumeration.cases.reduce(0) { $0 | $1.rawValue }
            Self.expectRoundTrip(options(everyBit), .declared(type: "options(\(enumeration.name))"))
        }
    }

    /// A declared list of words keeps each word as an identifier.
    @Test func aDeclaredWordReadsBack() {
        for word in ["compact", "regular", "left"] {
            Self.expectRoundTrip(.identifier(word), .declared(type: "enum(compact, regular, left)"))
        }
    }

    // MARK: - What no text writes

    /// Two values have no text that compiles back to them. Their spelling
    /// says what they hold, and compiling it is an error rather than another
    /// value: a carriage return in a string, which no escape writes, and
    /// options of several words inside a vector or a call, where a `,`
    /// separates arguments.
    @Test func whatNoTextWritesIsAnErrorNotAnotherValue() {
        let carriageReturn = StyleValue.string("line\rnext")
        #expect(carriageReturn.stylesheetSpelling == #"'line\rnext'"#)
        #expect(Self.compile("@spelled: \(carriageReturn.stylesheetSpelling);").diagnostics.contains { $0.hasPrefix("unknown-escape") })

        let options = StyleValue.optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: ["flexibleWidth", "flexibleHeight"], rawValue: 18))
        let inVector = StyleValue.vector([options])
        #expect(inVector.stylesheetSpelling == "vector((flexible-width, flexible-height))")
        let compiled = Self.compile("@spelled: \(inVector.stylesheetSpelling);")
        #expect(!compiled.diagnostics.isEmpty && compiled.variable != inVector, "\(compiled)")
        // At the top of a declaration the same options read back.
        Self.expectRoundTrip(options)
    }
}
