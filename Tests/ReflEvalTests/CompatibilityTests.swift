import Testing
import ReflLexer
@testable import ReflEval
@testable import ReflRuntime

/// What stylesheets written for the original engine contain, and what users
/// of LESS and CSS write by habit: one-name selectors matched either way,
/// the directives' old names, empty declarations, `clear`, the short forms
/// of `edge-insets`, and "did you mean" held to one edit.
struct CompatibilityTests {
    // MARK: - One-name selectors

    @Test func aCapitalizedOneNameSelectorMatchesAsATrait() throws {
        let source = "DefaultButton { background-color: red; corner-radius: 0; }\nUIButton { alpha: 1; }"
        let style = try ResolverTests.resolve(source, StyleQuery(className: "UIButton", superclasses: ["UIControl", "UIView"],
                                                                 traits: ["DefaultButton"]))
        #expect(style.color("backgroundColor") == NamedColors.color(named: "red")?.roundedToFiveDecimals())
        #expect(style["alpha"] == .number(1, unit: nil))
        // Still a class: a view of that class gets it without the trait.
        let asClass = try ResolverTests.resolve(source, StyleQuery(className: "DefaultButton"))
        #expect(asClass["cornerRadius"] == .number(0, unit: nil))
    }

    @Test func aGeneratedTraitWithDotsMatchesAsATrait() throws {
        let source = "Demo.ProfileHeaderView.avatarView { corner-radius: 24px; }"
        let style = try ResolverTests.resolve(source, StyleQuery(className: "UIImageView", traits: ["Demo.ProfileHeaderView.avatarView"]))
        #expect(style["cornerRadius"] == .number(24, unit: .px))
    }

    @Test func aLowercaseOneNameSelectorMatchesAsAClass() throws {
        let source = "rounded { apply-to-subclasses: true; corner-radius: 4px; }"
        #expect(try ResolverTests.resolve(source, StyleQuery(className: "rounded"))["cornerRadius"] != nil)
        #expect(try ResolverTests.resolve(source, StyleQuery(className: "myRounded", superclasses: ["rounded"]))["cornerRadius"] != nil)
    }

    /// The priority is that of the way the rule matched: a rule written as a
    /// class that matches as a trait ranks as a trait (70, 100 when
    /// conditional), and the other way round.
    @Test func aOneNameRuleRanksByTheWayItMatched() throws {
        let source = """
            UIButton:primary { winner: 'class and trait'; }
            Primary { winner: 'one name'; }
            """
        // As a trait (70) it loses to `UIButton:primary` (75)...
        let trait = try ResolverTests.resolve(source, StyleQuery(className: "UIButton", traits: ["primary", "Primary"]))
        #expect(trait["winner"] == .string("class and trait"))
        // ...and as a trait it beats a plain class rule (50), written later or not.
        let overClass = try ResolverTests.resolve("Primary { winner: 'trait'; }\nUIButton { winner: 'class'; }",
                                                  StyleQuery(className: "UIButton", traits: ["Primary"]))
        #expect(overClass["winner"] == .string("trait"))
        // A trait-written rule matched as a class ranks 50: a later class rule wins.
        let asClass = try ResolverTests.resolve("rounded { winner: 'trait rule'; }\nrounded { winner: 'later'; }",
                                                StyleQuery(className: "rounded"))
        #expect(asClass["winner"] == .string("later"))
        let explained = try ResolverTests.stylesheets("Primary:__where { __condition: 'default'; a: 1; }")[1]
            .explain(StyleQuery(className: "UIView", traits: ["Primary"]))
        #expect(explained.first?.winner.priority == 100)
        let explainedAsClass = try ResolverTests.stylesheets("rounded:__where { __condition: 'default'; a: 1; }")[1]
            .explain(StyleQuery(className: "rounded"))
        #expect(explainedAsClass.first?.winner.priority == 95)
    }

    @Test func aRuleMatchingBothWaysAppliesOnceAsTheTrait() throws {
        let source = "Badge { count: 1; }\nUIView:Badge { count: 2; }"
        let stylesheet = try ResolverTests.stylesheets(source)[1]
        let query = StyleQuery(className: "Badge", traits: ["Badge"])
        let explanation = stylesheet.explain(query)
        #expect(explanation.first?.winner.selector == "UIView:Badge" || explanation.first?.winner.selector == "Badge")
        #expect(stylesheet.matchingRules(query).map(\.rule) == [0])
        #expect(stylesheet.matchingRules(query).map(\.priority) == [70])
    }

    @Test func versionOneTablesDeriveTheOtherPriority() throws {
        let json = """
            {"version": 1, "variables": {}, "rules": [{"selector": {"raw": "DefaultButton", "class": "DefaultButton",
            "trait": null, "where": false}, "priority": 50, "appliesToSubclasses": false, "condition": null,
            "source": {"file": "main.less", "line": 1, "column": 1}, "properties": {"a": {"value": {"type": "bool",
            "value": true}, "important": false}}}]}
            """
        let stylesheet = try Stylesheet(ruleTableJSON: Array(json.utf8))
        let query = StyleQuery(className: "UIButton", traits: ["DefaultButton"])
        #expect(stylesheet.resolve(query)["a"] == .bool(true))
        #expect(stylesheet.matchingRules(query).first?.priority == 70)
    }

    // MARK: - The directives' old names

