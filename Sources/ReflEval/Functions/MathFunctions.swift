/// `round`, `ceil`, `floor`, `abs`, `min`, `max` and `percentage`: functions
/// of numbers, lengths, percentages and angles, which keep the argument's
/// kind and unit. Results are rounded to 5 decimal places, as expressions' are.
enum MathFunctions {
    static let all: [(String, BuiltinFunction)] = [
        ("round", BuiltinFunction(arity: 1...2, arityText: "1 or 2 arguments (a number[, decimal places])") { arguments in
            var places = 0.0
            if arguments.count == 2 {
                guard let count = arguments.plainNumber(1, "number of decimal places", in: 0...10) else { return nil }
                guard count == count.rounded() else {
                    return arguments.typeError(1, "number of decimal places", expected: "a whole number")
                }
                places = count
            }
            return map(&arguments, angles: false) { roundHalfAwayFromZero($0, places: Int(places)) }
        }),
        ("ceil", BuiltinFunction(arity: 1...1, arityText: "1 argument (a number)") { map(&$0, angles: false) { $0.rounded(.up) } }),
        ("floor", BuiltinFunction(arity: 1...1, arityText: "1 argument (a number)") { map(&$0, angles: false) { $0.rounded(.down) } }),
        ("abs", BuiltinFunction(arity: 1...1, arityText: "1 argument (a number)") { map(&$0, angles: true) { Swift.abs($0) } }),
        ("min", BuiltinFunction(arity: 1...Int.max, arityText: "one or more numbers of one kind") { extreme(&$0, smallest: true) }),
        ("max", BuiltinFunction(arity: 1...Int.max, arityText: "one or more numbers of one kind") { extreme(&$0, smallest: false) }),
        ("percentage", BuiltinFunction(arity: 1...1, arityText: "1 argument (a number)") { arguments in
            guard case .number(let value, nil) = arguments.values[0] else {
                return arguments.typeError(0, "argument", expected: "a number without unit (0.5 is 50%)")
            }
            return .percent(Arithmetic.roundedToFiveDecimals(value * 100))
        }),
    ]

    /// The one argument with `transform` applied to its magnitude, its kind
    /// kept. Angles are kept in radians, so rounding one would round radians,
    /// not the degrees it was written in: `angles: false` refuses them.
    private static func map(_ arguments: inout CallArguments, angles: Bool, _ transform: (Double) -> Double) -> StyleValue? {
        if !angles, case .angle = arguments.values[0] {
            return arguments.typeError(0, "argument", expected: "a number, a length or a percentage")
        }
        guard let (magnitude, rebuild) = quantity(&arguments, 0, anglesToo: angles) else { return nil }
        return Arithmetic.rounded(rebuild(transform(magnitude)))
    }

    /// `min(...)` or `max(...)`: the chosen argument as it is, unit and all.
    private static func extreme(_ arguments: inout CallArguments, smallest: Bool) -> StyleValue? {
        guard let (firstMagnitude, _) = quantity(&arguments, 0) else { return nil }
        var best = 0
        var bestMagnitude = firstMagnitude
        for index in 1..<arguments.count {
            guard let (magnitude, _) = quantity(&arguments, index) else { return nil }
            guard kind(of: arguments.values[index]) == kind(of: arguments.values[0]) else {
                return arguments.typeError(index, "argument \(index + 1)",
                                           expected: "of the kind of the first (\(Arithmetic.describe(arguments.values[0])))")
            }
            if smallest ? magnitude < bestMagnitude : magnitude > bestMagnitude {
                best = index
                bestMagnitude = magnitude
            }
        }
        return arguments.values[best]
    }

    /// A number, length, percentage or angle argument: its magnitude (an
    /// angle in radians), and how to make a value of its kind.
    /// (`anglesToo` false: the caller refuses angles, and the message does not offer them.)
    private static func quantity(_ arguments: inout CallArguments, _ index: Int, anglesToo: Bool = true)
        -> (Double, (Double) -> StyleValue)? {
        switch arguments.values[index] {
        case .number(let value, let unit): return (value, { .number($0, unit: unit) })
        case .percent(let value): return (value, { .percent($0) })
        case .angle(let radians): return (radians, { .angle(radians: $0) })
        default:
            arguments.typeError(index, "argument", expected: anglesToo ? "a number, a length, a percentage or an angle"
                                                                          : "a number, a length or a percentage")
            return nil
        }
    }

    /// Numbers of one kind compare: bare numbers, lengths (px and pt alike),
    /// percentages, angles.
    private static func kind(of value: StyleValue) -> Int {
        switch value {
        case .number(_, nil): return 0
        case .number: return 1
        case .percent: return 2
        default: return 3
        }
    }

    /// `value` rounded to `places` decimals, halves away from zero, decided
    /// on the exact value of the Double as lessc's `toFixed` decides:
    /// `2.675` is stored a little below 2.675, so it rounds to 2.67, though
    /// `2.675 * 100` computes to exactly 267.5.
    static func roundHalfAwayFromZero(_ value: Double, places: Int) -> Double {
        let scale = pow10(places)
        let product = value * scale
        // Too large to scale: a number that large has no decimals to round.
        guard product.isFinite else { return value }
        // The exact `value * scale` is `product + error` (a fused multiply-add rounds once).
        let error = (-product).addingProduct(value, scale)
        var rounded = product.rounded(.toNearestOrAwayFromZero)
        if abs(product - product.rounded(.towardZero)) == 0.5 && error != 0 && (error > 0) != (product > 0) {
            rounded = product.rounded(.towardZero)  // the exact value lies below the half
        }
        return rounded / scale
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
