/// lessc's functions that adjust one color in HSL: `lighten`, `darken`,
/// `saturate`, `desaturate`, `fadein`, `fadeout`, `fade`, `spin` and
/// `greyscale`. Amounts are absolute percentage points (`lighten(c, 10%)`
/// adds 0.1 to the lightness), and results are clamped to 0–100%, as lessc
/// does; any color value is taken (hex, `rgb()`, a name, a variable, another
/// function's result).
enum ColorAdjustmentFunctions {
    static let all: [(String, BuiltinFunction)] = [
        adjustment("lighten") { $0.lightness += $1 },
        adjustment("darken") { $0.lightness -= $1 },
        adjustment("saturate") { $0.saturation += $1 },
        adjustment("desaturate") { $0.saturation -= $1 },
        adjustment("fadein") { $0.alpha += $1 },
        adjustment("fadeout") { $0.alpha -= $1 },
        adjustment("fade") { $0.alpha = $1 },
        ("spin", BuiltinFunction(arity: 2...2, arityText: "2 arguments (a color, an angle)") { arguments in
            guard let color = arguments.color(0, "color") else { return nil }
            let degrees: Double
            switch arguments.values[1] {
            case .angle(let radians): degrees = radians * 180 / Double.pi
            case .number(let value, nil): degrees = value
            default: return arguments.typeError(1, "angle", expected: "an angle (deg, rad) or a number of degrees")
            }
            var hsl = HSLColor(color)
            let hue = (hsl.hue + degrees).truncatingRemainder(dividingBy: 360)
            hsl.hue = hue < 0 ? 360 + hue : hue
            return .color(hsl.color)
        }),
        ("greyscale", BuiltinFunction(arity: 1...1, arityText: "1 argument (a color)") { arguments in
            guard let color = arguments.color(0, "color") else { return nil }
            var hsl = HSLColor(color)
            hsl.saturation = 0
            return .color(hsl.color)
        }),
    ]

    /// `name(color, amount%)`: `change` applied to the color's HSL form
    /// with the amount as a fraction (10% is 0.1).
    private static func adjustment(_ name: String, _ change: @escaping @Sendable (inout HSLColor, Double) -> Void)
        -> (String, BuiltinFunction) {
        (name, BuiltinFunction(arity: 2...2, arityText: "2 arguments (a color, an amount%)") { arguments in
            guard let color = arguments.color(0, "color"), let amount = arguments.amount(1, "amount") else { return nil }
            var hsl = HSLColor(color)
            change(&hsl, amount / 100)
            hsl.saturation = clamped(hsl.saturation)
            hsl.lightness = clamped(hsl.lightness)
            hsl.alpha = clamped(hsl.alpha)
            return .color(hsl.color)
        })
    }
}

extension CallArguments {
    /// An amount in percent: `10%`, or a bare `10` as lessc takes it. Not
    /// range-checked: lessc clamps what it computes instead.
    mutating func amount(_ index: Int, _ role: @autoclosure () -> String) -> Double? {
        switch values[index] {
        case .percent(let value), .number(let value, nil): return value
        default:
            typeError(index, role(), expected: "a percentage")
            return nil
        }
    }
}
