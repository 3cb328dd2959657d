import ReflLexer

/// The design tokens of one `@import tokens(...)`, written as stylesheet
/// text that the compiler parses and lowers like an imported file's
/// variables, with where each line came from so that what the compiler
/// finds there is reported in the token file.
struct TokenImport {
    /// One `@name: value;` per line, a token's; never shown to a user.
    let source: SourceFile
    /// For each line of `source`, the token file and the byte its value starts at.
    let origins: [(file: SourceFile, offset: Int)]
    /// Each variable's `$description`.
    let descriptions: [String: String]
    /// The token files, in the order read.
    let files: [SourceFile]
    /// The problems found in the token files.
    let diagnostics: [Diagnostic]
    /// Where each `\n` of `source` is, in order: a range's line is found by
    /// a binary search, where counting the newlines before it, for each of a
    /// file's variables, made a build of 16,000 tokens take 2.7 s.
    let newlines: [Int]

    /// Where `range` of `source` came from: its token's value.
    func origin(of range: SourceRange) -> (file: SourceFile, range: SourceRange) {
        // How many newlines come before `range.start`: its line.
        var (low, high) = (0, newlines.count)
        while low < high {
            let middle = (low + high) / 2
            if newlines[middle] < range.start { low = middle + 1 } else { high = middle }
        }
        let origin = origins[min(low, origins.count - 1)]
        return (origin.file, TokenDiagnostics.extent(of: origin.offset, in: origin.file.bytes))
    }
}

/// Reads a token import: its file (a token file or a resolver document,
/// told apart by `resolutionOrder`) and the `light:` and `dark:` files laid
/// over it, and merges them into one set of tokens per appearance. A token
/// whose light and dark values differ becomes `light-dark(light, dark)`.
struct TokenImporter {
    /// Reads a file: its source, or why it could not be read.
    typealias Reader = (FilePath) -> Result<SourceFile, FileSystem.ReadError>

    let read: Reader
    let report = TokenDiagnostics()
    private var files: [SourceFile] = []
    /// Token files already read, by path: a file named twice is read once.
    private var documents: [FilePath: [DesignToken]] = [:]

    init(read: @escaping Reader) {
        self.read = read
    }

    /// The tokens of the file at `path` with each appearance's file laid over
    /// them; nil when the first file cannot be read (`failure` says why).
    static func load(path: FilePath, modes: [(name: String, path: FilePath)], syntheticPath: String,
                     read: @escaping Reader) -> Result<TokenImport, ModeFailure> {
        var importer = TokenImporter(read: read)
        guard let base = importer.layers(at: path) else { return .failure(ModeFailure(mode: nil, error: importer.lastError!)) }
        var light = base.light, dark = base.dark
        for mode in modes {
            guard let layer = importer.tokens(at: mode.path) else { return .failure(ModeFailure(mode: mode.name, error: importer.lastError!)) }
            if mode.name == "dark" { dark.merge(layer) } else { light.merge(layer) }
        }
        return .success(importer.write(light: light, dark: dark, syntheticPath: syntheticPath))
    }

    /// A file of the import that could not be read (`mode` nil: the first).
    struct ModeFailure: Error {
        let mode: String?
        let error: FileSystem.ReadError
    }

    private var lastError: FileSystem.ReadError?

    // MARK: Reading

    private mutating func source(at path: FilePath) -> SourceFile? {
        switch read(path) {
        case .failure(let error):
            lastError = error
            return nil
        case .success(let file):
            files.append(file)
            return file
        }
    }

    /// The tokens of a token file.
    private mutating func tokens(at path: FilePath) -> TokenLayer? {
        if let known = documents[path] { return TokenLayer(known) }
        guard let file = source(at: path) else { return nil }
        let tokens = DesignTokenDocument.read(file, report: report) ?? []
        documents[path] = tokens
        return TokenLayer(tokens)
    }

