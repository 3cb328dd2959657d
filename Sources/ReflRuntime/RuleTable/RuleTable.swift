/// The compiled form of a stylesheet and its imports: typed variables and
/// rules in source order, ready to be written as JSON by `reflc build`,
/// read back, and resolved against views.
public struct RuleTable: Sendable, Equatable {
    /// The version of the JSON format this table is written in: 3 since
    /// tables hold `@view` declarations (`views`).
    public static let formatVersion = 3

    /// Every variable's final value, by name (without `@`).
    public var variables: [String: StyleValue]
    /// Rules in source order: a file's imports before its own rules.
    public var rules: [CompiledRule]
    /// The classes and properties the stylesheet's `@view` declarations
    /// describe, for tools that check or complete against them. The binary
    /// form leaves them out: resolution does not use them.
    public var views: ViewSchema

    /// A table of `variables` and `rules` (empty by default).
    public init(variables: [String: StyleValue] = [:], rules: [CompiledRule] = [], views: ViewSchema = ViewSchema()) {
        self.variables = variables
        self.rules = rules
        self.views = views
    }
}

/// One rule, with its includes and variables resolved.
public struct CompiledRule: Sendable, Equatable {
    public var selector: RuleSelector
    /// 50 to 100, from the selector's form (see `RuleSelector.priority`).
    public var priority: Int
    /// `apply-to-subclasses: true`: also matches subclasses of the class.
    public var appliesToSubclasses: Bool
    /// The rule's condition, from `__condition`; nil when it has none.
    public var condition: Condition?
    /// Where the rule's selector is written.
    public var source: SourcePosition
    /// The properties, sorted by name.
    public var properties: [Property]
    /// The control-state properties (`title-color[highlighted]`), one entry
    /// per state in raw-value order, each sorted by name.
    public var stateProperties: [StateProperties]

    /// A rule with every field given.
    public init(selector: RuleSelector, priority: Int, appliesToSubclasses: Bool, condition: Condition?,
                source: SourcePosition, properties: [Property], stateProperties: [StateProperties] = []) {
        self.selector = selector
        self.priority = priority
        self.appliesToSubclasses = appliesToSubclasses
        self.condition = condition
        self.source = source
        self.properties = properties
        self.stateProperties = stateProperties
    }
}

/// The properties a rule sets for one control state (a single state such
/// as `highlighted`, or a combination such as `highlighted,selected`).
public struct StateProperties: Sendable, Equatable {
    /// Never `.normal`: the plain properties are the rule's `properties`.
    public var state: ControlState
    /// Sorted by name.
    public var properties: [Property]

    /// The properties `properties` for `state`.
    public init(state: ControlState, properties: [Property]) {
        self.state = state
        self.properties = properties
    }
}

/// `Class`, `trait`, `Class:trait`, optionally with `:__where`.
public struct RuleSelector: Sendable, Equatable {
    /// The selector as text: `UIView:circularView:__where`.
    public var raw: String
    public var className: String?
    public var trait: String?
    /// Whether the selector ends in `:__where`.
    public var hasWhere: Bool

    /// A selector from its parts; `raw` is its canonical text.
    public init(raw: String, className: String?, trait: String?, hasWhere: Bool) {
        self.raw = raw
        self.className = className
        self.trait = trait
        self.hasWhere = hasWhere
    }

    /// Every priority a rule can have (`priority(className:trait:isConditional:)`).
    static let priorities = [50, 70, 75, 95, 99, 100]

    /// What is wrong with `priority` as a rule's, or nil when a rule can
    /// have it: the one check of a priority read from a table, JSON or binary.
    static func priorityProblem(_ priority: Int) -> String? {
        guard !priorities.contains(priority) else { return nil }
        let allowed = priorities.map(String.init)
        return "expected one of \(allowed.dropLast().joined(separator: ", ")) and \(allowed.last!), found \(priority)"
    }

    /// `Class:trait:__where` from its parts: the selector's canonical text.
    static func canonicalText(className: String?, trait: String?, hasWhere: Bool) -> String {
        [className, trait].compactMap { $0 }.joined(separator: ":") + (hasWhere ? ":__where" : "")
    }

    /// The priority of a selector's written form: a conditional rule
    /// (`:__where` or a bare `__condition`) ranks as the `:__where` form of
    /// its selector.
    public static func priority(className: String?, trait: String?, isConditional: Bool) -> Int {
        switch (className != nil, trait != nil, isConditional) {
        case (false, _, true): return 100
        case (true, true, true): return 99
        case (true, false, true): return 95
        case (true, true, false): return 75
        case (false, _, false): return 70
        case (true, false, false): return 50
        }
    }

    /// The priority a rule applies at when it matches a view by its class,
    /// and when it matches by a trait, from the priority of its written
    /// form (`written`) and whether it names a class and a trait. A one-name selector matches either
    /// way (`DefaultButton` may be a class or a trait): written as a class
    /// (50, or 95 when conditional) it ranks 70 (100) as a trait; written as
    /// a trait (70 or 100) it ranks 50 (95) as a class. The table stores the
    /// written form's priority; the other is derived from it.
    static func matchPriorities(written: Int, hasClass: Bool, hasTrait: Bool) -> (asClass: Int, asTrait: Int) {
        switch (hasClass, hasTrait) {
        case (true, false): return (written, [50: 70, 95: 100][written] ?? written)
        case (false, true): return ([70: 50, 100: 95][written] ?? written, written)
        default: return (written, written)
        }
    }
}

/// A file (relative to the entry file's folder) and a 1-based line and column.
public struct SourcePosition: Sendable, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    /// A position in `file` (1-based line and column).
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `main.less:12`.
    public var description: String { "\(file):\(line)" }
}

/// A property of a rule: its camelCase name, typed value and importance.
public struct Property: Sendable, Equatable {
    public var name: String
    public var value: StyleValue
    public var isImportant: Bool

    /// A property named `name` (a key path such as `titleLabel.font`).
    public init(name: String, value: StyleValue, isImportant: Bool) {
        self.name = name
        self.value = value
        self.isImportant = isImportant
    }
}
