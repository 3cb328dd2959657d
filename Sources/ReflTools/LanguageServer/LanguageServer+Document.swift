import ReflEval
import ReflLexer
import ReflParser

/// Requests about a whole document: its outline, its colors, its layout,
/// and the fixes of its diagnostics.
extension LanguageServer {
    // MARK: Document symbols

    /// The most symbols an outline holds (rules, declarations, namespaces
    /// and variables together): the 1 MB benchmark has 27,000; a document
    /// of a million rules would otherwise be answered with half a gigabyte.
    static let maximumDocumentSymbols = 50_000

    /// The outline: rules with their declarations, namespaces with their
    /// variables, variables. Written straight to JSON text one symbol at a
    /// time, and cut (with a line in the client's log) at `maximumDocumentSymbols`.
    func documentSymbols(_ params: LSP.DocumentParams) -> JSON {
        guard let target = target(params.textDocument) else { return [] }
        let index = target.index
        let syntax = index.syntax
        var cursor = DocumentText.Cursor()  // symbols come in the order of the text
        func symbol(_ name: String, _ detail: String?, _ kind: LSP.DocumentSymbol.Kind, _ range: SourceRange, _ selection: SourceRange,
                    _ children: [LSP.DocumentSymbol] = []) -> LSP.DocumentSymbol {
            LSP.DocumentSymbol(name: name.isEmpty ? "(unnamed)" : name, detail: detail, kind: kind,
                               range: target.text.range(of: range, encoding: encoding, from: &cursor),
                               selectionRange: target.text.range(of: selection, encoding: encoding, from: &cursor), children: children)
        }
        func variable(_ definition: VariableDefinition) -> LSP.DocumentSymbol {
            symbol(index.text(definition.name), index.text(syntax.values[definition.value].range), .variable, definition.range, definition.name)
        }
        let out = JSONWriter()
        out.raw("[")
        var count = 0
        var cutAt: SourceRange?
        func add(_ symbol: LSP.DocumentSymbol, _ range: SourceRange, childrenLeftOut: Bool) {
            if count > 0 { out.raw(",") }
            symbol.write(to: out)
            if childrenLeftOut { cutAt = range }
        }
        for item in syntax.items {
            let room = Self.maximumDocumentSymbols - count
            switch item {
            case .importStatement: continue
            case .variable(let definition) where room == 0: cutAt = definition.range
            case .namespace(let namespace) where room == 0: cutAt = namespace.range
            case .rule(let rule) where room == 0: cutAt = rule.range
            case .viewDeclaration(let declaration) where room == 0: cutAt = declaration.range
            case .variable(let definition):
                add(variable(definition), definition.range, childrenLeftOut: false)
                count += 1
            case .namespace(let namespace):
                let variables = namespace.variables.prefix(room - 1)
                add(symbol(index.text(namespace.name), nil, .namespace, namespace.range, namespace.name, variables.map(variable)),
                    namespace.range, childrenLeftOut: variables.count < namespace.variables.count)
                count += 1 + variables.count
            case .rule(let rule):
                let declarations = syntax.declarations(of: rule)
                let properties = declarations.prefix(room - 1).map { declaration -> LSP.DocumentSymbol in
                    let key = syntax.key(of: declaration)
                    let valueText: String
                    switch declaration.value {
                    case .value(let id): valueText = index.text(syntax.values[id].range)
                    case .include(let list): valueText = syntax.includeList(list).map { syntax.selectorTexts.string(of: $0.textID) }.joined(separator: ", ")
                    }
                    return symbol(index.text(key), valueText, .property, declaration.range, key)
                }
                add(symbol(syntax.selectorTexts.string(of: rule.selector.textID), nil, .class, rule.range, index.selectorRange(of: rule), properties),
                    rule.range, childrenLeftOut: properties.count < declarations.count)
                count += 1 + properties.count
            case .viewDeclaration(let declaration):
                let properties = declaration.properties.prefix(room - 1).map { property in
                    symbol(index.text(property.key), index.text(property.type), .property, property.range, property.key)
                }
                add(symbol("@view " + index.text(declaration.name), declaration.superclass.map { index.text($0) }, .class,
                           declaration.range, declaration.name, properties),
                    declaration.range, childrenLeftOut: properties.count < declaration.properties.count)
                count += 1 + properties.count
            }
            if cutAt != nil { break }
        }
        out.raw("]")
        if let cutAt {
            let line = target.text.position(of: cutAt.start, encoding: .utf8).line + 1
            log("the outline of \(target.uri) stops at line \(line): it holds at most \(Self.maximumDocumentSymbols) symbols")
        }
        return .encoded(out.buffer)
    }

    // MARK: Colors

