/// A growable byte buffer for the JSON writer and the formatter's layout:
/// appends are a capacity check and a copy, without the per-call uniqueness
/// checks, zero-filling and generic sequence handling of an array, which
/// dominated writing large tables. What it hands on is copied out; no
/// pointer leaves it.
package final class ByteBuffer {
    // Plain memory, and fields not checked for exclusive access at run time
    // (which cost a fifth of writing a table): no method lets a caller's
    // code run while it changes them.
    @exclusivity(unchecked) package private(set) var count = 0
    /// How many bytes the buffer holds without growing.
    @exclusivity(unchecked) package private(set) var capacity: Int
    @exclusivity(unchecked) private var storage: UnsafeMutablePointer<UInt8>

    package init(capacity: Int = 1 << 12) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    package func reserve(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    package func append(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    package func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The bytes of `range` of `bytes`, read where they lie: a slice of
    /// the array would count a reference to its storage.
    @inline(__always)
    package func append(bytesOf bytes: [UInt8], in range: Range<Int>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "bytes out of bounds")
        bytes.withUnsafeBufferPointer { append(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    @inline(__always)
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        Self.copy(from: UnsafeRawPointer(source), to: UnsafeMutableRawPointer(storage + count), count: bytes.count)
        count += bytes.count
    }

    /// Copies `count` bytes. Up to 32 (the writer's keys and punctuation, an
    /// indentation, most strings) as two words, or two pairs of words, that
    /// overlap where the count needs: a call to `memmove` for each cost
    /// about as much again, at 150,000 calls for the 1 MB corpus.
    @inline(__always)
    private static func copy(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        switch count {
        case 8...16:
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8, as: UInt64.self)
        case 17...32:
            let first = source.loadUnaligned(as: SIMD16<UInt8>.self)
            let last = source.loadUnaligned(fromByteOffset: count - 16, as: SIMD16<UInt8>.self)
            target.storeBytes(of: first, as: SIMD16<UInt8>.self)
            target.storeBytes(of: last, toByteOffset: count - 16, as: SIMD16<UInt8>.self)
        case 4..<8:
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4, as: UInt32.self)
        case 1..<4:
            for offset in 0..<count { target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self) }
        default:
            target.copyMemory(from: source, byteCount: count)
        }
    }

    @inline(__always)
    package func append(_ text: StaticString) {
        append(text, count: text.utf8CodeUnitCount)
    }

    /// The first `count` bytes of `text`.
    @inline(__always)
    package func append(_ text: StaticString, count prefix: Int) {
        precondition(prefix >= 0 && prefix <= text.utf8CodeUnitCount, "past the end of the text")
        append(UnsafeBufferPointer(start: text.utf8Start, count: prefix))
    }

    /// The UTF-8 bytes of `text`.
    package func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `text` between two quotes when no eight-byte word of it has
    /// `wordNeedsEscape` and no byte of its end `byteNeedsEscape`: copied and
    /// checked in one pass, eight bytes at a time. Nothing is appended, and
    /// the result is false, when some byte needs an escape.
    @inline(__always)
    package func appendQuoted(_ text: String, wordNeedsEscape: (UInt64) -> Bool, byteNeedsEscape: (UInt8) -> Bool) -> Bool {
        // Read where the string lies, as `String.withUTF8Bytes` does, but
        // written out here: through that generic helper, this, the JSON
        // writer's most frequent call, took 2.3M more instructions for the
        // 1 MB corpus rather than the 2.5M fewer it takes now.
        if let written = text.utf8.withContiguousStorageIfAvailable({ appendQuoted(bytes: $0, wordNeedsEscape, byteNeedsEscape) }) {
            return written
        }
        var text = text
        return text.withUTF8 { appendQuoted(bytes: $0, wordNeedsEscape, byteNeedsEscape) }
    }

    /// `appendQuoted` of the bytes of a string.
    @inline(__always)
    private func appendQuoted(bytes: UnsafeBufferPointer<UInt8>, _ wordNeedsEscape: (UInt64) -> Bool, _ byteNeedsEscape: (UInt8) -> Bool) -> Bool {
        reserve(bytes.count + 2)
        let destination = storage + count
        var clean = true
        destination[0] = UInt8(ascii: "\"")
        var index = 0
        if let source = bytes.baseAddress {
            let raw = UnsafeMutableRawPointer(destination + 1)
            while index + 8 <= bytes.count {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if wordNeedsEscape(word) { clean = false }
                raw.storeBytes(of: word, toByteOffset: index, as: UInt64.self)
                index += 8
            }
            if index < bytes.count && bytes.count >= 8 {
                // The last eight bytes, overlapping some already copied (the
                // same bytes, checked and stored again): the rest in one word.
                let last = bytes.count - 8
                let word = UnsafeRawPointer(source + last).loadUnaligned(as: UInt64.self)
                if wordNeedsEscape(word) { clean = false }
                raw.storeBytes(of: word, toByteOffset: last, as: UInt64.self)
                index = bytes.count
            }
        }
        while index < bytes.count {
            if byteNeedsEscape(bytes[index]) { clean = false }
            destination[index + 1] = bytes[index]
            index += 1
        }
        destination[bytes.count + 1] = UInt8(ascii: "\"")
        if clean { count += bytes.count + 2 }
        return clean
    }

    /// Lets `body` write up to `maximum` bytes through a window onto them;
    /// `body` returns how many it wrote.
    @inline(__always)
    package func write(maximum: Int, _ body: (inout OutputWindow) -> Int) {
        reserve(maximum)
        var window = OutputWindow(UnsafeMutableBufferPointer(start: storage + count, count: maximum))
        let written = body(&window)
        precondition(written >= 0 && written <= maximum, "wrote past the window")
        count += written
    }

    /// Copies the bytes written since `start` into `target` at `offset`;
    /// false, copying nothing, when they do not fit there.
    package func copyWritten(from start: Int, into target: inout [UInt8], at offset: Int) -> Bool {
        precondition(start >= 0 && start <= count, "outside the written bytes")
        let length = count - start
        guard offset >= 0, offset + length <= target.count else { return false }
        target.withUnsafeMutableBufferPointer { $0.baseAddress!.advanced(by: offset).update(from: storage + start, count: length) }
        return true
    }

    /// The bytes written so far.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Hands a copy of the written bytes to `body` and empties the buffer.
    package func drain(_ body: (ArraySlice<UInt8>) -> Void) {
        body(bytes[...])
        count = 0
    }

    /// The last byte written, if any.
    package var last: UInt8? { count > 0 ? storage[count - 1] : nil }

    /// The byte written at `offset`.
    package func byte(at offset: Int) -> UInt8 {
        precondition(offset >= 0 && offset < count, "outside the written bytes")
        return storage[offset]
    }

    /// Forgets the last byte written.
    package func removeLast() {
        precondition(count > 0, "no byte to remove")
        count -= 1
    }

    /// Forgets the written bytes (the memory stays for the next ones).
    package func removeAll() {
        count = 0
    }

    /// Writes the written bytes of `buffers` to `descriptor` as they are,
    /// without the copy `drain` hands out, one after the other, in as few
    /// system calls as the system allows, and empties them; why they could
    /// not all be written, or nil.
    package static func drain(_ buffers: [ByteBuffer], to descriptor: Int32) -> String? {
        let problem = Descriptor.writeAll(gathering: buffers.map { UnsafeRawBufferPointer(start: $0.storage, count: $0.count) },
                                          to: descriptor)
        for buffer in buffers { buffer.count = 0 }
        return problem
    }

    /// Gives this buffer the bytes and memory of `other`, and `other` this
    /// buffer's: how written bytes change hands without being copied.
    package func exchangeContents(with other: ByteBuffer) {
        swap(&count, &other.count)
        swap(&capacity, &other.capacity)
        swap(&storage, &other.storage)
    }
}

/// The bytes `ByteBuffer.write(maximum:)` reserved, written by index; each
/// index is checked against the window, and the window cannot be copied out
/// of the call that lends it.
package struct OutputWindow: ~Copyable {
    private let bytes: UnsafeMutableBufferPointer<UInt8>

    fileprivate init(_ bytes: UnsafeMutableBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    package var count: Int { bytes.count }

    /// Stores the eight bytes of `word` at `index`, lowest first.
    @inline(__always)
    package func storeWord(_ word: UInt64, at index: Int) {
        precondition(index >= 0 && index + 8 <= bytes.count, "outside the window")
        UnsafeMutableRawPointer(bytes.baseAddress! + index).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    @inline(__always)
    package subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < bytes.count, "outside the window")
            return bytes[index]
        }
        nonmutating set {
            precondition(index >= 0 && index < bytes.count, "outside the window")
            bytes[index] = newValue
        }
    }
}
