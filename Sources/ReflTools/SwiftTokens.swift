import ReflEval

/// The Swift source of `reflc gen-swift`: a stylesheet's variables as typed
/// constants and its selector names as string constants, in one namespace
/// enum with small value types of its own, so the file compiles with the
/// standard library alone (and gains `UIColor`, `UIFont`, `UIEdgeInsets`,
/// `CGSize`, `CGPoint` and `CGRect` conveniences where UIKit is available).
/// Deterministic: the same table gives the same bytes.
public struct SwiftTokens {
    /// Names that become the same Swift identifier in one group: one
    /// message per identifier that more than one name becomes, all of them
    /// found in one pass.
    public struct Collisions: Error, CustomStringConvertible {
        /// `@ink-dark (main.less:1:1) and @inkDark (main.less:2:1) both become 'Colors.inkDark' in Swift; rename one of them`.
        public let messages: [String]
        public var description: String { messages.joined(separator: "\n") }
    }

    /// The namespace enum's name (`MainStyles`).
    public let typeName: String
    /// The stylesheet's name, for the header comment.
    public let sourceName: String
    /// Doc comments for variables, by name (design tokens' `$description`).
    public let descriptions: [String: String]
    /// Where each variable is defined, by name, for the messages about
    /// names that collide (a rule table does not record it; traits and
    /// classes are placed at the first rule that names them).
    public let variablePositions: [String: SourcePosition]

    public init(typeName: String, sourceName: String, descriptions: [String: String] = [:],
                variablePositions: [String: SourcePosition] = [:]) {
        self.typeName = typeName
        self.sourceName = sourceName
        self.descriptions = descriptions
        self.variablePositions = variablePositions
    }

    /// One group of constants (`Colors`, `Traits`, ...): Swift name, declaration, and what it came from.
    private struct Group {
        let name: String
        /// `name` is what the stylesheet writes (`@ink-dark`, `class UIView`), for messages.
        var entries: [(swiftName: String, origin: String, name: String, position: SourcePosition?, description: String?,
                       declaration: String)] = []
    }

    /// The Swift file for `table`; every set of names that become one
    /// identifier is reported, not only the first.
    public func source(for table: RuleTable) throws(Collisions) -> String {
        var groups: [String: Group] = [:]
        var skipped: [String] = []
        func add(_ group: String, _ name: String, origin: String, written: String, at position: SourcePosition?, description: String? = nil,
                 _ type: String, _ value: String) {
            let swiftName = Self.identifier(name)
            groups[group, default: Group(name: group)].entries.append((swiftName, origin, written, position, description,
                                                                       "public static let \(swiftName): \(type) = \(value)"))
        }
        for (name, value) in table.variables.sorted(by: { $0.key < $1.key }) {
            let origin = "@" + name
            guard let constant = Self.constant(for: value) else {
                skipped.append(origin)
                continue
            }
            add(constant.group, name, origin: origin + (constant.note.map { " (\($0))" } ?? ""), written: origin, at: variablePositions[name],
                description: descriptions[name], constant.type, constant.literal)
        }
        // Every step names a class or a trait: the view's own and its ancestors' (context).
        // Each is placed at the first rule that names it.
        var traits: [String: SourcePosition] = [:], classes: [String: SourcePosition] = [:]
        for rule in table.rules {
            for step in [(rule.selector.className, rule.selector.trait)] + rule.selector.context.map({ ($0.className, $0.trait) }) {
                if let trait = step.1, traits[trait] == nil { traits[trait] = rule.source }
                if let className = step.0, classes[className] == nil { classes[className] = rule.source }
            }
        }
        for (trait, position) in traits.sorted(by: { $0.key < $1.key }) {
            add("Traits", trait, origin: "trait \(trait)", written: "trait \(trait)", at: position, "String", Self.string(trait))
        }
        for (className, position) in classes.sorted(by: { $0.key < $1.key }) {
            add("Classes", className, origin: "class \(className)", written: "class \(className)", at: position, "String", Self.string(className))
        }
        let collisions = Self.collisions(in: groups)
        guard collisions.isEmpty else { throw Collisions(messages: collisions) }
        return render(groups: groups, skipped: skipped)
    }

