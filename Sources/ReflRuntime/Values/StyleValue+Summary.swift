
extension StyleValue {
    /// The value as an editor shows it on hover, in Markdown: a color as its
    /// hex and channels, any other value as a stylesheet writes it (`8px`,
    /// `font(body)`). The one place this text differs by kind.
    public var markdownSummary: String {
        switch self {
        case .color(let color): return "color `\(color.hex)`\n\n" + color.channelSummary
        default: return Self.inlineCode(stylesheetSpelling)
        }
    }

    /// `text` as Markdown inline code: fenced by one backtick more than its
    /// longest run of them (a string may hold backticks), with a space
    /// inside each fence when it starts or ends with one.
    static func inlineCode(_ text: String) -> String {
        var longest = 0, run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = text.first == "`" || text.last == "`" ? " " : ""
        return fence + padding + text + padding + fence
    }
}

extension Color {
    /// `red 255 · green 128 · blue 0 · alpha 1`.
    public var channelSummary: String {
        let number = StylesheetText.roundedNumber
        // Colors are stored to 5 decimals: #2f6b3a's green is 0.41961, 107.001
        // of 255. Within that rounding of a whole channel, the whole channel.
        func channel(_ value: Double) -> String {
            let scaled = value * 255
            return number(abs(scaled - scaled.rounded()) < 0.002 ? scaled.rounded() : scaled)
        }
        return "red \(channel(red)) · green \(channel(green)) · blue \(channel(blue)) · alpha \(number(alpha))"
    }
}
