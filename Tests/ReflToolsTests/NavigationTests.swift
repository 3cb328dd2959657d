import Foundation
import GoldenFiles
import ReflTools
import Testing

/// Hover, go to definition, find references and rename, on a stylesheet
/// of two files.
struct NavigationTests {
    /// A stylesheet of two files (Fixtures/lsp/navigation), which the
    /// process-level language server tests open too.
    static let palette = Golden.fixtureText("Fixtures/lsp/navigation/palette.less")
    static let main = Golden.fixtureText("Fixtures/lsp/navigation/main.less")

    /// A session with `main.less` (importing `palette.less`) open.
    static func session() throws -> Session {
        let session = try Session(files: ["palette.less": palette, "main.less": main])
        try session.initialize()
        try session.open("main.less")
        return session
    }

    @Test func hoverOnAVariableShowsItsDefinitionAndValue() throws {
        let session = try Self.session()
        #expect(try session.result("textDocument/hover", session.place("main.less", 3, 25)) == [
            "contents": ["kind": "markdown", "value": .string("```less\n@accent: darken(@orange, 10%);\n```\n\ncolor `#cc6600ff`\n\n"
                                                          + "red 204 · green 102.4 · blue 0 · alpha 1\n\ndefined in palette.less:3")],
            "range": Session.range((3, 22), (3, 29)),
        ])
        let undefined = try session.result("textDocument/hover", session.place("main.less", 10, 18))
        #expect(undefined["contents"]?["value"] == "**@missing**: not defined")
    }

    /// A value other than a color is shown as a stylesheet writes it.
    @Test func hoverOnAVariableShowsAValueAsAStylesheetWritesIt() throws {
        let session = try Session(files: ["a.less": "@grid: 8px;\n@gap: @grid * 2;\n@card: shadow(0, 2px, 8px, fade(black, 20%));\nA { b: @gap; c: @card; }\n"])
        try session.initialize()
        try session.open("a.less")
        let gap = try session.result("textDocument/hover", session.place("a.less", 3, 9))
        #expect(gap["contents"]?["value"] == "```less\n@gap: @grid * 2;\n```\n\n`16px`\n\ndefined in a.less:2")
        let card = try session.result("textDocument/hover", session.place("a.less", 3, 19))
        #expect(card["contents"]?["value"]?.string?.contains("\n\n`shadow(0, 2pt, 8pt, rgba(0, 0, 0, 0.2))`\n\n") == true, "\(card)")
    }

    @Test func hoverOnAFunctionAKeyAColorAndAnImport() throws {
        let session = try Self.session()
        let function = try session.result("textDocument/hover", session.place("main.less", 4, 31))
        #expect(function["contents"]?["value"]?.string?.hasPrefix("```less\nfade(color, alpha%)\n```") == true)
        #expect(function["range"] == Session.range((4, 30), (4, 34)))
        let key = try session.result("textDocument/hover", session.place("main.less", 4, 6))
        // A key of a UIKit class: the property; a key the schema does not check: its key path.
        #expect(key["contents"]?["value"] == "**title-color** — `UIButton.setTitleColor(_:for:)`\n\ntype `color`; set per control state (`title-color[highlighted]`)")
        let include = try session.result("textDocument/hover", session.place("main.less", 9, 6))
        #expect(include["contents"]?["value"] == "**__include**: copies the properties of the rules with these selectors")
        let imported = try session.result("textDocument/hover", session.place("main.less", 0, 12))
        #expect(imported["contents"]?["value"] == .string("imports `\(session.folder)/palette.less`"))
        // Whitespace, and a place past the end of the text: nothing.
        #expect(try session.result("textDocument/hover", session.place("main.less", 1, 0)) == nil)
        #expect(try session.result("textDocument/hover", session.place("main.less", 99, 99)) == nil)
        // A document the server does not have.
        #expect(try session.result("textDocument/hover", ["textDocument": ["uri": "file:///nowhere.less"], "position": Session.position(0, 0)]) == nil)
    }

    @Test func hoverOnAColorName() throws {
        let session = try Session(files: ["a.less": "A { b: orange; }\n"])
        try session.initialize()
        try session.open("a.less")
        #expect(try session.result("textDocument/hover", session.place("a.less", 0, 9)) == [
            "contents": ["kind": "markdown", "value": "**orange**: color `#ffa500ff`\n\nred 255 · green 165 · blue 0 · alpha 1"],
            "range": Session.range((0, 7), (0, 13)),
        ])
    }

    @Test func definitionOfAVariableAnIncludeAndAnImport() throws {
        let session = try Self.session()
        #expect(try session.result("textDocument/definition", session.place("main.less", 3, 25))
                == ["uri": .string(session.uri("palette.less")), "range": Session.range((2, 4), (2, 11))])
        #expect(try session.result("textDocument/definition", session.place("main.less", 9, 20))
                == [["uri": .string(session.uri("main.less")), "range": Session.range((2, 0), (2, 16))]])
        #expect(try session.result("textDocument/definition", session.place("main.less", 0, 12))
                == ["uri": .string(session.uri("palette.less")), "range": Session.range((0, 0), (0, 0))])
        #expect(try session.result("textDocument/definition", session.place("main.less", 10, 18)) == nil)  // @missing
        #expect(try session.result("textDocument/definition", session.place("main.less", 5, 6)) == nil)   // a key
    }

    @Test func referencesOfAVariableInEveryFile() throws {
        let session = try Self.session()
        let withDefinition = try session.result("textDocument/references", [
            "textDocument": session.document("main.less"), "position": Session.position(4, 40), "context": ["includeDeclaration": true],
        ])
        #expect(withDefinition == [
            ["uri": .string(session.uri("palette.less")), "range": Session.range((1, 4), (1, 11))],
            ["uri": .string(session.uri("palette.less")), "range": Session.range((2, 20), (2, 27))],
            ["uri": .string(session.uri("main.less")), "range": Session.range((4, 35), (4, 42))],
        ])
        let usesOnly = try session.result("textDocument/references", [
            "textDocument": session.document("main.less"), "position": Session.position(4, 40), "context": ["includeDeclaration": false],
        ])
        #expect(usesOnly.array?.count == 2)
        #expect(try session.result("textDocument/references", session.place("main.less", 5, 6)) == nil)  // not a variable
    }

    /// A location names a file by the URI its open document has: the
    /// imported palette by its own path, then, once opened through a
    /// symbolic link, by the link's (the URIs the server keeps are dropped
    /// with the analysis).
    @Test func referencesNameAFileByTheURIOfItsOpenDocument() throws {
        let session = try Self.session()
        let params: JSON = ["textDocument": session.document("main.less"), "position": Session.position(4, 40), "context": ["includeDeclaration": true]]
        #expect(try session.result("textDocument/references", params).array?.map { $0["uri"] }
                == [.string(session.uri("palette.less")), .string(session.uri("palette.less")), .string(session.uri("main.less"))])
        try FileManager.default.createSymbolicLink(atPath: session.folder + "/link.less", withDestinationPath: session.folder + "/palette.less")
        try session.open("link.less", Self.palette)
        #expect(try session.result("textDocument/references", params).array?.map { $0["uri"] }
                == [.string(session.uri("link.less")), .string(session.uri("link.less")), .string(session.uri("main.less"))])
    }

    @Test func renameAVariableInEveryFile() throws {
        let session = try Self.session()
        let params = session.place("main.less", 4, 40).adding(["newName": "brand-orange"])
        #expect(try session.result("textDocument/rename", params) == ["changes": [
            session.uri("palette.less"): [
                ["range": Session.range((1, 4), (1, 11)), "newText": "@brand-orange"],
                ["range": Session.range((2, 20), (2, 27)), "newText": "@brand-orange"],
            ],
            session.uri("main.less"): [["range": Session.range((4, 35), (4, 42)), "newText": "@brand-orange"]],
        ]])
    }

    @Test(arguments: [
        ("two words", "'two words' is not a variable name"),
        ("@import", "'@import' is not a variable name"),
        ("accent", "'@accent' is already a variable (defined in palette.less:3); choose another name"),
        ("@missing", "'@missing' is already used (in main.less:11); choose another name"),
    ])
    func renameIsRefused(newName: String, message: String) throws {
        let session = try Self.session()
        let params = session.place("main.less", 4, 40).adding(["newName": .string(newName)])
        #expect(try session.error("textDocument/rename", params) == (-32803, message))
    }

    @Test func onlyAVariableCanBeRenamed() throws {
        let session = try Self.session()
        let params = session.place("main.less", 5, 6).adding(["newName": "x"])
        #expect(try session.error("textDocument/rename", params) == (-32803, "only a variable can be renamed"))
    }
}