    /// Written straight to JSON text, as the outline is: a document has
    /// thousands of swatches (the 1 MB benchmark, 12,000), and building each
    /// as objects of dictionaries, then writing those with their keys
    /// sorted, took two thirds of the answer's time. The members are in the
    /// order a `JSON` object writes them.
    func documentColors(_ params: LSP.DocumentParams) -> JSON {
        guard let target = target(params.textDocument) else { return [] }
        let out = JSONWriter()
        out.raw("[")
        var cursor = DocumentText.Cursor()  // the swatches are sorted by place
        for (number, (range, color)) in colorValues(in: target).enumerated() {
            if number > 0 { out.raw(",") }
            out.raw(#"{"color":{"alpha":"#)
            channel(color.alpha, to: out)
            out.raw(#","blue":"#)
            channel(color.blue, to: out)
            out.raw(#","green":"#)
            channel(color.green, to: out)
            out.raw(#","red":"#)
            channel(color.red, to: out)
            out.raw(#"},"range":"#)
            target.text.range(of: range, encoding: encoding, from: &cursor).write(to: out)
            out.raw("}")
        }
        out.raw("]")
        return .encoded(out.buffer)
    }

    /// A color channel, as `JSON.number` writes it (`JSONWriter.number`
    /// gives the same text for every finite number below 10^15).
    private func channel(_ value: Double, to out: JSONWriter) {
        if value.isFinite { out.number(value) } else { out.raw("null") }
    }

    /// The functions that give a color.
    private static let colorFunctions: Set<String> = [
        "rgb", "rgba", "hsl", "hsla", "lighten", "darken", "saturate", "desaturate", "fadein", "fadeout", "fade", "spin",
        "mix", "tint", "shade", "greyscale", "contrast",
    ]

    /// Every color value of the document — `#hex`, a color name, a variable
    /// holding a color, a call of a color function (outermost only) — with
    /// its value as the compiler computes it. Literals and variables are
    /// read from what the document's compilation already holds; calls are
    /// compiled together, as variables of one small stylesheet that gives
    /// the variables they use their computed values (or, when one of those
    /// has no literal form, imports the document's entry file), so a swatch
    /// never disagrees with the table.
    func colorValues(in target: Target) -> [(SourceRange, Color)] {
        let index = target.index
        let syntax = index.syntax
        let values = syntax.values
        var found: [(SourceRange, Color)] = []
        var calls: [SourceRange] = []
        var callVariables: Set<String> = []
        var skipUntil: ValueID = 0
        var wordsUntil: ValueID = 0
        for raw in 0..<values.nodes.count {
            let id = ValueID(raw)
            guard id >= skipUntil else { continue }
            let node = values[id]
            switch node.kind {
            case .hash:
                if let color = LanguageCatalogue.color(hex: index.text(node.range)) { found.append((node.range, color)) }
            case .variable:
                if case .color(let color)? = target.result.variables[String(index.text(node.range).dropFirst())] {
                    found.append((node.range, color))
                }
            case .identifier where id >= wordsUntil:
                if let color = LanguageCatalogue.color(named: index.text(node.range)) { found.append((node.range, color)) }
            case .call:
                let name = index.text(syntax.callName(id))
                if Self.colorFunctions.contains(name) {
                    calls.append(node.range)
                    skipUntil = values.subtreeEnd(of: id)
                    for inner in (raw + 1)..<Int(skipUntil) where values[ValueID(inner)].kind == .variable {
                        callVariables.insert(String(index.text(values[ValueID(inner)].range).dropFirst()))
                    }
                } else if name == "font" {
                    wordsUntil = values.subtreeEnd(of: id)  // `font(body, black)`: `black` is a weight there
                }
            default: break
            }
        }
        if !calls.isEmpty { found += callColors(calls, variables: callVariables, in: target) }
        return found.sorted { $0.0.start < $1.0.start }
    }

    /// The colors of the color-function calls `ranges` of the document.
    private func callColors(_ ranges: [SourceRange], variables: Set<String>, in target: Target) -> [(SourceRange, Color)] {
        let index = target.index
        var source: [UInt8] = []
        var definitions: [UInt8]? = []
        for name in variables.sorted() {
            guard let value = target.result.variables[name], let literal = Self.literal(value) else {
                definitions = nil
                break
            }
            definitions! += Array("@\(name): \(literal);\n".utf8)
        }
        let swatches: FilePath
        if let definitions {
            swatches = FilePath("<colors>")
            source = definitions
        } else {
            guard let entry = target.result.files.last, !entry.path.utf8.contains(UInt8(ascii: "\n")) else { return [] }
            let quotedPath = entry.path.utf8.flatMap { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") ? [UInt8(ascii: "\\"), $0] : [$0] }
            source = Array("@import \"".utf8) + quotedPath + Array("\";\n".utf8)
            swatches = FilePath(entry.path).directory.appending(FilePath("<colors>"))
        }
        for (number, range) in ranges.enumerated() {
            source += Array("@reflc-swatch-\(number): ".utf8) + index.bytes[range.start..<range.end] + Array(";\n".utf8)
        }
        let result = Compiler.compile(source: SourceFile(path: swatches.description, bytes: source), importsRelativeTo: swatches,
                                      errorLimit: 1, includePaths: workspace.includePaths, unsavedFiles: workspace.unsavedFiles)
        return ranges.enumerated().compactMap { number, range in
            if case .color(let color)? = result.variables["reflc-swatch-\(number)"] { return (range, color) }
            return nil
        }
    }

    /// Stylesheet text that lowers to `value` exactly, for the kinds a color
    /// function takes; nil for the others.
    static func literal(_ value: StyleValue) -> String? {
        switch value {
        case .color, .lightDark, .number, .percent, .angle: return value.stylesheetSpelling
        default: return nil
        }
    }

    func colorPresentations(_ params: LSP.ColorPresentationParams) -> JSON {
        guard let target = target(params.textDocument) else { return [] }
        let range = target.text.range(params.range, encoding: encoding)
        let (red, green, blue, alpha) = (params.color.red, params.color.green, params.color.blue, params.color.alpha)
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        let hex = Color(red: red, green: green, blue: blue, alpha: alpha).hex
        let (r, g, b) = (channel(red), channel(green), channel(blue))
        var labels = [alpha >= 1 ? String(hex.prefix(7)) : hex]
        labels.append(alpha >= 1 ? "rgb(\(r), \(g), \(b))" : "rgba(\(r), \(g), \(b), \(StylesheetText.roundedNumber(alpha)))")
        return .array(labels.map { label in
            .object(["label": .string(label),
                     "textEdit": .object(["range": target.text.json(range, encoding: encoding), "newText": .string(label)])])
        })
    }

    // MARK: Formatting

    func formatting(_ params: LSP.DocumentParams) throws(ResponseError) -> JSON {
        guard let document = workspace.document(params.textDocument.uri) else { return [] }
        let bytes = document.text.bytes
        switch StylesheetFormatter.format(SourceFile(path: document.path.description, bytes: bytes)) {
        case .syntaxErrors(let errors):
            throw .requestFailed("not formatted: the file has \(errors.count == 1 ? "a syntax error" : "\(errors.count) syntax errors")")
        case .refused(let reason):
            throw .requestFailed("not formatted: \(reason)")
        case .formatted(let layout):
            guard !layout.hasSameBytes(as: bytes) else { return .array([]) }
            // One edit from the first differing byte to the last: small
            // for a small change, and the cursor keeps its place elsewhere.
            var start = 0
            while start < min(layout.count, bytes.count) && layout[start] == bytes[start] { start += 1 }
            var oldEnd = bytes.count, newEnd = layout.count
            while oldEnd > start && newEnd > start && layout[newEnd - 1] == bytes[oldEnd - 1] {
                oldEnd -= 1
                newEnd -= 1
            }
            // Whole characters: back to a scalar's first byte. And whole line
            // ends: a position cannot fall between the `\r` and `\n` of one.
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            while oldEnd < bytes.count && bytes[oldEnd] & 0xC0 == 0x80 { oldEnd += 1; newEnd += 1 }
            if start > 0 && start < bytes.count && bytes[start - 1] == UInt8(ascii: "\r") && bytes[start] == UInt8(ascii: "\n") { start -= 1 }
            if oldEnd > 0 && oldEnd < bytes.count && bytes[oldEnd - 1] == UInt8(ascii: "\r") && bytes[oldEnd] == UInt8(ascii: "\n") {
                oldEnd += 1
                newEnd += 1
            }
            let newText = String(decoding: layout[start..<newEnd], as: UTF8.self)
            return .array([.object(["range": document.text.json(SourceRange(start, oldEnd), encoding: encoding),
                                    "newText": .string(newText)])])
        }
    }

    // MARK: Code actions

    /// The fix-its of the diagnostics in the requested range, as quick fixes.
    func codeActions(_ params: LSP.CodeActionParams) -> JSON {
        let uri = params.textDocument.uri
        guard let document = workspace.document(uri) else { return [] }
        let range = document.text.range(params.range, encoding: encoding)
        let diagnostics = workspace.diagnosticsByURI()[uri] ?? []
        var actions: [JSON] = []
        for diagnostic in diagnostics {
            guard let fixIt = diagnostic.fixIt else { continue }
            let diagnosticRange = diagnostic.range
            guard diagnosticRange.start <= range.end && range.start <= diagnosticRange.end else { continue }
            let edited = fixIt.range ?? diagnosticRange
            let replaced = String(decoding: document.text.bytes[min(edited.start, document.text.bytes.count)..<min(edited.end, document.text.bytes.count)],
                                  as: UTF8.self)
            let title: String
            if fixIt.replacement.isEmpty {
                title = "Remove '\(replaced)'"
            } else if edited.isEmpty {
                title = "Insert '\(fixIt.replacement)'"
            } else {
                title = "Replace '\(replaced)' with '\(fixIt.replacement)'"
            }
            let edit = JSON.object(["range": document.text.json(edited, encoding: encoding), "newText": .string(fixIt.replacement)])
            actions.append(.object(["title": .string(title), "kind": .string("quickfix"), "isPreferred": .bool(true),
                                    "diagnostics": .array([json(diagnostic)]),
                                    "edit": .object(["changes": .object([uri: .array([edit])])])]))
        }
        return .array(actions)
    }
}
