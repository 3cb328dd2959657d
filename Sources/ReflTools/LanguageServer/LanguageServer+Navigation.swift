import ReflEval
import ReflLexer
import ReflParser

/// Hover, go to definition, find references and rename.
extension LanguageServer {
    /// What a request about a place in a document works on.
    struct Target {
        let uri: String
        let text: DocumentText
        /// The compilation the document is part of.
        let result: CompileResult
        let index: SourceIndex
        /// The byte offset of the request's position (0 without one).
        let offset: Int
    }

    /// The document and position a request names; nil for a document the
    /// server does not have (not open, and no file of a compilation).
    func target(_ document: LSP.TextDocumentIdentifier, at position: LSP.Position? = nil) -> Target? {
        let uri = document.uri
        guard workspace.document(uri) != nil else { return nil }
        guard let (result, file) = workspace.compilation(holding: Workspace.path(of: uri)) else { return nil }
        let text = self.text(of: file)
        let offset = position.map { text.offset(of: $0, encoding: encoding) } ?? 0
        return Target(uri: uri, text: text, result: result, index: indexes.index(file), offset: offset)
    }

    /// A protocol location.
    func location(_ file: SourceFile, _ range: SourceRange) -> JSON {
        .object(["uri": .string(uri(of: file)), "range": text(of: file).json(range, encoding: encoding)])
    }

    // MARK: Hover

    func hover(_ params: LSP.PositionParams) -> JSON {
        guard let target = target(params.textDocument, at: params.position), let tokenIndex = target.index.tokenIndex(at: target.offset) else { return .null }
        let index = target.index
        let token = index.tokens[tokenIndex]
        let markdown: String?
        if index.isVariable(tokenIndex) {
            markdown = variableHover(String(index.text(token).dropFirst()), in: target.result)
        } else if index.isCallName(tokenIndex) {
            markdown = functionHover(index.text(token))
        } else if token.kind == .identifier, let declaration = index.declaration(withKeyAt: target.offset) {
            markdown = schemaKeyHover(index.text(index.syntax.key(of: declaration)), at: target.offset, in: target)
                ?? keyHover(declaration, in: index)
        } else if token.kind == .identifier, let step = selectorStepHover(at: target.offset, in: target) {
            markdown = step
        } else if token.kind == .identifier, let color = LanguageCatalogue.color(named: index.text(token)) {
            markdown = "**\(index.text(token))**: " + StyleValue.color(color).markdownSummary
        } else if token.kind == .string, tokenIndex > 0, let file = importedFile(at: tokenIndex, in: index) {
            markdown = "imports `\(file.description)`"
        } else {
            markdown = nil
        }
        guard let markdown else { return .null }
        return .object(["contents": .object(["kind": .string("markdown"), "value": .string(markdown)]),
                        "range": target.text.json(token.range, encoding: encoding)])
    }

    /// A name in a rule's selector: what the step asks of the view or of
    /// its ancestor, and the class's place in the schema.
    private func selectorStepHover(at offset: Int, in target: Target) -> String? {
        let index = target.index
        let syntax = index.syntax
        for item in syntax.items {
            guard case .rule(let rule) = item, index.selectorRange(of: rule).start <= offset, offset <= rule.selector.range.end else { continue }
            let steps = Array(syntax.contextSteps[Int(rule.contextRange.lowerBound)..<Int(rule.contextRange.upperBound)])
            let all: [(Selector, Bool?)] = steps.map { ($0.selector, $0.isParentOfNext) } + [(rule.selector, nil)]
            guard let (selector, isParent) = all.first(where: { $0.0.range.start <= offset && offset <= $0.0.range.end }) else { return nil }
            let name = syntax.text(selector.range)
            var lines: [String]
            switch isParent {
            case nil: lines = ["**\(name)**: the view this rule styles"]
            case true?: lines = ["**\(name)**: an ancestor step: the next step is directly inside it (`>`)"]
            case false?: lines = ["**\(name)**: an ancestor step: the next step is anywhere inside it"]
            }
            if let className = selector.className.map(syntax.text) {
                let chain = ResolveChain.superclasses(of: className, schema: target.result.viewSchema)
                if !chain.isEmpty { lines.append("`\(className)` : " + chain.map { "`\($0)`" }.joined(separator: " : ")) }
            }
            return lines.joined(separator: "\n\n")
        }
        return nil
    }

