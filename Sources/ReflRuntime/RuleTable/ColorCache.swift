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
    // Not checked for exclusive access at run time: each method reads or
    // writes them in turn, and no caller's code runs in between.
    @exclusivity(unchecked) private var keys = [Color](repeating: Color(red: -1, green: -1, blue: -1), count: slotCount)
    @exclusivity(unchecked) private var lengths = [Int](repeating: 0, count: slotCount)
    @exclusivity(unchecked) private var bytes = [UInt8](repeating: 0, count: slotCount * slotWidth)

    package init() {}

    private static func slot(of color: Color) -> Int {
        var hash = color.red.bitPattern &* 0x9E37_79B9_7F4A_7C15
        hash ^= color.green.bitPattern &* 0xC2B2_AE3D_27D4_EB4F
        hash ^= color.blue.bitPattern &* 0x1656_67B1_9E37_79F9
        hash ^= color.alpha.bitPattern &* 0x85EB_CA77_C2B2_AE63
        return Int(truncatingIfNeeded: hash >> 56) & (slotCount - 1)
    }

    /// The kept JSON of `color`, if any.
    package func json(of color: Color) -> ArraySlice<UInt8>? {
        let slot = Self.slot(of: color)
        guard lengths[slot] > 0, keys[slot] == color else { return nil }
        let start = slot * Self.slotWidth
        return bytes[start..<(start + lengths[slot])]
    }

    /// Keeps what `output` holds from `start` on as the JSON of `color`.
    package func keep(_ output: ByteBuffer, from start: Int, of color: Color) {
        let slot = Self.slot(of: color)
        guard output.count - start <= Self.slotWidth,
              output.copyWritten(from: start, into: &bytes, at: slot * Self.slotWidth) else { return }
        keys[slot] = color
        lengths[slot] = output.count - start
    }
}
