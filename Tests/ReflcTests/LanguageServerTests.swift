import Foundation
import Testing

/// `reflc lsp` driven through whole sessions over its stdin and stdout,
/// as an editor drives it. Every wait is bounded.
struct LanguageServerTests {
    /// A client of one server process: frames messages, and collects the
    /// server's messages on a reading thread.
    final class Client: @unchecked Sendable {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let condition = NSCondition()
        private var received: [[String: Any]] = []
        private var ended = false
        private var nextID = 1

        init(folder: String) throws {
            process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            process.arguments = ["lsp"]
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            let handle = output.fileHandleForReading
            Thread.detachNewThread { [self] in
                var buffer = Data()
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    buffer.append(chunk)
                    while let message = Self.takeMessage(&buffer) {
                        condition.lock()
                        received.append(message)
                        condition.broadcast()
                        condition.unlock()
                    }
                }
                condition.lock()
                ended = true
                condition.broadcast()
                condition.unlock()
            }
        }

        private static func takeMessage(_ buffer: inout Data) -> [String: Any]? {
            guard let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
            let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            guard let line = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return nil }
            guard buffer.count - (headerEnd.upperBound - buffer.startIndex) >= length else { return nil }
            let body = buffer[headerEnd.upperBound..<headerEnd.upperBound + length]
            buffer = Data(buffer[(headerEnd.upperBound + length)...])
            return (try? JSONSerialization.jsonObject(with: body)) as? [String: Any]
        }

        func sendRaw(_ bytes: Data) {
            input.fileHandleForWriting.write(bytes)
        }

        func send(_ message: [String: Any]) {
            var message = message
            message["jsonrpc"] = "2.0"
            let body = try! JSONSerialization.data(withJSONObject: message)
            sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        func notify(_ method: String, _ params: [String: Any]) {
            send(["method": method, "params": params])
        }

        /// Sends a request and waits for its answer.
        func request(_ method: String, _ params: Any = [String: Any]()) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            send(["id": id, "method": method, "params": params])
            return try wait { ($0["id"] as? Int) == id }
        }

        /// The first message received (and not yet taken) that `matches`,
        /// waiting at most 20 seconds: far above the milliseconds an answer
        /// takes, so a loaded machine never fails the test, and a hang does.
        func wait(_ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
            let deadline = Date().addingTimeInterval(20)
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let index = received.firstIndex(where: matches) { return received.remove(at: index) }
                if ended || !condition.wait(until: deadline) { throw Failure(description: "no such message from the server") }
            }
        }

        /// The next diagnostics published for `uri`.
        func diagnostics(for uri: String) throws -> [[String: Any]] {
            let message = try wait {
                ($0["method"] as? String) == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
            }
            return ((message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
        }

        func closeInput() { try? input.fileHandleForWriting.close() }

        /// The exit status, waiting at most 20 seconds.
        func exitStatus() throws -> Int32 {
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning {
                guard Date() < deadline else {
                    process.terminate()
                    throw Failure(description: "the server did not exit")
                }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return process.terminationStatus
        }

        struct Failure: Error, CustomStringConvertible {
            let description: String
        }
    }

    static func folder(_ files: [String: String]) throws -> String {
        let folder = URL(fileURLWithPath: NSTemporaryDirectory() + "reflc-lsp-" + UUID().uuidString).resolvingSymlinksInPath().path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        return folder
    }

    static func position(_ line: Int, _ character: Int) -> [String: Int] { ["line": line, "character": character] }

    static let palette = "@palette {\n    @orange: #ff8000;\n    @accent: darken(@orange, 10%);\n}\n"
    static let main = """
        @import "palette.less";

        UIButton:primary {
            background-color: @accent;
            title-color[highlighted]: fade(@orange, 50%);
            corner-radius: 4px
        }

        UILabel {
            __include: UIButton:primary;
            text-color: @missing;
        }

        """

    @Test func aSessionAsAnEditorHasIt() throws {
        let folder = try Self.folder(["palette.less": Self.palette, "main.less": Self.main])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try Client(folder: folder)
        let uri = "file://" + folder + "/main.less"
        let document = ["uri": uri]

        let initialized = try client.request("initialize", ["processId": NSNull(), "rootUri": "file://" + folder, "capabilities": [:]])
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["positionEncoding"] as? String == "utf-16")
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        client.notify("initialized", [:])

        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1, "text": Self.main]])
        let diagnostics = try client.diagnostics(for: uri)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?["code"] as? String == "undefined-variable")
        #expect(diagnostics.first?["message"] as? String == "undefined variable '@missing'")
        #expect(diagnostics.first?["range"] as? [String: [String: Int]]
                == ["start": Self.position(10, 16), "end": Self.position(10, 24)])

        // Hover on `@accent`: its definition and computed color.
        let hover = try client.request("textDocument/hover", ["textDocument": document, "position": Self.position(3, 25)])
        let markdown = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        #expect(markdown == "```less\n@accent: darken(@orange, 10%);\n```\n\ncolor `#cc6600ff`\n\n"
                + "red 204 · green 102.4 · blue 0 · alpha 1\n\ndefined in palette.less:3")

        // Hover on a function and on a key.
        let functionHover = try client.request("textDocument/hover", ["textDocument": document, "position": Self.position(4, 31)])
        #expect((((functionHover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)?
            .hasPrefix("```less\nfade(color, alpha%)\n```") == true)
        let keyHover = try client.request("textDocument/hover", ["textDocument": document, "position": Self.position(4, 6)])
        #expect(((keyHover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
                == "**title-color** sets the key path `titleColor` when `highlighted`")

        // Definition: a variable in the imported file, an include's rule, the import's file.
        let definition = try client.request("textDocument/definition", ["textDocument": document, "position": Self.position(3, 25)])
        let target = definition["result"] as? [String: Any]
        #expect(target?["uri"] as? String == "file://" + folder + "/palette.less")
        #expect(target?["range"] as? [String: [String: Int]] == ["start": Self.position(2, 4), "end": Self.position(2, 11)])
        let include = try client.request("textDocument/definition", ["textDocument": document, "position": Self.position(9, 20)])
        #expect(((include["result"] as? [[String: Any]])?.first?["range"] as? [String: [String: Int]])
                == ["start": Self.position(2, 0), "end": Self.position(2, 16)])
        let imported = try client.request("textDocument/definition", ["textDocument": document, "position": Self.position(0, 12)])
        #expect((imported["result"] as? [String: Any])?["uri"] as? String == "file://" + folder + "/palette.less")

        // References of `@orange`: its definition and both uses, in two files.
        let references = try client.request("textDocument/references", ["textDocument": document, "position": Self.position(4, 40),
                                                                         "context": ["includeDeclaration": true]])
        #expect((references["result"] as? [[String: Any]])?.count == 3)

        // Rename `@orange`: its definition and both uses, in two files; a bad name is refused.
        let rename = try client.request("textDocument/rename", ["textDocument": document, "position": Self.position(4, 40),
                                                                "newName": "brand-orange"])
        let changes = ((rename["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]]) ?? [:]
        #expect(changes[uri]?.map { $0["newText"] as? String } == ["@brand-orange"])
        #expect(changes["file://" + folder + "/palette.less"]?.count == 2)
        let badRename = try client.request("textDocument/rename", ["textDocument": document, "position": Self.position(4, 40),
                                                                   "newName": "two words"])
        #expect((badRename["error"] as? [String: Any])?["message"] as? String == "'two words' is not a variable name")

        // Completion after `@`: the variables, with their values.
        let completion = try client.request("textDocument/completion", ["textDocument": document, "position": Self.position(3, 23)])
        let labels = (((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["@accent", "@orange"])

        // Completion in a value: functions and colors among the variables.
        let valueCompletion = try client.request("textDocument/completion", ["textDocument": document, "position": Self.position(5, 19)])
        let valueLabels = Set((((valueCompletion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? [])
            .compactMap { $0["label"] as? String })
        #expect(valueLabels.isSuperset(of: ["@accent", "darken", "rgb", "lightblue", "mode-center"]))

        // Symbols: the two rules with their properties.
        let symbols = try client.request("textDocument/documentSymbol", ["textDocument": document])
        let names = ((symbols["result"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }
        #expect(names == ["UIButton:primary", "UILabel"])

        // Color swatches: a variable holding a color, and a color function's result.
        let colors = try client.request("textDocument/documentColor", ["textDocument": document])
        let swatches = (colors["result"] as? [[String: Any]]) ?? []
        #expect(swatches.map { $0["range"] as? [String: [String: Int]] } == [
            ["start": Self.position(3, 22), "end": Self.position(3, 29)],
            ["start": Self.position(4, 30), "end": Self.position(4, 48)],
        ])
        #expect(swatches.first?["color"] as? [String: Double] == ["red": 0.8, "green": 0.40157, "blue": 0, "alpha": 1])

        // Formatting adds the missing `;`.
        let formatting = try client.request("textDocument/formatting", ["textDocument": document,
                                                                         "options": ["tabSize": 4, "insertSpaces": true]])
        let edits = formatting["result"] as? [[String: Any]]
        #expect(edits?.count == 1)
        #expect(edits?.first?["newText"] as? String == ";")

        // An edit with a misspelt condition value: new diagnostics, and its fix as a quick fix.
        client.notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": 2],
            "contentChanges": [["range": ["start": Self.position(10, 16), "end": Self.position(10, 24)], "text": "@orang"]],
        ])
        let changed = try client.diagnostics(for: uri)
        #expect(changed.map { $0["message"] as? String } == ["undefined variable '@orang'; did you mean '@orange'?"])
        #expect((changed.first?["range"] as? [String: [String: Int]]) == ["start": Self.position(10, 16), "end": Self.position(10, 22)])
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": document, "range": ["start": Self.position(10, 18), "end": Self.position(10, 18)],
            "context": ["diagnostics": []],
        ])
        let action = (actions["result"] as? [[String: Any]])?.first
        #expect(action?["title"] as? String == "Replace '@orang' with '@orange'")
        #expect(action?["kind"] as? String == "quickfix")

        #expect(try client.request("shutdown")["result"] is NSNull)
        client.notify("exit", [:])
        #expect(try client.exitStatus() == 0)
    }

    @Test func anImportedFileIsCheckedWithItsImporter() throws {
        let folder = try Self.folder(["palette.less": "@palette {\n    @accent: @base;\n}\n",
                                      "main.less": "@base: #fff;\n@import \"palette.less\";\nA { b: @accent; }\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try Client(folder: folder)
        _ = try client.request("initialize", ["rootUri": "file://" + folder, "capabilities": [:]])
        let uri = "file://" + folder + "/palette.less"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1,
                                                                "text": "@palette {\n    @accent: @base;\n}\n"]])
        // Alone, `@base` would be undefined; main.less defines it.
        #expect(try client.diagnostics(for: uri).isEmpty)
        // Completion in a variable's value offers the importer's variables.
        let completion = try client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": Self.position(1, 16)])
        let labels = (((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []).compactMap { $0["label"] as? String }
        #expect(labels == ["@base"])
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2],
                                                 "contentChanges": [["text": "@palette {\n    @accent: @base2;\n}\n"]]])
        #expect(try client.diagnostics(for: uri).map { $0["code"] as? String } == ["undefined-variable"])
        client.closeInput()
        #expect(try client.exitStatus() == 1)  // no shutdown: the protocol's 1
    }

    @Test func badMessagesGetTheProtocolsAnswers() throws {
        let folder = try Self.folder(["a.less": "A { b: red; }\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try Client(folder: folder)
        func error(_ message: [String: Any]) -> Int? { (message["error"] as? [String: Any])?["code"] as? Int }

        #expect(error(try client.request("textDocument/hover", [:])) == -32002)  // before initialize
        _ = try client.request("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-8"]]]])

        client.sendRaw(Data("Content-Length: 5\r\n\r\n{bad}".utf8))
        #expect(error(try client.wait { $0["error"] != nil }) == -32700)
        client.sendRaw(Data("Content-Length: 2\r\n\r\n[]".utf8))
        #expect(error(try client.wait { $0["error"] != nil }) == -32600)
        client.sendRaw(Data("X-Nothing: 1\r\n\r\n".utf8))
        #expect(error(try client.wait { $0["error"] != nil }) == -32700)
        #expect(error(try client.request("no/such/method")) == -32601)
        #expect(error(try client.request("textDocument/hover", ["textDocument": ["uri": 7]])) == -32602)

        let uri = "file://" + folder + "/a.less"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1, "text": "A { b: red; }\n"]])
        _ = try client.diagnostics(for: uri)
        // Out of range: the end of the text, as the protocol says.
        let far = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.position(99, 99)])
        #expect(far["result"] is NSNull)
        // A document the server does not have.
        let unknown = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///nowhere.less"], "position": Self.position(0, 0)])
        #expect(unknown["result"] is NSNull)
        // The file deleted while open: the editor's text is still served.
        try FileManager.default.removeItem(atPath: folder + "/a.less")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": uri, "type": 3]]])
        _ = try client.diagnostics(for: uri)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.position(0, 8)])
        #expect((((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)?.hasPrefix("**red**") == true)
        // A response to nothing, and a notification it does not know: ignored.
        client.send(["id": 12345, "result": NSNull()])
        client.notify("$/unknownNotification", [:])
        #expect(try client.request("shutdown")["result"] is NSNull)
        #expect(error(try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.position(0, 0)])) == -32600)
        client.notify("exit", [:])
        #expect(try client.exitStatus() == 0)
    }

    /// Columns count UTF-16 code units unless the client asks for UTF-8
    /// bytes: `@x` stands after an emoji (2 units, 4 bytes).
    @Test(arguments: [("utf-16", 16), ("utf-8", 18)])
    func positionsInTheClientsEncoding(encoding: String, column: Int) throws {
        let text = "A { b: '🎨'; c: @x; }\n"
        let folder = try Self.folder(["a.less": text])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try Client(folder: folder)
        let answer = try client.request("initialize", ["capabilities": ["general": ["positionEncodings": [encoding]]]])
        #expect(((answer["result"] as? [String: Any])?["capabilities"] as? [String: Any])?["positionEncoding"] as? String == encoding)
        let uri = "file://" + folder + "/a.less"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1, "text": text]])
        let diagnostics = try client.diagnostics(for: uri)
        #expect(diagnostics.first?["range"] as? [String: [String: Int]]
                == ["start": Self.position(0, column), "end": Self.position(0, column + 2)])
        // An edit after the emoji lands where the client means it.
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
            ["range": ["start": Self.position(0, column + 1), "end": Self.position(0, column + 2)], "text": "y"],
        ]])
        let changed = try client.diagnostics(for: uri)
        #expect(changed.first?["message"] as? String == "undefined variable '@y'")
        client.closeInput()
        _ = try client.exitStatus()
    }
}
