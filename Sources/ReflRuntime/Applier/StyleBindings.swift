/// How one property of a class is read, written and converted: the UIKit
/// layer has one for each property of the UIKit schema (generated), and an
/// app registers its own for its classes' properties.
public final class StyleBinding: Sendable {
    /// The property's present value; `.notMade` when reading it would make a
    /// lazily made sub-object, `.unknown` when it cannot be read.
    public let read: @Sendable (StyleTarget, ControlState) -> StyleRead
    /// Sets the property; `nil` when the stylesheet no longer sets it and
    /// its value from before styling is not known (a setter-only binding).
    public let write: @Sendable (StyleTarget, TargetValue?, ControlState) -> Void
    /// The stylesheet's value as the property takes it; nil when it cannot
    /// take it (the value is then not applied, and said so).
    public let convert: @Sendable (StyleValue, StyleContext) -> TargetValue?

    public init(read: @escaping @Sendable (StyleTarget, ControlState) -> StyleRead,
                write: @escaping @Sendable (StyleTarget, TargetValue?, ControlState) -> Void,
                convert: @escaping @Sendable (StyleValue, StyleContext) -> TargetValue?) {
        self.read = read
        self.write = write
        self.convert = convert
    }

    // The applier calls the closures through these: inside a method the
    // binding's closures are called as they are held, where a call from
    // outside counted a reference to the closure's context.
    func readValue(of target: StyleTarget, for state: ControlState) -> StyleRead { read(target, state) }
    func writeValue(_ value: TargetValue?, to target: StyleTarget, for state: ControlState) { write(target, value, state) }
}

/// What a conversion may need besides the value: the environment it was
/// resolved in.
public struct StyleContext: Sendable {
    public let environment: StyleEnvironment

    public init(environment: StyleEnvironment) {
        self.environment = environment
    }

    /// A font's size at the `large` content size: a font with a text style
    /// resolves scaled to the environment's content size; a host that scales
    /// fonts itself (`UIFontMetrics`) starts from this size, so the font is
    /// scaled once.
    public func sizeAtLargeContentSize(of font: Font) -> Double? {
        guard case .points(let points, _) = font.size else { return nil }
        guard let style = font.textStyle else { return points }
        return DynamicType.sizeAtLarge(points, style: style, at: environment.contentSizeCategory)
    }
}

/// The bindings of properties by class: a lookup walks a target's class
/// chain, nearest class first, so a binding registered on a class serves
/// its subclasses too.
public final class StyleBindings: @unchecked Sendable {
    /// By key path, then the classes it is bound on: a lookup hashes the
    /// key path once and compares the chain's names with the few classes
    /// that bind it, where a table by class hashed both for every class of
    /// the chain (a style is made ready once per query, a lookup per property).
    private var byKeyPath: [String: [(className: String, binding: StyleBinding)]] = [:]
    private let lock = Lock()
    /// Makes a binding for a key path no registration covers (the UIKit
    /// layer makes one from the UIKit schema); nil: the property is not bound.
    private let fallback: (@Sendable (_ keyPath: String, _ classChain: [String]) -> StyleBinding?)?

    public init(fallback: (@Sendable (_ keyPath: String, _ classChain: [String]) -> StyleBinding?)? = nil) {
        self.fallback = fallback
    }

    /// Binds the property at `keyPath` (`backgroundColor`, `layer.cornerRadius`)
    /// of `className` and its subclasses.
    public func register(_ keyPath: String, on className: String, _ binding: StyleBinding) {
        lock.withLock {
            var classes = byKeyPath[keyPath, default: []]
            if let index = classes.firstIndex(where: { $0.className == className }) {
                classes[index].binding = binding
            } else {
                classes.append((className, binding))
            }
            byKeyPath[keyPath] = classes
        }
    }

    /// A setter for a property of the app's own (a `@view` declaration's, or
    /// any key the stylesheet sets): `set` gets the stylesheet's value, or
    /// nil when the stylesheet stops setting it. `key` is written as in the
    /// stylesheet (`accent-color`) or as a key path (`accentColor`).
    public func register<Target: AnyObject>(key: String, on className: String, as type: Target.Type = Target.self,
                                            _ set: @escaping @Sendable (Target, StyleValue?) -> Void) {
        register(ViewSchema.keyPath(of: key), on: className, StyleBinding(
            read: { _, _ in .unknown },
            write: { target, value, _ in
                guard let target = target as? Target else { return }
                set(target, value?.styleValue)
            },
            convert: { value, _ in TargetValue(value) }))
    }

    /// The binding of `keyPath` for a target of `classChain`, if any.
    public func binding(_ keyPath: String, classChain: [String]) -> StyleBinding? {
        let registered: StyleBinding? = lock.withLock {
            guard let classes = byKeyPath[keyPath] else { return nil }
            for name in classChain {
                if let bound = classes.first(where: { $0.className == name }) { return bound.binding }
            }
            return nil
        }
        return registered ?? fallback?(keyPath, classChain)
    }

    /// Every key path bound for `className` itself (not its superclasses).
    public func keyPaths(of className: String) -> [String] {
        lock.withLock { byKeyPath.filter { $0.value.contains { $0.className == className } }.keys.sorted() }
    }
}
