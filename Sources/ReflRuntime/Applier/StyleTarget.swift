/// Something the applier styles: a UIKit view through the UIKit layer, or
/// any Swift object. A target says what it is (its class and superclasses)
/// and owns the applier's memory of it (`styleState`); its properties are
/// read and written through bindings (`StyleBindings`), or, for a target
/// that conforms to `KeyedStyleTarget`, through its own keyed accessors.
public protocol StyleTarget: AnyObject {
    /// The target's class, then its superclasses, nearest first
    /// (`["MyApp.CardView", "UIView"]`), as the stylesheet names classes.
    var styleClassChain: [String] { get }
    /// The applier's memory of this target. Created once by the target and
    /// kept as long as it lives (the UIKit layer keeps it beside the view).
    var styleState: StyleState { get }
    /// The target's ancestors, nearest first (for a view: its superviews,
    /// with each view controller just above its view): what selectors with
    /// context match. Read only when the stylesheet has such selectors.
    var styleAncestors: [StyleAncestor] { get }
    /// The targets directly inside this one (a view's subviews): restyled
    /// when this one's traits change, as selectors with context may name them.
    var styleChildren: [StyleTarget] { get }
}

extension StyleTarget {
    /// No ancestors: selectors with context never match.
    public var styleAncestors: [StyleAncestor] { [] }
    public var styleChildren: [StyleTarget] { [] }
}

/// A target that reads and writes its properties by key itself: the
/// simplest way to make any Swift object stylable. Values are the
/// stylesheet's values as they resolve (`StyleValue`).
public protocol KeyedStyleTarget: StyleTarget {
    /// The property at `keyPath` (`backgroundColor`, `layer.cornerRadius`,
    /// `titleLabel.font`) for `state`; `.notMade` when a sub-object on the
    /// path is made lazily and does not exist yet (reading must not make
    /// it), `.unknown` when the target has no such property.
    func styleValue(at keyPath: String, for state: ControlState) -> StyleRead
    /// Sets the property at `keyPath` for `state`; `nil` puts back "no value".
    func setStyleValue(_ value: StyleValue?, at keyPath: String, for state: ControlState)
}

/// What reading a property gives.
public enum StyleRead {
    /// Its present value.
    case value(TargetValue)
    /// A sub-object on the way is made lazily and does not exist yet.
    case notMade
    /// The target has no such property.
    case unknown
}

/// A property's value as the target holds it (a `UIColor`, a `CGFloat`, a
/// `StyleValue` for a keyed target), compared by its own `==`: the applier
/// tells whether the app's code changed a property since it last wrote it.
public struct TargetValue: @unchecked Sendable, Equatable, CustomStringConvertible {
    /// Held in a box, so that copying a `TargetValue` (a few times per
    /// property applied) counts one reference rather than copying a
    /// stylesheet value case by case or an existential through the generic
    /// runtime. A stylesheet value is held as itself: a keyed target's
    /// values are compared without a closure each.
    private enum Storage {
        case style(StyleValue?)
        case other(Any, isEqual: (Any) -> Bool)
    }

    private final class Box: @unchecked Sendable {  // immutable; its value may be a non-sendable object, as the struct says
        let storage: Storage

        init(_ storage: Storage) {
            self.storage = storage
        }
    }

    /// nil: "no value", which every read of an unset property gives, held
    /// without a box (a shared box would be a global, checked for being
    /// made on each use).
    private let box: Box?
    private var storage: Storage { box?.storage ?? .style(nil) }

    public init(_ value: StyleValue?) {
        box = value.map { Box(.style($0)) }
    }

    public init(_ value: StyleValue) {
        box = Box(.style(value))
    }

    public init<Value: Equatable>(_ value: Value) {
        box = Box(.other(value, isEqual: { other in (other as? Value).map { $0 == value } ?? false }))
    }

    /// The value itself.
    public var value: Any {
        switch storage {
        case .style(let value): return value as Any
        case .other(let value, _): return value
        }
    }

    /// The value as a stylesheet value, when it is one.
    public var styleValue: StyleValue? {
        switch storage {
        case .style(let value): return value
        case .other(let value, _): return value as? StyleValue
        }
    }

    /// Whether both hold equal values of the same type.
    public func isSame(as other: TargetValue) -> Bool {
        if box === other.box { return true }
        switch (storage, other.storage) {
        case (.style(let left), .style(let right)): return left == right
        case (.other(_, let isEqual), .other(let right, _)): return isEqual(right)
        case (.style, .other(let right, _)): return (right as? StyleValue).map { $0 == styleValue } ?? false
        case (.other(let left, _), .style(let right)): return (left as? StyleValue).map { $0 == right } ?? false
        }
    }

    public var description: String { String(describing: value) }

    public static func == (left: TargetValue, right: TargetValue) -> Bool { left.isSame(as: right) }
}

/// A property of a target: its key path and the control state it is set for
/// (`.normal` for a plain property).
public typealias StyledProperty = StyleChanges.Key
