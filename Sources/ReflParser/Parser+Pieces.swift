import ReflLexer

/// Parsing a large file in pieces, so that a caller with threads can parse
/// them at the same time (the parser itself has none).
///
/// A file is cut just after a `}` alone on its line, most likely the end of
/// a top-level rule. Each piece is parsed on its own. A piece other than the
/// last *ends cleanly* when its parse stopped exactly at the cut, between
/// top-level items, having just consumed that `}`, with no error past it.
/// The lexer keeps no state between tokens but its position, and the parser
/// none between top-level items but the previous token, so pieces that all
/// end cleanly hold exactly the items and diagnostics of parsing the file
/// whole: `parts` hands them on as they are (each tree indexes its own
/// nodes), and `join` makes them one tree. When a cut was no such boundary
/// (it fell in a comment, a string or an unclosed block), both say so and
/// the caller parses the file whole instead.
extension Parser {
    /// One parsed piece of a file.
    public struct Piece: Sendable {
        public let range: SourceRange
        /// Whether the parse stopped exactly at the end of `range`, between
        /// top-level items (always true for the file's last piece).
        public let endsCleanly: Bool
        fileprivate let syntax: StylesheetSyntax
        fileprivate let lexerDiagnostics: [Diagnostic]
        fileprivate let parserDiagnostics: [Diagnostic]
        fileprivate let omittedDiagnostics: Int
    }

    /// Pieces of `file` of about equal size, at most `count`: consecutive
    /// ranges covering the file, each cut just after a line that is a lone
    /// `}`. A cut is looked for at most `searchLimit` bytes past its ideal
    /// place; without one there, the pieces on each side stay one.
    public static func pieces(of file: SourceFile, count: Int, searchLimit: Int = 1 << 20) -> [SourceRange] {
        let bytes = file.bytes
        var cuts = [0]
        for piece in 1..<max(1, count) {
            let ideal = max(cuts.last! + 1, bytes.count / count * piece)
            var offset = ideal + 1
            let limit = min(bytes.count, ideal + 1 + searchLimit)
            while offset < limit {
                if isCut(offset, in: bytes) {
                    cuts.append(offset)
                    break
                }
                offset += 1
            }
        }
        cuts.append(bytes.count)
        return (1..<cuts.count).map { SourceRange(cuts[$0 - 1], cuts[$0]) }
    }

    /// Whether a piece may end at `offset` of `bytes`: just after a `}` that
    /// starts its line and ends it (before the line break; a line ends at
    /// LF, CR LF or a lone CR).
    public static func isCut(_ offset: Int, in bytes: [UInt8]) -> Bool {
        offset >= 2 && offset < bytes.count
            && bytes[offset - 1] == UInt8(ascii: "}") && (bytes[offset - 2] == UInt8(ascii: "\n") || bytes[offset - 2] == UInt8(ascii: "\r"))
            && (bytes[offset] == UInt8(ascii: "\n") || bytes[offset] == UInt8(ascii: "\r"))
    }

    /// Parses the piece `range` of `file` (one of `pieces(of:count:)`),
    /// keeping at most `diagnosticLimit` diagnostics of the lexer and as
    /// many of the parser.
    public static func parse(_ file: SourceFile, piece range: SourceRange, diagnosticLimit: Int = .max) -> Piece {
        var parser = Parser(file: file, start: range.start, reservingFor: range.count)
        parser.limitDiagnostics(to: diagnosticLimit)
        let isLast = range.end >= file.bytes.count
        if !isLast { parser.stopOffset = range.end }
        parser.parseStylesheet()
        // The lexer may have read a token or two past the cut: those belong to the next piece.
        let lexerDiagnostics = isLast ? parser.lexer.diagnostics : parser.lexer.diagnostics.filter { $0.range.start < range.end }
        // A piece that dropped diagnostics past the limit cannot tell
        // whether they belonged to it: it counts as not ending cleanly.
        let endsCleanly = isLast || (parser.previousEnd == range.end && parser.previousKind == .rightBrace
                                     && parser.diagnostics.allSatisfy { $0.range.start < range.end }
                                     && parser.omittedDiagnostics + parser.lexer.omittedDiagnostics == 0)
        return Piece(range: range, endsCleanly: endsCleanly, syntax: parser.syntax, lexerDiagnostics: lexerDiagnostics,
                     parserDiagnostics: parser.diagnostics,
                     omittedDiagnostics: parser.omittedDiagnostics + parser.lexer.omittedDiagnostics)
    }

