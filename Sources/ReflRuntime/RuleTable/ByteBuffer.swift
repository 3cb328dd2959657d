/// A growable byte buffer for the JSON writer: appends are a capacity check
/// and a copy, without the per-call uniqueness checks and generic sequence
/// handling of `Array.append(contentsOf:)`, which dominated writing large
/// tables.
package final class ByteBuffer {
    package private(set) var count = 0
    private var capacity: Int
    private var storage: UnsafeMutablePointer<UInt8>

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
    package func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        UnsafeMutableRawPointer(storage + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    package func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes through a pointer to `maximum` reserved bytes; `body` returns
    /// how many it wrote.
    @inline(__always)
    package func write(maximum: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        reserve(maximum)
        count += body(storage + count)
    }

    /// The bytes written since `start` (valid until the next write).
    package func written(from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + start, count: count - start)
    }

    /// The bytes written so far.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Hands the written bytes to `body` and empties the buffer.
    package func drain(_ body: (UnsafeRawBufferPointer) -> Void) {
        body(UnsafeRawBufferPointer(start: storage, count: count))
        count = 0
    }
}
