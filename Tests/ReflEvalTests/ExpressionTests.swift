import Testing
import ReflLexer
@testable import ReflEval

/// Arithmetic as tables: precedence, the unit rules, unary minus, the
/// whitespace rule for `-`, and what every version 1 value keeps meaning.
struct ExpressionTests {
    static func value(_ expression: String, variables: String = "") -> StyleValue? {
        let result = Compiler.compile(source: SourceFile(path: "e.less", text: variables + "\na { v: \(expression); }"))
        return result.ruleTable?.rules.first?.properties.first?.value
    }

    static func messages(_ expression: String, variables: String = "") -> [String] {
        Compiler.compile(source: SourceFile(path: "e.less", text: "@g: 8px;\(variables)\na { v: \(expression); }")).diagnostics.map(\.message)
    }

    @Test(arguments: [
        ("1 + 2 * 3", StyleValue.number(7, unit: nil)), ("(1 + 2) * 3", .number(9, unit: nil)), ("8 / 2 / 2", .number(2, unit: nil)),
        ("8 - 2 - 1", .number(5, unit: nil)), ("2 * 3 + 4 * 5", .number(26, unit: nil)), ("-(2 + 3) * 2", .number(-10, unit: nil)),
        ("((((1))))", .number(1, unit: nil)), ("1+2", .number(3, unit: nil)), ("2*3", .number(6, unit: nil)), ("8/4", .number(2, unit: nil)),
        ("0.1 + 0.2", .number(0.3, unit: nil)), ("1 / 3", .number(0.33333, unit: nil)), ("2 - 3", .number(-1, unit: nil)),
    ])
    func precedenceAndRounding(_ expression: String, _ expected: StyleValue) {
        #expect(Self.value(expression) == expected, "\(expression)")
    }

    @Test(arguments: [
        ("8px + 2pt", StyleValue.number(10, unit: .px)), ("2pt + 8px", .number(10, unit: .pt)), ("2 * 8px", .number(16, unit: .px)),
        ("8px * 2", .number(16, unit: .px)), ("8px + 2", .number(10, unit: .px)), ("2 + 8px", .number(10, unit: .px)),
        ("16px / 2px", .number(8, unit: nil)), ("16px / 2", .number(8, unit: .px)), ("50% + 10%", .percent(60)),
        ("50% * 2", .percent(100)), ("50% + 10", .percent(60)), ("50% / 25%", .number(2, unit: nil)),
        ("90deg + 90deg", .angle(radians: Double.pi)), ("1rad - 1rad", .angle(radians: 0)), ("90deg / 45deg", .number(2, unit: nil)),
        ("-@g", .number(-8, unit: .px)), ("-(@g + 1)", .number(-9, unit: .px)), ("@g - -2", .number(10, unit: .px)),
        ("@g+2", .number(10, unit: .px)), ("@g +2", .number(10, unit: .px)), ("@g * 1.5", .number(12, unit: .px)),
    ])
    func unitRules(_ expression: String, _ expected: StyleValue) {
        #expect(Self.value(expression, variables: "@g: 8px;") == expected, "\(expression)")
    }

    /// What every valid version 1 value meant, it still means.
    @Test(arguments: [
        ("-2px", StyleValue.number(-2, unit: .px)), ("+3", .number(3, unit: nil)), (".5", .number(0.5, unit: nil)),
        ("edge-insets(1px, -2px, 3px, 4px)", .edgeInsets(top: -2, left: 1, bottom: 4, right: 3)),
        ("-foo(x)", .call(name: "-foo", arguments: [.identifier("x")])), ("@gap-2", .number(7, unit: .px)),
        ("-apple-system", .identifier("-apple-system")), ("font('-apple-system', 12pt)", .font(Font(name: "-apple-system", size: .points(12, unit: .pt), isSystem: true))),
    ])
    func versionOneValuesKeepTheirMeaning(_ expression: String, _ expected: StyleValue) {
        #expect(Self.value(expression, variables: "@gap-2: 7px;") == expected, "\(expression)")
    }

