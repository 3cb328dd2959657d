import Testing
import GoldenFiles
import ReflLexer
@testable import ReflEval

/// Compiler behaviour as input → output tables, in memory.
struct CompilerTests {
    static func compile(_ source: String) -> CompileResult {
        Compiler.compile(source: SourceFile(path: "main.less", text: source))
    }

    static func properties(_ source: String, rule index: Int = 0) -> [String: Property] {
        let result = compile(source)
        #expect(!result.hasErrors, "\(result.diagnostics.map(\.message))")
        guard let rules = result.ruleTable?.rules, index < rules.count else { return [:] }
        return Dictionary(uniqueKeysWithValues: rules[index].properties.map { ($0.name, $0) })
    }

    static func messages(_ source: String) -> [String] {
        compile(source).diagnostics.map { "\($0.severity.rawValue): \($0.message)" }
    }

    // MARK: - The seed's example

    @Test func seedExampleSpotChecks() throws {
        let result = Golden.inPackageRoot { try? Compiler.compile(entryPath: "Fixtures/compile/seed-example/main.less") }
        let table = try #require(result?.ruleTable)
        #expect(result?.diagnostics.map(\.message) == [
            "no rule has the selector 'UILabel' to include",
            "'__condition' in a rule without ':__where' still applies; add ':__where' to the selector to say so",
        ])
        let foo = try #require(table.rules.first { $0.selector.raw == "foo" })
        let properties = Dictionary(uniqueKeysWithValues: foo.properties.map { ($0.name, $0) })
        // hsl(120, 100%, 75%) is a light green.
        #expect(properties["colorFour"]?.value == .color(Color(red: 0.5, green: 1, blue: 0.5)))
        #expect(properties["colorFive"]?.value == .color(Color(red: 0.52, green: 0.88, blue: 0.52, alpha: 0.3)))
        #expect(properties["colorThree"]?.value == .color(Color(red: 1, green: 0, blue: 0, alpha: 0.3)))
        #expect(table.variables["blue"] == .color(Color(red: 0.5, green: 1, blue: 0.5)))
        guard case .optionSet(let mask)? = properties["autoresizingMask"]?.value else {
            Issue.record("autoresizingMask is not an option set")
            return
        }
        #expect(mask.rawValue == 63)
        #expect(properties["edge"]?.value == .edgeInsets(top: 2, left: 1, bottom: 4, right: 3))
        #expect(properties["fontTwo"]?.value == .font(Font(name: "Arial", size: .percent(50), isSystem: false)))
        #expect(properties["fontTwo"]?.isImportant == true)
        #expect(properties["gradient"]?.isImportant == true)
        #expect(properties["percent"]?.isImportant == true)
        #expect(properties["number"]?.value == .number(23.4, unit: .px))
        #expect(properties["contentMode"]?.value == .enumCase(EnumCase(enumName: "UIViewContentMode", caseName: "scaleToFill", rawValue: 0)))
        // foo's condition is kept (with a warning) and gives it the :__where priority.
        #expect(foo.condition?.test == .all([.test(.idiom(op: .equal, value: .pad)), .test(.size(dimension: .width, op: .less, value: 200)),
                                             .test(.sizeClass(axis: .vertical, op: .equal, value: .regular))]))
        #expect(foo.priority == 70 + 30)
        let small = try #require(table.rules.first { $0.selector.raw == "UILabel:small" })
        #expect(small.appliesToSubclasses)
        #expect(small.properties.first?.isImportant == true)
    }

    // MARK: - Values

    @Test(arguments: [
        ("-256px", StyleValue.number(-256, unit: .px)),
        ("+3", .number(3, unit: nil)),
        (".5pt", .number(0.5, unit: .pt)),
        ("180deg", .angle(radians: Double.pi)),
        ("#0f08", .color(Color(red: 0, green: 1, blue: 0, alpha: 0.53333))),
        ("RED", .color(Color(red: 1, green: 0, blue: 0))),
        ("rgba(0, 0, 255)", .color(Color(red: 0, green: 0, blue: 1))),
        ("hsl(0, 100%, 50%)", .color(Color(red: 1, green: 0, blue: 0))),
        ("hsla(240deg, 100%, 50%, 0.5)", .color(Color(red: 0, green: 0, blue: 1, alpha: 0.5))),
        ("center", .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: "center", rawValue: 1))),
        ("mode-top-left", .enumCase(EnumCase(enumName: "UIViewContentMode", caseName: "topLeft", rawValue: 9))),
        ("flexible-top-margin, flexible-bottom-margin", .optionSet(OptionSetValue(setName: "UIViewAutoresizing",
            options: ["flexibleTopMargin", "flexibleBottomMargin"], rawValue: 40))),
        ("transform-translate(-1px, 2pt)", .transform(.translate(x: -1, y: 2))),
        ("vector(vector(vector()))", .vector([.vector([.vector([])])])),
        ("size(-1px, -2px)", .size(width: -1, height: -2)),
        ("f(g(h(1)))", .call(name: "f", arguments: [.call(name: "g", arguments: [.call(name: "h", arguments: [.number(1, unit: nil)])])])),
    ])
    func lowers(_ source: String, _ expected: StyleValue) {
        #expect(Self.properties("x { v: \(source); }")["v"]?.value == expected)
    }

    @Test func variablesResolveLazilyAcrossNamespacesAndChains() {
        let properties = Self.properties("""
            UIView { color: @c; inset: edge-insets(@n, @n, 0, @m); }
            @a { @c = @b; }
            @b: rgb(@n, 0, 0);
            @ns { @n: 255; @m: -@n; }
            """.replacingOccurrences(of: "-@n", with: "-1px"))
        #expect(properties["color"]?.value == .color(Color(red: 1, green: 0, blue: 0)))
        #expect(properties["inset"]?.value == .edgeInsets(top: 255, left: 255, bottom: -1, right: 0))
    }

    @Test func longVariableAndIncludeChainsDoNotRecurse() {
        let count = 10_000
        var source = (0..<count).map { "@v\($0): @v\($0 + 1);" }.joined(separator: "\n")
        source += "\n@v\(count): 7px;\n"
        source += (0..<count).map { "t\($0) { __include: t\($0 + 1); }" }.joined(separator: "\n")
        source += "\nt\(count) { width: @v0; }\n"
        let result = Self.compile(source)
        #expect(!result.hasErrors)
        #expect(result.ruleTable?.rules.first?.properties == [Property(name: "width", value: .number(7, unit: .px), isImportant: false)])
    }

    @Test(arguments: [
        ("main.less", "", "main.less"), ("./main.less", ".", "main.less"), ("a/b/main.less", "a/b", "main.less"),
        ("a/b/sub/../x.less", "a/b", "x.less"), ("/abs/dir/x.less", "/abs/dir", "x.less"), ("other/x.less", "a", "other/x.less"),
    ])
    func tablePathsAreRelativeToTheEntryFolder(_ path: String, _ base: String, _ expected: String) {
        #expect(PathName.relative(path, to: base) == expected)
    }

    @Test func keysBecomeKeyPaths() {
        #expect(PropertyName.keyPath("avatar-view--background-color") == "avatarView.backgroundColor")
        #expect(PropertyName.keyPath("corner-radius") == "cornerRadius")
        #expect(PropertyName.keyPath("alreadyCamel") == "alreadyCamel")
        #expect(PropertyName.keyPath("title-label--text") == "titleLabel.text")
    }

    @Test func priorities() {
        #expect(RuleSelector.priority(className: nil, trait: "t", isConditional: true) == 100)
        #expect(RuleSelector.priority(className: "C", trait: "t", isConditional: true) == 99)
        #expect(RuleSelector.priority(className: "C", trait: nil, isConditional: true) == 95)
        #expect(RuleSelector.priority(className: "C", trait: "t", isConditional: false) == 75)
        #expect(RuleSelector.priority(className: nil, trait: "t", isConditional: false) == 70)
        #expect(RuleSelector.priority(className: "C", trait: nil, isConditional: false) == 50)
    }

    // MARK: - Diagnostics

    @Test(arguments: [
        ("x { a: @missing; }", ["error: undefined variable '@missing'"]),
        ("@a: 1; @a: 2;", ["warning: variable '@a' is defined again; this later definition wins"]),
        ("@a: @a;", ["error: variable cycle: @a → @a"]),
        ("x { __include: x; }", ["error: include cycle: x → x"]),
        ("x { a: rgb(1, 2, 3, 4, 5); }", ["error: rgb() takes 3 or 4 arguments (red, green, blue[, alpha]), found 5"]),
        // A missing argument is the one error: the call is not counted as short of arguments too.
        ("x { a: foo(; }", ["error: expected an argument or ')' after '(', found ';'"]),
        ("@a: rgb(;", ["error: expected an argument or ')' after '(', found ';'"]),
        ("@b: rgb(1, ;", ["error: expected an argument after ',', found ';'"]),
        ("x { a: f(,; }", ["error: expected an argument after '(', found ','"]),
        ("x { a: f(1, ,2); }", ["error: expected an argument after ',', found ','"]),
        ("x { a: point(1%, 2px); }", ["error: point(): the x must be a number (px, pt or no unit), found a percentage"]),
        ("x { a: vector(a, b), c; }", ["error: a comma-separated list is only allowed for autoresizing options (flexible-width, flexible-height, ...); use vector(...) for a list of values"]),
        ("x { a: 1e5; }", ["error: exponent notation ('e5') is not supported; write the number in full"]),
        ("x { a: rgba(0, 0, 0, 50%); }", ["error: rgba(): the alpha must be a number without unit, found a percentage"]),
        ("x { a: Center; }", ["warning: 'Center' is not a keyword or color and is kept as an identifier; did you mean 'center'?"]),
        ("x { a: condition('idiom = tablet'); }", ["error: unknown value 'tablet'; expected one of 'phone', 'pad', 'tv', 'carplay', 'mac', 'vision', 'unspecified'"]),
        ("@c: 'width < x'; x:__where { __condition: @c; }", ["error: expected a number after '<', found 'x'"]),
        // A condition reached through variables is what they hold: their own problems are reported once, where they are.
        ("@c: @missing; x:__where { __condition: @c; }", ["error: undefined variable '@missing'"]),
        ("@c: rgb(1, 2); @d: @c; x:__where { __condition: @d; }", ["error: rgb() takes 3 or 4 arguments (red, green, blue[, alpha]), found 2"]),
        ("@c: 12px; x:__where { __condition: @c; }", ["error: '__condition' takes a condition string such as 'idiom = pad', found a number in px"]),
        ("@c: @d; @d: @c; x:__where { __condition: @c; }", ["error: variable cycle: @c → @d → @c"]),
        ("@c: condition('idiom = pad'); @d: @c; x:__where { __condition: @d; alpha: 1; }", []),
        // A condition that refers to itself is a cycle, reported once (lowering it again at each use recursed without end).
        ("@c: condition(@c); x:__where { __condition: @c; alpha: 1; }", ["error: variable cycle: @c → @c"]),
        ("@a: @b; @b: condition(@a); x:__where { __condition: @a; alpha: 1; }", ["error: variable cycle: @a → @b → @a"]),
    ])
    func reports(_ source: String, _ expected: [String]) {
        #expect(Self.messages(source) == expected)
    }

    @Test func errorsInEveryPhaseAreReportedTogether() {
        let messages = Self.messages("""
            MyView { color: red }
            a, b { x: 1; }
            @v: @w;
            MyLabel { tint: @nope; width: 3em; __include: b; }
            """)
        #expect(messages == [
            "error: a rule takes exactly one selector; write one rule and '__include' its selector in the rules of the others",
            "error: undefined variable '@w'",
            "error: undefined variable '@nope'",
            "error: unknown unit 'em'; numbers take px, pt, rem, %, deg, rad, s, ms or no unit",
            "warning: no rule has the selector 'b' to include",
        ])
    }
}

