import ReflLexer

/// The result of parsing one file: its syntax tree and every problem found.
public struct ParseResult: Sendable {
    public var syntax: StylesheetSyntax
    /// Lexer and parser diagnostics, in source order.
    public var diagnostics: [Diagnostic]
    /// How many more were found past the limit the parse was given.
    public var omittedDiagnostics = 0
}

/// A hand-written recursive-descent parser for Reflektor stylesheets.
///
/// Each production of `Grammar.md` is one `parseX` method of the same name,
/// in the `Parser+*.swift` file for its part of the grammar. The parser never
/// stops at the first error: it reports, skips to a synchronizing token
/// (`}` > `;` > a new line that starts a declaration) and goes on, so one run
/// finds every independent error.
///
/// The verbs, used by every production:
/// - `at(kind)` — is the current token of this kind? (never consumes)
/// - `advance()` — consume the current token, whatever it is
/// - `eat(kind)` — consume the current token if it has this kind
/// - `error(...)` — report, unless an error was already reported at that spot
public struct Parser {
    /// How deeply values may nest (`f(g(h(...)))`) before the parser reports
    /// an error instead of recursing further.
    public static let maximumNesting = LanguageLimits.maximumNesting

    var lexer: Lexer
    /// The token being looked at.
    var current: Token
    /// The token after `current`; the only lookahead the grammar needs.
    var lookahead: Token
    /// End offset of the last consumed token: where a missing `;` belongs.
    var previousEnd = 0
    /// Kind of the last consumed token.
    var previousKind = TokenKind.endOfFile
    var syntax: StylesheetSyntax
    /// The file's bytes, for the parser's own reads: through a pointer, so
    /// that threads parsing pieces of one file never touch its reference
    /// count (which would make the cores fight over that cache line).
    let source: [UInt8]
    var diagnostics: [Diagnostic] = []
    /// At most this many parser diagnostics are kept (and as many of the
    /// lexer's); the rest are counted in `omittedDiagnostics`.
    var diagnosticLimit = Int.max
    var omittedDiagnostics = 0
    /// Start of the last unterminated string value that ran over a `}`
    /// (reported by the lexer): the block it was in lacks no `}` of its own.
    var swallowedBrace = -1
    /// Offset of the last reported error, so one spot is reported once.
    private var lastErrorOffset = -1
    /// Storage `parseSelectorParts` reuses from selector to selector.
    var selectorParts: [Token] = []
    /// The declaration keys interned last (see `RecentKeys`).
    var recentKeys = RecentKeys()
    /// Where top-level parsing stops: the end of the piece being parsed
    /// (see `Parser+Pieces.swift`); the end of the file otherwise.
    var stopOffset = Int.max

    var file: SourceFile { syntax.file }

    /// Parses a whole file, keeping at most `diagnosticLimit` diagnostics
    /// of the lexer and as many of the parser (the rest are counted).
    public static func parse(_ file: SourceFile, diagnosticLimit: Int = .max) -> ParseResult {
        var parser = Parser(file: file)
        parser.limitDiagnostics(to: diagnosticLimit)
        parser.parseStylesheet()
        let all = parser.lexer.diagnostics + parser.diagnostics
        return ParseResult(syntax: parser.syntax, diagnostics: all.sortedForDisplay(fileOrder: [file]),
                           omittedDiagnostics: parser.lexer.omittedDiagnostics + parser.omittedDiagnostics)
    }

    mutating func limitDiagnostics(to limit: Int) {
        diagnosticLimit = limit
        lexer.diagnosticLimit = limit
    }

    /// Keeps `diagnostic` unless the limit is reached (then counts it).
    mutating func keep(_ diagnostic: Diagnostic) {
        guard diagnostics.count < diagnosticLimit else {
            omittedDiagnostics += 1
            return
        }
        diagnostics.append(diagnostic)
    }

    /// A parser that starts at `start`: the file's beginning, or a point
    /// just after a top-level `}` (then that `}` counts as the previous token).
    init(file: SourceFile, start: Int = 0, reservingFor byteCount: Int? = nil) {
        source = file.bytes
        lexer = Lexer(file: file, startingAt: start)
        current = lexer.next()
        lookahead = current.kind == .endOfFile ? current : lexer.next()
        syntax = StylesheetSyntax(file: file)
        if start > 0 {
            previousEnd = start
            previousKind = .rightBrace
        }
        // Typical stylesheets have one value node per 15 to 20 bytes, one
        // declaration per 30 to 40 and one rule per 100 to 400; reserving
        // for one per 8, per 16 and per 64 avoids copying the arrays as they
        // grow (which would briefly need them twice, in fresh memory that
        // the kernel faults in page by page). Reserved pages never written
        // cost no memory; the nodes and declarations of a piece of several
        // MiB are given huge pages as they are written.
        let bytes = byteCount ?? source.count
        syntax.values.reserve(bytes / 8)
        syntax.declarations.reserve(fillingFromStart: bytes / 16)
        syntax.items.reserveCapacity(bytes / 64)
    }

