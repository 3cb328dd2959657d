/// Writes a stylesheet's variables as a design-token file (Design Tokens
/// Community Group format, 2025.10), so that the palette a stylesheet
/// defines feeds other platforms' tools. Each variable is a token named as
/// the variable (`@color-brand` → `color-brand`), so importing the file
/// gives the same variables back. When any variable differs between light
/// and dark (`light-dark()`), the file is a resolver document: the other
/// tokens in one set, those in a `theme` modifier with `light` and `dark`
/// contexts. A value with no token type is left out, with a warning.
public enum DesignTokenExport {
    /// A variable left out, and why.
    public struct Omission: Sendable, Equatable {
        public var variable: String
        public var reason: String
    }

    /// The token file of `variables` (by name, without `@`), with each
    /// `descriptions[name]` as its `$description`.
    public static func document(variables: [String: StyleValue],
                                descriptions: [String: String] = [:]) -> (bytes: [UInt8], omitted: [Omission]) {
        var shared: [(String, String)] = [], light: [(String, String)] = [], dark: [(String, String)] = []
        var omitted: [Omission] = []
        for name in variables.keys.sorted() {
            let description = descriptions[name]
            switch token(variables[name]!) {
            case .failure(let failure): omitted.append(Omission(variable: name, reason: failure.reason))
            case .success(.one(let body)): shared.append((name, withDescription(body, description)))
            case .success(.appearances(let lightBody, let darkBody)):
                light.append((name, withDescription(lightBody, description)))
                dark.append((name, withDescription(darkBody, description)))
            }
        }
        var text: String
        if light.isEmpty {
            text = group(shared, indent: "") + "\n"
        } else {
            text = """
                {
                  "version": "2025.10",
                  "sets": {
                    "tokens": { "sources": [\(group(shared, indent: "      "))] }
                  },
                  "modifiers": {
                    "theme": {
                      "default": "light",
                      "contexts": {
                        "light": [\(group(light, indent: "          "))],
                        "dark": [\(group(dark, indent: "          "))]
                      }
                    }
                  },
                  "resolutionOrder": [{ "$ref": "#/sets/tokens" }, { "$ref": "#/modifiers/theme" }]
                }

                """
        }
        return (Array(text.utf8), omitted)
    }

    /// Why a value has no token form.
    private struct Unexported: Error {
        let reason: String
        init(_ reason: String) { self.reason = reason }
    }

    private enum Token {
        case one(String)
        case appearances(String, String)
    }

    /// The token's members (`"$type": ..., "$value": ...`), or why it has none.
    private static func token(_ value: StyleValue) -> Result<Token, Unexported> {
        if case .lightDark(let lightColor, let darkColor) = value {
            return .success(.appearances(typed("color", color(lightColor)), typed("color", color(darkColor))))
        }
        // A shadow or border of a light-dark color: one token per appearance.
        if let light = side(of: value, dark: false), let dark = side(of: value, dark: true) {
            return body(light).flatMap { light in body(dark).map { Token.appearances(light, $0) } }
        }
        return body(value).map(Token.one)
    }

    /// A shadow or border holding a light-dark color, with the color of one
    /// appearance; nil for any other value.
    private static func side(of value: StyleValue, dark: Bool) -> StyleValue? {
        func pick(_ color: StyleValue) -> StyleValue? {
            guard case .lightDark(let light, let darkColor) = color else { return nil }
            return .color(dark ? darkColor : light)
        }
        switch value {
        case .shadow(var shadow):
            guard let color = pick(shadow.color) else { return nil }
            shadow.color = color
            return .shadow(shadow)
        case .border(var border):
            guard let color = pick(border.color) else { return nil }
            border.color = color
            return .border(border)
        default:
            return nil
        }
    }