    @Test func legacyDirectivesWorkWithAWarningAndAFixIt() throws {
        let source = """
            wide { width: 100; }
            UIView:__where {
                condition: 'idiom = pad';
                include: wide;
            }
            """
        let result = Compiler.compile(source: SourceFile(path: "main.less", text: source))
        #expect(result.diagnostics.map(\.message) == [
            "'condition' is the old name of the '__condition' directive; write '__condition'",
            "'include' is the old name of the '__include' directive; write '__include'",
        ])
        #expect(result.diagnostics.map(\.fixIt?.replacement) == ["__condition", "__include"])
        let rule = try #require(result.ruleTable?.rules.last)
        #expect(rule.condition?.test == .test(.idiom(op: .equal, value: .pad)))
        #expect(rule.properties.map(\.name) == ["width"])
    }

    @Test func conditionOutsideAWhereRuleIsAProperty() throws {
        let warned = Compiler.compile(source: SourceFile(path: "m.less", text: "Card { condition: 'idiom = pad'; }"))
        #expect(warned.diagnostics.map(\.id) == ["condition-as-property"])
        #expect(warned.ruleTable?.rules[0].properties.first?.value == .string("idiom = pad"))
        // Not a condition string, or a condition value: a plain property, no warning.
        for value in ["'pending'", "condition('idiom = pad')"] {
            let quiet = Compiler.compile(source: SourceFile(path: "m.less", text: "Card { condition: \(value); }"))
            #expect(quiet.diagnostics.isEmpty, "\(value)")
            #expect(quiet.ruleTable?.rules[0].properties.first?.name == "condition")
        }
    }

    // MARK: - Values

    @Test(arguments: [
        ("a: 1;; b: 2;", ["a", "b"]),
        ("; a: 1;", ["a"]),
        (";;", []),
    ])
    func emptyDeclarationsAreAllowed(_ body: String, _ keys: [String]) throws {
        let result = Compiler.compile(source: SourceFile(path: "m.less", text: "Card { \(body) }"))
        #expect(result.diagnostics.isEmpty)
        #expect(result.ruleTable?.rules[0].properties.map(\.name) == keys)
    }

    @Test func clearIsTransparent() throws {
        let style = try ResolverTests.resolve("UIView { a: clear; b: Clear; c: image(clear); }", StyleQuery(className: "UIView"))
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        #expect(style.color("a") == clear && style.color("b") == clear)
        #expect(style["c"] == .image(.fill(.color(clear))))
    }

    @Test(arguments: [
        ("edge-insets(4px)", StyleValue.edgeInsets(top: 4, left: 4, bottom: 4, right: 4)),
        ("edge-insets(8px, 16px)", .edgeInsets(top: 8, left: 16, bottom: 8, right: 16)),
        ("edge-insets(1, 2, 3, 4)", .edgeInsets(top: 2, left: 1, bottom: 4, right: 3)),
    ])
    func edgeInsetsTakeOneTwoOrFourValues(_ written: String, _ expected: StyleValue) throws {
        #expect(try ResolverTests.resolve("UIView { e: \(written); }", StyleQuery(className: "UIView"))["e"] == expected)
    }

    @Test func edgeInsetsWithThreeValuesIsAnError() {
        let result = Compiler.compile(source: SourceFile(path: "m.less", text: "Card { e: edge-insets(1, 2, 3); }"))
        #expect(result.diagnostics.map(\.message)
                == ["edge-insets() takes 1, 2 or 4 arguments (all; vertical, horizontal; or left, top, right, bottom), found 3"])
    }

    // MARK: - "Did you mean"

    @Test(arguments: [
        ("rigth", "right"), ("Center", "center"), ("blak", "black"), ("graey", "gray"), ("lightbleu", "lightblue"), ("lightbl", nil),
        ("wrap", nil), ("solid", nil), ("gren", "green"),
    ] as [(String, String?)])
    func suggestionsReachOneEdit(_ word: String, _ suggestion: String?) {
        #expect(Suggestions.closest(to: word, in: Keywords.all) == suggestion)
    }

    @Test func aWordIsComparedWithTheKeywordsOfItsLengthForTheSameSuggestion() {
        // `likelyMeant` compares a word with the keywords within one scalar
        // of its length only; `closest` over all of them skips the others.
        var words: Set<String> = ["", "a", "x", "ab", "Center", "rigth", "lightbl", "gren", "éclair", "Éred", "blu\u{E9}"]
        for keyword in Keywords.all.prefix(80) {
            words.insert(keyword + "s")
            words.insert(String(keyword.dropFirst()))
            words.insert(String(keyword.dropLast()) + "x")
            words.insert(keyword.capitalized)
        }
        for word in words {
            let everyKeyword = Keywords.languageWords.contains(word) ? nil : Suggestions.closest(to: word, in: Keywords.all)
            #expect(Keywords.likelyMeant(by: word) == everyKeyword, "\(word)")
        }
    }

    @Test(arguments: ["light", "bold", "body", "highlighted", "dark", "pad"])
    func aKeywordOfTheLanguageIsNeverTakenForATypo(_ word: String) {
        let result = Compiler.compile(source: SourceFile(path: "m.less", text: "Card { a: \(word); }"))
        #expect(result.diagnostics.isEmpty, "\(word)")
        #expect(result.ruleTable?.rules[0].properties.first?.value == .identifier(word))
    }
}
