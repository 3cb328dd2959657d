import ReflLexer

/// `font`: a font by name and size, the system font with a weight, or a
/// Dynamic Type text style.
///
///     font(NAME, SIZE)                  font(STYLE)
///     font(NAME, SIZE, STYLE)           font(STYLE, WEIGHT)
///     font(SYSTEM, SIZE, WEIGHT)        font(SYSTEM, SIZE, STYLE, WEIGHT)  (or WEIGHT, STYLE)
///
/// STYLE and WEIGHT are bare words in the call, or variables defined as
/// bare words (`@weight: black;`): the word is read as a style or a weight
/// (`black` is then the weight, not the color). SYSTEM is `'system'` or
/// `'-apple-system'`.
enum FontFunctions {
    static let all: [(String, BuiltinFunction)] = [
        ("font", BuiltinFunction(arity: 1...4, arityText: "1 to 4 arguments (name, size[, text style][, weight] or text style[, weight])",
                                 takesWords: true) { arguments in
            // A word first (`font(body)`, `font(@style)`), else a name and a size.
            if case .identifier = arguments.values[0] { return styleFont(&arguments) }
            return arguments.wordOrVariableWord(0) != nil ? styleFont(&arguments) : namedFont(&arguments)
        }),
    ]

    /// `font(STYLE)` and `font(STYLE, WEIGHT)`: the system font at the
    /// style's size for the `large` content size.
    private static func styleFont(_ arguments: inout CallArguments) -> StyleValue? {
        guard let word = arguments.wordOrVariableWord(0) else {
            return arguments.typeError(0, "text style", expected: "a text style (\(styleList)), written as a bare word")
        }
        if FontWeight(rawValue: word) != nil && TextStyle(rawValue: word) == nil {
            arguments.report(EvalMessages.weightWithoutFont(word), at: 0)
            return nil
        }
        // `font(Avenir, 16pt)`: a font name written without quotes.
        if TextStyle(rawValue: word) == nil, arguments.count >= 2, case .number = arguments.values[1],
           Suggestions.closest(to: word, in: TextStyle.allCases.map(\.rawValue) + FontWeight.allCases.map(\.rawValue)) == nil {
            arguments.report(EvalMessages.unquotedFontName(word), at: 0)
            return nil
        }
        guard let style = textStyle(word, at: 0, &arguments) else { return nil }
        var weight: FontWeight?
        if arguments.count > 2 {
            arguments.report(EvalMessages.arity("font", expected: "1 or 2 arguments when it starts with a text style (style[, weight])",
                                                found: arguments.count), at: 2)
            return nil
        }
        if arguments.count == 2 {
            guard let word = arguments.wordOrVariableWord(1), let found = FontWeight(rawValue: word) else {
                return arguments.typeError(1, "weight", expected: "one of \(weightList), written as a bare word")
            }
            weight = found
        }
        let size = DynamicType.size(of: style, at: .large)
        return .font(Font(name: "system", size: .points(size, unit: .pt), isSystem: true, weight: weight, textStyle: style))
    }

    /// `font(NAME, SIZE[, STYLE][, WEIGHT])`.
    private static func namedFont(_ arguments: inout CallArguments) -> StyleValue? {
        guard let name = arguments.string(0, "font name") else { return nil }
        guard arguments.count >= 2 else {
            arguments.report(EvalMessages.arity("font", expected: "a size after the name", found: arguments.count), at: 0)
            return nil
        }
        let isSystem = name == "system" || name == "-apple-system"
        var font: Font
        switch arguments.values[1] {
        case .number(let points, let unit): font = Font(name: name, size: .points(points, unit: unit), isSystem: isSystem)
        case .percent(let percent): font = Font(name: name, size: .percent(percent), isSystem: isSystem)
        default: return arguments.typeError(1, "size", expected: "a number (pt, px) or a percentage")
        }
        for index in 2..<arguments.count {
            guard let word = arguments.wordOrVariableWord(index) else {
                return arguments.typeError(index, "argument \(index + 1)", expected: "a text style or a weight, written as a bare word")
            }
            if let weight = FontWeight(rawValue: word), font.weight == nil {
                guard isSystem else {
                    arguments.report(EvalMessages.weightOfNamedFont(name), at: index)
                    return nil
                }
                font.weight = weight
            } else if let style = TextStyle(rawValue: word), font.textStyle == nil {
                if case .percent = font.size {
                    arguments.report(EvalMessages.textStyleWithPercent(), at: 1)
                    return nil
                }
                font.textStyle = style
            } else if FontWeight(rawValue: word) != nil || TextStyle(rawValue: word) != nil {
                arguments.report(EvalMessages.fontWordTwice(word), at: index)
                return nil
            } else {
                _ = textStyle(word, at: index, &arguments)
                return nil
            }
        }
        return .font(font)
    }

    /// The text style `word`, or nil with an error naming the styles.
    private static func textStyle(_ word: String, at index: Int, _ arguments: inout CallArguments) -> TextStyle? {
        if let style = TextStyle(rawValue: word) { return style }
        let candidates = TextStyle.allCases.map(\.rawValue) + FontWeight.allCases.map(\.rawValue)
        arguments.report(EvalMessages.unknownFontWord(word, suggestion: Suggestions.closest(to: word, in: candidates)), at: index)
        return nil
    }

    private static let weightList = FontWeight.allCases.map(\.rawValue).joined(separator: ", ")
    private static let styleList = TextStyle.allCases.map(\.rawValue).joined(separator: ", ")
}
