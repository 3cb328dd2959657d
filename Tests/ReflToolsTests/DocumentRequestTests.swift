import ReflTools
import ReflEval
import Testing

/// Completion, the outline, colors, formatting and quick fixes.
struct DocumentRequestTests {
    static func session(_ text: String, name: String = "a.less", files: [String: String] = [:]) throws -> Session {
        let session = try Session(files: files.merging([name: text]) { $1 })
        try session.initialize()
        try session.open(name)
        return session
    }

    /// The labels of a completion's items.
    static func labels(_ completion: JSON) -> [String] {
        completion["items"]?.array?.compactMap { $0["label"]?.string } ?? []
    }

    // MARK: Completion

    @Test func completionOfAVariableReplacesTheWordTyped() throws {
        let session = try Self.session("@accent: #3a7bd5;\n@alpha: 0.5;\n@base: 4px;\nA { b: @a }\n")
        let completion = try session.result("textDocument/completion", session.place("a.less", 3, 9))
        #expect(completion["isIncomplete"] == false)
        #expect(completion["items"] == [
            ["label": "@accent", "kind": 16, "detail": "#3a7bd5ff", "documentation": "#3a7bd5ff",
             "textEdit": ["range": Session.range((3, 7), (3, 9)), "newText": "@accent"]],
            ["label": "@alpha", "kind": 6, "detail": "0.5",
             "textEdit": ["range": Session.range((3, 7), (3, 9)), "newText": "@alpha"]],
        ])
    }

    /// A variable's detail is its value as a stylesheet writes it.
    @Test func completionShowsAVariablesValueAsAStylesheetWritesIt() throws {
        let session = try Self.session("@inset: edge-insets(8px, 16px);\n@title: font(headline, semibold);\n@turn: 45deg;\nA { b: @ }\n")
        let completion = try session.result("textDocument/completion", session.place("a.less", 3, 8))
        let details = completion["items"]?.array?.map { "\($0["label"]?.string ?? ""): \($0["detail"]?.string ?? "")" }
        #expect(details == ["@inset: edge-insets(8pt, 16pt)", "@title: font(headline, semibold)", "@turn: 45deg"])
    }

    @Test func completionOfAValueOffersVariablesFunctionsColorsAndKeywords() throws {
        let session = try Self.session("@x: 1;\nA { b: }\n")
        let labels = Set(Self.labels(try session.result("textDocument/completion", session.place("a.less", 1, 7))))
        #expect(labels.isSuperset(of: ["@x", "darken", "rgb", "font", "lightblue", "mode-center"]))
        #expect(!labels.contains("__include"))
    }

    @Test func completionOfAKeyOffersDirectivesAndTheKeysInUse() throws {
        let session = try Self.session("A { background-color: red; }\nB {\n    \n}\n")
        let labels = Self.labels(try session.result("textDocument/completion", session.place("a.less", 2, 4)))
        #expect(labels.contains("__include") && labels.contains("__condition") && labels.contains("background-color"))
        #expect(!labels.contains("rgb"))
    }

    @Test func completionInAConditionOffersSubjectsThenValues() throws {
        let session = try Self.session("A {\n    __condition: 'idiom = ';\n}\n")
        let values = Self.labels(try session.result("textDocument/completion", session.place("a.less", 1, 26)))
        #expect(values.contains("pad") && values.contains("phone"))
        #expect(!values.contains("idiom"))
        let subjects = Self.labels(try session.result("textDocument/completion", session.place("a.less", 1, 18)))
        #expect(subjects.contains("idiom") && subjects.contains("appearance") && subjects.contains("and"))
    }

    @Test func completionOfControlStatesAndIncludes() throws {
        let session = try Self.session("UIButton:primary { a: 1; }\nB {\n    title-color[]: red;\n    __include: ;\n}\n")
        let states = Self.labels(try session.result("textDocument/completion", session.place("a.less", 2, 16)))
        #expect(states.contains("highlighted") && states.contains("disabled"))
        let includes = Self.labels(try session.result("textDocument/completion", session.place("a.less", 3, 15)))
        #expect(includes == ["B", "UIButton:primary"])
    }

    // MARK: Outline

    @Test func documentSymbolsAreTheOutline() throws {
        let session = try Self.session("@ns {\n    @x: 1;\n}\n@y: 2px;\nA:b {\n    c: @x;\n    __include: D;\n}\n")
        let symbols = try session.result("textDocument/documentSymbol", ["textDocument": session.document("a.less")])
        #expect(symbols == [
            ["name": "@ns", "kind": 3, "range": Session.range((0, 0), (2, 1)), "selectionRange": Session.range((0, 0), (0, 3)),
             "children": [["name": "@x", "detail": "1", "kind": 13, "range": Session.range((1, 4), (1, 10)),
                           "selectionRange": Session.range((1, 4), (1, 6))]]],
            ["name": "@y", "detail": "2px", "kind": 13, "range": Session.range((3, 0), (3, 8)), "selectionRange": Session.range((3, 0), (3, 2))],
            ["name": "A:b", "kind": 5, "range": Session.range((4, 0), (7, 1)), "selectionRange": Session.range((4, 0), (4, 3)),
             "children": [
                ["name": "c", "detail": "@x", "kind": 7, "range": Session.range((5, 4), (5, 10)), "selectionRange": Session.range((5, 4), (5, 5))],
                ["name": "__include", "detail": "D", "kind": 7, "range": Session.range((6, 4), (6, 17)),
                 "selectionRange": Session.range((6, 4), (6, 13))],
             ]],
        ])
    }

    /// A selector with context is named whole, from its first step.
    @Test func selectorsWithContextAreNamedWhole() throws {
        let session = try Self.session("MyApp.Header > UIButton card { a: 1; }\n")
        let symbols = try session.result("textDocument/documentSymbol", ["textDocument": session.document("a.less")])
        #expect(symbols.array?.first?["name"] == "MyApp.Header > UIButton card")
        #expect(symbols.array?.first?["selectionRange"] == Session.range((0, 0), (0, 28)))
    }

    /// A step of a selector is completed with classes and the names the
    /// stylesheet's selectors use, and hovers with what it asks.
    @Test func selectorStepsCompleteAndHover() throws {
        let session = try Self.session("MyApp.Header > UIButton card { a: 1; }\nMyApp.Header UIL\n")
        let labels = Self.labels(try session.result("textDocument/completion", session.place("a.less", 1, 16)))
        #expect(labels.contains("UILabel") && !labels.contains("UIButton"))  // what the typed "UIL" starts
        let any = Self.labels(try session.result("textDocument/completion", session.place("a.less", 1, 13)))
        #expect(any.contains("card") && any.contains("MyApp.Header") && any.contains("UIView"))
        let hover = try session.result("textDocument/hover", session.place("a.less", 0, 3))
        #expect(hover["contents"]?["value"]?.string == "**MyApp.Header**: an ancestor step: the next step is directly inside it (`>`)")
        let button = try session.result("textDocument/hover", session.place("a.less", 0, 18))
        #expect(button["contents"]?["value"]?.string
                == "**UIButton**: an ancestor step: the next step is anywhere inside it\n\n`UIButton` : `UIControl` : `UIView` : `UIResponder`")
        let own = try session.result("textDocument/hover", session.place("a.less", 0, 26))
        #expect(own["contents"]?["value"]?.string == "**card**: the view this rule styles")
    }

    /// A `@view` declaration is a class of the outline, its properties with their types.
    @Test func viewDeclarationsAreInTheOutline() throws {
        let session = try Self.session("@view MyApp.CardView: UIView {\n    elevation: number;\n}\n")
        let symbols = try session.result("textDocument/documentSymbol", ["textDocument": session.document("a.less")])
        #expect(symbols == [
            ["name": "@view MyApp.CardView", "detail": "UIView", "kind": 5, "range": Session.range((0, 0), (2, 1)),
             "selectionRange": Session.range((0, 6), (0, 20)),
             "children": [["name": "elevation", "detail": "number", "kind": 7, "range": Session.range((1, 4), (1, 21)),
                           "selectionRange": Session.range((1, 4), (1, 13))]]],
        ])
    }

    /// The outline stops at 50,000 symbols; the rule that passes it keeps
    /// the declarations that fit, and the log says where it stopped.
    @Test func theOutlineStopsAtItsLimit() throws {
        let text = (0..<16_666).map { "R\($0) { a: 1; b: 2; }\n" }.joined() + "Last { a: 1; b: 2; c: 3; }\nNever { a: 1; }\n"
        let session = try Self.session(text)
        let symbols = try #require(try session.result("textDocument/documentSymbol", ["textDocument": session.document("a.less")]).array)
        #expect(symbols.count == 16_667)
        #expect(symbols.last?["name"] == "Last")
        #expect(symbols.last?["children"]?.array?.map { $0["name"] } == ["a"])  // 16,666 × 3 + 1 + 1 = 50,000
        #expect(session.logMessages()
                == ["the outline of \(session.uri("a.less")) stops at line 16667: it holds at most 50000 symbols"])
    }

    // MARK: Colors

    @Test func documentColorsAreTheCompilersValues() throws {
        let session = try Self.session("@c: #ff8000;\nA {\n    b: @c;\n    d: fade(@c, 50%);\n    e: white;\n    f: font(body, black);\n}\n")
        #expect(try session.result("textDocument/documentColor", ["textDocument": session.document("a.less")]) == [
            ["range": Session.range((0, 4), (0, 11)), "color": ["red": 1, "green": 0.50196, "blue": 0, "alpha": 1]],
            ["range": Session.range((2, 7), (2, 9)), "color": ["red": 1, "green": 0.50196, "blue": 0, "alpha": 1]],
            ["range": Session.range((3, 7), (3, 20)), "color": ["red": 1, "green": 0.50196, "blue": 0, "alpha": 0.5]],
            ["range": Session.range((4, 7), (4, 12)), "color": ["red": 1, "green": 1, "blue": 1, "alpha": 1]],
        ])
    }

    /// A color function of variables from another file is computed from
    /// their values, exactly as the compiler computes it.
    @Test func aColorFunctionOfImportedVariablesIsTheCompilersValue() throws {
        let session = try Self.session("@import \"palette.less\";\nA { b: darken(@brand, @step); c: mix(@brand, #ffffff, 25%); }\n",
                                       files: ["palette.less": "@brand: #2f6b3a;\n@step: 7.5%;\n"])
        let expected = try #require(Compiler.compile(source: SourceFile(path: "x.less", bytes: Array(
            "@d: darken(#2f6b3a, 7.5%);\n@m: mix(#2f6b3a, #ffffff, 25%);\n".utf8))).ruleTable)
        func json(_ value: StyleValue?) -> JSON {
            guard case .color(let color)? = value else { return .null }
            return ["red": .number(color.red), "green": .number(color.green), "blue": .number(color.blue), "alpha": .number(color.alpha)]
        }
        #expect(try session.result("textDocument/documentColor", ["textDocument": session.document("a.less")]) == [
            ["range": Session.range((1, 7), (1, 28)), "color": json(expected.variables["d"])],
            ["range": Session.range((1, 33), (1, 58)), "color": json(expected.variables["m"])],
        ])
    }

    @Test func colorPresentationsAreHexAndRGB() throws {
        let session = try Self.session("A { b: red; }\n")
        let range = Session.range((0, 7), (0, 10))
        #expect(try session.result("textDocument/colorPresentation", [
            "textDocument": session.document("a.less"), "color": ["red": 1, "green": 0.5, "blue": 0, "alpha": 1], "range": range,
        ]) == [
            ["label": "#ff8000", "textEdit": ["range": range, "newText": "#ff8000"]],
            ["label": "rgb(255, 128, 0)", "textEdit": ["range": range, "newText": "rgb(255, 128, 0)"]],
        ])
        let translucent = try session.result("textDocument/colorPresentation", [
            "textDocument": session.document("a.less"), "color": ["red": 0, "green": 0, "blue": 1, "alpha": 0.25], "range": range,
        ])
        #expect(translucent.array?.map { $0["label"] } == ["#0000ff40", "rgba(0, 0, 255, 0.25)"])
    }

    // MARK: Formatting and fixes

    @Test func formattingIsOneEditOverTheChangedSpan() throws {
        let session = try Self.session("A {\n    b: 1\n}\n")
        #expect(try session.result("textDocument/formatting", ["textDocument": session.document("a.less"),
                                                               "options": ["tabSize": 4, "insertSpaces": true]])
                == [["range": Session.range((1, 8), (1, 8)), "newText": ";"]])
        let formatted = try Self.session("A {\n    b: 1;\n}\n")
        #expect(try formatted.result("textDocument/formatting", ["textDocument": formatted.document("a.less")]) == [])
    }

    @Test func aFileWithSyntaxErrorsIsNotFormatted() throws {
        let session = try Self.session("A { b: ; }\n")
        #expect(try session.error("textDocument/formatting", ["textDocument": session.document("a.less")])
                == (-32803, "not formatted: the file has a syntax error"))
    }

    @Test func codeActionsAreTheFixItsOfTheDiagnosticsInTheRange() throws {
        let session = try Self.session("@orange: red;\nA { b: @orang; }\n")
        let diagnostic = try #require(try session.diagnostics(for: session.uri("a.less")).first)
        #expect(try session.result("textDocument/codeAction", [
            "textDocument": session.document("a.less"), "range": Session.range((1, 9), (1, 9)), "context": ["diagnostics": []],
        ]) == [
            ["title": "Replace '@orang' with '@orange'", "kind": "quickfix", "isPreferred": true, "diagnostics": [diagnostic],
             "edit": ["changes": [session.uri("a.less"): [["range": Session.range((1, 7), (1, 13)), "newText": "@orange"]]]]],
        ])
        // Elsewhere, none.
        #expect(try session.result("textDocument/codeAction", ["textDocument": session.document("a.less"),
                                                               "range": Session.range((0, 0), (0, 1))]) == [])
    }
}
