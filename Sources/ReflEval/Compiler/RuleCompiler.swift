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
        let file: LoadedFile
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
    }

    let program: Program
    private(set) var headers: [Header] = []
    private var includeReferences: [IncludeReference] = []
    private var includeTargets: [Int32] = []
    /// Flattened properties of the rules that others include.
    private var flattened: [Int: PropertyList] = [:]
    private var bodies: [Int: Body] = [:]

    init(program: Program) {
        self.program = program
        collectHeaders()
        resolveIncludeReferences()
    }

    /// Rules per thread in one round of `compileRules`: enough that waking
    /// the threads is noise, few enough that a round's output is small.
    static let rulesPerThreadAndRound = 512

    /// Every rule of the program, in order, compiled; rules whose header had
    /// a syntax error are checked (their bodies report) but not emitted.
    ///
    /// The rules are compiled in rounds on up to `threads` threads, each
    /// thread taking a consecutive slice of the round's rules and passing
    /// them to its own `Output` through `add` (so what is done with a rule,
    /// like writing its JSON, is done in parallel too). At the end of a round
    /// `deliver` receives the outputs in rule order, on the calling thread,
    /// and the threads' diagnostics join the program's in the same order: the
    /// result is the same whatever the number of threads.
    func compileRules<Output>(threads: Int, makeOutput: () -> Output,
                                         add: (CompiledRule, Output) -> Void, deliver: (Output) -> Void) {
        flattenIncludedRules()
        for file in program.files { _ = file.lines }  // built before the threads share them
        let perRound = Self.rulesPerThreadAndRound
        let threadCount = max(1, min(threads, (headers.count + perRound - 1) / perRound))
        let workers = (0..<threadCount).map { _ in RuleWorker(output: makeOutput()) }
        var roundStart = 0
        while roundStart < headers.count {
            let slices = (0..<threadCount).map { thread in
                let start = min(headers.count, roundStart + thread * perRound)
                return start..<min(headers.count, start + perRound)
            }
            Concurrency.run(threadCount) { thread in
                let worker = workers[thread]
                for index in slices[thread] {
                    if let rule = compileRule(index, log: worker.log, cursor: &worker.positions) { add(rule, worker.output) }
                }
            }
            for worker in workers {
                deliver(worker.output)
                program.log.take(from: worker.log)
            }
            roundStart += threadCount * perRound
        }
    }

    /// What one thread of `compileRules` keeps for itself.
    private final class RuleWorker<Output> {
        let output: Output
        let log = DiagnosticLog()
        var positions = SourcePositionCursor()

        init(output: Output) { self.output = output }
    }

    /// Compiles rule `index`; nil when its header is invalid. Reads only
    /// state that no thread writes during the rule phase.
    private func compileRule(_ index: Int, log: DiagnosticLog, cursor: inout SourcePositionCursor) -> CompiledRule? {
        let header = headers[index]
        let body = bodies[index] ?? analyzeBody(header, log: log)
        let properties = flattened[index] ?? merge(index, body: body)
        guard header.rule.isValid else { return nil }
        let selector = Self.selector(of: header)
        return CompiledRule(
            selector: selector,
            priority: RuleSelector.priority(className: selector.className, trait: selector.trait,
                                             isConditional: body.condition != nil || selector.hasWhere),
            appliesToSubclasses: body.appliesToSubclasses,
            condition: body.condition,
            source: cursor.position(of: header.rule.selector.range.start, in: header.file),
            properties: properties.items.sorted { $0.name < $1.name })
    }

    // MARK: - Headers and include references

    private func collectHeaders() {
        headers.reserveCapacity(program.files.reduce(0) { $0 + $1.syntax.items.count })
        for file in program.files {
            for item in file.syntax.items {
                if case .rule(let rule) = item { headers.append(Header(file: file, rule: rule)) }
            }
        }
    }

    /// The selector of a rule as the table records it.
    static func selector(of header: Header) -> RuleSelector {
        let syntax = header.rule.selector
        let file = header.file
        return RuleSelector(raw: syntax.canonicalText(in: file.source), className: syntax.className.map(file.text),
                            trait: syntax.trait.map(file.text), hasWhere: syntax.hasWhere)
    }

    private func resolveIncludeReferences() {
        // Rules by selector text: the first rule with each text, and for each
        // rule the next one with the same text (no array per selector).
        var firstBySelector: [String: Int32] = [:]
        var lastBySelector: [String: Int32] = [:]
        var nextWithSameSelector = [Int32](repeating: -1, count: headers.count)
        for (index, header) in headers.enumerated() where header.rule.isValid {
            let text = header.rule.selector.canonicalText(in: header.file.source)
            if let last = lastBySelector[text] { nextWithSameSelector[Int(last)] = Int32(index) }
            else { firstBySelector[text] = Int32(index) }
            lastBySelector[text] = Int32(index)
        }
        lastBySelector = [:]
        for index in headers.indices {
            let file = headers[index].file
            let first = Int32(includeReferences.count)
            for declaration in file.syntax.declarations(of: headers[index].rule) {
                guard case .include(let list) = declaration.value else { continue }
                if let important = declaration.important {
                    program.report(EvalMessages.importantOnDirective("__include"), in: file, at: important)
                }
                for selector in file.syntax.includeList(list) {
                    let text = selector.canonicalText(in: file.source)
                    let start = Int32(includeTargets.count)
                    var target = firstBySelector[text] ?? -1
                    if target < 0 {
                        let suggestion = Suggestions.closest(to: text, in: firstBySelector.keys)
                        program.report(EvalMessages.includeUndefined(text, suggestion: suggestion), in: file, at: selector.range)
                    }
                    while target >= 0 {
                        includeTargets.append(target)
                        target = nextWithSameSelector[Int(target)]
                    }
                    includeReferences.append(IncludeReference(range: selector.range,
                                                              targets: start..<Int32(includeTargets.count)))
                }
            }
            headers[index].includes = first..<Int32(includeReferences.count)
        }
    }

    /// The references of a rule's `__include`s, in order.
    private func references(of rule: Int) -> ArraySlice<IncludeReference> {
        let range = headers[rule].includes
        return includeReferences[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    private func targets(of reference: IncludeReference) -> ArraySlice<Int32> {
        includeTargets[Int(reference.targets.lowerBound)..<Int(reference.targets.upperBound)]
    }

    // MARK: - Flattening included rules

    /// Flattens every rule that some rule includes, dependencies first.
    private func flattenIncludedRules() {
        var isIncluded = [Bool](repeating: false, count: headers.count)
        for target in includeTargets { isIncluded[Int(target)] = true }
        var done = [Bool](repeating: false, count: headers.count)
        var onStack = [Bool](repeating: false, count: headers.count)
        for root in headers.indices where isIncluded[root] && !done[root] {
            var stack: [(rule: Int, edges: [(target: Int, range: SourceRange)], next: Int)] = [(root, edges(of: root), 0)]
            onStack[root] = true
            while !stack.isEmpty {
                let top = stack.count - 1
                if stack[top].next < stack[top].edges.count {
                    let edge = stack[top].edges[stack[top].next]
                    stack[top].next += 1
                    if onStack[edge.target] {
                        let start = stack.firstIndex { $0.rule == edge.target }!
                        let chain = (stack[start...].map(\.rule) + [edge.target]).map { rule in
                            headers[rule].rule.selector.canonicalText(in: headers[rule].file.source)
                        }
                        program.report(EvalMessages.includeCycle(chain), in: headers[stack[top].rule].file, at: edge.range)
                    } else if !done[edge.target] {
                        onStack[edge.target] = true
                        stack.append((edge.target, edges(of: edge.target), 0))
                    }
                } else {
                    let rule = stack.removeLast().rule
                    let body = analyzeBody(headers[rule], log: program.log)
                    bodies[rule] = body
                    flattened[rule] = merge(rule, body: body)
                    onStack[rule] = false
                    done[rule] = true
                }
            }
        }
    }

    private func edges(of rule: Int) -> [(target: Int, range: SourceRange)] {
        references(of: rule).flatMap { reference in targets(of: reference).map { (Int($0), reference.range) } }
    }

    /// Included properties in list order (a later selector wins), then the
    /// rule's own (which always win). A target still being flattened is part
    /// of a cycle, already reported, and contributes nothing.
    private func merge(_ rule: Int, body: Body) -> PropertyList {
        let references = references(of: rule)
        if references.isEmpty { return body.properties }
        var properties = PropertyList()
        for reference in references {
            for target in targets(of: reference) {
                guard let included = flattened[Int(target)] else { continue }
                for property in included.items { properties.set(property) }
            }
        }
        for property in body.properties.items { properties.set(property) }
        return properties
    }
}

/// Source positions for a sequence of rules: a line-table cursor that
/// continues across positions in the same file (see `LineTable.location`).
struct SourcePositionCursor {
    private var file: LoadedFile?
    private var cursor = LineTable.Cursor()

    mutating func position(of offset: Int, in file: LoadedFile) -> SourcePosition {
        if self.file !== file {
            self.file = file
            cursor = LineTable.Cursor()
        }
        let (line, column) = file.lines.location(of: offset, continuing: &cursor)
        return SourcePosition(file: file.relativePath, line: line, column: column)
    }
}
