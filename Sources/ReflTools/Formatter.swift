import ReflLexer
import ReflParser

/// `reflc fmt`: rewrites a stylesheet in the one canonical layout.
///
/// The layout: 4-space indentation; one declaration per line as
/// `key: value;` (the last `;` added, empty ones dropped); `, ` between
/// arguments and list items, no space inside parentheses and brackets; one
/// space before `{`; one blank line around every rule and namespace, and
/// elsewhere a blank line where the source had one; comments where they
/// stood (at the end of a line, or on a line of their own). Token texts —
/// strings, numbers, colors, condition strings, names — are copied byte for
/// byte, and so is whether whitespace stands around an operator (it decides
/// what `-` means).
///
/// Only a file without syntax errors is formatted. A result that differs
/// from the file is checked before it is returned: it must parse without
/// errors, hold the same tokens in the same order, and format to itself (a
/// result equal to the file passes by itself). A file that would fail the
/// check is refused, never damaged.
public enum StylesheetFormatter {
    /// What formatting a file gave.
    public enum Outcome: Sendable {
        /// The file in the canonical layout (equal to the input when it already was).
        case formatted([UInt8])
        /// The file has syntax errors (these), and is not formatted.
        case syntaxErrors([Diagnostic])
        /// The layout could not be made without a risk to the file's
        /// meaning (a comment where the layout has no place for it): the
        /// reason, in words.
        case refused(String)
    }

    /// Formats `file`.
    public static func format(_ file: SourceFile) -> Outcome {
        // The parse (which only looks for syntax errors) and the layout,
        // made from the tokens alone, are independent: they are made at the
        // same time, and the layout is dropped if the parse finds errors (it
        // is made of any tokens, see `FormatterLayout.advance()`).
        var parse: ParseResult?
        var tokens: [Token] = []
        var output: [UInt8] = []
        Concurrency.run({ parse = Parser.parse(file) }, alongside: {
            tokens = Lexer.tokenize(file).tokens
            var layout = FormatterLayout(bytes: file.bytes, tokens: tokens)
            layout.formatStylesheet()
            output = layout.output
        })
        let parsed = parse!  // set by the first of the two, which has returned
        let errors = parsed.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty && parsed.omittedDiagnostics == 0 else { return .syntaxErrors(errors) }
        // A file already in the layout (most files an editor formats on
        // save) passes the check by itself: its tokens and comments are
        // its own, it parsed without errors above, and formatting it again
        // is formatting it.
        if output.hasSameBytes(as: file.bytes) { return .formatted(output) }
        if let problem = FormatterCheck.problem(original: file, originalTokens: tokens, formatted: output) {
            return .refused(problem)
        }
        return .formatted(output)
    }
}

/// One run of the formatter over a file's tokens, writing the layout.
struct FormatterLayout {
    let bytes: [UInt8]
    let tokens: [Token]
    /// What is written: appended to without an array's check of its
    /// storage on every byte, which was about half of the layout's time.
    /// A copy of the layout would write into the same buffer: one is made
    /// for each run, and not copied.
    private let written: ByteBuffer
    /// The layout written.
    var output: [UInt8] { written.bytes }
    /// The token being looked at.
    private var index = 0
    /// Indentation of the current block, in levels of 4 spaces.
    private var depth = 0
    /// The last line written ends with a `//` comment: nothing may follow on it.
    private var lineIsClosed = false
    /// The token before which the last gap was written. A gap is written
    /// once: in a file cut short, the layout stays at the end, where each
    /// part of the statement left would write the last gap again.
    private var lastGapWritten = -1

    init(bytes: [UInt8], tokens: [Token]) {
        self.bytes = bytes
        self.tokens = tokens
        // The layout is about the size of the source: written into room made once.
        written = ByteBuffer(capacity: bytes.count + bytes.count / 8 + 64)
    }

    private var current: Token { tokens[index] }
    private func kind(at offset: Int) -> TokenKind { tokens[min(index + offset, tokens.count - 1)].kind }
    private func text(of token: Token) -> ArraySlice<UInt8> { bytes[token.range.start..<token.range.end] }

    /// What a top-level item is, decided by its first two tokens.
    private enum Item: Equatable {
        case importStatement, namespace, variable, rule, viewDeclaration

        /// Rules, namespaces and declarations stand apart from everything by a blank line.
        var isBlock: Bool { self == .namespace || self == .rule || self == .viewDeclaration }
    }

    private func topLevelItem() -> Item {
        guard current.kind == .atName else { return .rule }
        if text(of: current).elementsEqual("@import".utf8) { return .importStatement }
        if text(of: current).elementsEqual("@view".utf8) && kind(at: 1) == .identifier { return .viewDeclaration }
        return kind(at: 1) == .leftBrace ? .namespace : .variable
    }

