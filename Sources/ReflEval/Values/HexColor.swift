/// A color written `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
enum HexColor {
    /// The color `written` (the `#` included) spells; nil when it is no hex color.
    static func color(_ written: [UInt8]) -> Color? {
        color(written, in: written.indices)
    }

    /// The color the bytes of `range` of `source` spell. Read in place, with
    /// no array of its own: every hex color of a stylesheet is read here, and
    /// a slice of the source would count a reference to bytes that every
    /// thread shares.
    static func color(_ source: [UInt8], in range: Range<Int>) -> Color? {
        let digitCount = range.count - 1
        guard digitCount == 3 || digitCount == 4 || digitCount == 6 || digitCount == 8,
              source[range.lowerBound] == UInt8(ascii: "#") else { return nil }
        // Each channel from its one digit (doubled: `f` is `ff`) or two.
        let width = digitCount <= 4 ? 1 : 2
        func channel(_ index: Int) -> Double? {
            guard index < digitCount / width else { return 1 }  // no alpha written: opaque
            var value = 0
            for offset in 0..<width {
                guard let digit = ASCII.hexDigitValue(source[range.lowerBound + 1 + index * width + offset]) else { return nil }
                value = value * 16 + Int(digit)
            }
            return Double(width == 1 ? value * 17 : value) / 255
        }
        guard let red = channel(0), let green = channel(1), let blue = channel(2), let alpha = channel(3) else { return nil }
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }
}
