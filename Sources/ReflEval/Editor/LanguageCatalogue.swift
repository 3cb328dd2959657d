import ReflParser

/// What the language offers, as an editor presents it: the built-in
/// functions with their signatures, the color names and keywords, the
/// words of conditions and the control states. The language server's
/// completion and hover read it; a test keeps it equal to the functions the
/// compiler registers.
public enum LanguageCatalogue {
    /// A built-in function as an editor shows it.
    public struct Function: Sendable {
        public let name: String
        /// Each accepted form: `rgb(r, g, b)`, `rgb(r, g, b, a)`.
        public let signatures: [String]
        /// What it gives, in one sentence.
        public let summary: String
    }

    /// Every built-in function, by name.
    public static let functions: [Function] = [
        Function(name: "rgb", signatures: ["rgb(r, g, b)", "rgb(r, g, b, a)"],
                 summary: "A color from red, green and blue 0–255 and an optional alpha 0–1."),
        Function(name: "rgba", signatures: ["rgba(r, g, b, a)", "rgba(r, g, b)"],
                 summary: "A color from red, green and blue 0–255 and alpha 0–1."),
        Function(name: "hsl", signatures: ["hsl(hue, saturation%, lightness%)", "hsl(hue, saturation%, lightness%, a)"],
                 summary: "A color from a hue in degrees, saturation and lightness as percentages."),
        Function(name: "hsla", signatures: ["hsla(hue, saturation%, lightness%, a)"],
                 summary: "A color from hue, saturation, lightness and alpha 0–1."),
        Function(name: "asset-color", signatures: ["asset-color('Name')"],
                 summary: "A color of the app's asset catalog, by name; known only on the device, so color functions cannot compute with it."),
        Function(name: "light-dark", signatures: ["light-dark(light color, dark color)"],
                 summary: "A color for each appearance (CSS Color 5): the light one unless the appearance is dark; a color function given it applies to each side."),
        Function(name: "linear-gradient", signatures: ["linear-gradient(color, color, ...)", "linear-gradient(90deg, color, color 80%, ...)",
                                                       "linear-gradient(to right, color, ...)", "linear-gradient(to top left, color, ...)"],
                 summary: "A gradient through two or more colors, as CSS writes it: a direction (an angle, 0deg up and clockwise, or 'to' a side or corner; by default 'to bottom'), then colors, each with an optional position in percent."),
        Function(name: "shadow", signatures: ["shadow(x, y, blur, color)", "shadow(x, y, color)"],
                 summary: "A drop shadow: its offset, CSS's blur (a layer's shadow radius is half of it) and its color, whose alpha is the opacity. 'shadow:' sets shadow-offset, shadow-radius, shadow-color and shadow-opacity at once."),
        Function(name: "border", signatures: ["border(width, color)"],
                 summary: "A border's width and color. 'border:' sets border-width and border-color at once."),
        Function(name: "symbol", signatures: ["symbol('name')", "symbol('name', pointSize)", "symbol('name', pointSize, weight)",
                                              "symbol('name', pointSize, weight, scale)"],
                 summary: "An SF Symbol, with the parts of its configuration given in order: a point size, a weight (ultra-light … black) and a scale (small, medium, large)."),
        Function(name: "text-attributes", signatures: ["text-attributes(font: font, color: color, letter-spacing: length, ...)"],
                 summary: "UIKit's text attributes, each given by name: font, color, background-color, letter-spacing, line-height (a multiple, or a height in points), line-height-multiple, minimum-line-height, maximum-line-height, paragraph-spacing, alignment, underline and strikethrough (none, single, thick, double), shadow."),
        Function(name: "font", signatures: ["font('Name', size)", "font('Name', size, textStyle)", "font(textStyle)",
                                            "font(textStyle, weight)", "font('system', size, weight)"],
                 summary: "A font by name and size, the system font with a weight, or a Dynamic Type text style that scales with the content size."),
        Function(name: "rect", signatures: ["rect(x, y, width, height)"], summary: "A CGRect, in points."),
        Function(name: "point", signatures: ["point(x, y)"], summary: "A CGPoint, in points."),
        Function(name: "size", signatures: ["size(width, height)"], summary: "A CGSize, in points."),
        Function(name: "edge-insets", signatures: ["edge-insets(left, top, right, bottom)", "edge-insets(all)",
                                                   "edge-insets(vertical, horizontal)"],
                 summary: "UIEdgeInsets, in points (the original engine's order: left, top, right, bottom)."),
        Function(name: "locale", signatures: ["locale('KEY')"], summary: "A key for the app's localized strings."),
        Function(name: "transform-scale", signatures: ["transform-scale(x, y)"], summary: "A scaling CGAffineTransform."),
        Function(name: "transform-rotate", signatures: ["transform-rotate(angle)"],
                 summary: "A rotating CGAffineTransform (deg, rad, or a plain number of radians)."),
        Function(name: "transform-translate", signatures: ["transform-translate(x, y)"],
                 summary: "A translating CGAffineTransform, in points."),
        Function(name: "vector", signatures: ["vector(value, ...)"], summary: "A list of any values (may be empty)."),
        Function(name: "image", signatures: ["image('name')", "image('name', edge-insets(...))", "image('name', template)",
                                             "image('name', edge-insets(...), original)", "image(color)", "image(gradient)"],
                 summary: "A named image, stretched between its cap insets when they are given and drawn as a template (in the tint color) or in its original colors when that is given; or an image filled with a color or gradient."),
        Function(name: "condition", signatures: ["condition('...')"], summary: "A condition, as in '__condition'."),
        Function(name: "round", signatures: ["round(n)", "round(n, places)"],
                 summary: "n rounded to places decimals (default 0), halves away from zero."),
        Function(name: "ceil", signatures: ["ceil(n)"], summary: "n rounded up."),
        Function(name: "floor", signatures: ["floor(n)"], summary: "n rounded down."),
        Function(name: "abs", signatures: ["abs(n)"], summary: "The magnitude of n."),
        Function(name: "min", signatures: ["min(n, ...)"], summary: "The smallest argument, as written."),
        Function(name: "max", signatures: ["max(n, ...)"], summary: "The largest argument, as written."),
        Function(name: "percentage", signatures: ["percentage(n)"], summary: "A bare number as a percentage (0.5 is 50%)."),
        Function(name: "lighten", signatures: ["lighten(color, amount%)"], summary: "The color with its HSL lightness raised by amount."),
        Function(name: "darken", signatures: ["darken(color, amount%)"], summary: "The color with its HSL lightness lowered by amount."),
        Function(name: "saturate", signatures: ["saturate(color, amount%)"], summary: "The color with its HSL saturation raised by amount."),
        Function(name: "desaturate", signatures: ["desaturate(color, amount%)"],
                 summary: "The color with its HSL saturation lowered by amount."),
        Function(name: "fadein", signatures: ["fadein(color, amount%)"], summary: "The color made more opaque by amount."),
        Function(name: "fadeout", signatures: ["fadeout(color, amount%)"], summary: "The color made more transparent by amount."),
        Function(name: "fade", signatures: ["fade(color, alpha%)"], summary: "The color with its alpha set to alpha."),
        Function(name: "spin", signatures: ["spin(color, angle)"], summary: "The color with its hue turned by angle (degrees unless deg or rad)."),
        Function(name: "mix", signatures: ["mix(color1, color2)", "mix(color1, color2, weight%)"],
                 summary: "color1 and color2 mixed, weight of the first (default 50%), as lessc mixes."),
        Function(name: "tint", signatures: ["tint(color, weight%)"], summary: "The color mixed with white."),
        Function(name: "shade", signatures: ["shade(color, weight%)"], summary: "The color mixed with black."),
        Function(name: "greyscale", signatures: ["greyscale(color)"], summary: "The color with no saturation."),
        Function(name: "contrast", signatures: ["contrast(color)", "contrast(color, dark, light)",
                                                "contrast(color, dark, light, threshold%)"],
                 summary: "Whichever of dark and light (black and white by default) contrasts more with the color."),
    ]

