import ReflLexer
import ReflParser

/// Turns the rules of a program into `CompiledRule`s: checks selectors and
/// directives, lowers declarations, and resolves `__include`.
///
/// Includes are resolved without recursion: the rules that other rules
/// include are flattened first, in dependency order (an iterative depth-first
/// walk that reports each cycle once, with its chain), and kept; every other
/// rule is lowered when it is emitted and then dropped, so a large
/// stylesheet is never held twice in memory.
final class RuleCompiler {
    /// A rule and the file it is in. Kept small: a large stylesheet has
    /// tens of thousands; selector strings are made when a rule is emitted.
    struct Header {
        /// The rule's file, by index in `files`.
        let fileIndex: Int32
        let rule: Rule
        /// Its `__include` references, as a range of `includeReferences`.
        var includes: Range<Int32> = 0..<0
    }

    /// One selector of an `__include`: where it is written and the rules
    /// that have that selector (a range of `includeTargets`, in source order).
    struct IncludeReference {
        let range: SourceRange
        let targets: Range<Int32>
    }

    /// What a rule's own declarations say. Properties are a small array
    /// (a rule has a handful): cheaper than hashing every name.
    struct Body {
        var properties = PropertyList()
        var condition: Condition?
        var appliesToSubclasses = false
        /// Whether the rule is for a class the schema knows (and checks):
        /// what it includes is checked too (see `merge`).
        var isChecked = false
        /// Where the value of each of `properties` was set (the key of the
        /// declaration it holds the value of, the last to set it), by
        /// position: for a rule others include, where an error about a
        /// property it copies into them points its note.
        var keyRanges: [SourceRange] = []

        /// The properties, which the body no longer holds (so they can be
        /// extended without a copy).
        mutating func takeProperties() -> PropertyList {
            // Swapped out, not copied and then replaced: the copy counted a
            // reference to each of the list's arrays, released again at once.
            var taken = PropertyList()
            swap(&taken, &properties)
            return taken
        }
    }

    let program: Program
    let files: [LoadedFile]
    let propertyNames = PropertyNames()
    // The state the rule phase's threads read (`headers`, the include
    // references and targets, `includedRules`, `isPastIncludeLimit`) is
    // written only before it starts: not checked for exclusive access at
    // run time, which each rule's reads paid.
    @exclusivity(unchecked) var headers: [Header] = []
    @exclusivity(unchecked) private(set) var includeReferences: [IncludeReference] = []
    @exclusivity(unchecked) private(set) var includeTargets: [Int32] = []
    /// What each rule that others include provides (its own properties
    /// and those it includes) and its lowered body: see
    /// `RuleCompiler+Includes.swift`.
    @exclusivity(unchecked) var includedRules = IncludedRules()
    /// Properties copied by includes so far (see `RuleCompiler+IncludeLimit.swift`).
    var includedPropertyCount = 0
    /// Set once includes expand past `maximumIncludedProperties`: from
    /// then on (the build has failed) rules keep their own properties only.
    @exclusivity(unchecked) var isPastIncludeLimit = false

    init(program: Program) {
        self.program = program
        files = program.files
        for file in files { file.keys = propertyNames.classifyKeys(of: file) }
        propertyNames.rankAll()
        // Line tables (one pass over each file) are built meanwhile on
        // another thread: they touch nothing else, and rules need them next.
        let files = files
        Concurrency.run(min(2, program.threads)) { thread in
            if thread == 0 {
                collectHeaders()
                resolveIncludeReferences()
            } else {
                for file in files { _ = file.lines }
            }
        }
    }

    /// Rules per work item of `compileRules`: enough that taking an item
    /// is noise, few enough that the threads finish together.
    static let rulesPerItem = 64

    /// At most how many values the declarations of an input of
    /// `inputBytes` may hold in all, a variable's value counted in full at
    /// each use: 4,194,304, and 4 for each byte of input (the benchmark
    /// stylesheets hold about one for every 30 bytes). Each value is
    /// bounded on its own, but a large one used in every rule would still
    /// make a table of billions of values.
    static func loweredValuesLimit(inputBytes: Int) -> Int {
        4 << 20 + 4 * inputBytes
    }

