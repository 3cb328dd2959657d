/// The JSON of recently written colors, so a color the table repeats is
/// copied rather than formatted again: a stylesheet's palette recurs (that
/// is what its variables are for), and a color — four fractions and a hex
/// string — is the costliest value to format. Direct-mapped: a color has one
/// slot, chosen from its bits, and a new color takes the slot over.
package final class ColorCache {
    private static let slotCount = 256
    /// Longer than any color's JSON (four numbers of at most 8 characters,
    /// the hex and the keys): a longer one is simply not kept.
    private static let slotWidth = 96
    // Plain memory, not arrays: an array held by a class is checked for
    // exclusive access and uniqueness on every write.
    private let keys = UnsafeMutablePointer<Color>.allocate(capacity: slotCount)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: slotCount)
    private let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: slotCount * slotWidth)

    package init() {
        lengths.initialize(repeating: 0, count: Self.slotCount)
        keys.initialize(repeating: Color(red: -1, green: -1, blue: -1), count: Self.slotCount)
    }

    deinit {
        keys.deallocate()
        lengths.deallocate()
        bytes.deallocate()
    }

    private static func slot(of color: Color) -> Int {
        var hash = color.red.bitPattern &* 0x9E37_79B9_7F4A_7C15
        hash ^= color.green.bitPattern &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= color.blue.bitPattern &* 0x1656_67B1_9E37_79F9
        hash ^= color.alpha.bitPattern &* 0x85EB_CA77_C2B2_AE63
        return Int(truncatingIfNeeded: hash >> 56) & (slotCount - 1)
    }

    /// The kept JSON of `color`, if any.
    package func json(of color: Color) -> UnsafeRawBufferPointer? {
        let slot = Self.slot(of: color)
        guard lengths[slot] > 0, keys[slot] == color else { return nil }
        return UnsafeRawBufferPointer(start: bytes + slot * Self.slotWidth, count: lengths[slot])
    }

    /// Keeps `json` as the JSON of `color`.
    package func keep(_ json: UnsafeRawBufferPointer, of color: Color) {
        guard json.count <= Self.slotWidth, let base = json.baseAddress else { return }
        let slot = Self.slot(of: color)
        UnsafeMutableRawPointer(bytes + slot * Self.slotWidth).copyMemory(from: base, byteCount: json.count)
        keys[slot] = color
        lengths[slot] = json.count
    }
}
