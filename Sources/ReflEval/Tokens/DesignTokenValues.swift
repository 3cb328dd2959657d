#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflLexer

/// Writes each design token's value as stylesheet text (`rgba(...)`,
/// `16px`, `shadow(...)`, `@color-brand` for an alias), which the compiler
/// then lowers like any variable's: aliases become variable references, so
/// they are lazy and cycle-checked as variables are. A field the language
/// cannot express gets one diagnostic at its place (see Docs/DesignTokens.md).
struct DesignTokenValues {
    /// Every token by its dotted name (what aliases name).
    let tokens: [String: DesignToken]
    let report: TokenDiagnostics

    /// The variable a token path becomes: its names joined by `-`, each
    /// character a name cannot hold replaced by `-` (`color.brand.primary` → `color-brand-primary`).
    static func variableName(_ path: [String]) -> String {
        path.map { name in
            String(name.unicodeScalars.map { scalar -> Character in
                let value = scalar.value
                let plain = (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A)
                    || (value >= 0x61 && value <= 0x7A) || value == 0x2D || value == 0x5F || value >= 0x80
                return plain ? Character(scalar) : "-"
            })
        }.joined(separator: "-")
    }

    /// The stylesheet text of `token`'s value; nil (reported) when it has none.
    func expression(for token: DesignToken) -> String? {
        if let alias = alias(token.value, in: token.file) { return alias }
        guard let type = token.type.flatMap(DesignTokenType.init(rawValue:)) ?? inferredType(token.value) else {
            report.error(token.file, token.value.offset, "'\(token.dottedName)' has no $type, and none can be told from its value; give it a \"$type\"")
            return nil
        }
        return expression(token.value, as: type, in: token.file, name: token.dottedName)
    }

    /// A value of `type`, or an alias standing for one.
    private func expression(_ node: JSONNode, as type: DesignTokenType, in file: SourceFile, name: String) -> String? {
        if let alias = alias(node, in: file) { return alias }
        switch type {
        case .color: return color(node, in: file)
        case .dimension: return dimension(node, in: file, units: ["px", "rem"])
        case .duration: return dimension(node, in: file, units: ["ms", "s"])
        case .number:
            guard case .number(let value) = node.kind else { return expected("a number", node, file) }
            return StylesheetText.number(value)
        case .fontFamily: return fontFamily(node, in: file)
        case .fontWeight: return fontWeight(node, in: file)
        case .shadow: return shadow(node, in: file)
        case .border: return border(node, in: file)
        case .gradient: return gradient(node, in: file)
        case .typography: return typography(node, in: file)
        case .cubicBezier, .strokeStyle, .transition:
            report.warning(file, node.offset, "'\(name)' is a \(type.rawValue) token, which has no stylesheet value; it is left out")
            return nil
        }
    }

    // MARK: Aliases

