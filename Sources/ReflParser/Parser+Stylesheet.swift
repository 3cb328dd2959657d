import ReflLexer

extension Parser {
    /// stylesheet = { topLevelItem } EOF ;
    mutating func parseStylesheet() {
        while !at(.endOfFile) && current.range.start < stopOffset {
            let before = current.range.start
            parseTopLevelItem()
            if current.range.start == before && !at(.endOfFile) { advance() }  // always make progress
        }
    }

    /// topLevelItem = importStatement | viewDeclaration | namespace | variableDefinition | rule | ";" ;
    mutating func parseTopLevelItem() {
        switch current.kind {
        case .atName:
            if spells(current.range, "@import") {
                if let item = parseImportStatement() { syntax.items.append(.importStatement(item)) }
            } else if spells(current.range, "@view") && lookahead.kind == .identifier {
                if let declaration = parseViewDeclaration() { syntax.items.append(.viewDeclaration(declaration)) }
            } else if lookahead.kind == .leftBrace && !ParserMessages.isCSSBlockAtRule(file.text(current.range)) {
                syntax.items.append(.namespace(parseNamespace()))
            } else if lookahead.kind == .colon || lookahead.kind == .equals {
                if let variable = parseVariableDefinition(inBlock: false) { syntax.items.append(.variable(variable)) }
            } else if let message = ParserMessages.foreignAtRule(file.text(current.range)) {
                error(message, at: current.range)
                recoverAtTopLevel()
            } else {
                let name = advance()
                error(ParserMessages.expected("'{', ':' or '='", after: "'\(file.text(name.range))'", found: found),
                      at: current.range)
                recoverAtTopLevel()
            }
        case .identifier:
            if let rule = parseRule() { syntax.items.append(.rule(rule)) }
        case .dot, .hash, .ampersand:
            parseForeignRule()
        case .semicolon:
            advance()  // an empty statement, as CSS allows
        case .rightBrace:
            error(ParserMessages.unexpectedCloseBrace(), at: current.range)
            advance()
        default:
            error(ParserMessages.expectedTopLevelItem(found: found), at: current.range)
            recoverAtTopLevel()
        }
    }

    /// importStatement = "@import" ( STRING | "url" "(" STRING ")" | tokenImport ) ";" ;
    mutating func parseImportStatement() -> ImportStatement? {
        let keyword = advance()
        if at(word: "tokens") && lookahead.kind == .leftParen { return parseTokenImport(keyword) }
        var path: Token?
        if at(.string) || at(.unterminatedString) {
            path = advance()
        } else if at(word: "url") && lookahead.kind == .leftParen {
            advance()
            let open = advance()
            if at(.string) || at(.unterminatedString) {
                path = advance()
                if eat(.rightParen) == nil {
                    error(ParserMessages.expected("')'", after: "the import path", found: found), at: current.range,
                          notes: [matchNote(open)])
                }
            }
        }
        guard let path else {
            error(ParserMessages.unknownImportForm(found: found), at: current.range)
            recoverAtTopLevel()
            return nil
        }
        expectStatementEnd(after: "'@import'")
        return ImportStatement(range: SourceRange(keyword.range.start, previousEnd), path: path.range)
    }

