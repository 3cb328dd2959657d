/// A readable listing of a file's tokens, one per line, for tests and for
/// `reflc tokens`:
///
///     1:1 identifier 'UIView'
///     1:8 leftBrace '{'
///
/// Damaged tokens show their kind (`unterminatedString`), and the lexer's
/// diagnostics follow the tokens.
public enum TokenDump {
    public static func dump(_ file: SourceFile) -> String {
        let (tokens, diagnostics) = Lexer.tokenize(file)
        return dump(file, tokens: tokens, diagnostics: diagnostics)
    }

    /// The listing of `tokens` and `diagnostics`, what the lexer made of `file`.
    public static func dump(_ file: SourceFile, tokens: [Token], diagnostics: [Diagnostic]) -> String {
        let lines = LineTable(file)
        var out = ""
        for token in tokens {
            let (line, column) = lines.location(of: token.range.start)
            out += "\(line):\(column) \(token.kind.dumpName)"
            if token.kind != .endOfFile { out += " '\(escape(file.text(token.range)))'" }
            out += "\n"
        }
        for diagnostic in diagnostics {
            let (line, column) = lines.location(of: diagnostic.range.start)
            out += "\(line):\(column) \(diagnostic.severity.rawValue): \(diagnostic.message)\n"
        }
        return out
    }

    /// Makes control characters and line breaks visible in a dump line.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension TokenKind {
    /// The case name, as shown in token dumps (`leftBrace`).
    public var dumpName: String { String(describing: self) }
}