    private func variableHover(_ name: String, in result: CompileResult) -> String {
        guard let definition = result.variableDefinitions[name] else { return "**@\(name)**: not defined" }
        let defining = indexes.index(definition.file)
        let statement = defining.syntax.items.lazy.compactMap { item -> SourceRange? in
            switch item {
            case .variable(let variable) where variable.name == definition.range: return variable.range
            case .namespace(let namespace): return namespace.variables.first { $0.name == definition.range }?.range
            default: return nil
            }
        }.first
        var lines: [String] = []
        if let statement { lines.append("```less\n\(defining.text(statement))\n```") }
        if let description = result.variableDescriptions[name] { lines.append(description) }
        switch result.variables[name] {
        case let value?: lines.append(value.markdownSummary)
        case nil: lines.append("its value has an error")
        }
        let line = text(of: definition.file).position(of: definition.range.start, encoding: .utf8).line + 1
        lines.append("defined in \(FilePath(definition.file.path).lastComponent.description):\(line)")
        return lines.joined(separator: "\n\n")
    }

    private func functionHover(_ name: String) -> String {
        guard let function = LanguageCatalogue.function(named: name) else {
            return "**\(name)**: not a built-in function; kept as a call for the app's own handlers"
        }
        return "```less\n" + function.signatures.joined(separator: "\n") + "\n```\n\n" + function.summary
    }

    private func keyHover(_ declaration: Declaration, in index: SourceIndex) -> String {
        let key = index.text(index.syntax.key(of: declaration))
        switch key {
        case "__condition": return "**__condition**: the condition under which the rule applies"
        case "__include": return "**__include**: copies the properties of the rules with these selectors"
        case "apply-to-subclasses", "applyToSubclasses": return "**\(key)**: whether the rule also styles subclasses of its class"
        default:
            let states = declaration.states == .normal ? "" : " when `\(declaration.states)`"
            return "**\(key)** sets the key path `\(LanguageCatalogue.keyPath(of: key))`\(states)"
        }
    }

    /// The file an `@import`'s string at token `index` names.
    func importedFile(at tokenIndex: Int, in index: SourceIndex) -> FilePath? {
        var previous = tokenIndex - 1
        if previous >= 1 && index.tokens[previous].kind == .leftParen { previous -= 2 }
        guard previous >= 0, index.tokens[previous].kind == .atName,
              SourceFile.range(index.tokens[previous].range, of: index.bytes, equals: "@import") else { return nil }
        let target = workspace.importTarget(FilePath(StringLiteral.decode(index.bytes, index.tokens[tokenIndex].range)),
                                            from: Workspace.canonical(FilePath(index.file.path)))
        return target.exists ? target.path : nil
    }

    // MARK: Definition and references

    func definition(_ params: LSP.PositionParams) -> JSON {
        guard let target = target(params.textDocument, at: params.position), let tokenIndex = target.index.tokenIndex(at: target.offset) else { return .null }
        let index = target.index
        let token = index.tokens[tokenIndex]
        if index.isVariable(tokenIndex) {
            guard let definition = target.result.variableDefinitions[String(index.text(token).dropFirst())] else { return .null }
            return location(definition.file, definition.range)
        }
        if token.kind == .string, let file = importedFile(at: tokenIndex, in: index) {
            let start = LSP.Position(line: 0, character: 0)
            return ["uri": .string(workspace.uri(of: file.description)), "range": LSP.Range(start: start, end: start).json]
        }
        if let (selector, _) = index.includeSelector(at: target.offset) {
            var locations: [JSON] = []
            for file in target.result.files {
                let other = indexes.index(file)
                for (text, rule) in other.rules where text == selector { locations.append(location(file, rule.selector.range)) }
            }
            return .array(locations)
        }
        return .null
    }