    /// A limit of its own for `loweredValuesLimit(inputBytes:)`, when set.
    var loweredValuesLimit: Int?

    /// Every rule of the program, in order, compiled; rules whose header had
    /// a syntax error are checked (their bodies report) but not emitted.
    ///
    /// The rules are compiled on up to `threads` threads, in items of
    /// consecutive rules (see `OrderedPipeline`). Each item's rules are passed
    /// to an `Output` of its own through `add`, on the thread that compiled
    /// them (so what is done with a rule, like writing its JSON, is done in
    /// parallel too); `deliver` receives the outputs in rule order, on the
    /// calling thread, and must leave them empty (they are used again). The
    /// items' diagnostics join the program's in the same order: the result
    /// is the same whatever the number of threads. Once `stopsAfter` is
    /// true after a delivery, or the declarations' values pass
    /// `loweredValuesLimit`, no item is started and no more output is
    /// delivered: the items under way are compiled for their diagnostics,
    /// and the rules after them are not compiled. `addOnDeliveringThread`,
    /// when given, takes the place of `add` for the items the delivering
    /// thread compiles itself (work that thread would do anyway at delivery
    /// can be left until then); it takes each rule over, so that keeping
    /// the rule moves it rather than copying it (a copy counts a reference
    /// to each of its parts, and releases them when the rule is dropped).
    func compileRules<Output>(threads: Int, makeOutput: () -> Output,
                              add: (CompiledRule, Output) -> Void, addOnDeliveringThread: ((consuming CompiledRule, Output) -> Void)? = nil,
                              deliver: (Output) -> Void, stopsAfter: () -> Bool = { false }) {
        flattenIncludedRules()
        checkIncludeExpansion()
        for file in files { _ = file.lines }  // built before the threads share them
        let itemCount = (headers.count + Self.rulesPerItem - 1) / Self.rulesPerItem
        let threadCount = max(1, min(threads, itemCount / 4))
        let pipeline = OrderedPipeline<(output: Output, log: DiagnosticLog, lowered: Int)>(count: itemCount, window: 4 * threadCount)
        let contexts = (0..<threadCount).map { _ in RuleContext(compiler: self) }
        // Delivered outputs are emptied and used again: a fresh one per item
        // would be fresh memory, and the kernel's page faults for it cost
        // more than filling it.
        let spares = Lock()
        var spareOutputs: [Output] = []
        var treeRelease = TreeRelease(compiler: self)
        var deliveredRules = 0
        // Counted in rule order, so that the limit is passed at the same rule whatever the number of threads.
        var loweredValues = 0
        let loweredLimit = loweredValuesLimit ?? Self.loweredValuesLimit(inputBytes: program.inputBytes)
        var isStopped = false
        func handOn(_ item: (output: Output, log: DiagnosticLog, lowered: Int)) {
            // Once stopped, the items under way are compiled for their
            // diagnostics; their output, of a build that has failed, is not delivered.
            if !isStopped {
                deliver(item.output)
                loweredValues += item.lowered
                isStopped = stopsAfter()
                if !isStopped && loweredValues > loweredLimit {
                    isStopped = true
                    report(EvalMessages.loweredValuesLimit(loweredLimit), atRule: deliveredRules)
                }
                if isStopped { pipeline.stopTaking() }
            }
            program.log.take(from: item.log)
            spares.withLock { spareOutputs.append(item.output) }
            deliveredRules = min(headers.count, deliveredRules + Self.rulesPerItem)
            treeRelease.releaseTrees(compiledThrough: deliveredRules)
        }
        Concurrency.run(threadCount) { thread in
            let context = contexts[thread]
            let addHere = thread == 0 ? addOnDeliveringThread : nil
            while let item = thread == 0 ? pipeline.takeDelivering(handOn) : pipeline.take() {
                let output = spares.withLock { spareOutputs.popLast() } ?? makeOutput()
                context.log = DiagnosticLog(limit: program.log.limit)
                _ = context.takeLoweredValues()
                let end = min(headers.count, (item + 1) * Self.rulesPerItem)
                for index in (item * Self.rulesPerItem)..<end {
                    guard let rule = compileRule(index, in: context) else { continue }
                    if let addHere { addHere(rule, output) } else { add(rule, output) }
                }
                pipeline.finish(item, (output, context.log, context.takeLoweredValues()))
            }
            if thread == 0 { pipeline.deliverRest(handOn) }
        }
    }

