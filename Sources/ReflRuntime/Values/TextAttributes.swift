/// `text-attributes(font: font(body), color: #333333, letter-spacing: 0.5pt)`:
/// the attributes UIKit gives text (`NSAttributedString.Key`), each named as
/// a stylesheet writes it, in the order of `TextAttribute.Name`.
public struct TextAttributes: Sendable, Equatable {
    /// The attributes, one per name at most, in the order of `Name`.
    public private(set) var attributes: [TextAttribute]

    /// Attributes from `attributes`, put in order; a name given twice keeps its last value.
    public init(_ attributes: [TextAttribute]) {
        var byName: [TextAttribute.Name: StyleValue] = [:]
        for attribute in attributes { byName[attribute.name] = attribute.value }
        self.attributes = TextAttribute.Name.allCases.compactMap { name in byName[name].map { TextAttribute(name, $0) } }
    }

    public subscript(name: TextAttribute.Name) -> StyleValue? {
        attributes.first { $0.name == name }?.value
    }

    /// The attributes with each value replaced by `transform`'s (for
    /// resolving the colors and sizes inside).
    public func mapValues(_ transform: (StyleValue) -> StyleValue) -> TextAttributes {
        TextAttributes(attributes.map { TextAttribute($0.name, transform($0.value)) })
    }
}

/// One text attribute.
public struct TextAttribute: Sendable, Equatable {
    /// The attributes a stylesheet may give, with the value each takes.
    public enum Name: String, Sendable, CaseIterable {
        /// `.font`: a font.
        case font
        /// `.foregroundColor`: a color.
        case color
        /// `.backgroundColor`: a color.
        case backgroundColor = "background-color"
        /// `.kern`: a length in points.
        case letterSpacing = "letter-spacing"
        /// The paragraph style's `lineHeightMultiple`: a number.
        case lineHeightMultiple = "line-height-multiple"
        /// The paragraph style's `minimumLineHeight`: a length.
        case minimumLineHeight = "minimum-line-height"
        /// The paragraph style's `maximumLineHeight`: a length.
        case maximumLineHeight = "maximum-line-height"
        /// The paragraph style's `paragraphSpacing`: a length.
        case paragraphSpacing = "paragraph-spacing"
        /// The paragraph style's `alignment`: a case of NSTextAlignment.
        case alignment
        /// `.underlineStyle`: a case of NSUnderlineStyle.
        case underline
        /// `.strikethroughStyle`: a case of NSUnderlineStyle.
        case strikethrough
        /// `.shadow`: a shadow (`NSShadow`, its blur radius halved as for a layer).
        case shadow

        /// Whether the attribute belongs to the paragraph style (`.paragraphStyle`).
        public var isParagraphStyle: Bool {
            switch self {
            case .lineHeightMultiple, .minimumLineHeight, .maximumLineHeight, .paragraphSpacing, .alignment: return true
            default: return false
            }
        }
    }

    public var name: Name
    public var value: StyleValue

    public init(_ name: Name, _ value: StyleValue) {
        self.name = name
        self.value = value
    }
}

extension TextAttribute.Name {
    /// Whether the attribute takes a value of `kind` (a color attribute any
    /// color: plain, light-dark or from the asset catalog).
    public func accepts(_ kind: StyleValueKind) -> Bool {
        switch self {
        case .font: return kind == .font
        case .color, .backgroundColor: return kind == .color || kind == .lightDark || kind == .assetColor
        case .letterSpacing, .lineHeightMultiple, .minimumLineHeight, .maximumLineHeight, .paragraphSpacing: return kind == .number
        case .alignment, .underline, .strikethrough: return kind == .enumCase
        case .shadow: return kind == .shadow
        }
    }
}
