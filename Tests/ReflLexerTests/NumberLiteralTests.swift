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

    /// Each literal is the Double the standard library reads from its text:
    /// those of up to 15 digits by integer arithmetic, others by that parser.
    @Test(arguments: [
        "9007199254740992", "9007199254740993", "9007199254740991.5", "0.9007199254740993", "900719925474099.3",
        "12345678901234567890", "0.00000000000000000000012", "0.0000000000000000000001", "100000000000000000000",
        "99999999999999999", "999999999999999999", "1.0000000000000000000000001", "0000000000000000000001.5",
    ])
    func decodesAsTheStandardParser(_ text: String) {
        #expect(decode(text).value == Double(text))
    }

    @Test func randomLiteralsDecodeAsTheStandardParser() {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {  // SplitMix64: the same literals on every run
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(next(10))) }) }
        let signs = ["", "-", "+"], units = ["", "px", "%", "deg"]
        for _ in 0..<20_000 {
            var text = String(repeating: "0", count: next(3)) + digits(1 + next(20))
            if next(2) == 0 { text += "." + digits(next(26)) }
            let sign = signs[next(3)], unit = units[next(4)]
            let number = decode(sign + text + unit)
            // Bit for bit: -0 is not 0.
            let expected = sign == "-" ? -Double(text)! : Double(text)!
            #expect(number.value.bitPattern == expected.bitPattern, "\(sign + text + unit)")
            #expect(number.problem == nil && number.unit == SourceRange(sign.utf8.count + text.utf8.count, sign.utf8.count + text.utf8.count + unit.utf8.count))
        }
    }

    /// Around the 15 digits that are converted by integer arithmetic, and
    /// zeros of every length, signed.
    @Test func numbersOfFifteenDigitsOrSoAndZerosDecodeAsTheStandardParser() {
        for length in 12...19 {
            for text in [String(repeating: "9", count: length), "0." + String(repeating: "9", count: length - 1),
                         String(repeating: "0", count: length), "0." + String(repeating: "0", count: length - 1),
                         "1" + String(repeating: "0", count: length - 2) + "1", "4.5" + String(repeating: "3", count: length - 2)] {
                #expect(decode(text).value.bitPattern == Double(text)!.bitPattern, "\(text)")
                #expect(decode("-" + text).value.bitPattern == (-Double(text)!).bitPattern, "-\(text)")
                #expect(decode(text).problem == nil, "\(text)")
            }
        }
    }

    @Test func outOfRangeNumbersAreFlagged() {
        #expect(decode("1" + String(repeating: "0", count: 400)).problem == .tooLarge)
        #expect(decode("0." + String(repeating: "0", count: 400) + "1").problem == .tooSmall)
        #expect(decode("0.000").problem == nil)
    }
}
