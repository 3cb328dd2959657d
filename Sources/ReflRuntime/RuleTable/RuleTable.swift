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
    /// The view's ancestors the selector names before the view's own step
    /// (`MyApp.Header` in `MyApp.Header > UIButton`), outermost first; empty
    /// for a selector without context. `className`, `trait` and `hasWhere`
    /// are those of the last step, the view's own.
    public var context: [RuleContextStep]

    /// A selector from its parts; `raw` is its canonical text.
    public init(raw: String, className: String?, trait: String?, hasWhere: Bool, context: [RuleContextStep] = []) {
        self.raw = raw
        self.className = className
        self.trait = trait
        self.hasWhere = hasWhere
        self.context = context
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

    /// Whether `text` is `canonicalText(className:trait:hasWhere:)`, compared without making it.
    static func isCanonicalText(_ text: String, className: String?, trait: String?, hasWhere: Bool) -> Bool {
        let joined = (className?.utf8.count ?? 0) + (className != nil && trait != nil ? 1 : 0) + (trait?.utf8.count ?? 0) + (hasWhere ? 8 : 0)
        guard text.utf8.count == joined else { return false }
        // The offset is passed in and out rather than captured: a nested
        // function's captured variable is checked for exclusive access at
        // run time on every use (2M instructions of the 1 MB corpus's build).
        func take(_ part: String, at offset: inout Int) -> Bool {
            guard text.hasUTF8(part, at: offset) else { return false }
            offset += part.utf8.count
            return true
        }
        var offset = 0
        if let className, !take(className, at: &offset) { return false }
        if let trait, className != nil && !take(":", at: &offset) || !take(trait, at: &offset) { return false }
        return !hasWhere || take(":__where", at: &offset)
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

/// A step of a selector's context: what one of the view's ancestors must be
/// (a class, a trait, or `Class:trait`), and whether the next step (or the
/// view) must be its direct child (`A > B`) or may be anywhere inside it (`A B`).
public struct RuleContextStep: Sendable, Equatable, Hashable {
    public var className: String?
    public var trait: String?
    public var isParentOfNext: Bool

    public init(className: String?, trait: String?, isParentOfNext: Bool) {
        self.className = className
        self.trait = trait
        self.isParentOfNext = isParentOfNext
    }

    /// Whether `ancestor` is what the step names: its class chain holds the
    /// class and its traits the trait; a one-name step matches as a class
    /// or as a trait, as a one-name selector does.
    public func matches(_ ancestor: StyleAncestor) -> Bool {
        switch (className, trait) {
        case (let name?, nil), (nil, let name?):
            return ancestor.classChain.contains(name) || ancestor.traits.contains(name)
        case (let name?, let trait?):
            return ancestor.classChain.contains(name) && ancestor.traits.contains(trait)
        case (nil, nil):
            return false
        }
    }

    /// `Class:trait`, `Class` or `trait`.
    public var text: String {
        [className, trait].compactMap { $0 }.joined(separator: ":")
    }

    /// The steps of a selector's canonical text (`A > B:t C`): every step
    /// but the last, which is the view's own. A name that starts with an
    /// uppercase letter or holds a `.` is a class, any other a trait (the
    /// language's rule). What the binary table keeps of a context.
    public static func steps(ofSelectorText text: String) -> [RuleContextStep] {
        let words = text.split(separator: " ")
        var steps: [RuleContextStep] = []
        var index = 0
        while index < words.count - 1 {
            let parts = words[index].split(separator: ":").map(String.init)
            let isClass = parts.first.map { $0.first?.isUppercase == true || $0.contains(".") } ?? false
            let isChild = index + 1 < words.count && words[index + 1] == ">"
            steps.append(RuleContextStep(className: isClass ? parts.first : nil,
                                         trait: isClass ? parts.dropFirst().first : parts.first, isParentOfNext: isChild))
            index += isChild ? 2 : 1
        }
        return steps
    }

    /// Which of `ancestors` (nearest first) the steps (outermost first)
    /// match, one index per step; nil when they cannot all match. A `>`
    /// step must be the very next ancestor; a descendant step may be any
    /// farther one, and the nearest that lets every outer step match too is taken.
    public static func match(_ steps: [RuleContextStep], in ancestors: [StyleAncestor]) -> [Int]? {
        guard !steps.isEmpty else { return [] }
        var matched = [Int](repeating: 0, count: steps.count)
        func match(step: Int, from: Int, exactly: Bool) -> Bool {
            guard step >= 0 else { return true }
            let candidates = exactly ? from..<min(from + 1, ancestors.count) : from..<ancestors.count
            for index in candidates where steps[step].matches(ancestors[index]) {
                matched[step] = index
                if match(step: step - 1, from: index + 1, exactly: step > 0 && steps[step - 1].isParentOfNext) { return true }
            }
            return false
        }
        return match(step: steps.count - 1, from: 0, exactly: steps[steps.count - 1].isParentOfNext) ? matched : nil
    }
}
