/// What a stylesheet may set on a class of views: the schema the compiler
/// checks rules against and the applier writes through. UIKit's part is
/// generated from `Schema/UIKit.schema` (see `UIKitSchema`); a stylesheet
/// adds its own classes and properties with `@view` declarations.
public struct ViewSchema: Sendable, Equatable {
    /// The classes by name (`UIButton`, `MyApp.CardView`).
    public var classes: [String: ViewClass]
    /// The enumerations and option sets by Swift name (`UIView.ContentMode`).
    public var enumerations: [String: EnumerationSchema]

    public init(classes: [String: ViewClass] = [:], enumerations: [String: EnumerationSchema] = [:]) {
        self.classes = classes
        self.enumerations = enumerations
    }

    /// `name` and its superclasses, nearest first, as far as the schema knows them.
    public func classChain(_ name: String) -> [ViewClass] {
        var chain: [ViewClass] = []
        // The names in `chain`, to stop at a cycle: searching the chain for
        // each made a chain of `@view` declarations thousands deep quadratic.
        var names: Set<String> = []
        var next: String? = name
        while let current = next, let known = classes[current], !names.contains(current) {
            chain.append(known)
            names.insert(known.name)
            next = known.superclass
        }
        return chain
    }

    /// The property `key` (one key-path component, as the table stores it:
    /// `backgroundColor`) of `className`, found in the class or the nearest
    /// superclass that declares it.
    public func property(_ key: String, of className: String) -> (property: PropertySchema, declaredBy: ViewClass)? {
        // Up the chain class by class, without gathering it (`classChain`'s
        // array and set, once a key checked, were a third of the check).
        // Past as many steps as there are classes the chain is a cycle, and
        // each class of it has been searched.
        var next: String? = className
        var steps = 0
        while let current = next, steps <= classes.count, let known = classes[current] {
            if let property = known.properties.first(where: { $0.key == key }) { return (property, known) }
            next = known.superclass
            steps += 1
        }
        return nil
    }

    /// Every property of `className` and its superclasses, nearest first
    /// (a subclass's own declaration of a key hides its superclass's).
    public func allProperties(of className: String) -> [(property: PropertySchema, declaredBy: ViewClass)] {
        var seen: Set<String> = []
        var found: [(PropertySchema, ViewClass)] = []
        for known in classChain(className) {
            for property in known.properties where seen.insert(property.key).inserted { found.append((property, known)) }
        }
        return found
    }

    /// A key as a stylesheet writes it (`accent-color`) as the table stores
    /// it (`accentColor`): each `-` capitalizes the next letter.
    public static func keyPath(of key: String) -> String {
        var out = ""
        var capitalize = false
        for character in key {
            if character == "-" { capitalize = !out.isEmpty; continue }
            out.append(capitalize ? Character(character.uppercased()) : character)
            capitalize = false
        }
        return out
    }

    /// Adds `other`'s classes and enumerations; a class both have gets the
    /// properties of both (those of `other` win), and `other`'s superclass
    /// when it names one.
    public func merging(_ other: ViewSchema) -> ViewSchema {
        var merged = self
        for (name, added) in other.classes {
            guard var existing = merged.classes[name] else {
                merged.classes[name] = added
                continue
            }
            existing.superclass = added.superclass ?? existing.superclass
            let addedKeys = Set(added.properties.map(\.key))
            existing.properties = existing.properties.filter { !addedKeys.contains($0.key) } + added.properties
            merged.classes[name] = existing
        }
        merged.enumerations.merge(other.enumerations) { _, new in new }
        return merged
    }
}

/// A class of views (or of the objects a key path reaches: `CALayer`), or a
/// view controller.
public struct ViewClass: Sendable, Equatable {
    public var name: String
    public var superclass: String?
    public var properties: [PropertySchema]
    /// The iOS version that introduced the class.
    public var since: OSVersion?

