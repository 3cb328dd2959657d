/// The three forms a stylesheet is loaded from, told apart by content (a
/// file's name says nothing reliable: a table may be saved under any name).
public enum TableFormat: Sendable, Equatable {
    /// A binary rule table: it starts with the binary table's magic number.
    case binary
    /// A JSON rule table: its first character (after a byte order mark or
    /// whitespace) is `{`, which cannot start a stylesheet.
    case json
    /// Anything else: `.less` source.
    case source

    public static func detect<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> TableFormat where Bytes.Index == Int {
        if bytes.starts(with: BinaryFormat.magic) { return .binary }
        var index = bytes.startIndex + (bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        while index < bytes.endIndex, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        return index < bytes.endIndex && bytes[index] == UInt8(ascii: "{") ? .json : .source
    }

    /// Whether the file at `path` starts as a binary table does (false when
    /// it cannot be read: reading it again will say why). Lets a caller
    /// load a binary table with `Stylesheet(contentsOfFile:)`, which reads
    /// it once, straight into the table's memory.
    public static func isBinaryTable(atPath path: FilePath) -> Bool {
        FileSystem.readStart(of: path, count: BinaryFormat.magic.count) == BinaryFormat.magic
    }
}
