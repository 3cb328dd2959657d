/// A file's path as the bytes the operating system takes: a file name need
/// not be UTF-8 (a byte `0xFF` is a valid name on Linux), and a `String`
/// would replace such a byte, naming another file. Diagnostics and the rule
/// table show `description`, with invalid bytes as U+FFFD; the file system
/// is always given the bytes.
public struct FilePath: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The path's bytes, without a terminating NUL.
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// Hashes the bytes eight at a time: paths through deep folders are
    /// long, and an array of bytes would be hashed byte by byte.
    public func hash(into hasher: inout Hasher) {
        var index = 0
        while index + 8 <= bytes.count {
            hasher.combine(bytes.word(at: index))
            index += 8
        }
        hasher.combine(bytes.tailWord(from: index, to: bytes.count))
        hasher.combine(bytes.count)
    }

    public static func == (left: FilePath, right: FilePath) -> Bool {
        left.bytes == right.bytes
    }

    /// The path for display, invalid UTF-8 shown as U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the path is empty, or holds a NUL byte, which no system call takes.
    public var isUnusable: Bool { bytes.isEmpty || bytes.contains(0) }

    private static let slash = UInt8(ascii: "/")

    public var isAbsolute: Bool { bytes.first == Self.slash }

    /// The folder part (`a/b` of `a/b/c.less`; empty for a bare file name,
    /// `/` for a file at the root).
    public var directory: FilePath {
        guard let slash = bytes.lastIndex(of: Self.slash) else { return FilePath(bytes: []) }
        return slash == 0 ? FilePath("/") : FilePath(bytes: Array(bytes[..<slash]))
    }

    /// The last component (`c.less` of `a/b/c.less`).
    public var lastComponent: FilePath {
        guard let slash = bytes.lastIndex(of: Self.slash) else { return self }
        return FilePath(bytes: Array(bytes[(slash + 1)...]))
    }

    /// `relative` resolved against this folder, with `.` and `..` folded
    /// where that does not climb above the start of a relative path.
    public func appending(_ relative: FilePath) -> FilePath {
        if relative.isAbsolute || bytes.isEmpty { return relative.normalized }
        let joined = FilePath(bytes: bytes + [Self.slash] + relative.bytes)
        // A normal folder and a relative part without `.`, `..` or `//`
        // join normal: no need to walk the whole (possibly long) path again.
        return isNormal && relative.isNormal && !relative.bytes.isEmpty ? joined : joined.normalized
    }

    /// Whether `normalized` would give the path back unchanged: no `.` or
    /// `..` component, no empty one, no trailing `/` (a plain name or `/`).
    public var isNormal: Bool {
        if bytes == [Self.slash] || bytes == [UInt8(ascii: ".")] { return true }
        guard !bytes.isEmpty, bytes.last != Self.slash else { return false }
        var componentStart = isAbsolute ? 1 : 0
        var index = componentStart
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == Self.slash {
                let length = index - componentStart
                if length == 0 { return false }
                if bytes[componentStart] == UInt8(ascii: ".")
                    && (length == 1 || (length == 2 && bytes[componentStart + 1] == UInt8(ascii: "."))) { return false }
                componentStart = index + 1
            }
            index += 1
        }
        return true
    }

    /// Folds `a/./b` and `a/x/../b`; keeps the leading `..` of a relative path.
    public var normalized: FilePath {
        if isNormal { return self }
        var parts: [ArraySlice<UInt8>] = []
        for part in bytes.split(separator: Self.slash, omittingEmptySubsequences: true) {
            if part.elementsEqual([UInt8(ascii: ".")]) { continue }
            if part.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                if let last = parts.last, !last.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) {
                    parts.removeLast()
                    continue
                }
                if isAbsolute && parts.isEmpty { continue }
            }
            parts.append(part)
        }
        var joined: [UInt8] = isAbsolute ? [Self.slash] : []
        for (index, part) in parts.enumerated() {
            if index > 0 { joined.append(Self.slash) }
            joined.append(contentsOf: part)
        }
        return FilePath(bytes: joined.isEmpty ? [UInt8(ascii: ".")] : joined)
    }

    /// This path relative to `base` when it lies below it, else the path
    /// itself (both normalized first, so `./main.less` in `.` is `main.less`).
    public func relative(to base: FilePath) -> FilePath {
        let path = normalized
        let base = base.bytes.isEmpty ? FilePath(".") : base.normalized
        if base.bytes == [UInt8(ascii: ".")] { return path }
        let prefix = base.bytes.last == Self.slash ? base.bytes : base.bytes + [Self.slash]
        return path.bytes.starts(with: prefix) ? FilePath(bytes: Array(path.bytes.dropFirst(prefix.count))) : path
    }
}
