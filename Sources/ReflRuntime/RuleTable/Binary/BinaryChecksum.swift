
/// XXH64 (xxHash, 64-bit, seed 0): the checksum a binary table of layout 3
/// ends with, over every byte before it. It reads 32 bytes a round in four
/// independent lanes, so checking a table costs a small part of loading it,
/// and every change of a single 8-byte word changes the result (each step
/// of a lane is a bijection of its state).
enum BinaryChecksum {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    static func xxh64(_ bytes: [UInt8], count: Int) -> UInt64 {
        precondition(count >= 0 && count <= bytes.count, "checksum past the bytes")
        func word(_ offset: Int) -> UInt64 { bytes.load(UInt64.self, at: offset) }
        var offset = 0
        var hash: UInt64
        if count >= 32 {
            var lane1 = prime1 &+ prime2, lane2 = prime2, lane3: UInt64 = 0, lane4 = 0 &- prime1
            while offset + 32 <= count {
                lane1 = round(lane1, word(offset))
                lane2 = round(lane2, word(offset + 8))
                lane3 = round(lane3, word(offset + 16))
                lane4 = round(lane4, word(offset + 24))
                offset += 32
            }
            hash = converged(lane1, lane2, lane3, lane4)
        } else {
            hash = prime5
        }
        return tail(hash &+ UInt64(count), bytes, from: offset, to: count)
    }

    /// The end of a checksum: the last fewer than 32 bytes, `bytes[offset..<count]`, mixed into `hash`.
    private static func tail(_ hash: UInt64, _ bytes: [UInt8], from offset: Int, to count: Int) -> UInt64 {
        var hash = hash, offset = offset
        func word(_ offset: Int) -> UInt64 { bytes.load(UInt64.self, at: offset) }
        while offset + 8 <= count {
            hash = rotate(hash ^ round(0, word(offset)), 27) &* prime1 &+ prime4
            offset += 8
        }
        if offset + 4 <= count {
            let half = UInt64(bytes.load(UInt32.self, at: offset))
            hash = rotate(hash ^ (half &* prime1), 23) &* prime2 &+ prime3
            offset += 4
        }
        while offset < count {
            hash = rotate(hash ^ (UInt64(bytes[offset]) &* prime5), 11) &* prime1
            offset += 1
        }
        return avalanche(hash)
    }

    /// XXH64 of bytes given in pieces, the same as `xxh64` of them joined:
    /// for a table written to its file section by section, with no copy of
    /// the whole in one array.
    struct Stream {
        private var lane1 = prime1 &+ prime2, lane2 = prime2, lane3: UInt64 = 0, lane4 = 0 &- prime1
        private var total = 0
        /// The bytes given since the last whole stripe of 32.
        private var pending: [UInt8] = []

        mutating func add(_ bytes: [UInt8]) {
            var offset = 0
            total += bytes.count
            if !pending.isEmpty {
                offset = min(32 - pending.count, bytes.count)
                pending.append(contentsOf: bytes[0..<offset])
                guard pending.count == 32 else { return }
                stripe(pending, at: 0)
                pending.removeAll(keepingCapacity: true)
            }
            while offset + 32 <= bytes.count {
                stripe(bytes, at: offset)
                offset += 32
            }
            pending.append(contentsOf: bytes[offset...])
        }

        private mutating func stripe(_ bytes: [UInt8], at offset: Int) {
            lane1 = round(lane1, bytes.load(UInt64.self, at: offset))
            lane2 = round(lane2, bytes.load(UInt64.self, at: offset + 8))
            lane3 = round(lane3, bytes.load(UInt64.self, at: offset + 16))
            lane4 = round(lane4, bytes.load(UInt64.self, at: offset + 24))
        }

        /// The checksum of every byte given.
        func finished() -> UInt64 {
            let hash = total >= 32 ? converged(lane1, lane2, lane3, lane4) : prime5
            return tail(hash &+ UInt64(total), pending, from: 0, to: pending.count)
        }
    }

    /// The four lanes made one, once every whole stripe of 32 bytes is read.
    @inline(__always)
    private static func converged(_ lane1: UInt64, _ lane2: UInt64, _ lane3: UInt64, _ lane4: UInt64) -> UInt64 {
        var hash = rotate(lane1, 1) &+ rotate(lane2, 7) &+ rotate(lane3, 12) &+ rotate(lane4, 18)
        hash = merge(hash, lane1)
        hash = merge(hash, lane2)
        hash = merge(hash, lane3)
        return merge(hash, lane4)
    }

    @inline(__always)
    private static func round(_ lane: UInt64, _ input: UInt64) -> UInt64 {
        rotate(lane &+ input &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
        value &<< bits | value &>> (64 - bits)
    }

    private static func avalanche(_ value: UInt64) -> UInt64 {
        var hash = value
        hash ^= hash >> 33
        hash = hash &* prime2
        hash ^= hash >> 29
        hash = hash &* prime3
        hash ^= hash >> 32
        return hash
    }
}
