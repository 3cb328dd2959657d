import Foundation
import ReflTools
import Testing

/// Open, change, save and close; the diagnostics published for them; and
/// the files the client watches for the server.
struct DocumentSyncTests {
    static let palette = NavigationTests.palette

    @Test func openingADocumentPublishesItsDiagnostics() throws {
        let session = try Session(files: ["a.less": "A {\n    b: @missing;\n    c: red\n    d: 1;\n}\n"])
        try session.initialize()
        try session.open("a.less", version: 3)
        let published = try session.publishedDiagnostics(for: session.uri("a.less"))
        #expect(published["version"] == 3)
        #expect(published["diagnostics"] == [
            ["range": Session.range((1, 7), (1, 15)), "severity": 1, "code": "undefined-variable", "source": "reflc",
             "message": "undefined variable '@missing'"],
            ["range": Session.range((2, 10), (2, 10)), "severity": 1, "code": "expected-token", "source": "reflc",
             "message": "expected ';' after declaration, found 'd'"],
        ])
    }

    /// A note of a diagnostic is its related information, with its place.
    @Test func notesAreRelatedInformation() throws {
        let text = "A {\n    __condition: 'idiom = pad';\n    __condition: 'idiom = phone';\n}\n"
        let session = try Session(files: ["a.less": text])
        try session.initialize()
        try session.open("a.less")
        let diagnostic = try #require(try session.diagnostics(for: session.uri("a.less")).first)
        #expect(diagnostic["relatedInformation"] == [
            ["message": "the first '__condition' is here",
             "location": ["uri": .string(session.uri("a.less")), "range": Session.range((1, 4), (1, 15))]],
        ])
    }

    /// Changes are applied in order, and the diagnostics wait for a pause in typing.
    @Test func changesAreAppliedAndTheirDiagnosticsDebounced() throws {
        let session = try Session(files: ["a.less": "@x: 1;\nA {\r\n    b: @x;\r\n}\r\n"])
        try session.initialize()
        try session.open("a.less")
        #expect(try session.diagnostics(for: session.uri("a.less")) == [])
        let changed = ContinuousClock.now
        session.notify("textDocument/didChange", ["textDocument": ["uri": .string(session.uri("a.less")), "version": 2], "contentChanges": [
            ["range": Session.range((2, 8), (2, 9)), "text": "y;\n    c: @z"],  // `@x` -> `@y;` and a line `c: @z`
            ["range": Session.range((0, 1), (0, 2)), "text": "y"],               // `@x: 1` -> `@y: 1`
        ]])
        let published = try session.publishedDiagnostics(for: session.uri("a.less"))
        #expect(ContinuousClock.now - changed >= .milliseconds(200))  // not at once: once typing pauses
        #expect(published["version"] == 2)
        #expect(published["diagnostics"]?.array?.map { $0["message"] } == ["undefined variable '@z'"])
        #expect(published["diagnostics"]?[0]?["range"] == Session.range((3, 7), (3, 9)))
        // A change without a range is the whole new text.
        session.notify("textDocument/didChange", ["textDocument": ["uri": .string(session.uri("a.less")), "version": 3],
                                                  "contentChanges": [["text": "B { c: @w; }\n"]]])
        #expect(try session.diagnostics(for: session.uri("a.less")).map { $0["range"] } == [Session.range((0, 7), (0, 9))])
    }

    /// A change with a position beyond the protocol's range is ignored
    /// whole, said in the log; the document keeps its text.
    @Test func aChangeOutOfRangeIsIgnored() throws {
        let session = try Session(files: ["a.less": "A { b: @x; }\n"])
        try session.initialize()
        try session.open("a.less")
        _ = try session.diagnostics(for: session.uri("a.less"))
        session.notify("textDocument/didChange", ["textDocument": ["uri": .string(session.uri("a.less")), "version": 2], "contentChanges": [
            ["range": Session.range((0, 0), (0, 1)), "text": "B"],
            ["range": Session.range((0, 9_007_199_254_740_992), (0, 9_007_199_254_740_992)), "text": "X"],
        ]])
        #expect(session.logMessages() == ["ignored a 'textDocument/didChange' notification: contentChanges[1].range.start.character is "
                                          + "9007199254740992, not a whole number from 0 to 2147483647; the document keeps its text"])
        let symbols = try session.result("textDocument/documentSymbol", ["textDocument": session.document("a.less")])
        #expect(symbols[0]?["name"] == "A")
    }

    /// An imported file saved elsewhere: the save makes the server read the disk again.
    @Test func aSaveReadsTheImportedFilesAgain() throws {
        let session = try Session(files: ["palette.less": "@x: red;\n", "main.less": "@import 'palette.less';\nA { b: @x; }\n"])
        try session.initialize()
        try session.open("main.less")
        #expect(try session.diagnostics(for: session.uri("main.less")) == [])
        try session.write("palette.less", "@y: red;\n")
        session.notify("textDocument/didSave", ["textDocument": session.document("main.less")])
        #expect(try session.diagnostics(for: session.uri("main.less")).map { $0["message"] } == ["undefined variable '@x'"])
    }

    /// Closing a document clears the diagnostics it had.
    @Test func closingADocumentClearsItsDiagnostics() throws {
        let session = try Session(files: ["a.less": "A { b: @x; }\n"])
        try session.initialize()
        try session.open("a.less")
        #expect(try session.diagnostics(for: session.uri("a.less")).count == 1)
        session.notify("textDocument/didClose", ["textDocument": session.document("a.less")])
        #expect(try session.diagnostics(for: session.uri("a.less")) == [])
        #expect(try session.result("textDocument/hover", session.place("a.less", 0, 8)) == nil)
    }

    /// An imported file's own errors are published for it, with its importer's variables in scope.
    @Test func anImportedFilesDiagnosticsArePublishedForIt() throws {
        let session = try Session(files: ["palette.less": "@palette {\n    @accent: @base;\n    @bad: @nothing;\n}\n",
                                          "main.less": "@base: #fff;\n@import \"palette.less\";\nA { b: @accent; }\n"])
        try session.initialize()
        try session.open("main.less")
        #expect(try session.diagnostics(for: session.uri("palette.less")).map { $0["message"] } == ["undefined variable '@nothing'"])
        #expect(try session.diagnostics(for: session.uri("main.less")) == [])
    }

    /// A client that can watch files is asked, once initialized, to report
    /// the `.less` files; a file event reads the disk again.
    @Test func theClientWatchesStylesheetsForTheServer() throws {
        let session = try Session(files: ["palette.less": "@x: red;\n", "main.less": "@import 'palette.less';\nA { b: @x; }\n"])
        try session.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try session.take { $0["method"] == "client/registerCapability" }
        #expect(registration == ["jsonrpc": "2.0", "id": "reflc-watch-less-files", "method": "client/registerCapability", "params": [
            "registrations": [["id": "reflc-less-files", "method": "workspace/didChangeWatchedFiles",
                               "registerOptions": ["watchers": [["globPattern": "**/*.less"]]]]],
        ]])
        session.transport.push(["jsonrpc": "2.0", "id": "reflc-watch-less-files", "result": nil])  // the client's answer: nothing to do
        try session.open("main.less")
        #expect(try session.diagnostics(for: session.uri("main.less")) == [])
        try session.write("palette.less", "@y: red;\n")
        session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(session.uri("palette.less")), "type": 2]]])
        #expect(try session.diagnostics(for: session.uri("main.less")).map { $0["message"] } == ["undefined variable '@x'"])
    }

    @Test func aClientThatCannotWatchFilesIsNotAsked() throws {
        let session = try Session()
        try session.initialize(capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": false]]])
        #expect(session.received.isEmpty)
    }

    /// A file deleted while open is still served from the editor's text.
    @Test func aDeletedFileIsServedFromItsText() throws {
        let session = try Session(files: ["a.less": "A { b: red; }\n"])
        try session.initialize()
        try session.open("a.less")
        _ = try session.diagnostics(for: session.uri("a.less"))
        try FileManager.default.removeItem(atPath: session.folder + "/a.less")
        session.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(session.uri("a.less")), "type": 3]]])
        #expect(try session.diagnostics(for: session.uri("a.less")) == [])
        let hover = try session.result("textDocument/hover", session.place("a.less", 0, 8))
        #expect(hover["contents"]?["value"]?.string?.hasPrefix("**red**: color `#ff0000ff`") == true)
    }
}
