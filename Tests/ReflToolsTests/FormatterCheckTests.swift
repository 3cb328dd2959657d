import Testing
import ReflLexer
import ReflParser
@testable import ReflTools

/// The check every layout passes before `reflc fmt` writes it: each kind of
/// damage a faulty layout could do is caught.
struct FormatterCheckTests {
    static let original = SourceFile(path: "t.less", text: "// note\nA { a: @x - 2; b: f(1, 2) !important; }\n")

    static func problem(_ layout: String) -> String? {
        FormatterCheck.problem(original: original, originalTokens: Lexer.tokenize(original).tokens, formatted: Array(layout.utf8))
    }

    @Test func theFormattersOwnLayoutPasses() {
        #expect(Self.problem("// note\nA {\n    a: @x - 2;\n    b: f(1, 2) !important;\n}\n") == nil)
    }

    @Test(arguments: [
        // A lost comment.
        ("A {\n    a: @x - 2;\n    b: f(1, 2) !important;\n}\n", "the layout would lose or change a comment"),
        // `-` turned from a subtraction into a sign.
        ("// note\nA {\n    a: @x -2;\n    b: f(1, 2) !important;\n}\n", "the layout would not parse ('-2' after a value: a '-' that subtracts needs a space on both sides; write '- 2')"),
        // A lost `!important`.
        ("// note\nA {\n    a: @x - 2;\n    b: f(1, 2);\n}\n", "the layout would change the stylesheet's tokens"),
        // A missing `;` between declarations.
        ("// note\nA {\n    a: @x - 2\n    b: f(1, 2) !important;\n}\n", "the layout would not parse (expected ';' after declaration, found 'b')"),
        // Not stable: formatting it again would change it.
        ("// note\nA { a: @x - 2; b: f(1, 2) !important; }\n", "the layout would not be stable"),
    ])
    func damageIsCaught(layout: String, problem: String) {
        #expect(Self.problem(layout) == problem)
    }
}
