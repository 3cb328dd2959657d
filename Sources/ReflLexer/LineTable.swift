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
        lineStarts = file.bytes.withUnsafeBufferPointer { buffer in
            var count = 1
            for byte in buffer { count &+= byte == UInt8(ascii: "\n") ? 1 : 0 }
            return [UInt32](unsafeUninitializedCapacity: count) { starts, initialized in
                starts[0] = 0
                var line = 1
                for index in 0..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
                    starts[line] = UInt32(truncatingIfNeeded: index + 1)
                    line += 1
                }
                initialized = count
            }
        }
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

    /// 1-based line and column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        location(of: offset, continuing: &resume)
    }

    /// 1-based line and column of `offset`, counting on from `cursor` when
    /// it is on the same line: threads that share a table keep a cursor each.
    public func location(of offset: Int, continuing cursor: inout Cursor) -> (line: Int, column: Int) {
        let index = lineIndex(of: offset)
        var start = Int(lineStarts[index])
        var column = 1
        if cursor.line == index && cursor.offset <= offset {
            start = cursor.offset
            column = cursor.column
        }
        let bytes = file.bytes
        let end = min(offset, bytes.count)
        while start < end {
            start += UTF8Scalar.length(in: bytes, at: start) ?? 1
            column += 1
        }
        cursor.line = index
        cursor.offset = start
        cursor.column = column
        return (index + 1, column)
    }

    /// The byte range of the line at `index`, without its `\n` or `\r\n`.
    public func lineRange(at index: Int) -> SourceRange {
        let bytes = file.bytes
        let start = Int(lineStarts[index])
        var end = index + 1 < lineStarts.count ? Int(lineStarts[index + 1]) - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return SourceRange(start, max(start, end))
    }
}
