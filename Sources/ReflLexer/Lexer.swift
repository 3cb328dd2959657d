/// Turns the bytes of a `SourceFile` into tokens, one at a time.
///
/// The lexer is total: it never throws and never stops before the end of the
/// file. A damaged token (an unterminated string, a stray byte, invalid
/// UTF-8) gets a kind that says so, the problem is added to `diagnostics`,
/// and lexing goes on. It scans bytes, not `Character`s, and keeps no tokens:
/// the parser pulls them as it goes, so memory does not grow with the file.
public struct Lexer {
    public let file: SourceFile
    let bytes: [UInt8]
    /// Offset of the next byte to read.
    var position: Int
    public private(set) var diagnostics: [Diagnostic] = []
    /// At most this many diagnostics are kept; the rest are only counted
    /// (a file of random bytes has a problem every few bytes).
    public var diagnosticLimit = Int.max
    /// How many diagnostics were found past `diagnosticLimit`.
    public private(set) var omittedDiagnostics = 0

    public init(file: SourceFile) {
        self.file = file
        self.bytes = file.bytes
        // A UTF-8 byte order mark is allowed at the very start and ignored.
        let hasByteOrderMark = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        self.position = hasByteOrderMark ? 3 : 0
    }

    /// A lexer that starts at `offset`, which must be where a token or
    /// trivia starts when the file is lexed from its beginning (the lexer
    /// keeps no state between tokens but its position).
    public init(file: SourceFile, startingAt offset: Int) {
        self.init(file: file)
        position = max(position, offset)
    }

    /// Lexes a whole file: every token up to and including `endOfFile`.
    public static func tokenize(_ file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(file: file)
        var tokens: [Token] = []
        // About one token per four bytes in stylesheets as written: grown
        // by doubling instead, a large file's tokens were copied over and
        // over (the formatter's 1 MB run spent a sixth of its time there).
        // At most a million at first (24 MB), so that a huge file of few
        // tokens (one long comment) does not reserve gigabytes it never uses.
        tokens.reserveCapacity(min(file.bytes.count / 4, 1 << 20) + 16)
        repeat { tokens.append(lexer.next()) } while tokens.last!.kind != .endOfFile
        return (tokens, lexer.diagnostics)
    }

    /// The next token; `endOfFile` (an empty range at the end) forever after the last one.
    public mutating func next() -> Token {
        let (sawSpace, sawNewline) = skipTrivia()
        let start = position
        let kind = lexToken()
        return Token(kind: kind, range: SourceRange(start, position),
                     isPrecededBySpace: sawSpace, isAtLineStart: sawNewline)
    }

    mutating func report(_ message: Message, _ range: SourceRange) {
        guard diagnostics.count < diagnosticLimit else {
            omittedDiagnostics += 1
            return
        }
        diagnostics.append(Diagnostic(message, file: file, range: range))
    }

    // MARK: - Dispatch on the first byte

    @inline(__always)  // its one caller is `next`, once per token
    private mutating func lexToken() -> TokenKind {
        guard position < bytes.count else { return .endOfFile }
        let byte = bytes[position]
        switch byte {
        case UInt8(ascii: "{"): return single(.leftBrace)
        case UInt8(ascii: "}"): return single(.rightBrace)
        case UInt8(ascii: "("): return single(.leftParen)
        case UInt8(ascii: ")"): return single(.rightParen)
        case UInt8(ascii: "["): return single(.leftBracket)
        case UInt8(ascii: "]"): return single(.rightBracket)
        case UInt8(ascii: "&"): return single(.ampersand)
        case UInt8(ascii: "|"): return single(.pipe)
        case UInt8(ascii: ">"): return single(.greater)
        case UInt8(ascii: "~"): return single(.tilde)
        case UInt8(ascii: "*"): return single(.star)
        case UInt8(ascii: "/"): return single(.slash)  // `//` and `/*` are comments, skipped before
        case UInt8(ascii: ":"): return single(.colon)
        case UInt8(ascii: ";"): return single(.semicolon)
        case UInt8(ascii: ","): return single(.comma)
        case UInt8(ascii: "="): return single(.equals)
        case UInt8(ascii: "'"), UInt8(ascii: "\""): return lexString()
        case UInt8(ascii: "@"):
            position += 1
            skipIdentifierCharacters()
            return .atName
        case UInt8(ascii: "#"):
            position += 1
            skipIdentifierCharacters()
            return .hash
        case UInt8(ascii: "!"): return lexBang()
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return lexNumber()
        case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            if startsNumber(at: position) { return lexNumber() }
            if byte == UInt8(ascii: "-") && position + 1 < bytes.count && Self.isIdentifierStart(bytes[position + 1]) {
                skipIdentifierCharacters()
                return .identifier
            }
            switch byte {
            case UInt8(ascii: "."): return single(.dot)
            case UInt8(ascii: "+"): return single(.plus)
            default: return single(.minus)
            }
        default:
            if Self.isIdentifierStart(byte) {
                skipIdentifierCharacters()
                return .identifier
            }
            if byte >= 0x80, UTF8Scalar.length(in: bytes, at: position) != nil {
                skipIdentifierCharacters()  // a non-ASCII letter starts an identifier
                return .identifier
            }
            return lexInvalidCharacter()
        }
    }