    /// Compiles rule `index`; nil when its header is invalid. Reads only
    /// state that no thread writes during the rule phase, but for the tree
    /// of the rule's own file, which the delivering thread releases only
    /// once every rule of the file is delivered (see `TreeRelease`).
    private func compileRule(_ index: Int, in context: RuleContext) -> CompiledRule? {
        let header = headers[index]
        context.enter(fileIndex: header.fileIndex)
        var body = includedRules.body(of: index) ?? analyzeBody(header, in: context)
        // A rule that others include is flattened already; but a rule of a
        // class the schema knows checks what it includes itself (`merge`).
        let flattened = body.isChecked ? nil : includedRules.flattened(index)
        var properties = flattened.map(materialize) ?? merge(index, own: body.takeProperties(), checked: body.isChecked, in: context)
        guard header.rule.isValid else { return nil }
        let selector = context.lowerer.selector(of: header.rule)
        let sorted = properties.takeSorted(ranks: context.ranks)
        return CompiledRule(
            selector: selector,
            priority: RuleSelector.priority(className: selector.className, trait: selector.trait,
                                             isConditional: body.condition != nil || selector.hasWhere),
            appliesToSubclasses: body.appliesToSubclasses,
            condition: body.condition,
            source: context.position(of: header.rule.selector.range.start),
            properties: sorted.properties,
            stateProperties: sorted.states)
    }

    /// Drops the tree of each file once its rules are compiled (see
    /// `LoadedFile.releaseTree`). Rules are delivered in order, so once the
    /// first `count` are, no thread compiles a rule of a file whose rules
    /// end there, and nothing else in the rule phase reads a file's tree
    /// but its own rules (a variable's definition is followed through its
    /// kept root node).
    struct TreeRelease {
        private let files: [LoadedFile]
        /// For each file, the end of its rules in `headers`.
        private let ends: [Int]
        private var next = 0

        init(compiler: RuleCompiler) {
            files = compiler.files
            ends = files.indices.map { compiler.rules(of: $0, in: compiler.headers).upperBound }
        }

        /// Releases the trees of the files whose rules are all among the first `count`.
        mutating func releaseTrees(compiledThrough count: Int) {
            while next < files.count && ends[next] <= count {
                files[next].releaseTree()
                next += 1
            }
        }
    }

    // MARK: - Headers and include references

    private func collectHeaders() {
        headers.reserveCapacity(files.reduce(0) { $0 + $1.syntax.items.count })
        for (index, file) in files.enumerated() {
            for item in file.syntax.items {
                if case .rule(let rule) = item { headers.append(Header(fileIndex: Int32(index), rule: rule)) }
            }
        }
    }

    /// The file of a rule.
    func file(of header: Header) -> LoadedFile {
        files[Int(header.fileIndex)]
    }

    /// The selector of a rule as the table records it: its last step's
    /// class, trait and `:__where`, the steps before it as its context, and
    /// the whole selector's canonical text (`MyApp.Header > UIButton:primary`).
    static func selector(of rule: Rule, in file: LoadedFile) -> RuleSelector {
        let syntax = rule.selector
        // The steps by index: a slice of the file's steps would count a
        // reference to them, shared by the threads (most rules have none).
        let steps = Int(rule.contextRange.lowerBound)..<Int(rule.contextRange.upperBound)
        let raw = steps.isEmpty ? syntax.canonicalText(in: file.source) : file.syntax.selectorTexts.string(of: syntax.textID)
        return RuleSelector(raw: raw, className: syntax.className.map(file.text), trait: syntax.trait.map(file.text),
                            hasWhere: syntax.hasWhere,
                            context: steps.isEmpty ? [] : steps.map { index in
                                let step = file.syntax.contextSteps[index]
                                return RuleContextStep(className: step.selector.className.map(file.text), trait: step.selector.trait.map(file.text),
                                                       isParentOfNext: step.isParentOfNext)
                            })
    }

