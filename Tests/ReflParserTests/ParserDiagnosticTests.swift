import Testing
import ReflLexer
@testable import ReflParser

/// Parser diagnostics as a table: a source and the `line:column: message`
/// lines it must produce, and nothing else.
struct ParserDiagnosticTests {
    static func diagnostics(_ source: String) -> [String] {
        let file = SourceFile(path: "t.less", text: source)
        let table = LineTable(file)
        return Parser.parse(file).diagnostics.map { diagnostic in
            let (line, column) = table.location(of: diagnostic.range.start)
            return "\(line):\(column): \(diagnostic.severity.rawValue): \(diagnostic.message)"
        }
    }

    @Test(arguments: [
        ("UIView { color: red }", []),
        ("UIView { color: red; }\n@v: 1;\n@ns { @a: 1; @b = 2 }", []),
        ("@import url(\"a.less\");\n@import 'b.less';", []),
        ("UIView {\n  color: red\n  width: 2;\n}", ["2:13: error: expected ';' after declaration, found 'width'"]),
        ("a, b { }", ["1:2: error: a rule takes exactly one selector; write one rule and '__include' its selector in the rules of the others"]),
        ("UIView:a:b { }", ["1:10: error: a selector may name only one trait, found a second trait 'b'"]),
        ("a:b { }", ["1:3: error: a selector may name only one trait, found a second trait 'b'"]),
        ("UIView:__where:a { }", ["1:8: error: ':__where' must be the last part of a selector"]),
        ("UIView { color red; }", ["1:16: error: expected ':' after property name 'color', found 'red'"]),
        ("UIView { color: ; }", ["1:17: error: expected a value after 'color', found ';'"]),
        ("UIView { color: red;", ["1:21: error: expected '}' at the end of the rule, found end of file"]),
        // The string ran over the rule's '}': the lexer's error is the one reported.
        ("UIView { x: 'abc; }", ["1:13: error: unterminated string; expected a closing ' before the end of the line"]),
        ("UIView { x: 'abc; }\nUILabel { y: 1; }", ["1:13: error: unterminated string; expected a closing ' before the end of the line"]),
        ("@v: 'abc;\nUIView { x: @v; }", ["1:5: error: unterminated string; expected a closing ' before the end of the line"]),
        ("@ns {\n  @a: 'abc; }\n@b: 1;", ["2:7: error: unterminated string; expected a closing ' before the end of the line"]),
        // In a namespace, a missing ';' is reported as at the top level, and the next line starts afresh.
        ("@ns {\n  @a: 1\n  @b: 2;\n  @c = 3\n}", ["2:8: error: expected ';' after variable definition, found '@b'"]),
        ("UIView {\n  a: 1\n  @b: 2;\n}", ["2:7: error: expected ';' after declaration, found '@b'",
                                            "3:3: error: variables cannot be defined inside a rule; move the definition to the top level or a namespace"]),
        ("/* abc", ["1:1: error: unterminated comment; expected '*/' before the end of the file"]),
        ("UIView { x: rgb(1, 2; }", ["1:21: error: expected ')' after the arguments of 'rgb', found ';'"]),
        ("UIView { x: 12 px; }", ["1:13: error: a unit must be attached to its number: write '12px'"]),
        ("UIView { @v: 1; }", ["1:10: error: variables cannot be defined inside a rule; move the definition to the top level or a namespace"]),
        ("@v: 1 !important;", ["1:7: error: '!important' cannot mark a variable definition; put it on the declaration that uses the variable"]),
        ("UIView { a { } }", ["1:10: error: nested rules are not part of the language; write a separate rule, or set a subview's property with a key path ('subview--property: value')"]),
        ("a {\n  b {\n    c: 1;\n  }\n}", ["2:3: error: nested rules are not part of the language; write a separate rule, or set a subview's property with a key path ('subview--property: value')"]),
        ("a { &:hover { c: 1; } d: 2; }", ["1:5: error: nested rules are not part of the language; write a separate rule, or set a subview's property with a key path ('subview--property: value')"]),
        ("a { .m(); .n; }", ["1:5: error: mixin calls are not part of the language; use '__include: m;' to copy a rule's declarations",
                             "1:11: error: mixin calls are not part of the language; use '__include: n;' to copy a rule's declarations"]),
        ("a { b: flexible-width | flexible-height | none; }",
         ["1:23: error: options are joined with ',' in a stylesheet, not '|' ('flexible-width, flexible-height')"]),
        ("a { b: 1 !importnat; c: 2; }", ["1:10: error: unknown '!importnat'; did you mean '!important'?"]),
        (".a { b: 1; }", ["1:1: error: CSS class selectors ('.a') are not part of the language; select by a class ('UIButton') or a trait ('a')"]),
        ("#a { b: 1; }", ["1:1: error: CSS id selectors ('#a') are not part of the language; select by a trait ('a')"]),
        ("@media screen { a { b: 1; } }\nc { d: 1; }",
         ["1:1: error: '@media' is not part of the language; use a ':__where' rule with a '__condition' such as 'width >= 768 or idiom = pad'"]),
        ("@font-face { font-family: 'X'; src: url('x.ttf'); }\n@page { }\n@keyframes spin { }\n@fonts { @f: 1; }",
         ["1:1: error: the CSS rule '@font-face' is not part of the language; name a font the app bundles (listed in its Info.plist under UIAppFonts) in a value such as font('Avenir-Book', 16pt)",
          "2:1: error: the CSS rule '@page' is not part of the language",
          "3:1: error: the CSS rule '@keyframes' is not part of the language"]),
        ("@w: 1 ^ 2;\n@n { @v: 1 ^ 2; }\nUIView { alpha: 1 ^ 2; }",
         ["1:7: error: unexpected character '^' (U+005E)", "2:12: error: unexpected character '^' (U+005E)",
          "3:19: error: unexpected character '^' (U+005E)"]),
        ("a ~ b { c: 1; }", ["1:3: error: sibling selectors ('a ~ b') are not part of the language; a rule's steps are its view's ancestors ('A B': inside A; 'A > B': directly inside A): give the view a trait of its own to tell it from its siblings"]),
        ("a + b { c: 1; }", ["1:3: error: adjacent sibling selectors ('a + b') are not part of the language; a rule's steps are its view's ancestors ('A B': inside A; 'A > B': directly inside A): give the view a trait of its own to tell it from its siblings"]),
        ("A b > C:d e { f: 1; }", []),
        ("a:__where b { __condition: 'default'; }", ["1:3: error: ':__where' must be the last part of a selector"]),
        ("a > { c: 1; }", ["1:5: error: expected a selector after '>', found '{'"]),
        ("a { b: 1;; ; c: 2; }\n{ }", ["2:1: error: expected a rule, a variable or an @import, found '{'"]),
        ("a {\n  b: 1;\nc {\n  d: 1;\n}", ["2:8: error: expected '}' after the rule, found 'c'"]),
        ("} UIView { }", ["1:1: error: unexpected '}' with no '{' to match; remove it"]),
        ("@ns { color: red; }", ["1:7: error: a namespace holds only variable definitions ('@name: value;'), found 'color'"]),
        ("UIView { x: 1 ! }", ["1:15: error: expected 'important' after '!', found '}'"]),
        ("@import foo;", ["1:9: error: expected a quoted path or url(\"...\") after '@import', found 'foo'"]),
    ])
    func reports(_ source: String, _ expected: [String]) {
        #expect(Self.diagnostics(source) == expected)
    }