    func references(_ params: LSP.ReferenceParams) -> JSON {
        guard let target = target(params.place.textDocument, at: params.place.position), let uses = variableUses(at: target) else {
            return .null
        }
        let includesDeclaration = params.includeDeclaration
        let definition = target.result.variableDefinitions[String(uses.name.dropFirst())]
        return .array(uses.places.compactMap { file, range in
            if !includesDeclaration, let definition, definition.file === file, definition.range == range { return nil }
            return location(file, range)
        })
    }

    /// Renames a variable: its definitions and every use, in every file of the stylesheet.
    func rename(_ params: LSP.RenameParams) throws(ResponseError) -> JSON {
        let newName = params.newName
        guard let target = target(params.place.textDocument, at: params.place.position), let uses = variableUses(at: target) else {
            throw .requestFailed("only a variable can be renamed")
        }
        let written = newName.hasPrefix("@") ? newName : "@" + newName
        let tokens = Lexer.tokenize(SourceFile(path: "", text: written)).tokens
        guard tokens.count == 2, tokens[0].kind == .atName, tokens[0].range == SourceRange(0, written.utf8.count),
              written.utf8.count > 1, written != "@import" else {
            throw .requestFailed("'\(newName)' is not a variable name")
        }
        // Onto a name in use, uses of two variables would become one.
        if written != uses.name {
            if let existing = target.result.variableDefinitions[String(written.dropFirst())] {
                let line = text(of: existing.file).position(of: existing.range.start, encoding: .utf8).line + 1
                throw .requestFailed("'\(written)' is already a variable (defined in "
                                    + "\(FilePath(existing.file.path).lastComponent.description):\(line)); choose another name")
            }
            if let (file, range) = places(ofVariable: written, in: target.result).first {
                let line = text(of: file).position(of: range.start, encoding: .utf8).line + 1
                throw .requestFailed("'\(written)' is already used (in "
                                    + "\(FilePath(file.path).lastComponent.description):\(line)); choose another name")
            }
        }
        var edits: [String: [JSON]] = [:]
        for (file, range) in uses.places {
            edits[uri(of: file), default: []].append(
                .object(["range": text(of: file).json(range, encoding: encoding), "newText": .string(written)]))
        }
        return .object(["changes": .object(edits.mapValues(JSON.array))])
    }

    /// The variable at the target's position, and every place it is written
    /// (definitions and uses) in the files of its stylesheet.
    private func variableUses(at target: Target) -> (name: String, places: [(SourceFile, SourceRange)])? {
        guard let tokenIndex = target.index.tokenIndex(at: target.offset), target.index.isVariable(tokenIndex) else { return nil }
        let name = target.index.text(target.index.tokens[tokenIndex])
        return (name, places(ofVariable: name, in: target.result))
    }

    /// Every place the variable `name` (with its `@`) is written, in the files of `result`.
    private func places(ofVariable name: String, in result: CompileResult) -> [(SourceFile, SourceRange)] {
        var places: [(SourceFile, SourceRange)] = []
        for file in result.files {
            let index = indexes.index(file)
            for (position, token) in index.tokens.enumerated() where token.kind == .atName && index.isVariable(position) {
                if token.range.count == name.utf8.count && index.text(token) == name { places.append((file, token.range)) }
            }
        }
        return places
    }
}

/// A class's superclasses, nearest first, from a schema (the UIKit schema
/// with the stylesheet's `@view` declarations).
enum ResolveChain {
    static func superclasses(of name: String, schema: ViewSchema) -> [String] {
        var chain: [String] = []
        var current = name
        while chain.count < 64, let superclass = schema.classes[current]?.superclass, !chain.contains(superclass), superclass != name {
            chain.append(superclass)
            current = superclass
        }
        return chain
    }
}
