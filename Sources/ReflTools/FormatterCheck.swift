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
        // Everything here reads only the two files, so it runs two at a
        // time: the layout's parse beside its tokens and its own layout
        // (made of any tokens), then the comparison of the two files'
        // tokens beside that of their comments. A problem is told in that
        // order: the parse's, the tokens', the comments', the layout's.
        var parseError: Diagnostic?
        var layoutTokens: [Token] = []
        var isStable = false
        Concurrency.run({
            parseError = Parser.parse(layout).diagnostics.first(where: { $0.severity == .error })
        }, alongside: {
            layoutTokens = Lexer.tokenize(layout).tokens
            var again = FormatterLayout(bytes: formatted, tokens: layoutTokens)
            again.formatStylesheet()
            isStable = again.output.hasSameBytes(as: formatted)
        })
        if let parseError { return "the layout would not parse (\(parseError.message))" }
        var tokensAgree = false, commentsAgree = false
        Concurrency.run({ tokensAgree = sameMeaning(original, originalTokens, layout, layoutTokens) },
                        alongside: { commentsAgree = sameComments(original, originalTokens, layout, layoutTokens) })
        if !tokensAgree { return "the layout would change the stylesheet's tokens" }
        if !commentsAgree { return "the layout would lose or change a comment" }
        return isStable ? nil : "the layout would not be stable"
    }

    /// Whether the two files hold the same tokens as far as meaning goes:
    /// the same kinds and texts in the same order, the `;` of empty
    /// statements aside, `=` taken as `:`, `!important` however spaced, and
    /// a `-` after an operand a subtraction in both or in neither (spaced on
    /// both sides). Compared in step, without copying a token: a large file
    /// has hundreds of thousands.
    static func sameMeaning(_ first: SourceFile, _ firstTokens: [Token], _ second: SourceFile, _ secondTokens: [Token]) -> Bool {
        var left = MeaningCursor(file: first, tokens: firstTokens)
        var right = MeaningCursor(file: second, tokens: secondTokens)
        let firstBytes = first.bytes, secondBytes = second.bytes
        while true {
            let a = left.next(), b = right.next()
            guard let a, let b else { return a == nil && b == nil }
            guard a.kind == b.kind, a.isSpacedMinus == b.isSpacedMinus else { return false }
            switch a.kind {
            case .colon, .important: continue  // `=` for `:`, and `!important` however written
            default:
                // Compared where the bytes lie: two slices would count two
                // references a token (35M instructions of a 1 MB file's check).
                guard a.range.count == b.range.count,
                      firstBytes.equalBytes(in: a.range.start..<a.range.end, secondBytes, from: b.range.start) else { return false }
            }
        }
    }

    /// The meaningful tokens of a file, one after another.
    private struct MeaningCursor {
        let file: SourceFile
        let tokens: [Token]
        var position = 0

        mutating func next() -> (kind: TokenKind, range: SourceRange, isSpacedMinus: Bool)? {
            while position < tokens.count && tokens[position].kind == .semicolon { position += 1 }
            guard position < tokens.count else { return nil }
            defer { position += 1 }
            let token = tokens[position]
            let kind: TokenKind = token.kind == .equals ? .colon : token.kind
            let isSpacedMinus = kind == .minus && position > 0 && position + 1 < tokens.count
                && FormatterCheck.endsOperand(tokens[position - 1].kind)
                && token.isPrecededBySpace && tokens[position + 1].isPrecededBySpace
            return (kind, token.range, isSpacedMinus)
        }
    }

    /// Whether the two files hold the same comments in the same order, their
    /// line ends aside (the layout writes each as `\n`).
    static func sameComments(_ first: SourceFile, _ firstTokens: [Token], _ second: SourceFile, _ secondTokens: [Token]) -> Bool {
        let a = commentRanges(in: first, firstTokens), b = commentRanges(in: second, secondTokens)
        guard a.count == b.count else { return false }
        func lineEndsAsLF(_ text: ArraySlice<UInt8>) -> [UInt8] {
            var bytes: [UInt8] = []
            FormatterGap.withLFLineEnds(text) { bytes.append(contentsOf: $0) }
            return bytes
        }
        return zip(a, b).allSatisfy { x, y in
            let (textX, textY) = (first.bytes[x.start..<x.end], second.bytes[y.start..<y.end])
            return textX.elementsEqual(textY) || lineEndsAsLF(textX) == lineEndsAsLF(textY)
        }
    }

    /// Where each comment of the file is, in order. Only the gaps between
    /// tokens that hold a `/` are looked into.
    static func commentRanges(in file: SourceFile, _ tokens: [Token]) -> [SourceRange] {
        var ranges: [SourceRange] = []
        let bytes = file.bytes
        var start = FormatterLayout.startOffset(bytes)
        for token in tokens {
            let gap = SourceRange(start, token.range.start)
            start = token.range.end
            guard FormatterGap.mayHoldComment(bytes, gap) else { continue }
            for comment in FormatterGap(bytes: bytes, range: gap).comments {
                ranges.append(SourceRange(comment.text.startIndex, comment.text.endIndex))
            }
        }
        return ranges
    }

    fileprivate static func endsOperand(_ kind: TokenKind) -> Bool {
        switch kind {
        case .number, .string, .hash, .atName, .identifier, .rightParen: return true
        default: return false
        }
    }
}
