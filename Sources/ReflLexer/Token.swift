/// What a token is. Damaged tokens have kinds of their own (the lexer never
/// throws): the parser treats them as what they were meant to be, so a
/// single typo yields a single diagnostic.
public enum TokenKind: UInt8, Sendable {
    /// `UIView`, `MyApp.FooLabel`, `flexible-width`, `__include`.
    case identifier
    /// `@name`: a variable, a namespace or the `@import` keyword.
    case atName
    /// `'...'` or `"..."`, quotes included.
    case string
    /// A string whose closing quote is missing (reported by the lexer).
    case unterminatedString
    /// `12`, `-3.5px`, `.5`, `50%`, `90deg`: sign, digits, fraction and any
    /// attached unit (validated later, so `12em` can be reported by name).
    case number
    /// `#` and the identifier characters after it (`#ff0000`).
    case hash
    /// `!important`.
    case important
    /// A `!` not followed by `important`.
    case bang
    case leftBrace, rightBrace, leftParen, rightParen
    /// `[` and `]`: the control states of a declaration (`title-color[highlighted]`).
    case leftBracket, rightBracket
    /// Punctuation of LESS and CSS that the language does not have: `.`
    /// (not starting a number: `.button {`, `.mixin();`), `&`, `|`, `>`,
    /// `~`. The lexer does not report them; the parser names the construct
    /// they belong to (a class selector, nesting, `a | b`, a child selector).
    case dot, ampersand, pipe, greater, tilde
    /// Arithmetic: `+` and `-` where they start no number and no name,
    /// `*`, and a `/` that starts no comment.
    case plus, minus, star, slash
    case colon, semicolon, comma, equals
    /// A byte or character that cannot start any token (reported by the lexer).
    case invalidCharacter
    /// Bytes that are not valid UTF-8 (reported by the lexer).
    case invalidUTF8
    case endOfFile

    /// How the kind is named in messages: `expected ';', found '}'`.
    public var displayName: String {
        switch self {
        case .identifier: return "identifier"
        case .atName: return "@name"
        case .string, .unterminatedString: return "string"
        case .number: return "number"
        case .hash: return "color"
        case .important: return "'!important'"
        case .bang: return "'!'"
        case .leftBrace: return "'{'"
        case .rightBrace: return "'}'"
        case .leftParen: return "'('"
        case .rightParen: return "')'"
        case .leftBracket: return "'['"
        case .rightBracket: return "']'"
        case .dot: return "'.'"
        case .ampersand: return "'&'"
        case .pipe: return "'|'"
        case .greater: return "'>'"
        case .tilde: return "'~'"
        case .plus: return "'+'"
        case .minus: return "'-'"
        case .star: return "'*'"
        case .slash: return "'/'"
        case .colon: return "':'"
        case .semicolon: return "';'"
        case .comma: return "','"
        case .equals: return "'='"
        case .invalidCharacter: return "invalid character"
        case .invalidUTF8: return "invalid UTF-8"
        case .endOfFile: return "end of file"
        }
    }
}

/// A token: its kind and byte range; the text is sliced from the source only
/// when someone asks for it.
public struct Token: Sendable, Equatable {
    public var kind: TokenKind
    // Four scalars, so that the lexer returns a token in registers rather
    // than through memory: the two flags in one byte, and the range's
    // offsets in 32 bits, as the syntax tree keeps them (a source file is
    // limited to 4 GiB). A token array is half the size it was, too.
    @usableFromInline var flags: UInt8
    @usableFromInline var start: UInt32
    @usableFromInline var end: UInt32

    /// Whitespace or a comment stands right before this token.
    @inlinable public var isPrecededBySpace: Bool {
        get { flags & 1 != 0 }
        set { flags = newValue ? flags | 1 : flags & ~1 }
    }
    /// A line break stands between this token and the previous one.
    @inlinable public var isAtLineStart: Bool {
        get { flags & 2 != 0 }
        set { flags = newValue ? flags | 2 : flags & ~2 }
    }
    @inlinable public var range: SourceRange {
        get { SourceRange(Int(start), Int(end)) }
        set {
            start = UInt32(truncatingIfNeeded: newValue.start)
            end = UInt32(truncatingIfNeeded: newValue.end)
        }
    }

    @inlinable
    public init(kind: TokenKind, range: SourceRange, isPrecededBySpace: Bool = false, isAtLineStart: Bool = false) {
        self.kind = kind
        self.flags = (isPrecededBySpace ? 1 : 0) | (isAtLineStart ? 2 : 0)
        self.start = UInt32(truncatingIfNeeded: range.start)
        self.end = UInt32(truncatingIfNeeded: range.end)
    }
}