    // MARK: Stylesheet, namespaces, rules

    mutating func formatStylesheet() {
        var previous: Item?
        while current.kind != .endOfFile {
            if current.kind == .semicolon {
                skipToken()
                continue
            }
            let item = topLevelItem()
            let forcedBlank = previous.map { $0.isBlock || item.isBlock } ?? false
            placeGap(before: index, forcedBlankLine: forcedBlank, allowsBlankLine: previous != nil)
            startLine()
            switch item {
            case .importStatement, .variable: formatStatement()
            case .namespace: formatBlock(header: { $0.writeToken() }, body: { $0.formatStatement() })
            case .rule: formatBlock(header: { $0.formatSelector() }, body: { $0.formatDeclaration() })
            case .viewDeclaration: formatBlock(header: { $0.formatViewHeader() }, body: { $0.formatDeclaration() })
            }
            previous = item
        }
        placeGap(before: index, forcedBlankLine: false, allowsBlankLine: previous != nil)
        if written.count > 0 && written.last != UInt8(ascii: "\n") { written.append(UInt8(ascii: "\n")) }
    }

    /// `HEADER {`, each statement of the body on its own line one level
    /// deeper, `}` on a line of its own.
    private mutating func formatBlock(header: (inout FormatterLayout) -> Void, body: (inout FormatterLayout) -> Void) {
        header(&self)
        writeInlineGap()
        writeSpace()
        writeToken()  // {
        if current.kind == .rightBrace && FormatterGap(bytes: bytes, range: gapRange(before: index)).comments.isEmpty {
            writeToken()  // an empty block stays on its line: `{}`
            return
        }
        depth += 1
        var isFirst = true
        while current.kind != .rightBrace && current.kind != .endOfFile {
            if current.kind == .semicolon {
                skipToken()
                continue
            }
            placeGap(before: index, forcedBlankLine: false, allowsBlankLine: !isFirst)
            startLine()
            body(&self)
            isFirst = false
        }
        placeGap(before: index, forcedBlankLine: false, allowsBlankLine: false)
        depth -= 1
        startLine()
        writeToken()  // }
    }

    /// The selector: each step written as one word (`Class:trait:__where`),
    /// steps joined by one space, or by ` > ` for a direct child.
    private mutating func formatSelector() {
        writeToken()
        while current.kind != .leftBrace && current.kind != .endOfFile {
            writeInlineGap()
            let startsStep = current.kind == .greater
                || (current.kind == .identifier && current.isPrecededBySpace && tokens[index - 1].kind != .colon && tokens[index - 1].kind != .greater)
            if startsStep || current.kind == .identifier && tokens[index - 1].kind == .greater { writeSpace() }
            writeToken()
        }
    }

    /// `@view NAME: SUPERCLASS`.
    private mutating func formatViewHeader() {
        writeToken()  // @view
        writeInlineGap()
        writeSpace()
        writeToken()  // the class
        guard current.kind == .colon else { return }
        writeInlineGap()
        writeToken()  // :
        writeInlineGap()
        writeSpace()
        writeToken()  // the superclass
    }

    /// `@import ...;` or `@name: value;` (`=` written as `:`).
    private mutating func formatStatement() {
        if text(of: current).elementsEqual("@import".utf8) {
            writeToken()
            writeInlineGap()
            writeSpace()
            writeRun()
            writeEnd()
            return
        }
        writeToken()  // @name
        writeInlineGap()
        write(":")
        advance()  // `:` or `=`
        writeInlineGap()
        writeSpace()
        writeRun()
        writeEnd()
    }

    /// `key[state, ...]: value !important;`.
    private mutating func formatDeclaration() {
        writeToken()  // key
        if current.kind == .leftBracket {
            writeInlineGap()
            writeToken()  // [
            writeInlineGap()
            writeRun(stoppingAt: .rightBracket)
            writeInlineGap()
            writeToken()  // ]
        }
        writeInlineGap()
        writeToken()  // :
        writeInlineGap()
        writeSpace()
        writeRun()
        writeEnd()
    }

    /// The statement's `;`, written whether or not the source had one (the
    /// last declaration of a block may leave it out).
    private mutating func writeEnd() {
        if current.kind == .semicolon {
            writeInlineGap()
            writeToken()
        } else {
            write(";")
        }
    }

    // MARK: Values

    /// The tokens up to the `;` or `}` that ends the statement (or up to
    /// `stop` outside parentheses), spaced by `needsSpace(between:and:)`.
    /// The caller has placed the gap before the first one.
    private mutating func writeRun(stoppingAt stop: TokenKind? = nil) {
        var nesting = 0
        var isFirst = true
        while current.kind != .endOfFile {
            if nesting == 0 && (current.kind == .semicolon || current.kind == .rightBrace || current.kind == stop) { return }
            if current.kind == .leftParen { nesting += 1 }
            if current.kind == .rightParen { nesting = max(0, nesting - 1) }
            if !isFirst {
                let commented = writeInlineGap()
                // After a comment, a space, except before what hugs the value before it (`f(1 /* one */, 2)`).
                if (commented && !Self.hugsWhatPrecedes(current.kind)) || Self.needsSpace(between: tokens[index - 1], and: current) {
                    writeSpace()
                }
            }
            writeToken()
            isFirst = false
        }
    }

