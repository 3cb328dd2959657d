extension StyleValue {
    /// The value as a stylesheet writes it — `8px`, `50%`, `90deg`, `'text'`,
    /// `#ff8000`, `rgba(255, 128, 0, 0.5)`, `font(body, semibold)`,
    /// `edge-insets(8pt, 16pt)`, `flexible-width, flexible-height` — for
    /// people: the language server's hover and completion, `reflc resolve
    /// --explain`. Written where a declaration's value stands, the text
    /// compiles back to this value (an enumeration's word where the key's
    /// type is that enumeration, as the schema reads words).
    ///
    /// Two values have no text that compiles back, and their spelling does
    /// not compile: a string holding a carriage return, which no escape
    /// writes (`'a\rb'`), and options of several words inside a vector or a
    /// call, where `,` separates arguments (`vector((top, left))`). What the
    /// compiler never makes but a table could hold (a named font with a
    /// weight, a symbol's weight without its size) is written as it is.
    public var stylesheetSpelling: String {
        spelled(asArgument: false)
    }

    /// The spelling; `asArgument` inside a call or a vector, where a `,`
    /// separates arguments.
    func spelled(asArgument: Bool) -> String {
        switch self {
        case .number(let value, let unit): return StylesheetText.number(value) + (unit?.rawValue ?? "")
        case .percent(let value): return StylesheetText.number(value) + "%"
        case .angle(let radians): return Self.angle(radians: radians)
        case .string(let text): return StylesheetText.string(text)
        case .bool(let flag): return flag ? "true" : "false"
        case .color(let color): return color.stylesheetSpelling
        case .gradient(let gradient): return gradient.stylesheetSpelling
        case .font(let font): return font.stylesheetSpelling
        case .rect(let x, let y, let width, let height): return Self.call("rect", [x, y, width, height].map(Self.length))
        case .point(let x, let y): return Self.call("point", [Self.length(x), Self.length(y)])
        case .size(let width, let height): return Self.call("size", [Self.length(width), Self.length(height)])
        case .edgeInsets(let top, let left, let bottom, let right):
            return EdgeInsets(top: top, left: left, bottom: bottom, right: right).stylesheetSpelling
        case .localizedString(let key): return Self.call("locale", [StylesheetText.string(key)])
        case .transform(let transform): return transform.stylesheetSpelling
        case .vector(let items): return Self.call("vector", items.map { $0.spelled(asArgument: true) })
        case .image(let image): return image.stylesheetSpelling
        case .condition(let condition): return Self.call("condition", [StylesheetText.string(condition.source)])
        case .enumCase(let value): return value.stylesheetWord
        case .optionSet(let value): return value.stylesheetWords(asArgument: asArgument)
        case .call(let name, let arguments): return Self.call(name, arguments.map { $0.spelled(asArgument: true) })
        case .identifier(let word): return word
        case .lightDark(let light, let dark): return Self.call("light-dark", [light.stylesheetSpelling, dark.stylesheetSpelling])
        case .duration(let seconds): return StylesheetText.number(seconds) + "s"
        case .assetColor(let name): return Self.call("asset-color", [StylesheetText.string(name)])
        case .shadow(let shadow): return shadow.stylesheetSpelling
        case .border(let border): return Self.call("border", [Self.length(border.width), border.color.spelled(asArgument: true)])
        case .textAttributes(let attributes): return attributes.stylesheetSpelling
        }
    }

    /// `name(a, b, ...)`.
    static func call(_ name: String, _ arguments: [String]) -> String {
        name + "(" + arguments.joined(separator: ", ") + ")"
    }

    /// A length the value keeps without its unit (geometry, a shadow's
    /// offsets): in points, `px` and `pt` being the same; a zero bare, as CSS
    /// writes it.
    static func length(_ points: Double) -> String {
        points == 0 ? "0" : StylesheetText.number(points) + "pt"
    }

    /// In degrees or in radians, whichever is shorter of the texts that read
    /// back as exactly these radians: `90deg`, `-22.5deg`, `2rad` (not
    /// `114.59155902616465deg`, which is 2 radians too); degrees on a tie.
    static func angle(radians: Double) -> String {
        let inRadians = StylesheetText.number(radians) + "rad"
        let degrees = radians * 180 / Double.pi
        guard abs(degrees) < 1e15,
              let inDegrees = StylesheetText.shortestNumber(near: degrees, readsBack: { StylesheetText.radians(degrees: $0) == radians })
        else { return inRadians }
        return inDegrees.count + 3 <= inRadians.count ? inDegrees + "deg" : inRadians
    }
}

