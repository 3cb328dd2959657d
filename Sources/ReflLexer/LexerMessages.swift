/// Every message the lexer can report, in one place.
enum LexerMessages {
    static func unterminatedString(quote: UInt8) -> Message {
        let quote = String(UnicodeScalar(quote))
        return .error(.unterminatedString,
                      "unterminated string; expected a closing \(quote) before the end of the line")
    }

    static func unterminatedComment() -> Message {
        .error(.unterminatedComment, "unterminated comment; expected '*/' before the end of the file")
    }

    static func unknownEscape(_ text: String) -> Message {
        .error(.unknownEscape,
               "unknown escape sequence '\(text)'; strings accept \\', \\\", \\\\ and \\n")
    }

    static func invalidUTF8() -> Message {
        .error(.invalidUTF8, "invalid UTF-8 byte sequence; the file must be saved as UTF-8")
    }

    static func invalidCharacter(_ description: String) -> Message {
        .error(.invalidCharacter, "unexpected character \(description)")
    }
}
