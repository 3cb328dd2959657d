
/// A stylesheet ready to answer "what style does this view get?".
///
/// Load it from `.less` source (compiled on the spot), from the JSON rule
/// table `reflc build` writes, or from the binary one (`--format binary`):
/// all three give the same answers. A query looks only at the rules that
/// can match the view, found by the names they can match: an index built
/// when a source or JSON stylesheet is loaded, and stored in a binary table,
/// which is read in place.
public struct Stylesheet: Sendable {
    private let store: Store

    /// Where the rules are.
    private enum Store: Sendable {
        case table(IndexedTable)
        case binary(BinaryTable)
    }

    /// The rules and variables, as compiled. From a binary table this
    /// decodes the whole table, each time it is asked for.
    public var table: RuleTable {
        switch store {
        case .table(let indexed): return indexed.table
        case .binary(let binary): return binary.ruleTable()
        }
    }

    /// Whether any rule's selector has context (`MyApp.Header UIButton`):
    /// an applier then gathers each target's ancestors. For a binary table
    /// the rules are looked through (a field each): ask once per stylesheet.
    public var hasSelectorsWithContext: Bool {
        switch store {
        case .table(let indexed): return indexed.hasSelectorsWithContext
        case .binary(let binary): return (0..<Int32(binary.ruleCount)).contains { binary.hasContext($0) }
        }
    }

    /// Whether the rules are read in place from a binary table.
    package var isBinary: Bool {
        if case .binary = store { return true }
        return false
    }

    /// Indexes a rule table.
    public init(table: RuleTable) {
        store = .table(IndexedTable(table))
    }

    private init(binary: BinaryTable) {
        store = .binary(binary)
    }

    /// Loads the rule table at `path`, binary or JSON (told apart by its
    /// content, not its name). A `.less` file is refused here: this module
    /// holds no compiler. `Stylesheet(contentsOfFile:)` of `ReflEval` loads
    /// every form, source included.
    public init(contentsOfTableFile path: FilePath) throws(StylesheetError) {
        switch try Self.read(path) {
        case .table(let stylesheet): self = stylesheet
        case .source:
            throw StylesheetError(diagnostics: [], reason: "\(path): error: this is stylesheet source, not a rule table; "
                                  + "build a table with 'reflc build --format binary', or load the source with ReflEval")
        }
    }

    /// What a file holds: a rule table, loaded, or stylesheet source, read
    /// (for a compiler to take from there).
    public enum FileContents: Sendable {
        case table(Stylesheet)
        case source([UInt8])
    }

    /// Reads the file at `path` and loads it when it is a rule table. A
    /// binary table is used where it was read: no second copy.
    public static func read(_ path: FilePath) throws(StylesheetError) -> FileContents {
        try read(path, mapsLargeJSONTables: false)
    }

    /// `read`, a JSON table of `FileSystem.largeFileSize` or more read
    /// where it is mapped into memory when `mapsLargeJSONTables`: faster,
    /// and a program that shortens the file meanwhile ends the process
    /// with reflc's message (see `FileSystem.endingOnBusError`). For reflc.
    package static func read(_ path: FilePath, mapsLargeJSONTables: Bool) throws(StylesheetError) -> FileContents {
        if mapsLargeJSONTables, let start = FileSystem.readStart(of: path, count: 64), TableFormat.detect(start) == .json,
           let mapped = FileSystem.mapLargeFile(path) {
            let read = FileSystem.endingOnBusError { () -> Result<RuleTable, Diagnostic>? in
                mapped.reading({ TableFormat.detect($0) }) == .json ? RuleTableReader.read(mapped, path: path.description) : nil
            }
            switch read {
            case .success(let table)?: return .table(Stylesheet(table: table))
            case .failure(let diagnostic)?: throw StylesheetError(diagnostics: [diagnostic])
            case nil: break  // no longer JSON: read as any file is
            }
        }
        let contents: [UInt8]
        switch FileSystem.readFile(path) {
        case .success(let read): contents = read
        case .failure(let error):
            var unreadable = StylesheetError(diagnostics: [], reason: "cannot read '\(path)': \(error.reason)")
            unreadable.isUnreadable = true
            throw unreadable
        }
        switch TableFormat.detect(contents) {
        case .binary: return .table(try Stylesheet(binary: contents, path: path.description))
        case .json: return .table(try Stylesheet(ruleTableJSON: contents, path: path.description))
        case .source: return .source(contents)
        }
    }