    /// Whether the layout puts a space between two tokens of a value.
    static func needsSpace(between previous: Token, and next: Token) -> Bool {
        if hugsWhatPrecedes(next.kind) { return false }
        if next.kind == .important { return true }
        switch previous.kind {
        case .comma: return true
        case .leftParen, .leftBracket: return false
        default: return next.isPrecededBySpace
        }
    }

    /// `,`, `)`, `]` and `;` follow what precedes them with no space.
    static func hugsWhatPrecedes(_ kind: TokenKind) -> Bool {
        switch kind {
        case .comma, .rightParen, .rightBracket, .semicolon: return true
        default: return false
        }
    }

    // MARK: Comments and blank lines

    /// The comments before token `tokenIndex` that stand at a statement
    /// boundary, and the line break before the token: a comment on the line
    /// of the previous token stays at that line's end; one on a line of its
    /// own keeps a line of its own (and a blank line before it, when the
    /// source had one). Then, for a token that starts a line (not `;` or
    /// the end), a blank line when `forcedBlankLine` or (if allowed) the
    /// source had one; the caller starts the line.
    private mutating func placeGap(before tokenIndex: Int, forcedBlankLine: Bool, allowsBlankLine: Bool) {
        let gap = tokenIndex > lastGapWritten ? FormatterGap(bytes: bytes, range: gapRange(before: tokenIndex)) : FormatterGap()
        lastGapWritten = tokenIndex
        var wroteOwnLine = false
        var blankAllowed = allowsBlankLine
        for comment in gap.comments {
            if !comment.startsLine && written.count > 0 && !lineIsClosed && !wroteOwnLine {
                writeSpace()
            } else {
                if (forcedBlankLine && !wroteOwnLine) || (blankAllowed && comment.followsBlankLine) { writeBlankLine() }
                startLine()
                wroteOwnLine = true
            }
            blankAllowed = true
            writeComment(comment.text)
            lineIsClosed = comment.isLineComment
        }
        guard tokens[tokenIndex].kind != .endOfFile && tokens[tokenIndex].kind != .semicolon else { return }
        let blankInSource = blankAllowed && gap.blankLineBeforeEnd
        if (forcedBlankLine && !wroteOwnLine) || blankInSource { writeBlankLine() }
    }

    /// The comments between two tokens of one statement, written inline;
    /// after a `//` comment the statement goes on on the next line, one
    /// level deeper. Returns whether there were any.
    @discardableResult
    private mutating func writeInlineGap() -> Bool {
        let range = gapRange(before: index)
        var commented = false
        // Most gaps are a space or nothing, and are not read as a
        // `FormatterGap` (nor given an empty array of comments to release).
        if index > lastGapWritten && FormatterGap.mayHoldComment(bytes, range) {
            for comment in FormatterGap(bytes: bytes, range: range).comments {
                // After a `//` comment the line is closed: the next comment
                // starts a continuation line (on the same line it would become
                // part of the first).
                if lineIsClosed {
                    startContinuationLine()
                } else {
                    writeSpace()
                }
                writeComment(comment.text)
                lineIsClosed = comment.isLineComment
                commented = true
            }
        }
        lastGapWritten = index
        if lineIsClosed {
            startContinuationLine()
            return false
        }
        return commented
    }

    /// Starts a line one level deeper than the block: what follows a closed line.
    private mutating func startContinuationLine() {
        depth += 1
        startLine()
        depth -= 1
    }

    /// Skips the current token (an empty statement), keeping its comments.
    private mutating func skipToken() {
        placeGap(before: index, forcedBlankLine: false, allowsBlankLine: true)
        advance()
    }

    /// Moves to the next token, but never past the end of the file. The
    /// layout is made of tokens that may not parse (while the parse is
    /// made, and when it checks itself): a statement cut short at the end
    /// then stops there, and every loop of the layout, each of which stops
    /// at the end, ends.
    private mutating func advance() {
        if current.kind != .endOfFile { index += 1 }
    }

    private func gapRange(before tokenIndex: Int) -> SourceRange {
        let start = tokenIndex == 0 ? Self.startOffset(bytes) : tokens[tokenIndex - 1].range.end
        return SourceRange(start, tokens[tokenIndex].range.start)
    }

    /// Past a byte order mark, which the layout leaves out (it means nothing).
    static func startOffset(_ bytes: [UInt8]) -> Int {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
    }

