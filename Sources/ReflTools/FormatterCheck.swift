import ReflLexer
import ReflParser

/// The formatter's guarantee, checked on every result: the layout parses
/// without errors, holds the same tokens as the source in the same order
/// (the `;` of empty statements, the spelling of `!important` and `=` for
/// `:` aside) and the same comments, keeps what each `-` means, and formats
/// to itself.
enum FormatterCheck {
    /// What is wrong with `formatted` as the layout of `original` (whose
    /// tokens are `originalTokens`), or nil. Each file is lexed once.
    static func problem(original: SourceFile, originalTokens: [Token], formatted: [UInt8]) -> String? {
        let layout = SourceFile(path: original.path, bytes: formatted)
        if let error = Parser.parse(layout).diagnostics.first(where: { $0.severity == .error }) {
            return "the layout would not parse (\(error.message))"
        }
        let layoutTokens = Lexer.tokenize(layout).tokens
        if meaning(of: original, originalTokens) != meaning(of: layout, layoutTokens) {
            return "the layout would change the stylesheet's tokens"
        }
        if comments(in: original, originalTokens) != comments(in: layout, layoutTokens) {
            return "the layout would lose or change a comment"
        }
        var again = FormatterLayout(bytes: formatted, tokens: layoutTokens)
        again.formatStylesheet()
        return again.output == formatted ? nil : "the layout would not be stable"
    }

    /// A token as far as meaning goes.
    struct MeaningfulToken: Equatable {
        let kind: TokenKind
        let text: ArraySlice<UInt8>
        /// For a `-` after an operand: whether whitespace stands on both of
        /// its sides, which makes it a subtraction.
        let isSpacedMinus: Bool
    }

    static func meaning(of file: SourceFile, _ tokens: [Token]) -> [MeaningfulToken] {
        var meaning: [MeaningfulToken] = []
        meaning.reserveCapacity(tokens.count)
        for (position, token) in tokens.enumerated() where token.kind != .semicolon {
            var kind = token.kind
            var text = file.bytes[token.range.start..<token.range.end]
            switch kind {
            case .equals:
                kind = .colon
                text = ArraySlice(":".utf8)
            case .important:
                text = ArraySlice("!important".utf8)
            default: break
            }
            let isSpacedMinus = kind == .minus && position > 0 && position + 1 < tokens.count
                && endsOperand(tokens[position - 1].kind)
                && token.isPrecededBySpace && tokens[position + 1].isPrecededBySpace
            meaning.append(MeaningfulToken(kind: kind, text: text, isSpacedMinus: isSpacedMinus))
        }
        return meaning
    }

    /// Every comment of the file, in order.
    static func comments(in file: SourceFile, _ tokens: [Token]) -> [ArraySlice<UInt8>] {
        var comments: [ArraySlice<UInt8>] = []
        var start = FormatterLayout.startOffset(file.bytes)
        for token in tokens {
            comments += FormatterGap(bytes: file.bytes, range: SourceRange(start, token.range.start)).comments.map(\.text)
            start = token.range.end
        }
        return comments
    }

    private static func endsOperand(_ kind: TokenKind) -> Bool {
        switch kind {
        case .number, .string, .hash, .atName, .identifier, .rightParen: return true
        default: return false
        }
    }
}