/// Numbers in JSON: text that reads back as exactly the same Double.
struct JSONNumberTests {
    static func written(_ value: Double) -> String {
        let writer = JSONWriter()
        writer.number(value)
        return String(decoding: writer.buffer, as: UTF8.self)
    }

    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (12, "12"), (-3.5, "-3.5"), (0.50196, "0.50196"), (0.1, "0.1"), (23.4, "23.4"),
        (-0.00001, "-0.00001"), (1.5707963267948966, "1.5707963267948966"), (1e20, "1e+20"), (0.123, "0.123"),
        (128.0 / 255.0, "0.5019607843137255"), (999_999_999.99999, "999999999.99999"),
    ])
    func writesTheShortestRoundTrip(_ value: Double, _ text: String) {
        #expect(Self.written(value) == text)
        #expect(Double(Self.written(value)) == value)
    }

    /// The decimals are found at once and stored as one word, the trailing
    /// zeros then cut off: fractions of five decimals with every digit in
    /// every place and every number of trailing zeros, after a whole part of
    /// one digit (stored with them) and of more, of either sign, are
    /// written as their digits are, without trailing zeros.
    @Test func everyFractionIsWrittenDigitForDigit() {
        func expected(_ negative: Bool, _ whole: Int, _ fraction: Int) -> String {
            var decimals = String(fraction)
            decimals = String(repeating: "0", count: 5 - decimals.count) + decimals
            while decimals.hasSuffix("0") { decimals.removeLast() }
            return (negative ? "-" : "") + String(whole) + (decimals.isEmpty ? "" : "." + decimals)
        }
        var generator = SystemRandomNumberGenerator()
        let fractions = Array(stride(from: 0, to: 100_000, by: 13)) + [1, 10, 100, 1_000, 10_000].flatMap { place in (1...9).map { $0 * place } }
        for fraction in fractions {
            let negative = fraction % 2 == 1
            let whole = [0, 1, 9, 10, 99_999_999][fraction % 5]
            let scaled = whole * 100_000 + fraction
            let value = Double(negative ? -scaled : scaled) / 100_000
            guard value != 0 else { continue }
            #expect(Self.written(value) == expected(negative, whole, fraction), "\(value)")
            let other = Int.random(in: 0..<10, using: &generator)
            let single = Double(other * 100_000 + fraction) / 100_000
            #expect(Self.written(single) == expected(false, other, fraction), "\(single)")
        }
    }

    @Test func everyFiveDecimalValueRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) / 100_000
            let text = Self.written(value)
            #expect(Double(text) == value, "\(value) written as \(text)")
        }
    }
}