    // Where a `@view` declared the class is not kept: a class is part of the
    // rule table, which holds only what its JSON and binary forms hold, so
    // that a table read back from either is equal to the one compiled.
    public init(name: String, superclass: String?, properties: [PropertySchema], since: OSVersion? = nil) {
        self.name = name
        self.superclass = superclass
        self.properties = properties
        self.since = since
    }
}

/// One property a stylesheet may set.
public struct PropertySchema: Sendable, Equatable {
    /// The key as the rule table stores it: the Objective-C key-value-coding
    /// name (`backgroundColor`, `hidden`, `on`).
    public var key: String
    /// The key as a stylesheet writes it (`background-color`).
    public var stylesheetKey: String
    /// The Swift name (`isHidden` for `hidden`), or the setter a per-state
    /// or forwarded property goes through (`setTitleColor(_:for:)`).
    public var swiftName: String
    /// What the property takes.
    public var type: PropertyType
    /// Set per control state through the class's per-state setter.
    public var isPerState: Bool
    /// The key path it stands for, when it forwards to a sub-object
    /// (`corner-radius` → `layer.cornerRadius`).
    public var forwardsTo: String?
    public var since: OSVersion?
    public var deprecated: OSVersion?
    /// What a user should know (`ignored when the button has a configuration`).
    public var note: String?
    /// For an option set, that UIKit takes one option of one bit, not
    /// several: a button's image placement is one edge, never `all`.
    public var takesSingleOption: Bool

    public init(key: String, stylesheetKey: String, swiftName: String, type: PropertyType, isPerState: Bool = false,
                forwardsTo: String? = nil, since: OSVersion? = nil, deprecated: OSVersion? = nil, note: String? = nil,
                takesSingleOption: Bool = false) {
        self.key = key
        self.stylesheetKey = stylesheetKey
        self.swiftName = swiftName
        self.type = type
        self.isPerState = isPerState
        self.forwardsTo = forwardsTo
        self.since = since
        self.deprecated = deprecated
        self.note = note
        self.takesSingleOption = takesSingleOption
    }
}

/// The type of a property, as schemas and `@view` declarations write it.
public indirect enum PropertyType: Sendable, Equatable, CustomStringConvertible {
    case color, number, bool, string, font, image, edgeInsets, directionalEdgeInsets, size, point, rect, transform
    case gradient, offset, textAttributes, duration, shadow, border
    /// Anything: the schema does not check the value.
    case any
    /// A case of an enumeration, by its Swift name (`UIView.ContentMode`).
    case enumeration(String)
    /// Options of an option set (`UIView.AutoresizingMask`).
    case options(String)
    /// A declared list of words (`enum(compact, regular)` in a declaration).
    case words([String])
    /// A sub-object reached by key path (`layer` is a `CALayer`).
    case object(String)

    public var description: String {
        switch self {
        case .color: return "color"
        case .number: return "number"
        case .bool: return "bool"
        case .string: return "string"
        case .font: return "font"
        case .image: return "image"
        case .edgeInsets: return "edge-insets"
        case .directionalEdgeInsets: return "directional-edge-insets"
        case .size: return "size"
        case .point: return "point"
        case .rect: return "rect"
        case .transform: return "transform"
        case .gradient: return "gradient"
        case .offset: return "offset"
        case .textAttributes: return "text-attributes"
        case .duration: return "duration"
        case .shadow: return "shadow"
        case .border: return "border"
        case .any: return "any"
        case .enumeration(let name): return "enum(\(name))"
        case .options(let name): return "options(\(name))"
        case .words(let words): return "enum(\(words.joined(separator: ", ")))"
        case .object(let name): return "object(\(name))"
        }
    }

    /// A type as schemas and `@view` declarations write it (`color`,
    /// `enum(UIView.ContentMode)` (a capitalized name: UIKit's), `enum(compact,
    /// regular)` (kebab-case words: a declared list), `options(...)`,
    /// `object(CALayer)`, `per-state(color)`), spaces allowed; nil when it
    /// names no type. `isPerState` is true for `per-state(TYPE)`.
    public static func parse(_ written: String) -> (type: PropertyType, isPerState: Bool)? {
        let text = written.filter { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }
        func argument(_ prefix: String) -> String? {
            guard text.hasPrefix(prefix + "("), text.hasSuffix(")") else { return nil }
            let inner = String(text.dropFirst(prefix.count + 1).dropLast())
            return inner.isEmpty ? nil : inner
        }
        if let inner = argument("per-state") {
            guard let (type, isPerState) = parse(inner), !isPerState else { return nil }
            return (type, true)
        }
        if let simple = simpleTypes[text] { return (simple, false) }
        if let inner = argument("enum") {
            let words = inner.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            // One capitalized name is UIKit's enumeration (`enum(UIBarStyle)`); words are kebab-case.
            if words.count == 1, let first = words[0].first, first.isUppercase || words[0].contains(".") {
                return (.enumeration(words[0]), false)
            }
            guard words.allSatisfy({ !$0.isEmpty && !$0.contains("(") }) else { return nil }
            return (.words(words), false)
        }
        if let inner = argument("options"), !inner.contains(",") { return (.options(inner), false) }
        if let inner = argument("object"), !inner.contains(",") { return (.object(inner), false) }
        return nil
    }

    /// The simple types by the name schemas and declarations write.
    public static let simpleTypes: [String: PropertyType] = [
        "color": .color, "number": .number, "bool": .bool, "string": .string, "font": .font, "image": .image,
        "edge-insets": .edgeInsets, "directional-edge-insets": .directionalEdgeInsets, "size": .size, "point": .point,
        "rect": .rect, "transform": .transform, "gradient": .gradient, "offset": .offset,
        "text-attributes": .textAttributes, "duration": .duration, "shadow": .shadow, "border": .border, "any": .any,
    ]
}