    private func resolveIncludeReferences() {
        // Worked on in local copies, stored at the end: each access to a
        // property of the class is checked for exclusivity at run time.
        var headers = self.headers
        // Moved out, not shared: setting a rule's includes in a shared array
        // would first copy all of it.
        self.headers = []
        let included = includedSelectorIDs()
        // The rules with each included selector, in source order: the first
        // and, for each rule, the next one with the same selector.
        var first = [Int32](repeating: -1, count: included.count)
        var last = [Int32](repeating: -1, count: included.count)
        var nextWithSameSelector = [Int32](repeating: -1, count: headers.count)
        for fileIndex in files.indices {
            let ids = included.ids[fileIndex]
            for index in rules(of: fileIndex, in: headers) where headers[index].rule.isValid {
                let id = Int(ids[Int(headers[index].rule.selector.textID)])
                guard id >= 0 else { continue }
                if first[id] < 0 { first[id] = Int32(index) } else { nextWithSameSelector[Int(last[id])] = Int32(index) }
                last[id] = Int32(index)
            }
        }
        var includeReferences: [IncludeReference] = []
        var includeTargets: [Int32] = []
        // Every selector, for "did you mean", laid out on the first unknown one;
        // and the answers by selector written, which a stylesheet may repeat.
        var knownSelectors: Suggestions.Candidates?
        var suggestions: [String: String?] = [:]
        for (fileIndex, file) in files.enumerated() {
            // Per file, not per rule: taking the tree and the id map is
            // counting references to their arrays.
            let syntax = file.syntax
            let ids = included.ids[fileIndex]
            let legacyIncludeKey = syntax.keys.id(of: Array("include".utf8), SourceRange(0, 7))
            for index in rules(of: fileIndex, in: headers) {
                let firstReference = Int32(includeReferences.count)
                for declaration in syntax.declarations(of: headers[index].rule) {
                    guard case .include(let list) = declaration.value else { continue }
                    if let important = declaration.important {
                        program.report(EvalMessages.importantOnDirective("__include"), in: file, at: important)
                    }
                    if let bracket = syntax.stateBracket(of: declaration) {
                        program.report(EvalMessages.stateOnDirective("__include"), in: file, at: bracket)
                    }
                    if declaration.keyID == legacyIncludeKey {
                        program.report(EvalMessages.legacyDirective("include"), in: file, at: syntax.key(of: declaration))
                    }
                    for selector in syntax.includeList(list) {
                        let start = Int32(includeTargets.count)
                        var target = first[Int(ids[Int(selector.textID)])]
                        if target < 0 {
                            let written = selector.canonicalText(in: file.source)
                            if knownSelectors == nil { knownSelectors = Suggestions.Candidates(allSelectorTexts(of: headers)) }
                            let suggestion = suggestions[written] ?? Suggestions.closest(to: written, among: knownSelectors!)
                            suggestions[written] = .some(suggestion)
                            program.report(EvalMessages.includeUndefined(written, suggestion: suggestion), in: file, at: selector.range)
                        }
                        while target >= 0 {
                            includeTargets.append(target)
                            target = nextWithSameSelector[Int(target)]
                        }
                        includeReferences.append(IncludeReference(range: selector.range,
                                                                  targets: start..<Int32(includeTargets.count)))
                    }
                }
                headers[index].includes = firstReference..<Int32(includeReferences.count)
            }
        }
        self.headers = headers
        self.includeReferences = includeReferences
        self.includeTargets = includeTargets
    }