    /// The light and dark tokens of a token file or of a resolver document.
    private mutating func layers(at path: FilePath) -> (light: TokenLayer, dark: TokenLayer)? {
        guard let file = source(at: path) else { return nil }
        guard let root = report.parseJSON(file) else { return (TokenLayer(), TokenLayer()) }
        if root[member: "resolutionOrder"] != nil {
            var resolver = ResolverDocument(file: file, root: root, folder: path.directory)
            return resolver.layers(importer: &self)
        }
        let tokens = DesignTokenDocument.read(root, in: file, report: report) ?? []
        return (TokenLayer(tokens), TokenLayer(tokens))
    }

    /// The tokens of one source of a resolver document: a `$ref` to a token
    /// file (relative to the resolver's folder) or tokens written inline.
    mutating func tokens(ofSource node: JSONNode, in file: SourceFile, folder: FilePath) -> TokenLayer {
        guard case .string(let reference)? = node[member: "$ref"]?.kind else {
            return TokenLayer(DesignTokenDocument.read(node, in: file, report: report) ?? [])
        }
        guard !reference.hasPrefix("#") else {
            report.error(file, node.offset, "a source refers to a token file, not to a part of this document (found \"\(reference)\")", code: .tokenMode)
            return TokenLayer()
        }
        let path = folder.appending(FilePath(reference))
        guard let layer = tokens(at: path) else {
            report.error(file, node[member: "$ref"]!.offset, "cannot read the token file '\(reference)': \(lastError!.reason)", code: .tokenFile)
            return TokenLayer()
        }
        return layer
    }

    // MARK: Writing

    private func write(light: TokenLayer, dark: TokenLayer, syntheticPath: String) -> TokenImport {
        var all = light
        all.merge(dark, keepingExisting: true)
        let tokens = all.byDottedName
        let values = DesignTokenValues(tokens: tokens, report: report)
        var text: [UInt8] = []
        var origins: [(file: SourceFile, offset: Int)] = []
        var descriptions: [String: String] = [:]
        var owners: [String: String] = [:]
        for key in all.order {
            let name = key.text
            let lightToken = light.byName[key] ?? dark.byName[key]!
            let darkToken = dark.byName[key] ?? lightToken
            let variable = DesignTokenValues.variableName(lightToken.path)
            if let owner = owners[variable] {
                report.error(lightToken.file, lightToken.value.offset, owner == name
                             ? "'\(name)' is also the name of an earlier token, its characters encoded differently (another Unicode normalization); "
                               + "a stylesheet cannot tell the two apart, so both would become the variable @\(variable); rename one of them"
                             : "'\(name)' and '\(owner)' both become the variable @\(variable); rename one of them", code: .tokenValue)
                continue
            }
            owners[variable] = name
            if light.byName[key] == nil {
                report.warning(darkToken.file, darkToken.value.offset,
                               "'\(name)' is given for the dark appearance only; with no light value, its dark value is used in light too",
                               code: .tokenMode)
            } else if dark.byName[key] == nil {
                report.warning(lightToken.file, lightToken.value.offset,
                               "'\(name)' is given for the light appearance only; with no dark value, its light value is used in dark too",
                               code: .tokenMode)
            }
            guard var expression = values.expression(for: lightToken) else { continue }
            if !darkToken.isSameToken(as: lightToken), let darkExpression = values.expression(for: darkToken),
               darkExpression != expression {
                if lightToken.isColor(in: tokens) && darkToken.isColor(in: tokens) {
                    expression = "light-dark(\(expression), \(darkExpression))"
                } else if let both = values.appearancesOfOneValue(light: lightToken, dark: darkToken) {
                    expression = both
                } else {
                    report.warning(darkToken.file, darkToken.value.offset,
                                   "only colors, and the color of a shadow or border, can differ between light and dark; "
                                   + "'\(name)' keeps its light value", code: .tokenMode)
                }
            }
            text += Array("@\(variable): \(expression);\n".utf8)
            origins.append((lightToken.file, lightToken.value.offset))
            if let description = lightToken.description ?? darkToken.description { descriptions[variable] = description }
        }
        if origins.isEmpty, let first = files.first { origins.append((first, 0)) }
        return TokenImport(source: SourceFile(path: syntheticPath, bytes: text), origins: origins,
                           descriptions: descriptions, files: files, diagnostics: report.diagnostics,
                           newlines: text.indices.filter { text[$0] == UInt8(ascii: "\n") })
    }
}

