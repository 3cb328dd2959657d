#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval
import ReflLexer

/// A Language Server Protocol (3.17) server for Reflektor stylesheets, on
/// any `MessageTransport`: `reflc lsp` runs it on standard input and
/// output; a host can run it in its own process with an `InMemoryTransport`.
///
/// One thread: it waits for a message or for the moment the debounced
/// diagnostics are due, whichever comes first. Every request is answered
/// (with a result, or the protocol's error), whatever its parameters; a
/// message that is not JSON-RPC gets the protocol's error answer; a
/// notification with malformed parameters is ignored with a line in the
/// client's log, an unknown one silently.
public final class LanguageServer {
    /// How long after the last edit the diagnostics are published: typing
    /// does not compile at every key, and a pause shows the errors.
    public static let diagnosticsDelay = 0.2
    /// The most JSON values a message may hold: far above any real one (a
    /// change of 40,000 edits holds 400,000), it bounds what parsing a
    /// message builds to some 200 MB.
    public static let maximumValuesPerMessage = 1_000_000

    let transport: any MessageTransport
    /// The version `initialize` answers with (`serverInfo`).
    private let version: String
    let workspace = Workspace()
    /// The tokens and trees of the files requests looked at, for the current analysis.
    let indexes = SourceIndexCache()
    /// The URIs and texts (line tables) of the files of the compilations, for the current analysis.
    private var texts: [ObjectIdentifier: (file: SourceFile, uri: String, text: DocumentText)] = [:]
    var encoding = PositionEncoding.utf16

    private enum Phase { case waitingForInitialize, running, shutDown }
    private var phase = Phase.waitingForInitialize
    /// The client can watch files for the server (it said so at `initialize`).
    private var watchesFilesForServer = false
    /// When the diagnostics are next due (seconds, monotonic); nil when none are pending.
    private var diagnosticsDue: Double?
    /// The URIs with diagnostics published, to clear them when they are fixed.
    private var publishedURIs = Set<String>()

