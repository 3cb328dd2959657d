
/// The style a view gets: every property's final value, with `%` and
/// Dynamic Type sizes resolved for the environment.
public struct ComputedStyle: Sendable, Equatable {
    /// Every plain property that some matching rule sets.
    public var properties: [String: StyleValue]
    /// The plain properties whose winning declaration is important.
    public var importantProperties: Set<String>
    /// The control-state properties (`title-color[highlighted]`), by state:
    /// each (state, property) resolved on its own. A host hands them to
    /// UIKit's per-state setters, which fall back to `normal` by themselves.
    public var stateProperties: [ControlState: [String: StyleValue]]
    /// The control-state properties whose winning declaration is important.
    public var importantStateProperties: [ControlState: Set<String>]

    /// A style with the given properties (an empty one by default).
    public init(properties: [String: StyleValue] = [:], importantProperties: Set<String> = [],
                stateProperties: [ControlState: [String: StyleValue]] = [:],
                importantStateProperties: [ControlState: Set<String>] = [:]) {
        self.properties = properties
        self.importantProperties = importantProperties
        self.stateProperties = stateProperties
        self.importantStateProperties = importantStateProperties
    }

    /// The value of the plain property `name`, if any rule sets it.
    public subscript(name: String) -> StyleValue? { properties[name] }

    /// The value of the property `name` for `state` (`.normal`: the plain one).
    public func value(_ name: String, for state: ControlState) -> StyleValue? {
        state == .normal ? properties[name] : stateProperties[state]?[name]
    }

    /// The property `name` if it is a color.
    public func color(_ name: String, for state: ControlState = .normal) -> Color? {
        if case .color(let color)? = value(name, for: state) { return color }
        return nil
    }

    /// The property `name` if it is a font (its size resolved to points).
    public func font(_ name: String, for state: ControlState = .normal) -> Font? {
        if case .font(let font)? = value(name, for: state) { return font }
        return nil
    }

    /// The property `name` if it is a number (a resolved `%` included).
    public func number(_ name: String, for state: ControlState = .normal) -> Double? {
        if case .number(let value, _)? = value(name, for: state) { return value }
        return nil
    }

    /// Sets the property `name` for `state` to `value`, important or not.
    mutating func set(_ name: String, for state: ControlState, to value: StyleValue, isImportant: Bool) {
        if state == .normal {
            properties[name] = value
            // Most styles have no important property: no lookup to remove one.
            if isImportant {
                importantProperties.insert(name)
            } else if !importantProperties.isEmpty {
                importantProperties.remove(name)
            }
            return
        }
        stateProperties[state, default: [:]][name] = value
        if isImportant {
            importantStateProperties[state, default: []].insert(name)
        } else if importantStateProperties[state]?.remove(name) != nil, importantStateProperties[state]!.isEmpty {
            importantStateProperties[state] = nil
        }
    }
}

/// Why a property has its value: the rule that set it last, and the rules
/// it overrode, most recent first.
public struct PropertyExplanation: Sendable, Equatable {
    /// One rule's value for the property.
    public struct Contribution: Sendable, Equatable {
        /// The rule's selector as written (`UIView:circularView`).
        public var selector: String
        public var source: SourcePosition
        /// The priority the rule applied at (for a one-name selector, that
        /// of the way it matched).
        public var priority: Int
        /// The value this rule gives the property (`%` resolved).
        public var value: StyleValue
        public var isImportant: Bool
        /// For a selector with context, what each step matched, outermost
        /// first: `MyApp.ProfileHeader = ancestor 2 (MyApp.ProfileHeader)`.
        public var context: [String] = []
    }

    /// The property's name (`backgroundColor`).
    public var property: String
    /// The control state the property is for; `.normal` for a plain property.
    public var state: ControlState
    /// The rule whose value the property has.
    public var winner: Contribution
    /// The rules that set the property before the winner, most recent first.
    public var overridden: [Contribution]

    /// `titleColor`, or `titleColor[highlighted]` for a state property.
    public var displayName: String {
        state == .normal ? property : "\(property)[\(state)]"
    }
}