    /// The built-in function named `name`.
    public static func function(named name: String) -> Function? { functionsByName[name] }

    private static let functionsByName = Dictionary(uniqueKeysWithValues: functions.map { ($0.name, $0) })

    /// The color names (the CSS names, `transparent` and `clear`), sorted.
    public static let colorNames: [String] = (Array(NamedColors.table.keys) + ["transparent", "clear"]).sorted()

    /// The color a name stands for (any case), or nil.
    /// The color a `#hex` literal spells, as the compiler lowers it; nil when it spells none.
    public static func color(hex written: String) -> Color? {
        HexColor.color(Array(written.utf8))?.roundedToFiveDecimals()
    }

    public static func color(named name: String) -> Color? {
        if case .color(let color)? = Keywords.value(of: name) { return color.roundedToFiveDecimals() }
        return nil
    }

    /// The keywords a value may be that are no color: booleans, content
    /// modes, text alignments, autoresizing options; sorted.
    public static let valueKeywords: [String] = (["true", "false"] + Array(Keywords.contentModes.keys)
        + Array(Keywords.textAlignments.keys) + Array(Keywords.autoresizing.keys)).sorted()

    /// The directives a rule's body may hold.
    public static let directives = ["__condition", "__include", "apply-to-subclasses"]

    /// The control states a bracket may name.
    public static var controlStates: [String] { ControlState.names }

    /// The words a condition term starts with.
    public static var conditionSubjects: [String] { ConditionVocabulary.subjects }

    /// The words that may follow `subject` and its operator in a condition.
    public static func conditionValues(for subject: String) -> [String] {
        switch subject {
        case "horizontal", "vertical": return SizeClass.allCases.map(\.rawValue)
        case "idiom": return Idiom.allCases.map(\.rawValue)
        case "appearance": return Appearance.allCases.map(\.rawValue)
        case "content-size": return ContentSizeCategory.allCases.map(\.rawValue)
        case "layout-direction": return LayoutDirection.allCases.map(\.rawValue)
        case "orientation": return Orientation.allCases.map(\.rawValue)
        case "contrast": return Contrast.allCases.map(\.rawValue)
        default: return []
        }
    }

    /// The key path a declaration key sets (`title-label--text-color` →
    /// `titleLabel.textColor`), as the rule table records it.
    public static func keyPath(of key: String) -> String { PropertyName.keyPath(key) }
}
