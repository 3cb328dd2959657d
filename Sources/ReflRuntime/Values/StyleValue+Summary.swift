
extension StyleValue {
    /// The value as an editor shows it on hover, in Markdown: a color as its
    /// hex and channels, any other value as its JSON. The one place this
    /// text differs by kind.
    public var markdownSummary: String {
        switch self {
        case .color(let color): return "color `\(color.hex)`\n\n" + color.channelSummary
        default: return "`\(jsonText)`"
        }
    }
}

extension Color {
    /// `red 255 · green 128 · blue 0 · alpha 1`.
    public var channelSummary: String {
        /// At most 3 decimals, no trailing zeros.
        func number(_ value: Double) -> String {
            let rounded = (value * 1000).rounded() / 1000
            if rounded == rounded.rounded() { return String(Int(rounded)) }
            var text = String(rounded)
            while text.hasSuffix("0") { text.removeLast() }
            return text
        }
        return "red \(number(red * 255)) · green \(number(green * 255)) · blue \(number(blue * 255)) · alpha \(number(alpha))"
    }
}