    /// What an unknown condition word is told to be instead.
    static let subjects = "expected width, height, horizontal, vertical, idiom, appearance, content-size, layout-direction, orientation, contrast, reduce-motion, reduce-transparency, bold-text, os-version, scale, default or ?name"

    @Test(arguments: [
        ("width = 1 and height < 2", []),
        ("width ≠ 1 and width ≥ 2 and height ≤ 3 and idiom != pad and ?ext and default", []),
        ("", ["1:31: error: empty condition; write 'default' for a condition that always holds"]),
        ("foo = 1", ["1:32: error: unknown condition 'foo'; \(Self.subjects)"]),
        ("widht < 2", ["1:32: error: unknown condition 'widht'; did you mean 'width'?"]),
        ("height << 2", ["1:39: error: unknown operator '<<'; expected one of =, ==, !=, ≠, <, <=, ≤, >, >=, ≥"]),
        ("horizontal > compact", ["1:43: error: '>' cannot compare size classes; use '=' or '!='"]),
        ("idiom = ipad", ["1:40: error: unknown value 'ipad'; did you mean 'pad'?"]),
        ("width < 2em", ["1:41: error: unknown unit 'em' in a condition; sizes take 'px', 'pt' or no unit"]),
        ("width < 2 or idiom = pad", []),
        ("(idiom = pad or width >= 768) and not ?compact and reduce-motion", []),
        ("appearance = dark and content-size >= accessibility-medium or layout-direction != rtl", []),
        ("orientation = landscape and contrast = high and not (bold-text or reduce-transparency) and idiom = vision", []),
        ("content-size = unspecified", []),
        ("content-size < unspecified", ["1:45: error: '<' cannot compare 'unspecified'; use '=' or '!='"]),
        ("appearance = darkk", ["1:45: error: unknown value 'darkk'; did you mean 'dark'?"]),
        ("(width < 2", ["1:32: error: unbalanced '(': expected ')' to close it, found end of condition"]),
        ("width < 2)", ["1:41: error: unexpected ')' with no '(' to match; remove it"]),
        ("width < 2 && height < 3", ["1:42: error: write 'and' instead of '&&' in a condition"]),
        ("reduce-motion = true", ["1:46: error: 'reduce-motion' takes no operator; write 'reduce-motion' or 'not reduce-motion'"]),
        ("?or", ["1:33: error: 'or' is a reserved word and cannot name an external condition"]),
        ("not", ["1:35: error: expected a condition after 'not', found end of condition"]),
        ("width < 2 or", ["1:44: error: expected a condition after 'or', found end of condition"]),
        ("width < 2 height < 3", ["1:42: error: expected 'and' or 'or' between conditions, found 'height'"]),
        ("(foo = 1 or idiom = ipad) and bar", ["1:33: error: unknown condition 'foo'; \(Self.subjects)",
                                              "1:52: error: unknown value 'ipad'; did you mean 'pad'?",
                                              "1:62: error: unknown condition 'bar'; \(Self.subjects)"]),
        ("width < 2 and", ["1:45: error: expected a condition after 'and', found end of condition"]),
        ("foo = 1 and bar = 2", ["1:32: error: unknown condition 'foo'; \(Self.subjects)",
                                 "1:44: error: unknown condition 'bar'; \(Self.subjects)"]),
    ])
    func conditionErrorsPointInsideTheString(_ condition: String, _ expected: [String]) {
        // The condition text starts at column 32, after `UIView:__where { __condition: '`.
        let source = "UIView:__where { __condition: '\(condition)'; }"
        #expect(Self.diagnostics(source) == expected)
    }

