/// A color written `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`.
enum HexColor {
    /// The color `written` (the `#` included) spells; nil when it is no hex color.
    static func color<Bytes: Collection<UInt8>>(_ written: Bytes) -> Color? {
        let digits = Array(written.dropFirst())
        guard written.first == UInt8(ascii: "#"), [3, 4, 6, 8].contains(digits.count) else { return nil }
        // Each channel from its one digit (doubled: `f` is `ff`) or two.
        let width = digits.count <= 4 ? 1 : 2
        var channels = [0.0, 0.0, 0.0, 1.0]
        for channel in 0..<(digits.count / width) {
            var value = 0
            for offset in 0..<width {
                guard let digit = ASCII.hexDigitValue(digits[channel * width + offset]) else { return nil }
                value = value * 16 + Int(digit)
            }
            channels[channel] = Double(width == 1 ? value * 17 : value) / 255
        }
        return Color(red: channels[0], green: channels[1], blue: channels[2], alpha: channels[3])
    }
}
