/// Maps byte offsets to 1-based line and column numbers.
///
/// Built on demand (one pass over the bytes) only when a position has to be
/// shown: lexing and parsing never compute lines. Columns count Unicode
/// scalars from the start of the line; each byte of an invalid UTF-8 sequence
/// counts as one column, the way the renderer prints it.
///
/// Positions are usually asked for in increasing order (diagnostics are
/// sorted, rules come in source order), so the table remembers where the
/// last column count stopped and continues from there on the same line:
/// thousands of positions on one megabyte-long line cost one pass, not one
/// pass each.
public final class LineTable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`. 32-bit:
    /// a large generated file has hundreds of thousands of lines.
    private let lineStarts: [UInt32]
    private let file: SourceFile
    /// Where the last count stopped: a scalar boundary on line `line`.
    private var resume = Cursor()

    public init(_ file: SourceFile) {
        self.file = file
        lineStarts = Self.lineStarts(of: file.bytes)
    }

    /// A table of the same lines, for one thread: asking a table shared by
    /// threads counts a reference to it on every call, and two cores writing
    /// one object's count slow each other down. The lines are not copied.
    package init(sharingLinesOf other: LineTable) {
        file = other.file
        lineStarts = other.lineStarts
    }

    /// The offsets just past every line end, after a 0. A line ends at
    /// `\n`, `\r\n` or a lone `\r` (old Mac line ends), as the lexer and
    /// editors read it. Eight bytes at a time: a word without either byte
    /// (most of them) costs a few instructions. The bytes looked at closer
    /// are those from 0x08 to 0x0F, found with one test where `\n` and `\r`
    /// apart would take two (which cost the 1 MB benchmark's JSON build 0.5%
    /// of its instructions); of the others, only a tab is common.
    package static func lineStarts(of buffer: [UInt8]) -> [UInt32] {
        var starts: [UInt32] = [0]
        // Lines average 25 to 40 bytes; reserved for one per 16, the array
        // is not copied as it grows. Reserved pages never written cost no memory.
        starts.reserveCapacity(buffer.count / 16 + 16)
        // A byte ORed with 7 is 0x0F for the bytes 0x08 to 0x0F, '\n' (0x0A) and '\r' (0x0D) among them.
        let sevens: UInt64 = 0x0707_0707_0707_0707, fifteens: UInt64 = 0x0F0F_0F0F_0F0F_0F0F
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        var offset = 0
        while offset + 8 <= buffer.count {
            // A byte of `x` is 0 where the text has a byte of 0x08 to 0x0F; `found` gets its top bit set there, exactly.
            let x = (buffer.word(at: offset) | sevens) ^ fifteens
            var found = ~(((x & low7) &+ low7) | x | low7)
            while found != 0 {
                let end = offset + found.trailingZeroBitCount / 8
                if isLineEnd(buffer, at: end) { starts.append(UInt32(truncatingIfNeeded: end + 1)) }
                found &= found &- 1
            }
            offset += 8
        }
        while offset < buffer.count {
            if isLineEnd(buffer, at: offset) { starts.append(UInt32(truncatingIfNeeded: offset + 1)) }
            offset += 1
        }
        return starts
    }

    /// Whether the byte at `offset` ends a line: a `\n`, or a `\r` that no `\n` follows.
    @inline(__always)
    package static func isLineEnd(_ buffer: [UInt8], at offset: Int) -> Bool {
        buffer[offset] == UInt8(ascii: "\n")
            || buffer[offset] == UInt8(ascii: "\r") && (offset + 1 == buffer.count || buffer[offset + 1] != UInt8(ascii: "\n"))
    }

    /// The 0-based index of the line holding `offset` (binary search).
    public func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// Where a column count stopped: a scalar boundary on line `line`, so a
    /// later position on the same line can continue from there.
    public struct Cursor: Sendable {
        var line = -1
        var offset = 0
        var column = 1

        public init() {}
    }

    /// The line holding `offset`, looked for from line `hint` on when the
    /// offset lies past it: positions asked for in order are a few lines
    /// apart, and a short scan there beats a binary search over a table of
    /// millions of lines, most of which is out of the processor's cache.
    func lineIndex(of offset: Int, from hint: Int) -> Int {
        guard hint >= 0, hint < lineStarts.count, Int(lineStarts[hint]) <= offset else { return lineIndex(of: offset) }
        var index = hint
        for _ in 0..<32 {
            guard index + 1 < lineStarts.count, Int(lineStarts[index + 1]) <= offset else { return index }
            index += 1
        }
        var low = index
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if Int(lineStarts[mid]) <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// 1-based line and column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        location(of: offset, continuing: &resume)
    }

    /// 1-based line and column of `offset`, counting on from `cursor` when
    /// it is on the same line: threads that share a table keep a cursor each.
    public func location(of offset: Int, continuing cursor: inout Cursor) -> (line: Int, column: Int) {
        let index = lineIndex(of: offset, from: cursor.line)
        var start = Int(lineStarts[index])
        var column = 1
        if cursor.line == index && cursor.offset <= offset {
            start = cursor.offset
            column = cursor.column
        }
        if start < offset {
            let bytes = file.bytes
            let end = min(offset, bytes.count)
            while start < end {
                start += UTF8Scalar.length(in: bytes, at: start) ?? 1
                column += 1
            }
        }
        cursor.line = index
        cursor.offset = start
        cursor.column = column
        return (index + 1, column)
    }

    /// The byte range of the line at `index`, without its `\n`, `\r\n` or `\r`.
    public func lineRange(at index: Int) -> SourceRange {
        let bytes = file.bytes
        let start = Int(lineStarts[index])
        var end = bytes.count
        if index + 1 < lineStarts.count {
            end = Int(lineStarts[index + 1]) - 1  // the line's end: its `\n` or lone `\r`
            if end > start, bytes[end] == UInt8(ascii: "\n"), bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        }
        return SourceRange(start, max(start, end))
    }
}