    private mutating func single(_ kind: TokenKind) -> TokenKind {
        position += 1
        return kind
    }

    /// `!important` (spaces allowed after the `!`, as in CSS), or a lone `!`.
    private mutating func lexBang() -> TokenKind {
        position += 1
        var probe = position
        while probe < bytes.count, bytes[probe] == UInt8(ascii: " ") || bytes[probe] == UInt8(ascii: "\t") {
            probe += 1
        }
        let word: [UInt8] = Array("important".utf8)
        guard probe + word.count <= bytes.count, Array(bytes[probe..<probe + word.count]) == word,
              probe + word.count == bytes.count || !Self.isIdentifierCharacter(bytes[probe + word.count])
        else { return .bang }
        position = probe + word.count
        return .important
    }

    /// A byte that starts no token. A run of invalid UTF-8 is one token and
    /// one diagnostic; a valid but unexpected character is named in the message.
    private mutating func lexInvalidCharacter() -> TokenKind {
        let start = position
        if bytes[position] >= 0x80 && UTF8Scalar.length(in: bytes, at: position) == nil {
            while position < bytes.count, bytes[position] >= 0x80, UTF8Scalar.length(in: bytes, at: position) == nil {
                position += 1
            }
            report(LexerMessages.invalidUTF8(), SourceRange(start, position))
            return .invalidUTF8
        }
        let length = UTF8Scalar.length(in: bytes, at: position) ?? 1
        let scalar = UTF8Scalar.value(in: bytes, at: position, length: length)
        position += length
        report(LexerMessages.invalidCharacter(Self.describe(scalar)), SourceRange(start, position))
        return .invalidCharacter
    }

    /// `'x'` for visible characters, `U+0000` for invisible ones.
    static func describe(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        if scalar < 0x21 || scalar == 0x7F || (0x80..<0xA1).contains(scalar) || scalar == 0xFEFF {
            return code
        }
        return "'\(Unicode.Scalar(scalar).map(String.init) ?? "?")' (\(code))"
    }

    // MARK: - Character classes

    // Inlinable, as are the other tests of one byte: the condition scanner
    // and the parser call them from their own module for every byte they scan.
    @inlinable @inline(__always)
    public static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
    }

    /// ASCII letters, digits, `_`, `-` and `.`: one bit per byte value, in
    /// two 64-bit words (bytes 0–63 and 64–127).
    @usableFromInline static let identifierBitsLow: UInt64 = 0x03FF_6000_0000_0000   // - . 0-9
    @usableFromInline static let identifierBitsHigh: UInt64 = 0x07FF_FFFE_87FF_FFFE  // A-Z _ a-z

    @inlinable @inline(__always)
    public static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
        guard byte < 0x80 else { return false }
        let bits = byte < 0x40 ? identifierBitsLow : identifierBitsHigh
        return (bits >> UInt64(byte & 0x3F)) & 1 != 0
    }

    /// How many of the eight bytes of `word` (first byte lowest), from the
    /// first, are ASCII identifier characters. A byte below 0x80 is at least
    /// `n` exactly when `byte + (0x80 - n)` has its high bit set, and no sum
    /// carries into the next byte, so all eight are classified at once.
    @inline(__always)
    static func identifierRun(_ word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high = ones &* 0x80
        let ascii = ~word & high
        let low = word & ~high  // the bytes without their high bit: no sum below carries
        func atLeast(_ n: UInt64) -> UInt64 { (low &+ ones &* (0x80 - n)) & high }
        func inRange(_ first: UInt64, _ last: UInt64) -> UInt64 { atLeast(first) & ~atLeast(last + 1) }
        let matches = inRange(0x61, 0x7A) | inRange(0x41, 0x5A) | inRange(0x30, 0x39) | inRange(0x2D, 0x2E) | inRange(0x5F, 0x5F)
        let identifier = matches & ascii
        return (~identifier & high).trailingZeroBitCount / 8
    }

    /// Advances over identifier characters, including valid non-ASCII scalars.
    mutating func skipIdentifierCharacters() {
        // On a local index: `position` is a property of a struct the parser
        // holds, and writing it back on every byte would cost a store each.
        var index = position
        let end = bytes.count
        while index < end {
            // Eight bytes at a time while they are all ASCII identifier characters.
            if index + 8 <= end {
                let word = bytes.word(at: index)
                let run = Self.identifierRun(word)
                index += run
                if run == 8 { continue }
            }
            let byte = bytes[index]
            if Self.isIdentifierCharacter(byte) {
                index += 1
            } else if byte >= 0x80, let length = UTF8Scalar.length(in: bytes, at: index) {
                index += length
            } else {
                break
            }
        }
        position = index
    }
}
