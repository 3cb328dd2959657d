/// `rgb`, `rgba`, `hsl`, `hsla`, `asset-color` and `light-dark`.
enum ColorFunctions {
    static let all: [(String, BuiltinFunction)] = [
        ("rgb", rgb), ("rgba", rgb), ("hsl", hsl), ("hsla", hsl),
        // A color of the app's asset catalog, by name: known only on the device.
        ("asset-color", BuiltinFunction(arity: 1...1, arityText: "1 argument (the color's name in the asset catalog)") { arguments in
            guard case .string(let name) = arguments.values[0], !name.isEmpty else {
                return arguments.typeError(0, "name", expected: "the color's name in quotes, such as 'BrandGreen'")
            }
            return .assetColor(name)
        }),
        // CSS Color 5's `light-dark()`: a color for each appearance.
        ("light-dark", BuiltinFunction(arity: 2...2, arityText: "2 colors (light, dark)") { arguments in
            guard let light = arguments.color(0, "light color"), let dark = arguments.color(1, "dark color") else { return nil }
            return .lightDark(light: light, dark: dark)
        }),
    ]

    /// `rgb(r, g, b)` / `rgba(r, g, b, a)`: r, g, b in 0–255, a in 0–1;
    /// each name accepts both arities, as CSS does.
    static let rgb = BuiltinFunction(arity: 3...4, arityText: "3 or 4 arguments (red, green, blue[, alpha])") { arguments in
        guard let red = arguments.plainNumber(0, "red component", in: 0...255),
              let green = arguments.plainNumber(1, "green component", in: 0...255),
              let blue = arguments.plainNumber(2, "blue component", in: 0...255),
              let alpha = alphaArgument(&arguments) else { return nil }
        return .color(Color(red: red / 255, green: green / 255, blue: blue / 255, alpha: alpha))
    }

    /// `hsl(h, s%, l%)` / `hsla(h, s%, l%, a)`: h in degrees (or an angle).
    static let hsl = BuiltinFunction(arity: 3...4, arityText: "3 or 4 arguments (hue, saturation%, lightness%[, alpha])") { arguments in
        let hue: Double
        switch arguments.values[0] {
        case .angle(let radians): hue = radians * 180 / Double.pi
        default:
            guard let degrees = arguments.plainNumber(0, "hue", in: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude)
            else { return nil }
            hue = degrees
        }
        guard let saturation = arguments.percentage(1, "saturation"),
              let lightness = arguments.percentage(2, "lightness"),
              let alpha = alphaArgument(&arguments) else { return nil }
        return .color(fromHSL(hue: hue, saturation: saturation / 100, lightness: lightness / 100, alpha: alpha))
    }

    private static func alphaArgument(_ arguments: inout CallArguments) -> Double? {
        arguments.count == 4 ? arguments.plainNumber(3, "alpha", in: 0...1) : 1
    }

    /// The CSS Color 4 HSL-to-sRGB conversion.
    static func fromHSL(hue: Double, saturation: Double, lightness: Double, alpha: Double) -> Color {
        var hue = hue.truncatingRemainder(dividingBy: 360)
        if hue < 0 { hue += 360 }
        func channel(_ n: Double) -> Double {
            let k = (n + hue / 30).truncatingRemainder(dividingBy: 12)
            let a = saturation * min(lightness, 1 - lightness)
            return lightness - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return Color(red: channel(0), green: channel(8), blue: channel(4), alpha: alpha)
    }
}