    // MARK: - Verbs

    func at(_ kind: TokenKind) -> Bool { current.kind == kind }

    /// Whether the current token is the identifier `word`.
    func at(word: StaticString) -> Bool {
        current.kind == .identifier && spells(current.range, word)
    }

    /// Whether the bytes of `range` spell `word` exactly. Inlined: a call
    /// of a method that does not mutate the parser, made from one that does,
    /// would copy the whole parser to hand it over.
    @inline(__always)
    func spells(_ range: SourceRange, _ word: StaticString) -> Bool {
        source.spells(word, in: range.start..<range.end)
    }

    /// Consumes the current token and returns it.
    @discardableResult @inline(__always)
    mutating func advance() -> Token {
        let token = current
        if token.kind != .endOfFile {
            previousEnd = token.range.end
            previousKind = token.kind
            current = lookahead
            lookahead = current.kind == .endOfFile ? current : lexer.next()
        }
        return token
    }

    /// Consumes the current token if it is of `kind`.
    @inline(__always)
    mutating func eat(_ kind: TokenKind) -> Token? {
        at(kind) ? advance() : nil
    }

    /// Reports an error, unless one was already reported at the same place
    /// or the lexer already reported the damaged token found there.
    mutating func error(_ message: Message, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        guard range.start != lastErrorOffset else { return }
        if range.start == current.range.start, current.kind == .invalidCharacter || current.kind == .invalidUTF8 {
            return
        }
        lastErrorOffset = range.start
        keep(Diagnostic(message, file: file, range: range, notes: notes))
    }

    /// A note pointing at an opening bracket: "to match this '{'".
    func matchNote(_ token: Token) -> Diagnostic.Note {
        Diagnostic.Note("to match this '\(file.text(token.range))'", file: file, range: token.range)
    }

    /// Whether the current token starts a variable definition (`@name:` or `@name =`).
    var startsVariableDefinition: Bool {
        current.kind == .atName && (lookahead.kind == .colon || lookahead.kind == .equals)
    }

    /// How the current token is named in "found ..." messages.
    var found: String { describe(current) }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .endOfFile: return "end of file"
        case .invalidCharacter, .invalidUTF8: return token.kind.displayName
        default:
            let text = file.text(token.range)
            return "'" + (text.count > 40 ? String(text.prefix(37)) + "..." : text) + "'"
        }
    }

    // MARK: - Recovery

    /// After an error in a declaration: skips to just past the next `;`, or
    /// to the `}` that ends the block, or to a line that starts a new
    /// declaration (`name:`) or variable definition (`@name:`), jumping over
    /// bracketed groups whole.
    mutating func recoverInBlock() {
        recover(atTopLevel: false)
    }

    /// After an error at the top level: skips past the next `;` or `}` at
    /// depth 0, or stops before a line that starts with a name (a likely new
    /// rule or variable), jumping over `{...}` blocks whole.
    mutating func recoverAtTopLevel() {
        recover(atTopLevel: true)
    }

    /// The skipping both recoveries share; they differ in where they stop.
    private mutating func recover(atTopLevel: Bool) {
        var depth = 0
        var first = true
        while !at(.endOfFile) {
            let kind = current.kind
            if kind == .semicolon && depth == 0 {
                advance()
                return
            }
            if atTopLevel {
                if kind == .rightBrace && depth <= 1 {
                    advance()  // the `}` ending the broken item, or closing the block it opened
                    return
                }
                if (kind == .identifier || kind == .atName) && depth == 0 && !first && current.isAtLineStart { return }
            } else {
                if kind == .rightBrace && depth == 0 { return }
                if depth == 0 && !first && current.isAtLineStart
                    && (kind == .identifier && lookahead.kind == .colon || startsVariableDefinition) { return }
            }
            switch kind {
            case .leftParen, .leftBrace:
                depth += 1
            case .rightParen, .rightBrace:
                depth = max(0, depth - 1)
            default:
                break
            }
            first = false
            advance()
        }
    }

    /// Skips a bracketed group whose opening token is current, whole.
    mutating func skipBalancedGroup() {
        var depth = 0
        repeat {
            switch current.kind {
            case .leftParen, .leftBrace: depth += 1
            case .rightParen, .rightBrace: depth -= 1
            default: break
            }
            advance()
        } while depth > 0 && !at(.endOfFile)
    }
}