    private init(binary bytes: [UInt8], path: String) throws(StylesheetError) {
        do {
            self.init(binary: try BinaryTable(bytes))
        } catch {
            throw StylesheetError(diagnostics: [], reason: error.isDamage ? "\(path): error: \(error)"
                                  : "\(path): error: malformed binary rule table: \(error)")
        }
    }

    /// Reads a rule table written by `reflc build`, binary or JSON (told
    /// apart by content). `path` names the table in error messages.
    public init(ruleTable bytes: [UInt8], path: String = "rules") throws(StylesheetError) {
        if TableFormat.detect(bytes) == .binary {
            try self.init(binary: bytes, path: path)
        } else {
            try self.init(ruleTableJSON: bytes, path: path)
        }
    }

    /// Reads a JSON rule table written by `reflc build`. `path` names the
    /// table in error messages.
    public init(ruleTableJSON bytes: [UInt8], path: String = "rules.json") throws(StylesheetError) {
        switch RuleTableReader.read(bytes, path: path) {
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
        /// For a selector with context, the ancestor each step matched (outermost step first).
        var ancestors: [Int] = []
    }

    /// The rules that match, in the order they apply: ascending priority,
    /// then fewer context steps before more, then farther class before
    /// nearer, then source order. A rule with context matches only when its
    /// steps match the query's ancestors. A one-name rule
    /// that matches both as the view's class and as one of its traits
    /// applies once, as the trait.
    func matchingRules(_ query: StyleQuery) -> [Match] {
        switch store {
        case .table(let indexed): return Self.matchingRules(query, in: indexed)
        case .binary(let binary): return Self.matchingRules(query, in: binary)
        }
    }

    private static func matchingRules<Store: RuleStore>(_ query: StyleQuery, in store: Store) -> [Match] {
        var matches: [Match] = []
        var matchedAsTrait: Set<Int32> = []
        // The ancestors each step of a rule's context matched; nil: the context does not match.
        func ancestorsMatched(by rule: Int32) -> [Int]? {
            guard store.hasContext(rule) else { return [] }
            return RuleContextStep.match(store.context(of: rule), in: query.ancestors)
        }
        for trait in query.traits {
            for rule in store.rules(named: trait).asTrait where store.holds(rule, query.environment) && matchedAsTrait.insert(rule).inserted {
                guard let ancestors = ancestorsMatched(by: rule) else { continue }
                matches.append(Match(rule: rule, priority: store.priorities(of: rule).asTrait, distance: 0, ancestors: ancestors))
            }
        }
        for (distance, className) in query.classChain.enumerated() {
            let named = store.rules(named: className)
            for rule in distance == 0 ? named.asClass : named.asSuperclass {
                guard store.hasTrait(of: rule, in: query.traits), !matchedAsTrait.contains(rule),
                      store.holds(rule, query.environment), let ancestors = ancestorsMatched(by: rule) else { continue }
                matches.append(Match(rule: rule, priority: store.priorities(of: rule).asClass, distance: distance, ancestors: ancestors))
            }
        }
        matches.sort { left, right in
            if left.priority != right.priority { return left.priority < right.priority }
            // Among rules of one level, more steps is more specific: it applies later, and wins.
            if left.ancestors.count != right.ancestors.count { return left.ancestors.count < right.ancestors.count }
            if left.distance != right.distance { return left.distance > right.distance }
            return left.rule < right.rule
        }
        return matches
    }

    /// Calls `body` with each property of `rule`: name, value, whether it is
    /// important, and its control state.
    func forEachProperty(of rule: Int32, _ body: (String, StyleValue, Bool, ControlState) -> Void) {
        switch store {
        case .table(let indexed): indexed.forEachProperty(of: rule, body)
        case .binary(let binary): binary.forEachProperty(of: rule, body)
        }
    }

    /// How many plain (not per-state) properties `rule` sets.
    func plainPropertyCount(of rule: Int32) -> Int {
        switch store {
        case .table(let indexed): indexed.plainPropertyCount(of: rule)
        case .binary(let binary): binary.plainPropertyCount(of: rule)
        }
    }

    /// The context steps of a rule's selector, outermost first.
    func context(of rule: Int32) -> [RuleContextStep] {
        switch store {
        case .table(let indexed): return indexed.hasContext(rule) ? indexed.context(of: rule) : []
        case .binary(let binary): return binary.hasContext(rule) ? binary.context(of: rule) : []
        }
    }

    /// The selector as written and where, for explanations.
    func origin(of rule: Int32) -> (selector: String, source: SourcePosition) {
        switch store {
        case .table(let indexed):
            let compiled = indexed.table.rules[Int(rule)]
            return (compiled.selector.raw, compiled.source)
        case .binary(let binary):
            let record = binary.rule(Int(rule))
            return (binary.selectorText(record),
                    SourcePosition(file: binary.string(record.file), line: Int(record.line), column: Int(record.column)))
        }
    }
}

/// What matching asks of the rules, wherever they are held.
protocol RuleStore {
    associatedtype RuleIndices: Sequence<Int32>