/// Strings in JSON: escaped exactly where JSON requires it.
struct JSONStringTests {
    static func written(_ text: String) -> String {
        let writer = JSONWriter()
        writer.string(text)
        return String(decoding: writer.buffer, as: UTF8.self)
    }

    @Test(arguments: [
        ("plain", "\"plain\""), ("", "\"\""), ("say \"hi\"", "\"say \\\"hi\\\"\""), ("a\\b", "\"a\\\\b\""),
        ("tab\there", "\"tab\\there\""), ("line\n", "\"line\\n\""), ("\u{1}", "\"\\u0001\""), ("é ☃ \u{7F}", "\"é ☃ \u{7F}\""),
    ])
    func escapesWhatJSONRequires(_ text: String, _ json: String) {
        #expect(Self.written(text) == json)
    }

    /// Strings are checked eight bytes at a time: every ASCII byte value, at
    /// every position of strings shorter than a word, of one word and more
    /// (the last eight bytes checked again where a word does not end them), is escaped
    /// exactly when JSON needs it.
    @Test func theWordAtATimeCheckMissesNoByte() {
        for length in [1, 7, 8, 9, 15, 16, 17, 23] {
            for position in 0..<length {
                for value in 0..<0x80 {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    bytes[position] = UInt8(value)
                    let escaped: String
                    switch value {
                    case 0x22: escaped = "\\\""
                    case 0x5C: escaped = "\\\\"
                    case 0x0A: escaped = "\\n"
                    case 0x0D: escaped = "\\r"
                    case 0x09: escaped = "\\t"
                    case ..<0x20: escaped = "\\u00" + (value < 0x10 ? "0" : "") + String(value, radix: 16)
                    default: escaped = String(UnicodeScalar(UInt8(value)))
                    }
                    let expected = "\"" + String(repeating: "a", count: position) + escaped
                        + String(repeating: "a", count: length - position - 1) + "\""
                    #expect(Self.written(String(decoding: bytes, as: UTF8.self)) == expected, "byte \(value) at \(position) of \(length)")
                }
            }
        }
    }
}
