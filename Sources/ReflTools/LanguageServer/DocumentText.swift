import ReflEval
import ReflLexer

/// How the client counts characters in a line (LSP `positionEncoding`):
/// UTF-16 code units unless it offers UTF-8.
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// The text of a document as bytes with its line starts, converting
/// between byte offsets and protocol positions. Positions past the end of a
/// line or of the text are taken as the end, as the protocol asks.
struct DocumentText {
    let bytes: [UInt8]
    /// The offset where each line starts: after `\n`, `\r\n`, or a `\r`
    /// alone (the protocol's three line ends).
    let lineStarts: [Int]
    /// Whether every byte is ASCII, as in most stylesheets: then a
    /// character is a byte in every encoding, and positions are found
    /// without counting a line's characters (an outline of a 1 MB file
    /// converts 100,000 of them).
    let isASCII: Bool
    /// Where counting a long line's UTF-16 units may start (see
    /// `Checkpoint`), by `offset / checkpointStride`; empty when no line
    /// needs them (ASCII text, or short lines).
    private let checkpoints: [Checkpoint]

    /// A character start that counting from its line's start reaches, and
    /// the UTF-16 units before it on its line. A position on a long line
    /// is counted from the checkpoint before it, not from the line's start:
    /// an outline of a 1 MB stylesheet written on one line, with one
    /// character that is not ASCII, counted 60 GB of characters.
    private struct Checkpoint {
        var offset = -1  // none
        var units = 0
    }

    /// Lines longer than this get checkpoints, one every `checkpointStride` bytes.
    static let checkpointedLineLength = 1024
    static let checkpointStride = 64

