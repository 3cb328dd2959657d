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
    /// A well-formed rule and what its selector says.
    struct Header {
        let file: LoadedFile
        let rule: Rule
        let selector: RuleSelector
        /// `__include` references: the selector text, where it is written,
        /// and the rules that have that selector (in source order).
        var includes: [(text: String, range: SourceRange, targets: [Int])] = []
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
    /// Flattened properties of the rules that others include.
    private var flattened: [Int: PropertyList] = [:]
    private var bodies: [Int: Body] = [:]

    init(program: Program) {
        self.program = program
        collectHeaders()
        resolveIncludeReferences()
    }

    /// Every rule of the program, in order, compiled. Rules whose header had
    /// a syntax error are checked (their bodies report) but not emitted.
    func forEachRule(_ emit: (CompiledRule) -> Void) {
        flattenIncludedRules()
        for index in headers.indices {
            let header = headers[index]
            let body = bodies[index] ?? analyzeBody(header)
            let properties = flattened[index] ?? merge(index, body: body)
            guard header.rule.isValid else { continue }
            let (line, column) = header.file.lines.location(of: header.rule.selector.range.start)
            let selector = header.selector
            emit(CompiledRule(
                selector: selector,
                priority: RuleSelector.priority(className: selector.className, trait: selector.trait,
                                                 isConditional: body.condition != nil || selector.hasWhere),
                appliesToSubclasses: body.appliesToSubclasses,
                condition: body.condition,
                source: SourcePosition(file: header.file.relativePath, line: line, column: column),
                properties: properties.items.sorted { $0.name < $1.name }))
        }
    }

    // MARK: - Headers and include references

    private func collectHeaders() {
        for file in program.files {
            for item in file.syntax.items {
                guard case .rule(let rule) = item else { continue }
                let syntax = rule.selector
                let selector = RuleSelector(raw: syntax.canonicalText(in: file.source),
                                            className: syntax.className.map(file.text), trait: syntax.trait.map(file.text),
                                            hasWhere: syntax.hasWhere)
                headers.append(Header(file: file, rule: rule, selector: selector))
            }
        }
    }

    private func resolveIncludeReferences() {
        var bySelector: [String: [Int]] = [:]
        for (index, header) in headers.enumerated() where header.rule.isValid {
            bySelector[header.selector.raw, default: []].append(index)
        }
        for index in headers.indices {
            let file = headers[index].file
            for declaration in headers[index].rule.declarations {
                guard case .include(let selectors) = declaration.value else { continue }
                if let important = declaration.important {
                    program.report(EvalMessages.importantOnDirective("__include"), in: file, at: important)
                }
                for selector in selectors {
                    let text = selector.canonicalText(in: file.source)
                    let targets = bySelector[text] ?? []
                    if targets.isEmpty {
                        let suggestion = Suggestions.closest(to: text, in: bySelector.keys)
                        program.report(EvalMessages.includeUndefined(text, suggestion: suggestion), in: file, at: selector.range)
                    }
                    headers[index].includes.append((text, selector.range, targets))
                }
            }
        }
    }

    // MARK: - Flattening included rules

    /// Flattens every rule that some rule includes, dependencies first.
    private func flattenIncludedRules() {
        var isIncluded = [Bool](repeating: false, count: headers.count)
        for header in headers { for include in header.includes { for target in include.targets { isIncluded[target] = true } } }
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
                        let chain = stack[start...].map { headers[$0.rule].selector.raw } + [headers[edge.target].selector.raw]
                        program.report(EvalMessages.includeCycle(chain), in: headers[stack[top].rule].file, at: edge.range)
                    } else if !done[edge.target] {
                        onStack[edge.target] = true
                        stack.append((edge.target, edges(of: edge.target), 0))
                    }
                } else {
                    let rule = stack.removeLast().rule
                    let body = analyzeBody(headers[rule])
                    bodies[rule] = body
                    flattened[rule] = merge(rule, body: body)
                    onStack[rule] = false
                    done[rule] = true
                }
            }
        }
    }

    private func edges(of rule: Int) -> [(target: Int, range: SourceRange)] {
        headers[rule].includes.flatMap { include in include.targets.map { ($0, include.range) } }
    }

    /// Included properties in list order (a later selector wins), then the
    /// rule's own (which always win). A target still being flattened is part
    /// of a cycle, already reported, and contributes nothing.
    private func merge(_ rule: Int, body: Body) -> PropertyList {
        let includes = headers[rule].includes
        if includes.isEmpty { return body.properties }
        var properties = PropertyList()
        for include in includes {
            for target in include.targets {
                guard let included = flattened[target] else { continue }
                for property in included.items { properties.set(property) }
            }
        }
        for property in body.properties.items { properties.set(property) }
        return properties
    }
}
