#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Conversions between a color's RGB components and HSL, and its luma,
/// computed as lessc computes them (its color functions are the reference:
/// `darken(#3a7bd5, 10%)` must give what lessc gives).
struct HSLColor {
    /// Hue in degrees, 0..<360.
    var hue: Double
    /// Saturation, lightness and alpha in 0...1.
    var saturation: Double
    var lightness: Double
    var alpha: Double

    init(hue: Double, saturation: Double, lightness: Double, alpha: Double) {
        self.hue = hue
        self.saturation = saturation
        self.lightness = lightness
        self.alpha = alpha
    }

    /// The HSL form of `color`.
    init(_ color: Color) {
        let (r, g, b) = (color.red, color.green, color.blue)
        let maximum = max(r, g, b), minimum = min(r, g, b)
        let difference = maximum - minimum
        lightness = (maximum + minimum) / 2
        alpha = color.alpha
        guard difference != 0 else {
            hue = 0
            saturation = 0
            return
        }
        saturation = lightness > 0.5 ? difference / (2 - maximum - minimum) : difference / (maximum + minimum)
        var sixths: Double
        switch maximum {
        case r: sixths = (g - b) / difference + (g < b ? 6 : 0)
        case g: sixths = (b - r) / difference + 2
        default: sixths = (r - g) / difference + 4
        }
        sixths /= 6
        hue = sixths * 360
    }

    /// The color, its components clamped to 0...1 and rounded to 5 decimals
    /// as every color is stored.
    var color: Color {
        let h = hue.truncatingRemainder(dividingBy: 360) / 360
        let s = clamped(saturation), l = clamped(lightness)
        let m2 = l <= 0.5 ? l * (s + 1) : l + s - l * s
        let m1 = l * 2 - m2
        func channel(_ value: Double) -> Double {
            let h = value < 0 ? value + 1 : (value > 1 ? value - 1 : value)
            if h * 6 < 1 { return m1 + (m2 - m1) * h * 6 }
            if h * 2 < 1 { return m2 }
            if h * 3 < 2 { return m1 + (m2 - m1) * (2.0 / 3 - h) * 6 }
            return m1
        }
        return Color(red: channel(h + 1.0 / 3), green: channel(h), blue: channel(h - 1.0 / 3), alpha: clamped(alpha))
            .clampedAndRounded()
    }
}

/// `value` within 0...1.
func clamped(_ value: Double) -> Double {
    min(1, max(0, value))
}

extension Color {
    /// The components within 0...1 (rounded only when the value is stored).
    func clampedAndRounded() -> Color {
        Color(red: clamped(red), green: clamped(green), blue: clamped(blue), alpha: clamped(alpha))
    }

    /// The relative luminance of WCAG 2.0 (without the alpha), which lessc's
    /// `contrast` compares with its threshold.
    var luma: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.03928 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }
}
