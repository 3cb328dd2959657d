/// The control states a declaration can be for (`title-color[highlighted]`):
/// UIKit's `UIControl.State`, with the same raw values, so a combined state
/// (`[selected, highlighted]`) is the union of its members.
public struct ControlState: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    @inlinable public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    // Constants the caller's code holds, not globals: a global of another
    // module is reached through a call that checks it was made, and
    // bindings compare a property's state with `.normal` on every read and
    // write.

    /// No bracket, or `[normal]`: the plain properties.
    @inlinable public static var normal: ControlState { ControlState(rawValue: 0) }
    @inlinable public static var highlighted: ControlState { ControlState(rawValue: 1 << 0) }
    @inlinable public static var disabled: ControlState { ControlState(rawValue: 1 << 1) }
    @inlinable public static var selected: ControlState { ControlState(rawValue: 1 << 2) }
    @inlinable public static var focused: ControlState { ControlState(rawValue: 1 << 3) }

    /// The states with a name of their own, in raw-value order: the
    /// canonical order of a combined state's names.
    public static let named: [(name: String, state: ControlState)] = [
        ("highlighted", .highlighted), ("disabled", .disabled), ("selected", .selected), ("focused", .focused),
    ]

    /// Every name a bracket accepts, for messages and "did you mean".
    public static let names = ["normal"] + named.map(\.name)

    /// The state one name stands for (`normal` included).
    public static func single(named name: String) -> ControlState? {
        name == "normal" ? .normal : named.first { $0.name == name }?.state
    }

    /// The canonical text: names in raw-value order joined by `,`
    /// (`highlighted,selected`), or `normal`.
    public var description: String {
        guard self != .normal else { return "normal" }
        return Self.named.filter { contains($0.state) }.map(\.name).joined(separator: ",")
    }

    /// The state a canonical text names (`highlighted,selected`), or nil.
    public init?(canonicalName: String) {
        var state = ControlState.normal
        for part in canonicalName.split(separator: ",", omittingEmptySubsequences: false) {
            guard let single = Self.named.first(where: { $0.name == part })?.state, !state.contains(single) else { return nil }
            state.insert(single)
        }
        guard state != .normal, state.description == canonicalName else { return nil }
        self = state
    }
}
