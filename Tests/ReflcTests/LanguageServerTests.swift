import Foundation
import GoldenFiles
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

        init(folder: String, arguments: [String] = ["lsp"], errors: Pipe? = nil) throws {
            process.executableURL = URL(fileURLWithPath: CommandLineTests.binary)
            process.arguments = arguments
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.standardInput = input
            process.standardOutput = output
            process.standardError = errors ?? FileHandle.nullDevice
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
        func request(_ method: String, _ params: Any = [String: Any](), within seconds: Double = 20) throws -> [String: Any] {
            let id = nextID
            nextID += 1
            send(["id": id, "method": method, "params": params])
            return try wait(within: seconds) { ($0["id"] as? Int) == id }
        }

        /// The first message received (and not yet taken) that `matches`,
        /// waiting at most 20 seconds: far above the milliseconds an answer
        /// takes, so a loaded machine never fails the test, and a hang does.
        /// How many messages received and not yet waited for match.
        func countReceived(_ matches: ([String: Any]) -> Bool) -> Int {
            condition.lock()
            defer { condition.unlock() }
            return received.filter(matches).count
        }

        func wait(within seconds: Double = 20, _ matches: ([String: Any]) -> Bool) throws -> [String: Any] {
            let deadline = Date().addingTimeInterval(seconds)
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

        /// The next `window/logMessage` text that contains `text`.
        func logMessage(containing text: String) throws -> String {
            let message = try wait {
                ($0["method"] as? String) == "window/logMessage"
                    && ((($0["params"] as? [String: Any])?["message"] as? String)?.contains(text) ?? false)
            }
            return ((message["params"] as? [String: Any])?["message"] as? String) ?? ""
        }

        /// Sends a message as it is written (its JSON text), framed.
        func sendText(_ json: String) {
            sendRaw(Data("Content-Length: \(json.utf8.count)\r\n\r\n".utf8) + Data(json.utf8))
        }

        /// The most memory the server has had resident (VmHWM), in MiB.
        func peakMemoryMiB() throws -> Int {
            let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                  let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else {
                throw Failure(description: "no VmHWM in /proc/\(process.processIdentifier)/status")
            }
            return kilobytes / 1024
        }

        /// Ends the server if it still runs (a test that failed half-way).
        func stop() {
            if process.isRunning { process.terminate() }
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

    /// Runs `body` with a server started in a folder of its own, initialized,
    /// with `a.less` open holding `text` (also on disk unless `onDisk` is
    /// false); the server is stopped and the folder removed after.
    static func withOpenDocument(_ text: String, onDisk: Bool = true, _ body: (Client, String) throws -> Void) throws {
        let folder = try Self.folder(onDisk ? ["a.less": text] : [:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try Client(folder: folder)
        defer { client.stop() }
        _ = try client.request("initialize", ["capabilities": [:]])
        let uri = "file://" + folder + "/a.less"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1, "text": text]])
        try body(client, uri)
    }

    static func position(_ line: Int, _ character: Int) -> [String: Int] { ["line": line, "character": character] }

    static let palette = Golden.fixtureText("Fixtures/lsp/navigation/palette.less")
    static let main = Golden.fixtureText("Fixtures/lsp/navigation/main.less")

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
                == "**title-color** — `UIButton.setTitleColor(_:for:)`\n\ntype `color`; set per control state (`title-color[highlighted]`)")

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

    /// `reflc lsp --stdio`, as vscode-languageclient's stdio transport and
    /// several Neovim set-ups start a server: the same server.
    @Test func theStdioArgumentStartsTheSameServer() throws {
        let folder = try Self.folder(["a.less": "UIButton { title-label--text-color: red; }\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try Client(folder: folder, arguments: ["lsp", "--stdio"])
        defer { client.stop() }
        let initialized = try client.request("initialize", ["rootUri": "file://" + folder, "capabilities": [:]])
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        #expect(capabilities?["hoverProvider"] as? Bool == true)
        #expect(capabilities?["inlayHintProvider"] as? Bool == true)
        client.notify("initialized", [:])
        let uri = "file://" + folder + "/a.less"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1,
                                                                "text": "UIButton { title-label--text-color: red; }\n"]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.position(0, 14)])
        #expect(((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
                == "**title-label--text-color** — `UILabel.textColor`\n\ntype `color`\n\n"
                + "sets the key path `titleLabel.textColor` of `UIButton`, through its sub-object `titleLabel` (a `UILabel`)")
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
        // A header without Content-Length before a body: the body is skipped
        // up to the next message's Content-Length, and that message is answered.
        client.sendRaw(Data("Content-Type: application/json\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":50,\"method\":\"foo\"}".utf8))
        #expect(error(try client.wait { $0["error"] != nil }) == -32700)
        #expect(error(try client.request("no/such/method")) == -32601)
        // Its body holding the text of a header: no header, as JSON holds no
        // raw line end in a string. One error, and the next message answered.
        let holding = "{\"jsonrpc\":\"2.0\",\"id\":54,\"method\":\"x\",\"params\":{\"note\":\"Content-Length: 5\"}}"
        let after = "{\"jsonrpc\":\"2.0\",\"id\":55,\"method\":\"no/such/method\"}"
        client.sendRaw(Data("Content-Type: application/json\r\n\r\n\(holding)Content-Length: \(after.utf8.count)\r\n\r\n\(after)".utf8))
        #expect(error(try client.wait { ($0["id"] as? Int) == 55 }) == -32601)
        #expect(client.countReceived { error($0) == -32700 } == 1)
        _ = try client.wait { error($0) == -32700 }
        // A Content-Length whose number overflows, after another header: one
        // error, its own line not taken for the next header (two before).
        let overflowing = "{\"jsonrpc\":\"2.0\",\"id\":56,\"method\":\"no/such/method\"}"
        client.sendRaw(Data("Content-Type: x\r\nContent-Length: 99999999999999999999999\r\n\r\n{}Content-Length: \(overflowing.utf8.count)\r\n\r\n\(overflowing)".utf8))
        #expect(error(try client.wait { ($0["id"] as? Int) == 56 }) == -32601)
        #expect(client.countReceived { error($0) == -32700 } == 1)
        _ = try client.wait { error($0) == -32700 }
        // A header over 8 KiB with a message after it in the same write: one
        // error, and the message answered (it was dropped with the header).
        let kept = "{\"jsonrpc\":\"2.0\",\"id\":57,\"method\":\"no/such/method\"}"
        client.sendRaw(Data("X-Long: \(String(repeating: "a", count: 9000))\r\n\r\n{}Content-Length: \(kept.utf8.count)\r\n\r\n\(kept)".utf8))
        #expect(error(try client.wait { ($0["id"] as? Int) == 57 }) == -32601)
        #expect(client.countReceived { error($0) == -32700 } == 1)
        _ = try client.wait { error($0) == -32700 }
        // Garbage with no line end before a message: reported, and the message is found in it.
        let garbage = "{\"jsonrpc\":\"2.0\",\"id\":52,\"method\":\"no/such/method\"}"
        client.sendRaw(Data("hello world garbageContent-Length: \(garbage.utf8.count)\r\n\r\n\(garbage)".utf8))
        #expect(error(try client.wait { $0["error"] != nil }) == -32700)
        #expect(error(try client.wait { ($0["id"] as? Int) == 52 }) == -32601)
        // Line ends between messages are no header: the next answer is the message's.
        let spaced = "{\"jsonrpc\":\"2.0\",\"id\":53,\"method\":\"no/such/method\"}"
        client.sendRaw(Data("\r\n\r\nContent-Length: \(spaced.utf8.count)\r\n\r\n\(spaced)\n\n".utf8))
        let next = try client.wait { $0["error"] != nil }
        #expect((next["id"] as? Int) == 53 && error(next) == -32601)
        // A header block ended by a bare empty line, as some clients write it.
        let body = "{\"jsonrpc\":\"2.0\",\"id\":51,\"method\":\"no/such/method\"}"
        client.sendRaw(Data("Content-Length: \(body.utf8.count)\n\n\(body)".utf8))
        #expect(error(try client.wait { ($0["id"] as? Int) == 51 }) == -32601)
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

    // MARK: Hostile and huge input

    /// `0,` is a JSON value in two bytes, and a parsed value takes tens of
    /// bytes: a message far under the size limit could take gigabytes. One
    /// of ten million values is refused before it is parsed — a request
    /// with an error answer, a notification with a line in the log — and
    /// the server goes on, its memory a few times the message's bytes.
    @Test func aMessageOfMillionsOfValuesIsRefusedBeforeItIsParsed() throws {
        let folder = try Self.folder(["a.less": "A { b: red; }\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let client = try Client(folder: folder)
        defer { client.stop() }
        _ = try client.request("initialize", ["capabilities": [:]])
        let zeros = "[" + String(repeating: "0,", count: 10_000_000) + "0]"  // 20 MB
        client.sendText("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/hover\",\"params\":\(zeros),\"id\":41}")
        let answer = try client.wait { ($0["id"] as? Int) == 41 }
        let error = answer["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32600)
        #expect(error?["message"] as? String
                == "not read: the message holds 10000006 JSON values, over the limit of 1000000 per message")
        client.sendText("{\"jsonrpc\":\"2.0\",\"method\":\"textDocument/didChange\",\"params\":{\"contentChanges\":\(zeros)}}")
        #expect(try client.logMessage(containing: "ignored a 'textDocument/didChange' notification")
                == "ignored a 'textDocument/didChange' notification: it holds 10000006 JSON values, over the limit of 1000000 per message")

        let uri = "file://" + folder + "/a.less"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1, "text": "A { b: red; }\n"]])
        let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.position(0, 8)])
        #expect((((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String)?.hasPrefix("**red**") == true)
        // Parsed, the values took 600 MB.
        let peak = try client.peakMemoryMiB()
        #expect(peak < 200, "peak memory \(peak) MiB")
    }

    /// An escaped surrogate without its pair, which an editor's text can
    /// hold, is read as U+FFFD (one UTF-16 unit, as it was), not a reason to
    /// drop the change and let the server's text drift from the editor's.
    @Test func anUnpairedSurrogateInAChangeIsReadAsAReplacementCharacter() throws {
        try Self.withOpenDocument("A { b: 1; }\n") { client, uri in
            _ = try client.diagnostics(for: uri)
            let change = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"URI","version":2},"#
                + #""contentChanges":[{"text":"/*\ud83d*/ A { b: @x; }\n"}]}}"#
            let body = Data(change.replacingOccurrences(of: "URI", with: uri).utf8)
            client.sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
            let diagnostics = try client.diagnostics(for: uri)
            #expect(diagnostics.map { $0["message"] as? String } == ["undefined variable '@x'"])
            #expect(((diagnostics.first?["range"] as? [String: Any])?["start"] as? [String: Int]) == Self.position(0, 13))
        }
    }

    /// A stylesheet's first 1,000 errors are published, as `reflc build`
    /// shows them; the log counts the rest rather than leave them unsaid.
    @Test func diagnosticsPastTheLimitAreCountedInTheLog() throws {
        let text = (0..<1_200).map { "R\($0) { a: @missing\($0); }\n" }.joined()
        try Self.withOpenDocument(text) { client, uri in
            let published = try client.diagnostics(for: uri)
            #expect(published.count == 1_000)
            #expect(try client.logMessage(containing: "not shown").hasSuffix(
                "a.less: 200 more errors and 0 more warnings not shown; the first 1000 of each are (run 'reflc build' with --error-limit 0 for all)"))
        }
    }

    /// An outline holds at most 50,000 symbols: a document of a million
    /// rules is not answered with half a gigabyte. The cut is said in the log.
    @Test func theOutlineOfAHugeDocumentIsCut() throws {
        let text = (0..<30_000).map { "R\($0) { a: 1; }\n" }.joined()
        try Self.withOpenDocument(text) { client, uri in
            // The analysis and the outline take a few seconds in a debug build: awaited a minute.
            let answer = try client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]], within: 60)
            let symbols = (answer["result"] as? [[String: Any]]) ?? []
            #expect(symbols.count == 25_000)
            #expect(symbols.reduce(0) { $0 + 1 + (($1["children"] as? [Any])?.count ?? 0) } == 50_000)
            #expect(symbols.last?["name"] as? String == "R24999")
            #expect(try client.logMessage(containing: "outline") == "the outline of \(uri) stops at line 25001: it holds at most 50000 symbols")
        }
    }

    /// A huge file in the workspace that is no stylesheet of the project
    /// (here 600 MiB, sparse) is left out by its size, not read whole at
    /// start-up and at every save and then dropped.
    @Test func aHugeFileInTheWorkspaceIsNotRead() throws {
        let folder = try Self.folder(["a.less": "A { b: red; }\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/huge.less", contents: nil))
        let huge = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/huge.less"))
        try huge.truncate(atOffset: 600 << 20)
        try huge.close()
        let client = try Client(folder: folder)
        defer { client.stop() }
        _ = try client.request("initialize", ["rootUri": "file://" + folder, "capabilities": [:]])
        let uri = "file://" + folder + "/a.less"
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "less", "version": 1, "text": "A { b: red; }\n"]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        #expect(try client.logMessage(containing: "huge.less")
                == "\(folder)/huge.less: not scanned for imports (629145600 bytes; files over 8 MiB are left out)")
        client.notify("textDocument/didSave", ["textDocument": ["uri": uri]])
        #expect(try client.diagnostics(for: uri).isEmpty)
        let peak = try client.peakMemoryMiB()
        #expect(peak < 200, "peak memory \(peak) MiB")
    }

    /// 40,000 changes of one character in one `didChange`, on a 1 MB
    /// document: each costs its line, not a copy of the whole text (they
    /// took half a minute, and minutes in a debug build). All of them land:
    /// 40,000 uses of `@a` become `@b`. In a debug build, applying them takes
    /// about a second, and the analysis and the references 3 more: the
    /// answer is awaited a minute.
    @Test func manyChangesInOneNotificationAreAppliedInTime() throws {
        let header = "@a: 1;\n@b: 2;\n"
        let lines = (0..<40_000).map { "UIView:t\($0) { alpha: @a; }\n" }
        let text = header + lines.joined()
        try Self.withOpenDocument(text, onDisk: false) { client, uri in
            _ = try client.diagnostics(for: uri)
            let changes = lines.enumerated().map { number, line -> [String: Any] in
                let column = line.utf8.count - 5  // the `a` of `@a; }`
                return ["range": ["start": Self.position(number + 2, column), "end": Self.position(number + 2, column + 1)], "text": "b"]
            }
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": changes])
            let references = try client.request("textDocument/references", ["textDocument": ["uri": uri], "position": Self.position(1, 1),
                                                                             "context": ["includeDeclaration": true]], within: 60)
            #expect((references["result"] as? [Any])?.count == 40_001)
        }
    }

    /// Changes that add and remove lines, across `\r\n` line ends and a
    /// character outside the Basic Multilingual Plane, applied in order.
    @Test func aSeriesOfChangesAddsAndRemovesLines() throws {
        let text = "A {\r\n    b: 1;\r\n}\r\nB { c: '🎨'; d: 2; }\n"
        try Self.withOpenDocument(text, onDisk: false) { client, uri in
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
                // `b: 1;` becomes `b: 1;\n    e: 3;` (a line added)
                ["range": ["start": Self.position(1, 9), "end": Self.position(1, 99)], "text": "\n    e: 3;"],
                // `d: 2` (after the emoji, two UTF-16 units) becomes `f: 4`
                ["range": ["start": Self.position(4, 13), "end": Self.position(4, 17)], "text": "f: 4"],
                // `}\r\nB` joined: the first rule's `}` and the line break removed
                ["range": ["start": Self.position(3, 0), "end": Self.position(4, 0)], "text": "} "],
            ]])
            let symbols = (try client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]]) ?? []
            #expect(symbols.map { $0["name"] as? String } == ["A", "B"])
            #expect(symbols.map { (($0["children"] as? [[String: Any]]) ?? []).map { "\($0["name"] ?? ""): \($0["detail"] ?? "")" } }
                    == [["b: 1", "e: 3"], ["c: '🎨'", "f: 4"]])
            #expect(symbols.last?["range"] as? [String: [String: Int]] == ["start": Self.position(3, 2), "end": Self.position(3, 22)])
        }
    }

    /// Renaming onto a name in use would make two variables one: refused.
    @Test func aRenameOntoANameInUseIsRefused() throws {
        let text = "@accent: red;\n@radius: 4px;\nA { b: @accent; c: @radius; d: @missing; }\n"
        try Self.withOpenDocument(text) { client, uri in
            func rename(to name: String) throws -> [String: Any] {
                try client.request("textDocument/rename", ["textDocument": ["uri": uri], "position": Self.position(0, 2), "newName": name])
            }
            let defined = try rename(to: "radius")
            #expect((defined["error"] as? [String: Any])?["code"] as? Int == -32803)
            #expect((defined["error"] as? [String: Any])?["message"] as? String
                    == "'@radius' is already a variable (defined in a.less:2); choose another name")
            #expect(((try rename(to: "@missing"))["error"] as? [String: Any])?["message"] as? String
                    == "'@missing' is already used (in a.less:3); choose another name")
            let renamed = try rename(to: "brand")
            #expect((((renamed["result"] as? [String: Any])?["changes"] as? [String: [Any]])?[uri])?.count == 2)
        }
    }

    /// A position beyond the protocol's range (0 to 2^31-1; here 2^53) is
    /// refused: the change is ignored with a line in the log (it was taken
    /// as the whole new text), a request answers invalid params.
    @Test func aPositionOutOfRangeIsRefused() throws {
        let text = "A { b: red; }\n"
        try Self.withOpenDocument(text) { client, uri in
            client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [
                ["range": ["start": Self.position(0, 1 << 53), "end": Self.position(0, 1 << 53)], "text": "X"],
            ]])
            #expect(try client.logMessage(containing: "ignored a")
                    == "ignored a 'textDocument/didChange' notification: contentChanges[0].range.start.character is 9007199254740992, "
                    + "not a whole number from 0 to 2147483647; the document keeps its text")
            let symbols = (try client.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])["result"] as? [[String: Any]]) ?? []
            #expect(symbols.map { $0["name"] as? String } == ["A"])
            let hover = try client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.position(0, 1 << 31)])
            #expect((hover["error"] as? [String: Any])?["code"] as? Int == -32602)
        }
    }
}
