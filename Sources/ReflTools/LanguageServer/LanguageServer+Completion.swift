import ReflEval
import ReflLexer
import ReflParser

/// Completion: what may be written where the cursor is.
extension LanguageServer {
    /// Where the cursor stands, as completion sees it.
    enum CompletionPlace: Equatable {
        /// Inside a condition string; the words of the term before the cursor.
        case condition(previousWords: [String])
        /// Inside a `[...]` after a declaration key.
        case states
        /// After `__include:`.
        case includeSelectors
        /// Where a value goes.
        case value
        /// Where a declaration's key goes, inside a rule.
        case key
        /// A step of a rule's selector, at the top level.
        case selector
        /// Anywhere else.
        case other
    }

    // The protocol's CompletionItemKind values used here.
    private static let kindFunction = 3.0, kindVariable = 6.0, kindClass = 7.0, kindProperty = 10.0,
                        kindValue = 12.0, kindKeyword = 14.0, kindColor = 16.0, kindEnumMember = 20.0

    func completion(_ params: LSP.PositionParams) -> JSON {
        guard let target = target(params.textDocument, at: params.position) else { return [] }
        let index = target.index
        let offset = target.offset
        // The word being typed: replaced by the chosen item.
        var replaced = SourceRange.at(offset)
        var prefix = ""
        if let tokenIndex = index.tokenIndex(at: offset), offset > index.tokens[tokenIndex].range.start,
           [.identifier, .atName].contains(index.tokens[tokenIndex].kind) {
            replaced = SourceRange(index.tokens[tokenIndex].range.start, offset)
            prefix = index.text(replaced)
        }
        var items: [JSON] = []
        func add(_ label: String, kind: Double, detail: String? = nil, documentation: String? = nil) {
            guard prefix.isEmpty || label.hasPrefix(prefix) else { return }
            var item: [String: JSON] = ["label": .string(label), "kind": .number(kind),
                                        "textEdit": .object(["range": target.text.json(replaced, encoding: encoding), "newText": .string(label)])]
            if let detail { item["detail"] = .string(detail) }
            if let documentation { item["documentation"] = .string(documentation) }
            items.append(.object(item))
        }
        let place = completionPlace(at: offset, in: index)
        switch place {
        case .condition(let words):
            (prefix, replaced) = Self.conditionWord(at: offset, in: index)
            if let last = words.last, ["=", "!=", "<", "<=", ">", ">="].contains(last), words.count >= 2 {
                for value in LanguageCatalogue.conditionValues(for: words[words.count - 2]) { add(value, kind: Self.kindEnumMember) }
            } else {
                for subject in LanguageCatalogue.conditionSubjects { add(subject, kind: Self.kindKeyword) }
                for word in ConditionVocabulary.operators { add(word, kind: Self.kindKeyword) }
            }
        case .states:
            for state in LanguageCatalogue.controlStates { add(state, kind: Self.kindEnumMember) }
        case .includeSelectors:
            var selectors = Set<String>()
            for file in target.result.files { for (selector, _) in indexes.index(file).rules { selectors.insert(selector) } }
            for selector in selectors.sorted() { add(selector, kind: Self.kindClass) }
        case .value:
            // The cases of the key's enumeration first: what the key takes.
            let schema = target.result.viewSchema
            if let className = schemaClass(at: offset, in: index, schema: schema),
               let key = declarationKey(before: replaced.start, in: index),
               let (property, _, _) = schemaProperty(key, of: className, schema: schema) {
                for (word, detail) in Self.cases(of: property, in: schema) { add(word, kind: Self.kindEnumMember, detail: detail) }
            }
            addVariables(target.result, add: add)
            for function in LanguageCatalogue.functions {
                add(function.name, kind: Self.kindFunction, detail: function.signatures[0], documentation: function.summary)
            }
            for name in LanguageCatalogue.colorNames {
                add(name, kind: Self.kindColor, documentation: LanguageCatalogue.color(named: name).map { $0.hex })
            }
            for keyword in LanguageCatalogue.valueKeywords { add(keyword, kind: Self.kindValue) }
        case .selector:
            // A step: the classes of the schema and the `@view` declarations, and
            // the classes and traits the stylesheet's selectors name.
            var names = Set(target.result.viewSchema.classes.keys)
            for file in target.result.files {
                let syntax = indexes.index(file).syntax
                for item in syntax.items {
                    guard case .rule(let rule) = item else { continue }
                    let steps = syntax.contextSteps[Int(rule.contextRange.lowerBound)..<Int(rule.contextRange.upperBound)].map(\.selector)
                    for selector in steps + [rule.selector] {
                        for part in [selector.className, selector.trait].compactMap({ $0 }) { names.insert(syntax.text(part)) }
                    }
                }
            }
            for name in names.sorted() { add(name, kind: Self.kindClass) }
        case .key:
            for directive in LanguageCatalogue.directives { add(directive, kind: Self.kindKeyword) }
            // A rule for a known class: its keys and its superclasses', with
            // their types and UIKit names (others would be warned about).
            let schema = target.result.viewSchema
            if let className = schemaClass(at: offset, in: index, schema: schema) {
                var offered = Set<String>()
                for (key, detail, note) in keyCompletions(for: prefix, in: className, schema: schema) where offered.insert(key).inserted {
                    add(key, kind: Self.kindProperty, detail: detail, documentation: note)
                }
                break
            }
            // Any other rule: the keys the stylesheet uses.
            var keys = Set<String>()
            for file in target.result.files {
                let syntax = indexes.index(file).syntax
                for id in 0..<Int32(syntax.keys.count) { keys.insert(syntax.keys.string(of: id)) }
            }
            for key in keys.subtracting(LanguageCatalogue.directives).sorted() where !key.isEmpty {
                add(key, kind: Self.kindProperty, detail: LanguageCatalogue.keyPath(of: key))
            }
        case .other:
            if prefix.hasPrefix("@") { addVariables(target.result, add: add) }
        }
        return .object(["isIncomplete": .bool(false), "items": .array(items)])
    }