    /// Program-wide ids for the selectors that some `__include` names: how
    /// many there are, and for each file the id of each of its selector
    /// texts (its text ids, interned by the parser), -1 for those no
    /// `__include` names. Only the included texts (a stylesheet includes a
    /// handful of shared rules) are looked up across files, not every
    /// rule's selector.
    private func includedSelectorIDs() -> (count: Int, ids: [[Int32]]) {
        var texts = ByteStringTable()
        var ids = files.map { [Int32](repeating: -1, count: $0.syntax.selectorTexts.count) }
        for (fileIndex, file) in files.enumerated() {
            let fileTexts = file.syntax.selectorTexts
            for selector in file.syntax.includeSelectors where ids[fileIndex][Int(selector.textID)] < 0 {
                ids[fileIndex][Int(selector.textID)] = texts.intern(selector.textID, of: fileTexts)
            }
        }
        for (fileIndex, file) in files.enumerated() {
            let fileTexts = file.syntax.selectorTexts
            for id in 0..<Int32(texts.count) {
                if let local = fileTexts.id(of: id, in: texts) {
                    ids[fileIndex][Int(local)] = id
                }
            }
        }
        return (texts.count, ids)
    }

    /// The distinct selectors of the valid rules of `headers`, in source order.
    private func allSelectorTexts(of headers: [Header]) -> [String] {
        var seen = ByteStringTable()
        var texts: [String] = []
        for (fileIndex, file) in files.enumerated() {
            for index in rules(of: fileIndex, in: headers) where headers[index].rule.isValid {
                // The whole selector's text, context included: what an `__include` names.
                let textID = headers[index].rule.selector.textID
                if Int(seen.intern(textID, of: file.syntax.selectorTexts)) == texts.count {
                    texts.append(file.syntax.selectorTexts.string(of: textID))
                }
            }
        }
        return texts
    }

