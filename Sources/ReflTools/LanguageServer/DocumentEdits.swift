import ReflLexer

extension DocumentText {
    /// The text with `changes` applied in order, the positions of each in
    /// the text the ones before it left.
    ///
    /// Many changes are applied to the text cut into lines, so that each
    /// costs the lines it touches: applied one by one to the whole text,
    /// 40,000 changes of one character to a 1 MB document copied 40 GB.
    func applying(_ changes: [LSP.ContentChange], encoding: PositionEncoding) -> DocumentText {
        if changes.count == 1, let change = changes.first {
            guard let range = change.range else { return DocumentText(change.text) }
            return replacing(self.range(range, encoding: encoding), with: change.text)
        }
        var lines = EditableLines(bytes)
        for change in changes {
            if let range = change.range {
                lines.replace(from: range.start, to: range.end, with: change.text, encoding: encoding)
            } else {
                lines = EditableLines(change.text)
            }
        }
        return DocumentText(lines.bytes)
    }
}

/// A text as an array of lines, each with its line end (`\n`, `\r\n` or a
/// `\r` alone, the protocol's three; the last line without), for applying
/// a series of changes: a change rewrites the lines it spans and, when it
/// adds or removes lines, moves the array's references, never the text of
/// the other lines.
///
/// Positions mean what `DocumentText.offset(of:encoding:)` makes of them:
/// a character past a line's text is its end (before its line end), a
/// line past the last is the end of the text.
struct EditableLines {
    private var lines: [[UInt8]] = []
    /// Whether each line is all ASCII: then a character is a byte, and a
    /// position is found without counting the line's characters (1,000
    /// changes to a 1 MB stylesheet written on one line counted 4.8 s).
    private var asciiLines: [Bool] = []

    init(_ bytes: [UInt8]) {
        lines = Self.split(bytes[...])
        asciiLines = lines.map(DocumentText.isASCII)
    }

    /// `bytes` cut after each line end; the last piece may be empty.
    private static func split(_ bytes: ArraySlice<UInt8>) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = bytes.startIndex
        var index = start
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") && (index + 1 == bytes.endIndex || bytes[index + 1] != UInt8(ascii: "\n")) {
                lines.append(Array(bytes[start...index]))
                start = index + 1
            }
            index += 1
        }
        lines.append(Array(bytes[start...]))
        return lines
    }

    /// The whole text.
    var bytes: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(lines.reduce(0) { $0 + $1.count })
        for line in lines { out.append(contentsOf: line) }
        return out
    }

    /// The line and byte column of `position`.
    private func place(of position: LSP.Position, encoding: PositionEncoding) -> (line: Int, column: Int) {
        guard position.line < lines.count else { return (lines.count - 1, lines[lines.count - 1].count) }
        let line = lines[position.line]
        var end = line.count
        if end > 0 && line[end - 1] == UInt8(ascii: "\n") {
            end -= 1
            if end > 0 && line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        } else if end > 0 && line[end - 1] == UInt8(ascii: "\r") && position.line + 1 < lines.count {
            end -= 1
        }
        if asciiLines[position.line] { return (position.line, min(max(0, position.character), end)) }
        return (position.line, DocumentText.offset(ofCharacter: position.character, in: line, from: 0, to: end, encoding: encoding))
    }

    /// Replaces the text between two positions (in either order) with `replacement`.
    mutating func replace(from first: LSP.Position, to second: LSP.Position, with replacement: [UInt8], encoding: PositionEncoding) {
        var start = place(of: first, encoding: encoding), end = place(of: second, encoding: encoding)
        if (end.line, end.column) < (start.line, start.column) { swap(&start, &end) }
        if start.line == end.line && !replacement.contains(UInt8(ascii: "\n")) && !replacement.contains(UInt8(ascii: "\r")) {
            // The common case, typing: one line changes, in place (a position
            // is never inside a line end, so no line end changes).
            lines[start.line].replaceSubrange(start.column..<end.column, with: replacement)
            asciiLines[start.line] = asciiLines[start.line] && DocumentText.isASCII(replacement)
            // A line emptied down to its `\n`, after a line that ends with a
            // `\r` alone: the two are now one line end, `\r\n`.
            if start.line > 0, lines[start.line].first == UInt8(ascii: "\n"), lines[start.line - 1].last == UInt8(ascii: "\r") {
                lines[start.line - 1].append(contentsOf: lines[start.line])
                lines.remove(at: start.line)
                asciiLines[start.line - 1] = asciiLines[start.line - 1] && asciiLines[start.line]
                asciiLines.remove(at: start.line)
            }
            return
        }
        // The lines spanned, and one on each side: a `\r` at the end of one
        // and a `\n` at the start of the next make one line end.
        let first = max(0, start.line - 1), last = min(lines.count - 1, end.line + 1)
        var text: [UInt8] = []
        for index in first..<start.line { text.append(contentsOf: lines[index]) }
        text.append(contentsOf: lines[start.line][..<start.column])
        text.append(contentsOf: replacement)
        text.append(contentsOf: lines[end.line][end.column...])
        if last > end.line { for index in (end.line + 1)...last { text.append(contentsOf: lines[index]) } }
        var replaced = Self.split(text[...])
        // The last piece is a line of its own only at the end of the text.
        if last < lines.count - 1 && replaced.count > 1 && replaced[replaced.count - 1].isEmpty { replaced.removeLast() }
        lines.replaceSubrange(first...last, with: replaced)
        asciiLines.replaceSubrange(first...last, with: replaced.map(DocumentText.isASCII))
    }
}