    @Test func threeIndependentErrorsAreAllReported() {
        let source = """
            UIView {
                background-color: red
                corner-radius: 4px;
            }
            a, b { color: blue; }
            UILabel { font: font('Arial', 12pt; }
            """
        #expect(Self.diagnostics(source) == [
            "2:26: error: expected ';' after declaration, found 'corner-radius'",
            "5:2: error: a rule takes exactly one selector; write one rule and '__include' its selector in the rules of the others",
            "6:35: error: expected ')' after the arguments of 'font', found ';'",
        ])
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        let depth = 100_000
        let source = "UIView { x: " + String(repeating: "f(", count: depth) + String(repeating: ")", count: depth) + "; }"
        let messages = Self.diagnostics(source)
        #expect(messages == ["1:\(13 + 2 * 256): error: values are nested more than 256 levels deep"])
    }

    /// Parentheses past the limit are one error too, whatever is after the
    /// limit: the parenthesis there is skipped with all it holds.
    @Test(arguments: [257, 258, 300, 10_000])
    func deepParenthesesAreOneError(depth: Int) {
        for (open, close) in [("(", ")"), ("-(", ")")] {
            let source = "UIView { x: " + String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth) + "; y: 2; }"
            // At the 257th level: in '-(-(...', the minus and the parenthesis are a level each.
            #expect(Self.diagnostics(source) == ["1:\(13 + 256): error: values are nested more than 256 levels deep"])
        }
    }
}

/// The flat store of value nodes.
struct ValueArenaTests {
    @Test func aNodeIsSixteenBytes() {
        #expect(MemoryLayout<ValueNode>.size == 16)
    }

    /// A call's name is kept in its node, or found from the text when it is
    /// too long to keep there.
    @Test(arguments: [3, 70_000])
    func aCallKnowsItsName(length: Int) throws {
        let name = String(repeating: "f", count: length)
        let file = SourceFile(path: "t.less", text: "A { x: \(name)(1, g(2)); }")
        let syntax = Parser.parse(file).syntax
        let call = try #require(syntax.values.nodes.firstIndex { $0.kind == .call })
        #expect(file.text(syntax.callName(ValueID(call))) == name)
        #expect(file.text(syntax.callName(ValueID(call + 2))) == "g")
    }
}
