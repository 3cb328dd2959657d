import Testing
@testable import ReflRuntime
import ReflEval

/// The applier end to end with plain Swift objects standing for views: a
/// stylesheet styles a small tree, a reload changes and drops values, a
/// trait change restyles, and what the app's code set is respected.
struct ApplierTests {
    /// A view as far as styling goes: properties by key path, written and
    /// counted; `imageView` is made lazily, as UIKit's is.
    final class FakeView: KeyedStyleTarget {
        let styleClassChain: [String]
        let styleState = StyleState()
        var properties: [String: StyleValue] = [:]
        var perState: [ControlState: [String: StyleValue]] = [:]
        private(set) var imageViewMade = false
        private(set) var writes = 0
        var subviews: [FakeView] = []

        init(_ chain: [String], _ subviews: [FakeView] = []) {
            styleClassChain = chain
            self.subviews = subviews
        }

        /// What the app's code does: sets a property directly.
        subscript(keyPath: String) -> StyleValue? {
            get { properties[keyPath] }
            set { properties[keyPath] = newValue }
        }

        func styleValue(at keyPath: String, for state: ControlState) -> StyleRead {
            if keyPath.hasPrefix("imageView.") && !imageViewMade { return .notMade }
            let value = state == .normal ? properties[keyPath] : perState[state]?[keyPath]
            return .value(TargetValue(value))
        }

        func setStyleValue(_ value: StyleValue?, at keyPath: String, for state: ControlState) {
            writes += 1
            if keyPath.hasPrefix("imageView.") { imageViewMade = true }
            if state == .normal { properties[keyPath] = value } else { perState[state, default: [:]][keyPath] = value }
        }

        var all: [FakeView] { [self] + subviews.flatMap(\.all) }
    }

    static let red = StyleValue.color(Color(red: 1, green: 0, blue: 0, alpha: 1))
    static let blue = StyleValue.color(Color(red: 0, green: 0, blue: 1, alpha: 1))
    static let white = StyleValue.color(Color(red: 1, green: 1, blue: 1, alpha: 1))

    static func stylesheet(_ text: String) throws -> Stylesheet {
        try Stylesheet(source: text)
    }

    static let first = """
        UIView { apply-to-subclasses: true; background-color: red; alpha: 0.5; }
        UILabel { text-color: blue; }
        UILabel:title { font: font('Avenir-Heavy', 20pt); }
        UIButton { title-color[highlighted]: white; image-view--tint-color: red; }
        MyApp.CardView { layer--corner-radius: 8pt; accent-color: blue; shadow-elevation: 3; }
        """

    /// A card with a label and a button inside, registered with a manager.
    static func screen() throws -> (StyleManager, card: FakeView, label: FakeView, button: FakeView) {
        let label = FakeView(["UILabel", "UIView"])
        let button = FakeView(["UIButton", "UIControl", "UIView"])
        let card = FakeView(["MyApp.CardView", "UIView"], [label, button])
        let manager = StyleManager(stylesheet: try stylesheet(first))
        return (manager, card, label, button)
    }

    @Test func aTreeIsStyledReloadedAndRestyledOnATraitChange() throws {
        let (manager, card, label, button) = try Self.screen()
        label["backgroundColor"] = Self.white              // the app's own value, before styling
        label["numberOfLines"] = .number(2, unit: nil)      // never named by the stylesheet
        for view in card.all { manager.register(view) }

        #expect(card["backgroundColor"] == Self.red)
        #expect(card["layer.cornerRadius"] == .number(8, unit: .pt))
        #expect(label["textColor"] == Self.blue)
        #expect(label["backgroundColor"] == Self.red)
        #expect(button.perState[.highlighted]?["titleColor"] == Self.white)
        #expect(button["imageView.tintColor"] == Self.red)
        #expect(label["font"] == nil)

        // A trait: the title rule applies.
        manager.setTraits(["title"], of: label)
        guard case .font(let font)? = label["font"] else {
            Issue.record("no font: \(label.properties)")
            return
        }
        #expect(font.name == "Avenir-Heavy")

        // A reload: UIView's background changes, alpha and the card's radius are dropped.
        let reloaded = manager.replaceStylesheet(try Self.stylesheet("""
            UIView { apply-to-subclasses: true; background-color: blue; }
            UILabel { text-color: blue; }
            UIButton { title-color[highlighted]: white; }
            """))
        #expect(card["backgroundColor"] == Self.blue)
        #expect(card["alpha"] == nil)                      // restored: it had no value before
        #expect(card["layer.cornerRadius"] == nil)
        #expect(label["backgroundColor"] == Self.blue)
        #expect(label["font"] == nil)                      // the title rule is gone
        #expect(button["imageView.tintColor"] == nil)
        #expect(label["numberOfLines"] == .number(2, unit: nil))
        // What the reload did, target by target, as registered.
        #expect(reloaded.map { ObjectIdentifier($0.target) } == manager.registeredTargets.map { ObjectIdentifier($0) })
        let cardOutcome = try #require(reloaded.first { $0.target === card }?.outcome)
        #expect(cardOutcome.written.map(\.name) == ["backgroundColor"])
        #expect(Set(cardOutcome.restored.map(\.name)) == ["alpha", "layer.cornerRadius", "accentColor", "shadowElevation"])

        // The trait removed after a reload back to the first stylesheet.
        manager.replaceStylesheet(try Self.stylesheet(Self.first))
        manager.setTraits([], of: label)
        #expect(label["font"] == nil)
        #expect(label["numberOfLines"] == .number(2, unit: nil))

        // Unregistered: what styling set is put back as it was, and said.
        let unregistered = manager.unregister(label)
        #expect(Set(unregistered.restored.map(\.name)) == ["backgroundColor", "textColor", "alpha"])
        #expect(label["backgroundColor"] == Self.white)
        #expect(label["textColor"] == nil)
        #expect(label["numberOfLines"] == .number(2, unit: nil))
    }

