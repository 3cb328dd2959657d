/// Gives each distinct byte string an id — 0, 1, 2, … in order of first
/// sight — without making a `String` of it: the strings are kept back to
/// back in one array and found through an open-addressing hash table.
///
/// For the names a large stylesheet repeats thousands of times (declaration
/// keys, selectors): an id is found with one hash of the bytes and one
/// comparison, and everything after that compares integers.
public struct ByteStringTable: Sendable {
    /// Every string, back to back; string `id` is `storage[starts[id]..<starts[id + 1]]`.
    // Read by the inlinable lookups below, written only here.
    @usableFromInline private(set) var storage: [UInt8] = []
    @usableFromInline private(set) var starts: [Int32] = [0]
    @usableFromInline private(set) var hashes: [UInt32] = []
    /// Ids by hash, -1 where empty; the count is a power of two, at most half full.
    @usableFromInline private(set) var slots = [Int32](repeating: -1, count: 16)

    public init() {}

    /// How many distinct strings the table holds.
    public var count: Int { hashes.count }

    /// The id of `bytes`, added if it is new.
    public mutating func intern(_ bytes: ArraySlice<UInt8>) -> Int32 {
        intern(Array(bytes), 0..<bytes.count)
    }

    /// The id of the bytes of `range` in `source`, added if they are new.
    public mutating func intern(_ source: [UInt8], _ range: Range<Int>) -> Int32 {
        let hash = Self.hash(source, range)
        let (slot, found) = find(source, range, hash: hash)
        if let found { return found }
        let id = Int32(hashes.count)
        // Byte by byte: a slice of `source` would count a reference to it,
        // the bytes of a file that several threads parse at once.
        for index in range { storage.append(source[index]) }
        starts.append(Int32(storage.count))
        hashes.append(hash)
        slots[slot] = id
        if hashes.count * 2 > slots.count { grow() }
        return id
    }

    /// The id of string `id` of `other`, added if it is new.
    public mutating func intern(_ id: Int32, of other: ByteStringTable) -> Int32 {
        intern(other.storage, other.range(of: id))
    }

    /// The id of string `id` of `other`, or nil when this table does not hold it.
    public func id(of id: Int32, in other: ByteStringTable) -> Int32? {
        let range = other.range(of: id)
        return find(other.storage, range, hash: Self.hash(other.storage, range)).id
    }

    private func range(of id: Int32) -> Range<Int> {
        Int(starts[Int(id)])..<Int(starts[Int(id) + 1])
    }

    /// The id of `bytes`, or nil when the table does not hold them.
    public func id(of bytes: ArraySlice<UInt8>) -> Int32? {
        let bytes = Array(bytes)
        return find(bytes, 0..<bytes.count, hash: Self.hash(bytes, 0..<bytes.count)).id
    }

    /// The id of the bytes of `range` in `source`, or nil. Inlinable, as
    /// is `length(of:)`: the compiler looks up a name for every declaration.
    @inlinable
    public func id(of source: [UInt8], _ range: SourceRange) -> Int32? {
        find(source, range.start..<range.end, hash: Self.hash(source, range.start..<range.end)).id
    }

    /// The slot of the bytes of `range` in `source` (with `hash`): where
    /// they are, with their id, or the empty slot where they would go.
    @inlinable
    func find(_ source: [UInt8], _ range: Range<Int>, hash: UInt32) -> (slot: Int, id: Int32?) {
        var slot = Int(hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let id = slots[slot]
            if hashes[Int(id)] == hash && equals(id, source, range) { return (slot, id) }
            slot = (slot + 1) & (slots.count - 1)
        }
        return (slot, nil)
    }

    /// How many bytes string `id` has.
    @inlinable
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

    @inlinable
    func equals(_ id: Int32, _ source: [UInt8], _ range: Range<Int>) -> Bool {
        let start = Int(starts[Int(id)])
        guard Int(starts[Int(id) + 1]) - start == range.count else { return false }
        return source.equalBytes(in: range, storage, from: start)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for id in hashes.indices {
            var slot = Int(hashes[id]) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(id)
        }
    }

    /// The hash of the bytes of `range` in `bytes` (see `wordHash`).
    @inlinable @inline(__always)
    static func hash(_ bytes: [UInt8], _ range: Range<Int>) -> UInt32 {
        bytes.wordHash(in: range)
    }
}
