import Testing
@testable import ReflRuntime

/// Each kind of value has one codec, registered once, that writes and reads
/// it in both table forms: a kind without one fails here.
struct ValueCodecTests {
    static let condition = Condition(test: .all([
        .test(.always), .test(.external(name: "premium")),
        .any([.test(.sizeClass(axis: .horizontal, op: .equal, value: .regular)),
              .test(.size(dimension: .width, op: .greaterOrEqual, value: 768.5))]),
        .not(.test(.idiom(op: .notEqual, value: .pad))), .test(.appearance(op: .equal, value: .dark)),
        .test(.contentSize(op: .less, value: .accessibilityMedium)), .test(.layoutDirection(op: .equal, value: .rtl)),
        .test(.orientation(op: .equal, value: .landscape)), .test(.contrast(op: .notEqual, value: .high)), .test(.flag(.boldText)),
    ]), source: "a condition naming every test")

    /// At least one value of every kind, with the variants each kind has.
    static let samples: [StyleValue] = [
        .number(12, unit: nil), .number(-0.5, unit: .px), .number(123456789.123456789, unit: .pt), .number(1e-7, unit: nil),
        .percent(33.333333333), .angle(radians: 1.5707963267948966),
        .string("plain"), .string("quote \" backslash \\ tab \t line\n é ✓ \u{1}"), .bool(true), .bool(false),
        .color(Color(red: 1, green: 0.50196, blue: 0, alpha: 0.5)),
        .gradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1, alpha: 0.25)])),
        .gradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 1, blue: 0), Color(red: 0, green: 0, blue: 1)],
                           direction: .angle(Double.pi / 2), locations: [0, 0.25, 0.8])),
        .gradient(Gradient(colors: [Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0)], direction: .corner(toRight: true, toBottom: false))),
        .gradient(Gradient(colors: [Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0)], direction: .angle(0))),
        .font(Font(name: "Avenir-Heavy", size: .points(17, unit: .pt), isSystem: false, textStyle: .body)),
        .font(Font(name: "system", size: .percent(50), isSystem: true)),
        .font(Font(name: "system", size: .points(17, unit: nil), isSystem: true, weight: .semibold, textStyle: .largeTitle)),
        .rect(x: 0, y: -1, width: 50.25, height: 44), .point(x: 1, y: 2), .size(width: 10, height: 20),
        .edgeInsets(top: 8, left: 16, bottom: 8, right: 16), .localizedString(key: "KEY"),
        .transform(.scale(x: 2, y: 0.5)), .transform(.rotate(radians: 3.14159)), .transform(.translate(x: -4, y: 4)),
        .vector([]), .vector([.number(1, unit: nil), .percent(25), .vector([.string("x")])]),
        .image(.named("star")), .image(.fill(.color(Color(red: 0, green: 1, blue: 0)))),
        .image(.fill(.gradient(Gradient(colors: [Color(red: 1, green: 1, blue: 1), Color(red: 0, green: 0, blue: 0)])))),
        .image(.named("bubble", capInsets: EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), rendering: .template)),
        .image(.named("icon", rendering: .original)),
        .image(.symbol(Symbol(name: "heart.fill"))),
        .image(.symbol(Symbol(name: "heart.fill", pointSize: 17, weight: .semibold, scale: .large))),
        .image(.symbol(Symbol(name: "star", weight: .ultraLight))),
        .condition(condition),
        .enumCase(EnumCase(enumName: "UIViewContentMode", caseName: "center", rawValue: 4)),
        .optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: ["flexibleWidth", "flexibleHeight"], rawValue: 18)),
        .optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: [], rawValue: 0)),
        .call(name: "unknown-call", arguments: [.number(1, unit: nil), .string("two"), .call(name: "unknown-call", arguments: [])]),
        .identifier("plain-word"),
        .lightDark(light: Color(red: 1, green: 1, blue: 1, alpha: 1), dark: Color(red: 0.10980, green: 0.10980, blue: 0.11765, alpha: 1)),
        .duration(seconds: 0.15),
        .assetColor("BrandGreen"),
        .shadow(Shadow(offsetX: 0, offsetY: 2, blur: 4, color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0.25)))),
        .shadow(Shadow(offsetX: -1, offsetY: 0.5, blur: 0, color: .lightDark(light: Color(red: 0, green: 0, blue: 0), dark: Color(red: 1, green: 1, blue: 1)))),
        .border(Border(width: 1, color: .assetColor("Separator"))),
        .border(Border(width: 0.5, color: .color(Color(red: 0.8, green: 0.8, blue: 0.8)))),
        .textAttributes(TextAttributes([])),
        .textAttributes(TextAttributes([
            TextAttribute(.font, .font(Font(name: "system", size: .points(17, unit: nil), isSystem: true, textStyle: .body))),
            TextAttribute(.color, .lightDark(light: Color(red: 0.2, green: 0.2, blue: 0.2), dark: Color(red: 0.9, green: 0.9, blue: 0.9))),
            TextAttribute(.backgroundColor, .assetColor("Highlight")),
            TextAttribute(.letterSpacing, .number(0.5, unit: .pt)), TextAttribute(.lineHeightMultiple, .number(1.2, unit: nil)),
            TextAttribute(.minimumLineHeight, .number(20, unit: .pt)), TextAttribute(.maximumLineHeight, .number(24, unit: .pt)),
            TextAttribute(.paragraphSpacing, .number(8, unit: .pt)),
            TextAttribute(.alignment, .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: "center", rawValue: 1))),
            TextAttribute(.underline, .enumCase(EnumCase(enumName: "NSUnderlineStyle", caseName: "single", rawValue: 1))),
            TextAttribute(.strikethrough, .enumCase(EnumCase(enumName: "NSUnderlineStyle", caseName: "double", rawValue: 9))),
            TextAttribute(.shadow, .shadow(Shadow(offsetX: 0, offsetY: 1, blur: 2, color: .color(Color(red: 0, green: 0, blue: 0, alpha: 0.5))))),
        ])),
    ]

    @Test func everyKindHasOneCodecWithItsOwnTypeAndKindByte() {
        for kind in StyleValueKind.allCases {
            #expect(ValueCodecs.all.filter { $0.kind == kind }.count == 1, "\(kind) has no codec, or more than one")
        }
        #expect(ValueCodecs.all.count == StyleValueKind.allCases.count)
        #expect(Set(ValueCodecs.all.map { "\($0.jsonType)" }).count == ValueCodecs.all.count, "two codecs share a JSON type")
        #expect(Set(ValueCodecs.all.map { $0.binaryKind }).count == ValueCodecs.all.count, "two codecs share a binary kind")
    }

    @Test func theSamplesCoverEveryKind() {
        #expect(Set(Self.samples.map(\.kind)) == Set(StyleValueKind.allCases))
    }

    /// A table holding `value` as its only variable and as a rule's property.
    static func table(holding value: StyleValue) -> RuleTable {
        RuleTable(variables: ["v": value], rules: [
            CompiledRule(selector: RuleSelector(raw: "UIView", className: "UIView", trait: nil, hasWhere: false), priority: 50,
                         appliesToSubclasses: false, condition: nil, source: SourcePosition(file: "main.less", line: 1, column: 1),
                         properties: [Property(name: "p", value: value, isImportant: true)]),
        ])
    }

    @Test(arguments: samples)
    func aValueRoundTripsThroughJSON(_ value: StyleValue) throws {
        let json = Array(value.jsonText.utf8)
        let read = try ByteView.reading(json) { json throws(TableReadFailure) in
            var reader = TableJSONReader(json)
            let value = try reader.value()
            try reader.end()
            return value
        }
        #expect(read == value)
        #expect(try Stylesheet(ruleTableJSON: Self.table(holding: value).jsonBytes()).table == Self.table(holding: value))
    }

    @Test(arguments: samples)
    func aValueRoundTripsThroughTheBinaryFormAndItsCheck(_ value: StyleValue) throws {
        let bytes = try Self.table(holding: value).binaryBytes()
        let table = try BinaryTable(bytes)  // checked here
        #expect(table.ruleTable() == Self.table(holding: value))
        let id = table.read(VariableRecord.value, at: table.variables)
        #expect(table.read(ValueRecord.kind, at: table.values + ValueRecord.size * Int(id)) == value.codec.binaryKind)
        #expect(table.value(id) == value)
    }

    @Test(arguments: samples)
    func aValueWithItsMembersReorderedAndSpacedOutReadsTheSame(_ value: StyleValue) throws {
        let root = try JSONNode.parse(Array(value.jsonText.utf8)).get()
        for layout in JSONLayout.allCases {
            let text = Array(layout.write(root).utf8)
            let read = try ByteView.reading(text) { text throws(TableReadFailure) in
                var reader = TableJSONReader(text)
                return try reader.value()
            }
            #expect(read == value, "\(layout)")
        }
    }
}