    /// The indexes in `headers` of the rules of file `fileIndex` (headers
    /// hold the rules file by file, in file order).
    func rules(of fileIndex: Int, in headers: [Header]) -> Range<Int> {
        var low = 0
        var high = headers.count
        while low < high {  // the first rule of a file at or after `fileIndex`
            let mid = (low + high) / 2
            if Int(headers[mid].fileIndex) < fileIndex { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < headers.count && Int(headers[end].fileIndex) == fileIndex { end += 1 }
        return low..<end
    }

    /// The references of a rule's `__include`s, in order.
    func references(of rule: Int) -> ArraySlice<IncludeReference> {
        let range = headers[rule].includes
        return includeReferences[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    func targets(of reference: IncludeReference) -> ArraySlice<Int32> {
        includeTargets[Int(reference.targets.lowerBound)..<Int(reference.targets.upperBound)]
    }

}

/// What one thread of the rule phase keeps for itself: its log, the
/// lowerer and line-table cursor of the file it is in, and its own copy of
/// the property names. Threads read the program's shared tree and tables
/// but should not take references to shared objects rule by rule: counting
/// references writes to the object, and two cores writing one cache line
/// slow each other down more than the work itself costs.
final class RuleContext {
    unowned let compiler: RuleCompiler
    /// Where this thread's problems go (a log per work item).
    var log = DiagnosticLog() {
        didSet { lowerer?.log = log }
    }
    /// The names of `PropertyNames`, in storage of this thread's own.
    let propertyNames: [String]
    /// `PropertyNames.shorthands`.
    let shorthands: [Int32: (Shorthand, longhands: [Int32])]
    /// `PropertyNames.ranks`, in storage of this thread's own (every rule's
    /// properties are sorted by them).
    let ranks: [Int32]
    private var fileIndex: Int32 = -1
    private(set) var lowerer: ValueLowerer!
    private var lines: LineTable?
    private var relativePath = ""
    // A context is used by one thread at a time: not checked for exclusive
    // access at run time (every rule's position was).
    @exclusivity(unchecked) private var cursor = LineTable.Cursor()

    /// The last part before a dot that `isUIKitClass(prefix:)` was asked
    /// about, and its answer.
    @exclusivity(unchecked) private var lastDottedPrefix: (bytes: [UInt8], isUIKitClass: Bool)?

    /// What the schema says of each key, per checked class, found once.
    private var keyChecks: [String: KeyChecks] = [:]
    let schemaCheck: SchemaCheck
    /// The names of the schema's classes, found by their bytes: most rules
    /// of a large stylesheet name a class the schema does not know (an
    /// app's own), and that is told without making a String of the name
    /// and hashing it for a dictionary (about 1,000 instructions a rule).
    private let schemaClassNames: ByteStringTable

    /// The key checks of one class, by property name id: found through an
    /// array of the ids (a dictionary hashed each id, once a declaration).
    final class KeyChecks {
        let className: String

        // The arrays and dictionaries below are not checked for exclusive access at
        // run time (two checks a declaration, 2.7M instructions of the 1 MB UIKit
        // corpus): each method reads or writes them in turn, and no caller's code
        // runs in between.

        /// For each property name id, where its check is in `checks`, plus
        /// one (0: not checked yet). Grown only while the ids stay about as
        /// many as the checks: a class checked for a few keys of a program of
        /// a million names (each class, on each thread) keeps a few entries.
        @exclusivity(unchecked) private var places: [Int32] = []
        /// Where the checks of the ids past `places` are.
        @exclusivity(unchecked) private var farPlaces: [Int32: Int32] = [:]
        @exclusivity(unchecked) private var checks: [KeyCheck] = []
        /// The checks of unknown keys by the key as written: their messages
        /// quote it, and one name has several spellings (`text-alignment`,
        /// `textAlignment`).
        @exclusivity(unchecked) var unknownBySpelling: [String: KeyCheck] = [:]

        init(className: String) { self.className = className }

        subscript(nameID: Int32) -> KeyCheck? {
            let id = Int(nameID)
            let place = id < places.count ? places[id] : 0
            if place != 0 { return checks[Int(place) - 1] }
            guard !farPlaces.isEmpty, let far = farPlaces[nameID] else { return nil }
            return checks[Int(far) - 1]
        }

        /// The check of `nameID` when it is found without the key as
        /// written: met before, and not unknown (an unknown key's message
        /// quotes its spelling).
        func settled(_ nameID: Int32) -> KeyCheck? {
            guard let check = self[nameID] else { return nil }
            if case .unknown = check { return nil }
            return check
        }

        func set(_ check: KeyCheck, for nameID: Int32) {
            checks.append(check)
            let id = Int(nameID), place = Int32(checks.count)
            if id < places.count {
                places[id] = place
            } else if id < 8 * checks.count + 256 {
                places.append(contentsOf: repeatElement(0, count: id + 1 - places.count))
                places[id] = place
            } else {
                farPlaces[nameID] = place
            }
        }
    }

    init(compiler: RuleCompiler) {
        self.compiler = compiler
        propertyNames = compiler.propertyNames.names.map { String(decoding: Array($0.utf8), as: UTF8.self) }
        shorthands = compiler.propertyNames.shorthands
        ranks = compiler.propertyNames.ranks.map { $0 }  // a copy of the elements, not of the reference
        schemaCheck = compiler.program.schemaCheck
        var names = ByteStringTable()
        for name in schemaCheck.schema.classes.keys { _ = names.intern(Array(name.utf8)[...]) }
        schemaClassNames = names
    }

    /// Whether `bytes`, the part before the dot of a dotted class name,
    /// name a UIKit class. An app's rules share their module's prefix
    /// (`MyApp.`): the last answer is kept, so that a String of the prefix
    /// is not made and looked up for every rule (1.3% of a build of such
    /// rules; see `RuleCompiler.warnIfDottedTrait`).
    func isUIKitClass(prefix range: SourceRange) -> Bool {
        if let last = lastDottedPrefix, lowerer.bytes(in: range, equal: last.bytes) { return last.isUIKitClass }
        let prefix = lowerer.file.text(range)
        let answer = UIKitSchema.schema.classes[prefix] != nil
        lastDottedPrefix = (Array(prefix.utf8), answer)
        return answer
    }

    /// The checks of the class a rule is checked as, or nil for a rule the
    /// schema does not check (see `SchemaCheck.checkedClass`).
    func keyChecks(for rule: Rule) -> KeyChecks? {
        let selector = rule.selector
        // A class the schema does not know leaves the rule unchecked (see `SchemaCheck.checkedClass`);
        // one it knows is found by the id of its name, without making the name.
        var classID: Int?
        if let range = selector.className {
            guard let id = schemaClassNames.id(of: lowerer.file.source.bytes, range) else { return nil }
            if Int(id) < checksByClassID.count, let known = checksByClassID[Int(id)] { return known }
            classID = Int(id)
        }
        let className = selector.className.map { lowerer.file.text($0) }
        let oneName = className == nil ? selector.trait.map { lowerer.file.text($0) } : nil
        guard let checked = schemaCheck.checkedClass(className: className, oneName: oneName) else { return nil }
        let found = keyChecks[checked] ?? KeyChecks(className: checked)
        keyChecks[checked] = found
        if let classID {
            if classID >= checksByClassID.count { checksByClassID.append(contentsOf: repeatElement(nil, count: classID + 1 - checksByClassID.count)) }
            checksByClassID[classID] = found
        }
        return found
    }

    /// `keyChecks`' checks of the classes named by rules, by their names' ids in `schemaClassNames`.
    private var checksByClassID: [KeyChecks?] = []

    /// The property `nameID` sets in `checks`' class, or nil when the class
    /// has none or the key is not checked: `keyCheck` for a caller that needs
    /// no message, so that a key already found unknown is not spelled again.
    func knownKey(_ nameID: Int32, written: @autoclosure () -> String, in checks: KeyChecks) -> KnownKey? {
        let check = checks[nameID] ?? keyCheck(nameID, written: written(), in: checks)
        guard case .known(let known) = check else { return nil }
        return known
    }

    /// What the schema says of property `nameID` (written as `written`) in `checks`' class.
    func keyCheck(_ nameID: Int32, written: @autoclosure () -> String, in checks: KeyChecks) -> KeyCheck {
        if let known = checks[nameID] {
            guard case .unknown = known else { return known }
            // An unknown key's message is the one for the key as written here,
            // whichever spelling of its name this thread met first (the threads
            // share the rules out as they free up).
            let spelling = written()
            if let same = checks.unknownBySpelling[spelling] { return same }
            let found = schemaCheck.check(keyPath: propertyNames[Int(nameID)], written: spelling, of: checks.className)
            checks.unknownBySpelling[spelling] = found
            return found
        }
        let spelling = written()
        let found = schemaCheck.check(keyPath: propertyNames[Int(nameID)], written: spelling, of: checks.className)
        checks.set(found, for: nameID)
        if case .unknown = found { checks.unknownBySpelling[spelling] = found }
        return found
    }

    /// Makes `fileIndex` the file the next rules are in.
    func enter(fileIndex: Int32) {
        guard self.fileIndex != fileIndex else { return }
        self.fileIndex = fileIndex
        let file = compiler.files[Int(fileIndex)]
        lines = LineTable(sharingLinesOf: file.lines)
        relativePath = String(decoding: Array(file.relativePath.utf8), as: UTF8.self)
        cursor = LineTable.Cursor()
        let lowered = lowerer?.loweredValues ?? 0
        lowerer = ValueLowerer(program: compiler.program, file: file, log: log)
        lowerer.loweredValues = lowered
    }

    /// How many values the declarations lowered since the last call hold,
    /// in all (a variable's value counted in full at each use).
    func takeLoweredValues() -> Int {
        guard let lowerer else { return 0 }
        defer { lowerer.loweredValues = 0 }
        return lowerer.loweredValues
    }

    /// The position of `offset` in the current file; positions asked for in
    /// increasing order continue from the last (see `LineTable.location`).
    func position(of offset: Int) -> SourcePosition {
        let (line, column) = lines!.location(of: offset, continuing: &cursor)
        return SourcePosition(file: relativePath, line: line, column: column)
    }
}
