
/// Where a pool of the binary writer finds an entry it already holds: an
/// open-addressed hash table of entry ids, the entries themselves staying
/// where the pool stores them (a section of the file being written).
///
/// Each slot is one word: the entry's hash in the high half, its id plus
/// one in the low half (0 is an empty slot). A probe compares hashes first
/// and asks the pool to compare an entry only when they agree, and growing
/// moves words without hashing anything again. Against a `Dictionary` keyed
/// by the entries, this holds no copy of them (a quarter of the memory of a
/// 10 MB table's build) and hashes with a few multiplications, not SipHash.
struct PoolIndex {
    private var slots = [UInt64](repeating: 0, count: 64)
    private(set) var count = 0

    /// The result of a lookup: the id found, or the slot where a new entry of that hash goes.
    struct Lookup {
        let found: UInt32?
        fileprivate let slot: Int
        fileprivate let hash: UInt32
    }

    /// Looks for the entry of hash `hash` for which `isEntry` (given an id) is true.
    @inline(__always)
    func lookup(hash: UInt32, isEntry: (UInt32) -> Bool) -> Lookup {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while true {
            let word = slots[slot]
            if word == 0 { return Lookup(found: nil, slot: slot, hash: hash) }
            if UInt32(truncatingIfNeeded: word >> 32) == hash {
                let id = UInt32(truncatingIfNeeded: word) - 1
                if isEntry(id) { return Lookup(found: id, slot: slot, hash: hash) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// Records `id` for the entry a lookup did not find (no other insertion in between).
    mutating func insert(_ id: UInt32, at lookup: Lookup) {
        precondition(lookup.found == nil && slots[lookup.slot] == 0, "inserted where the lookup found an entry")
        precondition(id < UInt32.max, "a pool holds fewer than 2^32 - 1 entries")
        slots[lookup.slot] = UInt64(lookup.hash) << 32 | UInt64(id + 1)
        count += 1
        // At most three quarters full, so that a probe soon meets an empty slot.
        if 4 * count > 3 * slots.count { grow() }
    }

    /// Forgets every entry, keeping the slots' memory.
    mutating func removeAll() {
        for index in slots.indices { slots[index] = 0 }
        count = 0
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt64](repeating: 0, count: 2 * old.count)
        let mask = slots.count - 1
        for word in old where word != 0 {
            var slot = Int(truncatingIfNeeded: word >> 32) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = word
        }
    }

    /// A pool's hash of an entry is built from `seed` by `mix`ing in its
    /// words (multiplied and rotated), then `finished` so that the low bits
    /// the table uses depend on every word.
    static let seed: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always)
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        return mixed << 29 | mixed >> 35
    }

    @inline(__always)
    static func finished(_ hash: UInt64) -> UInt32 {
        var hash = hash
        hash ^= hash >> 33
        hash &*= 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 29
        return UInt32(truncatingIfNeeded: hash)
    }
}
