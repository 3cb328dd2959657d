/// Decodes the number tokens the lexer produces: `-3.5px`, `.5`, `50%`.
///
/// The digits are converted exactly: short literals (at most 15 significant
/// digits, the common case) by integer arithmetic and one correctly rounded
/// division, longer ones by the standard library's parser.
public struct NumberLiteral: Sendable, Equatable {
    public enum Problem: Sendable, Equatable {
        /// Beyond the range of a Double (`1` followed by 400 zeros).
        case tooLarge
        /// Not zero, but closer to zero than a Double can represent.
        case tooSmall
    }

    public var value: Double
    /// The unit text after the digits (`px`, `%`), empty when there is none.
    public var unit: SourceRange
    public var problem: Problem?

    /// Decodes the number at `range`, which must be a lexer `number` token.
    public static func decode(_ bytes: [UInt8], _ range: SourceRange) -> NumberLiteral {
        var index = range.start
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let digitsStart = index
        var mantissa: UInt64 = 0
        var significant = 0
        var fractionDigits = 0
        var sawFraction = false
        var anyNonZero = false
        while index < range.end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if byte != UInt8(ascii: "0") { anyNonZero = true }
                if significant > 0 || byte != UInt8(ascii: "0") { significant += 1 }
                if significant <= 18 { mantissa = mantissa &* 10 &+ UInt64(byte - UInt8(ascii: "0")) }
                if sawFraction { fractionDigits += 1 }
            } else if byte == UInt8(ascii: ".") && !sawFraction {
                sawFraction = true
            } else {
                break
            }
            index += 1
        }
        let unit = SourceRange(index, range.end)
        var value: Double
        if significant <= 15 && fractionDigits <= 22 {
            value = Double(mantissa) / powersOfTen[fractionDigits]
        } else {
            let text = String(decoding: bytes[digitsStart..<index], as: UTF8.self)
            value = Double(text) ?? .infinity
        }
        if negative { value = -value }
        var problem: Problem?
        if !value.isFinite {
            problem = .tooLarge
        } else if value == 0 && anyNonZero || (value != 0 && !value.isNormal) {
            problem = .tooSmall
        }
        return NumberLiteral(value: value, unit: unit, problem: problem)
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