    private func addVariables(_ result: CompileResult, add: (String, Double, String?, String?) -> Void) {
        for name in result.variableDefinitions.keys.sorted() {
            switch result.variables[name] {
            case .color(let color)?: add("@" + name, Self.kindColor, color.hex, color.hex)
            case let value?: add("@" + name, Self.kindVariable, value.stylesheetSpelling, nil)
            case nil: add("@" + name, Self.kindVariable, nil, nil)
            }
        }
    }

    /// Decides the place from the tokens before the cursor.
    func completionPlace(at offset: Int, in index: SourceIndex) -> CompletionPlace {
        let tokens = index.tokens
        if let inside = index.tokenIndex(at: offset), tokens[inside].kind == .string || tokens[inside].kind == .unterminatedString,
           offset > tokens[inside].range.start, offset < tokens[inside].range.end || tokens[inside].kind == .unterminatedString {
            let string = tokens[inside]
            let before = index.text(SourceRange(string.range.start + 1, offset))
            return isConditionString(inside, in: index) ? .condition(previousWords: Self.conditionWords(before)) : .other
        }
        guard var position = index.tokenIndex(before: offset) else { return .other }
        // The token being typed belongs to the place it stands in.
        if tokens[position].range.end == offset && [.identifier, .atName].contains(tokens[position].kind) {
            guard position > 0 else { return .other }
            position -= 1
        }
        var nesting = 0
        var sawColon = false
        var sawComma = false
        while position >= 0 {
            let token = tokens[position]
            switch token.kind {
            case .rightParen: nesting += 1
            case .leftParen: nesting -= 1
            case .rightBracket where nesting == 0 && !sawColon: return .other
            case .leftBracket where nesting == 0 && !sawColon: return .states
            case .comma where nesting == 0: sawComma = true
            case .colon where nesting == 0:
                // `@name:` defines a variable; `key:` starts a value (or it
                // is the `Class:trait` of a selector, outside any `{`).
                if position > 0 && tokens[position - 1].kind == .atName { return .value }
                if position > 0, tokens[position - 1].kind == .identifier || tokens[position - 1].kind == .rightBracket {
                    let key = tokens[position - 1].kind == .identifier ? index.text(tokens[position - 1]) : ""
                    if key == "__include" || key == "include" { return .includeSelectors }
                    if isInsideBlock(before: position, in: index) { return .value }
                }
                sawColon = true
            case .equals where nesting == 0: return .value
            case .leftBrace, .rightBrace, .semicolon:
                if nesting > 0 { break }
                if sawColon || sawComma { return .other }
                if token.kind == .leftBrace { return position > 0 && tokens[position - 1].kind == .atName ? .other : .key }
                if isInsideBlock(before: position + 1, in: index) { return .key }
                return sawComma ? .other : .selector
            case .atName where nesting == 0 && !sawColon: return .other
            default: break
            }
            position -= 1
        }
        return sawComma ? .other : .selector
    }

    /// Whether token `end` stands inside a rule's `{ }`: an unmatched `{` comes before it.
    private func isInsideBlock(before end: Int, in index: SourceIndex) -> Bool {
        var depth = 0
        var position = end - 1
        while position >= 0 {
            switch index.tokens[position].kind {
            case .rightBrace: depth += 1
            case .leftBrace:
                if depth == 0 { return !(position > 0 && index.tokens[position - 1].kind == .atName) }
                depth -= 1
            default: break
            }
            position -= 1
        }
        return false
    }

    /// Whether the string token `tokenIndex` is a condition: the value of
    /// `__condition` (or `condition`), or the argument of `condition(...)`.
    private func isConditionString(_ tokenIndex: Int, in index: SourceIndex) -> Bool {
        let tokens = index.tokens
        guard tokenIndex >= 2 else { return false }
        let before = tokens[tokenIndex - 1], name = tokens[tokenIndex - 2]
        guard name.kind == .identifier else { return false }
        let word = index.text(name)
        if before.kind == .colon { return word == "__condition" || word == "condition" }
        return before.kind == .leftParen && word == "condition"
    }

    /// The words and operators of a condition's text, up to the cursor;
    /// the last one left out when the cursor is still in it.
    static func conditionWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var operatorText = ""
        func flush() {
            if !current.isEmpty { words.append(current) }
            if !operatorText.isEmpty { words.append(operatorText) }
            current = ""
            operatorText = ""
        }
        for character in text {
            if character.isLetter || character.isNumber || character == "-" || character == "_" || character == "?" {
                if !operatorText.isEmpty { flush() }
                current.append(character)
            } else if "=!<>".contains(character) {
                if !current.isEmpty { flush() }
                operatorText.append(character)
            } else {
                flush()
            }
        }
        if !operatorText.isEmpty { flush() }  // `idiom =|`: the operator is complete
        return words
    }

    /// The word of a condition the cursor is in, and its range.
    static func conditionWord(at offset: Int, in index: SourceIndex) -> (String, SourceRange) {
        var start = offset
        while start > 0 {
            let byte = index.bytes[start - 1]
            guard Lexer.isIdentifierCharacter(byte) || byte == UInt8(ascii: "-") else { break }
            start -= 1
        }
        let range = SourceRange(start, offset)
        return (index.text(range), range)
    }
}