    /// A message for each identifier that more than one name of its group
    /// becomes, by group and identifier; the names in the order they were added.
    private static func collisions(in groups: [String: Group]) -> [String] {
        var messages: [String] = []
        for name in groups.keys.sorted() {
            let entries = groups[name]!.entries
            let byIdentifier = Dictionary(grouping: entries.indices, by: { entries[$0].swiftName })
            for (swiftName, indices) in byIdentifier.sorted(by: { $0.key < $1.key }) where indices.count > 1 {
                let names = indices.sorted().map { index in
                    let entry = entries[index]
                    let written = commentText(entry.name)
                    return entry.position.map { "\(written) (\($0.file):\($0.line):\($0.column))" } ?? written
                }
                let listed = names.count == 2 ? "\(names[0]) and \(names[1]) both"
                    : names.dropLast().joined(separator: ", ") + " and \(names.last!) all"
                messages.append("\(listed) become '\(name).\(swiftName)' in Swift; rename \(names.count == 2 ? "one of them" : "all but one")")
            }
        }
        return messages
    }

    private func render(groups: [String: Group], skipped: [String]) -> String {
        // Names from a rule table can hold any character: each stays on its comment line.
        let sourceName = Self.commentText(sourceName)
        var out = """
            // Generated by `reflc gen-swift` from \(sourceName): the stylesheet's variables and
            // selector names as Swift constants. Do not edit: build again instead.

            #if canImport(UIKit)
            import UIKit
            #endif

            /// The tokens of \(sourceName).
            public enum \(typeName) {
                /// An sRGB color, components in 0...1.
                public struct Color: Hashable, Sendable {
                    public let red: Double, green: Double, blue: Double, alpha: Double
                }

                /// A color for each appearance (`light-dark()`): light unless the
                /// appearance is dark.
                public struct DynamicColor: Hashable, Sendable {
                    public let light: Color, dark: Color
                }

                /// A font: its name (or the system font), its size in points (or in
                /// percent of the view's bounds), its system weight and Dynamic Type
                /// text style as the stylesheet spells them.
                public struct Font: Hashable, Sendable {
                    public let name: String
                    public let size: Double
                    public let sizeIsPercent: Bool
                    public let isSystem: Bool
                    public let weight: String?
                    public let textStyle: String?
                }

                public struct EdgeInsets: Hashable, Sendable {
                    public let top: Double, left: Double, bottom: Double, right: Double
                }

                public struct Size: Hashable, Sendable {
                    public let width: Double, height: Double
                }

                public struct Point: Hashable, Sendable {
                    public let x: Double, y: Double
                }

                public struct Rect: Hashable, Sendable {
                    public let x: Double, y: Double, width: Double, height: Double
                }

                /// `linear-gradient()`: its colors, their locations (0 to 1; nil when
                /// evenly spaced) and its direction as CSS writes it (`180deg`, the
                /// default, runs top to bottom; `to top right` runs to a corner).
                public struct Gradient: Hashable, Sendable {
                    public let colors: [Color]
                    public let locations: [Double]?
                    public let direction: String
                }

                /// `shadow(x, y, blur, color)`: the blur is CSS's (a layer's shadow
                /// radius is half of it); a plain color is the same in both appearances.
                public struct Shadow: Hashable, Sendable {
                    public let x: Double, y: Double, blur: Double
                    public let color: DynamicColor
                }

                /// `border(width, color)`.
                public struct Border: Hashable, Sendable {
                    public let width: Double
                    public let color: DynamicColor
                }

                /// `text-attributes(...)`: the attributes given (nil: not given);
                /// alignment, underline and strikethrough as UIKit's raw values.
                public struct TextAttributes: Hashable, Sendable {
                    public var font: Font? = nil
                    public var color: DynamicColor? = nil
                    public var backgroundColor: DynamicColor? = nil
                    public var letterSpacing: Double? = nil
                    public var lineHeightMultiple: Double? = nil
                    public var minimumLineHeight: Double? = nil
                    public var maximumLineHeight: Double? = nil
                    public var paragraphSpacing: Double? = nil
                    public var alignment: Int? = nil
                    public var underline: Int? = nil
                    public var strikethrough: Int? = nil
                    public var shadow: Shadow? = nil
                }

            """
        for name in groups.keys.sorted() {
            let group = groups[name]!
            out += "\n    public enum \(name) {\n"
            for entry in group.entries.sorted(by: { $0.swiftName < $1.swiftName }) {
                if let description = entry.description {
                    // A description is the first paragraph of the doc comment, its origin the second.
                    for line in Self.commentLines(description) { out += "        /// \(line)\n" }
                    out += "        ///\n"
                }
                out += "        /// \(Self.commentText(entry.origin))\n        \(entry.declaration)\n"
            }
            out += "    }\n"
        }
        if !skipped.isEmpty {
            out += "\n    // Not generated (no Swift type for them): \(Self.commentText(skipped.joined(separator: ", "))).\n"
        }
        out += "}\n"
        out += """

            #if canImport(UIKit)
            extension \(typeName).Color {
                public var uiColor: UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }
            }

            extension \(typeName).DynamicColor {
                /// A color that follows the trait collection's `userInterfaceStyle`.
                public var uiColor: UIColor {
                    let light = light.uiColor, dark = dark.uiColor
                    return UIColor { traits in traits.userInterfaceStyle == .dark ? dark : light }
                }
            }

            extension \(typeName).Font {
                /// The font at its size in points (a Dynamic Type font scaled for the
                /// current content size); a size in percent is taken as points.
                public var uiFont: UIFont {
                    let weights: [String: UIFont.Weight] = [
                        "ultra-light": .ultraLight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
                        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
                    ]
                    let base = isSystem || UIFont(name: name, size: size) == nil
                        ? UIFont.systemFont(ofSize: size, weight: weight.flatMap { weights[$0] } ?? .regular)
                        : UIFont(name: name, size: size)!
                    let styles: [String: UIFont.TextStyle] = [
                        "large-title": .largeTitle, "title1": .title1, "title2": .title2, "title3": .title3, "headline": .headline,
                        "body": .body, "callout": .callout, "subheadline": .subheadline, "footnote": .footnote,
                        "caption1": .caption1, "caption2": .caption2,
                    ]
                    guard let style = textStyle.flatMap({ styles[$0] }) else { return base }
                    return UIFontMetrics(forTextStyle: style).scaledFont(for: base)
                }
            }

            extension \(typeName).TextAttributes {
                /// The attributes as UIKit takes them, for attributed strings and `titleTextAttributes`.
                public var attributes: [NSAttributedString.Key: Any] {
                    var attributes: [NSAttributedString.Key: Any] = [:]
                    if let font { attributes[.font] = font.uiFont }
                    if let color { attributes[.foregroundColor] = color.uiColor }
                    if let backgroundColor { attributes[.backgroundColor] = backgroundColor.uiColor }
                    if let letterSpacing { attributes[.kern] = letterSpacing }
                    if let underline { attributes[.underlineStyle] = underline }
                    if let strikethrough { attributes[.strikethroughStyle] = strikethrough }
                    if let shadow {
                        let made = NSShadow()
                        made.shadowOffset = CGSize(width: shadow.x, height: shadow.y)
                        made.shadowBlurRadius = shadow.blur / 2
                        made.shadowColor = shadow.color.uiColor
                        attributes[.shadow] = made
                    }
                    if lineHeightMultiple != nil || minimumLineHeight != nil || maximumLineHeight != nil || paragraphSpacing != nil || alignment != nil {
                        let paragraph = NSMutableParagraphStyle()
                        if let lineHeightMultiple { paragraph.lineHeightMultiple = lineHeightMultiple }
                        if let minimumLineHeight { paragraph.minimumLineHeight = minimumLineHeight }
                        if let maximumLineHeight { paragraph.maximumLineHeight = maximumLineHeight }
                        if let paragraphSpacing { paragraph.paragraphSpacing = paragraphSpacing }
                        if let alignment, let textAlignment = NSTextAlignment(rawValue: alignment) { paragraph.alignment = textAlignment }
                        attributes[.paragraphStyle] = paragraph
                    }
                    return attributes
                }
            }

            extension \(typeName).EdgeInsets {
                public var uiEdgeInsets: UIEdgeInsets { UIEdgeInsets(top: top, left: left, bottom: bottom, right: right) }
            }

            extension \(typeName).Size {
                public var cgSize: CGSize { CGSize(width: width, height: height) }
            }

            extension \(typeName).Point {
                public var cgPoint: CGPoint { CGPoint(x: x, y: y) }
            }

            extension \(typeName).Rect {
                public var cgRect: CGRect { CGRect(x: x, y: y, width: width, height: height) }
            }
            #endif

            """
        return out
    }

