/// Decodes the number tokens the lexer produces: `-3.5px`, `.5`, `50%`.
///
/// The digits are converted exactly: short literals (at most 15 digits, the
/// common case) by integer arithmetic and one correctly rounded division,
/// longer ones by the standard library's parser.
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

    @usableFromInline
    init(value: Double, unit: SourceRange, problem: Problem?) {
        self.value = value
        self.unit = unit
        self.problem = problem
    }

    /// Decodes the number at `range`, which must be a lexer `number` token.
    /// Inlinable: the compiler decodes every number it lowers, and the
    /// common case, a few digits with or without a fraction, is short.
    @inlinable
    public static func decode(_ bytes: [UInt8], _ range: SourceRange) -> NumberLiteral {
        precondition(range.start >= 0 && range.start <= range.end && range.end <= bytes.count, "range out of bounds")
        var index = range.start
        var negative = false
        if index < range.end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let digitsStart = index
        // The digits as one integer, as long as it has at most 15 digits
        // (below 2^53, so the Double below is exact): the integer part,
        // then the fraction.
        var mantissa: UInt64 = 0
        var digitCount = 0
        while index < range.end, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            digitCount += 1
            index += 1
        }
        var fractionDigits = 0
        if index < range.end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < range.end, case let digit = bytes[index] &- UInt8(ascii: "0"), digit < 10 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                fractionDigits += 1
                index += 1
            }
            digitCount += fractionDigits
        }
        guard digitCount <= 15 else { return decodeLong(bytes, digitsStart..<index, negative: negative, unit: SourceRange(index, range.end)) }
        // Exact: an integer below 2^53 is a Double, as is 10^k for k <= 22,
        // and their quotient is correctly rounded; at least 1e-15 when not
        // zero, so neither too large nor too small.
        let magnitude = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / powerOfTen(fractionDigits)
        return NumberLiteral(value: negative ? -magnitude : magnitude, unit: SourceRange(index, range.end), problem: nil)
    }

    /// A number of more than 15 digits, through the standard library's
    /// parser; one that reads as zero or as a subnormal but has a digit
    /// other than 0 is too small to hold.
    @usableFromInline
    static func decodeLong(_ bytes: [UInt8], _ digits: Range<Int>, negative: Bool, unit: SourceRange) -> NumberLiteral {
        let text = String(decoding: bytes[digits], as: UTF8.self)
        var value = Double(text) ?? .infinity
        if negative { value = -value }
        let anyNonZero = bytes[digits].contains { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") }
        var problem: Problem?
        if !value.isFinite {
            problem = .tooLarge
        } else if value == 0 && anyNonZero || (value != 0 && !value.isNormal) {
            problem = .tooSmall
        }
        return NumberLiteral(value: value, unit: unit, problem: problem)
    }

    /// 10^exponent for 0...22, the powers of ten a Double holds exactly.
    /// Constants rather than a table made at first use: that table's
    /// one-time check cost a call on every number.
    @inlinable
    static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        case 22: 1e22
        default: preconditionFailure("10^\(exponent) is not exact")
        }
    }
}