/// A UIKit enumeration or option set, with its cases as stylesheets write them.
public struct EnumerationSchema: Sendable, Equatable {
    /// The Swift name (`UIView.ContentMode`).
    public var name: String
    /// The Objective-C name stored with a value (`UIViewContentMode`).
    public var objcName: String
    /// An option set (cases combine with `,`) rather than an enumeration.
    public var isOptionSet: Bool
    public var cases: [EnumerationCase]

    public init(name: String, objcName: String, isOptionSet: Bool, cases: [EnumerationCase]) {
        self.name = name
        self.objcName = objcName
        self.isOptionSet = isOptionSet
        self.cases = cases
    }

    public func `case`(_ word: String) -> EnumerationCase? {
        cases.first { $0.word == word }
    }

    /// The cases of one bit: what a property of a single option takes
    /// (`PropertySchema.takesSingleOption`).
    public var singleBitCases: [EnumerationCase] {
        cases.filter { $0.rawValue > 0 && $0.rawValue & ($0.rawValue - 1) == 0 }
    }
}

public struct EnumerationCase: Sendable, Equatable {
    /// As a stylesheet writes it (`fill-equally`, `mode-scale-aspect-fill`).
    public var word: String
    /// The Swift case name (`fillEqually`).
    public var swiftName: String
    /// The raw value (for an option set, the option's bit value).
    public var rawValue: Int

    public init(word: String, swiftName: String, rawValue: Int) {
        self.word = word
        self.swiftName = swiftName
        self.rawValue = rawValue
    }
}

/// An iOS version, `15.0`, `16.4`, compared component by component.
public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// `17`, `16.4`; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let major = Int(parts[0]), major >= 0 else { return nil }
        let minor = parts.count == 2 ? Int(parts[1]) : 0
        guard let minor, minor >= 0 else { return nil }
        self.init(major, minor)
    }

    public static func < (left: OSVersion, right: OSVersion) -> Bool {
        (left.major, left.minor) < (right.major, right.minor)
    }

    public var description: String { "\(major).\(minor)" }
}