    // MARK: - Values as Swift literals

    /// The group, Swift type and literal of a variable's constant; nil for
    /// a kind of value with no Swift type here (listed in a comment). One
    /// case per kind, so a new kind must choose.
    static func constant(for value: StyleValue) -> (group: String, type: String, literal: String, note: String?)? {
        switch value {
        case .color(let color): return ("Colors", "Color", Self.color(color), nil)
        case .lightDark(let light, let dark):
            return ("Colors", "DynamicColor", "DynamicColor(light: \(Self.color(light)), dark: \(Self.color(dark)))", "light-dark")
        case .gradient(let gradient): return ("Gradients", "Gradient", Self.gradient(gradient), nil)
        case .shadow(let shadow):
            guard let color = dynamicColor(shadow.color) else { return nil }
            return ("Shadows", "Shadow", "Shadow(x: \(number(shadow.offsetX)), y: \(number(shadow.offsetY)), blur: \(number(shadow.blur)), color: \(color))", nil)
        case .border(let border):
            guard let color = dynamicColor(border.color) else { return nil }
            return ("Borders", "Border", "Border(width: \(number(border.width)), color: \(color))", nil)
        case .textAttributes(let attributes):
            guard let literal = textAttributes(attributes) else { return nil }
            return ("Typography", "TextAttributes", literal, nil)
        case .image(.symbol(let symbol)):
            let parts = [symbol.pointSize.map { "\(number($0))pt" }, symbol.weight?.rawValue, symbol.scale?.rawValue].compactMap { $0 }
            return ("Symbols", "String", Self.string(symbol.name), parts.isEmpty ? "an SF Symbol" : "an SF Symbol, " + parts.joined(separator: ", "))
        case .number(let number, _): return ("Numbers", "Double", Self.number(number), nil)
        case .duration(let seconds): return ("Durations", "Double", Self.number(seconds), "seconds")
        case .assetColor(let name): return ("AssetColors", "String", Self.string(name), "the name of a color of the asset catalog")
        case .percent(let percent): return ("Percents", "Double", Self.number(percent), nil)
        case .angle(let radians): return ("Angles", "Double", Self.number(radians), nil)
        case .bool(let flag): return ("Flags", "Bool", flag ? "true" : "false", nil)
        case .string(let text), .identifier(let text): return ("Strings", "String", Self.string(text), nil)
        case .localizedString(let key): return ("LocalizedKeys", "String", Self.string(key), nil)
        case .image(.named(let image, let capInsets, let rendering)):
            let parts = [capInsets.map { "cap insets \(number($0.top)), \(number($0.left)), \(number($0.bottom)), \(number($0.right))" },
                         rendering.map { "rendered as \($0.rawValue)" }].compactMap { $0 }
            return ("Images", "String", Self.string(image), parts.isEmpty ? nil : parts.joined(separator: "; "))
        case .font(let font): return ("Fonts", "Font", Self.font(font), nil)
        case .edgeInsets(let top, let left, let bottom, let right):
            return ("Insets", "EdgeInsets",
                    "EdgeInsets(top: \(Self.number(top)), left: \(Self.number(left)), bottom: \(Self.number(bottom)), right: \(Self.number(right)))", nil)
        case .size(let width, let height):
            return ("Sizes", "Size", "Size(width: \(Self.number(width)), height: \(Self.number(height)))", nil)
        case .point(let x, let y): return ("Points", "Point", "Point(x: \(Self.number(x)), y: \(Self.number(y)))", nil)
        case .rect(let x, let y, let width, let height):
            return ("Rects", "Rect", "Rect(x: \(Self.number(x)), y: \(Self.number(y)), width: \(Self.number(width)), height: \(Self.number(height)))", nil)
        case .enumCase(let value): return ("RawValues", "Int", "\(value.rawValue)", "\(value.enumName).\(value.caseName)")
        case .optionSet(let value):
            return ("RawValues", "Int", "\(value.rawValue)", "\(value.setName): \(value.options.joined(separator: ", "))")
        case .image(.fill), .transform, .vector, .condition, .call: return nil
        }
    }