/// Other ways to lay out the same JSON than the writer's: for reading
/// tables that were reformatted, or written by another program.
enum JSONLayout: CaseIterable {
    /// Every object's members in reverse order (a value's `type` last),
    /// keys written with escapes, CR LF, tabs and spaces around everything.
    case reversedAndSpacedOut
    /// A value's `type` first and its other members reversed, no whitespace at all.
    case typeFirstAndCompact

    func write(_ node: JSONNode) -> String {
        switch node.kind {
        case .object(let members):
            var ordered = Array(members.reversed())
            if self == .typeFirstAndCompact, let type = ordered.firstIndex(where: { $0.key == "type" }) {
                ordered.insert(ordered.remove(at: type), at: 0)
            }
            let written = ordered.map { member in
                let key = self == .reversedAndSpacedOut ? "\"\\u00" + String(member.key.utf8.first!, radix: 16) + JSONEscaping.quoted(member.key).dropFirst(2)
                    : JSONEscaping.quoted(member.key)
                return self == .reversedAndSpacedOut ? "\r\n\t  " + key + " \t: \r\n " + write(member.value) : key + ":" + write(member.value)
            }
            return self == .reversedAndSpacedOut ? "{ " + written.joined(separator: " ,") + "\r\n}" : "{" + written.joined(separator: ",") + "}"
        case .array(let items):
            let separator = self == .reversedAndSpacedOut ? " ,\n\t" : ","
            return (self == .reversedAndSpacedOut ? "[ \n" : "[") + items.map(write).joined(separator: separator) + (self == .reversedAndSpacedOut ? " ]" : "]")
        case .string(let text): return JSONEscaping.quoted(text)
        case .number(let number): return number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }
}