    @Test func theManagerKeepsEveryRegisteredTargetOnceAndForgetsGoneAndUnregisteredOnes() throws {
        let manager = StyleManager(stylesheet: try Self.stylesheet(Self.first))
        let views = (0..<5).map { _ in FakeView(["UILabel", "UIView"]) }
        for view in views { manager.register(view) }
        manager.register(views[2])  // again: still once
        func registered() -> Set<ObjectIdentifier> { Set(manager.registeredTargets.map { ObjectIdentifier($0) }) }
        #expect(registered() == Set(views.map { ObjectIdentifier($0) }))
        manager.unregister(views[0])  // the last one takes its place
        manager.unregister(views[4])
        #expect(registered() == Set(views[1...3].map { ObjectIdentifier($0) }))
        #expect(!views[0].styleState.isRegistered && views[1].styleState.isRegistered)
        // A target that goes away leaves; the others can still be unregistered.
        var gone: FakeView? = FakeView(["UILabel", "UIView"])
        manager.register(gone!)
        gone = nil
        #expect(registered() == Set(views[1...3].map { ObjectIdentifier($0) }))
        manager.unregister(views[3])
        manager.unregister(views[1])
        #expect(registered() == [ObjectIdentifier(views[2])])
        manager.replaceStylesheet(try Self.stylesheet("UILabel { alpha: 0.25; }"))
        #expect(views[2]["alpha"] == .number(0.25, unit: nil) && views[1]["alpha"] == nil)
    }

    @Test func applyingTheSameStyleTwiceWritesNothing() throws {
        let (manager, card, _, _) = try Self.screen()
        let first = manager.register(card)
        #expect(first.written.count == 5)
        let writes = card.writes
        let again = manager.applier.apply(to: card, in: StyleEnvironment())
        #expect(again == StyleApplier.Outcome())
        // Even styled afresh (another environment that resolves the same), nothing is written.
        let other = manager.applier.apply(to: card, in: StyleEnvironment(appearance: .dark))
        #expect(other.written.isEmpty && other.restored.isEmpty)
        #expect(card.writes == writes)
    }

    /// The outcome lists what was written in property order, past the 64
    /// properties its first word of bits holds, and only what was written.
    @Test func anOutcomeListsEveryPropertyWrittenPastSixtyFour() throws {
        let names = (0..<70).map { $0 < 10 ? "custom0\($0)" : "custom\($0)" }
        func sheet(_ changed: [Int: Int] = [:]) throws -> Stylesheet {
            let declarations = names.indices.map { "\(names[$0]): \(changed[$0] ?? $0);" }
            return try Self.stylesheet("MyApp.Wide { " + declarations.joined(separator: " ") + " }")
        }
        let manager = StyleManager(stylesheet: try sheet())
        let view = FakeView(["MyApp.Wide", "UIView"])
        let first = manager.register(view)
        #expect(first.writtenCount == 70)
        #expect(first.written == names.map { StyledProperty($0) })
        // The app sets three properties; the stylesheet then changes two of them and one it did not touch.
        for name in ["custom03", "custom05", "custom66"] { view[name] = .number(-1, unit: nil) }
        manager.applier.replaceStylesheet(try sheet([3: 30, 66: 660, 68: 680]))
        let reloaded = manager.applier.apply(to: view, in: StyleEnvironment())
        #expect(reloaded.written == ["custom03", "custom66", "custom68"].map { StyledProperty($0) })
        #expect(reloaded.writtenCount == 3 && reloaded.keptAppValues == [StyledProperty("custom05")])
        #expect(view["custom66"] == .number(660, unit: nil) && view["custom05"] == .number(-1, unit: nil))
    }

