/// Puts a stylesheet's computed style on targets: resolves the style of a
/// target (its class chain, traits and environment; cached per query), and
/// writes each property through its binding, or through the target itself
/// for a `KeyedStyleTarget`. What it writes, keeps and restores follows the
/// rules of `StyleState` (Docs/Applier.md).
///
/// Not thread-safe: one applier styles its targets from one thread (the
/// main thread, for views).
public final class StyleApplier {
    public private(set) var stylesheet: Stylesheet
    /// How each property is written; the UIKit layer fills it from the schema.
    public let bindings: StyleBindings
    // The applier's own state is not checked for exclusive access at run
    // time (the checks, with those of `StyleState` and `StyleManager`, cost
    // 3% of a first styling): no access to it spans a call of the app's
    // code (a binding's read, write or conversion).
    @exclusivity(unchecked) private var cache = StyleCache()
    @exclusivity(unchecked) private var environmentNumbers = EnvironmentNumbers()
    /// The stylesheet's generation: a target styled under an earlier one is
    /// styled again. Numbered across every applier, so that a target another
    /// applier styled (another manager's) is never taken for a repeat.
    @exclusivity(unchecked) private var generation = Generations.next()

    /// Hands out stylesheet generations, each once in the process.
    private final class Generations: @unchecked Sendable {  // its one field is only reached under its lock
        private static let shared = Generations()
        private let lock = Lock()
        private var last = 0

        static func next() -> Int { shared.lock.withLock { shared.last += 1; return shared.last } }
    }

    public init(stylesheet: Stylesheet, bindings: StyleBindings = StyleBindings()) {
        self.stylesheet = stylesheet
        self.bindings = bindings
        usesContext = stylesheet.hasSelectorsWithContext
    }

    /// Uses `stylesheet` from now on (a reload); resolutions made with the
    /// previous one are dropped. Targets are restyled when next applied.
    public func replaceStylesheet(_ stylesheet: Stylesheet) {
        self.stylesheet = stylesheet
        usesContext = stylesheet.hasSelectorsWithContext
        cache.removeAll()
        generation = Generations.next()
    }

    /// Whether the stylesheet has selectors with context: only then are a
    /// target's ancestors gathered, compared and part of the cache key.
    public private(set) var usesContext: Bool

    /// The style of `target` in `environment`: every property the
    /// stylesheet sets for it.
    public func style(of target: StyleTarget, in environment: StyleEnvironment) -> ComputedStyle {
        appliedStyle(of: target, in: environment, environmentNumber: environmentNumbers.number(of: environment),
                     ancestors: usesContext ? target.styleAncestors : []).style
    }

    private func appliedStyle(of target: StyleTarget, in environment: StyleEnvironment, environmentNumber: Int?,
                              ancestors: [StyleAncestor]) -> AppliedStyle {
        let chain = target.styleClassChain
        let traits = target.styleState.traits
        let key = environmentNumber.map { StyleCache.Key(classChain: chain, traits: traits, environment: $0, ancestors: ancestors) }
        if let key, let style = cache.style(key) { return style }
        // Resolved and converted outside the cache's access: the conversions are the app's code.
        let style = stylesheet.resolve(StyleQuery(className: chain.first ?? "", superclasses: Array(chain.dropFirst()),
                                                  traits: traits, environment: environment, ancestors: ancestors))
        let applied = AppliedStyle(style: style, classChain: chain, bindings: bindings, context: StyleContext(environment: environment))
        if let key { cache.keep(applied, for: key) }
        return applied
    }

    /// What one application did.
    public struct Outcome: Sendable, Equatable {
        /// Properties written with the stylesheet's value.
        public var written: [StyledProperty] {
            guard let writes else { return [] }
            return writes.records.indices.filter { writes.bits.contains($0) }.map { writes.records[$0].property }
        }
        /// How many properties were written: `written.count`, without making the list.
        public var writtenCount: Int { writes?.bits.count ?? 0 }
        /// Properties the stylesheet no longer sets, put back as they were.
        public var restored: [StyledProperty] = []
        /// Properties the app's code changed since the last write, left as the app set them.
        public var keptAppValues: [StyledProperty] = []
        /// Properties the stylesheet sets that the target has no binding
        /// for, or whose value the binding cannot take (still readable in
        /// `computedStyle`).
        public var notApplied: [StyledProperty] = []

        // What was written: the application's records (the array the
        // target's state keeps, shared) and a bit per record. A first
        // styling writes every property of every target; a list of key
        // paths cost an allocation per target and two counted references
        // per property, 7% of a first styling. Nil when nothing was written
        // (a repeat, the commonest application), which costs nothing to make.
        private var writes: (records: [StyleState.Record], bits: IndexBits)?

        public init() {}

