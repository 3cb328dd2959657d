import Testing
@testable import ReflEval

/// The schema's checks in a build: each mistake gets one diagnostic, at its
/// place, with its code; what UIKit has builds clean.
struct SchemaCheckTests {
    /// `code line:column message` for each diagnostic of `text`.
    static func diagnostics(_ text: String, deploymentTarget: OSVersion? = nil) -> [String] {
        let source = SourceFile(path: "main.less", text: text)
        let result = Compiler.compile(source: source, importsRelativeTo: "main.less", deploymentTarget: deploymentTarget)
        let lines = LineTable(source)
        return result.diagnostics.map { diagnostic in
            let (line, column) = lines.location(of: diagnostic.range.start)
            return "\(diagnostic.id) \(line):\(column) \(diagnostic.message)"
        }
    }

    static func value(_ text: String, _ key: String, className: String, traits: Set<String> = []) throws -> StyleValue? {
        try Stylesheet(source: text).resolve(StyleQuery(className: className, traits: traits))[key]
    }

    @Test func typosAndCSSHabitsAreWarnedAboutWithTheFix() {
        #expect(Self.diagnostics("UIView {\n    backround-color: #ff0000;\n    cornr-radius: 4px;\n    opacity: 0.5;\n}\n") == [
            "unknown-property 2:5 'backround-color' is not a property of UIView; did you mean 'background-color'?",
            "unknown-property 3:5 'cornr-radius' is not a property of UIView; did you mean 'corner-radius'?",
            "unknown-property 4:5 'opacity' is not a property of UIView; UIKit calls it 'alpha'",
        ])
        #expect(Self.diagnostics("UIView { is-hidden: true; font-size: 12px; }") == [
            "unknown-property 1:10 'is-hidden' is not a property of UIView; did you mean 'hidden' (the key-value-coding name of 'isHidden')?",
            "unknown-property 1:27 'font-size' is not a property of UIView; the size goes in the font: 'font: font(\"Avenir\", 16pt)' or 'font: font(body)'",
        ])
    }

    @Test func keyPathsAreCheckedThroughTheirSubObjects() {
        #expect(Self.diagnostics("UIView { layer--border-widht: 2px; layer--border-width: 2px; }") == [
            "unknown-property 1:10 'border-widht' is not a property of CALayer; did you mean 'border-width'?",
        ])
        #expect(Self.diagnostics("UIView { layer: red; }") == [
            "property-type 1:17 'layer' is a CALayer, set through its own properties: write 'layer--KEY: VALUE'",
        ])
    }

    @Test func wrongTypesAreErrorsAtTheValue() {
        #expect(Self.diagnostics("UIView { corner-radius: red; }") == [
            "property-type 1:25 'corner-radius' takes a number; found a color",
        ])
        // A host plugin's function decides its own type; a percentage is a number.
        #expect(Self.diagnostics("UIView { corner-radius: host-radius(3); alpha: 50%; background-color: theme-color('x'); }").isEmpty)
    }

    @Test func bareWordsLowerAgainstTheKeysEnumeration() throws {
        #expect(Self.diagnostics("UIView { content-mode: aspect-fill; }") == [
            "unknown-enum-case 1:24 'aspect-fill' is not a case of UIView.ContentMode for 'content-mode'; did you mean 'mode-scale-aspect-fill'?",
        ])
        let mask = try Self.value("UIView { autoresizing-mask: flexible-height, flexible-width; }", "autoresizingMask", className: "UIView")
        #expect(mask == .optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: ["flexibleWidth", "flexibleHeight"], rawValue: 18)))
        // An option is listed when every bit of it is set: `all` (15) is not `top, left`.
        let edges = try Self.value("UIViewController { edges-for-extended-layout: top, left; }", "edgesForExtendedLayout", className: "UIViewController")
        #expect(edges == .optionSet(OptionSetValue(setName: "UIRectEdge", options: ["top", "left"], rawValue: 3)))
        let every = try Self.value("UIViewController { edges-for-extended-layout: top, left, bottom, right; }", "edgesForExtendedLayout",
                                   className: "UIViewController")
        #expect(every == .optionSet(OptionSetValue(setName: "UIRectEdge", options: ["top", "left", "bottom", "right", "all"], rawValue: 15)))
        // Unchecked (trait-only) rules keep the words' meanings of every version.
        #expect(try Self.value("card { alignment: center; }", "alignment", className: "X", traits: ["card"])
                == .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: "center", rawValue: 1)))
    }

    @Test func aPropertyOfOneOptionTakesOneOptionOfOneBit() throws {
        // UIKit places a button's image at one edge: several edges, or `all`, are an error at the value.
        let choices = "takes a single option of NSDirectionalRectEdge ('top', 'leading', 'bottom' or 'trailing')"
        #expect(Self.diagnostics("""
            @every: all;
            UIButton {
                configuration--image-placement: leading, trailing;
                configuration--image-placement: all;
                configuration--image-placement: 3;
                configuration--image-placement: @every;
            }
            """) == [
            "property-type 3:37 'configuration--image-placement' \(choices); found 'leading, trailing'",
            "property-type 4:37 'configuration--image-placement' \(choices); found 'all', which is 4 options",
            "property-type 5:37 'configuration--image-placement' \(choices); found 3",
            "property-type 6:37 'configuration--image-placement' \(choices); found 'all', which is 4 options",
        ])
        #expect(Self.diagnostics("UIButton { configuration--image-placement: trailing; } UIButton:b { configuration--image-placement: 8; }").isEmpty)
        let placement = try Self.value("UIButton { configuration--image-placement: bottom; }", "configuration.imagePlacement", className: "UIButton")
        #expect(placement == .optionSet(OptionSetValue(setName: "NSDirectionalRectEdge", options: ["bottom"], rawValue: 4)))
        // Other option sets take several options as before.
        #expect(Self.diagnostics("UIView { autoresizing-mask: flexible-height, flexible-width; }").isEmpty)
    }

    @Test func whatAnIncludeCopiesIsTakenAsTheIncludingClassTakesItsOwn() throws {
        // `center` in a rule of traits is a text alignment (1); in a stack view it is the stack view's `center` (3).
        let text = "centered {\n    alignment: center;\n    edges-for-extended-layout: left;\n    tint: 1;\n}\n"
            + "UIStackView {\n    __include: centered;\n}\nUIViewController {\n    __include: centered;\n}\n"
        #expect(Self.diagnostics(text).isEmpty)  // `tint` is no key of either class: a rule of traits serves several
        #expect(try Self.value(text, "alignment", className: "UIStackView")
                == .enumCase(EnumCase(enumName: "UIStackViewAlignment", caseName: "center", rawValue: 3)))
        #expect(try Self.value(text, "edgesForExtendedLayout", className: "UIViewController")
                == .optionSet(OptionSetValue(setName: "UIRectEdge", options: ["left"], rawValue: 2)))
        // A value the key does not take is an error at the `__include`, and is not copied.
        let wrong = "primary {\n    configuration--image-placement: all;\n    alpha: red;\n}\nUIButton:p {\n    __include: primary;\n}\n"
        #expect(Self.diagnostics(wrong) == [
            "property-type 6:16 'configuration--image-placement' takes a single option of NSDirectionalRectEdge ('top', 'leading', 'bottom' "
                + "or 'trailing'); found 'all', which is 4 options (copied from 'primary' by '__include')",
            "property-type 6:16 'alpha' takes a number; found a color (copied from 'primary' by '__include')",
        ])
        // A key copied for control states names them: its errors for two states stand at the same `__include`.
        let states = "pressed {\n    title-color[highlighted]: 12px;\n    title-color[selected, highlighted]: 2;\n    title-color: 1;\n}\n"
            + "UIButton:p {\n    __include: pressed;\n}\n"
        #expect(Self.diagnostics(states) == [
            "property-type 7:16 'title-color[highlighted]' takes a color; found a number in px (copied from 'pressed' by '__include')",
            "property-type 7:16 'title-color[highlighted,selected]' takes a color; found a number (copied from 'pressed' by '__include')",
            "property-type 7:16 'title-color' takes a color; found a number (copied from 'pressed' by '__include')",
        ])
        // The later selector's value is the one checked: an earlier one for the same key is neither reported nor taken instead.
        #expect(Self.diagnostics("a { alpha: blue; }\nb { alpha: red; }\nUIView { __include: a, b; }\n") == [
            "property-type 3:24 'alpha' takes a number; found a color (copied from 'b' by '__include')",
        ])
        // Through a chain of includes, the rule named is the one the value is written in.
        #expect(Self.diagnostics("bad { alpha: red; }\nmid { __include: bad; }\nUIView { __include: mid; }\n") == [
            "property-type 3:21 'alpha' takes a number; found a color (copied from 'bad' by '__include')",
        ])
        // The note points at the declaration copied, where the fix goes.
        let chain = Compiler.compile(source: SourceFile(path: "main.less", text: """
            bad {
                tint-color: blue;
                alpha: red;
            }
            mid { __include: bad; alpha: 1; }
            UIView { __include: mid; }
            UILabel { __include: bad; }

            """), importsRelativeTo: "main.less")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(chain.diagnostics) == """
            main.less:7:22: error: 'alpha' takes a number; found a color (copied from 'bad' by '__include')
            UILabel { __include: bad; }
                                 ^~~
            main.less:3:5: note: the declaration copied is here
                alpha: red;
                ^~~~~
            1 error generated.

            """)
    }

    @Test func theNoteOfAValueCopiedByIncludePointsAtTheDeclarationWhoseValueIsCopied() {
        // A key set twice, or a longhand set after its shorthand, holds the
        // later declaration's value: that is the one copied, and where the fix goes.
        let result = Compiler.compile(source: SourceFile(path: "main.less", text: """
            twice { tint-color: blue; tint-color: 2; }
            longhand { border: border(1px, red); border-width: red; }
            shorthand { shadow-color: 1; shadow: shadow(0, 2px, 4px, black); shadow-opacity: red; }
            UIView { __include: twice; }
            UIView { __include: longhand; }
            UIView { __include: shorthand; }

            """), importsRelativeTo: "main.less")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(result.diagnostics) == """
            main.less:1:27: warning: 'tint-color' is set twice in this rule; the later value wins
            twice { tint-color: blue; tint-color: 2; }
                                      ^~~~~~~~~~
            main.less:1:9: note: the first value is set here
            twice { tint-color: blue; tint-color: 2; }
                    ^~~~~~~~~~
            main.less:4:21: error: 'tint-color' takes a color; found a number (copied from 'twice' by '__include')
            UIView { __include: twice; }
                                ^~~~~
            main.less:1:27: note: the declaration copied is here
            twice { tint-color: blue; tint-color: 2; }
                                      ^~~~~~~~~~
            main.less:5:21: error: 'border-width' takes a number; found a color (copied from 'longhand' by '__include')
            UIView { __include: longhand; }
                                ^~~~~~~~
            main.less:2:38: note: the declaration copied is here
            longhand { border: border(1px, red); border-width: red; }
                                                 ^~~~~~~~~~~~
            main.less:6:21: error: 'shadow-opacity' takes a number; found a color (copied from 'shorthand' by '__include')
            UIView { __include: shorthand; }
                                ^~~~~~~~~
            main.less:3:66: note: the declaration copied is here
            shorthand { shadow-color: 1; shadow: shadow(0, 2px, 4px, black); shadow-opacity: red; }
                                                                             ^~~~~~~~~~~~~~
            1 warning and 3 errors generated.

            """)
    }

    @Test func aClassRuleThatOthersIncludeChecksWhatItIncludesToo() throws {
        // `UIStackView:a` is flattened for `other`; it still takes `center` as a stack view does.
        let text = "centered { alignment: center; }\nUIStackView:a { __include: centered; }\nother { __include: UIStackView:a; }\n"
        #expect(Self.diagnostics(text).isEmpty)
        #expect(try Self.value(text, "alignment", className: "UIStackView", traits: ["a"])
                == .enumCase(EnumCase(enumName: "UIStackViewAlignment", caseName: "center", rawValue: 3)))
        // A control state is copied whatever the key: a rule of traits like this serves every control.
        #expect(Self.diagnostics("pressable { alpha[highlighted]: 0.6; }\nUIButton { __include: pressable; }\n").isEmpty)
        // Only a variable's word is exempt from the typo warning: written in a rule, `line` is still a likely `lime`.
        #expect(Self.diagnostics("t { background-color: line; }") == [
            "unknown-keyword 1:23 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?",
        ])
    }

    @Test func anOptionReachedThroughAVariableIsTheOptionOfTheProperty() throws {
        // As a case of an enumeration is (`@align: center`).
        let text = "@edge: bottom;\n@edges: top;\nUIButton { configuration--image-placement: @edge; }\nUIViewController { edges-for-extended-layout: @edges; }\n"
        #expect(Self.diagnostics(text).isEmpty)
        #expect(try Self.value(text, "configuration.imagePlacement", className: "UIButton")
                == .optionSet(OptionSetValue(setName: "NSDirectionalRectEdge", options: ["bottom"], rawValue: 4)))
        #expect(try Self.value(text, "edgesForExtendedLayout", className: "UIViewController")
                == .optionSet(OptionSetValue(setName: "UIRectEdge", options: ["top"], rawValue: 1)))
        // A word that is no option of the property's set is the error it is
        // written in place, listing them all (at most twelve), at the reference.
        #expect(Self.diagnostics("@edge: bottom;\nUIView { autoresizing-mask: @edge; }\n") == [
            "unknown-enum-case 2:29 'bottom' is not a case of UIView.AutoresizingMask for 'autoresizing-mask'; the cases are 'none', "
                + "'flexible-left-margin', 'flexible-width', 'flexible-right-margin', 'flexible-top-margin', 'flexible-height', 'flexible-bottom-margin'",
        ])
        // A variable's word is read as the key's case or option whatever it means on its own: a
        // text alignment (`left`), a color (`black`), no autoresizing (`none`), a word like a color's (`link`).
        let words = "@l: left;\n@b: bottom;\n@n: none;\n@s: black;\n@kind: link;\n"
            + "UIViewController { edges-for-extended-layout: @l; }\nUIViewController:two { edges-for-extended-layout: top, @b; }\n"
            + "UITextField { border-style: @n; }\nUINavigationBar { bar-style: @s; }\nUITextView { data-detector-types: @kind; }\n"
        #expect(Self.diagnostics(words).isEmpty)
        #expect(try Self.value(words, "edgesForExtendedLayout", className: "UIViewController")
                == .optionSet(OptionSetValue(setName: "UIRectEdge", options: ["left"], rawValue: 2)))
        #expect(try Self.value(words, "edgesForExtendedLayout", className: "UIViewController", traits: ["two"])
                == .optionSet(OptionSetValue(setName: "UIRectEdge", options: ["top", "bottom"], rawValue: 5)))
        #expect(try Self.value(words, "borderStyle", className: "UITextField") == .enumCase(EnumCase(enumName: "UITextBorderStyle", caseName: "none", rawValue: 0)))
        #expect(try Self.value(words, "barStyle", className: "UINavigationBar") == .enumCase(EnumCase(enumName: "UIBarStyle", caseName: "black", rawValue: 1)))
        #expect(try Self.value(words, "dataDetectorTypes", className: "UITextView")
                == .optionSet(OptionSetValue(setName: "UIDataDetectorTypes", options: ["link"], rawValue: 2)))
        // `none` is the empty set of autoresizing options, written in place or through a variable.
        #expect(Self.diagnostics("UIView { autoresizing-mask: none; }").isEmpty)
        #expect(try Self.value("UIView { autoresizing-mask: none; }", "autoresizingMask", className: "UIView")
                == .optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: [], rawValue: 0)))
        #expect(Self.diagnostics("@mode: fit;\nUIView { content-mode: @mode; }\n") == [
            "unknown-enum-case 2:24 'fit' is not a case of UIView.ContentMode for 'content-mode'; did you mean 'mode-scale-aspect-fit'?",
        ])
        // The same variable in several rules is read the same at each (its word is kept by name).
        let again = "@e: left;\n@mode: fit;\nUIViewController { edges-for-extended-layout: @e; }\nUIViewController:two { edges-for-extended-layout: @e; }\n"
        #expect(try Self.value(again, "edgesForExtendedLayout", className: "UIViewController", traits: ["two"])
                == .optionSet(OptionSetValue(setName: "UIRectEdge", options: ["left"], rawValue: 2)))
        #expect(Self.diagnostics(again + "UIView { content-mode: @mode; }\nUIView:b { content-mode: @mode; }\n") == [
            "unknown-enum-case 5:24 'fit' is not a case of UIView.ContentMode for 'content-mode'; did you mean 'mode-scale-aspect-fit'?",
            "unknown-enum-case 6:26 'fit' is not a case of UIView.ContentMode for 'content-mode'; did you mean 'mode-scale-aspect-fit'?",
        ])
        // A word that is a keyword too is read as the word, as it is in
        // place: `left` is no `mode-left`, though a text alignment's `left`
        // has the Swift name of `UIView.ContentMode.left`.
        #expect(Self.diagnostics("@v: left;\nUIView { content-mode: @v; }\nUIView:b { content-mode: left; }\n") == [
            "unknown-enum-case 2:24 'left' is not a case of UIView.ContentMode for 'content-mode'; did you mean 'mode-left'?",
            "unknown-enum-case 3:26 'left' is not a case of UIView.ContentMode for 'content-mode'; did you mean 'mode-left'?",
        ])
    }

    /// An unknown key's warning quotes the key as written, whichever
    /// spelling of the same name a rule before it used: a thread's checks
    /// are kept by name, and the threads share the rules out as they free
    /// up, so a message kept from another spelling changed from run to run.
    @Test func anUnknownKeyIsQuotedAsWrittenWhateverSpellingCameFirst() {
        let warning = { (key: String, line: Int, column: Int) in
            "unknown-property \(line):\(column) '\(key)' is not a property of UIStackView (nor of its superclasses); "
                + "declare it with '@view UIStackView { \(key): TYPE; }' if an extension adds it"
        }
        #expect(Self.diagnostics("UIStackView:a { textAlignment: left; }\nUIStackView:b { text-alignment: left; }\n"
                                 + "UIStackView:c { textAlignment: left; }\n") == [
            warning("textAlignment", 1, 17), warning("text-alignment", 2, 17), warning("textAlignment", 3, 17),
        ])
    }

    /// A class's checks are kept by property name id, in an array while the
    /// ids are about as many as the checks and apart past that (a class met
    /// with one key of a program of many names keeps one entry): found
    /// either way, and an id kept apart is still found once the array has
    /// grown past it.
    @Test func keyChecksAreFoundByNameIdNearAndFar() {
        let checks = RuleContext.KeyChecks(className: "UIView")
        func text(_ id: Int32) -> String? {
            switch checks[id] {
            case .unknown(let message)?: return message.text
            case .unchecked?: return "unchecked"
            default: return nil
            }
        }
        checks.set(.unknown(.warning(.unknownProperty, "far")), for: 1_000)  // past the array, kept apart
        for id in Int32(0)..<200 { checks.set(.unchecked, for: id) }
        checks.set(.unknown(.warning(.unknownProperty, "near")), for: 900)
        checks.set(.unknown(.warning(.unknownProperty, "grown past the far one")), for: 1_100)
        #expect(text(1_000) == "far")
        #expect(text(900) == "near")
        #expect(text(1_100) == "grown past the far one")
        #expect(text(0) == "unchecked" && text(199) == "unchecked")
        #expect(text(200) == nil && text(999) == nil && text(1_001) == nil && text(50_000) == nil)
    }

    @Test func aStateOnAPropertyWithoutAPerStateSetterIsAnError() {
        let found = Self.diagnostics("UIView { background-color[highlighted]: red; }")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("state-not-per-state 1:26 'background-color' is not set per control state in UIKit") == true)
    }

    @Test func theDeploymentTargetWarnsAboutNewerProperties() {
        let text = "UIView { directional-layout-margins: edge-insets(1, 2, 3, 4); }"
        #expect(Self.diagnostics(text, deploymentTarget: OSVersion(15, 0)).isEmpty)
        #expect(Self.diagnostics(text, deploymentTarget: OSVersion(10, 3)) == [
            "property-availability 1:10 'directional-layout-margins' (UIView.directionalLayoutMargins) is available from iOS 11.0; the deployment target is iOS 10.3",
        ])
        // Each use of the key is warned about, as it is written there (whether the key draws
        // a warning is found once, with its check; the message is made at each use).
        let again = text + "\nUIView:b { directionalLayoutMargins: edge-insets(1, 2, 3, 4); }\nUIView:c { alpha: 0.5; }"
        #expect(Self.diagnostics(again, deploymentTarget: OSVersion(10, 3)) == [
            "property-availability 1:10 'directional-layout-margins' (UIView.directionalLayoutMargins) is available from iOS 11.0; the deployment target is iOS 10.3",
            "property-availability 2:12 'directionalLayoutMargins' (UIView.directionalLayoutMargins) is available from iOS 11.0; the deployment target is iOS 10.3",
        ])
    }

    @Test func theDeploymentTargetChecksEveryStepOfAKeyPath() {
        // `configuration` (iOS 15.0) is the sub-object the key path goes through.
        let text = "UIButton {\n    configuration--base-background-color: red;\n    configuration--indicator: none;\n    title-label--text-color: red;\n}\n"
        #expect(Self.diagnostics(text, deploymentTarget: OSVersion(14, 0)) == [
            "property-availability 2:5 'configuration' (UIButton.configuration) is available from iOS 15.0; the deployment target is iOS 14.0",
            "property-availability 3:5 'configuration' (UIButton.configuration) is available from iOS 15.0; the deployment target is iOS 14.0",
        ])
        // At 15.0 the sub-object is there; the final property (iOS 16.0) is the step named.
        #expect(Self.diagnostics(text, deploymentTarget: OSVersion(15, 0)) == [
            "property-availability 3:5 'indicator' (UIButton.Configuration.indicator) is available from iOS 16.0; the deployment target is iOS 15.0",
        ])
        #expect(Self.diagnostics(text, deploymentTarget: OSVersion(16, 0)).isEmpty)
        #expect(Self.diagnostics(text).isEmpty)
        // The same words as for the key written directly, rendered as on stderr.
        let source = SourceFile(path: "main.less", text: "UIButton { configuration--base-background-color: red; }\n")
        let result = Compiler.compile(source: source, importsRelativeTo: "main.less", deploymentTarget: OSVersion(14, 0))
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(result.diagnostics) == """
            main.less:1:12: warning: 'configuration' (UIButton.configuration) is available from iOS 15.0; the deployment target is iOS 14.0
            UIButton { configuration--base-background-color: red; }
                       ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
            1 warning generated.

            """)
        #expect(Self.diagnostics("UIButton { automatically-updates-configuration: true; }", deploymentTarget: OSVersion(14, 0)) == [
            "property-availability 1:12 'automatically-updates-configuration' (UIButton.automaticallyUpdatesConfiguration) is available from iOS 15.0; the deployment target is iOS 14.0",
        ])
    }

    @Test func declaredClassesAreCheckedLikeUIKits() throws {
        let declarations = """
            @view MyApp.CardView: UIView {
                accent-color: color;
                density: enum(compact, regular);
                badge-color: per-state(color);
            }
            @view UIView { skeleton-color: color; }

            """
        #expect(Self.diagnostics(declarations + "MyApp.CardView { accent-color: 3; density: compac; elevaton: 1; corner-radius: 4px; }") == [
            "property-type 7:32 'accent-color' takes a color; found a number",
            "unknown-enum-case 7:44 'compac' is not a case of enum(compact, regular) for 'density'; did you mean 'compact'?",
            "unknown-property 7:52 'elevaton' is not a property of MyApp.CardView (nor of its superclasses); declare it with '@view MyApp.CardView { elevaton: TYPE; }' if an extension adds it",
        ])
        #expect(Self.diagnostics(declarations + "UILabel { skeleton-color: gray; }\nMyApp.CardView { badge-color[highlighted]: red; }").isEmpty)
        #expect(try Self.value(declarations + "MyApp.CardView { density: regular; }", "density", className: "MyApp.CardView") == .identifier("regular"))
    }

    /// A key declared again for a class replaces its property, which then
    /// comes last, whichever block declares it: the table lists the class's
    /// properties in that order, and the later type is the one checked.
    @Test func aKeyDeclaredAgainReplacesItsPropertyAndComesLast() throws {
        let text = """
            @view MyApp.Card: UIView { a-color: color; b-size: number; c-on: bool; }
            @view MyApp.Card { a-color: number; }
            @view MyApp.Card { d-text: string; b-size: number; }
            MyApp.Card { a-color: 3; }

            """
        #expect(Self.diagnostics(text).isEmpty)
        let table = try #require(Compiler.compile(source: SourceFile(path: "main.less", text: text)).ruleTable)
        let card = try #require(table.views.classes["MyApp.Card"])
        #expect(card.properties.map { "\($0.stylesheetKey): \($0.type)" } == ["c-on: bool", "a-color: number", "d-text: string", "b-size: number"])
    }

    @Test func mistakesInDeclarationsAreReportedAtTheirPlace() {
        #expect(Self.diagnostics("@view A: UIView { a: colour; }\n@view A: UILabel {}\n@view UIButton: UIView {}") == [
            "view-declaration 1:22 unknown type 'colour'; the types are any, bool, border, color, directional-edge-insets, duration, edge-insets, font, gradient, image, number, offset, point, rect, shadow, size, string, text-attributes, transform, enum(a, b, ...), per-state(TYPE)",
            "view-declaration 2:10 'A' is declared a subclass of UIView already; a class has one superclass",
        ] + (UIKitSchema.schema.classes["UIButton"] == nil ? [] : ["view-declaration 3:17 'UIButton' is a subclass of UIControl in UIKit"]))
    }

    @Test func aTypeErrorThroughAVariablePointsAtItsDefinition() {
        // The value is written where the variable is defined, through a
        // second variable: the note points there, where the fix goes.
        let source = SourceFile(path: "main.less", text: "@accent: @brand;\n@brand: rde;\nUILabel { text-color: @accent; alpha: 0.5; }\n")
        let result = Compiler.compile(source: source, importsRelativeTo: "main.less")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(result.diagnostics) == """
            main.less:2:9: warning: 'rde' is not a keyword or color and is kept as an identifier; did you mean 'red'?
            @brand: rde;
                    ^~~
                    red
            main.less:3:23: error: 'text-color' takes a color; found the identifier 'rde'
            UILabel { text-color: @accent; alpha: 0.5; }
                                  ^~~~~~~
            main.less:2:9: note: '@brand' is defined here
            @brand: rde;
                    ^~~
            1 warning and 1 error generated.

            """)
        // A value written in place has no note.
        let direct = Compiler.compile(source: SourceFile(path: "main.less", text: "UILabel { text-color: 12px; }\n"), importsRelativeTo: "main.less")
        #expect(direct.diagnostics.map(\.notes.count) == [0])
    }

    @Test func aCaseWordThroughAVariableWhereAColorGoesIsNamedAsATypoAtItsDefinition() {
        // `line` and `link` are words of UIKit's enumerations, so their
        // definitions draw no "did you mean"; used where a color goes, the
        // color they likely misspell is named where the fix goes.
        let text = "@c: line;\n@kind: link;\nUIView { background-color: @c; tint-color: @kind; }\nUITextView { data-detector-types: @kind; }\n"
        let result = Compiler.compile(source: SourceFile(path: "main.less", text: text), importsRelativeTo: "main.less")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(result.diagnostics) == """
            main.less:3:28: error: 'background-color' takes a color; found the identifier 'line'
            UIView { background-color: @c; tint-color: @kind; }
                                       ^~
            main.less:1:5: note: '@c' is defined here; did you mean 'lime'?
            @c: line;
                ^~~~
            main.less:3:44: error: 'tint-color' takes a color; found the identifier 'link'
            UIView { background-color: @c; tint-color: @kind; }
                                                       ^~~~~
            main.less:2:8: note: '@kind' is defined here; did you mean 'pink'?
            @kind: link;
                   ^~~~
            2 errors generated.

            """)
        // A word that is no case keeps its one warning, at the definition, and a plain note.
        let typo = Compiler.compile(source: SourceFile(path: "main.less", text: "@c: rde;\nUIView { background-color: @c; }\n"),
                                    importsRelativeTo: "main.less")
        #expect(typo.diagnostics.map(\.message) == ["'rde' is not a keyword or color and is kept as an identifier; did you mean 'red'?",
                                                      "'background-color' takes a color; found the identifier 'rde'"])
        #expect(typo.diagnostics.last?.notes.map(\.message) == ["'@c' is defined here"])
        // Where the key takes a case, the word is told what it is written in
        // place, its nearest case named, and the note points at the
        // definition, where the fix goes (no fix-it replaces the reference).
        let cases = Compiler.compile(source: SourceFile(path: "main.less", text: """
            @c: line;
            @kind: link;
            @edge: bottom;
            UITextView { data-detector-types: @c; }
            UITextField { border-style: @kind; }
            UIView { content-mode: @edge; }
            UITextField { border-style: link; }

            """), importsRelativeTo: "main.less")
        #expect(cases.diagnostics.map(\.message) == [
            "'line' is not a case of UIDataDetectorTypes for 'data-detector-types'; did you mean 'link'?",
            "'link' is not a case of UITextField.BorderStyle for 'border-style'; did you mean 'line'?",
            "'bottom' is not a case of UIView.ContentMode for 'content-mode'; did you mean 'mode-bottom'?",
            "'link' is not a case of UITextField.BorderStyle for 'border-style'; did you mean 'line'?",
        ])
        #expect(cases.diagnostics.map { $0.notes.map(\.message) } == [["'@c' is defined here"], ["'@kind' is defined here"],
                                                                     ["'@edge' is defined here"], []])
        #expect(cases.diagnostics.map { $0.fixIt?.replacement } == [nil, nil, nil, "line"])
        // Given to a function that refuses it, the same: the keyword named,
        // the note at the definition, no fix-it replacing the reference (a
        // function that takes words of its own, `image` or `font`, names no
        // keyword, in place or through a variable).
        let call = Compiler.compile(source: SourceFile(path: "main.less", text: "@c: line;\nUIView { background-color: darken(@c, 10%); }\n"),
                                    importsRelativeTo: "main.less")
        #expect(call.diagnostics.map(\.message) == ["darken(): the color must be a color, found the identifier 'line'; did you mean 'lime'?"])
        #expect(call.diagnostics.map { $0.notes.map(\.message) } == [["'@c' is defined here"]])
        #expect(call.diagnostics.map { $0.fixIt == nil } == [true])
        // An argument of a call in a variable's value is never a case: its typo is told where it is written.
        #expect(Self.diagnostics("@c: darken(line, 10%);\nUIView { background-color: @c; }\n") == [
            "argument-type 1:12 darken(): the color must be a color, found the identifier 'line'; did you mean 'lime'?",
        ])
    }

    @Test func aCaseWordThroughAVariableWhereNoKeyTypeReadsItIsWarnedAboutAsTheWordInPlace() {
        // In a rule for a class the schema does not know, or under a key it
        // does not know, nothing reads `line` as a case: written in place it
        // draws the typo warning, and through a variable the same, at the
        // reference, with the note at the definition and no fix-it there.
        let text = """
            @c: line;
            @d: @c;
            @ok: lime;
            MyWidget { my-tint: line; my-other: @c; chained: @d; fine: @ok; }
            UIView { backround-color: @c; }

            """
        let result = Compiler.compile(source: SourceFile(path: "main.less", text: text), importsRelativeTo: "main.less")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(result.diagnostics) == """
            main.less:4:21: warning: 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?
            MyWidget { my-tint: line; my-other: @c; chained: @d; fine: @ok; }
                                ^~~~
                                lime
            main.less:4:37: warning: 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?
            MyWidget { my-tint: line; my-other: @c; chained: @d; fine: @ok; }
                                                ^~
            main.less:1:5: note: '@c' is defined here
            @c: line;
                ^~~~
            main.less:4:50: warning: 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?
            MyWidget { my-tint: line; my-other: @c; chained: @d; fine: @ok; }
                                                             ^~
            main.less:1:5: note: '@c' is defined here
            @c: line;
                ^~~~
            main.less:5:10: warning: 'backround-color' is not a property of UIView; did you mean 'background-color'?
            UIView { backround-color: @c; }
                     ^~~~~~~~~~~~~~~
                     background-color
            main.less:5:27: warning: 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?
            UIView { backround-color: @c; }
                                      ^~
            main.less:1:5: note: '@c' is defined here
            @c: line;
                ^~~~
            5 warnings generated.

            """)
        // The values are kept as written, as the word in place is.
        let values = Dictionary(uniqueKeysWithValues: (result.ruleTable?.rules.first?.properties ?? []).map { ($0.name, $0.value) })
        #expect(values == ["myTint": .identifier("line"), "myOther": .identifier("line"), "chained": .identifier("line"),
                           "fine": .color(NamedColors.color(named: "lime")!)])
    }

    @Test func aCaseWordThroughAVariableGivenToAShorthandIsWarnedAboutAsTheWordInPlace() {
        // `shadow:` and `border:` take a shadow and a border, never a case:
        // a word is kept as a property of that name, and `line` draws the
        // typo warning, written in place or through a variable.
        let result = Compiler.compile(source: SourceFile(path: "main.less", text: """
            @c: line;
            MyWidget { shadow: line; border: @c; }
            UIView { shadow: @c; }

            """), importsRelativeTo: "main.less")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(result.diagnostics) == """
            main.less:2:20: warning: 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?
            MyWidget { shadow: line; border: @c; }
                               ^~~~
                               lime
            main.less:2:34: warning: 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?
            MyWidget { shadow: line; border: @c; }
                                             ^~
            main.less:1:5: note: '@c' is defined here
            @c: line;
                ^~~~
            main.less:3:18: warning: 'line' is not a keyword or color and is kept as an identifier; did you mean 'lime'?
            UIView { shadow: @c; }
                             ^~
            main.less:1:5: note: '@c' is defined here
            @c: line;
                ^~~~
            main.less:3:18: warning: 'shadow' sets its parts at once from a shadow, 'shadow(x, y, blur, color)'; found the identifier 'line', kept as a property of that name for the app
            UIView { shadow: @c; }
                             ^~
            4 warnings generated.

            """)
        let values = Dictionary(uniqueKeysWithValues: (result.ruleTable?.rules.first?.properties ?? []).map { ($0.name, $0.value) })
        #expect(values == ["shadow": .identifier("line"), "border": .identifier("line")])
    }

    @Test func aUIKitClassWithADotIsProbablyATrait() {
        #expect(Self.diagnostics("UIView.primary { alpha: 1; }\nMyApp.CardView { x: 1; }") == [
            "dotted-selector 1:1 'UIView.primary' is read as a class of that name; did you mean the trait 'UIView:primary'?",
        ])
    }

    @Test func theExamplesOfUsersGetTheirDiagnostic() {
        #expect(Self.diagnostics("UILabel { text-color: 12px; color: red; font-weight: bold; }") == [
            "property-type 1:23 'text-color' takes a color; found a number in px",
            "unknown-property 1:29 'color' is not a property of UILabel; did you mean 'text-color'?",
            "unknown-property 1:41 'font-weight' is not a property of UILabel; the weight goes in the font: 'font: font(\"system\", 17pt, semibold)'",
        ])
        let perState = Self.diagnostics("UIButton { background-color[highlighted]: red; }")
        #expect(perState == ["state-not-per-state 1:28 'background-color' is not set per control state in UIKit; "
            + "the per-state properties of UIButton are 'title', 'title-color', 'title-shadow-color', 'image', 'background-image', 'title-text-attributes'"])
    }

    @Test func aStylesheetOfRealUIKitPropertiesBuildsClean() throws {
        let text = """
            UIButton:primary {
                background-color: #0a84ff;
                title-color: white;
                title-color[highlighted]: #dddddd;
                background-image[highlighted]: image(#006bd6);
                title-label--font: font('system', 17pt, semibold);
                corner-radius: 8pt;
                layer--border-width: 1px;
                content-horizontal-alignment: leading;
            }
            UIStackView:toolbar { axis: horizontal; alignment: center; distribution: fill-equally; spacing: 8pt; }
            UINavigationBar { bar-style: black; translucent: false; prefers-large-titles: true; }
            UITableViewCell { selection-style: none; accessory-type: disclosure-indicator; }
            UITextField { keyboard-type: email-address; return-key-type: done; border-style: rounded-rect; }
            UISwitch { on: true; on-tint-color: #34c759; }
            UILabel { text-alignment: center; number-of-lines: 0; line-break-mode: by-truncating-tail; }
            """
        #expect(Self.diagnostics(text) == [])
        let stylesheet = try Stylesheet(source: text)
        let stack = stylesheet.resolve(StyleQuery(className: "UIStackView", traits: ["toolbar"]))
        #expect(stack["alignment"] == .enumCase(EnumCase(enumName: "UIStackViewAlignment", caseName: "center", rawValue: 3)))
        #expect(stack["distribution"] == .enumCase(EnumCase(enumName: "UIStackViewDistribution", caseName: "fillEqually", rawValue: 1)))
        let bar = stylesheet.resolve(StyleQuery(className: "UINavigationBar"))
        #expect(bar["barStyle"] == .enumCase(EnumCase(enumName: "UIBarStyle", caseName: "black", rawValue: 1)))
        let label = stylesheet.resolve(StyleQuery(className: "UILabel"))
        #expect(label["textAlignment"] == .enumCase(EnumCase(enumName: "NSTextAlignment", caseName: "center", rawValue: 1)))
    }

    @Test func declarationsLandInTheJSONTableAndReadBack() throws {
        let source = "@view MyApp.CardView: UIView {\n    accent-color: color;\n    density: enum(compact, regular);\n"
            + "    badge-color: per-state(color);\n}\nMyApp.CardView { accent-color: red; }\n"
        let table = try Stylesheet(source: source).table
        #expect(table.views.classes["MyApp.CardView"]?.superclass == "UIView")
        let json = String(decoding: table.jsonBytes(), as: UTF8.self)
        #expect(json.hasPrefix("{\n  \"version\": 3,"))
        #expect(json.contains(#""MyApp.CardView": {"superclass": "UIView", "properties": {"accent-color": "color", "density": "enum(compact, regular)", "badge-color": "per-state(color)"}}"#))
        let read = try Stylesheet(ruleTableJSON: table.jsonBytes()).table
        #expect(read.views.classes["MyApp.CardView"]?.properties.map(\.stylesheetKey) == ["accent-color", "density", "badge-color"])
        #expect(read.views.classes["MyApp.CardView"]?.properties.last?.isPerState == true)
        #expect(read.rules == table.rules)
    }
}
