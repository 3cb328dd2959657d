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

    /// An image: by name from the app's bundle, or drawn from a color or a
    /// gradient (the original engine's image fills).
    static func image(_ value: StyleValue) -> UIImage? {
        switch value {
        case .image(let image): return self.image(image)
        case .color(let color): return filled(with: [self.color(color)])
        case .gradient(let colors): return filled(with: colors.map(self.color))
        case .string(let name): return UIImage(named: name)
        default: return nil
        }
    }

    static func image(_ image: ReflRuntime.Image) -> UIImage? {
        switch image {
        case .named(let name): return UIImage(named: name)
        case .fill(let fill): return self.image(fill)
        }
    }

    /// A 1×16 point image of `colors` from top to bottom, stretchable.
    static func filled(with colors: [UIColor]) -> UIImage {
        let size = CGSize(width: 1, height: colors.count > 1 ? 16 : 1)
        let image = UIGraphicsImageRenderer(size: size).image { context in
            guard colors.count > 1,
                  let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: colors.map(\.cgColor) as CFArray, locations: nil) else {
                colors.first?.setFill()
                context.fill(CGRect(origin: .zero, size: size))
                return
            }
            context.cgContext.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: size.height), options: [])
        }
        return image.resizableImage(withCapInsets: .zero, resizingMode: .stretch)
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