    private static func body(_ value: StyleValue) -> Result<String, Unexported> {
        guard numbers(of: value).allSatisfy(\.isFinite) else {
            return .failure(Unexported("an infinite number has no token form (a JSON number is finite)"))
        }
        switch value {
        case .color(let value): return .success(typed("color", color(value)))
        case .number(let number, unit: nil): return .success(typed("number", StylesheetText.number(number)))
        case .duration(let seconds):
            // In milliseconds when that reads back as the same number of seconds, else in seconds.
            let milliseconds = seconds * 1000
            if milliseconds.isFinite && milliseconds / 1000 == seconds {
                return .success(typed("duration", "{ \"value\": \(StylesheetText.number(milliseconds)), \"unit\": \"ms\" }"))
            }
            return .success(typed("duration", "{ \"value\": \(StylesheetText.number(seconds)), \"unit\": \"s\" }"))
        case .number(let number, unit: _?): return .success(typed("dimension", dimension(number)))
        case .gradient(let gradient):
            guard gradient.direction == .toBottom else {
                return .failure(Unexported("a gradient with a direction other than 'to bottom' has no token form (a token's gradient has none)"))
            }
            let colors = gradient.colors
            let stops = colors.enumerated().map { index, stop in
                let position = gradient.locations?[index] ?? (colors.count > 1 ? Double(index) / Double(colors.count - 1) : 0)
                return "{ \"color\": \(color(stop)), \"position\": \(StylesheetText.number(position)) }"
            }
            return .success(typed("gradient", "[\(stops.joined(separator: ", "))]"))
        case .shadow(let shadow):
            guard case .color(let shadowColor) = shadow.color else {
                return .failure(Unexported("a shadow of an asset color has no token form"))
            }
            return .success(typed("shadow", "{ \"color\": \(color(shadowColor)), \"offsetX\": \(dimension(shadow.offsetX)), "
                                  + "\"offsetY\": \(dimension(shadow.offsetY)), \"blur\": \(dimension(shadow.blur)), \"spread\": \(dimension(0)) }"))
        case .border(let border):
            guard case .color(let borderColor) = border.color else {
                return .failure(Unexported("a border of an asset color has no token form"))
            }
            return .success(typed("border", "{ \"color\": \(color(borderColor)), \"width\": \(dimension(border.width)), \"style\": \"solid\" }"))
        case .font(let font):
            guard font.textStyle == nil, case .points(let size, _) = font.size else {
                return .failure(Unexported("a font with a text style or a relative size has no token form"))
            }
            var members = ["\"fontFamily\": \(JSONEscaping.quoted(font.isSystem ? "system" : font.name))",
                           "\"fontSize\": \(dimension(size))"]
            if let weight = font.weight { members.append("\"fontWeight\": \(weightNumber(weight))") }
            return .success(typed("typography", "{ \(members.joined(separator: ", ")) }"))
        case .identifier(let word):
            guard let weight = FontWeight(rawValue: word) else { return .failure(Unexported("the word '\(word)' has no token form")) }
            return .success(typed("fontWeight", String(weightNumber(weight))))
        default:
            return .failure(Unexported("\(value.kindDescription) has no token form"))
        }
    }

    /// The numbers a value's token is written from.
    private static func numbers(of value: StyleValue) -> [Double] {
        switch value {
        case .number(let number, _): return [number]
        case .duration(let seconds): return [seconds]
        case .shadow(let shadow): return [shadow.offsetX, shadow.offsetY, shadow.blur]
        case .border(let border): return [border.width]
        case .font(let font):
            if case .points(let size, _) = font.size { return [size] }
            return []
        case .gradient(let gradient): return gradient.locations ?? []
        default: return []
        }
    }

    private static func typed(_ type: String, _ value: String) -> String {
        "\"$type\": \"\(type)\", \"$value\": \(value)"
    }

    private static func withDescription(_ body: String, _ description: String?) -> String {
        guard let description else { return body }
        return body + ", \"$description\": \(JSONEscaping.quoted(description))"
    }

    /// `{ "name": { members }, ... }`, one token a line.
    private static func group(_ tokens: [(String, String)], indent: String) -> String {
        guard !tokens.isEmpty else { return "{}" }
        let lines = tokens.map { "\(indent)  \(JSONEscaping.quoted($0.0)): { \($0.1) }" }
        return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
    }

    private static func color(_ color: Color) -> String {
        let components = [color.red, color.green, color.blue].map(StylesheetText.number).joined(separator: ", ")
        let alpha = color.alpha == 1 ? "" : ", \"alpha\": \(StylesheetText.number(color.alpha))"
        return "{ \"colorSpace\": \"srgb\", \"components\": [\(components)]\(alpha), \"hex\": \"\(color.hex.prefix(7))\" }"
    }

    /// Points and pixels alike are written as `px`: a point is the pixel of CSS and of the format.
    private static func dimension(_ value: Double) -> String {
        "{ \"value\": \(StylesheetText.number(value)), \"unit\": \"px\" }"
    }

    private static func weightNumber(_ weight: FontWeight) -> Int {
        (FontWeight.allCases.firstIndex(of: weight)! + 1) * 100
    }

}
