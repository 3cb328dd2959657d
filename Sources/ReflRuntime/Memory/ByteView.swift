/// A read-only view of bytes an array holds, for the JSON readers: indexing
/// without an array's reference counting and uniqueness checks (a table is
/// read a byte at a time, and its keys are compared where they lie), each
/// access checked against the view. A view is made only by `reading(_:_:)`,
/// and is valid only inside its closure, which holds the array; a piece of
/// it, for as long as the view.
package struct ByteView: RandomAccessCollection {
    @usableFromInline let base: UnsafePointer<UInt8>?
    package let count: Int

    @inlinable
    init(base: UnsafePointer<UInt8>?, count: Int) {
        self.base = base
        self.count = count
    }

    /// Calls `body` with a view of `bytes`.
    @inlinable
    package static func reading<Result, Failure: Error>(_ bytes: [UInt8], _ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        let result: Swift.Result<Result, Failure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(Failure) {
                return .success(try body(ByteView(base: buffer.baseAddress, count: buffer.count)))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    @inlinable
    package subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < count, "outside the view")
        return base.unsafelyUnwrapped[index]
    }

    /// The bytes of `range`, as a view of its own (as long-lived as this one).
    @inlinable
    package func piece(_ range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "outside the view")
        return ByteView(base: range.isEmpty ? nil : base.unsafelyUnwrapped + range.lowerBound, count: range.count)
    }

    /// The eight bytes at `offset`, the first of them the word's lowest byte.
    @inlinable
    package func word(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count - 8, "word out of bounds")
        return UInt64(littleEndian: UnsafeRawPointer(base.unsafelyUnwrapped + offset).loadUnaligned(as: UInt64.self))
    }

    /// Whether the bytes of `range` spell `word` exactly.
    @inlinable @inline(__always)
    package func spells(_ word: StaticString, in range: Range<Int>) -> Bool {
        let length = range.count
        guard length == word.utf8CodeUnitCount else { return false }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "outside the view")
        let letters = UnsafeRawPointer(word.utf8Start), bytes = UnsafeRawPointer(base.unsafelyUnwrapped + range.lowerBound)
        guard length >= 8 else {
            var offset = 0
            while offset < length {
                if bytes.load(fromByteOffset: offset, as: UInt8.self) != letters.load(fromByteOffset: offset, as: UInt8.self) { return false }
                offset &+= 1
            }
            return true
        }
        // Eight bytes at a time, the last word ending where the word ends
        // (overlapping the one before it): never past either's end.
        var offset = 0
        while offset < length &- 8 {
            if bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != letters.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset &+= 8
        }
        return bytes.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self) == letters.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
    }

    /// The one byte of `mark` (a punctuation mark such as `","`), which a
    /// scanner compares with the byte it is at.
    @inlinable @inline(__always)
    package static func byte(of mark: StaticString) -> UInt8 {
        precondition(mark.utf8CodeUnitCount == 1, "not one byte")
        return mark.utf8Start.pointee
    }

    /// Whether the whole view spells `word` exactly.
    @inlinable @inline(__always)
    package func spells(_ word: StaticString) -> Bool {
        spells(word, in: 0..<count)
    }

    /// Whether the two views hold the same bytes.
    @inlinable
    package func equalBytes(_ other: ByteView) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        return ByteComparison.equal(base.unsafelyUnwrapped, other.base.unsafelyUnwrapped, count: count)
    }

    /// Whether the view holds the bytes of `array`.
    package func equalBytes(_ array: [UInt8]) -> Bool {
        guard count == array.count else { return false }
        guard count > 0 else { return true }
        return array.withUnsafeBufferPointer { ByteComparison.equal(base.unsafelyUnwrapped, $0.baseAddress!, count: count) }
    }

    /// Whether the view holds the bytes of `range` of `array`.
    @inlinable
    package func equalBytes(_ array: [UInt8], in range: Range<Int>) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= array.count, "outside the array")
        guard count == range.count else { return false }
        guard count > 0 else { return true }
        return array.withUnsafeBufferPointer { ByteComparison.equal(base.unsafelyUnwrapped, $0.baseAddress! + range.lowerBound, count: count) }
    }

    /// The bytes of `range` (at most 16), the first the lowest byte of the
    /// first word, the rest of the two words zero: read a word at a time
    /// where the view goes on for 16 bytes from the range's start.
    package func packedWords(in range: Range<Int>) -> (UInt64, UInt64) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count && range.count <= 16, "outside the view, or too long")
        func keeping(_ word: UInt64, _ bytes: Int) -> UInt64 {
            bytes >= 8 ? word : bytes <= 0 ? 0 : word & (1 &<< UInt64(8 &* bytes) &- 1)
        }
        if range.lowerBound &+ 16 <= count {
            return (keeping(word(at: range.lowerBound), range.count), keeping(word(at: range.lowerBound &+ 8), range.count &- 8))
        }
        var words: (UInt64, UInt64) = (0, 0)
        for index in range {
            let shift = UInt64(8 &* ((index &- range.lowerBound) & 7))
            if index &- range.lowerBound < 8 { words.0 |= UInt64(self[index]) &<< shift } else { words.1 |= UInt64(self[index]) &<< shift }
        }
        return words
    }

    /// A hash of the view's bytes, eight at a time (`ByteHash.wordHash`).
    package func wordHash() -> UInt32 {
        ByteHash.wordHash(of: UnsafeRawBufferPointer(start: base, count: count), in: 0..<count)
    }

    /// The bytes of `range` as text, invalid UTF-8 replaced.
    package func text(_ range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "outside the view")
        guard let base, !range.isEmpty else { return "" }
        return String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }

    /// The whole view as text.
    package var text: String { text(0..<count) }

    /// Appends the bytes of `range` to `array`, copied at once.
    package func append(_ range: Range<Int>, to array: inout [UInt8]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "outside the view")
        guard let base, !range.isEmpty else { return }
        array.append(contentsOf: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// A copy of the bytes of `range`.
    package func array(_ range: Range<Int>) -> [UInt8] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "outside the view")
        guard let base, !range.isEmpty else { return [] }
        return Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }
}

/// Copies of byte strings kept at fixed addresses for as long as the arena
/// lives: the decoded keys a JSON reader compares as views.
package final class ByteArena {
    private var blocks: [UnsafeMutableBufferPointer<UInt8>] = []

    package init() {}

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// A view of a copy of `bytes`, valid while the arena lives.
    package func keep(_ bytes: [UInt8]) -> ByteView {
        let block = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
        _ = block.initialize(from: bytes)
        blocks.append(block)
        return ByteView(base: UnsafePointer(block.baseAddress), count: bytes.count)
    }
}
