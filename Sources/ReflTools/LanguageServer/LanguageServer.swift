#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval
import ReflLexer

/// A Language Server Protocol (3.17) server for Reflektor stylesheets;
/// `reflc lsp` runs it on stdin and stdout.
///
/// One thread: it waits for a message or for the moment the debounced
/// diagnostics are due, whichever comes first. Every request is answered
/// (with a result, or the protocol's error), whatever its parameters; a
/// message that is not JSON-RPC gets the protocol's error answer; an
/// unknown notification is ignored.
public final class LanguageServer {
    /// How long after the last edit the diagnostics are published: typing
    /// does not compile at every key, and a pause shows the errors.
    static let diagnosticsDelay = 0.2
    /// The most JSON values a message may hold: far above any real one (a
    /// change of 40,000 edits holds 400,000), it bounds what parsing a
    /// message builds to some 100 MB.
    static let maximumValuesPerMessage = 1_000_000

    let transport: MessageTransport
    /// The version `initialize` answers with (`serverInfo`).
    private let version: String
    let workspace = Workspace()
    /// The tokens and trees of the files requests looked at, for the current analysis.
    let indexes = SourceIndexCache()
    /// The line tables of files that are not open, for the current analysis.
    private var texts: [ObjectIdentifier: (file: SourceFile, text: DocumentText)] = [:]
    var encoding = PositionEncoding.utf16

    private enum Phase { case waitingForInitialize, running, shutDown }
    private var phase = Phase.waitingForInitialize
    /// The client can watch files for the server (it said so at `initialize`).
    private var watchesFilesForServer = false
    /// When the diagnostics are next due (seconds, monotonic); nil when none are pending.
    private var diagnosticsDue: Double?
    /// The URIs with diagnostics published, to clear them when they are fixed.
    private var publishedURIs = Set<String>()

    /// A request's failure: the protocol's error code and a message.
    struct ResponseError: Error {
        let code: Int
        let message: String

        static func invalidParams(_ message: String) -> ResponseError { ResponseError(code: -32602, message: message) }
        static let requestFailed = -32803
    }

    /// A server that talks through `transport` and calls itself reflc `version`.
    public init(transport: MessageTransport, version: String) {
        self.transport = transport
        self.version = version
        workspace.onChange = { [weak self] in
            self?.indexes.removeAll()
            self?.texts.removeAll()
        }
        workspace.log = { [weak self] message in self?.log(message) }
    }