extension Color {
    /// `#ff8000` for a color of whole channels, `#ff800080` when its alpha
    /// is a whole byte too but for an alpha of a few decimals, which reads
    /// better as `rgba(255, 128, 0, 0.4)`; otherwise `rgb(...)` or
    /// `rgba(...)` with the decimals a computed channel needs. The numbers
    /// are the shortest that the compiler, storing colors to 5 decimals,
    /// reads back as these channels.
    var stylesheetSpelling: String {
        func written(_ component: Double, scale: Double) -> String {
            StylesheetText.shortestNumber(near: component * scale) { written in
                Color(red: written / scale, green: 0, blue: 0).roundedToFiveDecimals().red == component
            } ?? StylesheetText.number(component * scale)
        }
        func isWholeByte(_ text: String, _ component: Double) -> Bool { !text.contains(".") && (0...1).contains(component) }
        let channels = [red, green, blue].map { written($0, scale: 255) }
        let alphaText = written(alpha, scale: 1)
        let isHex = zip(channels, [red, green, blue]).allSatisfy(isWholeByte)
        if isHex && alpha == 1 { return String(hex.prefix(7)) }
        if isHex && alphaText.count > 5 && isWholeByte(written(alpha, scale: 255), alpha) { return hex }
        return alpha == 1 ? StyleValue.call("rgb", channels) : StyleValue.call("rgba", channels + [alphaText])
    }
}

extension EdgeInsets {
    /// `edge-insets(all)`, `edge-insets(vertical, horizontal)`, or
    /// `edge-insets(left, top, right, bottom)` (the original engine's order).
    var stylesheetSpelling: String {
        if top == left && left == bottom && bottom == right { return StyleValue.call("edge-insets", [StyleValue.length(top)]) }
        if top == bottom && left == right { return StyleValue.call("edge-insets", [top, left].map(StyleValue.length)) }
        return StyleValue.call("edge-insets", [left, top, right, bottom].map(StyleValue.length))
    }
}

extension Transform {
    /// `transform-scale(2, 2)`, `transform-rotate(90deg)`, `transform-translate(4pt, 0)`.
    var stylesheetSpelling: String {
        switch self {
        case .scale(let x, let y): return StyleValue.call("transform-scale", [StylesheetText.number(x), StylesheetText.number(y)])
        case .rotate(let radians): return StyleValue.call("transform-rotate", [StyleValue.angle(radians: radians)])
        case .translate(let x, let y): return StyleValue.call("transform-translate", [StyleValue.length(x), StyleValue.length(y)])
        }
    }
}

extension UIKitSchema {
    /// The enumerations and option sets by the Objective-C name a value stores.
    static let enumerationsByObjCName = Dictionary(enumerations.map { ($0.objcName, $0) }) { first, _ in first }
}

extension EnumCase {
    /// The case's word in the UIKit schema (`mode-scale-aspect-fill` for
    /// `UIViewContentMode.scaleAspectFill`); for an enumeration the schema
    /// does not know, the kebab-case of the Swift name (`single`).
    var stylesheetWord: String {
        UIKitSchema.enumerationsByObjCName[enumName]?.cases.first { $0.swiftName == caseName }?.word
            ?? StylesheetText.kebabCase(caseName)
    }
}

extension OptionSetValue {
    /// The options' words joined by `, ` (the schema's words, or the
    /// kebab-case of Swift names it does not know), leaving out an option
    /// another listed option holds with more bits: `all`, as the compiler
    /// lists every option of `all`. No option is `none`, or the set's word
    /// for 0. Several words inside a vector or a call (`asArgument`) are put
    /// in parentheses: a `,` there would separate arguments, and no text
    /// writes them as one (the parser rejects the parentheses). For a set
    /// the schema knows, the options are those of the raw value, which
    /// UIKit is given: a table written before the list was fixed lists
    /// `all` beside `top` alone.
    func stylesheetWords(asArgument: Bool) -> String {
        let enumeration = UIKitSchema.enumerationsByObjCName[setName]
        let options = enumeration.map { known in
            known.cases.filter { $0.rawValue != 0 && rawValue & $0.rawValue == $0.rawValue }.map(\.swiftName)
        } ?? self.options
        guard !options.isEmpty else { return enumeration?.cases.first { $0.rawValue == 0 }?.word ?? "none" }
        let cases = options.map { name in enumeration?.cases.first { $0.swiftName == name } }
        var words: [String] = []
        for (name, found) in zip(options, cases) {
            if let found, found.rawValue != 0, cases.contains(where: { other in
                guard let other else { return false }
                return other.rawValue != found.rawValue && other.rawValue & found.rawValue == found.rawValue
            }) { continue }
            words.append(found?.word ?? StylesheetText.kebabCase(name))
        }
        let list = words.joined(separator: ", ")
        return asArgument && words.count > 1 ? "(" + list + ")" : list
    }
}
