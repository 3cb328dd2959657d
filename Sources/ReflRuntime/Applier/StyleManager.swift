/// Holds the stylesheet an app styles with and every target registered with
/// it (weakly: a target that goes away leaves), and styles them: when one
/// is registered, when its traits or environment change, and all of them
/// when the stylesheet is replaced (a live reload).
///
/// Each target's environment comes from `environment(for:)`, which the
/// UIKit layer gives (a view's trait collection, window and bounds) and a
/// test or a host of its own can set.
public final class StyleManager {
    public let applier: StyleApplier
    /// The environment a target is styled in; `StyleEnvironment()` unless set.
    public var environment: (StyleTarget) -> StyleEnvironment = { _ in StyleEnvironment() }
    /// The registered targets, each at the slot its state records (a
    /// dictionary by identity cost a tenth of a first styling in hashing).
    /// Not checked for exclusive access at run time: no access spans a call
    /// of other code.
    @exclusivity(unchecked) private var targets: [WeakTarget] = []

    private struct WeakTarget {
        weak var target: StyleTarget?
    }

    public init(stylesheet: Stylesheet, bindings: StyleBindings = StyleBindings()) {
        applier = StyleApplier(stylesheet: stylesheet, bindings: bindings)
    }

    public var stylesheet: Stylesheet { applier.stylesheet }

    /// The targets registered and still alive.
    public var registeredTargets: [StyleTarget] {
        targets = targets.filter { $0.target != nil }
        for (slot, weak) in targets.enumerated() { weak.target?.styleState.registrationSlot = slot }
        return targets.compactMap(\.target)
    }

    /// Registers `target` and styles it.
    @discardableResult
    public func register(_ target: StyleTarget) -> StyleApplier.Outcome {
        let state = target.styleState
        if !state.isRegistered || state.registrationSlot >= targets.count || targets[state.registrationSlot].target !== target {
            state.registrationSlot = targets.count
            targets.append(WeakTarget(target: target))
        }
        state.isRegistered = true
        return apply(to: target)
    }

    /// What styling one registered target did, as `applyToAll` and
    /// `replaceStylesheet` report it: a live-reload client can tell what a
    /// new build changed on screen, or log what the app's targets cannot take.
    /// It holds its target (the manager holds targets weakly): keep it no
    /// longer than it takes to read it.
    public struct TargetOutcome {
        public let target: StyleTarget
        public let outcome: StyleApplier.Outcome
    }

    /// Stops styling `target`; with `restoring`, puts back what styling
    /// changed, and says what it put back (`restored`).
    @discardableResult
    public func unregister(_ target: StyleTarget, restoring: Bool = true) -> StyleApplier.Outcome {
        let state = target.styleState
        let slot = state.registrationSlot
        if state.isRegistered, slot < targets.count, targets[slot].target === target {
            // The last target takes the freed slot.
            targets.swapAt(slot, targets.count - 1)
            targets.removeLast()
            if slot < targets.count { targets[slot].target?.styleState.registrationSlot = slot }
        }
        state.isRegistered = false
        return restoring ? applier.unstyle(target) : StyleApplier.Outcome()
    }

    /// Gives `target` these traits and styles it again, and the registered
    /// targets inside it when the stylesheet has selectors with context
    /// (`card UILabel` depends on the card's traits).
    @discardableResult
    public func setTraits(_ traits: Set<String>, of target: StyleTarget) -> StyleApplier.Outcome {
        target.styleState.traits = traits
        let outcome = apply(to: target)
        if applier.usesContext { applyInside(target) }
        return outcome
    }

    /// Styles again every registered target inside `target`, at any depth.
    public func applyInside(_ target: StyleTarget) {
        var pending = target.styleChildren
        while let child = pending.popLast() {
            if child.styleState.isRegistered { apply(to: child) }
            pending.append(contentsOf: child.styleChildren)
        }
    }

    /// Styles `target` in its present environment (after a trait-collection
    /// change, a move to another window, ...).
    @discardableResult
    public func apply(to target: StyleTarget, atLayout: Bool = false) -> StyleApplier.Outcome {
        applier.apply(to: target, in: environment(target), atLayout: atLayout)
    }

    /// Styles every registered target again (an environment change that
    /// concerns them all, such as reduce motion turned on); what it did to
    /// each, in the order of `registeredTargets`.
    @discardableResult
    public func applyToAll() -> [TargetOutcome] {
        registeredTargets.map { TargetOutcome(target: $0, outcome: apply(to: $0)) }
    }

    /// Uses `stylesheet` from now on and restyles every registered target:
    /// changed values are written, values no longer set are restored. What a
    /// live-reload client calls with each new build; it returns what the
    /// restyling did to each target, as `applyToAll` does.
    @discardableResult
    public func replaceStylesheet(_ stylesheet: Stylesheet) -> [TargetOutcome] {
        applier.replaceStylesheet(stylesheet)
        return applyToAll()
    }
}