    /// Serves until `exit` (status 0 after `shutdown`, 1 otherwise) or the
    /// end of input (1, the client went away without shutting down).
    public func run() -> Int32 {
        while true {
            let wait = diagnosticsDue.map { Int32(max(0, ($0 - Self.now()) * 1000).rounded(.up)) } ?? -1
            for incoming in transport.receive(waitingAtMost: wait) {
                if let status = handle(incoming) { return status }
            }
            if let due = diagnosticsDue, Self.now() >= due { publishDiagnostics() }
            if transport.isClosed {
                // Messages still buffered are handled before leaving.
                let rest = transport.receive(waitingAtMost: 0)
                for incoming in rest {
                    if let status = handle(incoming) { return status }
                }
                if rest.isEmpty { return phase == .shutDown ? 0 : 1 }
            }
            if transport.writeFailed { return 1 }
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    // MARK: Messages

    /// Handles one message; returns the exit status on `exit`.
    private func handle(_ incoming: MessageTransport.Incoming) -> Int32? {
        let bytes: [UInt8]
        switch incoming {
        case .malformed(let reason):
            sendError(id: .null, code: -32700, message: "not a message: \(reason)")
            return nil
        case .message(let body): bytes = body
        }
        let outline = MessageOutline(bytes)
        guard outline.valueCount <= Self.maximumValuesPerMessage else {
            let what = "holds \(outline.valueCount) JSON values, over the limit of \(Self.maximumValuesPerMessage) per message"
            if let id = outline.id, Self.isValidID(id) {
                sendError(id: id, code: -32600, message: "not read: the message \(what)")
            } else {
                log("ignored \(outline.method.map { "a '\($0)' notification" } ?? "a message"): it \(what)")
            }
            return nil
        }
        let message: JSON
        do {
            message = try JSON.parse(bytes)
        } catch {
            sendError(id: .null, code: -32700, message: "parse error: \(error.message)")
            return nil
        }
        guard case .object = message else {
            sendError(id: .null, code: -32600, message: "a message must be a JSON object")
            return nil
        }
        let id = message["id"]
        if let id, !Self.isValidID(id) {
            sendError(id: .null, code: -32600, message: "a request id must be a number or a string")
            return nil
        }
        guard let method = message["method"]?.string else {
            if id == nil || message["result"] == nil && message["error"] == nil {
                sendError(id: id ?? .null, code: -32600, message: "a request needs a method")
            }
            return nil  // a response to a request of ours: the server sends none it waits for
        }
        let params = message["params"] ?? .null
        guard let id else {
            return notification(method, params)
        }
        let result = request(method, params)
        switch result {
        case .success(let value): transport.send(.object(["jsonrpc": .string("2.0"), "id": id, "result": value]))
        case .failure(let error): sendError(id: id, code: error.code, message: error.message)
        }
        return nil
    }

    private static func isValidID(_ id: JSON) -> Bool {
        switch id {
        case .string: return true
        case .number: return id.int != nil
        default: return false
        }
    }

    private func sendError(id: JSON, code: Int, message: String) {
        transport.send(.object(["jsonrpc": .string("2.0"), "id": id,
                                "error": .object(["code": .number(Double(code)), "message": .string(message)])]))
    }

    func sendNotification(_ method: String, _ params: JSON) {
        transport.send(.object(["jsonrpc": .string("2.0"), "method": .string(method), "params": params]))
    }

    /// Writes to the client's log (`window/logMessage`, a warning): what
    /// the server dropped or left out, and why.
    func log(_ message: String) {
        sendNotification("window/logMessage", .object(["type": .number(2), "message": .string(message)]))
    }

    private func request(_ method: String, _ params: JSON) -> Result<JSON, ResponseError> {
        switch phase {
        case .waitingForInitialize where method != "initialize":
            return .failure(ResponseError(code: -32002, message: "the server is not initialized yet"))
        case .running where method == "initialize", .shutDown where method == "initialize":
            return .failure(ResponseError(code: -32600, message: "the server is already initialized"))
        case .shutDown:
            return .failure(ResponseError(code: -32600, message: "the server is shutting down"))
        default: break
        }
        do {
            switch method {
            case "initialize": return .success(initialize(params))
            case "shutdown":
                phase = .shutDown
                return .success(.null)
            case "textDocument/hover": return .success(try hover(params))
            case "textDocument/definition": return .success(try definition(params))
            case "textDocument/references": return .success(try references(params))
            case "textDocument/rename": return .success(try rename(params))
            case "textDocument/completion": return .success(try completion(params))
            case "textDocument/documentSymbol": return .success(try documentSymbols(params))
            case "textDocument/documentColor": return .success(try documentColors(params))
            case "textDocument/colorPresentation": return .success(try colorPresentations(params))
            case "textDocument/formatting": return .success(try formatting(params))
            case "textDocument/codeAction": return .success(try codeActions(params))
            default: return .failure(ResponseError(code: -32601, message: "unknown method '\(method)'"))
            }
        } catch {
            return .failure(error)
        }
    }

    /// Handles a notification; returns the exit status on `exit`.
    private func notification(_ method: String, _ params: JSON) -> Int32? {
        if method == "exit" { return phase == .shutDown ? 0 : 1 }
        guard phase == .running else { return nil }  // before `initialize` or after `shutdown`: dropped
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return nil }
            _ = workspace.open(uri: uri, text: Array(text.utf8), version: item["version"]?.int ?? 0)
            scheduleDiagnostics(after: 0)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, let document = workspace.document(uri),
                  let items = params["contentChanges"]?.array else { return nil }
            var changes: [ContentChange] = []
            for (number, item) in items.enumerated() {
                do {
                    changes.append(try ContentChange(item))
                } catch {
                    // Applying the others would leave a text the editor does not have either.
                    log("ignored a change to \(uri): contentChanges[\(number)].\(error.reason); "
                        + "the document keeps its text (version \(document.version))")
                    return nil
                }
            }
            document.text = document.text.applying(changes, encoding: encoding)
            document.version = params["textDocument"]?["version"]?.int ?? document.version
            workspace.changed()
            scheduleDiagnostics(after: Self.diagnosticsDelay)
        case "textDocument/didSave", "workspace/didChangeWatchedFiles":
            workspace.filesChanged()
            scheduleDiagnostics(after: 0)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return nil }
            workspace.close(uri: uri)
            scheduleDiagnostics(after: 0)
        case "initialized":
            // Edits to imported files that are not open come as file events,
            // when the client can watch files for the server.
            if watchesFilesForServer {
                transport.send(.object(["jsonrpc": .string("2.0"), "id": .string("reflc-watch-less-files"),
                                        "method": .string("client/registerCapability"), "params": .object(["registrations": .array([
                    .object(["id": .string("reflc-less-files"), "method": .string("workspace/didChangeWatchedFiles"),
                             "registerOptions": .object(["watchers": .array([.object(["globPattern": .string("**/*.less")])])])]),
                ])])]))
            }
        default: break  // `$/cancelRequest`, `$/setTrace` and others need nothing
        }
        return nil
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) -> JSON {
        phase = .running
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        watchesFilesForServer = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool == true
        var folders = params["workspaceFolders"]?.array?.compactMap { $0["uri"]?.string.flatMap(DocumentURI.path(of:)) } ?? []
        if folders.isEmpty, let root = params["rootUri"]?.string.flatMap(DocumentURI.path(of:)) { folders = [root] }
        if folders.isEmpty, let root = params["rootPath"]?.string { folders = [FilePath(root)] }
        workspace.folders = folders.map(Workspace.canonical)
        // Relative include folders are relative to the first workspace folder
        // (an editor need not start the server there).
        workspace.includePaths = (params["initializationOptions"]?["includePaths"]?.array ?? []).compactMap(\.string).map {
            let path = FilePath($0)
            return Workspace.canonical(path.isAbsolute || folders.isEmpty ? path : folders[0].appending(path))
        }
        let capabilities: [String: JSON] = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": .object(["openClose": .bool(true), "change": .number(2), "save": .bool(true)]),
            "hoverProvider": .bool(true),
            "definitionProvider": .bool(true),
            "referencesProvider": .bool(true),
            "renameProvider": .bool(true),
            "completionProvider": .object(["triggerCharacters": .array(["@", "[", "'", "\"", ":", ",", " "].map(JSON.string))]),
            "documentSymbolProvider": .bool(true),
            "colorProvider": .bool(true),
            "documentFormattingProvider": .bool(true),
            "codeActionProvider": .object(["codeActionKinds": .array([.string("quickfix")])]),
        ]
        return .object(["capabilities": .object(capabilities),
                        "serverInfo": .object(["name": .string("reflc"), "version": .string(version)])])
    }

    // MARK: Diagnostics

    private func scheduleDiagnostics(after delay: Double) {
        let due = Self.now() + delay
        diagnosticsDue = delay == 0 ? min(diagnosticsDue ?? due, due) : due
    }

    /// Publishes the diagnostics of every file the compilations reach, and
    /// clears those of files that no longer have any.
    private func publishDiagnostics() {
        diagnosticsDue = nil
        let byURI = workspace.diagnosticsByURI()
        for uri in byURI.keys.sorted() {
            let diagnostics = byURI[uri]!
            guard !diagnostics.isEmpty || publishedURIs.contains(uri) || workspace.document(uri) != nil else { continue }
            var params: [String: JSON] = ["uri": .string(uri), "diagnostics": .array(diagnostics.map(json))]
            if let version = workspace.document(uri)?.version { params["version"] = .number(Double(version)) }
            sendNotification("textDocument/publishDiagnostics", .object(params))
            if diagnostics.isEmpty { publishedURIs.remove(uri) } else { publishedURIs.insert(uri) }
        }
        for uri in publishedURIs.subtracting(byURI.keys).sorted() {
            sendNotification("textDocument/publishDiagnostics", .object(["uri": .string(uri), "diagnostics": .array([])]))
            publishedURIs.remove(uri)
        }
    }

    /// The text of a file a compilation names: the open document's, or the compiled bytes.
    func text(of file: SourceFile) -> DocumentText {
        if let known = texts[ObjectIdentifier(file)], known.file === file { return known.text }
        let uri = workspace.uri(of: file.path)
        let text = workspace.document(uri)?.text ?? DocumentText(file.bytes)
        texts[ObjectIdentifier(file)] = (file, text)
        return text
    }

    /// A diagnostic as the protocol has it; its fix-it rides in `data` for code actions.
    func json(_ diagnostic: Diagnostic) -> JSON {
        let text = text(of: diagnostic.file)
        var object: [String: JSON] = [
            "range": text.json(diagnostic.range, encoding: encoding),
            "severity": .number(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3),
            "code": .string(diagnostic.id),
            "source": .string("reflc"),
            "message": .string(diagnostic.message),
        ]
        if !diagnostic.notes.isEmpty {
            object["relatedInformation"] = .array(diagnostic.notes.map { note in
                .object(["message": .string(note.message),
                         "location": .object(["uri": .string(workspace.uri(of: note.file.path)),
                                              "range": self.text(of: note.file).json(note.range, encoding: encoding)])])
            })
        }
        return .object(object)
    }
}
