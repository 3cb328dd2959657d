/// Decodes the number tokens the lexer produces: `-3.5px`, `.5`, `50%`.
///
/// The digits are converted exactly: short literals (digits that make an
/// integer of at most 53 bits, the common case) by integer arithmetic and
/// one correctly rounded division, longer ones by the standard library's parser.
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
        precondition(range.start >= 0 && range.start <= range.end && range.end <= bytes.count, "range out of bounds")
        var index = range.start
        var negative = false
        if index < range.end && (bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")) {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        let digitsStart = index
        // The digits as one integer, until it has 18 (it then fits in 64
        // bits with room for one more): the integer part, then the fraction.
        var mantissa: UInt64 = 0
        var overflowed = false
        func takeDigits() {
            while index < range.end {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return }
                if mantissa < 100_000_000_000_000_000 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                } else {
                    overflowed = true  // more digits than the integer takes
                }
                index += 1
            }
        }
        takeDigits()
        var fractionDigits = 0
        if index < range.end && bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            takeDigits()
            fractionDigits = index - fractionStart
        }
        let unit = SourceRange(index, range.end)
        var value: Double
        // Exact: an integer of at most 53 bits is a Double, as is 10^k for
        // k <= 22, and their quotient is correctly rounded.
        if !overflowed && mantissa <= 1 << 53 && fractionDigits <= 22 {
            value = Double(mantissa) / powerOfTen(fractionDigits)
        } else {
            let text = String(decoding: bytes[digitsStart..<index], as: UTF8.self)
            value = Double(text) ?? .infinity
        }
        if negative { value = -value }
        let anyNonZero = mantissa != 0 || overflowed
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
    private static func powerOfTen(_ exponent: Int) -> Double {
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