    /// A plain or light-dark color as a `DynamicColor` (a plain one the
    /// same in both appearances); nil for an asset color.
    static func dynamicColor(_ value: StyleValue) -> String? {
        switch value {
        case .color(let plain): return "DynamicColor(light: \(color(plain)), dark: \(color(plain)))"
        case .lightDark(let light, let dark): return "DynamicColor(light: \(color(light)), dark: \(color(dark)))"
        default: return nil
        }
    }

    static func gradient(_ gradient: Gradient) -> String {
        let direction: String
        switch gradient.direction {
        case .angle(let radians): direction = number((radians * 180 / Double.pi * 100_000).rounded() / 100_000) + "deg"
        case .corner(let toRight, let toBottom): direction = "to \(toBottom ? "bottom" : "top") \(toRight ? "right" : "left")"
        }
        let locations = gradient.locations.map { "[" + $0.map(number).joined(separator: ", ") + "]" } ?? "nil"
        return "Gradient(colors: [\(gradient.colors.map(color).joined(separator: ", "))], locations: \(locations), direction: \(string(direction)))"
    }

    /// `TextAttributes(font: ..., ...)`: the attributes given, in the
    /// struct's order; nil when one has no Swift form (an asset color).
    static func textAttributes(_ attributes: TextAttributes) -> String? {
        var arguments: [String] = []
        for attribute in attributes.attributes {
            let literal: String?
            switch attribute.value {
            case .font(let value): literal = font(value)
            case .color, .lightDark, .assetColor: literal = dynamicColor(attribute.value)
            case .number(let value, _): literal = number(value)
            case .enumCase(let value): literal = "\(value.rawValue)"
            case .shadow: literal = constant(for: attribute.value)?.literal
            default: literal = nil
            }
            guard let literal else { return nil }
            arguments.append("\(identifier(attribute.name.rawValue)): \(literal)")
        }
        return "TextAttributes(\(arguments.joined(separator: ", ")))"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    static func color(_ color: ReflEval.Color) -> String {
        "Color(red: \(number(color.red)), green: \(number(color.green)), blue: \(number(color.blue)), alpha: \(number(color.alpha)))"
    }

    static func font(_ font: ReflEval.Font) -> String {
        let (size, isPercent): (Double, Bool)
        switch font.size {
        case .points(let points, _): (size, isPercent) = (points, false)
        case .percent(let percent): (size, isPercent) = (percent, true)
        }
        return "Font(name: \(string(font.name)), size: \(number(size)), sizeIsPercent: \(isPercent), isSystem: \(font.isSystem), "
            + "weight: \(font.weight.map { string($0.rawValue) } ?? "nil"), textStyle: \(font.textStyle.map { string($0.rawValue) } ?? "nil"))"
    }

    /// A Swift string literal.
    static func string(_ text: String) -> String {
        Quoting.quote(text) { "\\u{\(String($0, radix: 16))}" }
    }

    // MARK: - Names

    /// A lowerCamelCase Swift identifier for a stylesheet name: words split
    /// at `-`, `_`, `.` and other non-letters, a leading acronym lowercased
    /// (`UIButton` → `uiButton`), a leading digit prefixed with `_`, a
    /// keyword escaped with backticks. A name with no letter or digit is
    /// spelled by its characters' code points: `@_` → `_u5F`, `@€` →
    /// `_u20AC`, `@--` → `_u2D_u2D` (no other name gives `_u`: a `_`
    /// comes only before a digit).
    public static func identifier(_ name: String) -> String {
        let words = words(name)
        guard !words.isEmpty else {
            guard !name.isEmpty else { return "_empty" }
            return name.unicodeScalars.map { "_u" + String($0.value, radix: 16, uppercase: true) }.joined()
        }
        var result = lowerFirstWord(words[0]) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        if let first = result.unicodeScalars.first, !isIdentifierHead(first) { result = "_" + result }
        return keywords.contains(result) ? "`\(result)`" : result
    }

    /// The words of a name: runs of letters and digits that Swift takes in
    /// an identifier; anything else separates them.
    private static func words(_ name: String) -> [String] {
        name.split { character in
            !(character.isLetter || character.isNumber) || !character.unicodeScalars.allSatisfy(isIdentifierCharacter)
        }.map(String.init)
    }

    /// `UIButton` → `uiButton`, `URL` → `url`, `Title` → `title`, `ink` → `ink`.
    private static func lowerFirstWord(_ word: String) -> String {
        let characters = Array(word)
        var upper = 0
        while upper < characters.count && characters[upper].isUppercase { upper += 1 }
        if upper <= 1 { return characters.prefix(1).map { $0.lowercased() }.joined() + String(characters.dropFirst()) }
        // An acronym: all of it lowercased, but the capital that starts the next word.
        let cut = upper == characters.count ? upper : upper - 1
        return String(characters[..<cut]).lowercased() + String(characters[cut...])
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await", "false", "is",
        "nil", "self", "Self", "super", "throws", "true", "try", "_", "Type", "Protocol",
    ]

    /// Words that begin a type in Swift (`any P`, `some P`, `each T`):
    /// `extension any.Color` does not parse.
    private static let typeKeywords: Set<String> = ["any", "some", "each"]

    /// The types the generated file names without a module, by the module
    /// that has them: an enum of one of these names would hide it, in the
    /// file and in the rest of its module.
    private static let typesUsed: [String: String] = [
        "Bool": "Swift", "Double": "Swift", "Hashable": "Swift", "Int": "Swift", "Sendable": "Swift", "String": "Swift",
        "CGPoint": "CoreGraphics", "CGRect": "CoreGraphics", "CGSize": "CoreGraphics", "NSAttributedString": "Foundation",
        "NSMutableParagraphStyle": "UIKit", "NSShadow": "UIKit", "NSTextAlignment": "UIKit", "UIColor": "UIKit",
        "UIEdgeInsets": "UIKit", "UIFont": "UIKit", "UIFontMetrics": "UIKit",
    ]

    /// Why `name` cannot name the enum of the generated file, nil when it
    /// can: it must be a Swift identifier of letters, digits and `_` that
    /// does not start with a digit, not a keyword, and not the name of a
    /// type the file uses.
    public static func typeNameProblem(_ name: String) -> String? {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, isIdentifierHead(first), scalars.allSatisfy(isIdentifierCharacter),
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return "it is not a Swift identifier (letters, digits and _, not starting with a digit)"
        }
        if keywords.contains(name) || typeKeywords.contains(name) { return "it is a Swift keyword" }
        if let module = typesUsed[name] { return "it would hide \(module)'s \(name), which the generated file uses" }
        return nil
    }

