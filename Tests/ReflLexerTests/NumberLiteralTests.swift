import Testing
@testable import ReflLexer

/// Decoding number tokens.
struct NumberLiteralTests {
    func decode(_ text: String) -> NumberLiteral {
        let bytes = Array(text.utf8)
        return NumberLiteral.decode(bytes, SourceRange(0, bytes.count))
    }

    @Test(arguments: [
        ("12", 12.0, ""), ("-256px", -256, "px"), (".5", 0.5, ""), ("+3", 3, ""), ("50%", 50, "%"),
        ("23.4px", 23.4, "px"), ("0.3", 0.3, ""), ("90deg", 90, "deg"), ("-.25", -0.25, ""),
        ("0.1234567890123456789", 0.1234567890123456789, ""),
    ])
    func decodes(_ text: String, _ value: Double, _ unit: String) {
        let number = decode(text)
        #expect(number.value == value)
        #expect(String(decoding: Array(text.utf8)[number.unit.start..<number.unit.end], as: UTF8.self) == unit)
        #expect(number.problem == nil)
    }

    @Test func outOfRangeNumbersAreFlagged() {
        #expect(decode("1" + String(repeating: "0", count: 400)).problem == .tooLarge)
        #expect(decode("0." + String(repeating: "0", count: 400) + "1").problem == .tooSmall)
        #expect(decode("0.000").problem == nil)
    }
}
