/// The style a view gets: every property's final value, with `%` resolved
/// against the view's bounds.
public struct ComputedStyle: Sendable, Equatable {
    /// Every property that some matching rule sets, with `%` resolved.
    public var properties: [String: StyleValue]
    /// The properties whose winning declaration is important.
    public var importantProperties: Set<String>

    /// A style with the given properties (an empty one by default).
    public init(properties: [String: StyleValue] = [:], importantProperties: Set<String> = []) {
        self.properties = properties
        self.importantProperties = importantProperties
    }

    /// The value of the property `name`, if any rule sets it.
    public subscript(name: String) -> StyleValue? { properties[name] }

    /// The property `name` if it is a color.
    public func color(_ name: String) -> Color? {
        if case .color(let color)? = properties[name] { return color }
        return nil
    }

    /// The property `name` if it is a font (its size resolved to points).
    public func font(_ name: String) -> Font? {
        if case .font(let font)? = properties[name] { return font }
        return nil
    }

    /// The property `name` if it is a number (a resolved `%` included).
    public func number(_ name: String) -> Double? {
        if case .number(let value, _)? = properties[name] { return value }
        return nil
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
        public var priority: Int
        /// The value this rule gives the property (`%` resolved).
        public var value: StyleValue
        public var isImportant: Bool
    }

    /// The property's name (`backgroundColor`).
    public var property: String
    /// The rule whose value the property has.
    public var winner: Contribution
    /// The rules that set the property before the winner, most recent first.
    public var overridden: [Contribution]
}

extension Stylesheet {
    /// The style of the view described by `query`: SPEC.md section 2.
    public func resolve(_ query: StyleQuery) -> ComputedStyle {
        var style = ComputedStyle()
        let factor = Self.percentFactor(query.environment)
        for (ruleIndex, _) in matchingRules(query) {
            for property in table.rules[Int(ruleIndex)].properties {
                style.properties[property.name] = property.value.resolvingPercentages(factor: factor)
                if property.isImportant {
                    style.importantProperties.insert(property.name)
                } else {
                    style.importantProperties.remove(property.name)
                }
            }
        }
        return style
    }

    /// For every property of the view's style, the rule that won and the
    /// rules it overrode; sorted by property name.
    public func explain(_ query: StyleQuery) -> [PropertyExplanation] {
        let factor = Self.percentFactor(query.environment)
        var contributions: [String: [PropertyExplanation.Contribution]] = [:]
        for (ruleIndex, _) in matchingRules(query) {
            let rule = table.rules[Int(ruleIndex)]
            for property in rule.properties {
                contributions[property.name, default: []].append(PropertyExplanation.Contribution(
                    selector: rule.selector.raw, source: rule.source, priority: rule.priority,
                    value: property.value.resolvingPercentages(factor: factor), isImportant: property.isImportant))
            }
        }
        return contributions.keys.sorted().map { name in
            let applied = contributions[name]!
            return PropertyExplanation(property: name, winner: applied.last!, overridden: applied.dropLast().reversed())
        }
    }

    /// The rules that match, in the order they apply: ascending priority,
    /// then farther class before nearer, then source order.
    func matchingRules(_ query: StyleQuery) -> [(rule: Int32, distance: Int)] {
        var matched = candidates(for: query).filter { candidate in
            let rule = table.rules[Int(candidate.rule)]
            if let trait = rule.selector.trait, !query.traits.contains(trait) { return false }
            if let condition = rule.condition, !condition.holds(in: query.environment) { return false }
            return true
        }
        matched.sort { left, right in
            let leftRule = table.rules[Int(left.rule)], rightRule = table.rules[Int(right.rule)]
            if leftRule.priority != rightRule.priority { return leftRule.priority < rightRule.priority }
            if left.distance != right.distance { return left.distance > right.distance }
            return left.rule < right.rule
        }
        return matched
    }

    /// `%` means this many points per percent: min(bounds) / 100.
    static func percentFactor(_ environment: StyleEnvironment) -> Double {
        let bounds = environment.effectiveBounds
        return min(bounds.width, bounds.height) / 100
    }
}

extension StyleValue {
    /// The value with every `%` turned into points (`factor` per percent),
    /// in fonts, vectors and calls too.
    func resolvingPercentages(factor: Double) -> StyleValue {
        switch self {
        case .percent(let percent):
            return .number(percent * factor, unit: nil)
        case .font(var font):
            if case .percent(let percent) = font.size { font.size = .points(percent * factor, unit: nil) }
            return .font(font)
        case .vector(let items):
            return .vector(items.map { $0.resolvingPercentages(factor: factor) })
        case .call(let name, let arguments):
            return .call(name: name, arguments: arguments.map { $0.resolvingPercentages(factor: factor) })
        default:
            return self
        }
    }
}