    /// The parses of the pieces, in order, as parts of the file: each its
    /// own tree (whose indexes are its own) and diagnostics; nil when a piece
    /// did not end cleanly. Together they say exactly what the whole file's
    /// parse says, without the cost of joining the trees.
    public static func parts(_ pieces: [Piece]) -> [ParseResult]? {
        guard !pieces.isEmpty, pieces.allSatisfy(\.endsCleanly) else { return nil }
        return pieces.map { piece in
            let diagnostics = piece.lexerDiagnostics + piece.parserDiagnostics
            return ParseResult(syntax: piece.syntax, diagnostics: diagnostics.sortedForDisplay(fileOrder: [piece.syntax.file]),
                               omittedDiagnostics: piece.omittedDiagnostics)
        }
    }

    /// The parse of the whole file from its pieces, in order; nil when a
    /// piece did not end cleanly.
    public static func join(_ pieces: [Piece]) -> ParseResult? {
        guard var parts = parts(pieces) else { return nil }
        var syntax = StylesheetSyntax(file: parts[0].syntax.file)
        swap(&syntax, &parts[0].syntax)  // moved, so that appending does not copy it
        for index in parts.indices.dropFirst() {
            syntax.append(parts[index].syntax)
            parts[index].syntax = StylesheetSyntax(file: syntax.file)  // its memory is free for the next
        }
        let diagnostics = parts.flatMap(\.diagnostics)
        return ParseResult(syntax: syntax, diagnostics: diagnostics.sortedForDisplay(fileOrder: [syntax.file]),
                           omittedDiagnostics: parts.reduce(0) { $0 + $1.omittedDiagnostics })
    }
}

extension StylesheetSyntax {
    /// Appends the tree of a later piece of the same file, moving its
    /// indexes past this tree's.
    mutating func append(_ other: StylesheetSyntax) {
        let valueOffset = ValueID(values.nodes.count)
        let declarationOffset = Int32(declarations.count)
        let selectorOffset = Int32(includeSelectors.count)
        let listOffset = Int32(includeLists.count)
        let stepOffset = Int32(contextSteps.count)
        values.append(other.values, conditionOffset: Int32(conditions.count))
        conditions.append(contentsOf: other.conditions)
        let textIDs = (0..<Int32(other.selectorTexts.count)).map { id in
            selectorTexts.intern(id, of: other.selectorTexts)
        }
        func moved(_ selector: Selector) -> Selector {
            var selector = selector
            if selector.textID >= 0 { selector.textID = textIDs[Int(selector.textID)] }
            return selector
        }
        contextSteps.append(contentsOf: other.contextSteps)  // their selectors have no text of their own
        includeSelectors.reserveCapacity(includeSelectors.count + other.includeSelectors.count)
        for selector in other.includeSelectors { includeSelectors.append(moved(selector)) }
        // Element by element, not through `map`: a mapped copy of a large
        // piece's arrays would briefly cost their size again.
        includeLists.reserveCapacity(includeLists.count + other.includeLists.count)
        for list in other.includeLists {
            includeLists.append((list.lowerBound + selectorOffset)..<(list.upperBound + selectorOffset))
        }
        let keyIDs = (0..<Int32(other.keys.count)).map { id in
            keys.intern(id, of: other.keys)
        }
        declarations.reserveCapacity(declarations.count + other.declarations.count)
        for declaration in other.declarations {
            declarations.append(declaration.moved(values: valueOffset, includeLists: listOffset, keyIDs: keyIDs))
        }
        func moved(_ variable: VariableDefinition) -> VariableDefinition {
            var variable = variable
            variable.value += valueOffset
            return variable
        }
        items.reserveCapacity(items.count + other.items.count)
        for item in other.items {
            switch item {
            case .importStatement, .viewDeclaration: items.append(item)
            case .variable(let variable): items.append(.variable(moved(variable)))
            case .namespace(var namespace):
                namespace.variables = namespace.variables.map(moved)
                items.append(.namespace(namespace))
            case .rule(var rule):
                rule.selector = moved(rule.selector)
                rule.declarationRange = (rule.declarationRange.lowerBound + declarationOffset)..<(rule.declarationRange.upperBound + declarationOffset)
                rule.contextRange = (rule.contextRange.lowerBound + stepOffset)..<(rule.contextRange.upperBound + stepOffset)
                items.append(.rule(rule))
            }
        }
    }
}