/// Tokens by dotted name, in the order first given; a later token of the
/// same name replaces an earlier one, as later sources override earlier ones.
/// Names are compared by their code points, as JSON compares keys: `é`
/// written as one code point or as `e` and an accent are two tokens.
struct TokenLayer {
    private(set) var order: [CodePointKey] = []
    private(set) var byName: [CodePointKey: DesignToken] = [:]

    /// The tokens by the name an alias spells (the first of names Swift calls equal).
    var byDottedName: [String: DesignToken] {
        var tokens: [String: DesignToken] = [:]
        for name in order where tokens[name.text] == nil { tokens[name.text] = byName[name] }
        return tokens
    }

    init(_ tokens: [DesignToken] = []) {
        for token in tokens { add(token, keepingExisting: false) }
    }

    mutating func merge(_ other: TokenLayer, keepingExisting: Bool = false) {
        for name in other.order { add(other.byName[name]!, keepingExisting: keepingExisting) }
    }

    private mutating func add(_ token: DesignToken, keepingExisting: Bool) {
        let name = CodePointKey(text: token.dottedName)
        if byName[name] == nil { order.append(name) } else if keepingExisting { return }
        byName[name] = token
    }
}

extension DesignToken {
    /// Whether both are the one token of one file.
    func isSameToken(as other: DesignToken) -> Bool {
        file === other.file && value.offset == other.value.offset
    }

    /// Whether the token is a color, its own type or, for an alias, its target's.
    func isColor(in tokens: [String: DesignToken]) -> Bool {
        var token = self
        var seen: Set<String> = []
        while case .string(let text) = token.value.kind, text.hasPrefix("{"), text.hasSuffix("}"),
              let target = tokens[String(text.dropFirst().dropLast())], seen.insert(target.dottedName).inserted {
            if token.type == "color" { return true }
            token = target
        }
        if let type = token.type { return type == "color" }
        if case .string(let text) = token.value.kind { return text.hasPrefix("#") }
        return token.value[member: "colorSpace"] != nil
    }
}

/// A resolver document (the format's resolver module, 2025.10): sets of
/// token sources and modifiers with contexts, merged in `resolutionOrder`.
/// A modifier whose contexts are `light` and `dark` gives the appearances;
/// any other modifier is read at its default context and reported.
struct ResolverDocument {
    let file: SourceFile
    let root: JSONNode
    let folder: FilePath

