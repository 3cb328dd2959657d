
/// The kinds of `StyleValue`, one per case: what the rule table's codecs
/// are registered by (`ValueCodecs`). A new case of `StyleValue` does not
/// compile until it has a kind here, and a kind without a codec fails the
/// codec tests.
public enum StyleValueKind: Int, Sendable, CaseIterable {
    case number, percent, angle, string, bool, color, gradient, font, rect, point, size, edgeInsets
    case localizedString, transform, vector, image, condition, enumCase, optionSet, call, identifier, lightDark, duration, assetColor
    case shadow, border, textAttributes
}

extension StyleValue {
    /// Which case this value is.
    public var kind: StyleValueKind {
        switch self {
        case .number: return .number
        case .percent: return .percent
        case .angle: return .angle
        case .string: return .string
        case .bool: return .bool
        case .color: return .color
        case .gradient: return .gradient
        case .font: return .font
        case .rect: return .rect
        case .point: return .point
        case .size: return .size
        case .edgeInsets: return .edgeInsets
        case .localizedString: return .localizedString
        case .transform: return .transform
        case .vector: return .vector
        case .image: return .image
        case .condition: return .condition
        case .enumCase: return .enumCase
        case .optionSet: return .optionSet
        case .call: return .call
        case .identifier: return .identifier
        case .lightDark: return .lightDark
        case .duration: return .duration
        case .assetColor: return .assetColor
        case .shadow: return .shadow
        case .border: return .border
        case .textAttributes: return .textAttributes
        }
    }
}