    /// Made for every change of a document: its lines are found eight bytes
    /// at a time, as the compiler's line table finds them, and so is
    /// whether it is all ASCII (a byte at a time, a keystroke in a 1 MB
    /// document cost 10.7M instructions here).
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let starts: [Int]
        if bytes.count <= Int(UInt32.max) {
            starts = LineTable.lineStarts(of: bytes).map { Int($0) }
        } else {
            // Past 4 GiB, where the line table's 32-bit offsets end.
            var found = [0]
            for index in bytes.indices where LineTable.isLineEnd(bytes, at: index) { found.append(index + 1) }
            starts = found
        }
        lineStarts = starts
        isASCII = Self.isASCII(bytes)
        checkpoints = isASCII ? [] : Self.checkpoints(of: bytes, lineStarts: starts)
    }

    /// Whether no byte has its high bit set, eight bytes at a time (a
    /// document's text, and each line of `EditableLines`).
    static func isASCII(_ bytes: [UInt8]) -> Bool {
        var highBits: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            highBits |= bytes.word(at: index)
            index += 8
        }
        highBits |= bytes.tailWord(from: index, to: bytes.count)
        return highBits & 0x8080_8080_8080_8080 == 0
    }

    /// The checkpoints of the lines longer than `checkpointedLineLength`,
    /// found by counting each such line as `position(of:)` counts it.
    private static func checkpoints(of bytes: [UInt8], lineStarts: [Int]) -> [Checkpoint] {
        var checkpoints: [Checkpoint] = []
        for (line, start) in lineStarts.enumerated() {
            let end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
            guard end - start > checkpointedLineLength else { continue }
            if checkpoints.isEmpty { checkpoints = Array(repeating: Checkpoint(), count: bytes.count / checkpointStride + 1) }
            var units = 0
            var index = start
            while index < end {
                let block = index / checkpointStride
                // The first character start of each block (a block two lines share keeps the first line's).
                if checkpoints[block].offset < 0 { checkpoints[block] = Checkpoint(offset: index, units: units) }
                let length = scalarLength(at: index, in: bytes, end: bytes.count)
                units += length == 4 ? 2 : 1
                index += length
            }
        }
        return checkpoints
    }

    /// The end of line `line`'s text (before its `\r\n`, `\n` or `\r`).
    private func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] - 1 : bytes.count
        if end > lineStarts[line] && end <= bytes.count && end > 0 && bytes[end - 1] == UInt8(ascii: "\r") && line + 1 < lineStarts.count {
            end -= 1
        }
        return end
    }

    /// The byte offset of `position`.
    func offset(of position: LSP.Position, encoding: PositionEncoding) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        if isASCII { return min(lineStarts[position.line] + max(0, position.character), lineEnd(position.line)) }
        return Self.offset(ofCharacter: position.character, in: bytes, from: lineStarts[position.line], to: lineEnd(position.line),
                           encoding: encoding)
    }

    /// The offset of protocol character `character` of the line whose text
    /// is `bytes[start..<end]`; `end` when the line is shorter.
    static func offset(ofCharacter character: Int, in bytes: [UInt8], from start: Int, to end: Int, encoding: PositionEncoding) -> Int {
        var offset = start
        var units = 0
        while offset < end && units < character {
            let length = scalarLength(at: offset, in: bytes, end: end)
            // In UTF-16 a scalar of 4 bytes is two units, any other character (a U+FFFD too) one.
            units += encoding == .utf16 ? (length == 4 ? 2 : 1) : length
            offset = min(end, offset + length)
        }
        return offset
    }

    /// Where the last position was found, for answers that convert many
    /// offsets in the order of the text (an outline, the color swatches):
    /// the next one is then a step or two further on, not a search of every
    /// line (a search was a sixth of an outline's time on a 1 MB file).
    struct Cursor {
        fileprivate var line = 0
    }

    /// The protocol position of byte `offset`.
    func position(of offset: Int, encoding: PositionEncoding) -> LSP.Position {
        var cursor = Cursor()
        return position(of: offset, encoding: encoding, from: &cursor)
    }

    /// The protocol position of byte `offset`, looked for from `cursor`
    /// onwards when it lies a few lines ahead, and the cursor left there.
    func position(of offset: Int, encoding: PositionEncoding, from cursor: inout Cursor) -> LSP.Position {
        let offset = max(0, min(offset, bytes.count))
        let line = self.line(of: offset, from: cursor.line)
        cursor.line = line
        let start = lineStarts[line]
        guard encoding == .utf16, !isASCII else { return LSP.Position(line: line, character: offset - start) }
        var units = 0
        var index = start
        if !checkpoints.isEmpty {
            var block = offset / Self.checkpointStride
            // A block's first character may start past `offset` (or on a later line): then the block before's.
            if block > 0 && (block >= checkpoints.count || checkpoints[block].offset > offset) { block -= 1 }
            if block < checkpoints.count, checkpoints[block].offset >= start, checkpoints[block].offset <= offset {
                index = checkpoints[block].offset
                units = checkpoints[block].units
            }
        }
        while index < offset {
            let length = Self.scalarLength(at: index, in: bytes, end: bytes.count)
            units += length == 4 ? 2 : 1
            index += length
        }
        return LSP.Position(line: line, character: units)
    }

    /// The line holding `offset`: a few steps on from line `hint` when it
    /// is there, else a binary search.
    private func line(of offset: Int, from hint: Int) -> Int {
        if hint < lineStarts.count && lineStarts[hint] <= offset {
            var line = hint
            for _ in 0..<16 {
                guard line + 1 < lineStarts.count && lineStarts[line + 1] <= offset else { return line }
                line += 1
            }
        }
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The protocol range of `range`.
    func range(of range: SourceRange, encoding: PositionEncoding) -> LSP.Range {
        var cursor = Cursor()
        return self.range(of: range, encoding: encoding, from: &cursor)
    }

    /// The protocol range of `range`, its ends looked for from `cursor` (see `Cursor`).
    func range(of range: SourceRange, encoding: PositionEncoding, from cursor: inout Cursor) -> LSP.Range {
        let start = position(of: range.start, encoding: encoding, from: &cursor)
        return LSP.Range(start: start, end: position(of: range.end, encoding: encoding, from: &cursor))
    }

    /// The protocol range of `range`, as JSON (`{"start","end"}`).
    func json(_ range: SourceRange, encoding: PositionEncoding) -> JSON {
        self.range(of: range, encoding: encoding).json
    }

    /// The byte range of a protocol range (its ends in either order).
    func range(_ range: LSP.Range, encoding: PositionEncoding) -> SourceRange {
        let from = offset(of: range.start, encoding: encoding)
        let to = offset(of: range.end, encoding: encoding)
        return SourceRange(min(from, to), max(from, to))
    }

    /// The text with `range` replaced by `replacement`.
    func replacing(_ range: SourceRange, with replacement: [UInt8]) -> DocumentText {
        var bytes = self.bytes
        bytes.replaceSubrange(range.start..<range.end, with: replacement)
        return DocumentText(bytes)
    }

    /// The bytes at `index` (before `end`) that make one character as an
    /// editor decodes the text (the Encoding Standard's UTF-8 decoder): a
    /// whole scalar, or one U+FFFD for an invalid byte or for the longest
    /// start of a sequence that breaks off (`E2 82` then `x`: one).
    private static func scalarLength(at index: Int, in bytes: [UInt8], end: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xE1...0xEF: length = 3
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF4: length = 4; second = 0x80...0x8F
        case 0xF1...0xF3: length = 4
        default: return 1  // ASCII, a stray continuation byte, or a byte no sequence starts with
        }
        var taken = 1
        while taken < length && index + taken < end {
            let byte = bytes[index + taken]
            guard taken == 1 ? second.contains(byte) : (0x80...0xBF).contains(byte) else { break }
            taken += 1
        }
        return taken
    }
}

/// `file://` URIs and paths.
enum DocumentURI {
    /// The path of a `file:` URI (percent-escapes decoded), or nil for another scheme.
    static func path(of uri: String) -> FilePath? {
        let prefix = "file://"
        guard uri.hasPrefix(prefix) else { return nil }
        var rest = Array(uri.utf8.dropFirst(prefix.utf8.count))
        // `file://host/path`: only the local host (empty or `localhost`).
        if rest.first != UInt8(ascii: "/") {
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")), String(decoding: rest[..<slash], as: UTF8.self) == "localhost" else {
                return nil
            }
            rest = Array(rest[slash...])
        }
        var bytes: [UInt8] = []
        var index = 0
        while index < rest.count {
            if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count, let high = ASCII.hexDigitValue(rest[index + 1]), let low = ASCII.hexDigitValue(rest[index + 2]) {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(rest[index])
                index += 1
            }
        }
        guard !bytes.contains(0) else { return nil }
        return FilePath(bytes: bytes)
    }

    /// The `file://` URI of an absolute path.
    static func uri(of path: FilePath) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("file://".utf8)
        for byte in path.bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.append(byte)
            default:
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

}