        /// Notes that the records marked in `written` were written.
        mutating func noteWritten(_ written: IndexBits, of records: [StyleState.Record]) {
            writes = written.isEmpty ? nil : (records, written)
        }

        public static func == (left: Outcome, right: Outcome) -> Bool {
            left.written == right.written && left.restored == right.restored
                && left.keptAppValues == right.keptAppValues && left.notApplied == right.notApplied
        }
    }

    /// Styles `target` for `environment`. At layout (`atLayout`, after the
    /// target's bounds changed) the environment carries the new bounds, and
    /// `!important` properties are written again even where unchanged, as
    /// the original engine did.
    @discardableResult
    public func apply(to target: StyleTarget, in environment: StyleEnvironment, atLayout: Bool = false) -> Outcome {
        let state = target.styleState
        let environmentNumber = environmentNumbers.number(of: environment)
        let ancestors = usesContext ? target.styleAncestors : []
        if !atLayout, state.lastGeneration == generation, state.lastTraitsVersion == state.traitsVersion,
           let environmentNumber, state.lastEnvironment == environmentNumber, !usesContext || state.lastAncestors == ancestors {
            return Outcome()  // the same query as last time: the same style, nothing to write
        }
        let applied = appliedStyle(of: target, in: environment, environmentNumber: environmentNumber, ancestors: ancestors)
        state.lastGeneration = generation
        state.lastTraitsVersion = state.traitsVersion
        state.lastEnvironment = environmentNumber ?? 0
        state.lastAncestors = ancestors
        var outcome = Outcome()
        if applied === state.applied && !atLayout { return outcome }  // another query with the very same style
        state.applied = applied
        state.computedStyle = applied.style
        // Cast once (a dynamic cast per property would cost more than the
        // write), and not at all when every property has a binding.
        let keyed = applied.isBoundWhole ? nil : target as? KeyedStyleTarget
        // The new style's properties and the records of the last one, both
        // sorted by property, walked together.
        let old = state.records
        var records: [StyleState.Record] = []
        records.reserveCapacity(applied.entries.count)
        var written = IndexBits()
        var index = 0
        for entry in applied.entries {
            while index < old.count && old[index].property < entry.property {
                drop(old[index], from: target, into: &outcome)
                index += 1
            }
            let previous = index < old.count && old[index].entry.property == entry.property ? old[index] : nil
            if previous != nil { index += 1 }
            guard entry.converted != nil, entry.binding != nil || keyed != nil else {
                outcome.notApplied.append(entry.property)
                if let previous { drop(previous, from: target, into: &outcome) }
                continue
            }
            guard var record = previous else {
                var original: TargetValue?
                if case .value(let present) = entry.read(of: target, keyed) { original = present }
                entry.writeConverted(to: target, keyed)
                written.insert(records.count)
                records.append(StyleState.Record(entry: entry, original: original))
                continue
            }
            // A value the stylesheet changed is written, whatever the app set
            // since (important or not); an unchanged one only at layout, when
            // important, and then not over the app's own.
            if record.entry === entry || record.entry.value == entry.value {
                // An app's change since the last write is kept until the stylesheet's value changes.
                if let written = record.written, case .value(let present) = entry.read(of: target, keyed),
                   !present.isSame(as: written) {
                    outcome.keptAppValues.append(entry.property)
                    records.append(record)
                    continue
                }
                if !(atLayout && entry.isImportant) {
                    records.append(record)
                    continue
                }
            }
            entry.writeConverted(to: target, keyed)
            record.entry = entry
            written.insert(records.count)
            records.append(record)
        }
        while index < old.count {
            drop(old[index], from: target, into: &outcome)
            index += 1
        }
        state.records = records
        outcome.noteWritten(written, of: records)
        return outcome
    }

    /// A property the style no longer sets: put back as it was, unless the
    /// app's code set it since the last write.
    private func drop(_ record: StyleState.Record, from target: StyleTarget, into outcome: inout Outcome) {
        let keyed = target as? KeyedStyleTarget
        // Through the binding of the entry that wrote it: the one found for this target's class chain.
        if case .value(let value) = record.entry.read(of: target, keyed), let written = record.written, !value.isSame(as: written) {
            outcome.keptAppValues.append(record.property)
            return
        }
        // With no original known (it could not be read without making a sub-object), the property is cleared.
        record.entry.write(record.original, to: target, keyed)
        outcome.restored.append(record.property)
    }

    /// Puts back every property styling holds on `target` (a target leaving
    /// the styled world) and forgets it.
    @discardableResult
    public func unstyle(_ target: StyleTarget) -> Outcome {
        let state = target.styleState
        var outcome = Outcome()
        for record in state.records { drop(record, from: target, into: &outcome) }
        state.records = []
        state.applied = nil
        state.computedStyle = ComputedStyle()
        state.lastGeneration = -1
        state.lastEnvironment = 0
        return outcome
    }
}
