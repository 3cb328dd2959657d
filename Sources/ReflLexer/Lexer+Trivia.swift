extension Lexer {
    /// Skips whitespace and comments. Returns whether any was skipped and
    /// whether it held a line break (the parser uses that to recover from a
    /// missing `;` at the end of a line).
    @inline(__always)  // its one caller is `next`, once per token
    mutating func skipTrivia() -> (sawSpace: Bool, sawNewline: Bool) {
        var sawSpace = false
        var sawNewline = false
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C:
                // A run of spaces (indentation) on a local index, stored once.
                var index = position + 1
                while index < bytes.count && bytes[index] == UInt8(ascii: " ") { index += 1 }
                position = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // A line ends at LF, CR LF or a lone CR (a file of old Mac line ends).
                sawNewline = true
                position += 1
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*"):
                if skipBlockComment() { sawNewline = true }
            case UInt8(ascii: "/") where position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/"):
                skipLineComment()
            default:
                return (sawSpace, sawNewline)
            }
            sawSpace = true
        }
        return (sawSpace, sawNewline)
    }

    /// `/* ... */`, not nested. Returns whether it spans lines. An
    /// unterminated comment is reported at its `/*` and runs to the end of file.
    private mutating func skipBlockComment() -> Bool {
        let start = position
        position += 2
        var spansLines = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "*"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                position += 2
                return spansLines
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { spansLines = true }
            if byte >= 0x80 { skipNonASCII() } else { position += 1 }
        }
        report(LexerMessages.unterminatedComment(), SourceRange(start, start + 2))
        return spansLines
    }

    /// `// ...` up to (not including) the end of the line.
    private mutating func skipLineComment() {
        position += 2
        while position < bytes.count, bytes[position] != UInt8(ascii: "\n"), bytes[position] != UInt8(ascii: "\r") {
            if bytes[position] >= 0x80 { skipNonASCII() } else { position += 1 }
        }
    }

    /// Advances over one non-ASCII scalar, or over a run of invalid bytes
    /// (reported once), wherever they stand: comments, strings.
    mutating func skipNonASCII() {
        if let length = UTF8Scalar.length(in: bytes, at: position) {
            position += length
            return
        }
        let start = position
        while position < bytes.count, bytes[position] >= 0x80, UTF8Scalar.length(in: bytes, at: position) == nil {
            position += 1
        }
        report(LexerMessages.invalidUTF8(), SourceRange(start, position))
    }
}