    /// The rules a name can match: as the view's class, as one of its
    /// superclasses (rules that apply to subclasses), as one of its traits.
    func rules(named name: String) -> (asClass: RuleIndices, asSuperclass: RuleIndices, asTrait: RuleIndices)
    func priorities(of rule: Int32) -> (asClass: Int, asTrait: Int)
    /// False for a `Class:trait` rule whose trait is not among `traits`.
    func hasTrait(of rule: Int32, in traits: Set<String>) -> Bool
    /// Whether the rule's selector has context steps (cheap: most have none).
    func hasContext(_ rule: Int32) -> Bool
    /// The rule's context steps, outermost first.
    func context(of rule: Int32) -> [RuleContextStep]
    /// Whether the rule's condition, if any, holds.
    func holds(_ rule: Int32, _ environment: StyleEnvironment) -> Bool
    func forEachProperty(of rule: Int32, _ body: (String, StyleValue, Bool, ControlState) -> Void)
    /// How many plain (not per-state) properties the rule sets.
    func plainPropertyCount(of rule: Int32) -> Int
}

/// A rule table in memory, indexed by the names its rules can match.
struct IndexedTable: RuleStore, Sendable {
    let table: RuleTable
    /// The number of each name rules can match: a class, or the one name
    /// of a trait rule.
    private var names: [String: Int32] = [:]
    /// By a name's number, where its rules lie in `lists`: those that can
    /// match as a class (rules with a class, and one-name trait rules by
    /// their name), then those of them that apply to subclasses, then the
    /// one-name rules (a class alone or a trait alone), which match a view
    /// with that trait too. Each list in increasing rule order.
    private var entries: [NameEntry] = []
    private var lists: [Int32] = []
    /// Each rule's priority when it matches as a class, and as a trait.
    private var matchPriorities: [(asClass: Int, asTrait: Int)] = []
    /// Whether any rule's selector has context.
    private(set) var hasSelectorsWithContext = false

    private struct NameEntry {
        var start: Int32 = 0
        var classCount: Int32 = 0, subclassCount: Int32 = 0, traitCount: Int32 = 0
    }

