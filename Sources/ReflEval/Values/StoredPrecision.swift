/// Values are computed at full precision and rounded once, when stored in
/// the table: a color's channels to 5 decimal places, in whatever value
/// holds them.
extension StyleValue {
    var roundedForStorage: StyleValue {
        var value = self
        value.roundForStorage()
        return value
    }

    /// Rounds in place. Most values hold no color and are left as they are:
    /// returned as a copy, each was copied and the original destroyed, once
    /// per declaration (5.6M instructions of the 1 MB corpus's build).
    mutating func roundForStorage() {
        switch self {
        case .color(let color):
            self = .color(color.roundedToFiveDecimals())
        case .gradient(var gradient):
            self = .bool(false)  // so that `gradient` holds its colors alone, and they change in place
            for index in gradient.colors.indices { gradient.colors[index] = gradient.colors[index].roundedToFiveDecimals() }
            self = .gradient(gradient)
        case .shadow(var shadow):
            shadow.color.roundForStorage()
            self = .shadow(shadow)
        case .border(var border):
            border.color.roundForStorage()
            self = .border(border)
        case .textAttributes(let attributes):
            self = .textAttributes(attributes.mapValues { $0.roundedForStorage })
        case .lightDark(let light, let dark):
            self = .lightDark(light: light.roundedToFiveDecimals(), dark: dark.roundedToFiveDecimals())
        case .image(.fill(let fill)):
            self = .image(.fill(fill.roundedForStorage))
        case .vector(var items):
            self = .bool(false)
            for index in items.indices { items[index].roundForStorage() }
            self = .vector(items)
        case .call(let name, var arguments):
            self = .bool(false)
            for index in arguments.indices { arguments[index].roundForStorage() }
            self = .call(name: name, arguments: arguments)
        case .number, .percent, .angle, .string, .bool, .font, .rect, .point, .size, .edgeInsets, .localizedString,
             .transform, .image, .condition, .enumCase, .optionSet, .identifier, .duration, .assetColor:
            return
        }
    }
}
