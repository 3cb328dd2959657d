import ReflTools
import Testing

/// `initialize`, `shutdown` and `exit`, and the protocol's answers to
/// messages that are not what they should be.
struct LifecycleTests {
    @Test func initializeAnswersTheCapabilities() throws {
        let session = try Session()
        let answer = try session.result("initialize", ["processId": nil, "capabilities": [:]])
        #expect(answer["serverInfo"] == ["name": "reflc", "version": "9.9.9-test"])
        #expect(answer["capabilities"] == [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": true],
            "hoverProvider": true,
            "definitionProvider": true,
            "referencesProvider": true,
            "renameProvider": true,
            "completionProvider": ["triggerCharacters": ["@", "[", "'", "\"", ":", ",", " "]],
            "documentSymbolProvider": true,
            "colorProvider": true,
            "documentFormattingProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "inlayHintProvider": true,
        ])
        // Only once.
        #expect(try session.error("initialize", ["capabilities": [:]]) == (-32600, "the server is already initialized"))
    }

    @Test func utf8PositionsWhenTheClientOffersThem() throws {
        let session = try Session()
        let capabilities = try session.initialize(capabilities: ["general": ["positionEncodings": ["utf-16", "utf-8"]]])
        #expect(capabilities["positionEncoding"] == "utf-8")
    }

    /// Include folders come from `initializationOptions`, relative to the
    /// workspace folder; options that are no object are none.
    @Test(arguments: [true, false])
    func includeFoldersComeFromTheOptions(given: Bool) throws {
        let session = try Session(files: ["Shared/colors.less": "@brand: red;\n", "main.less": "@import 'colors.less';\nA { b: @brand; }\n"])
        try session.initialize(options: given ? ["includePaths": ["Shared"]] : "Shared")
        try session.open("main.less")
        let messages = try session.diagnostics(for: session.uri("main.less")).compactMap { $0["message"]?.string }
        #expect(messages == (given ? [] : ["cannot import 'colors.less': no such file or directory", "undefined variable '@brand'"]))
    }

    @Test func aRequestBeforeInitializeIsRefused() throws {
        let session = try Session()
        #expect(try session.error("textDocument/hover", session.place("a.less", 0, 0)) == (-32002, "the server is not initialized yet"))
        // A notification before it is dropped: the document is not open afterwards.
        session.notify("textDocument/didOpen", ["textDocument": ["uri": .string(session.uri("a.less")), "version": 1, "text": "A { b: red; }"]])
        try session.initialize()
        #expect(try session.result("textDocument/hover", session.place("a.less", 0, 8)) == nil)
    }

    @Test func shutdownThenExitEndsWithZero() throws {
        let session = try Session()
        try session.initialize()
        #expect(try session.result("shutdown") == nil)
        #expect(try session.error("textDocument/hover", session.place("a.less", 0, 0)) == (-32600, "the server is shutting down"))
        #expect(try session.error("shutdown") == (-32600, "the server is shutting down"))
        session.notify("exit")
        #expect(session.exitStatus == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() throws {
        let session = try Session()
        try session.initialize()
        session.notify("exit")
        #expect(session.exitStatus == 1)
    }

    @Test func theEndOfInputEndsWithOne() throws {
        let session = try Session()
        try session.initialize()
        session.transport.close()
        #expect(session.serve() == 1)
    }

    /// Messages still queued when the input ends are served first.
    @Test func messagesBeforeTheEndOfInputAreServed() throws {
        let session = try Session()
        try session.initialize()
        session.transport.push(["jsonrpc": "2.0", "id": 7, "method": "shutdown"])
        session.transport.push(["jsonrpc": "2.0", "method": "exit"])
        session.transport.close()
        #expect(session.serve() == 0)
        #expect(try session.take { $0["id"] == 7 }["result"] == .null)
    }

    @Test func messagesThatAreNotRequestsGetTheProtocolsErrors() throws {
        let session = try Session()
        try session.initialize()
        func nextError() throws -> JSON? {
            session.serve()
            return try session.take { $0["error"] != nil }["error"]
        }
        session.transport.pushMalformed("a message header without a valid Content-Length")
        #expect(try nextError() == ["code": -32700, "message": "not a message: a message header without a valid Content-Length"])
        session.transport.push(text: Array("{bad}".utf8))
        #expect(try nextError()?["code"] == -32700)
        session.transport.push(text: Array("[]".utf8))
        #expect(try nextError() == ["code": -32600, "message": "a message must be a JSON object"])
        session.transport.push(["jsonrpc": "2.0", "id": 1.5, "method": "shutdown"])
        #expect(try nextError() == ["code": -32600, "message": "a request id must be a number or a string"])
        session.transport.push(["jsonrpc": "2.0", "id": 3])
        #expect(try nextError() == ["code": -32600, "message": "a request needs a method"])
        #expect(try session.error("no/such/method") == (-32601, "unknown method 'no/such/method'"))
        // A response to a request of the server's, and unknown notifications: nothing.
        session.transport.push(["jsonrpc": "2.0", "id": "reflc-watch-less-files", "result": nil])
        session.notify("$/cancelRequest", ["id": 1])
        session.notify("$/setTrace", ["value": "off"])
        session.notify("$/unknownNotification")
        #expect(session.received.isEmpty)
    }

    /// Requests with a malformed field, and the message of their error.
    static let malformedRequests: [(method: String, params: JSON, message: String)] = {
        let uri: JSON = ["uri": "file:///a.less"]
        let origin: JSON = ["line": 0, "character": 0]
        return [
            ("textDocument/hover", ["textDocument": ["uri": 7], "position": origin], "textDocument.uri is not a string"),
            ("textDocument/hover", ["textDocument": uri], "position is missing"),
            ("textDocument/hover", ["textDocument": uri, "position": ["line": 0, "character": 2_147_483_648]],
             "position.character is 2147483648, not a whole number from 0 to 2147483647"),
            ("textDocument/definition", ["textDocument": uri, "position": ["line": -1, "character": 0]],
             "position.line is -1, not a whole number from 0 to 2147483647"),
            ("textDocument/references", ["textDocument": uri, "position": origin, "context": ["includeDeclaration": "yes"]],
             "context.includeDeclaration is not true or false"),
            ("textDocument/rename", ["textDocument": uri, "position": origin], "newName is missing"),
            ("textDocument/completion", ["textDocument": [:], "position": origin], "textDocument.uri is missing"),
            ("textDocument/documentSymbol", [:], "textDocument is missing"),
            ("textDocument/documentColor", ["textDocument": "file:///a.less"], "textDocument is not an object"),
            ("textDocument/colorPresentation", ["textDocument": uri, "color": ["red": 1, "green": 0, "blue": 0],
                                                "range": ["start": origin, "end": origin]], "color.alpha is missing"),
            ("textDocument/formatting", [:], "textDocument is missing"),
            ("textDocument/codeAction", ["textDocument": uri, "range": ["start": origin]], "range.end is missing"),
            ("initialize", ["capabilities": ["general": ["positionEncodings": "utf-8"]]],
             "capabilities.general.positionEncodings is not an array"),
            ("textDocument/hover", [1, 2], "params is not an object"),
        ]
    }()

    /// Each request's parameters are read once, typed: a malformed field is
    /// the invalid params error, naming the field and what is wrong.
    @Test func malformedParametersAreInvalidParams() throws {
        for (method, params, message) in Self.malformedRequests {
            let session = try Session()
            if method != "initialize" { try session.initialize() }
            let error = try session.error(method, params)
            #expect(error.code == -32602, "\(method)")
            #expect(error.message == message)
        }
    }

    /// A notification with malformed parameters is ignored, said in the log.
    @Test func malformedNotificationsAreLogged() throws {
        let session = try Session()
        try session.initialize()
        session.notify("textDocument/didOpen", ["textDocument": ["uri": .string(session.uri("a.less")), "version": 1]])
        session.notify("textDocument/didClose", ["textDocument": ["uri": nil]])
        #expect(session.logMessages() == ["ignored a 'textDocument/didOpen' notification: textDocument.text is missing",
                                          "ignored a 'textDocument/didClose' notification: textDocument.uri is missing"])
        #expect(try session.result("textDocument/hover", session.place("a.less", 0, 0)) == nil)
    }

    /// A message of more JSON values than the limit is refused before it is
    /// parsed: a request with an error, a notification with a log line.
    @Test func aMessageOfTooManyValuesIsRefused() throws {
        let session = try Session()
        try session.initialize()
        let values = "[" + String(repeating: "0,", count: LanguageServer.maximumValuesPerMessage) + "0]"
        session.transport.push(text: Array("{\"jsonrpc\":\"2.0\",\"id\":\"big\",\"method\":\"textDocument/hover\",\"params\":\(values)}".utf8))
        session.serve()
        #expect(try session.take { $0["id"] == "big" }["error"]
                == ["code": -32600, "message": "not read: the message holds 1000006 JSON values, over the limit of 1000000 per message"])
        session.transport.push(text: Array("{\"method\":\"textDocument/didSave\",\"jsonrpc\":\"2.0\",\"params\":\(values)}".utf8))
        session.serve()
        #expect(session.logMessages()
                == ["ignored a 'textDocument/didSave' notification: it holds 1000005 JSON values, over the limit of 1000000 per message"])
        // A message of exactly the limit is read (here, invalid params: no textDocument).
        let fitting = "[" + String(repeating: "0,", count: LanguageServer.maximumValuesPerMessage - 7) + "0]"
        session.transport.push(text: Array("{\"jsonrpc\":\"2.0\",\"id\":\"fits\",\"method\":\"textDocument/hover\",\"params\":{\"x\":\(fitting)}}".utf8))
        session.serve()
        #expect(try session.take { $0["id"] == "fits" }["error"]?["code"] == -32602)
    }
}
