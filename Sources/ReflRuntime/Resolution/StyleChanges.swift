/// How a reloaded stylesheet differs from the one before, for the views an
/// app has on screen: whether a view's style changed, and what to reset.
public struct StylesheetChanges: Sendable {
    public let previous: Stylesheet
    public let current: Stylesheet

    public init(previous: Stylesheet, current: Stylesheet) {
        self.previous = previous
        self.current = current
    }

    /// What changed for the view `query` describes.
    public func changes(for query: StyleQuery) -> StyleChanges {
        StyleChanges(before: previous.resolve(query), after: current.resolve(query))
    }
}

/// The difference between a view's style before and after a reload, by
/// property (control-state properties included).
public struct StyleChanges: Sendable, Equatable {
    /// A property for one control state (`.normal` for a plain property).
    public struct Key: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var name: String
        public var state: ControlState

        public init(_ name: String, state: ControlState = .normal) {
            self.name = name
            self.state = state
        }

        public static func < (left: Key, right: Key) -> Bool {
            (left.state.rawValue, left.name) < (right.state.rawValue, right.name)
        }

        /// `titleColor`, or `titleColor[highlighted]`.
        public var description: String { state == .normal ? name : "\(name)[\(state)]" }
    }

    /// Properties set now that were not set before.
    public var added: [Key]
    /// Properties set before and now, to another value (or importance).
    public var changed: [Key]
    /// Properties set before that the new stylesheet no longer sets: the
    /// app resets them, as a style no longer applies them.
    public var removed: [Key]

    /// Whether the view's computed style changed at all.
    public var isChanged: Bool { !(added.isEmpty && changed.isEmpty && removed.isEmpty) }

    public init(before: ComputedStyle, after: ComputedStyle) {
        func entries(_ style: ComputedStyle) -> [Key: (StyleValue, Bool)] {
            var entries: [Key: (StyleValue, Bool)] = [:]
            for (name, value) in style.properties {
                entries[Key(name)] = (value, style.importantProperties.contains(name))
            }
            for (state, properties) in style.stateProperties {
                for (name, value) in properties {
                    entries[Key(name, state: state)] = (value, style.importantStateProperties[state]?.contains(name) ?? false)
                }
            }
            return entries
        }
        let old = entries(before), new = entries(after)
        added = new.keys.filter { old[$0] == nil }.sorted()
        removed = old.keys.filter { new[$0] == nil }.sorted()
        changed = new.keys.filter { key in old[key].map { $0.0 != new[key]!.0 || $0.1 != new[key]!.1 } ?? false }.sorted()
    }
}
