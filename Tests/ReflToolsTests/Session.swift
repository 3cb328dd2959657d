import Foundation
import ReflTools
import Testing

/// A language server session in the test's own process and thread: the
/// client's messages go through an `InMemoryTransport`, and each call
/// serves them at once. The only wait is for debounced diagnostics, and
/// it is bounded.
final class Session {
    let transport = InMemoryTransport()
    let server: LanguageServer
    /// A folder of its own, with the session's files; removed at the end.
    let folder: String
    /// What the server sent and the test has not taken yet.
    private(set) var received: [JSON] = []
    /// The exit status, once the server ended the session.
    private(set) var exitStatus: Int32?
    private var nextID = 1

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(files: [String: String] = [:]) throws {
        // A folder of its own one level down: the server also scans the
        // folder above an open document's, which must not be the shared
        // temporary folder (whatever other programs left there).
        folder = URL(fileURLWithPath: NSTemporaryDirectory() + "refltools-" + UUID().uuidString + "/workspace")
            .resolvingSymlinksInPath().path
        server = LanguageServer(transport: transport, version: "9.9.9-test")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    deinit { try? FileManager.default.removeItem(atPath: (folder as NSString).deletingLastPathComponent) }

    func write(_ name: String, _ text: String) throws {
        let path = folder + "/" + name
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    func uri(_ name: String) -> String { "file://" + folder + "/" + name }

    /// `{"uri": ...}`: a TextDocumentIdentifier.
    func document(_ name: String) -> JSON { ["uri": .string(uri(name))] }

    static func position(_ line: Int, _ character: Int) -> JSON { ["line": .number(Double(line)), "character": .number(Double(character))] }

    static func range(_ start: (Int, Int), _ end: (Int, Int)) -> JSON {
        ["start": position(start.0, start.1), "end": position(end.0, end.1)]
    }

    /// `{"textDocument", "position"}`.
    func place(_ name: String, _ line: Int, _ character: Int) -> JSON {
        ["textDocument": document(name), "position": Self.position(line, character)]
    }

    // MARK: Messages

    /// Serves what was queued, waiting at most `milliseconds` (for
    /// diagnostics due by then), and collects what the server sent.
    @discardableResult
    func serve(waitingAtMost milliseconds: Int32 = 0) -> Int32? {
        if exitStatus == nil { exitStatus = server.serve(waitingAtMost: milliseconds) }
        received += transport.takeSent()
        return exitStatus
    }

    /// Sends a request and returns the answer (the whole message).
    func request(_ method: String, _ params: JSON = [:]) throws -> JSON {
        let id = JSON.number(Double(nextID))
        nextID += 1
        transport.push(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        serve()
        return try take { $0["id"] == id }
    }

    /// The result of a request, which must not fail.
    func result(_ method: String, _ params: JSON = [:]) throws -> JSON {
        let answer = try request(method, params)
        if let error = answer["error"] { throw Failure(description: "\(method) failed: \(String(decoding: error.bytes, as: UTF8.self))") }
        return try #require(answer["result"])
    }

    /// The error of a request, which must fail: its code and message.
    func error(_ method: String, _ params: JSON = [:]) throws -> (code: Int?, message: String?) {
        let answer = try request(method, params)
        let error = try #require(answer["error"], "\(method) answered \(String(decoding: answer.bytes, as: UTF8.self))")
        return (error["code"]?.int, error["message"]?.string)
    }

    func notify(_ method: String, _ params: JSON = [:]) {
        transport.push(["jsonrpc": "2.0", "method": .string(method), "params": params])
        serve()
    }

    /// `initialize` (the folder as the workspace) and `initialized`; the capabilities the server answers.
    @discardableResult
    func initialize(capabilities: JSON = [:], options: JSON? = nil) throws -> JSON {
        var params: [String: JSON] = ["processId": nil, "rootUri": .string("file://" + folder), "capabilities": capabilities]
        if let options { params["initializationOptions"] = options }
        let answer = try result("initialize", .object(params))
        notify("initialized")
        return try #require(answer["capabilities"])
    }

    /// Opens a document of the folder, with its text on disk unless given.
    func open(_ name: String, _ text: String? = nil, version: Int = 1) throws {
        let text = try text ?? String(contentsOfFile: folder + "/" + name, encoding: .utf8)
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(name)), "languageId": "less",
                                                         "version": .number(Double(version)), "text": .string(text)]])
    }

    /// The first message received and not yet taken that `matches`.
    func take(_ matches: (JSON) -> Bool) throws -> JSON {
        guard let index = received.firstIndex(where: matches) else {
            throw Failure(description: "no such message; received: " + received.map { String(decoding: $0.bytes, as: UTF8.self) }.joined(separator: "\n"))
        }
        return received.remove(at: index)
    }

    /// The next `publishDiagnostics` for `uri` (its parameters), serving
    /// until it comes: at most 5 seconds, far above the 200 ms of delay.
    func publishedDiagnostics(for uri: String) throws -> JSON {
        let deadline = Date().addingTimeInterval(5)
        while true {
            if let index = received.firstIndex(where: { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri) }) {
                return received.remove(at: index)["params"] ?? .null
            }
            guard Date() < deadline, exitStatus == nil else { throw Failure(description: "no diagnostics for \(uri)") }
            serve(waitingAtMost: 50)
        }
    }

    /// The diagnostics of the next `publishDiagnostics` for `uri`.
    func diagnostics(for uri: String) throws -> [JSON] {
        try publishedDiagnostics(for: uri)["diagnostics"]?.array ?? []
    }

    /// The `window/logMessage` texts received and not taken, taking them.
    func logMessages() -> [String] {
        let logs = received.filter { $0["method"] == "window/logMessage" }
        received.removeAll { $0["method"] == "window/logMessage" }
        return logs.compactMap { $0["params"]?["message"]?.string }
    }
}

extension JSON {
    /// The object with `members` added (replacing members of the same names).
    func adding(_ members: [String: JSON]) -> JSON {
        .object((object ?? [:]).merging(members) { $1 })
    }
}
