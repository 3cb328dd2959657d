
/// A typed value: what every right-hand side of a stylesheet lowers to, what
/// the rule table stores, and what resolution returns.
public enum StyleValue: Sendable, Equatable {
    /// `12`, `12px`, `12pt` (px and pt both mean points); `unit` is nil for a bare number.
    case number(Double, unit: LengthUnit?)
    /// `50%`: relative to the view's bounds, resolved at resolution time.
    case percent(Double)
    /// `2rad`, `90deg`, stored in radians.
    case angle(radians: Double)
    case string(String)
    case bool(Bool)
    case color(Color)
    /// `linear-gradient([direction,] c1 [position], c2 [position], ...)`: two or more colors along a line.
    case gradient(Gradient)
    case font(Font)
    case rect(x: Double, y: Double, width: Double, height: Double)
    case point(x: Double, y: Double)
    case size(width: Double, height: Double)
    case edgeInsets(top: Double, left: Double, bottom: Double, right: Double)
    /// `locale('KEY')`: a key for the host's localization.
    case localizedString(key: String)
    case transform(Transform)
    case vector([StyleValue])
    case image(Image)
    case condition(Condition)
    /// A UIKit enum keyword (`mode-center`, `left`).
    case enumCase(EnumCase)
    /// UIKit option-set keywords joined by `,` (`flexible-width, flexible-height`).
    case optionSet(OptionSetValue)
    /// A function the compiler does not know, kept for host plugins.
    case call(name: String, arguments: [StyleValue])
    /// A bare word that is no keyword.
    case identifier(String)
    /// `light-dark(light, dark)`: a color for each appearance (light when
    /// the appearance is unspecified), picked when a style is resolved.
    // Indirect: two colors inline would double the size of every value.
    indirect case lightDark(light: Color, dark: Color)
    /// `0.15s`, `150ms`: a duration, in seconds (for an app's own properties
    /// and imported tokens).
    case duration(seconds: Double)
    /// `asset-color('BrandGreen')`: a color of the app's asset catalog,
    /// known only on the device (`UIColor(named:)`).
    case assetColor(String)
    /// `shadow(x, y, blur, color)`.
    indirect case shadow(Shadow)
    /// `border(width, color)`.
    indirect case border(Border)
    /// `text-attributes(name: value, ...)`.
    indirect case textAttributes(TextAttributes)
}

/// The unit written on a number: both mean points on iOS.
public enum LengthUnit: String, Sendable, CaseIterable {
    case px, pt
}