    mutating func layers(importer: inout TokenImporter) -> (light: TokenLayer, dark: TokenLayer) {
        var light = TokenLayer(), dark = TokenLayer()
        guard case .array(let order)? = root[member: "resolutionOrder"]?.kind else {
            importer.report.error(file, root[member: "resolutionOrder"]!.offset, "\"resolutionOrder\" must be an array of references", code: .tokenMode)
            return (light, dark)
        }
        for entry in order {
            guard let (kind, name, definition) = resolve(entry, importer: importer) else { continue }
            if kind == "sets" {
                let layer = sources(definition[member: "sources"], importer: &importer)
                light.merge(layer)
                dark.merge(layer)
                continue
            }
            guard case .object(let contexts)? = definition[member: "contexts"]?.kind else {
                importer.report.error(file, definition.offset, "the modifier '\(name)' has no \"contexts\" object", code: .tokenMode)
                continue
            }
            if let defaultNode = definition[member: "default"] {
                if case .string(let wanted) = defaultNode.kind {
                    if !contexts.contains(where: { $0.key == wanted }) {
                        let names = contexts.map { "'\($0.key)'" }.joined(separator: ", ")
                        let suggestion = Suggestions.didYouMean(wanted, in: contexts.map(\.key))
                        importer.report.error(file, defaultNode.offset,
                                              "the default context '\(wanted)' of the modifier '\(name)' is none of its contexts (\(names))\(suggestion)",
                                              code: .tokenMode)
                    }
                } else {
                    importer.report.error(file, defaultNode.offset,
                                          "\"default\" names one of the contexts of the modifier '\(name)', found \(JSONNode.describe(defaultNode))",
                                          code: .tokenMode)
                }
            }
            let lightContext = contexts.first { $0.key.lowercased() == "light" }
            let darkContext = contexts.first { $0.key.lowercased() == "dark" }
            if let lightContext, let darkContext {
                for other in contexts where other.key.lowercased() != "light" && other.key.lowercased() != "dark" {
                    importer.report.warning(file, other.value.offset,
                                            "only the light and dark contexts of '\(name)' are read; '\(other.key)' is not supported yet", code: .tokenMode)
                }
                light.merge(sources(lightContext.value, importer: &importer))
                dark.merge(sources(darkContext.value, importer: &importer))
                continue
            }
            var chosen = contexts.first
            if case .string(let wanted)? = definition[member: "default"]?.kind, let match = contexts.first(where: { $0.key == wanted }) {
                chosen = match
            }
            importer.report.warning(file, definition.offset,
                                    "the modifier '\(name)' is not supported yet (only light and dark contexts are)\(chosen.map { "; its context '\($0.key)' is used" } ?? "")",
                                    code: .tokenMode)
            if let chosen {
                let layer = sources(chosen.value, importer: &importer)
                light.merge(layer)
                dark.merge(layer)
            }
        }
        return (light, dark)
    }

    /// What an entry of `resolutionOrder` refers to: `("sets" or "modifiers", name, definition)`.
    private func resolve(_ entry: JSONNode, importer: TokenImporter) -> (String, String, JSONNode)? {
        if case .string(let type)? = entry[member: "type"]?.kind, type == "set" || type == "modifier" {
            let name: String
            if case .string(let written)? = entry[member: "name"]?.kind { name = written } else { name = type }
            return (type == "set" ? "sets" : "modifiers", name, entry)
        }
        guard case .string(let pointer)? = entry[member: "$ref"]?.kind else {
            importer.report.error(file, entry.offset, "expected {\"$ref\": \"#/sets/NAME\"} or {\"$ref\": \"#/modifiers/NAME\"}", code: .tokenMode)
            return nil
        }
        let parts = pointer.split(separator: "/").map(String.init)
        guard parts.count == 3, parts[0] == "#", parts[1] == "sets" || parts[1] == "modifiers" else {
            importer.report.error(file, entry.offset, "expected a reference to \"#/sets/NAME\" or \"#/modifiers/NAME\", found \"\(pointer)\"", code: .tokenMode)
            return nil
        }
        guard let definition = root[member: parts[1]]?[member: parts[2]] else {
            let known: [String]
            if case .object(let members)? = root[member: parts[1]]?.kind { known = members.map(\.key) } else { known = [] }
            let suggestion = Suggestions.didYouMean(parts[2], in: known)
            importer.report.error(file, entry.offset, "no \(parts[1] == "sets" ? "set" : "modifier") '\(parts[2])' in this document\(suggestion)", code: .tokenMode)
            return nil
        }
        return (parts[1], parts[2], definition)
    }

    private func sources(_ node: JSONNode?, importer: inout TokenImporter) -> TokenLayer {
        guard case .array(let sources)? = node?.kind else {
            importer.report.error(file, node?.offset ?? root.offset, "expected an array of sources ({\"$ref\": \"file.tokens.json\"} or tokens)", code: .tokenMode)
            return TokenLayer()
        }
        var layer = TokenLayer()
        for source in sources { layer.merge(importer.tokens(ofSource: source, in: file, folder: folder)) }
        return layer
    }
}
