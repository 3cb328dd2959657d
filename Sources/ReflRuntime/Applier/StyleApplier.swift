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
    private var cache = StyleCache()
    /// Counts stylesheet replacements: a target styled under an earlier one is styled again.
    private var generation = 0

    public init(stylesheet: Stylesheet, bindings: StyleBindings = StyleBindings()) {
        self.stylesheet = stylesheet
        self.bindings = bindings
    }

    /// Uses `stylesheet` from now on (a reload); resolutions made with the
    /// previous one are dropped. Targets are restyled when next applied.
    public func replaceStylesheet(_ stylesheet: Stylesheet) {
        self.stylesheet = stylesheet
        cache.removeAll()
        generation += 1
    }

    /// The style of `target` in `environment`: every property the
    /// stylesheet sets for it.
    public func style(of target: StyleTarget, in environment: StyleEnvironment) -> ComputedStyle {
        let chain = target.styleClassChain
        let traits = target.styleState.traits
        let key = EnvironmentKey(environment).map { StyleCache.Key(classChain: chain, traits: traits, environment: $0) }
        return cache.style(key) {
            stylesheet.resolve(StyleQuery(className: chain.first ?? "", superclasses: Array(chain.dropFirst()),
                                          traits: traits, environment: environment))
        }
    }

    /// What one application did.
    public struct Outcome: Sendable, Equatable {
        /// Properties written with the stylesheet's value.
        public var written: [StyledProperty] = []
        /// Properties the stylesheet no longer sets, put back as they were.
        public var restored: [StyledProperty] = []
        /// Properties the app's code changed since the last write, left as the app set them.
        public var keptAppValues: [StyledProperty] = []
        /// Properties the stylesheet sets that the target has no binding
        /// for, or whose value the binding cannot take (still readable in
        /// `computedStyle`).
        public var notApplied: [StyledProperty] = []

        public init() {}
    }

    /// Styles `target` for `environment`. At layout (`atLayout`, after the
    /// target's bounds changed) the environment carries the new bounds, and
    /// `!important` properties are written again even where unchanged, as
    /// the original engine did.
    @discardableResult
    public func apply(to target: StyleTarget, in environment: StyleEnvironment, atLayout: Bool = false) -> Outcome {
        let state = target.styleState
        let environmentKey = EnvironmentKey(environment)
        if !atLayout, let last = state.lastApplication, last.generation == generation, last.traits == state.traits,
           let environmentKey, last.environment == environmentKey {
            return Outcome()  // the same query as last time: the same style, nothing to write
        }
        let style = self.style(of: target, in: environment)
        state.lastApplication = (state.traits, environmentKey, generation)
        state.computedStyle = style
        var outcome = Outcome()
        let context = StyleContext(environment: environment)
        let chain = target.styleClassChain
        var wanted: [StyledProperty: (value: StyleValue, important: Bool)] = [:]
        for (name, value) in style.properties {
            wanted[StyledProperty(name)] = (value, style.importantProperties.contains(name))
        }
        for (state, properties) in style.stateProperties {
            let important = style.importantStateProperties[state] ?? []
            for (name, value) in properties { wanted[StyledProperty(name, state: state)] = (value, important.contains(name)) }
        }
        for property in wanted.keys.sorted() {
            let (value, important) = wanted[property]!
            let accessor = Accessor(target: target, property: property, binding: bindings.binding(property.name, classChain: chain))
            guard let converted = accessor.convert(value, context) else {
                outcome.notApplied.append(property)
                continue
            }
            if var record = state.records[property] {
                if record.styleValue == value && !(atLayout && important) {
                    // Unchanged in the stylesheet: written again only if it was
                    // never written; an app's change since the write is kept.
                    if let written = record.written, case .value(let present) = accessor.read(), !present.isSame(as: written) {
                        outcome.keptAppValues.append(property)
                    }
                    continue
                }
                if record.styleValue == value, let written = record.written, case .value(let present) = accessor.read(),
                   !present.isSame(as: written) {
                    outcome.keptAppValues.append(property)  // important, but the app's code set it since
                    continue
                }
                accessor.write(converted)
                record.written = converted
                record.styleValue = value
                state.records[property] = record
            } else {
                var original: TargetValue?
                if case .value(let present) = accessor.read() { original = present }
                accessor.write(converted)
                state.records[property] = StyleState.Record(original: original, written: converted, styleValue: value)
            }
            outcome.written.append(property)
        }
        for property in state.records.keys.sorted() where wanted[property] == nil {
            let record = state.records.removeValue(forKey: property)!
            let accessor = Accessor(target: target, property: property, binding: bindings.binding(property.name, classChain: chain))
            let present = accessor.read()
            if case .value(let value) = present, let written = record.written, !value.isSame(as: written) {
                outcome.keptAppValues.append(property)  // the app's code set it since: it stays
                continue
            }
            accessor.restore(record.original)
            outcome.restored.append(property)
        }
        return outcome
    }

    /// Puts back every property styling holds on `target` (a target leaving
    /// the styled world) and forgets it.
    @discardableResult
    public func unstyle(_ target: StyleTarget) -> Outcome {
        let state = target.styleState
        var outcome = Outcome()
        let chain = target.styleClassChain
        for property in state.records.keys.sorted() {
            let record = state.records.removeValue(forKey: property)!
            let accessor = Accessor(target: target, property: property, binding: bindings.binding(property.name, classChain: chain))
            if case .value(let value) = accessor.read(), let written = record.written, !value.isSame(as: written) {
                outcome.keptAppValues.append(property)
                continue
            }
            accessor.restore(record.original)
            outcome.restored.append(property)
        }
        state.computedStyle = ComputedStyle()
        state.lastApplication = nil
        return outcome
    }

    /// One property of one target, reached through its binding or through
    /// the target's own keyed accessors.
    private struct Accessor {
        let target: StyleTarget
        let property: StyledProperty
        let binding: StyleBinding?

        func convert(_ value: StyleValue, _ context: StyleContext) -> TargetValue? {
            if let binding { return binding.convert(value, context) }
            return target is KeyedStyleTarget ? TargetValue(value) : nil
        }

        func read() -> StyleRead {
            if let binding { return binding.read(target, property.state) }
            return (target as? KeyedStyleTarget)?.styleValue(at: property.name, for: property.state) ?? .unknown
        }

        func write(_ value: TargetValue) {
            if let binding { return binding.write(target, value, property.state) }
            (target as? KeyedStyleTarget)?.setStyleValue(value.value as? StyleValue, at: property.name, for: property.state)
        }

        /// Puts back `original`; with none known (it could not be read
        /// without making a sub-object), the property is cleared.
        func restore(_ original: TargetValue?) {
            if let binding { return binding.write(target, original, property.state) }
            (target as? KeyedStyleTarget)?.setStyleValue(original?.value as? StyleValue, at: property.name, for: property.state)
        }
    }
}
