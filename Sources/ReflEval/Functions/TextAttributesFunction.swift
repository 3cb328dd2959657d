/// `text-attributes(font: font(body), color: #333333, letter-spacing: 0.5pt)`:
/// UIKit's text attributes, each given by name (the language's one function
/// with named arguments; Grammar.md, "Named arguments").
enum TextAttributesFunction {
    /// The names an argument may have: the attributes, and `line-height`,
    /// which sets a multiple (`1.4`) or a fixed height (`20pt`: minimum and maximum).
    static let argumentNames = TextAttribute.Name.allCases.map(\.rawValue) + ["line-height"]

    static let all: [(String, BuiltinFunction)] = [
        ("text-attributes", BuiltinFunction(arity: 1...Int.max, arityText: "one or more attributes given by name", takesWords: true,
                                            takesNamedArguments: true, holdsColors: true) { arguments in
            // Every argument is checked: each mistake is reported, not only the first.
            var attributes: [TextAttribute] = []
            var given: Set<String> = []
            var failed = false
            for index in 0..<arguments.count {
                guard let name = arguments.forms.name(of: index) else {
                    arguments.report(EvalMessages.argumentNeedsName("text-attributes", names: argumentNames), at: index)
                    failed = true
                    continue
                }
                guard given.insert(name).inserted else {
                    arguments.report(EvalMessages.repeatedArgumentName("text-attributes", name), at: index)
                    failed = true
                    continue
                }
                if name == "line-height" {
                    guard let lineHeight = lineHeight(&arguments, index) else {
                        failed = true
                        continue
                    }
                    attributes += lineHeight
                    continue
                }
                guard let attribute = TextAttribute.Name(rawValue: name) else {
                    arguments.report(EvalMessages.unknownArgumentName("text-attributes", name, suggestion: Suggestions.closest(to: name, in: argumentNames),
                                                                      names: argumentNames), at: index)
                    failed = true
                    continue
                }
                guard let value = value(of: attribute, &arguments, index) else {
                    failed = true
                    continue
                }
                attributes.append(TextAttribute(attribute, value))
            }
            if failed { return nil }
            return .textAttributes(TextAttributes(attributes))
        }),
    ]

    /// `line-height: 1.4` (a multiple) or `line-height: 20pt` (minimum and maximum).
    private static func lineHeight(_ arguments: inout CallArguments, _ index: Int) -> [TextAttribute]? {
        switch arguments.values[index] {
        case .number(let multiple, nil) where multiple > 0:
            return [TextAttribute(.lineHeightMultiple, .number(multiple, unit: nil))]
        case .number(let height, let unit?) where height >= 0:
            return [TextAttribute(.minimumLineHeight, .number(height, unit: unit)), TextAttribute(.maximumLineHeight, .number(height, unit: unit))]
        default:
            arguments.typeError(index, "line-height", expected: "a multiple (1.4) or a height in points (20pt)")
            return nil
        }
    }

    /// The value of `attribute` at argument `index`: bare words read as
    /// the attribute's words (a color's name, an alignment, a line style).
    private static func value(of attribute: TextAttribute.Name, _ arguments: inout CallArguments, _ index: Int) -> StyleValue? {
        let word = arguments.word(index)
        switch attribute {
        case .font:
            if case .font = arguments.values[index] { return arguments.values[index] }
        case .color, .backgroundColor:
            if let word, let color = NamedColors.color(named: word) { return .color(color) }
            if arguments.values[index].isAnyColor { return arguments.values[index] }
        case .letterSpacing, .minimumLineHeight, .maximumLineHeight, .paragraphSpacing:
            if case .number(let length, _) = arguments.values[index], attribute == .letterSpacing || length >= 0 { return arguments.values[index] }
        case .lineHeightMultiple:
            if case .number(let multiple, nil) = arguments.values[index], multiple > 0 { return arguments.values[index] }
        case .alignment:
            if let word, let raw = Keywords.textAlignments[word] {
                return .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: word, rawValue: raw))
            }
        case .underline, .strikethrough:
            if let word, let style = lineStyles.first(where: { $0.word == word }) {
                return .enumCase(EnumCase(enumName: "NSUnderlineStyle", caseName: style.word, rawValue: style.rawValue))
            }
        case .shadow:
            if case .shadow = arguments.values[index] { return arguments.values[index] }
        }
        return arguments.typeError(index, "'\(attribute.rawValue)'", expected: expected[attribute]!)
    }

    /// `NSUnderlineStyle`'s line styles, with UIKit's raw values.
    static let lineStyles: [(word: String, rawValue: Int)] = [("none", 0), ("single", 1), ("thick", 2), ("double", 9)]

    /// What each attribute takes, for messages.
    private static let expected: [TextAttribute.Name: String] = [
        .font: "a font", .color: "a color", .backgroundColor: "a color", .letterSpacing: "a length (0.5pt)",
        .lineHeightMultiple: "a number above 0 (1.2)", .minimumLineHeight: "a length of 0 or more",
        .maximumLineHeight: "a length of 0 or more", .paragraphSpacing: "a length of 0 or more",
        .alignment: "an alignment: left, center, right, justified or natural",
        .underline: "a line style: none, single, thick or double", .strikethrough: "a line style: none, single, thick or double",
        .shadow: "a shadow: shadow(x, y, blur, color)",
    ]
}
