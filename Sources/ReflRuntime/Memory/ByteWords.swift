/// Reads and writes of byte arrays eight bytes at a time, for the scanners
/// (source text, JSON tables, protocol messages) and the binary writer
/// (and the records it appends whole or as zeros). Each access is checked
/// against the bytes' bounds; the pointers that make a word of eight bytes
/// stay in this file.
extension ArraySlice<UInt8> {
    /// The eight bytes at `index` (an index of the slice), the first of
    /// them the word's lowest byte.
    @inlinable
    package func word(at index: Int) -> UInt64 {
        precondition(index >= startIndex && index <= endIndex - 8, "word out of bounds")
        return withUnsafeBytes { $0.loadUnaligned(fromByteOffset: index - startIndex, as: UInt64.self) }.littleEndian
    }
}

extension Array<UInt8> {
    /// Appends the UTF-8 bytes of `text`, copied at once: appending
    /// `text.utf8` steps through the string's view, about 380 instructions
    /// for a short string (a language server's outline of a 1 MB file
    /// appends some 200,000 of them).
    @inlinable
    package mutating func appendUTF8(_ text: String) {
        text.withUTF8Bytes { append(contentsOf: $0) }
    }

    /// Whether this array holds the same bytes as `other`, compared eight
    /// at a time (`==` compares them one by one).
    @inlinable
    package func hasSameBytes(as other: [UInt8]) -> Bool {
        count == other.count && equalBytes(in: 0..<count, other, from: 0)
    }

    /// The eight bytes at `offset`, the first of them the word's lowest byte.
    @inlinable
    package func word(at offset: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count - 8, "word out of bounds")
        return withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt64.self) }.littleEndian
    }

    /// The bytes from `index` to `end` (fewer than eight) as a word, the
    /// first of them lowest, the rest zero.
    @inlinable
    package func tailWord(from index: Int, to end: Int) -> UInt64 {
        let remaining = end - index
        precondition(remaining >= 0 && remaining < 8 && end <= count, "tail out of bounds")
        if remaining == 0 { return 0 }
        if end >= 8 { return word(at: end - 8) >> UInt64(64 - 8 * remaining) }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        for position in index..<end {
            tail |= UInt64(self[position]) << shift
            shift += 8
        }
        return tail
    }

    /// Whether the bytes of `range` equal `other`'s from `start`, compared eight at a time.
    @inlinable @inline(__always)
    package func equalBytes(in range: Range<Int>, _ other: [UInt8], from start: Int) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= count && start >= 0 && start + range.count <= other.count,
                     "comparison out of bounds")
        guard !range.isEmpty else { return true }
        return withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in
                ByteComparison.equal(mine.baseAddress! + range.lowerBound, theirs.baseAddress! + start, count: range.count)
            }
        }
    }

    /// A multiply-and-rotate hash of the bytes of `range`, eight at a time
    /// (names are a few words long), then mixed so that the low bits a hash
    /// table uses depend on every byte.
    @inlinable
    package func wordHash(in range: Range<Int>) -> UInt32 {
        withUnsafeBytes { ByteHash.wordHash(of: $0, in: range) }
    }

    /// The bytes of `range` as text, invalid UTF-8 replaced by U+FFFD,
    /// decoded where they lie: a slice of the array would count a
    /// reference to its storage, which the threads compiling the parts of
    /// one file all share.
    @inlinable
    package func text(in range: Range<Int>) -> String {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "text out of bounds")
        return withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether the bytes of `range` are the UTF-8 bytes of `text`.
    @inlinable
    package func equalBytes(in range: Range<Int>, utf8 text: String) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "comparison out of bounds")
        return text.withUTF8Bytes { theirs in
            guard theirs.count == range.count else { return false }
            guard !range.isEmpty else { return true }
            return withUnsafeBytes { mine in
                ByteComparison.equal(mine.baseAddress! + range.lowerBound, UnsafeRawPointer(theirs.baseAddress!), count: range.count)
            }
        }
    }

    /// Whether the bytes of `range` spell `word` exactly.
    @inlinable @inline(__always)
    package func spells(_ word: StaticString, in range: Range<Int>) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range out of bounds")
        let letters = word.utf8Start
        for offset in 0..<range.count where self[range.lowerBound + offset] != letters[offset] { return false }
        return true
    }

    /// The integer stored at `offset`, lowest byte first (a table's fields,
    /// at any alignment).
    @inlinable @inline(__always)
    package func load<Value: FixedWidthInteger>(_: Value.Type = Value.self, at offset: Int) -> Value {
        precondition(offset >= 0 && offset <= count - MemoryLayout<Value>.size, "field out of bounds")
        return Value(littleEndian: withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) })
    }

    /// The integer stored at `offset` in the machine's own byte order (a
    /// record the kernel wrote).
    @inlinable
    package func loadNative<Value: FixedWidthInteger>(_: Value.Type = Value.self, at offset: Int) -> Value {
        precondition(offset >= 0 && offset <= count - MemoryLayout<Value>.size, "field out of bounds")
        return withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Value.self) }
    }

    /// Appends `zeroCount` zero bytes (at most `maximumZeroRun`), copied
    /// from a run of zeros on the stack: no shared array of zeros to count
    /// a reference to (an atomic operation) at each record the binary
    /// writer appends, and not one byte at a time as a repetition would go.
    @inlinable
    package mutating func appendZeros(_ zeroCount: Int) {
        let run = ZeroRun(0, 0, 0, 0, 0, 0, 0, 0)
        precondition(zeroCount >= 0 && zeroCount <= MemoryLayout.size(ofValue: run), "at most \(Self.maximumZeroRun) zeros at once")
        Swift.withUnsafeBytes(of: run) { append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<zeroCount])) }
    }

    /// Appends a record put together as three words (a value record, see
    /// `ValueRecord.head`): 20 bytes, each word lowest byte first, in one
    /// append rather than zeros and then a store per field.
    @inlinable
    package mutating func appendLittleEndian(_ first: UInt64, _ second: UInt64, _ third: UInt32) {
        let record = (first.littleEndian, second.littleEndian, third.littleEndian)
        Swift.withUnsafeBytes(of: record) { append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<20])) }
    }

    /// Appends a record put together as one word (a property record, see `PropertyRecord.whole`).
    @inlinable
    package mutating func appendLittleEndian(_ word: UInt64) {
        Swift.withUnsafeBytes(of: word.littleEndian) { append(contentsOf: $0) }
    }

    /// Appends one u32, lowest byte first (an entry of a list section).
    @inlinable
    package mutating func appendLittleEndian(_ word: UInt32) {
        Swift.withUnsafeBytes(of: word.littleEndian) { append(contentsOf: $0) }
    }

    /// Appends each of `words`, lowest byte first (a whole list section, a
    /// value's list, a rule's property records), copied at once where the
    /// machine's order is that order: one `appendLittleEndian` per word
    /// costs several times as much. The words' memory is read as bytes
    /// through a typed buffer, which is copied at once rather than one by one.
    @inlinable
    package mutating func appendLittleEndian<Word: FixedWidthInteger>(contentsOf words: ArraySlice<Word>) {
        #if _endian(little)
        words.withUnsafeBytes { bytes in bytes.withMemoryRebound(to: UInt8.self) { append(contentsOf: $0) } }
        #else
        for word in words { Swift.withUnsafeBytes(of: word.littleEndian) { append(contentsOf: $0) } }
        #endif
    }

    @inlinable
    package mutating func appendLittleEndian<Word: FixedWidthInteger>(contentsOf words: [Word]) {
        appendLittleEndian(contentsOf: words[...])
    }

    /// The most zeros `appendZeros` appends at once: more than the largest record's size.
    @inlinable
    package static var maximumZeroRun: Int { MemoryLayout<ZeroRun>.size }

    @usableFromInline
    typealias ZeroRun = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    /// Stores `value`'s bytes at `offset`, lowest first.
    @inlinable
    package mutating func storeLittleEndian<Value: FixedWidthInteger>(_ value: Value, at offset: Int) {
        precondition(offset >= 0 && offset <= count - MemoryLayout<Value>.size, "store out of bounds")
        withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: Value.self) }
    }
}

