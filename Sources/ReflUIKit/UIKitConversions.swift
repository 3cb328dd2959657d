#if canImport(UIKit)
import UIKit
import ReflRuntime

/// The run time's values as UIKit takes them through key-value coding:
/// objects (`UIColor`, `UIFont`, `UIImage`, `NSString`) and `NSNumber` or
/// `NSValue` for numbers, enumerations, option sets and structures.
enum UIKitConversions {
    /// `value` for a property of `type` held by an object of `holderClass`
    /// (a layer's colors are `CGColor`s); nil when the property cannot take it.
    static func object(_ value: StyleValue, type: PropertyType, holderClass: String, context: StyleContext) -> AnyObject? {
        switch (type, value) {
        case (.color, .color(let color)):
            let uiColor = self.color(color)
            return holderClass == "CALayer" ? uiColor.cgColor : uiColor
        case (.color, .assetColor(let name)):
            guard let color = UIColor(named: name) else { return nil }
            return holderClass == "CALayer" ? color.cgColor : color
        case (.color, .lightDark(let light, let dark)):
            // Resolved styles hold the appearance's color; a value kept whole follows the traits.
            let light = self.color(light), dark = self.color(dark)
            let dynamic = UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light }
            return holderClass == "CALayer" ? dynamic.cgColor : dynamic
        case (.number, .number(let number, _)): return NSNumber(value: Double(number))
        case (.duration, .duration(let seconds)), (.duration, .number(let seconds, nil)): return NSNumber(value: seconds)
        case (.bool, .bool(let flag)): return NSNumber(value: flag)
        case (.string, .string(let text)): return text as NSString
        case (.string, .localizedString(let key)): return NSLocalizedString(key, comment: "") as NSString
        case (.font, .font(let font)): return self.font(font, context: context)
        case (.edgeInsets, .edgeInsets(let top, let left, let bottom, let right)):
            return NSValue(uiEdgeInsets: UIEdgeInsets(top: top, left: left, bottom: bottom, right: right))
        case (.directionalEdgeInsets, .edgeInsets(let top, let leading, let bottom, let trailing)):
            return NSValue(directionalEdgeInsets: NSDirectionalEdgeInsets(top: top, leading: leading, bottom: bottom, trailing: trailing))
        case (.size, .size(let width, let height)), (.offset, .size(let width, let height)):
            return NSValue(cgSize: CGSize(width: width, height: height))
        case (.point, .point(let x, let y)): return NSValue(cgPoint: CGPoint(x: x, y: y))
        case (.rect, .rect(let x, let y, let width, let height)):
            return NSValue(cgRect: CGRect(x: x, y: y, width: width, height: height))
        case (.transform, .transform(let transform)): return NSValue(cgAffineTransform: self.transform(transform))
        case (.enumeration, .enumCase(let item)): return NSNumber(value: item.rawValue)
        case (.options, .optionSet(let options)): return NSNumber(value: options.rawValue)
        case (.image, _): return image(value)
        case (.textAttributes, .textAttributes(let attributes)):
            return PerStateSetters.dictionary(self.attributes(attributes, context: context))
        case (.shadow, .shadow(let shadow)): return self.shadow(shadow)
        case (.any, _): return nil
        default: return nil
        }
    }

    static func color(_ color: ReflRuntime.Color) -> UIColor {
        UIColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    /// A font. One with a Dynamic Type text style is made at its size for
    /// the `large` content size and scaled by `UIFontMetrics` for the view's
    /// trait collection, so it is scaled once, by UIKit.
    static func font(_ font: ReflRuntime.Font, context: StyleContext) -> UIFont? {
        guard let size = context.sizeAtLargeContentSize(of: font) else { return nil }
        let weights: [FontWeight: UIFont.Weight] = [
            .ultraLight: .ultraLight, .thin: .thin, .light: .light, .regular: .regular, .medium: .medium,
            .semibold: .semibold, .bold: .bold, .heavy: .heavy, .black: .black,
        ]
        let base: UIFont
        if font.isSystem {
            base = UIFont.systemFont(ofSize: size, weight: font.weight.flatMap { weights[$0] } ?? .regular)
        } else {
            guard let named = UIFont(name: font.name, size: size) else { return nil }
            base = named
        }
        guard let style = font.textStyle else { return base }
        let textStyles: [TextStyle: UIFont.TextStyle] = [
            .largeTitle: .largeTitle, .title1: .title1, .title2: .title2, .title3: .title3, .headline: .headline,
            .body: .body, .callout: .callout, .subheadline: .subheadline, .footnote: .footnote,
            .caption1: .caption1, .caption2: .caption2,
        ]
        let traits = UITraitCollection(preferredContentSizeCategory: UIContentSizeCategory(context.environment.contentSizeCategory))
        return UIFontMetrics(forTextStyle: textStyles[style] ?? .body).scaledFont(for: base, compatibleWith: traits)
    }

    static func transform(_ transform: ReflRuntime.Transform) -> CGAffineTransform {
        switch transform {
        case .scale(let x, let y): return CGAffineTransform(scaleX: x, y: y)
        case .rotate(let radians): return CGAffineTransform(rotationAngle: radians)
        case .translate(let x, let y): return CGAffineTransform(translationX: x, y: y)
        }
    }

    /// An image: by name from the app's bundle (with its cap insets and
    /// rendering mode), an SF Symbol, or drawn from a color or a gradient
    /// (the original engine's image fills).
    static func image(_ value: StyleValue) -> UIImage? {
        switch value {
        case .image(let image): return self.image(image)
        case .color(let color): return filled(with: [self.color(color)], gradient: nil)
        case .gradient(let gradient): return filled(with: gradient.colors.map(self.color), gradient: gradient)
        case .string(let name): return UIImage(named: name)
        default: return nil
        }
    }

    static func image(_ image: ReflRuntime.Image) -> UIImage? {
        switch image {
        case .named(let name, let capInsets, let rendering):
            guard var made = UIImage(named: name) else { return nil }
            if let capInsets {
                made = made.resizableImage(withCapInsets: UIEdgeInsets(top: capInsets.top, left: capInsets.left,
                                                                       bottom: capInsets.bottom, right: capInsets.right))
            }
            switch rendering {
            case .original?: made = made.withRenderingMode(.alwaysOriginal)
            case .template?: made = made.withRenderingMode(.alwaysTemplate)
            case nil: break
            }
            return made
        case .fill(let fill):
            return self.image(fill)
        case .symbol(let symbol):
            return UIImage(systemName: symbol.name, withConfiguration: symbolConfiguration(symbol))
        }
    }

    /// The parts of a symbol's configuration that are given, combined.
    static func symbolConfiguration(_ symbol: Symbol) -> UIImage.SymbolConfiguration? {
        var parts: [UIImage.SymbolConfiguration] = []
        if let size = symbol.pointSize { parts.append(UIImage.SymbolConfiguration(pointSize: size)) }
        if let weight = symbol.weight {
            let weights: [FontWeight: UIImage.SymbolWeight] = [
                .ultraLight: .ultraLight, .thin: .thin, .light: .light, .regular: .regular, .medium: .medium,
                .semibold: .semibold, .bold: .bold, .heavy: .heavy, .black: .black,
            ]
            parts.append(UIImage.SymbolConfiguration(weight: weights[weight] ?? .regular))
        }
        if let scale = symbol.scale {
            let scales: [Symbol.Scale: UIImage.SymbolScale] = [.small: .small, .medium: .medium, .large: .large]
            parts.append(UIImage.SymbolConfiguration(scale: scales[scale] ?? .default))
        }
        return parts.dropFirst().reduce(parts.first) { $0?.applying($1) }
    }

    /// A stretchable image of `colors`: one color, or a gradient drawn along
    /// its direction (a vertical one 1×16 points, a horizontal one 16×1, any
    /// other 16×16), at its locations.
    static func filled(with colors: [UIColor], gradient: ReflRuntime.Gradient?) -> UIImage {
        var size = CGSize(width: 1, height: 1)
        if let gradient {
            let ends = gradient.unitEndpoints(width: 16, height: 16)
            let vertical = ends.start.x == ends.end.x, horizontal = ends.start.y == ends.end.y
            size = CGSize(width: vertical ? 1 : 16, height: horizontal ? 1 : 16)
        }
        let image = UIGraphicsImageRenderer(size: size).image { context in
            let space = CGColorSpaceCreateDeviceRGB(), cgColors = colors.map(\.cgColor) as CFArray
            let locations = (gradient?.locations ?? []).map { CGFloat($0) }
            guard let gradient, colors.count > 1,
                  let drawn = locations.isEmpty ? CGGradient(colorsSpace: space, colors: cgColors, locations: nil)
                                                : CGGradient(colorsSpace: space, colors: cgColors, locations: locations) else {
                colors.first?.setFill()
                context.fill(CGRect(origin: .zero, size: size))
                return
            }
            let ends = gradient.unitEndpoints(width: Double(size.width), height: Double(size.height))
            context.cgContext.drawLinearGradient(drawn, start: CGPoint(x: ends.start.x * size.width, y: ends.start.y * size.height),
                                                 end: CGPoint(x: ends.end.x * size.width, y: ends.end.y * size.height),
                                                 options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        return image.resizableImage(withCapInsets: .zero, resizingMode: .stretch)
    }

    /// A shadow as text attributes take it: its blur halved, as a layer's.
    static func shadow(_ shadow: ReflRuntime.Shadow) -> NSShadow {
        let made = NSShadow()
        made.shadowOffset = CGSize(width: shadow.offsetX, height: shadow.offsetY)
        made.shadowBlurRadius = shadow.blur / 2
        made.shadowColor = colorObject(shadow.color)
        return made
    }

    /// A plain, light-dark or asset color as a `UIColor`.
    static func colorObject(_ value: StyleValue) -> UIColor? {
        switch value {
        case .color(let color): return self.color(color)
        case .assetColor(let name): return UIColor(named: name)
        case .lightDark(let light, let dark):
            let light = self.color(light), dark = self.color(dark)
            return UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light }
        default: return nil
        }
    }

    /// Text attributes as UIKit's keys and objects; those of the paragraph
    /// style gathered in one `NSParagraphStyle`.
    static func attributes(_ attributes: TextAttributes, context: StyleContext) -> [NSAttributedString.Key: Any] {
        var made: [NSAttributedString.Key: Any] = [:]
        let paragraph = NSMutableParagraphStyle()
        var hasParagraph = false
        for attribute in attributes.attributes {
            let value = attribute.value
            var number: CGFloat {
                if case .number(let number, _) = value { return CGFloat(number) }
                return 0
            }
            var rawValue: Int {
                if case .enumCase(let item) = value { return item.rawValue }
                return 0
            }
            hasParagraph = hasParagraph || attribute.name.isParagraphStyle
            switch attribute.name {
            case .font:
                if case .font(let font) = value { made[.font] = self.font(font, context: context) }
            case .color: made[.foregroundColor] = colorObject(value)
            case .backgroundColor: made[.backgroundColor] = colorObject(value)
            case .letterSpacing: made[.kern] = number
            case .underline: made[.underlineStyle] = rawValue
            case .strikethrough: made[.strikethroughStyle] = rawValue
            case .shadow:
                if case .shadow(let shadow) = value { made[.shadow] = self.shadow(shadow) }
            case .lineHeightMultiple: paragraph.lineHeightMultiple = number
            case .minimumLineHeight: paragraph.minimumLineHeight = number
            case .maximumLineHeight: paragraph.maximumLineHeight = number
            case .paragraphSpacing: paragraph.paragraphSpacing = number
            case .alignment: paragraph.alignment = NSTextAlignment(rawValue: rawValue) ?? .natural
            }
        }
        if hasParagraph { made[.paragraphStyle] = paragraph }
        return made
    }
}

extension UIContentSizeCategory {
    /// UIKit's category for the run time's.
    init(_ category: ContentSizeCategory) {
        switch category {
        case .extraSmall: self = .extraSmall
        case .small: self = .small
        case .medium: self = .medium
        case .large: self = .large
        case .extraLarge: self = .extraLarge
        case .extraExtraLarge: self = .extraExtraLarge
        case .extraExtraExtraLarge: self = .extraExtraExtraLarge
        case .accessibilityMedium: self = .accessibilityMedium
        case .accessibilityLarge: self = .accessibilityLarge
        case .accessibilityExtraLarge: self = .accessibilityExtraLarge
        case .accessibilityExtraExtraLarge: self = .accessibilityExtraExtraLarge
        case .accessibilityExtraExtraExtraLarge: self = .accessibilityExtraExtraExtraLarge
        case .unspecified: self = .unspecified
        }
    }
}
#endif
