import ReflLexer
import ReflParser

/// A rule that other rules include, flattened: for each of its properties
/// (its own and those it includes, transitively), which rule's own
/// declaration provides the value. Twelve bytes an entry rather than a copy
/// of the property: along a chain of includes each rule holds all the
/// properties of the rules below it, and copies would cost the memory of
/// the whole expansion.
struct IncludedProperties {
    /// A property's value: position `position` of the own properties of `rule`.
    struct Source {
        let rule: Int32
        let position: Int32
    }

    /// The property ids (name and control state; see `PropertyNames`).
    var ids: [Int32] = []
    var sources: [Source] = []
}

/// The rules that others include, flattened, with their lowered bodies;
/// found from a rule's index through one array (a few of the rules are
/// included, and every rule's includes look them up: cheaper than hashing).
struct IncludedRules {
    private var slots: [Int32] = []
    private var lists: [IncludedProperties] = []
    private var bodies: [RuleCompiler.Body] = []

    init(ruleCount: Int = 0) {
        slots = [Int32](repeating: -1, count: ruleCount)
    }

    func flattened(_ rule: Int) -> IncludedProperties? {
        let slot = slots[rule]
        return slot < 0 ? nil : lists[Int(slot)]
    }

    func body(of rule: Int) -> RuleCompiler.Body? {
        let slot = slots[rule]
        return slot < 0 ? nil : bodies[Int(slot)]
    }

    /// How many properties the flattened rule holds (0 if not flattened).
    func count(of rule: Int) -> Int {
        let slot = slots[rule]
        return slot < 0 ? 0 : lists[Int(slot)].ids.count
    }

    /// Where rule `rule`'s flattened list is (for the reads below), or nil
    /// when no rule includes it.
    func slot(of rule: Int) -> Int? {
        let slot = slots[rule]
        return slot < 0 ? nil : Int(slot)
    }

    /// How many entries the flattened list in `slot` has.
    func entryCount(inSlot slot: Int) -> Int { lists[slot].ids.count }

    /// The property id of entry `entry` of the flattened list in `slot`.
    func id(inSlot slot: Int, at entry: Int) -> Int32 { lists[slot].ids[entry] }

    /// Where the value of entry `entry` of the flattened list in `slot` is.
    func source(inSlot slot: Int, at entry: Int) -> IncludedProperties.Source { lists[slot].sources[entry] }

    /// The own property that `source` names.
    func property(at source: IncludedProperties.Source) -> Property {
        bodies[Int(slots[Int(source.rule)])].properties.items[Int(source.position)]
    }

    /// Where the value of the own property `source` names was set (the
    /// key of the declaration that holds it, in its rule's file).
    func keyRange(of source: IncludedProperties.Source) -> SourceRange {
        bodies[Int(slots[Int(source.rule)])].keyRanges[Int(source.position)]
    }

    mutating func add(_ rule: Int, body: RuleCompiler.Body, flattened: IncludedProperties) {
        slots[rule] = Int32(lists.count)
        lists.append(flattened)
        bodies.append(body)
    }
}

extension RuleCompiler {
    // MARK: - Flattening included rules

    /// Flattens every rule that some rule includes, dependencies first.
    func flattenIncludedRules() {
        includedRules = IncludedRules(ruleCount: headers.count)
        let serialContext = RuleContext(compiler: self)
        serialContext.log = program.log
        var included = [Bool](repeating: false, count: headers.count)
        for target in includeTargets { included[Int(target)] = true }
        let isIncluded = included  // a constant: the filter's closure would box a variable and check each read
        let walk = DependencyWalk<Int, (target: Int, range: SourceRange)>(
            edges: { self.edges(of: $0) },
            target: { edge, _ in edge.target },
            cycle: { rules, edge in
                let chain = rules.map { rule in self.headers[rule].rule.selector.canonicalText(in: self.file(of: self.headers[rule]).source) }
                let includer = self.headers[rules[rules.count - 2]]
                self.program.report(EvalMessages.includeCycle(chain), in: self.file(of: includer), at: edge.range)
            },
            finish: { rule in
                let body = self.analyzeBody(self.headers[rule], in: serialContext)
                let list = self.flatten(rule, own: body.properties)
                self.countIncluded(list.ids.count - body.properties.ids.count, by: rule)
                self.includedRules.add(rule, body: body, flattened: list)
            })
        walk.walk(from: headers.indices.lazy.filter { isIncluded[$0] })
    }

    func edges(of rule: Int) -> [(target: Int, range: SourceRange)] {
        references(of: rule).flatMap { reference in targets(of: reference).map { (Int($0), reference.range) } }
    }

    /// The flattened form of `rule`: its own properties, then those of its
    /// includes that it does not set (a later selector's first). A target
    /// still being flattened is part of a cycle, already reported, and
    /// contributes nothing.
    private func flatten(_ rule: Int, own: PropertyList) -> IncludedProperties {
        var list = IncludedProperties(ids: own.ids, sources: own.ids.indices.map { .init(rule: Int32(rule), position: Int32($0)) })
        guard !isPastIncludeLimit, !headers[rule].includes.isEmpty else { return list }
        let room = includedCount(of: rule)
        list.ids.reserveCapacity(list.ids.count + room)
        list.sources.reserveCapacity(list.sources.count + room)
        var present = Set(own.ids)
        for reference in references(of: rule).reversed() {
            for target in targets(of: reference).reversed() {
                guard let included = includedRules.flattened(Int(target)) else { continue }
                for entry in included.ids.indices where present.insert(included.ids[entry]).inserted {
                    list.ids.append(included.ids[entry])
                    list.sources.append(included.sources[entry])
                }
            }
        }
        return list
    }

