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
        let (slot, found) = find(bytes, hash: hash)
        if let found { return found }
        let id = Int32(hashes.count)
        storage.append(contentsOf: bytes)
        starts.append(Int32(storage.count))
        hashes.append(hash)
        slots[slot] = id
        if hashes.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of `bytes`, or nil when the table does not hold them.
    public func id(of bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        find(bytes, hash: Self.hash(bytes)).id
    }

    /// The slot of `bytes` (with `hash`): where they are, with their id, or
    /// the empty slot where they would go.
    private func find(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt32) -> (slot: Int, id: Int32?) {
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let id = slots[slot]
            if hashes[Int(id)] == hash && equals(id, bytes) { return (slot, id) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (slot, nil)
    }

    /// The id of the bytes of `range` in `source`, or nil.
    public func id(of source: [UInt8], _ range: SourceRange) -> Int32? {
        source.withUnsafeBufferPointer { id(of: UnsafeBufferPointer(rebasing: $0[range.start..<range.end])) }
    }

    /// How many bytes string `id` has.
    public func length(of id: Int32) -> Int {
        Int(starts[Int(id) + 1] - starts[Int(id)])
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
        return storage.withUnsafeBufferPointer { storage in
            Self.same(UnsafeRawPointer(storage.baseAddress! + start), UnsafeRawPointer(bytes.baseAddress!), count: bytes.count)
        }
    }

    /// Whether `count` bytes at `a` and `b` are equal, compared eight at a time.
    private static func same(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < count {
            if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) { return false }
            offset += 1
        }
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

    /// A multiply-and-rotate hash over the bytes, eight at a time (names
    /// are a few words long), then mixed so that the low bits the table uses
    /// depend on every byte.
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return UInt32(truncatingIfNeeded: hash) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= bytes.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash = hash << 29 | hash >> 35
            offset += 8
        }
        var tail: UInt64 = 0
        let remaining = bytes.count - offset
        if remaining > 0 && bytes.count >= 8 {
            // The last eight bytes, shifted so that only the remaining ones count.
            tail = raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self).littleEndian >> UInt64(64 - 8 * remaining)
        } else {
            var shift: UInt64 = 0
            while offset < bytes.count {
                tail |= UInt64(base[offset]) << shift
                shift += 8
                offset += 1
            }
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 29
        return UInt32(truncatingIfNeeded: hash)
    }
}