    /// tokenImport = "tokens" "(" STRING { "," ( "light" | "dark" ) ":" STRING } ")" ;
    private mutating func parseTokenImport(_ keyword: Token) -> ImportStatement? {
        advance()
        let open = advance()
        guard at(.string) || at(.unterminatedString) else {
            error(ParserMessages.expected("a quoted path to a design-token file", after: "'tokens('", found: found),
                  at: current.range)
            recoverAtTopLevel()
            return nil
        }
        let path = advance()
        var modes: [(name: SourceRange, path: SourceRange)] = []
        while eat(.comma) != nil {
            guard at(word: "light") || at(word: "dark") else {
                error(ParserMessages.unknownTokenMode(found: found), at: current.range)
                recoverAtTopLevel()
                return nil
            }
            let name = advance()
            guard eat(.colon) != nil, at(.string) || at(.unterminatedString) else {
                error(ParserMessages.expected("':' and a quoted path", after: "'\(file.text(name.range))'", found: found),
                      at: current.range)
                recoverAtTopLevel()
                return nil
            }
            if modes.contains(where: { spells($0.name, "light") == spells(name.range, "light") }) {
                error(ParserMessages.tokenModeTwice(file.text(name.range)), at: name.range)
            }
            modes.append((name.range, advance().range))
        }
        if eat(.rightParen) == nil {
            error(ParserMessages.expected("')'", after: "the design-token files", found: found), at: current.range,
                  notes: [matchNote(open)])
            recoverAtTopLevel()
            return nil
        }
        expectStatementEnd(after: "'@import'")
        return ImportStatement(range: SourceRange(keyword.range.start, previousEnd), path: path.range,
                               isTokens: true, modes: modes)
    }

    /// namespace = AT_NAME "{" { variableDefinition } "}" ;
    mutating func parseNamespace() -> Namespace {
        let name = advance()
        let open = advance()
        var variables: [VariableDefinition] = []
        while !at(.rightBrace) && !at(.endOfFile) {
            let before = current.range.start
            if at(.atName) && (lookahead.kind == .colon || lookahead.kind == .equals) {
                if let variable = parseVariableDefinition(inBlock: true) { variables.append(variable) }
            } else if at(.identifier) && lookahead.kind == .leftBrace && current.isAtLineStart {
                break  // a rule: the namespace's '}' is missing
            } else {
                error(ParserMessages.namespaceItem(found: found), at: current.range)
                recoverInBlock()
            }
            if current.range.start == before && !at(.endOfFile) && !at(.rightBrace) { advance() }
        }
        expectBlockEnd(open: open, what: "namespace")
        return Namespace(range: SourceRange(name.range.start, previousEnd), name: name.range, variables: variables)
    }

    /// variableDefinition = AT_NAME ( ":" | "=" ) valueList [ "!important" ] ";" ;
    ///
    /// `!important` is parsed only to be reported: it has no meaning here.
    mutating func parseVariableDefinition(inBlock: Bool) -> VariableDefinition? {
        let name = advance()
        if name.range.count == 1 { error(ParserMessages.emptyAtName(), at: name.range) }
        advance()  // ':' or '='
        let value = parseValueList(for: name, conditionContext: false)
        if let important = eat(.important) {
            error(ParserMessages.importantOnVariable(), at: important.range)
        }
        if inBlock { expectDeclarationEnd(after: "variable definition") } else { expectStatementEnd(after: "variable definition") }
        return VariableDefinition(range: SourceRange(name.range.start, previousEnd), name: name.range, value: value)
    }

    /// rule = contextSelector "{" { declaration } "}" ;
    mutating func parseRule() -> Rule? {
        let start = current.range.start
        let contextStart = Int32(syntax.contextSteps.count)
        var (selector, isValid) = parseContextSelector()
        let contextRange = contextStart..<Int32(syntax.contextSteps.count)
        if at(.comma) {
            error(ParserMessages.multipleSelectors(), at: current.range)
            isValid = false
            skipToBlock()
        } else if let message = combinatorMessage(after: selector) {
            error(message, at: current.range)
            isValid = false
            skipToBlock()
        }
        guard at(.leftBrace) else {
            error(ParserMessages.expected("'{'", after: "selector", found: found), at: current.range)
            recoverAtTopLevel()
            return nil
        }
        let declarations = parseDeclarationBlock(inWhereRule: selector.hasWhere)
        return Rule(range: SourceRange(start, previousEnd), selector: selector, declarationRange: declarations,
                    isValid: isValid, contextRange: contextRange)
    }

