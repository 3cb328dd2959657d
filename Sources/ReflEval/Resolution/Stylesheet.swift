import ReflLexer

/// A stylesheet ready to answer "what style does this view get?".
///
/// Load it from `.less` source (compiled on the spot) or from the rule table
/// `reflc build` writes — both give the same answers. Loading indexes the
/// rules by the names they can match, so a query looks only at the rules
/// that can match the view instead of scanning the whole table.
public struct Stylesheet: Sendable {
    /// The rules and variables, as compiled.
    public let table: RuleTable
    /// Rules that can match as a class, by class name: rules with a class,
    /// and one-name trait rules by their name.
    private let classRules: [String: [Int32]]
    /// Those of `classRules` with `apply-to-subclasses: true`.
    private let subclassRules: [String: [Int32]]
    /// One-name rules (a class alone or a trait alone), by that name: they
    /// match a view with that trait too.
    private let traitRules: [String: [Int32]]
    /// Each rule's priority when it matches as a class, and as a trait.
    private let classPriorities: [Int]
    private let traitPriorities: [Int]

    /// Indexes a rule table.
    public init(table: RuleTable) {
        self.table = table
        var classRules: [String: [Int32]] = [:]
        var subclassRules: [String: [Int32]] = [:]
        var traitRules: [String: [Int32]] = [:]
        var classPriorities: [Int] = []
        var traitPriorities: [Int] = []
        classPriorities.reserveCapacity(table.rules.count)
        traitPriorities.reserveCapacity(table.rules.count)
        for (index, rule) in table.rules.enumerated() {
            let selector = rule.selector
            let priorities = RuleSelector.matchPriorities(of: rule)
            classPriorities.append(priorities.asClass)
            traitPriorities.append(priorities.asTrait)
            guard let name = selector.className ?? selector.trait else { continue }
            classRules[name, default: []].append(Int32(index))
            if rule.appliesToSubclasses { subclassRules[name, default: []].append(Int32(index)) }
            if selector.className == nil || selector.trait == nil { traitRules[name, default: []].append(Int32(index)) }
        }
        self.classRules = classRules
        self.subclassRules = subclassRules
        self.traitRules = traitRules
        self.classPriorities = classPriorities
        self.traitPriorities = traitPriorities
    }

    /// Compiles `.less` source text; imports are read relative to `path`,
    /// which also names the file in diagnostics.
    public init(source text: String, path: String = "main.less") throws(StylesheetError) {
        try self.init(source: SourceFile(path: path, text: text))
    }

    /// Compiles `.less` source (imports are read relative to `source.path`).
    public init(source: SourceFile) throws(StylesheetError) {
        let result = Compiler.compile(source: source)
        guard let table = result.ruleTable else { throw StylesheetError(diagnostics: result.diagnostics) }
        self.init(table: table)
    }

    /// Compiles the `.less` file at `path` and what it imports.
    public init(contentsOfFile path: String) throws(StylesheetError) {
        let result: CompileResult
        do {
            result = try Compiler.compile(entryPath: path)
        } catch {
            throw StylesheetError(diagnostics: [], reason: error.description)
        }
        guard let table = result.ruleTable else { throw StylesheetError(diagnostics: result.diagnostics) }
        self.init(table: table)
    }

    /// Reads a rule table written by `reflc build`. `path` names the table
    /// in error messages.
    public init(ruleTableJSON bytes: [UInt8], path: String = "rules.json") throws(StylesheetError) {
        let file = SourceFile(path: path, bytes: bytes)
        switch RuleTableReader.read(file) {
        case .success(let table): self.init(table: table)
        case .failure(let diagnostic): throw StylesheetError(diagnostics: [diagnostic])
        }
    }

    /// A rule that matches a query: its index, the priority it applies at,
    /// and its class distance (0 for the view's own class or a trait).
    struct Match {
        let rule: Int32
        let priority: Int
        let distance: Int
    }

    /// The rules that match, in the order they apply: ascending priority,
    /// then farther class before nearer, then source order. A one-name rule
    /// that matches both as the view's class and as one of its traits
    /// applies once, as the trait.
    func matchingRules(_ query: StyleQuery) -> [Match] {
        var matches: [Match] = []
        var matchedAsTrait: Set<Int32> = []
        for trait in query.traits {
            for rule in traitRules[trait] ?? [] where holds(rule, query) && matchedAsTrait.insert(rule).inserted {
                matches.append(Match(rule: rule, priority: traitPriorities[Int(rule)], distance: 0))
            }
        }
        for (distance, className) in query.classChain.enumerated() {
            for rule in (distance == 0 ? classRules[className] : subclassRules[className]) ?? [] {
                let selector = table.rules[Int(rule)].selector
                if selector.className != nil, let trait = selector.trait, !query.traits.contains(trait) { continue }
                guard !matchedAsTrait.contains(rule), holds(rule, query) else { continue }
                matches.append(Match(rule: rule, priority: classPriorities[Int(rule)], distance: distance))
            }
        }
        matches.sort { left, right in
            if left.priority != right.priority { return left.priority < right.priority }
            if left.distance != right.distance { return left.distance > right.distance }
            return left.rule < right.rule
        }
        return matches
    }

    /// Whether the condition of `rule`, if any, holds for the query.
    private func holds(_ rule: Int32, _ query: StyleQuery) -> Bool {
        table.rules[Int(rule)].condition?.holds(in: query.environment) ?? true
    }
}

/// Why a stylesheet could not be loaded: its diagnostics (render them with
/// `DiagnosticRenderer`), or a reason such as an unreadable file.
public struct StylesheetError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var reason: String?

    /// An error carrying `diagnostics`, or a `reason` when there are none.
    public init(diagnostics: [Diagnostic], reason: String? = nil) {
        self.diagnostics = diagnostics
        self.reason = reason
    }

    /// The reason, or the rendered diagnostics.
    public var description: String {
        if let reason { return reason }
        var renderer = DiagnosticRenderer()
        return renderer.render(diagnostics)
    }
}
