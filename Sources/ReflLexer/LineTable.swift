/// Maps byte offsets to 1-based line and column numbers.
///
/// Built on demand (one pass over the bytes) only when a position has to be
/// shown: lexing and parsing never compute lines. Columns count Unicode
/// scalars from the start of the line; each byte of an invalid UTF-8 sequence
/// counts as one column, the way the renderer prints it.
public struct LineTable: Sendable {
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]
    private let file: SourceFile

    public init(_ file: SourceFile) {
        self.file = file
        var starts = [0]
        file.bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<buffer.count where buffer[index] == UInt8(ascii: "\n") {
                starts.append(index + 1)
            }
        }
        lineStarts = starts
    }

    /// The 0-based index of the line holding `offset` (binary search).
    public func lineIndex(of offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// 1-based line and column of `offset`.
    public func location(of offset: Int) -> (line: Int, column: Int) {
        let index = lineIndex(of: offset)
        return (index + 1, column(of: offset, lineStart: lineStarts[index]))
    }

    /// The byte range of the line at `index`, without its `\n` or `\r\n`.
    public func lineRange(at index: Int) -> SourceRange {
        let bytes = file.bytes
        let start = lineStarts[index]
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return SourceRange(start, max(start, end))
    }

    /// Unicode-scalar column of `offset` on a line that starts at `lineStart`.
    func column(of offset: Int, lineStart: Int) -> Int {
        let bytes = file.bytes
        var column = 1
        var index = lineStart
        let end = min(offset, bytes.count)
        while index < end {
            index += UTF8Scalar.length(in: bytes, at: index) ?? 1
            column += 1
        }
        return column
    }
}
