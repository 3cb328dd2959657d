import Testing
@testable import ReflRuntime
@testable import ReflEval

/// Selectors with context (`MyApp.ProfileHeader UIButton`, `UITableViewCell
/// > UILabel`): how they match a view's ancestors, how they rank, and that
/// every table form and the applier answer alike.
struct ContextSelectorTests {
    static let source = """
        UIButton { title-color: black; }
        MyApp.ProfileHeader UIButton { title-color: blue; }
        MyApp.ProfileHeader UIStackView UIButton { title-color: green; }
        UITableViewCell > UILabel { text-color: gray; }
        MyApp.SettingsViewController UILabel { font: font(footnote); }
        card > header UILabel { alpha: 0.5; }
        UILabel:caption { alpha: 0.8; }
        UIView:plain { __include: MyApp.ProfileHeader UIButton; }
        """

    static func table() throws -> RuleTable {
        let result = Compiler.compile(source: .init(path: "main.less", text: source))
        return try #require(result.ruleTable, "\(result.diagnostics.map(\.message))")
    }

    /// The stylesheet in each form a table takes: compiled, read back from JSON, read from the binary form.
    static func forms() throws -> [(String, Stylesheet)] {
        let table = try table()
        let json = try Stylesheet(ruleTableJSON: table.jsonBytes())
        let bytes = try table.binaryBytes()
        let binary = try Stylesheet(ruleTable: bytes)
        #expect(binary.isBinary)
        return [("source", Stylesheet(table: table)), ("JSON", json), ("binary", binary)]
    }

    static func view(_ name: String, _ traits: Set<String> = []) -> StyleAncestor {
        StyleAncestor(classChain: [name, "UIView"], traits: traits)
    }

    static let blue = StyleValue.color(Color(red: 0, green: 0, blue: 1))

    @Test func ancestorsAreEqualWhenTheirChainsAndTraitsAre() {
        let card = StyleAncestor(classChain: ["MyApp.Card", "UIView"], traits: ["primary"])
        #expect(card == StyleAncestor(classChain: ["MyApp.Card", "UIView"], traits: ["primary"]))
        #expect(card != StyleAncestor(classChain: ["MyApp.Card", "UIView"], traits: ["secondary"]))
        #expect(card != StyleAncestor(classChain: ["MyApp.Card", "UIView"]))
        #expect(card != StyleAncestor(classChain: ["MyApp.Card"], traits: ["primary"]))
        var many: Set<String> = []
        for trait in ["a", "b", "c", "d"] { many.insert(trait) }
        var reversed: Set<String> = []
        for trait in ["d", "c", "b", "a"] { reversed.insert(trait) }
        #expect(StyleAncestor(classChain: ["UIView"], traits: many) == StyleAncestor(classChain: ["UIView"], traits: reversed))
        #expect(StyleAncestor(classChain: ["UIView"], traits: many) != StyleAncestor(classChain: ["UIView"], traits: ["a", "b", "c", "e"]))
        #expect(Set([card, StyleAncestor(classChain: ["MyApp.Card", "UIView"], traits: ["primary"])]).count == 1)
        // Traits set after the ancestor is made count as those given to it.
        var changed = card
        changed.traits = ["secondary"]
        #expect(changed == StyleAncestor(classChain: ["MyApp.Card", "UIView"], traits: ["secondary"]))
        #expect(changed != card)
        changed.traits.insert("primary")
        #expect(changed == StyleAncestor(classChain: ["MyApp.Card", "UIView"], traits: ["primary", "secondary"]))
        changed.traits.remove("secondary")
        #expect(changed == card)
        #expect(Set([changed, card]).count == 1)
        changed.traits = []
        #expect(changed == StyleAncestor(classChain: ["MyApp.Card", "UIView"]))
    }