    /// `main.less` → `MainStyles`, `design-system.less` → `DesignSystemStyles`,
    /// `UIKit-overrides.less` → `UIKitOverridesStyles`, `2024.less` →
    /// `Stylesheet2024Styles`: the file's words, each capitalized, then `Styles`.
    public static func typeName(forFile path: String) -> String {
        var name = String(path.split(separator: "/").last ?? "")
        if let dot = name.lastIndex(of: ".") { name = String(name[..<dot]) }
        let joined = words(name).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        let startsWell = joined.unicodeScalars.first.map(isIdentifierHead) ?? false
        return (startsWell ? joined : "Stylesheet" + joined) + "Styles"
    }

    /// Whether Swift takes `scalar` as the first character of an identifier
    /// (The Swift Programming Language, Lexical Structure: identifier-head).
    static func isIdentifierHead(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F: return true
        case 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF: return true
        case 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF: return true
        case 0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054, 0x2060...0x206F: return true
        case 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF: return true
        case 0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF: return true
        case 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD: return true
        case 0x10000...0xEFFFD: return value & 0xFFFF <= 0xFFFD  // each plane but its last two code points
        default: return false
        }
    }

    /// Whether Swift takes `scalar` after the first character of an identifier (identifier-character).
    static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        default: return isIdentifierHead(scalar)
        }
    }

    /// `text` as lines of a doc comment: one per line of the text, without
    /// a character that would end the comment or the line early, and each
    /// other control character written as its code (`\u{0}`: swiftc warns
    /// of a NUL in a file).
    static func commentLines(_ text: String) -> [String] {
        // By scalars: "\r\n" is one Character, which a split on "\n" would not see.
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"]
        let unified = String(String.UnicodeScalarView(text.replacingCRLF.unicodeScalars.map { breaks.contains($0) ? "\n" : $0 }))
        return unified.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            commentText(String(String.UnicodeScalarView(line))).trimmingTrailingSpaces
        }
    }

    /// `text` on one line of a comment: its control characters and line
    /// breaks written as their codes (`\u{A}`), a tab kept.
    static func commentText(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(value) || value == 0x2028 || value == 0x2029 {
                out.append(contentsOf: "\\u{\(String(value, radix: 16, uppercase: true))}".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

private extension String {
    /// Each CR LF as one LF.
    var replacingCRLF: String {
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in unicodeScalars {
            if scalar == "\n" && previousWasCR { previousWasCR = false; continue }
            previousWasCR = scalar == "\r"
            scalars.append(previousWasCR ? "\n" : scalar)
        }
        return String(scalars)
    }

    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}

/// A string in double quotes with `"`, `\\`, line breaks, tabs and other
/// control characters escaped, each other control character written by its code.
enum Quoting {
    static func quote(_ text: String, codeEscape: (UInt32) -> String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += codeEscape(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
