import ReflLexer

/// A stylesheet ready to answer "what style does this view get?".
///
/// Load it from `.less` source (compiled on the spot) or from the JSON rule
/// table `reflc build` writes — both give the same answers. Loading indexes
/// the rules by class and by trait, so a query looks only at the rules that
/// can match the view instead of scanning the whole table.
public struct Stylesheet: Sendable {
    /// The rules and variables, as compiled.
    public let table: RuleTable
    /// Rules with a class, by that class.
    private let rulesByClass: [String: [Int32]]
    /// Rules with `apply-to-subclasses: true`, by their class.
    private let subclassRulesByClass: [String: [Int32]]
    /// Rules with a trait and no class, by that trait.
    private let traitRulesByTrait: [String: [Int32]]

    /// Indexes a rule table.
    public init(table: RuleTable) {
        self.table = table
        var byClass: [String: [Int32]] = [:]
        var subclassRules: [String: [Int32]] = [:]
        var byTrait: [String: [Int32]] = [:]
        for (index, rule) in table.rules.enumerated() {
            if let className = rule.selector.className {
                byClass[className, default: []].append(Int32(index))
                if rule.appliesToSubclasses { subclassRules[className, default: []].append(Int32(index)) }
            } else if let trait = rule.selector.trait {
                byTrait[trait, default: []].append(Int32(index))
            }
        }
        rulesByClass = byClass
        subclassRulesByClass = subclassRules
        traitRulesByTrait = byTrait
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

    /// The candidates for a query: rules of the view's class, rules of its
    /// superclasses that apply to subclasses, and trait-only rules of its
    /// traits — with the class distance (0 for the view's own class).
    func candidates(for query: StyleQuery) -> [(rule: Int32, distance: Int)] {
        var found: [(Int32, Int)] = []
        for (distance, className) in query.classChain.enumerated() {
            let rules = distance == 0 ? rulesByClass[className] : subclassRulesByClass[className]
            for rule in rules ?? [] { found.append((rule, distance)) }
        }
        for trait in query.traits {
            for rule in traitRulesByTrait[trait] ?? [] { found.append((rule, 0)) }
        }
        return found
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
