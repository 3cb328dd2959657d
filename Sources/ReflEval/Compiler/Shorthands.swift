import ReflLexer
import ReflParser

/// `shadow:` and `border:`, the keys that set several properties at once:
/// a rule's `shadow: shadow(0, 2px, 4px, black)` becomes `shadow-offset`,
/// `shadow-radius`, `shadow-color` and `shadow-opacity` when the rule is
/// compiled, so each part cascades on its own with the longhand keys (a
/// later `shadow-color` in the same rule or a more specific rule wins for
/// the color alone). Any key path ending in one (`layer--shadow`) expands
/// the same way under its path.
enum Shorthand {
    case shadow, border

    /// The shorthand a key path ends with (`shadow`, `layer.border`), and
    /// the path before it (`""`, `"layer."`).
    static func of(keyPath: String) -> (shorthand: Shorthand, prefix: Substring)? {
        let last = keyPath.split(separator: ".", omittingEmptySubsequences: false).last ?? ""
        let prefix = keyPath.dropLast(last.count)
        switch last {
        case "shadow": return (.shadow, prefix)
        case "border": return (.border, prefix)
        default: return nil
        }
    }

    /// The longhand property names, in the order `parts` gives their values.
    var longhands: [String] {
        switch self {
        case .shadow: return ["shadowOffset", "shadowRadius", "shadowColor", "shadowOpacity"]
        case .border: return ["borderWidth", "borderColor"]
        }
    }

    /// What the key takes, for messages.
    var expected: String {
        switch self {
        case .shadow: return "a shadow, 'shadow(x, y, blur, color)'"
        case .border: return "a border, 'border(width, color)'"
        }
    }

    /// Whether `value` is what the shorthand expands.
    func takes(_ value: StyleValue) -> Bool {
        switch (self, value) {
        case (.shadow, .shadow), (.border, .border): return true
        default: return false
        }
    }

    /// The value of each longhand (nil: not set) from the shorthand's value,
    /// or nil when the value is not of the shorthand's kind. `isTextShadow`:
    /// the class's own `shadow-color` and `shadow-offset` are its text's
    /// shadow (a label's), which keeps the color's alpha and has no radius
    /// or opacity: those would draw a second shadow, the layer's.
    func parts(of value: StyleValue, isTextShadow: Bool) -> [StyleValue?]? {
        switch (self, value) {
        case (.shadow, .shadow(let shadow)):
            let offset = StyleValue.size(width: shadow.offsetX, height: shadow.offsetY)
            if isTextShadow { return [offset, nil, shadow.color, nil] }
            let layer = shadow.layerValues
            return [offset, .number(layer.radius, unit: nil), layer.color, .number(layer.opacity, unit: nil)]
        case (.border, .border(let border)):
            return [.number(border.width, unit: nil), border.color]
        default:
            return nil
        }
    }
}

extension StyleValue {
    /// Whether this is a call of a function the compiler does not know (a plugin's).
    var isCall: Bool {
        if case .call = self { return true }
        return false
    }
}