    /// viewDeclaration = "@view" IDENTIFIER [ ":" IDENTIFIER ] "{" { viewProperty } "}" ;
    /// viewProperty = IDENTIFIER ":" type ";" ;
    mutating func parseViewDeclaration() -> ViewDeclaration? {
        let keyword = advance()
        let name = advance()
        var superclass: SourceRange?
        if eat(.colon) != nil {
            guard at(.identifier) else {
                error(ParserMessages.expected("a superclass name", after: "':'", found: found), at: current.range)
                recoverAtTopLevel()
                return nil
            }
            superclass = advance().range
        }
        guard at(.leftBrace) else {
            error(ParserMessages.expected("'{'", after: "the class of '@view'", found: found), at: current.range)
            recoverAtTopLevel()
            return nil
        }
        let open = advance()
        var properties: [ViewPropertyDeclaration] = []
        while !at(.rightBrace) && !at(.endOfFile) {
            let before = current.range.start
            if at(.identifier) && lookahead.kind == .colon {
                let key = advance()
                advance()  // ':'
                let typeStart = current.range.start
                if parseTypeExpression(depth: 0) {
                    properties.append(ViewPropertyDeclaration(range: SourceRange(key.range.start, previousEnd), key: key.range,
                                                              type: SourceRange(typeStart, previousEnd)))
                    expectDeclarationEnd()
                } else {
                    recoverInBlock()
                }
            } else {
                error(ParserMessages.expected("'KEY: TYPE;'", after: "'@view \(file.text(name.range))'", found: found),
                      at: current.range)
                recoverInBlock()
            }
            if current.range.start == before && !at(.endOfFile) && !at(.rightBrace) { advance() }
        }
        expectBlockEnd(open: open, what: "'@view' declaration")
        return ViewDeclaration(range: SourceRange(keyword.range.start, previousEnd), name: name.range, superclass: superclass,
                               properties: properties)
    }

    /// type = IDENTIFIER [ "(" type { "," type } ")" ] ;   (`color`, `enum(a, b)`, `per-state(color)`)
    private mutating func parseTypeExpression(depth: Int) -> Bool {
        guard at(.identifier) else {
            error(ParserMessages.expected("a type such as 'color' or 'enum(a, b)'", after: "':'", found: found), at: current.range)
            return false
        }
        advance()
        guard at(.leftParen) else { return true }
        let open = advance()
        if depth >= 8 {
            error(ParserMessages.nestingTooDeep(limit: 8), at: open.range)
            return false
        }
        repeat {
            guard parseTypeExpression(depth: depth + 1) else { return false }
        } while eat(.comma) != nil
        guard eat(.rightParen) != nil else {
            error(ParserMessages.expected("')'", after: "the type's arguments", found: found), at: current.range,
                  notes: [matchNote(open)])
            return false
        }
        return true
    }

    // MARK: - Statement ends

    /// `;` at the end of a top-level statement. When it is missing the error
    /// points where it belongs, with a fix-it to insert it.
    mutating func expectStatementEnd(after what: String) {
        if eat(.semicolon) != nil { return }
        // An unterminated string ran to the end of its line, swallowing the ';'
        // (already reported): the next line starts afresh.
        if previousKind == .unterminatedString && current.isAtLineStart { return }
        // A character the lexer reported is the one problem here (as in a block).
        if at(.invalidCharacter) || at(.invalidUTF8) {
            recoverAtTopLevel()
            return
        }
        error(ParserMessages.expected("';'", after: what, found: found, fixIt: FixIt(replacement: ";")),
              at: .at(previousEnd))
        if !current.isAtLineStart { recoverAtTopLevel() }
    }

    /// The `}` closing a block opened by `open`; at the end of the file, the
    /// error points there with a note at the `{`.
    mutating func expectBlockEnd(open: Token, what: String) {
        if eat(.rightBrace) != nil { return }
        // A string left open inside the block ran to the end of its line over
        // the '}' (`a: 'x; }`): the lexer's report of it is the one error.
        if swallowedBrace > open.range.start { return }
        let message = at(.endOfFile)
            ? ParserMessages.unterminatedBlock(what)
            : ParserMessages.expected("'}'", after: "the \(what)", found: found, fixIt: FixIt(replacement: "}"))
        error(message, at: .at(previousEnd), notes: [matchNote(open)])
    }
}