    @Test func whatTheAppSetsIsNeitherOverwrittenNorRestoredUntilTheStylesheetChangesIt() throws {
        let (manager, card, _, _) = try Self.screen()
        card["alpha"] = .number(1, unit: nil)
        manager.register(card)
        #expect(card["alpha"] == .number(0.5, unit: nil))
        card["alpha"] = .number(0.9, unit: nil)             // the app's code, after styling
        let trait = manager.setTraits(["any"], of: card)
        #expect(trait.keptAppValues == [StyledProperty("alpha")])
        #expect(card["alpha"] == .number(0.9, unit: nil))
        // A reload with the same alpha keeps the app's value ...
        manager.replaceStylesheet(try Self.stylesheet("UIView { apply-to-subclasses: true; background-color: red; alpha: 0.5; }"))
        #expect(card["alpha"] == .number(0.9, unit: nil))
        // ... a new alpha overwrites it ...
        manager.replaceStylesheet(try Self.stylesheet("UIView { apply-to-subclasses: true; background-color: red; alpha: 0.25; }"))
        #expect(card["alpha"] == .number(0.25, unit: nil))
        // ... and once the app changes it again, dropping it does not restore.
        card["alpha"] = .number(0.8, unit: nil)
        let restyled = manager.applier.apply(to: card, in: StyleEnvironment(appearance: .light))
        #expect(restyled.keptAppValues == [StyledProperty("alpha")] && restyled.written.isEmpty)
        manager.replaceStylesheet(try Self.stylesheet("UIView { apply-to-subclasses: true; background-color: red; }"))
        #expect(card["alpha"] == .number(0.8, unit: nil))
    }

    /// `!important` changes when a value is written again (at layout), not
    /// whose value wins: a new value from the stylesheet replaces the app's.
    @Test func anImportantValueTheStylesheetChangesReplacesTheAppsValue() throws {
        let view = FakeView(["UIView"])
        let manager = StyleManager(stylesheet: try Self.stylesheet("UIView { alpha: 0.5 !important; }"))
        manager.register(view)
        view["alpha"] = .number(0.2, unit: nil)             // the app's code, after styling
        #expect(manager.apply(to: view, atLayout: true).keptAppValues == [StyledProperty("alpha")])
        manager.applier.replaceStylesheet(try Self.stylesheet("UIView { alpha: 0.75 !important; }"))
        let reloaded = manager.apply(to: view)
        #expect(reloaded.written == [StyledProperty("alpha")] && reloaded.keptAppValues.isEmpty)
        #expect(view["alpha"] == .number(0.75, unit: nil))
        // Unchanged since, it is written again at layout.
        #expect(manager.apply(to: view, atLayout: true).written == [StyledProperty("alpha")])
    }

    /// A target one applier styled is no repeat to another: its own
    /// stylesheet is written (a target passed from one manager to another).
    @Test func aTargetMovedToAnotherManagerIsStyledByItsStylesheet() throws {
        let view = FakeView(["UIView"])
        let first = StyleManager(stylesheet: try Self.stylesheet("UIView { alpha: 0.5; }"))
        first.register(view)
        first.unregister(view, restoring: false)
        let second = StyleManager(stylesheet: try Self.stylesheet("UIView { alpha: 0.75; }"))
        #expect(second.register(view).written == [StyledProperty("alpha")])
        #expect(view["alpha"] == .number(0.75, unit: nil))
        // Two appliers, one after the other, on one target.
        let other = FakeView(["UIView"])
        StyleApplier(stylesheet: try Self.stylesheet("UIView { alpha: 0.5; }")).apply(to: other, in: StyleEnvironment())
        StyleApplier(stylesheet: try Self.stylesheet("UIView { alpha: 0.25; }")).apply(to: other, in: StyleEnvironment())
        #expect(other["alpha"] == .number(0.25, unit: nil))
    }

