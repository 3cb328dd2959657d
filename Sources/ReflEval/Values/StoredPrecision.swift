/// Values are computed at full precision and rounded once, when stored in
/// the table: a color's channels to 5 decimal places, in whatever value
/// holds them.
extension StyleValue {
    var roundedForStorage: StyleValue {
        switch self {
        case .color(let color): return .color(color.roundedToFiveDecimals())
        case .gradient(var gradient):
            gradient.colors = gradient.colors.map { $0.roundedToFiveDecimals() }
            return .gradient(gradient)
        case .shadow(var shadow):
            shadow.color = shadow.color.roundedForStorage
            return .shadow(shadow)
        case .border(var border):
            border.color = border.color.roundedForStorage
            return .border(border)
        case .textAttributes(let attributes):
            return .textAttributes(attributes.mapValues { $0.roundedForStorage })
        case .lightDark(let light, let dark): return .lightDark(light: light.roundedToFiveDecimals(), dark: dark.roundedToFiveDecimals())
        case .image(.fill(let fill)): return .image(.fill(fill.roundedForStorage))
        case .vector(let items): return .vector(items.map { $0.roundedForStorage })
        case .call(let name, let arguments): return .call(name: name, arguments: arguments.map { $0.roundedForStorage })
        case .number, .percent, .angle, .string, .bool, .font, .rect, .point, .size, .edgeInsets, .localizedString,
             .transform, .image, .condition, .enumCase, .optionSet, .identifier, .duration, .assetColor:
            return self
        }
    }
}
