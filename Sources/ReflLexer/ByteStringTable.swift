/// Gives each distinct byte string an id — 0, 1, 2, … in order of first
/// sight — without making a `String` of it: the strings are kept back to
/// back in one array and found through an open-addressing hash table.
///
/// For the names a large stylesheet repeats thousands of times (declaration
/// keys, selectors): an id is found with one hash of the bytes and one
/// comparison, and everything after that compares integers.
public struct ByteStringTable: Sendable {
    /// Every string, back to back; string `id` is `storage[starts[id]..<starts[id + 1]]`.
    private var storage: [UInt8] = []
    private var starts: [Int32] = [0]
    private var hashes: [UInt32] = []
    /// Ids by hash, -1 where empty; the count is a power of two, at most half full.
    private var slots = [Int32](repeating: -1, count: 16)

    public init() {}

    /// How many distinct strings the table holds.
    public var count: Int { hashes.count }

    /// The id of `bytes`, added if it is new.
    public mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let hash = Self.hash(bytes)
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let id = slots[slot]
            if hashes[Int(id)] == hash && equals(id, bytes) { return id }
            slot = (slot + 1) & (slots.count - 1)
        }
        let id = Int32(hashes.count)
        storage.append(contentsOf: bytes)
        starts.append(Int32(storage.count))
        hashes.append(hash)
        slots[slot] = id
        if hashes.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `bytes` in `source`, added if it is new.
    public mutating func intern(_ source: [UInt8], _ range: SourceRange) -> Int32 {
        source.withUnsafeBufferPointer { intern(UnsafeBufferPointer(rebasing: $0[range.start..<range.end])) }
    }

    /// The id of `bytes`, or nil when the table does not hold them.
    public func id(of bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        let hash = Self.hash(bytes)
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let id = slots[slot]
            if hashes[Int(id)] == hash && equals(id, bytes) { return id }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    /// The id of the bytes of `range` in `source`, or nil.
    public func id(of source: [UInt8], _ range: SourceRange) -> Int32? {
        source.withUnsafeBufferPointer { id(of: UnsafeBufferPointer(rebasing: $0[range.start..<range.end])) }
    }

    /// The bytes of string `id`.
    public func bytes(of id: Int32) -> ArraySlice<UInt8> {
        storage[Int(starts[Int(id)])..<Int(starts[Int(id) + 1])]
    }

    /// String `id` as a `String`.
    public func string(of id: Int32) -> String {
        String(decoding: bytes(of: id), as: UTF8.self)
    }

    private func equals(_ id: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = Int(starts[Int(id)])
        guard Int(starts[Int(id) + 1]) - start == bytes.count else { return false }
        for index in 0..<bytes.count where storage[start + index] != bytes[index] { return false }
        return true
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for id in hashes.indices {
            var slot = Int(hashes[id]) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(id)
        }
    }

    /// FNV-1a over the bytes (fast on short keys), then mixed so that the
    /// low bits the table uses depend on every byte.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        hash ^= hash >> 16
        hash &*= 0x7feb_352d
        hash ^= hash >> 15
        return hash
    }
}