    /// A host that scales fonts itself (UIKit's `UIFontMetrics`) starts from
    /// the size at `large`: the size written, not one worked back from the
    /// resolved size, which is rounded to 2 decimals (10, not 10.0057).
    @Test func aFontsSizeAtLargeIsTheSizeWritten() throws {
        let stylesheet = try Self.stylesheet("UILabel { font: font('Avenir', 10pt, headline); }")
        for category in ContentSizeCategory.allCases {
            let environment = StyleEnvironment(contentSizeCategory: category)
            let resolved = stylesheet.resolve(StyleQuery(className: "UILabel", environment: environment))["font"]
            guard case .font(let font)? = resolved else {
                Issue.record("no font at \(category)")
                continue
            }
            #expect(StyleContext(environment: environment).sizeAtLargeContentSize(of: font) == 10, "\(category)")
        }
    }

    @Test func aLazySubObjectIsNotMadeToReadItsOriginal() throws {
        let button = FakeView(["UIButton", "UIView"])
        let applier = StyleApplier(stylesheet: try Self.stylesheet("UIButton { alpha: 0.5; }"))
        applier.apply(to: button, in: StyleEnvironment())
        #expect(!button.imageViewMade)
        applier.replaceStylesheet(try Self.stylesheet("UIButton { image-view--tint-color: red; }"))
        applier.apply(to: button, in: StyleEnvironment())
        #expect(button.imageViewMade)                        // made by the write, not by reading
        #expect(button.styleState.styledProperties[StyledProperty("imageView.tintColor")] == .some(nil))
    }

    @Test func aRegisteredSetterStylesAnAppsOwnPropertyAndEveryValueStaysReadable() throws {
        final class CardView: StyleTarget {
            let styleClassChain = ["MyApp.CardView", "UIView"]
            let styleState = StyleState()
            var accent: StyleValue?
        }
        let card = CardView()
        let bindings = StyleBindings()
        bindings.register(key: "accent-color", on: "MyApp.CardView") { (view: CardView, value) in view.accent = value }
        let manager = StyleManager(stylesheet: try Self.stylesheet(Self.first), bindings: bindings)
        let outcome = manager.register(card)
        #expect(card.accent == Self.blue)
        // The target has no other binding: the rest is not applied, but computed.
        #expect(outcome.notApplied.map(\.name) == ["backgroundColor", "alpha", "layer.cornerRadius", "shadowElevation"].sorted())
        #expect(card.styleState.computedStyle["shadowElevation"] == .number(3, unit: nil))
        manager.replaceStylesheet(try Self.stylesheet("UIView { apply-to-subclasses: true; alpha: 1; }"))
        #expect(card.accent == nil)                          // told it is no longer set
    }

    /// A style is made ready with the bindings of its time and kept for its
    /// query: a setter registered after a target of its class was styled
    /// takes effect when the stylesheet is next replaced (Docs/Applier.md).
    @Test func aSetterRegisteredLateTakesEffectAtTheNextReplacement() throws {
        final class CardView: StyleTarget {
            let styleClassChain = ["MyApp.CardView", "UIView"]
            let styleState = StyleState()
            var accent: StyleValue?
        }
        let manager = StyleManager(stylesheet: try Self.stylesheet(Self.first))
        let early = CardView(), late = CardView()
        manager.register(early)
        manager.applier.bindings.register(key: "accent-color", on: "MyApp.CardView") { (view: CardView, value) in view.accent = value }
        #expect(manager.register(late).notApplied.contains(StyledProperty("accentColor")))
        #expect(early.accent == nil && late.accent == nil)
        manager.replaceStylesheet(manager.stylesheet)
        #expect(early.accent == Self.blue && late.accent == Self.blue)
    }

    /// The cache key holds every field of the environment: a field added to
    /// `StyleEnvironment` must be added to the key too, or two environments
    /// that differ only there would share a style.
    @Test func theCacheKeyCoversTheWholeEnvironment() {
        #expect(Mirror(reflecting: StyleEnvironment()).children.count == EnvironmentKey.coveredFields)
        var numbers = EnvironmentNumbers()
        func key(_ environment: StyleEnvironment) -> Int? { numbers.number(of: environment) }
        #expect(key(StyleEnvironment(appearance: .dark)) != key(StyleEnvironment(appearance: .light)))
        #expect(key(StyleEnvironment(externalConditions: ["x": .evaluate { _ in true }])) == nil)
        // External conditions by their values: the same values, the same key.
        let on = key(StyleEnvironment(externalConditions: ["x": .value(true), "y": .value(false)]))
        #expect(on != key(StyleEnvironment(externalConditions: ["x": .value(false), "y": .value(false)])))
        #expect(on == key(StyleEnvironment(externalConditions: ["y": .value(false), "x": .value(true)])))
        #expect(on != key(StyleEnvironment()))
    }
}
