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
    /// The value itself.
    public let value: Any
    private let isEqual: (Any) -> Bool

    public init<Value: Equatable>(_ value: Value) {
        self.value = value
        isEqual = { other in (other as? Value).map { $0 == value } ?? false }
    }

    /// Whether both hold equal values of the same type.
    public func isSame(as other: TargetValue) -> Bool { isEqual(other.value) }

    public var description: String { String(describing: value) }

    public static func == (left: TargetValue, right: TargetValue) -> Bool { left.isSame(as: right) }
}

/// A property of a target: its key path and the control state it is set for
/// (`.normal` for a plain property).
public typealias StyledProperty = StyleChanges.Key