    /// Two passes over the rules: the first numbers their names and counts
    /// each name's rules, the second lays the lists out end to end in one
    /// array. An array per name, grown rule by rule, and three dictionaries
    /// (each name hashed for each) cost 1,345 instructions a rule of the
    /// 10 MB corpus's table, all of it after the table is read; this, 920.
    init(_ table: RuleTable) {
        self.table = table
        // Fields are read through the array: a copy of each rule would count
        // references to all its fields.
        let rules = table.rules
        matchPriorities.reserveCapacity(rules.count)
        // Room for a name per rule, as in a table of an app's own views (a
        // rule each): grown instead, the dictionary hashed every name again
        // at each doubling.
        names.reserveCapacity(rules.count)
        var nameOfRule = [Int32](repeating: -1, count: rules.count)
        for index in rules.indices {
            let className = rules[index].selector.className, trait = rules[index].selector.trait
            if !rules[index].selector.context.isEmpty { hasSelectorsWithContext = true }
            matchPriorities.append(RuleSelector.matchPriorities(written: rules[index].priority, hasClass: className != nil,
                                                                hasTrait: trait != nil))
            guard let name = className ?? trait else { continue }
            let number = Self.number(of: name, in: &names, next: Int32(entries.count))
            if number == entries.count { entries.append(NameEntry()) }
            nameOfRule[index] = number
            entries[Int(number)].classCount += 1
            if rules[index].appliesToSubclasses { entries[Int(number)].subclassCount += 1 }
            if className == nil || trait == nil { entries[Int(number)].traitCount += 1 }
        }
        var start: Int32 = 0
        for number in entries.indices {
            entries[number].start = start
            start += entries[number].classCount + entries[number].subclassCount + entries[number].traitCount
        }
        lists = [Int32](repeating: 0, count: Int(start))
        // Where the next rule of each list goes, by name.
        var filled = [(class: Int32, subclass: Int32, trait: Int32)](repeating: (0, 0, 0), count: entries.count)
        for index in rules.indices where nameOfRule[index] >= 0 {
            let number = Int(nameOfRule[index]), entry = entries[number], rule = Int32(index)
            lists[Int(entry.start + filled[number].class)] = rule
            filled[number].class += 1
            if rules[index].appliesToSubclasses {
                lists[Int(entry.start + entry.classCount + filled[number].subclass)] = rule
                filled[number].subclass += 1
            }
            if rules[index].selector.className == nil || rules[index].selector.trait == nil {
                lists[Int(entry.start + entry.classCount + entry.subclassCount + filled[number].trait)] = rule
                filled[number].trait += 1
            }
        }
    }

    /// `name`'s number in `names`, `next` if it is new (then added): the
    /// name hashed once.
    private static func number(of name: String, in names: inout [String: Int32], next: Int32) -> Int32 {
        func settle(_ number: inout Int32) -> Int32 {
            if number < 0 { number = next }
            return number
        }
        return settle(&names[name, default: -1])
    }

    func rules(named name: String) -> (asClass: ArraySlice<Int32>, asSuperclass: ArraySlice<Int32>, asTrait: ArraySlice<Int32>) {
        guard let number = names[name] else { return ([], [], []) }
        let entry = entries[Int(number)]
        let classEnd = Int(entry.start + entry.classCount), subclassEnd = classEnd + Int(entry.subclassCount)
        return (lists[Int(entry.start)..<classEnd], lists[classEnd..<subclassEnd], lists[subclassEnd..<subclassEnd + Int(entry.traitCount)])
    }

    func priorities(of rule: Int32) -> (asClass: Int, asTrait: Int) { matchPriorities[Int(rule)] }

    func hasTrait(of rule: Int32, in traits: Set<String>) -> Bool {
        let selector = table.rules[Int(rule)].selector
        guard selector.className != nil, let trait = selector.trait else { return true }
        return traits.contains(trait)
    }

