import ReflRuntime

/// How the UIKit layer reaches one property a rule table names (`backgroundColor`,
/// `titleLabel.font`, `cornerRadius`, `titleColor` for a state), worked out
/// from the UIKit schema alone. Platform-independent, so that it is checked
/// on every machine; the UIKit layer only follows it (key-value coding along
/// `keyValuePath`, the per-state setter, the copy written back).
public struct UIKitPropertyAccess: Sendable, Equatable {
    /// The key-value-coding path to set (`layer.cornerRadius` for the
    /// `corner-radius` convenience, `titleLabel.font`).
    public var keyValuePath: String
    /// What the property takes.
    public var type: PropertyType
    /// The class that declares the last property of the path (`CALayer`
    /// for `layer.borderColor`, whose color is a `CGColor`).
    public var holderClass: String
    /// The per-state setter (`setTitleColor(_:for:)`), for a property set per control state.
    public var perStateSetter: String?
    /// The path's first part when it is an object UIKit hands out as a copy
    /// (a bar's `standardAppearance`, a button's `configuration`): the copy is
    /// changed and written back.
    public var copiedObject: String?
    /// Whether the path passes through a sub-object UIKit makes lazily
    /// (a button's `titleLabel`, a cell's `imageView`): reading it would make
    /// it, so its value before styling is not read.
    public var passesLazySubObject: Bool

    /// The sub-objects UIKit makes the first time they are asked for, by
    /// class: asking to read an original value must not make them.
    public static let lazySubObjects: [String: Set<String>] = [
        "UIButton": ["titleLabel", "imageView", "subtitleLabel"],
        "UITableViewCell": ["imageView", "textLabel", "detailTextLabel"],
        "UITableViewHeaderFooterView": ["textLabel", "detailTextLabel"],
    ]

    /// How `keyPath` of a view of `classChain` (nearest first) is reached;
    /// nil when the schema does not know it (the app binds it itself).
    public static func access(_ keyPath: String, classChain: [String], schema: ViewSchema = UIKitSchema.schema) -> UIKitPropertyAccess? {
        var parts = keyPath.split(separator: ".").map(String.init)
        guard !parts.isEmpty else { return nil }
        var chain = classChain
        var resolvedPath: [String] = []
        var copied: String?
        var lazy = false
        while parts.count > 1 {
            let part = parts.removeFirst()
            guard let (property, declarer) = property(part, in: chain, schema: schema), case .object(let objectClass) = property.type else {
                return nil
            }
            if resolvedPath.isEmpty && property.note?.hasPrefix("a copy") == true { copied = property.key }
            if lazySubObjects[declarer.name]?.contains(property.key) == true { lazy = true }
            resolvedPath.append(property.key)
            chain = schema.classChain(objectClass).map(\.name)
            if chain.isEmpty { chain = [objectClass] }
        }
        guard let (property, declarer) = property(parts[0], in: chain, schema: schema) else { return nil }
        if case .object = property.type { return nil }  // a whole sub-object is not a value
        var holder = declarer.name
        var last = [property.key]
        if let forwarded = property.forwardsTo {
            // `corner-radius` on a view is its layer's: the layer holds it.
            last = forwarded.split(separator: ".").map(String.init)
            if last.count > 1, let (object, _) = Self.property(last[0], in: chain, schema: schema), case .object(let objectClass) = object.type {
                holder = objectClass
            }
        }
        return UIKitPropertyAccess(keyValuePath: (resolvedPath + last).joined(separator: "."), type: property.type, holderClass: holder,
                                   perStateSetter: property.isPerState ? property.swiftName : nil,
                                   copiedObject: copied, passesLazySubObject: lazy)
    }

    private static func property(_ key: String, in chain: [String], schema: ViewSchema) -> (PropertySchema, ViewClass)? {
        for name in chain {
            if let found = schema.property(key, of: name) { return found }
        }
        return nil
    }
}
