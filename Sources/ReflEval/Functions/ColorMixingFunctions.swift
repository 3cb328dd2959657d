/// lessc's functions of two colors: `mix`, `tint`, `shade` and `contrast`.
enum ColorMixingFunctions {
    static let all: [(String, BuiltinFunction)] = [
        ("mix", BuiltinFunction(arity: 2...3, arityText: "2 or 3 arguments (a color, a color[, a weight%])") { arguments in
            guard let first = arguments.color(0, "first color"), let second = arguments.color(1, "second color") else { return nil }
            let weight = arguments.count == 3 ? arguments.amount(2, "weight") : 50
            return weight.map { .color(mix(first, second, weight: $0)) }
        }),
        ("tint", BuiltinFunction(arity: 1...2, arityText: "1 or 2 arguments (a color[, a weight%])") { arguments in
            guard let color = arguments.color(0, "color") else { return nil }
            let weight = arguments.count == 2 ? arguments.amount(1, "weight") : 50
            return weight.map { .color(mix(Color(red: 1, green: 1, blue: 1), color, weight: $0)) }
        }),
        ("shade", BuiltinFunction(arity: 1...2, arityText: "1 or 2 arguments (a color[, a weight%])") { arguments in
            guard let color = arguments.color(0, "color") else { return nil }
            let weight = arguments.count == 2 ? arguments.amount(1, "weight") : 50
            return weight.map { .color(mix(Color(red: 0, green: 0, blue: 0), color, weight: $0)) }
        }),
        ("contrast", BuiltinFunction(arity: 1...4, arityText: "1, 3 or 4 arguments (a color[, a dark color, a light color[, a threshold%]])") {
            contrast(&$0)
        }),
    ]

    /// lessc's (and Sass's) weighted mix: `weight`% of `first`, the rest of
    /// `second`, the weights shifted towards the more opaque color.
    static func mix(_ first: Color, _ second: Color, weight: Double) -> Color {
        let p = weight / 100
        let w = p * 2 - 1
        let a = first.alpha - second.alpha
        let w1 = ((w * a == -1 ? w : (w + a) / (1 + w * a)) + 1) / 2
        let w2 = 1 - w1
        return Color(red: first.red * w1 + second.red * w2, green: first.green * w1 + second.green * w2,
                     blue: first.blue * w1 + second.blue * w2, alpha: first.alpha * p + second.alpha * (1 - p)).clampedAndRounded()
    }

    /// `contrast(c[, dark, light[, threshold]])`: `light` (white) when the
    /// luma of `c` is below the threshold (43%), else `dark` (black); the
    /// two are swapped first when `dark` is the lighter.
    private static func contrast(_ arguments: inout CallArguments) -> StyleValue? {
        guard arguments.count != 2 else {
            arguments.report(EvalMessages.arity("contrast", expected: "1, 3 or 4 arguments (a color[, a dark color, a light color[, a threshold%]])",
                                                found: 2), at: 1)
            return nil
        }
        guard let color = arguments.color(0, "color") else { return nil }
        var dark = Color(red: 0, green: 0, blue: 0)
        var light = Color(red: 1, green: 1, blue: 1)
        var threshold = 0.43
        if arguments.count >= 3 {
            guard let first = arguments.color(1, "dark color"), let second = arguments.color(2, "light color") else { return nil }
            (dark, light) = (first, second)
        }
        if arguments.count == 4 {
            switch arguments.values[3] {
            case .percent(let value): threshold = value / 100
            case .number(let value, nil): threshold = value
            default: return arguments.typeError(3, "threshold", expected: "a percentage")
            }
        }
        if dark.luma > light.luma { (dark, light) = (light, dark) }
        return .color(color.luma < threshold ? light : dark)
    }
}