extension Stylesheet {
    /// The style of the view described by `query` (Docs/Resolution.md).
    public func resolve(_ query: StyleQuery) -> ComputedStyle {
        var style = ComputedStyle()
        let resolution = ValueResolution(query.environment)
        let matches = matchingRules(query)
        // Room for every plain property the rules set (more than the style
        // keeps where rules set the same key): the dictionary is made once,
        // where growing it hashed every key again at each doubling.
        style.properties.reserveCapacity(matches.reduce(0) { $0 + plainPropertyCount(of: $1.rule) })
        for match in matches {
            forEachProperty(of: match.rule) { name, value, isImportant, state in
                style.set(name, for: state, to: resolution.resolve(value), isImportant: isImportant)
            }
        }
        return style
    }

    /// For every property of the view's style, the rule that won and the
    /// rules it overrode; the plain properties sorted by name, then each
    /// state's (in raw-value order) sorted by name.
    public func explain(_ query: StyleQuery) -> [PropertyExplanation] {
        let resolution = ValueResolution(query.environment)
        struct Key: Hashable {
            let state: Int
            let name: String
        }
        var contributions: [Key: [PropertyExplanation.Contribution]] = [:]
        for match in matchingRules(query) {
            let origin = self.origin(of: match.rule)
            let context = zip(self.context(of: match.rule), match.ancestors).map { step, index in
                let ancestor = query.ancestors[index]
                let traits = ancestor.traits.sorted().map { ":" + $0 }.joined()
                return "\(step.text) = ancestor \(index + 1) (\(ancestor.classChain.first ?? "?")\(traits))"
            }
            forEachProperty(of: match.rule) { name, value, isImportant, state in
                contributions[Key(state: state.rawValue, name: name), default: []].append(PropertyExplanation.Contribution(
                    selector: origin.selector, source: origin.source, priority: match.priority,
                    value: resolution.resolve(value), isImportant: isImportant, context: context))
            }
        }
        return contributions.keys.sorted { ($0.state, $0.name) < ($1.state, $1.name) }.map { key in
            let applied = contributions[key]!
            return PropertyExplanation(property: key.name, state: ControlState(rawValue: key.state), winner: applied.last!,
                                       overridden: applied.dropLast().reversed())
        }
    }
}

/// What a stored value becomes for one environment: `%` turned into points
/// (`value / 100 × min(bounds.width, bounds.height)`), a font with a text
/// style scaled to the content size, and a `light-dark()` color the color of
/// the appearance (light when it is unspecified), in vectors, calls, shadows,
/// borders and text attributes too.
struct ValueResolution {
    /// Points per percent.
    let percentFactor: Double
    let contentSize: ContentSizeCategory
    let isDark: Bool

    init(_ environment: StyleEnvironment) {
        isDark = environment.appearance == .dark
        let bounds = environment.effectiveBounds
        percentFactor = min(bounds.width, bounds.height) / 100
        contentSize = environment.contentSizeCategory
    }

    func resolve(_ value: StyleValue) -> StyleValue {
        switch value {
        case .percent(let percent):
            return .number(percent * percentFactor, unit: nil)
        case .font(var font):
            switch font.size {
            case .percent(let percent):
                font.size = .points(percent * percentFactor, unit: nil)
            case .points(let points, let unit):
                if let style = font.textStyle {
                    font.size = .points(DynamicType.scale(points, style: style, to: contentSize), unit: unit)
                }
            }
            return .font(font)
        case .vector(let items):
            return .vector(items.map(resolve))
        case .call(let name, let arguments):
            return .call(name: name, arguments: arguments.map(resolve))
        case .lightDark(let light, let dark):
            return .color(isDark ? dark : light)
        case .shadow(var shadow):
            shadow.color = resolve(shadow.color)
            return .shadow(shadow)
        case .border(var border):
            border.color = resolve(border.color)
            return .border(border)
        case .textAttributes(let attributes):
            return .textAttributes(attributes.mapValues(resolve))
        // One case per kind, so that a new kind must choose. An image's fill
        // is a color or a gradient, which hold no `%`.
        case .number, .angle, .string, .bool, .color, .gradient, .rect, .point, .size, .edgeInsets, .localizedString,
             .transform, .image, .condition, .enumCase, .optionSet, .identifier, .duration, .assetColor:
            return value
        }
    }
}