    @Test func stepsMatchAncestorsAnywhereOrDirectly() throws {
        for (form, stylesheet) in try Self.forms() {
            func color(_ ancestors: [StyleAncestor]) -> StyleValue? {
                stylesheet.resolve(StyleQuery(className: "UIButton", superclasses: ["UIControl", "UIView"], ancestors: ancestors))
                    .properties["titleColor"]
            }
            #expect(color([]) == .color(Color(red: 0, green: 0, blue: 0)), "\(form)")
            #expect(color([Self.view("MyApp.ProfileHeader")]) == Self.blue, "\(form)")
            // Anywhere inside: two levels up.
            #expect(color([Self.view("UIView"), Self.view("MyApp.ProfileHeader")]) == Self.blue, "\(form)")
            // More steps win at the same level.
            #expect(color([Self.view("UIStackView"), Self.view("MyApp.ProfileHeader")]) == .color(Color(red: 0, green: 0.50196, blue: 0)),
                    "\(form)")
            // A subclass of an ancestor step's class is that class.
            #expect(color([StyleAncestor(classChain: ["MyApp.FancyHeader", "MyApp.ProfileHeader", "UIView"])]) == Self.blue, "\(form)")

            func label(_ ancestors: [StyleAncestor], traits: Set<String> = []) -> ComputedStyle {
                stylesheet.resolve(StyleQuery(className: "UILabel", superclasses: ["UIView"], traits: traits, ancestors: ancestors))
            }
            // `>`: the very next ancestor only.
            #expect(label([Self.view("UITableViewCell")])["textColor"] != nil, "\(form)")
            #expect(label([Self.view("UIView"), Self.view("UITableViewCell")])["textColor"] == nil, "\(form)")
            // A view controller stands above its view.
            let controller = StyleAncestor(classChain: ["MyApp.SettingsViewController", "UIViewController"])
            #expect(label([Self.view("UIView"), controller])["font"] != nil, "\(form)")
            // One-name steps match traits; `card > header` needs the card right above the header, at any depth below.
            #expect(label([Self.view("UIView", ["header"]), Self.view("UIView", ["card"])])["alpha"] == .number(0.5, unit: nil), "\(form)")
            #expect(label([Self.view("UIView", ["header"]), Self.view("UIView"), Self.view("UIView", ["card"])])["alpha"] == nil, "\(form)")
            // The level is the last step's: a Class:trait rule (75) wins over `card > header UILabel` (50).
            #expect(label([Self.view("UIView", ["header"]), Self.view("UIView", ["card"])], traits: ["caption"])["alpha"]
                    == .number(0.8, unit: nil), "\(form)")
        }
    }

    /// A descendant step takes the ancestor that lets the outer steps match
    /// too, not merely the nearest.
    @Test func matchingTriesFartherAncestors() {
        let steps = [RuleContextStep(className: "A", trait: nil, isParentOfNext: true),
                     RuleContextStep(className: "B", trait: nil, isParentOfNext: false)]
        // The view is in B1, in C, in B2, in A: `A > B` holds only with B2.
        let ancestors = [Self.view("B"), Self.view("C"), Self.view("B"), Self.view("A")]
        #expect(RuleContextStep.match(steps, in: ancestors) == [3, 2])
        #expect(RuleContextStep.match(steps, in: [Self.view("B"), Self.view("C"), Self.view("A")]) == nil)
        #expect(RuleContextStep.steps(ofSelectorText: "A > B:t c UIView") == [
            RuleContextStep(className: "A", trait: nil, isParentOfNext: true), RuleContextStep(className: "B", trait: "t", isParentOfNext: false),
            RuleContextStep(className: nil, trait: "c", isParentOfNext: false),
        ])
    }

    /// `__include` copies the declarations, not the context; `--explain` says what the steps matched.
    @Test func includesCopyDeclarationsAndExplanationsNameTheAncestors() throws {
        let stylesheet = Stylesheet(table: try Self.table())
        #expect(stylesheet.resolve(StyleQuery(className: "UIView", traits: ["plain"])).properties["titleColor"] == Self.blue)
        let query = StyleQuery(className: "UIButton", ancestors: [Self.view("UIStackView"), Self.view("MyApp.ProfileHeader")])
        let explanation = try #require(stylesheet.explain(query).first { $0.property == "titleColor" })
        #expect(explanation.winner.selector == "MyApp.ProfileHeader UIStackView UIButton")
        #expect(explanation.winner.context == ["MyApp.ProfileHeader = ancestor 2 (MyApp.ProfileHeader)",
                                               "UIStackView = ancestor 1 (UIStackView)"])
        #expect(explanation.overridden.map(\.selector) == ["MyApp.ProfileHeader UIButton", "UIButton"])
    }

    /// A target's ancestors are part of its query, and a trait change of an
    /// ancestor restyles the targets inside it.
    @Test func theApplierPassesAncestorsAndRestylesInside() throws {
        final class Node: KeyedStyleTarget {
            let styleClassChain: [String]
            let styleState = StyleState()
            weak var parent: Node?
            var children: [Node] = []
            var properties: [String: StyleValue] = [:]
            init(_ chain: [String]) { styleClassChain = chain }
            var styleAncestors: [StyleAncestor] {
                var ancestors: [StyleAncestor] = []
                var current = parent
                while let node = current {
                    ancestors.append(StyleAncestor(classChain: node.styleClassChain, traits: node.styleState.traits))
                    current = node.parent
                }
                return ancestors
            }
            var styleChildren: [StyleTarget] { children }
            func styleValue(at keyPath: String, for state: ControlState) -> StyleRead { .value(TargetValue(properties[keyPath])) }
            func setStyleValue(_ value: StyleValue?, at keyPath: String, for state: ControlState) { properties[keyPath] = value }
        }
        let card = Node(["UIView"]), header = Node(["UIView"]), label = Node(["UILabel", "UIView"]), other = Node(["UILabel", "UIView"])
        card.children = [header]
        header.parent = card
        header.children = [label]
        label.parent = header
        let manager = StyleManager(stylesheet: Stylesheet(table: try Self.table()))
        #expect(manager.applier.usesContext)
        for node in [card, header, label, other] { manager.register(node) }
        #expect(label.properties["alpha"] == nil)
        manager.setTraits(["header"], of: header)
        #expect(label.properties["alpha"] == nil)            // no card around it yet
        manager.setTraits(["card"], of: card)                 // restyles the header and the label inside
        #expect(label.properties["alpha"] == .number(0.5, unit: nil))
        #expect(other.properties["alpha"] == nil)             // the same class elsewhere: another query
        manager.setTraits([], of: card)
        #expect(label.properties["alpha"] == nil)             // put back
        // A stylesheet without context never reads ancestors.
        manager.replaceStylesheet(try Stylesheet(source: "UILabel { alpha: 0.3; }"))
        #expect(!manager.applier.usesContext)
        #expect(label.properties["alpha"] == .number(0.3, unit: nil))
    }
}