    // MARK: Writing

    private mutating func writeToken() {
        if current.kind == .important {
            write("!important")
        } else {
            written.append(bytesOf: bytes, in: current.range.start..<current.range.end)
        }
        advance()
    }

    private func write(_ text: StaticString) { written.append(text) }

    /// A comment, kept byte for byte but for the line ends in a block
    /// comment, written as the layout's (see `FormatterGap.withLFLineEnds`).
    private mutating func writeComment(_ text: ArraySlice<UInt8>) {
        FormatterGap.withLFLineEnds(text) { written.append($0) }
    }

    private mutating func writeSpace() {
        if let last = written.last, last != UInt8(ascii: " "), last != UInt8(ascii: "\n") { written.append(UInt8(ascii: " ")) }
    }

    /// Ends the current line (if any) and indents a new one.
    private mutating func startLine() {
        if written.count > 0 && written.last != UInt8(ascii: "\n") { written.append(UInt8(ascii: "\n")) }
        var indentation = 4 * depth
        while indentation > 0 {
            let count = min(indentation, Self.spaces.count)
            written.append(bytesOf: Self.spaces, in: 0..<count)
            indentation -= count
        }
        lineIsClosed = false
    }

    /// What indentation is copied from (a `repeatElement` of spaces is
    /// appended through a generic path, about 45 instructions a line).
    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 32)

    private mutating func writeBlankLine() {
        guard written.count > 0 else { return }
        while written.last == UInt8(ascii: " ") { written.removeLast() }
        if written.last != UInt8(ascii: "\n") { written.append(UInt8(ascii: "\n")) }
        if written.count < 2 || written.byte(at: written.count - 2) != UInt8(ascii: "\n") { written.append(UInt8(ascii: "\n")) }
    }
}

/// The whitespace and comments between two tokens.
struct FormatterGap {
    struct Comment {
        let text: ArraySlice<UInt8>
        /// Only whitespace with a line break (or the start of the file) stands before it.
        let startsLine: Bool
        /// A blank line stands between it and what came before.
        let followsBlankLine: Bool
        let isLineComment: Bool
    }

    private(set) var comments: [Comment] = []
    /// A blank line stands between the last comment (or the gap's start) and its end.
    private(set) var blankLineBeforeEnd = false

    /// A gap with nothing in it (one already written).
    init() {}

    /// Gives `body` the pieces of a comment's `text` with each `\r\n` and
    /// lone `\r` (a block comment's line ends) as `\n`, the layout's line
    /// end, so that a formatted file has one kind.
    static func withLFLineEnds(_ text: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Void) {
        var index = text.startIndex
        while let carriageReturn = text[index...].firstIndex(of: UInt8(ascii: "\r")) {
            body(text[index..<carriageReturn])
            body([UInt8(ascii: "\n")][...])
            index = carriageReturn + 1
            if index < text.endIndex && text[index] == UInt8(ascii: "\n") { index += 1 }
        }
        body(text[index...])
    }

    /// Whether the gap at `range` may hold a comment: only where it holds a
    /// `/`. Read by index: a slice would count a reference to the bytes.
    static func mayHoldComment(_ bytes: [UInt8], _ range: SourceRange) -> Bool {
        (range.start..<range.end).contains { bytes[$0] == UInt8(ascii: "/") }
    }

    init(bytes: [UInt8], range: SourceRange) {
        var position = range.start
        var newlines = range.start == FormatterLayout.startOffset(bytes) ? 1 : 0
        while position < range.end {
            let byte = bytes[position]
            // A line ends at `\n`, `\r\n` or a lone `\r`, as the lexer reads it.
            if LineTable.isLineEnd(bytes, at: position) {
                newlines += 1
                position += 1
                continue
            }
            guard byte == UInt8(ascii: "/"), position + 1 < range.end else {
                position += 1
                continue
            }
            let start = position
            let isLineComment = bytes[position + 1] == UInt8(ascii: "/")
            position += 2
            if isLineComment {
                while position < range.end && bytes[position] != UInt8(ascii: "\n") && bytes[position] != UInt8(ascii: "\r") { position += 1 }
            } else {
                while position + 1 < range.end && !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                    position += 1
                }
                position = min(position + 2, range.end)
            }
            var end = position
            // A `//` comment's trailing spaces are not part of it.
            if isLineComment {
                while end > start + 2, [UInt8(ascii: " "), UInt8(ascii: "\t")].contains(bytes[end - 1]) { end -= 1 }
            }
            comments.append(Comment(text: bytes[start..<end], startsLine: newlines > 0, followsBlankLine: newlines > 1,
                                    isLineComment: isLineComment))
            newlines = 0
        }
        blankLineBeforeEnd = newlines > 1
    }
}