    func holds(_ rule: Int32, _ environment: StyleEnvironment) -> Bool {
        table.rules[Int(rule)].condition?.holds(in: environment) ?? true
    }

    func hasContext(_ rule: Int32) -> Bool { !table.rules[Int(rule)].selector.context.isEmpty }

    func context(of rule: Int32) -> [RuleContextStep] { table.rules[Int(rule)].selector.context }

    func plainPropertyCount(of rule: Int32) -> Int { table.rules[Int(rule)].properties.count }

    func forEachProperty(of rule: Int32, _ body: (String, StyleValue, Bool, ControlState) -> Void) {
        let compiled = table.rules[Int(rule)]
        for property in compiled.properties { body(property.name, property.value, property.isImportant, .normal) }
        for group in compiled.stateProperties {
            for property in group.properties { body(property.name, property.value, property.isImportant, group.state) }
        }
    }
}

extension BinaryTable: RuleStore {
    func rules(named name: String) -> (asClass: RuleList, asSuperclass: RuleList, asTrait: RuleList) {
        guard let entry = entry(named: name) else {
            let empty = ruleList(0, 0)
            return (empty, empty, empty)
        }
        return (ruleList(entry.first, entry.classCount), ruleList(entry.first + entry.classCount, entry.subclassCount),
                ruleList(entry.first + entry.classCount + entry.subclassCount, entry.traitCount))
    }

    func priorities(of rule: Int32) -> (asClass: Int, asTrait: Int) {
        let names = selectorNames(Int(rule))
        return RuleSelector.matchPriorities(written: names.priority, hasClass: names.className != BinaryFormat.none,
                                            hasTrait: names.trait != BinaryFormat.none)
    }

    func hasTrait(of rule: Int32, in traits: Set<String>) -> Bool {
        let names = selectorNames(Int(rule))
        guard names.className != BinaryFormat.none, names.trait != BinaryFormat.none else { return true }
        return traits.contains { string(names.trait, equals: $0) }
    }

    func hasContext(_ rule: Int32) -> Bool {
        read(RuleRecord.contextSteps, at: rules + RuleRecord.size * Int(rule)) != 0
    }

    func context(of rule: Int32) -> [RuleContextStep] {
        RuleContextStep.steps(ofSelectorText: selectorText(self.rule(Int(rule))))
    }

    func holds(_ rule: Int32, _ environment: StyleEnvironment) -> Bool {
        let condition = conditionIndex(ofRule: Int(rule))
        return condition == BinaryFormat.none || holds(condition: condition, in: environment)
    }

    func forEachProperty(of rule: Int32, _ body: (String, StyleValue, Bool, ControlState) -> Void) {
        forEachProperty(ofRule: Int(rule), body)
    }

    func plainPropertyCount(of rule: Int32) -> Int { plainPropertyCount(ofRule: Int(rule)) }
}

/// Why a stylesheet could not be loaded: its diagnostics (render them with
/// `DiagnosticRenderer`), or a reason such as an unreadable file.
public struct StylesheetError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var reason: String?
    /// The files a failed compilation read or looked for (a monitor
    /// watches them for the fix).
    package var watchedFiles: [FilePath] = []
    /// Whether the file could not be read at all (as opposed to holding a
    /// malformed table).
    package var isUnreadable = false

    /// An error carrying `diagnostics`, or a `reason` when there are none.
    public init(diagnostics: [Diagnostic], reason: String? = nil) {
        self.diagnostics = diagnostics
        self.reason = reason
    }

    package init(diagnostics: [Diagnostic], watchedFiles: [FilePath]) {
        self.diagnostics = diagnostics
        self.watchedFiles = watchedFiles
    }

    /// The reason, or the rendered diagnostics.
    public var description: String {
        if let reason { return reason }
        var renderer = DiagnosticRenderer()
        return renderer.render(diagnostics)
    }
}