/// An sRGB color with components in 0...1.
public struct Color: Sendable, Equatable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A color from components in 0...1 (opaque by default).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The color with each component rounded to 5 decimals, as the compiler
    /// stores colors: enough for 16 bits per channel, and free of the float
    /// noise of conversions (`0.52`, not `0.5199999999999999`), so a color
    /// reads the same in JSON and in memory.
    public func roundedToFiveDecimals() -> Color {
        func round(_ value: Double) -> Double { (value * 100_000).rounded() / 100_000 }
        return Color(red: round(red), green: round(green), blue: round(blue), alpha: round(alpha))
    }

    /// `#rrggbbaa`, each component rounded to 8 bits.
    public var hex: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue, alpha] {
            let value = Int((min(max(component, 0), 1) * 255).rounded())
            bytes.append(digits[value >> 4])
            bytes.append(digits[value & 15])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `font('Name', 16pt)`, `font('Name', 50%)`, `font('system', 17pt, semibold)`,
/// `font('Name', 16pt, body)` or `font(headline)`.
public struct Font: Sendable, Equatable {
    /// A font size: points, or a percentage of the view's bounds.
    public enum Size: Sendable, Equatable {
        case points(Double, unit: LengthUnit?)
        /// Relative to the view's bounds; resolved at resolution time.
        case percent(Double)
    }

    public var name: String
    /// The size; with a text style, the size at the `large` content size.
    public var size: Size
    /// `'system'` and `'-apple-system'` name the system font.
    public var isSystem: Bool
    /// The system font's weight (`font('system', 17pt, semibold)`); nil when none is given.
    public var weight: FontWeight?
    /// The Dynamic Type text style the size scales with; nil for a fixed size.
    public var textStyle: TextStyle?

    /// A font; `isSystem` for the system font.
    public init(name: String, size: Size, isSystem: Bool, weight: FontWeight? = nil, textStyle: TextStyle? = nil) {
        self.name = name
        self.size = size
        self.isSystem = isSystem
        self.weight = weight
        self.textStyle = textStyle
    }
}

/// The weights of the system font (`UIFont.Weight`), spelled as in stylesheets.
public enum FontWeight: String, Sendable, CaseIterable {
    case ultraLight = "ultra-light"
    case thin, light, regular, medium, semibold, bold, heavy, black
}

/// The Dynamic Type text styles (`UIFont.TextStyle`), spelled as in stylesheets.
public enum TextStyle: String, Sendable, CaseIterable {
    case largeTitle = "large-title"
    case title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
}

/// `transform-scale(x, y)`, `transform-rotate(angle)`, `transform-translate(x, y)`.
public enum Transform: Sendable, Equatable {
    case scale(x: Double, y: Double)
    case rotate(radians: Double)
    case translate(x: Double, y: Double)
}

/// `image('name')`, `image('name', edge-insets(...), template)`,
/// `image(COLOR or GRADIENT)` or `symbol('name', ...)`.
public enum Image: Sendable, Equatable {
    /// An image of the app's, by name; stretched between its cap insets
    /// when it has them, drawn in a rendering mode when one is given.
    case named(String, capInsets: EdgeInsets? = nil, rendering: ImageRendering? = nil)
    /// Filled with a color or a gradient (the value is `.color` or `.gradient`).
    indirect case fill(StyleValue)
    /// An SF Symbol.
    case symbol(Symbol)
}

/// How an image is drawn (`UIImage.RenderingMode`).
public enum ImageRendering: String, Sendable, CaseIterable {
    /// `.alwaysOriginal`: in its own colors.
    case original
    /// `.alwaysTemplate`: its shape in the view's tint color.
    case template
}

/// `symbol('heart.fill', 17pt, semibold, large)`: an SF Symbol, with the
/// parts of its `UIImage.SymbolConfiguration` that are given.
public struct Symbol: Sendable, Equatable {
    /// How large a symbol is drawn beside text of its point size (`UIImage.SymbolScale`).
    public enum Scale: String, Sendable, CaseIterable {
        case small, medium, large
    }

    public var name: String
    public var pointSize: Double?
    public var weight: FontWeight?
    public var scale: Scale?

    public init(name: String, pointSize: Double? = nil, weight: FontWeight? = nil, scale: Scale? = nil) {
        self.name = name
        self.pointSize = pointSize
        self.weight = weight
        self.scale = scale
    }
}

/// A keyword of a UIKit enum, with its raw value.
public struct EnumCase: Sendable, Equatable {
    /// `UIViewContentMode`, `NSTextAlignment`.
    public var enumName: String
    /// The Swift case name: `scaleToFill`, `center`.
    public var caseName: String
    public var rawValue: Int

    package init(enumName: String, caseName: String, rawValue: Int) {
        self.enumName = enumName
        self.caseName = caseName
        self.rawValue = rawValue
    }
}

/// UIKit option-set keywords, with the OR of their raw values.
public struct OptionSetValue: Sendable, Equatable {
    /// `UIViewAutoresizing`.
    public var setName: String
    /// Swift option names, in raw-value order.
    public var options: [String]
    public var rawValue: Int

    package init(setName: String, options: [String], rawValue: Int) {
        self.setName = setName
        self.options = options
        self.rawValue = rawValue
    }
}

/// A parsed condition: what it tests, and the text it came from.
public struct Condition: Sendable, Equatable {
    /// The expression: terms joined by `and` (`all`), `or` (`any`) and `not`.
    public var test: ConditionExpression
    /// The condition text as written (without quotes).
    public var source: String

    /// A condition testing `test`, written as `source`.
    public init(test: ConditionExpression, source: String) {
        self.test = test
        self.source = source
    }
}

extension StyleValue {
    /// Whether the value is plain data, with no string, array or boxed part
    /// whose references are counted: destroying it does nothing. Every case
    /// is listed, so that a new one must be placed.
    @inlinable
    package var holdsNothingCounted: Bool {
        switch self {
        case .number, .percent, .angle, .bool, .color, .rect, .point, .size, .edgeInsets, .transform, .duration: true
        case .string, .gradient, .font, .localizedString, .vector, .image, .condition, .enumCase, .optionSet, .call,
             .identifier, .assetColor: false
        case .lightDark, .shadow, .border, .textAttributes: false  // boxed (`indirect` cases)
        }
    }

    /// Whether this is a `light-dark()` color.
    public var isLightDark: Bool {
        if case .lightDark = self { return true }
        return false
    }
}
