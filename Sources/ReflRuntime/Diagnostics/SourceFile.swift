/// One stylesheet's bytes and the path it is reported under.
///
/// Everything downstream addresses the source by byte offset into `bytes`;
/// lines and columns are derived only when a position has to be shown to a
/// person (see `LineTable`). The class is immutable, so diagnostics can hold
/// it by reference and be passed around freely.
public final class SourceFile: Sendable {
    /// The path used in diagnostics (as a user would open it).
    public let path: String
    /// The raw UTF-8 bytes, exactly as read (BOM and invalid sequences included).
    public let bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The text of `range`, with invalid UTF-8 replaced by U+FFFD.
    public func text(_ range: SourceRange) -> String {
        bytes.text(in: range.start..<range.end)
    }

    /// True when the bytes of `range` spell `word` exactly.
    public func range(_ range: SourceRange, equals word: StaticString) -> Bool {
        Self.range(range, of: bytes, equals: word)
    }

    /// Whether `range` of `bytes` spells `word` exactly.
    public static func range(_ range: SourceRange, of bytes: [UInt8], equals word: StaticString) -> Bool {
        bytes.spells(word, in: range.start..<range.end)
    }
}

/// A half-open byte range `start..<end` in one `SourceFile`.
public struct SourceRange: Hashable, Sendable, CustomStringConvertible {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }

    /// An empty range at `offset`: where something is missing or would be inserted.
    public static func at(_ offset: Int) -> SourceRange { SourceRange(offset, offset) }

    public var count: Int { end - start }
    public var isEmpty: Bool { start == end }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(Swift.min(start, other.start), Swift.max(end, other.end))
    }

    public var description: String { "\(start)..<\(end)" }
}