    @Test func expressionsStandWhereverAValueStands() throws {
        let source = """
            @base: 4px;
            @double: @base * 2;
            @lazy: @later / 2;
            @later: 10px;
            a {
                v: @double;
                w: @lazy;
                x: vector(@base + 1, point(@base * 3, -@base), vector(2 * (1 + @base)));
                y[highlighted]: @base * 3;
                z: font(@font, @base * 4);
            }
            @font: 'Helvetica';
            """
        let rule = try #require(Compiler.compile(source: SourceFile(path: "e.less", text: source)).ruleTable?.rules.first)
        let values = Dictionary(uniqueKeysWithValues: rule.properties.map { ($0.name, $0.value) })
        #expect(values["v"] == .number(8, unit: .px))
        #expect(values["w"] == .number(5, unit: .px))
        #expect(values["x"] == .vector([.number(5, unit: .px), .point(x: 12, y: -4), .vector([.number(10, unit: .px)])]))
        #expect(values["z"] == .font(Font(name: "Helvetica", size: .points(16, unit: .px), isSystem: false)))
        #expect(rule.stateProperties.first?.properties.first?.value == .number(12, unit: .px))
    }

    @Test func importanceFollowsTheResult() throws {
        let rule = try #require(Compiler.compile(source: SourceFile(path: "e.less", text: "a { p: 10% * 2; q: percentage(0.5); r: darken(red, 10%); s: 50% / 25%; }"))
            .ruleTable?.rules.first)
        #expect(rule.properties.map(\.isImportant) == [true, true, false, false])  // p q r s
    }

    @Test(arguments: [
        ("@g + 50%", ["cannot add a length (8px) and a percentage (50%)"]),
        ("50% - @g", ["cannot subtract a length (8px) from a percentage (50%)"]),
        ("@g * 2px", ["cannot multiply two values with units, a length (8px) and a length (2px); one of them must be a bare number"]),
        ("50% * 50%", ["cannot multiply two values with units, a percentage (50%) and a percentage (50%); one of them must be a bare number"]),
        ("@g / 0", ["cannot divide a length (8px) by zero"]), ("@g / (1 - 1)", ["cannot divide a length (8px) by zero"]),
        ("red + 1", ["cannot add a color (#ff0000) and a number (1)"]), ("'a' * 2", ["cannot multiply a string ('a') by a number (2)"]),
        ("90deg + 1px", ["cannot add an angle (90deg) and a length (1px)"]), ("-red", ["'-red' is not a keyword or color and is kept as an identifier; did you mean 'red'?"]),
        ("-'a'", ["cannot negate a string ('a'); '-' applies to numbers, lengths, percentages and angles"]),
        ("@g -2", ["'-2' after a value: a '-' that subtracts needs a space on both sides; write '- 2'"]),
        ("8-2", ["'8-2': a '-' that subtracts needs a space on both sides; write '8 - 2'"]),
        ("2 * 8- 2", ["'2 * 8- 2': a '-' that subtracts needs a space on both sides; write '2 * 8 - 2'"]),
        ("@g -(1)", ["'-(' after a value: a '-' that subtracts needs a space on both sides; write '- ('"]),
        ("8px-2px", ["'8px-2px' is not a number with a unit; to subtract, write '8px - 2px'"]),
        ("@g +", ["expected a value after '+', found ';'"]), ("* 2", ["expected a value, found '*'"]),
        ("(1 + 2", ["expected ')' after the expression, found ';'"]),
        ("darken(4px, 10%)", ["darken(): the color must be a color, found a number in px"]),
        ("round(90deg)", ["round(): the argument must be a number, a length or a percentage, found an angle"]),
        ("min(1px, 50%)", ["min(): the argument 2 must be of the kind of the first (a length (1px)), found a percentage"]),
        ("percentage(5px)", ["percentage(): the argument must be a number without unit (0.5 is 50%), found a number in px"]),
        ("lighten(red, 150%)", []), ("fade(red, -20%)", []),  // clamped, as lessc clamps
    ])
    func everyMistakeIsReportedAtItsPlace(_ expression: String, _ expected: [String]) {
        #expect(Self.messages(expression) == expected, "\(expression)")
    }

    @Test func aCycleThroughAnExpressionNamesTheChain() {
        let result = Compiler.compile(source: SourceFile(path: "e.less", text: "@a: @b * 2;\n@b: @a + 1px;\nx { y: @a; }"))
        #expect(result.diagnostics.map(\.message) == ["variable cycle: @a → @b → @a"])
    }

    @Test func spinTakesTheAngleInItsUnit() {
        // lessc reads `1rad` as 1 (degree); reflc turns the hue by one radian.
        #expect(Self.value("spin(#ff0000, 1rad)") == Self.value("spin(#ff0000, 57.29578deg)"))
        #expect(Self.value("spin(#ff0000, 120)") == Self.value("#00ff00"))
    }

    @Test func mathFunctionsKeepTheUnit() {
        #expect(Self.value("round(2.5px)") == .number(3, unit: .px))
        #expect(Self.value("round(-2.5)") == .number(-3, unit: nil))
        #expect(Self.value("round(1.23456%, 2)") == .percent(1.23))
        #expect(Self.value("ceil(1.2pt)") == .number(2, unit: .pt))
        #expect(Self.value("floor(-1.2)") == .number(-2, unit: nil))
        #expect(Self.value("abs(-90deg)") == .angle(radians: Double.pi / 2))
        #expect(Self.value("max(1px, 3pt, 2px)") == .number(3, unit: .pt))
        #expect(Self.value("min(10%)") == .percent(10))
    }

    /// A style or weight may be a variable defined as the bare word, through
    /// other variables too: read as the word there (`black` the weight).
    @Test func fontWordsMayComeFromVariables() {
        let words = "@w: black; @via: @w; @s: headline; @c: #000000;"
        #expect(Self.value("font('system', 17, @w)", variables: words)
                == .font(Font(name: "system", size: .points(17, unit: nil), isSystem: true, weight: .black)))
        #expect(Self.value("font(@s, @via)", variables: words)
                == .font(Font(name: "system", size: .points(17, unit: .pt), isSystem: true, weight: .black, textStyle: .headline)))
        #expect(Self.value("@w", variables: words) == Self.value("#000000"))
        #expect(Self.messages("font('system', 17, @c)", variables: words)
                == ["font(): the argument 3 must be a text style or a weight, written as a bare word, found a color"])
    }

    /// A variable's word is the same at every use in a file (the lowerer
    /// keeps it by name after the first): each rule gets the weight, and a
    /// variable that holds no word is refused at each use, where it is used.
    @Test func aVariablesWordIsReadAtEveryUse() {
        let variables = "@w: black; @via: @w; @c: #000000;\n"
        let good = Compiler.compile(source: SourceFile(path: "e.less", text: variables + """
            a { v: font('system', 17, @via); }
            b { v: font('system', 12, @via); }
            """))
        let weights = good.ruleTable?.rules.map { rule -> FontWeight? in
            guard case .font(let font)? = rule.properties.first?.value else { return nil }
            return font.weight
        }
        #expect(weights == [.black, .black])
        let bad = variables + """
            c { v: font('system', 17, @c); }
            d { v: font('system', 12, @c); }
            """
        // Each error points at its own `@c`: the two rules' references.
        let text = Array(bad.utf8)
        let found = Compiler.compile(source: SourceFile(path: "e.less", text: bad)).diagnostics.map {
            "\(String(decoding: text[$0.range.start..<$0.range.end], as: UTF8.self)) at \($0.range.start): \($0.message)"
        }
        #expect(found == [
            "@c at \(bad.utf8.count - 39): font(): the argument 3 must be a text style or a weight, written as a bare word, found a color",
            "@c at \(bad.utf8.count - 6): font(): the argument 3 must be a text style or a weight, written as a bare word, found a color",
        ])
    }

    /// The kinds a math function's message offers are the kinds it takes.
    @Test func mathFunctionsSayWhichKindsTheyTake() {
        #expect(Self.messages("round(red)") == ["round(): the argument must be a number, a length or a percentage, found a color"])
        #expect(Self.messages("round(90deg)") == ["round(): the argument must be a number, a length or a percentage, found an angle"])
        #expect(Self.messages("abs(red)") == ["abs(): the argument must be a number, a length, a percentage or an angle, found a color"])
    }

    /// A number too large to scale by 10^5 (past about 1.8e303) has no
    /// decimals to round: it is kept, not reported as too large.
    @Test func mathFunctionsOfTheLargestNumbersKeepThem() {
        let large = "1" + String(repeating: "0", count: 306), largest = "17" + String(repeating: "0", count: 307)
        #expect(Self.value("abs(-\(large))") == .number(1e306, unit: nil))
        #expect(Self.value("round(\(large)px)") == .number(1e306, unit: .px))
        #expect(Self.value("round(\(large), 10)") == .number(1e306, unit: nil))
        #expect(Self.value("ceil(-\(large))") == .number(-1e306, unit: nil))
        #expect(Self.value("floor(\(largest))") == .number(1.7e308, unit: nil))
        #expect(Self.value("\(large) / 1") == .number(1e306, unit: nil))
    }
}