    /// `@variable` for `"{a.b.c}"` or `{"$ref": "#/a/b/c"}`; nil when `node` is no alias.
    private func alias(_ node: JSONNode, in file: SourceFile) -> String? {
        let target: String
        switch node.kind {
        case .string(let text) where text.hasPrefix("{"):
            guard text.hasSuffix("}") && text.count > 2 else {
                report.error(file, node.offset, "malformed alias \"\(text)\": an alias is a token's dotted name in braces, such as \"{color.brand.primary}\"",
                             code: .tokenAlias)
                return "0"  // a value, so that no second error follows from this one
            }
            target = String(text.dropFirst().dropLast())
        case .object:
            guard case .string(let pointer)? = node[member: "$ref"]?.kind else { return nil }
            guard pointer.hasPrefix("#/") else {
                report.error(file, node.offset, "only references within the token files (\"#/...\") are read, found \"\(pointer)\"", code: .tokenAlias)
                return "0"
            }
            var parts = pointer.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            if parts.last == "$value" { parts.removeLast() }
            target = parts.joined(separator: ".")
        default:
            return nil
        }
        guard target.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ !$0.isEmpty }) else {
            report.error(file, node.offset, "'{\(target)}' is not a token's name: names are joined by single dots", code: .tokenAlias)
            return "0"  // a value, so that no second error follows from this one
        }
        // A token of another import (or a variable of the stylesheet) is
        // referred to all the same; the compiler reports it if none is defined.
        return "@" + Self.variableName((tokens[target]?.path ?? target.split(separator: ".").map(String.init)))
    }

    // MARK: Simple types

    private func color(_ node: JSONNode, in file: SourceFile) -> String? {
        if case .string(let text) = node.kind {
            guard text.hasPrefix("#"), [4, 5, 7, 9].contains(text.count),
                  text.dropFirst().allSatisfy(\.isHexDigit) else {
                return expected("a color object (colorSpace, components) or a hex string", node, file)
            }
            return text
        }
        guard case .object = node.kind else { return expected("a color object (colorSpace, components)", node, file) }
        guard case .string(let space)? = node[member: "colorSpace"]?.kind else {
            return expected("a color with a \"colorSpace\"", node, file)
        }
        guard case .array(let parts)? = node[member: "components"]?.kind, parts.count == 3 else {
            return expected("\"components\": three numbers", node[member: "components"] ?? node, file)
        }
        var channels: [Double] = []
        for part in parts {
            switch part.kind {
            case .number(let value): channels.append(value)
            case .string("none"): channels.append(0)
            default: return expected("a number or \"none\"", part, file)
            }
        }
        var alpha = 1.0
        if let node = node[member: "alpha"] {
            guard case .number(let value) = node.kind, (0...1).contains(value) else { return expected("an alpha from 0 to 1", node, file) }
            alpha = value
        }
        let rgb: [Double]
        switch space {
        case "srgb": rgb = channels
        case "srgb-linear": rgb = channels.map(ColorSpaces.encodeSRGB)
        case "display-p3": rgb = ColorSpaces.displayP3ToSRGB(channels)
        default:
            if case .string(let hex)? = node[member: "hex"]?.kind, hex.hasPrefix("#"), hex.count == 7, hex.dropFirst().allSatisfy(\.isHexDigit) {
                return alpha == 1 ? hex : "fade(\(hex), \(StylesheetText.number(alpha * 100))%)"
            }
            report.error(file, node[member: "colorSpace"]!.offset,
                         "the color space '\(space)' is not read; give the color in srgb or display-p3, or add its \"hex\"")
            return "#000000"
        }
        if let wide = rgb.first(where: { $0 < -0.0005 || $0 > 1.0005 }) {
            report.warning(file, node.offset, "this color is outside sRGB (a channel of \(StylesheetText.number((wide * 1_000_000).rounded() / 1_000_000))); it is clipped to the nearest sRGB color")
        }
        let bytes = rgb.map { StylesheetText.number(min(max($0, 0), 1) * 255) }
        return "rgba(\(bytes.joined(separator: ", ")), \(StylesheetText.number(alpha)))"
    }

    /// `16px`, `1.5rem`, `150ms`: an object `{value, unit}` (or, as older files write it, a string).
    private func dimension(_ node: JSONNode, in file: SourceFile, units: [String]) -> String? {
        let unitList = units.map { "'\($0)'" }.joined(separator: " or ")
        switch node.kind {
        case .object:
            guard case .number(let value)? = node[member: "value"]?.kind else { return expected("\"value\": a number", node[member: "value"] ?? node, file) }
            guard case .string(let unit)? = node[member: "unit"]?.kind, units.contains(unit) else {
                return expected("\"unit\": \(unitList)", node[member: "unit"] ?? node, file)
            }
            return StylesheetText.number(value) + unit
        case .string(let text):
            // The longest unit first: "2ms" is milliseconds, not "2m" seconds.
            guard let unit = units.sorted(by: { $0.count > $1.count }).first(where: { text.hasSuffix($0) }),
                  Self.isDecimalNumber(text.utf8.dropLast(unit.utf8.count)) else {
                report.error(file, node.offset, "expected a number with \(unitList), found \(JSONNode.describe(node)): a dimension is "
                             + "written {\"value\": 16, \"unit\": \"\(units[0])\"}, or as a string of a decimal number and its unit, \"16\(units[0])\"")
                return nil
            }
            let written = text.dropLast(unit.count)
            let number = Double(String(written))!
            if let problem = NumberRange.problem(number, writtenAs: written) {
                report.error(file, node.offset, problem("\"\(text)\""))
                return nil
            }
            return StylesheetText.number(number) + unit
        case .number(0):
            return "0"
        default:
            return expected("an object with \"value\" and \"unit\"", node, file)
        }
    }

    private func fontFamily(_ node: JSONNode, in file: SourceFile) -> String? {
        switch node.kind {
        case .string(let name): return familyName(name, at: node, in: file)
        case .array(let names):
            guard let firstNode = names.first, case .string(let first) = firstNode.kind else {
                return expected("a font family name", names.first ?? node, file)
            }
            if names.count > 1 {
                report.warning(file, names[1].offset, "fallback font families are not used: an app names one font; '\(first)' is used")
            }
            return familyName(first, at: firstNode, in: file)
        default: return expected("a font family name or a list of them", node, file)
        }
    }

    /// A family name as a stylesheet's string. A carriage return, which no
    /// stylesheet string holds (it ends the line), is an error here, at the
    /// name, rather than the stylesheet's message about an escape.
    private func familyName(_ name: String, at node: JSONNode, in file: SourceFile) -> String? {
        guard !name.unicodeScalars.contains("\r") else {
            report.error(file, node.offset, "a font family name holds a carriage return (\\r), which no font's name has and no stylesheet string can")
            return nil
        }
        return StylesheetText.string(name)
    }

    /// A weight as a bare word of `font(...)`: `semibold`.
    private func fontWeight(_ node: JSONNode, in file: SourceFile) -> String? {
        weightWord(node, in: file)
    }

    private func weightWord(_ node: JSONNode, in file: SourceFile) -> String? {
        var number: Double?
        switch node.kind {
        case .number(let value) where (1...1000).contains(value): number = value
        case .string(let name): number = Self.weightNames[name]
        default: break
        }
        guard let number else {
            return expected("a weight from 1 to 1000 or a name such as \"bold\"", node, file)
        }
        // UIFont's nine weights, at the CSS weights they are usually matched to.
        let words: [FontWeight] = [.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black]
        let index = min(8, max(0, Int((number / 100).rounded()) - 1))
        return words[index].rawValue
    }

    static let weightNames: [String: Double] = [
        "thin": 100, "hairline": 100, "extra-light": 200, "ultra-light": 200, "light": 300,
        "normal": 400, "regular": 400, "book": 400, "medium": 500, "semi-bold": 600, "demi-bold": 600,
        "bold": 700, "extra-bold": 800, "ultra-bold": 800, "black": 900, "heavy": 900,
        "extra-black": 950, "ultra-black": 950,
    ]

    // MARK: Composite types

    /// `shadow(x, y, blur, color)`; one shadow, outer, without spread.
    private func shadow(_ node: JSONNode, in file: SourceFile) -> String? {
        var node = node
        if case .array(let shadows) = node.kind {
            guard let first = shadows.first else { return expected("a shadow", node, file) }
            if shadows.count > 1 {
                report.warning(file, shadows[1].offset, "a view has one shadow: the first of this list is used")
            }
            node = first
        }
        guard case .object = node.kind else { return expected("a shadow object (color, offsetX, offsetY, blur)", node, file) }
        if let spread = node[member: "spread"], !isZero(spread) {
            report.warning(file, spread.offset, "a layer's shadow has no spread; it is left out")
        }
        if case .bool(true)? = node[member: "inset"]?.kind {
            report.warning(file, node[member: "inset"]!.offset, "a layer's shadow cannot be inset; it is drawn outside")
        }
        guard let x = field(node, "offsetX", .dimension, file), let y = field(node, "offsetY", .dimension, file),
              let blur = field(node, "blur", .dimension, file), let color = field(node, "color", .color, file) else { return nil }
        return "shadow(\(x), \(y), \(blur), \(color))"
    }

    /// A shadow or a border whose light and dark tokens differ in their
    /// color only (as an export writes a shadow of a `light-dark()` color):
    /// the one value, its color `light-dark(light, dark)`. Nil for any other
    /// pair, and for an alias (it stands for its token's value). Nothing is
    /// reported: each token's own expression reports its problems.
    func appearancesOfOneValue(light: DesignToken, dark: DesignToken) -> String? {
        let quiet = DesignTokenValues(tokens: tokens, report: TokenDiagnostics())
        guard quiet.alias(light.value, in: light.file) == nil, quiet.alias(dark.value, in: dark.file) == nil,
              let type = light.type.flatMap(DesignTokenType.init(rawValue:)), dark.type == light.type else { return nil }
        let shape: (_ token: DesignToken) -> (rest: String, color: String)?
        switch type {
        case .shadow:
            shape = { token in
                guard case .object = token.value.kind, let x = quiet.field(token.value, "offsetX", .dimension, token.file),
                      let y = quiet.field(token.value, "offsetY", .dimension, token.file),
                      let blur = quiet.field(token.value, "blur", .dimension, token.file),
                      let color = quiet.field(token.value, "color", .color, token.file) else { return nil }
                return ("shadow(\(x), \(y), \(blur), ", color)
            }
        case .border:
            shape = { token in
                guard case .object = token.value.kind, let width = quiet.field(token.value, "width", .dimension, token.file),
                      let color = quiet.field(token.value, "color", .color, token.file) else { return nil }
                return ("border(\(width), ", color)
            }
        default:
            return nil
        }
        guard let lightShape = shape(light), let darkShape = shape(dark), lightShape.rest == darkShape.rest,
              [light, dark].allSatisfy({ quiet.sameExtras($0.value, as: light.value) }) else { return nil }
        return lightShape.rest + "light-dark(\(lightShape.color), \(darkShape.color)))"
    }

    /// Whether what a shadow or border token holds beside its fields (a
    /// spread, inset, a style) is the same in both, so that one token's
    /// warnings stand for both.
    private func sameExtras(_ node: JSONNode, as other: JSONNode) -> Bool {
        ["spread", "inset", "style"].allSatisfy { key in
            Self.sameJSON(node[member: key], other[member: key])
        }
    }

    private static func sameJSON(_ left: JSONNode?, _ right: JSONNode?) -> Bool {
        switch (left?.kind, right?.kind) {
        case (nil, nil): return true
        case (.string(let a)?, .string(let b)?): return a.utf8.elementsEqual(b.utf8)
        case (.number(let a)?, .number(let b)?): return a == b
        case (.bool(let a)?, .bool(let b)?): return a == b
        case (.null?, .null?): return true
        case (.array(let a)?, .array(let b)?): return a.count == b.count && zip(a, b).allSatisfy { sameJSON($0, $1) }
        case (.object(let a)?, .object(let b)?):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key.utf8.elementsEqual($1.key.utf8) && sameJSON($0.value, $1.value) }
        default: return false
        }
    }

    /// `border(width, color)`; a solid line.
    private func border(_ node: JSONNode, in file: SourceFile) -> String? {
        guard case .object = node.kind else { return expected("a border object (color, width, style)", node, file) }
        if let style = node[member: "style"], alias(style, in: file) == nil {
            if case .string(let name) = style.kind, name == "solid" {} else {
                report.warning(file, style.offset, "a layer's border is a solid line; this style is left out")
            }
        }
        guard let width = field(node, "width", .dimension, file), let color = field(node, "color", .color, file) else { return nil }
        return "border(\(width), \(color))"
    }

    /// `linear-gradient(color position%, ...)`, top to bottom as CSS draws it.
    private func gradient(_ node: JSONNode, in file: SourceFile) -> String? {
        guard case .array(let stops) = node.kind, stops.count >= 2 else { return expected("a list of at least two stops", node, file) }
        var parts: [String] = []
        for stop in stops {
            guard case .object = stop.kind, let color = field(stop, "color", .color, file) else {
                if case .object = stop.kind { return nil }
                return expected("a stop object (color, position)", stop, file)
            }
            guard let position = stop[member: "position"] else { parts.append(color); continue }
            guard case .number(let fraction) = position.kind, (0...1).contains(fraction) else {
                return expected("a position from 0 to 1", position, file)
            }
            parts.append("\(color) \(StylesheetText.number(fraction * 100))%")
        }
        return "linear-gradient(\(parts.joined(separator: ", ")))"
    }

    /// `font(family, size[, weight])`: a font; what a font cannot hold is reported.
    private func typography(_ node: JSONNode, in file: SourceFile) -> String? {
        guard case .object = node.kind else { return expected("a typography object (fontFamily, fontSize, fontWeight)", node, file) }
        for (key, label) in [("letterSpacing", "letter spacing"), ("lineHeight", "line height")] {
            if let extra = node[member: key] {
                report.warning(file, extra.offset, "a font has no \(label); give it to the text attributes of the view instead")
            }
        }
        guard let familyNode = resolved(node[member: "fontFamily"]), let family = fontFamily(familyNode, in: file),
              let size = field(node, "fontSize", .dimension, file) else {
            if node[member: "fontFamily"] == nil { return expected("\"fontFamily\"", node, file) }
            return nil
        }
        let isSystem = family == "'system'" || family == "'-apple-system'" || family == "'SF Pro'" || family == "'SF Pro Text'"
        guard let weightNode = resolved(node[member: "fontWeight"]) else {
            return "font(\(isSystem ? "'system'" : family), \(size))"
        }
        guard isSystem else {
            report.warning(file, weightNode.offset, "a named font's weight is part of its name (such as 'Inter-SemiBold'); this weight is left out")
            return "font(\(family), \(size))"
        }
        guard let weight = weightWord(weightNode, in: file) else { return nil }
        return "font('system', \(size), \(weight))"
    }

    /// A member of a composite value, as a value of `type` (or an alias).
    private func field(_ node: JSONNode, _ key: String, _ type: DesignTokenType, _ file: SourceFile) -> String? {
        guard let member = node[member: key] else { return expected("\"\(key)\"", node, file) }
        return expression(member, as: type, in: file, name: key)
    }

    /// `node`, or the value of the token it is an alias of (followed to the
    /// end): inside `font(...)` a family and weight are written out, not referred to.
    private func resolved(_ node: JSONNode?) -> JSONNode? {
        var node = node
        var seen: Set<String> = []
        while case .string(let text)? = node?.kind, text.hasPrefix("{"), text.hasSuffix("}"),
              let token = tokens[String(text.dropFirst().dropLast())], seen.insert(token.dottedName).inserted {
            node = token.value
        }
        return node
    }

    private func isZero(_ node: JSONNode) -> Bool {
        switch node.kind {
        case .number(let value): return value == 0
        case .object: if case .number(0)? = node[member: "value"]?.kind { return true }; return false
        case .string(let text): return text == "0" || text == "0px" || text == "0rem"
        default: return false
        }
    }

    private func inferredType(_ node: JSONNode) -> DesignTokenType? {
        switch node.kind {
        case .number: return .number
        case .string(let text) where text.hasPrefix("#"): return .color
        case .object where node[member: "colorSpace"] != nil: return .color
        case .object:
            guard case .string(let unit)? = node[member: "unit"]?.kind else { return nil }
            return unit == "ms" || unit == "s" ? .duration : .dimension
        default: return nil
        }
    }

    /// Reports that `node` is not `what`; nil.
    private func expected(_ what: String, _ node: JSONNode, _ file: SourceFile) -> String? {
        report.error(file, node.offset, "expected \(what), found \(JSONNode.describe(node))")
        return nil
    }

    // MARK: Text

    /// Whether `text` is a decimal number as CSS writes one: a sign, digits
    /// with or without a fraction, an exponent (`-1.5`, `.5`, `2e3`); not
    /// `NaN`, `Infinity` or hexadecimal, which `Double(_:)` also reads.
    static func isDecimalNumber(_ text: Substring.UTF8View) -> Bool {
        var index = text.startIndex
        func digits() -> Int {
            var count = 0
            while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) {
                index = text.index(after: index)
                count += 1
            }
            return count
        }
        func eat(_ characters: String) -> Bool {
            guard index < text.endIndex, characters.utf8.contains(text[index]) else { return false }
            index = text.index(after: index)
            return true
        }
        _ = eat("+-")
        var count = digits()
        if eat(".") { count += digits() }
        guard count > 0 else { return false }
        if eat("eE") {
            _ = eat("+-")
            guard digits() > 0 else { return false }
        }
        return index == text.endIndex
    }

}

/// Conversions into sRGB for the color spaces token files use.
enum ColorSpaces {
    /// sRGB's transfer function: a linear-light channel to its encoded value.
    static func encodeSRGB(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.0031308 ? 12.92 * magnitude : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }

    static func decodeSRGB(_ encoded: Double) -> Double {
        let magnitude = abs(encoded)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return encoded < 0 ? -linear : linear
    }

    /// Display P3 (sRGB's transfer function, P3 primaries, D65) to sRGB, by
    /// way of linear light (CSS Color 4's matrices, combined).
    static func displayP3ToSRGB(_ p3: [Double]) -> [Double] {
        let linear = p3.map(decodeSRGB)
        let matrix: [[Double]] = [
            [1.2249401762805598, -0.22494017628055996, 0],
            [-0.042056954709688163, 1.0420569547096881, 0],
            [-0.019637554590334432, -0.078636045550631889, 1.0982736001409663],
        ]
        return matrix.map { row in encodeSRGB(row[0] * linear[0] + row[1] * linear[1] + row[2] * linear[2]) }
    }
}
