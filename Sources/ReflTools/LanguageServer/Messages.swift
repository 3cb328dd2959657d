import ReflEval
/// The messages of the Language Server Protocol (3.17) the server reads,
/// as typed values: each request's and notification's parameters are
/// decoded once, when the message comes, and a malformed one is refused
/// there, naming the field. Only the fields the server uses are read; the
/// names are the protocol's (in a namespace of their own, so `LSP.Range`
/// is not Swift's `Range`).
enum LSP {
    /// A place in a document: a line and a character offset in it, both from 0,
    /// the character in the position encoding agreed at `initialize`.
    struct Position: Equatable, MessageDecodable {
        var line: Int
        var character: Int

        init(line: Int, character: Int) {
            self.line = line
            self.character = character
        }

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            line = try fields.uinteger("line")
            character = try fields.uinteger("character")
        }

        var json: JSON { ["line": .number(Double(line)), "character": .number(Double(character))] }
    }

    /// The text between two positions.
    struct Range: Equatable, MessageDecodable {
        var start: Position
        var end: Position

        init(start: Position, end: Position) {
            self.start = start
            self.end = end
        }

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            start = try fields.required("start")
            end = try fields.required("end")
        }

        var json: JSON { ["start": start.json, "end": end.json] }
    }

    struct TextDocumentIdentifier: MessageDecodable {
        let uri: String

        init(from value: JSON, at path: String) throws(MalformedParams) {
            uri = try MessageFields(value, at: path).required("uri")
        }
    }

    /// A document and its version (`didChange`).
    struct VersionedTextDocumentIdentifier: MessageDecodable {
        let uri: String
        let version: Int?

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            uri = try fields.required("uri")
            version = try fields.optional("version")
        }
    }

    /// A document as it is opened: its URI, version and whole text.
    struct TextDocumentItem: MessageDecodable {
        let uri: String
        let version: Int
        let text: String

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            uri = try fields.required("uri")
            version = try fields.optional("version") ?? 0
            text = try fields.required("text")
        }
    }

    /// One change of a `didChange`: a range and the text that replaces it,
    /// or (without a range) the whole new text.
    struct ContentChange: MessageDecodable {
        let range: Range?
        let text: [UInt8]

        init(range: Range?, text: String) {
            self.range = range
            self.text = Array(text.utf8)
        }

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            range = try fields.optional("range")
            text = Array(try fields.required("text", as: String.self).utf8)
        }
    }

    // MARK: Requests

    /// `initialize`: what the server reads of the client and its workspace.
    struct InitializeParams: MessageDecodable {
        /// The client's position encodings (`general.positionEncodings`), its preferred first.
        let positionEncodings: [String]
        /// The client can watch files for the server (`workspace.didChangeWatchedFiles.dynamicRegistration`).
        let watchesFiles: Bool
        let workspaceFolders: [String]
        let rootURI: String?
        let rootPath: String?
        /// `initializationOptions.includePaths`: include folders, as `-I`.
        let includePaths: [String]

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            let capabilities = try fields.nested("capabilities")
            positionEncodings = try capabilities.nested("general").optional("positionEncodings") ?? []
            watchesFiles = try capabilities.nested("workspace").nested("didChangeWatchedFiles").optional("dynamicRegistration") ?? false
            workspaceFolders = (try fields.optional("workspaceFolders", as: [WorkspaceFolder].self) ?? []).map(\.uri)
            rootURI = try fields.optional("rootUri")
            rootPath = try fields.optional("rootPath")
            // The options are the user's settings, passed on by the editor:
            // anything but an object holds none of ours.
            if let options = try fields.optional("initializationOptions", as: JSON.self), options.object != nil {
                includePaths = try MessageFields(options, at: "initializationOptions").optional("includePaths") ?? []
            } else {
                includePaths = []
            }
        }
    }

    struct WorkspaceFolder: MessageDecodable {
        let uri: String

        init(from value: JSON, at path: String) throws(MalformedParams) {
            uri = try MessageFields(value, at: path).required("uri")
        }
    }

    /// The parameters of a request about a whole document (symbols, colors, formatting).
    struct DocumentParams: MessageDecodable {
        let textDocument: TextDocumentIdentifier

        init(from value: JSON, at path: String) throws(MalformedParams) {
            textDocument = try MessageFields(value, at: path).required("textDocument")
        }
    }

    /// The parameters of a request about a place in a document (hover, definition, completion).
    struct PositionParams: MessageDecodable {
        let textDocument: TextDocumentIdentifier
        let position: Position

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            textDocument = try fields.required("textDocument")
            position = try fields.required("position")
        }
    }

    /// The parameters of a request about a range of a document (inlay hints, code actions).
    struct RangeParams: MessageDecodable {
        let textDocument: TextDocumentIdentifier
        let range: Range

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            textDocument = try fields.required("textDocument")
            range = try fields.required("range")
        }
    }

    struct ReferenceParams: MessageDecodable {
        let place: PositionParams
        /// Whether the definition counts among the references (`context.includeDeclaration`; true when not said).
        let includeDeclaration: Bool

        init(from value: JSON, at path: String) throws(MalformedParams) {
            place = try PositionParams(from: value, at: path)
            includeDeclaration = try MessageFields(value, at: path).nested("context").optional("includeDeclaration") ?? true
        }
    }

    struct RenameParams: MessageDecodable {
        let place: PositionParams
        let newName: String

        init(from value: JSON, at path: String) throws(MalformedParams) {
            place = try PositionParams(from: value, at: path)
            newName = try MessageFields(value, at: path).required("newName")
        }
    }

    /// A color as the protocol has it: channels from 0 to 1.
    struct Color: MessageDecodable {
        let red: Double, green: Double, blue: Double, alpha: Double

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            red = try fields.required("red")
            green = try fields.required("green")
            blue = try fields.required("blue")
            alpha = try fields.required("alpha")
        }
    }

    struct ColorPresentationParams: MessageDecodable {
        let textDocument: TextDocumentIdentifier
        let color: Color
        let range: Range

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            textDocument = try fields.required("textDocument")
            color = try fields.required("color")
            range = try fields.required("range")
        }
    }

    /// A code action is asked for a range of a document, as an inlay hint is.
    typealias CodeActionParams = RangeParams

    // MARK: Notifications

    struct DidOpenParams: MessageDecodable {
        let textDocument: TextDocumentItem

        init(from value: JSON, at path: String) throws(MalformedParams) {
            textDocument = try MessageFields(value, at: path).required("textDocument")
        }
    }

    struct DidChangeParams: MessageDecodable {
        let textDocument: VersionedTextDocumentIdentifier
        let contentChanges: [ContentChange]

        init(from value: JSON, at path: String) throws(MalformedParams) {
            let fields = try MessageFields(value, at: path)
            textDocument = try fields.required("textDocument")
            contentChanges = try fields.required("contentChanges")
        }
    }

    // MARK: Answers

    /// An item of an outline (`documentSymbol`). Written straight to JSON
    /// text, as `JSON` would write it: an outline may hold 50,000 of them,
    /// and building each as JSON values first took half the request's time.
    struct DocumentSymbol {
        /// The protocol's `SymbolKind` values used.
        enum Kind: Int {
            case namespace = 3, `class` = 5, property = 7, variable = 13
        }

        var name: String
        var detail: String?
        var kind: Kind
        var range: Range
        var selectionRange: Range
        var children: [DocumentSymbol] = []

        /// Writes the symbol's JSON text (keys in order, as `JSON.write`),
        /// through the writer rule tables are written with: an outline
        /// writes hundreds of thousands of keys, names and numbers, and
        /// appending each to an array cost 240 instructions a piece.
        func write(to out: JSONWriter) {
            out.raw("{")
            if !children.isEmpty {
                out.raw(#""children":["#)
                for (index, child) in children.enumerated() {
                    if index > 0 { out.raw(",") }
                    child.write(to: out)
                }
                out.raw("],")
            }
            if let detail {
                out.raw(#""detail":"#)
                out.string(detail)
                out.raw(",")
            }
            out.raw(#""kind":"#)
            out.integer(kind.rawValue)
            out.raw(#","name":"#)
            out.string(name)
            out.raw(#","range":"#)
            range.write(to: out)
            out.raw(#","selectionRange":"#)
            selectionRange.write(to: out)
            out.raw("}")
        }
    }
}

extension LSP.Range {
    /// Writes `{"end":{...},"start":{...}}`, as `json.write` would.
    func write(to out: JSONWriter) {
        out.raw(#"{"end":{"character":"#)
        out.integer(end.character)
        out.raw(#","line":"#)
        out.integer(end.line)
        out.raw(#"},"start":{"character":"#)
        out.integer(start.character)
        out.raw(#","line":"#)
        out.integer(start.line)
        out.raw("}}")
    }
}
