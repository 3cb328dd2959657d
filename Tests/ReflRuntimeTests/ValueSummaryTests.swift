import Testing
import ReflRuntime

/// The text an editor shows for a value on hover.
struct ValueSummaryTests {
    @Test func aColorIsShownByItsHexAndChannels() {
        #expect(StyleValue.color(Color(red: 1, green: 0.50196, blue: 0, alpha: 0.5)).markdownSummary
            == "color `#ff800080`\n\nred 255 · green 128 · blue 0 · alpha 0.5")
        #expect(Color(red: 0.1, green: 0.2, blue: 0.3).channelSummary == "red 25.5 · green 51 · blue 76.5 · alpha 1")
    }

    @Test func anyOtherValueIsShownAsAStylesheetWritesIt() {
        #expect(StyleValue.number(4, unit: .px).markdownSummary == "`4px`")
        #expect(StyleValue.identifier("plain").markdownSummary == "`plain`")
        let font = Font(name: "system", size: .points(17, unit: .pt), isSystem: true, textStyle: .body)
        #expect(StyleValue.font(font).markdownSummary == "`font(body)`")
    }

    /// Backticks in a string do not end the code: the fence is longer than any run of them.
    @Test func backticksInsideAreFencedByMore() {
        #expect(StyleValue.string("a`b").markdownSummary == "``'a`b'``")
        #expect(StyleValue.string("``").markdownSummary == "```'``'```")
    }
}