    /// A server that talks through `transport` and calls itself reflc `version`.
    public init(transport: any MessageTransport, version: String) {
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
            if let status = serve(waitingAtMost: -1) { return status }
        }
    }

    /// Waits at most `milliseconds` (-1: as long as it takes) for messages,
    /// or less when diagnostics fall due first; handles those that came and
    /// publishes the diagnostics due. The exit status once the session is
    /// over (`exit`, the end of input, a client gone), else nil.
    public func serve(waitingAtMost milliseconds: Int32) -> Int32? {
        var wait = milliseconds
        if let due = diagnosticsDue {
            let untilDue = Int32(max(0, (due - Self.now()) * 1000).rounded(.up))
            wait = wait < 0 ? untilDue : min(wait, untilDue)
        }
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
        if transport.sendFailed { return 1 }
        return nil
    }

    static func now() -> Double {
        MonotonicClock.now()
    }

    // MARK: Messages

    /// Handles one message; returns the exit status on `exit`.
    private func handle(_ incoming: IncomingMessage) -> Int32? {
        let bytes: [UInt8]
        switch incoming {
        case .malformed(let reason):
            sendError(id: .null, ResponseError(code: .parseError, message: "not a message: \(reason)"))
            return nil
        case .message(let body): bytes = body
        }
        let outline = MessageOutline(bytes)
        guard outline.valueCount <= Self.maximumValuesPerMessage else {
            let what = "holds \(outline.valueCount) JSON values, over the limit of \(Self.maximumValuesPerMessage) per message"
            if let id = outline.id, RPCMessage.isValidID(id) {
                sendError(id: id, ResponseError(code: .invalidRequest, message: "not read: the message \(what)"))
            } else {
                log("ignored \(outline.method.map { "a '\($0)' notification" } ?? "a message"): it \(what)")
            }
            return nil
        }
        let json: JSON
        do {
            json = try JSON.parse(bytes)
        } catch {
            sendError(id: .null, ResponseError(code: .parseError, message: "parse error: \(error.message)"))
            return nil
        }
        let message: RPCMessage
        do {
            message = try RPCMessage(json)
        } catch {
            sendError(id: error.id, error.error)
            return nil
        }
        switch message {
        case .response: return nil
        case .notification(let method, let params): return notification(method, params)
        case .request(let id, let method, let params):
            switch request(method, params) {
            case .success(let value): transport.send(["jsonrpc": "2.0", "id": id, "result": value])
            case .failure(let error): sendError(id: id, error)
            }
            return nil
        }
    }

    private func sendError(id: JSON, _ error: ResponseError) {
        transport.send(["jsonrpc": "2.0", "id": id,
                        "error": ["code": .number(Double(error.code.rawValue)), "message": .string(error.message)]])
    }

    func sendNotification(_ method: String, _ params: JSON) {
        transport.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Writes to the client's log (`window/logMessage`, a warning): what
    /// the server dropped or left out, and why.
    func log(_ message: String) {
        sendNotification("window/logMessage", ["type": 2, "message": .string(message)])
    }

    /// The parameters of a request, as its method takes them; a malformed
    /// field is the request's invalid params error, naming the field.
    private func decode<Params: MessageDecodable>(_ params: JSON, as type: Params.Type = Params.self) throws(ResponseError) -> Params {
        do {
            return try Params(from: params, at: "")
        } catch {
            throw .invalidParams(error.message)
        }
    }

    private func request(_ method: String, _ params: JSON) -> Result<JSON, ResponseError> {
        switch phase {
        case .waitingForInitialize where method != "initialize":
            return .failure(ResponseError(code: .serverNotInitialized, message: "the server is not initialized yet"))
        case .running where method == "initialize", .shutDown where method == "initialize":
            return .failure(ResponseError(code: .invalidRequest, message: "the server is already initialized"))
        case .shutDown:
            return .failure(ResponseError(code: .invalidRequest, message: "the server is shutting down"))
        default: break
        }
        do throws(ResponseError) {
            switch method {
            case "initialize": return .success(initialize(try decode(params)))
            case "shutdown":
                phase = .shutDown
                return .success(.null)
            case "textDocument/hover": return .success(hover(try decode(params)))
            case "textDocument/definition": return .success(definition(try decode(params)))
            case "textDocument/references": return .success(references(try decode(params)))
            case "textDocument/rename": return .success(try rename(try decode(params)))
            case "textDocument/completion": return .success(completion(try decode(params)))
            case "textDocument/documentSymbol": return .success(documentSymbols(try decode(params)))
            case "textDocument/documentColor": return .success(documentColors(try decode(params)))
            case "textDocument/colorPresentation": return .success(colorPresentations(try decode(params)))
            case "textDocument/formatting": return .success(try formatting(try decode(params)))
            case "textDocument/codeAction": return .success(codeActions(try decode(params)))
            case "textDocument/inlayHint": return .success(inlayHints(try decode(params)))
            default: return .failure(ResponseError(code: .methodNotFound, message: "unknown method '\(method)'"))
            }
        } catch {
            return .failure(error)
        }
    }

    /// Handles a notification; returns the exit status on `exit`.
    private func notification(_ method: String, _ params: JSON) -> Int32? {
        if method == "exit" { return phase == .shutDown ? 0 : 1 }
        guard phase == .running else { return nil }  // before `initialize` or after `shutdown`: dropped
        do throws(MalformedParams) {
            switch method {
            case "textDocument/didOpen":
                let item = try LSP.DidOpenParams(from: params, at: "").textDocument
                _ = workspace.open(uri: item.uri, text: Array(item.text.utf8), version: item.version)
                scheduleDiagnostics(after: 0)
            case "textDocument/didChange":
                // Decoded whole before any change is applied: with one malformed
                // change, the others would leave a text the editor does not have either.
                let change = try LSP.DidChangeParams(from: params, at: "")
                guard let document = workspace.document(change.textDocument.uri) else { return nil }
                document.text = document.text.applying(change.contentChanges, encoding: encoding)
                document.version = change.textDocument.version ?? document.version
                workspace.changed()
                scheduleDiagnostics(after: Self.diagnosticsDelay)
            case "textDocument/didSave", "workspace/didChangeWatchedFiles":
                // Files on disk may have changed: the workspace reads them again.
                workspace.filesChanged()
                scheduleDiagnostics(after: 0)
            case "textDocument/didClose":
                workspace.close(uri: try LSP.DocumentParams(from: params, at: "").textDocument.uri)
                scheduleDiagnostics(after: 0)
            case "initialized":
                // Edits to imported files that are not open come as file events,
                // when the client can watch files for the server.
                if watchesFilesForServer {
                    transport.send(["jsonrpc": "2.0", "id": "reflc-watch-less-files", "method": "client/registerCapability", "params": [
                        "registrations": [["id": "reflc-less-files", "method": "workspace/didChangeWatchedFiles",
                                           "registerOptions": ["watchers": [["globPattern": "**/*.less"]]]]],
                    ]])
                }
            default: break  // `$/cancelRequest`, `$/setTrace` and others need nothing
            }
        } catch {
            let kept = method == "textDocument/didChange" ? "; the document keeps its text" : ""
            log("ignored a '\(method)' notification: \(error.message)\(kept)")
        }
        return nil
    }

    // MARK: Lifecycle

    private func initialize(_ params: LSP.InitializeParams) -> JSON {
        phase = .running
        encoding = params.positionEncodings.contains("utf-8") ? .utf8 : .utf16
        watchesFilesForServer = params.watchesFiles
        var folders = params.workspaceFolders.compactMap(DocumentURI.path(of:))
        if folders.isEmpty, let root = params.rootURI.flatMap(DocumentURI.path(of:)) { folders = [root] }
        if folders.isEmpty, let root = params.rootPath { folders = [FilePath(root)] }
        workspace.folders = folders.map(Workspace.canonical)
        // Relative include folders are relative to the first workspace folder
        // (an editor need not start the server there).
        workspace.includePaths = params.includePaths.map {
            let path = FilePath($0)
            return Workspace.canonical(path.isAbsolute || folders.isEmpty ? path : folders[0].appending(path))
        }
        let capabilities: JSON = [
            "positionEncoding": .string(encoding.rawValue),
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
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "reflc", "version": .string(version)]]
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
        // A compilation keeps the first 1,000 errors and warnings (as `reflc build` does): said, not left silent.
        for (entry, result) in workspace.compilations.sorted(by: { $0.key.description < $1.key.description })
            where result.omittedErrors > 0 || result.omittedWarnings > 0 {
            log("\(entry): \(result.omittedErrors) more errors and \(result.omittedWarnings) more warnings not shown; "
                + "the first \(Compiler.defaultErrorLimit) of each are (run 'reflc build' with --error-limit 0 for all)")
        }
    }

    /// The text of a file a compilation names: the open document's, or the compiled bytes.
    func text(of file: SourceFile) -> DocumentText {
        known(file).text
    }

    /// The URI of a file a compilation names. Kept with its text: finding
    /// it resolves the path's symbolic links, a system call per answer's
    /// location (30,000 references to one variable took 120 ms).
    func uri(of file: SourceFile) -> String {
        known(file).uri
    }

    private func known(_ file: SourceFile) -> (uri: String, text: DocumentText) {
        if let known = texts[ObjectIdentifier(file)], known.file === file { return (known.uri, known.text) }
        let uri = workspace.uri(of: file.path)
        let text = workspace.document(uri)?.text ?? DocumentText(file.bytes)
        texts[ObjectIdentifier(file)] = (file, uri, text)
        return (uri, text)
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
                .object(["message": .string(note.message), "location": location(note.file, note.range)])
            })
        }
        return .object(object)
    }
}
