import ReflLexer

/// `+`, `-`, `*` and `/` on values, with the language's unit rules
/// (Grammar.md, "Expressions"):
///
/// - `px` and `pt` are both points: combined, the result takes the left
///   operand's unit. A bare number combines with any unit, which is kept
///   (`2 * 8px` is `16px`).
/// - A percentage combines only with a percentage or a bare number; an
///   angle with an angle (`deg` and `rad` are one kind) or a bare number,
///   which counts in degrees.
/// - Dividing two values of the same kind gives a bare number (`16px / 2px`
///   is `8`). Multiplying two values that both have units, dividing by
///   zero, and any other mix are errors naming both operands.
enum Arithmetic {
    enum Operator {
        case add, subtract, multiply, divide

        /// The operator written at the first byte of an `operator` node.
        init?(_ byte: UInt8) {
            switch byte {
            case UInt8(ascii: "+"): self = .add
            case UInt8(ascii: "-"): self = .subtract
            case UInt8(ascii: "*"): self = .multiply
            case UInt8(ascii: "/"): self = .divide
            default: return nil
            }
        }

        var symbol: String {
            switch self {
            case .add: "+"
            case .subtract: "-"
            case .multiply: "*"
            case .divide: "/"
            }
        }
    }

    /// What a numeric value is, for the unit rules.
    private enum Quantity {
        case bare(Double)
        case length(Double, LengthUnit)
        case percent(Double)
        /// In radians.
        case angle(Double)

        init?(_ value: StyleValue) {
            switch value {
            case .number(let number, nil): self = .bare(number)
            case .number(let number, let unit?): self = .length(number, unit)
            case .percent(let number): self = .percent(number)
            case .angle(let radians): self = .angle(radians)
            default: return nil
            }
        }

        var magnitude: Double {
            switch self {
            case .bare(let value), .length(let value, _), .percent(let value), .angle(let value): return value
            }
        }

        /// The same kind (and unit) with another magnitude.
        func with(_ value: Double) -> StyleValue {
            switch self {
            case .bare: return .number(value, unit: nil)
            case .length(_, let unit): return .number(value, unit: unit)
            case .percent: return .percent(value)
            case .angle: return .angle(radians: value)
            }
        }

        func isSameKind(as other: Quantity) -> Bool {
            switch (self, other) {
            case (.bare, .bare), (.length, .length), (.percent, .percent), (.angle, .angle): return true
            default: return false
            }
        }
    }

    /// `left op right`, or the message for the operator when they do not
    /// combine, or when the result is beyond a number's range (a table holds
    /// no infinite number: JSON has none).
    static func apply(_ op: Operator, _ left: StyleValue, _ right: StyleValue) -> Result<StyleValue, Message> {
        let result = combine(op, left, right)
        if case .success(let value) = result, isBeyondRange(value) {
            return .failure(EvalMessages.resultTooLarge(op.symbol))
        }
        return result
    }

    /// Whether `value` is a number (with a unit or not, a percentage, an
    /// angle) beyond the range of numbers: the result of an overflow.
    static func isBeyondRange(_ value: StyleValue) -> Bool {
        Quantity(value).map { !$0.magnitude.isFinite } ?? false
    }

    private static func combine(_ op: Operator, _ left: StyleValue, _ right: StyleValue) -> Result<StyleValue, Message> {
        guard let a = Quantity(left), let b = Quantity(right) else { return .failure(mismatch(op, left, right)) }
        switch op {
        case .add, .subtract:
            let sign: Double = op == .add ? 1 : -1
            switch (a, b) {
            case (.bare(let x), .angle(let y)): return .success(.angle(radians: x * Double.pi / 180 + sign * y))
            case (.angle(let x), .bare(let y)): return .success(.angle(radians: x + sign * y * Double.pi / 180))
            case (.bare(let x), _): return .success(b.with(x + sign * b.magnitude))
            case (_, .bare(let y)): return .success(a.with(a.magnitude + sign * y))
            case _ where a.isSameKind(as: b): return .success(a.with(a.magnitude + sign * b.magnitude))
            default: return .failure(mismatch(op, left, right))
            }
        case .multiply:
            switch (a, b) {
            case (.bare(let x), _): return .success(b.with(x * b.magnitude))
            case (_, .bare(let y)): return .success(a.with(a.magnitude * y))
            default: return .failure(EvalMessages.unitsMultiplied(describe(left), describe(right)))
            }
        case .divide:
            guard b.magnitude != 0 else { return .failure(EvalMessages.divisionByZero(describe(left))) }
            switch (a, b) {
            case (_, .bare(let y)): return .success(a.with(a.magnitude / y))
            case (.bare(let x), _): return .success(b.with(x / b.magnitude))
            case _ where a.isSameKind(as: b): return .success(.number(a.magnitude / b.magnitude, unit: nil))
            default: return .failure(mismatch(op, left, right))
            }
        }
    }

    /// `-value`.
    static func negate(_ value: StyleValue) -> Result<StyleValue, Message> {
        guard let quantity = Quantity(value) else { return .failure(EvalMessages.cannotNegate(describe(value))) }
        return .success(quantity.with(-quantity.magnitude))
    }

    /// The value rounded to 5 decimal places, as every result of an
    /// expression or a math function is (`0.1 + 0.2` is `0.3`).
    static func rounded(_ value: StyleValue) -> StyleValue {
        switch Quantity(value) {
        case .angle(let radians)?:
            // In the degrees angles are written in, so `90deg + 45deg` is `135deg` exactly.
            return .angle(radians: roundedToFiveDecimals(radians * 180 / Double.pi) * Double.pi / 180)
        case let quantity?:
            return quantity.with(roundedToFiveDecimals(quantity.magnitude))
        case nil:
            return value
        }
    }

    static func roundedToFiveDecimals(_ value: Double) -> Double {
        let scaled = (value * 100_000).rounded()
        // Past about 1.8e303 the scaled value overflows; a number that large has no decimals to round.
        guard scaled.isFinite else { return value }
        return scaled == 0 ? 0 : scaled / 100_000  // no -0
    }

    private static func mismatch(_ op: Operator, _ left: StyleValue, _ right: StyleValue) -> Message {
        EvalMessages.operandMismatch(op, describe(left), describe(right))
    }

    /// How an operand is named in messages: `a length (8px)`, `a percentage (50%)`.
    static func describe(_ value: StyleValue) -> String {
        switch value {
        case .number(let number, nil): return "a number (\(StylesheetText.number(number)))"
        case .number(let number, let unit?): return "a length (\(StylesheetText.number(number))\(unit.rawValue))"
        case .percent(let number): return "a percentage (\(StylesheetText.number(number))%)"
        case .angle(let radians): return "an angle (\(StylesheetText.number(roundedToFiveDecimals(radians * 180 / Double.pi)))deg)"
        case .color: return "a color (\(value.stylesheetSpelling))"
        case .string(let text): return "a string ('\(text.count > 20 ? String(text.prefix(17)) + "..." : text)')"
        default: return value.kindDescription
        }
    }
}