    /// How many properties the flattened rules that `rule` includes hold:
    /// at most what it copies from them.
    func includedCount(of rule: Int) -> Int {
        var count = 0
        for reference in headers[rule].includes {
            for target in includeReferences[Int(reference)].targets {
                count += includedRules.count(of: Int(includeTargets[Int(target)]))
            }
        }
        return count
    }

    // MARK: - Merging

    /// The rule's own properties (which always win) and those it includes
    /// (of which a later selector's win). The order of the properties does
    /// not matter (they are sorted by name), so the own list is extended in
    /// place: included lists are added last to first, each property only
    /// where its name is not set yet.
    func merge(_ rule: Int, own: consuming PropertyList, checked: Bool, in context: RuleContext) -> PropertyList {
        var properties = own
        guard !isPastIncludeLimit, !headers[rule].includes.isEmpty else { return properties }
        properties.reserve(includedCount(of: rule))  // room for all, so the list grows once
        // A class the schema knows takes what is copied in as it takes its own declarations.
        let checks = checked ? context.keyChecks(for: headers[rule].rule) : nil
        // The properties refused by the class: the value that would have won
        // was wrong, and an earlier selector's for the same key is not taken instead.
        var refused: [Int32] = []
        // References, targets and flattened lists are read in place, by
        // index: the threads share them, and a slice or a copy of one counted
        // a reference to it (22 atomic operations an `__include`, on lines
        // every thread wrote; a fifth of those of the 1 MB benchmark corpus's build).
        for referenceIndex in headers[rule].includes.reversed() {
            let reference = includeReferences[Int(referenceIndex)]
            for targetIndex in reference.targets.reversed() {
                guard let slot = includedRules.slot(of: Int(includeTargets[Int(targetIndex)])) else { continue }
                for entry in 0..<includedRules.entryCount(inSlot: slot) {
                    let id = includedRules.id(inSlot: slot, at: entry)
                    guard properties.index(of: id) == nil else { continue }
                    let source = includedRules.source(inSlot: slot, at: entry)
                    var property = includedRules.property(at: source)
                    if let checks {
                        guard !refused.contains(id) else { continue }
                        guard let checked = checkedIncluded(property, id: id, from: source, at: reference.range, checks, in: context) else {
                            refused.append(id)
                            continue
                        }
                        property = checked
                    }
                    properties.append(property, id: id)
                }
            }
        }
        return properties
    }

    /// A property copied by `__include` (at `range`), whose declaration
    /// `source` names (in the included rule, or one it includes in turn),
    /// into a rule of the class `checks` checks, as that class takes it:
    /// its value adapted to the key's type (a case of another enumeration
    /// as the case of the same name, `centered { alignment: center; }`
    /// giving a stack view's `center`; a word as the option), or nil, with
    /// an error at the `__include` and a note at the declaration, when the
    /// key's type does not take it. Keys the class does not know are left
    /// as they are: a rule of traits may set keys for several classes.
    private func checkedIncluded(_ property: Property, id: Int32, from source: IncludedProperties.Source, at range: SourceRange,
                                 _ checks: RuleContext.KeyChecks, in context: RuleContext) -> Property? {
        // The key as a stylesheet writes it, made only where it is needed: for a
        // key the class's checks have not met yet, and for a message. Made for
        // every property copied, it was a third of a build of UIKit rules that
        // include others (11,600 instructions a property).
        func written() -> String {
            property.name.split(separator: ".").map { StylesheetText.kebabCase(String($0)) }.joined(separator: "--")
        }
        // With its control states, in their canonical text as other messages
        // give them: the errors of one key copied for two states stand at the
        // same `__include`, told apart by their text.
        func writtenWithStates() -> String {
            let states = PropertyNames.states(id)
            return states == .normal ? written() : "\(written())[\(states)]"
        }
        guard let known = context.knownKey(PropertyNames.nameID(id), written: written(), in: checks) else { return property }
        let schema = context.schemaCheck
        // The property's schema is read where the check holds it: a copy counted references to its names.
        let adapted = schema.adapt(property.value, to: known.property.type)
        // A control state is copied whatever the key (`pressable { alpha[highlighted]: 0.6; }`
        // serves every control): the resolved style lists it for the host to apply.
        var error = schema.accepts(known.property.type, adapted) ? schema.singleOptionError(key: writtenWithStates(), known.property, found: adapted)
            : schema.typeError(key: writtenWithStates(), known.property.type, found: adapted)
        guard error != nil else {
            var checked = property
            checked.value = adapted
            return checked
        }
        let includedFile = file(of: headers[Int(source.rule)]).source
        let selector = headers[Int(source.rule)].rule.selector.canonicalText(in: includedFile)
        error!.text += " (copied from '\(selector)' by '__include')"
        let declaration = Diagnostic.Note("the declaration copied is here", file: includedFile, range: includedRules.keyRange(of: source))
        context.log.report(error!, in: context.lowerer.file, at: range, notes: [declaration])
        return nil
    }

    /// The properties of a flattened rule, as a list to emit.
    func materialize(_ list: IncludedProperties) -> PropertyList {
        var properties = PropertyList(capacity: list.ids.count)
        for entry in list.ids.indices { properties.append(includedRules.property(at: list.sources[entry]), id: list.ids[entry]) }
        return properties.finished()
    }
}
