import Foundation
import Testing
import ReflTools

/// A variable imported from a design token hovers with the token's
/// `$description`, and its definition is the token in the token file.
struct DesignTokenHoverTests {
    @Test func aTokensDescriptionAndPlaceAreShown() throws {
        let tokens = """
            {
              "color": {
                "brand": { "$type": "color", "$value": "#2f6b3a", "$description": "The brand green, for primary actions" }
              }
            }
            """
        let session = try Session(files: ["brand.tokens.json": tokens,
                                          "main.less": "@import tokens(\"brand.tokens.json\");\nA { b: @color-brand; }\n"])
        try session.initialize()
        try session.open("main.less")
        #expect(try session.diagnostics(for: session.uri("main.less")) == [])
        let hover = try session.result("textDocument/hover", session.place("main.less", 1, 10))
        let text = try #require(hover["contents"]?["value"]?.string)
        #expect(text.contains("The brand green, for primary actions"))
        #expect(text.contains("`#2f6b3aff`"))
        #expect(text.hasSuffix("defined in brand.tokens.json:3"))
        let definition = try session.result("textDocument/definition", session.place("main.less", 1, 10))
        #expect(definition["uri"]?.string == session.uri("brand.tokens.json"))
        #expect(definition["range"]?["start"]?["line"]?.int == 2)
    }
}
