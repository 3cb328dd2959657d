// The stylesheet spellings of the values built by a function of several
// parts (see `StyleValue.stylesheetSpelling`): each written in the form of
// its function that says the most with the fewest arguments.

extension Gradient {
    /// `linear-gradient([direction,] color [position%], ...)`: no direction
    /// for CSS's default (`to bottom`), a side or a corner where the angle
    /// is one, else an angle; a position after each color when the
    /// gradient has locations.
    var stylesheetSpelling: String {
        var arguments: [String] = []
        switch direction {
        case .angle where direction == .toBottom:
            break  // CSS's default, which no argument writes
        case .angle(let radians):
            let sides = [("top", 0.0), ("right", 90.0), ("left", 270.0)]
            if let side = sides.first(where: { StylesheetText.radians(degrees: $0.1) == radians }) {
                arguments.append("to " + side.0)
            } else {
                arguments.append(StyleValue.angle(radians: radians))
            }
        case .corner(let toRight, let toBottom):
            arguments.append("to \(toBottom ? "bottom" : "top") \(toRight ? "right" : "left")")
        }
        for (index, color) in colors.enumerated() {
            guard let locations, index < locations.count else {
                arguments.append(color.stylesheetSpelling)
                continue
            }
            arguments.append(color.stylesheetSpelling + " " + Self.position(locations[index]) + "%")
        }
        return StyleValue.call("linear-gradient", arguments)
    }

    /// A location (0 to 1) as the shortest percentage the compiler, which
    /// divides by 100 and keeps 5 decimals, reads back as it.
    private static func position(_ location: Double) -> String {
        StylesheetText.shortestNumber(near: location * 100) { written in
            (written / 100 * 100_000).rounded() / 100_000 == location
        } ?? StylesheetText.number(location * 100)
    }
}

extension Font {
    /// `font(body)` or `font(body, semibold)` for the system font at a text
    /// style's own size; else `font('Name', size[, style][, weight])`.
    var stylesheetSpelling: String {
        if let textStyle, isSystem, name == "system", size == .points(DynamicType.size(of: textStyle, at: .large), unit: .pt) {
            return StyleValue.call("font", [textStyle.rawValue] + (weight.map { [$0.rawValue] } ?? []))
        }
        var arguments = [StylesheetText.string(name)]
        switch size {
        case .points(let points, let unit): arguments.append(StylesheetText.number(points) + (unit?.rawValue ?? ""))
        case .percent(let percent): arguments.append(StylesheetText.number(percent) + "%")
        }
        if let textStyle { arguments.append(textStyle.rawValue) }
        if let weight { arguments.append(weight.rawValue) }
        return StyleValue.call("font", arguments)
    }
}

extension Image {
    /// `image('name'[, edge-insets(...)][, template])`, `image(COLOR or
    /// GRADIENT)`, or `symbol('name'[, size[, weight[, scale]]])`.
    var stylesheetSpelling: String {
        switch self {
        case .named(let name, let capInsets, let rendering):
            let arguments = [StylesheetText.string(name), capInsets?.stylesheetSpelling, rendering?.rawValue]
            return StyleValue.call("image", arguments.compactMap { $0 })
        case .fill(let fill):
            return StyleValue.call("image", [fill.spelled(asArgument: true)])
        case .symbol(let symbol):
            // Positional: a weight comes after a size, a scale after a weight.
            let arguments = [StylesheetText.string(symbol.name), symbol.pointSize.map(StyleValue.length),
                             symbol.weight?.rawValue, symbol.scale?.rawValue]
            return StyleValue.call("symbol", arguments.compactMap { $0 })
        }
    }
}

extension Shadow {
    /// `shadow(x, y, blur, color)`, or `shadow(x, y, color)` without a blur.
    var stylesheetSpelling: String {
        let blurArgument = blur == 0 ? [] : [StyleValue.length(blur)]
        return StyleValue.call("shadow", [StyleValue.length(offsetX), StyleValue.length(offsetY)] + blurArgument
                               + [color.spelled(asArgument: true)])
    }
}

extension TextAttributes {
    /// `text-attributes(name: value, ...)`, in the order of the names. A
    /// line height that is both minimum and maximum is written `line-height:
    /// 20pt`, and a multiple `line-height: 1.3` when that name is free, as
    /// stylesheets write them.
    var stylesheetSpelling: String {
        // What `line-height` reads: a height with a unit, or a multiple without one.
        var isFixedHeight = false, isMultiple = false
        if let minimum = self[.minimumLineHeight], minimum == self[.maximumLineHeight], case .number(let height, _?) = minimum, height >= 0 {
            isFixedHeight = true
        } else if case .number(let multiple, nil)? = self[.lineHeightMultiple], multiple > 0 {
            isMultiple = true
        }
        var arguments: [String] = []
        for attribute in attributes {
            let name: String
            switch attribute.name {
            case .minimumLineHeight where isFixedHeight, .lineHeightMultiple where isMultiple: name = "line-height"
            case .maximumLineHeight where isFixedHeight: continue
            default: name = attribute.name.rawValue
            }
            arguments.append(name + ": " + attribute.value.spelled(asArgument: true))
        }
        return StyleValue.call("text-attributes", arguments)
    }
}