extension String {
    /// Calls `body` with this string's UTF-8 bytes where they lie. Through
    /// its view rather than `withUTF8`, which needs a mutable copy of the
    /// string: the copy counts a reference to a long string's storage (an
    /// atomic operation) at every string the writers write or look up.
    @inlinable @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = self
        return text.withUTF8(body)
    }

    /// Whether this string's UTF-8 bytes from `offset` begin with `part`'s, read where they are.
    @inlinable
    package func hasUTF8(_ part: String, at offset: Int) -> Bool {
        withUTF8Bytes { mine in
            part.withUTF8Bytes { theirs in
                guard offset >= 0, offset + theirs.count <= mine.count else { return false }
                guard !theirs.isEmpty else { return true }
                return ByteComparison.equal(UnsafeRawPointer(mine.baseAddress! + offset), UnsafeRawPointer(theirs.baseAddress!),
                                            count: theirs.count)
            }
        }
    }

    /// `[UInt8].wordHash` of this string's UTF-8 bytes, read where they are.
    @inlinable
    package func utf8WordHash() -> UInt32 {
        withUTF8Bytes { ByteHash.wordHash(of: UnsafeRawBufferPointer($0), in: 0..<$0.count) }
    }
}

/// The comparison behind every `equalBytes` and `hasUTF8`: `count` bytes
/// at two places, eight at a time, then one by one.
@usableFromInline
enum ByteComparison {
    @inlinable @inline(__always)
    static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if first.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != second.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < count {
            if first.load(fromByteOffset: offset, as: UInt8.self) != second.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
        return true
    }
}

/// The hash behind `wordHash` and `utf8WordHash`, over bytes in place.
@usableFromInline
enum ByteHash {
    @inlinable
    static func wordHash(of bytes: UnsafeRawBufferPointer, in range: Range<Int>) -> UInt32 {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of bounds")
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(range.count)
        if range.isEmpty { return UInt32(truncatingIfNeeded: hash) }
        var index = range.lowerBound
        while index + 8 <= range.upperBound {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))) &* 0xFF51_AFD7_ED55_8CCD
            hash = hash << 29 | hash >> 35
            index += 8
        }
        let remaining = range.upperBound - index
        var tail: UInt64 = 0
        if remaining > 0 && range.upperBound >= 8 {
            // The last eight bytes, shifted so that only the remaining ones count.
            tail = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: range.upperBound - 8, as: UInt64.self))
                >> UInt64(64 - 8 * remaining)
        } else {
            for position in index..<range.upperBound { tail |= UInt64(bytes[position]) << UInt64(8 * (position - index)) }
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 29
        return UInt32(truncatingIfNeeded: hash)
    }
}
