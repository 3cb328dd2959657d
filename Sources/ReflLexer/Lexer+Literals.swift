extension Lexer {
    // MARK: - Strings

    /// `'...'` or `"..."` on one line, with `\'`, `\"`, `\\` and `\n`
    /// escapes. Without its closing quote the token stops at the end of the
    /// line and is reported at its opening quote.
    mutating func lexString() -> TokenKind {
        let start = position
        let quote = bytes[position]
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case quote:
                position += 1
                return .string
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return unterminatedString(start: start, quote: quote)
            case UInt8(ascii: "\\"):
                lexEscape()
            case 0x80...:
                skipNonASCII()
            default:
                position += 1
            }
        }
        return unterminatedString(start: start, quote: quote)
    }

    private mutating func unterminatedString(start: Int, quote: UInt8) -> TokenKind {
        report(LexerMessages.unterminatedString(quote: quote), SourceRange(start, start + 1))
        return .unterminatedString
    }

    /// One escape: the backslash and the byte after it. A line break after
    /// the backslash is left for the string to stop at.
    private mutating func lexEscape() {
        let start = position
        position += 1
        guard position < bytes.count else { return }
        switch bytes[position] {
        case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"):
            position += 1
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return
        default:
            let length = UTF8Scalar.length(in: bytes, at: position) ?? 1
            position += length
            report(LexerMessages.unknownEscape(file.text(SourceRange(start, position))), SourceRange(start, position))
        }
    }

    // MARK: - Numbers

    /// Whether a number starts at `index`: an optional sign, then a digit or
    /// a `.` followed by a digit.
    func startsNumber(at index: Int) -> Bool {
        var index = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { return false }
        if Self.isDigit(bytes[index]) { return true }
        return bytes[index] == UInt8(ascii: ".") && index + 1 < bytes.count && Self.isDigit(bytes[index + 1])
    }

    /// Sign, digits, an optional fraction, and whatever unit is attached:
    /// `%` or a run of letters. The unit is checked by the compiler, so an
    /// unknown one (`12em`, `1e9`) is reported by name instead of as garbage.
    mutating func lexNumber() -> TokenKind {
        if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
        skipDigits()
        if position + 1 < bytes.count, bytes[position] == UInt8(ascii: "."), Self.isDigit(bytes[position + 1]) {
            position += 1
            skipDigits()
        }
        if position < bytes.count {
            if bytes[position] == UInt8(ascii: "%") {
                position += 1
            } else if Self.isIdentifierStart(bytes[position]) {
                while position < bytes.count, Self.isIdentifierStart(bytes[position]) || Self.isDigit(bytes[position])
                    || bytes[position] == UInt8(ascii: "-") {
                    position += 1
                }
            }
        }
        return .number
    }

    private mutating func skipDigits() {
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
    }

    @inlinable @inline(__always)
    public static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
