import ReflLexer

extension Parser {
    /// declarationBlock = "{" { declaration | ";" } "}" ;
    ///
    /// The declarations go to the file's `declarations` (nested blocks are
    /// skipped, so a rule's are contiguous); returns their range. In a
    /// `:__where` rule, `condition:` is the old name of `__condition`.
    mutating func parseDeclarationBlock(inWhereRule: Bool) -> Range<Int32> {
        let open = advance()
        let first = Int32(syntax.declarations.count)
        while !at(.rightBrace) && !at(.endOfFile) {
            let before = current.range.start
            // A rule's selector and `{` at the start of an unindented line
            // (`Name {`, `Name:trait {`, `A > B {`): the '}' of this rule is
            // missing and a new rule starts; indented, or after something on
            // its line, it is a nested rule.
            if at(.identifier) && current.isAtLineStart && !isIndented(current) && lineStartsRule() { break }
            if !(at(.identifier) && lookahead.kind == .colon) {  // `name:`, the usual case, goes straight on
                if eat(.semicolon) != nil { continue }  // an empty declaration, as CSS allows
                if skipForeignInBlock() { continue }
            }
            if let declaration = parseDeclaration(inWhereRule: inWhereRule) { syntax.declarations.append(declaration) }
            if current.range.start == before && !at(.endOfFile) && !at(.rightBrace) { advance() }
        }
        expectBlockEnd(open: open, what: "rule")
        return first..<Int32(syntax.declarations.count)
    }

    /// Whether the line of the current token reads as a rule's start: a `{`
    /// comes before any `;` or `}` on it, and no `: ` (a declaration's
    /// colon) or comment does.
    private func lineStartsRule() -> Bool {
        var offset = current.range.start
        while offset < source.count {
            switch source[offset] {
            case UInt8(ascii: "{"): return true
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "/"): return false
            case UInt8(ascii: ":") where offset + 1 < source.count && (source[offset + 1] == UInt8(ascii: " ") || source[offset + 1] == UInt8(ascii: "\t")):
                return false
            default: offset += 1
            }
        }
        return false
    }

    /// Whether `token` has space or a tab before it on its line.
    func isIndented(_ token: Token) -> Bool {
        let start = token.range.start
        return start > 0 && (source[start - 1] == UInt8(ascii: " ") || source[start - 1] == UInt8(ascii: "\t"))
    }

    /// declaration = NAME [ stateList ] ":" ( includeList | valueList ) [ "!important" ] [ ";" ] ;
    ///
    /// The `;` may be left out before the `}` that closes the rule.
    mutating func parseDeclaration(inWhereRule: Bool) -> Declaration? {
        if at(.atName) && (lookahead.kind == .colon || lookahead.kind == .equals) {
            error(ParserMessages.variableInRule(), at: current.range)
            _ = parseVariableDefinition(inBlock: true)
            return nil
        }
        guard at(.identifier) else {
            error(ParserMessages.expected("a property name", found: found), at: current.range)
            recoverInBlock()
            return nil
        }
        let key = advance()
        let hasStateBracket = at(.leftBracket)
        let problemsBefore = diagnostics.count
        let states = hasStateBracket ? parseStateList() : .normal
        // A declaration whose states were not understood sets nothing: its
        // state is unknown, and counting it as `normal` would make a second
        // such declaration look like the same key set twice.
        let statesFailed = diagnostics.count > problemsBefore
        if at(.equals) {
            error(ParserMessages.expected("':'", after: "property name '\(file.text(key.range))'", found: found,
                                          fixIt: FixIt(replacement: ":")), at: current.range)
        } else if !at(.colon) {
            error(ParserMessages.expected("':'", after: "property name '\(file.text(key.range))'", found: found,
                                          fixIt: FixIt(replacement: ":")), at: current.range)
            recoverInBlock()
            return nil
        }
        advance()
        let value: DeclarationValue
        // `include:` and (in a `:__where` rule) `condition:` are the old
        // names of the directives; the compiler warns about them.
        if spells(key.range, "__include") || spells(key.range, "include") {
            let first = Int32(syntax.includeSelectors.count)
            parseIncludeList()
            syntax.includeLists.append(first..<Int32(syntax.includeSelectors.count))
            value = .include(IncludeListID(syntax.includeLists.count - 1))
        } else {
            let isCondition = spells(key.range, "__condition") || (inWhereRule && spells(key.range, "condition"))
            let id = parseValueList(for: key, conditionContext: isCondition)
            if statesFailed { syntax.values.replaceLast(from: id, with: .invalid, syntax.values[id].range) }
            value = .value(id)
        }
        let important = eat(.important)?.range
        if at(.bang) { reportMisspeltImportant() }
        expectDeclarationEnd()
        return Declaration(range: SourceRange(key.range.start, previousEnd),
                           keyID: recentKeys.intern(source, key.range.start..<key.range.end, in: &syntax.keys),
                           states: states, hasStateBracket: hasStateBracket, value: value, important: important)
    }

    /// A `!` that does not start `!important`: `!importnat` is one error
    /// (with a fix-it when the word is one edit away), and the word is skipped.
    mutating func reportMisspeltImportant() {
        let bang = advance()
        if at(.identifier) && spells(current.range, "important") {
            // `! /* why */ important`, or `important` on the next line: only spaces may stand between.
            let word = advance()
            error(ParserMessages.importantApart(), at: bang.range.union(word.range))
            return
        }
        guard at(.identifier), !current.isAtLineStart else {
            error(ParserMessages.expected("'important'", after: "'!'", found: found), at: bang.range)
            return
        }
        let word = advance()
        let written = file.text(word.range)
        let suggestion = Suggestions.closest(to: written, in: ["important"])
        error(ParserMessages.unknownBangWord(written, suggestion: suggestion), at: bang.range.union(word.range))
    }

    /// stateList = "[" NAME { "," NAME } "]" ;
    ///
    /// The control states a declaration is for: each once, `normal` only alone.
    mutating func parseStateList() -> ControlState {
        let open = advance()
        var states = ControlState.normal
        var normal: Token?
        var count = 0
        var comma: Token?  // before the current name
        repeat {
            guard at(.identifier) else {
                error(ParserMessages.expected("a control state", found: found), at: current.range)
                break
            }
            let word = advance()
            let name = file.text(word.range)
            if let state = ControlState.single(named: name) {
                count += 1
                if state == .normal {
                    normal = word
                } else if states.contains(state) {
                    var message = ParserMessages.repeatedState(name)
                    message.fixIt = FixIt(replacement: "", range: SourceRange(comma?.range.start ?? word.range.start, word.range.end))
                    error(message, at: word.range)
                }
                states.insert(state)
            } else {
                error(ParserMessages.unknownState(name, suggestion: Suggestions.closest(to: name, in: ControlState.names)),
                      at: word.range)
            }
            comma = eat(.comma)
        } while comma != nil
        if let normal, count > 1 { error(ParserMessages.normalWithOtherStates(), at: normal.range) }
        if eat(.rightBracket) == nil {
            error(ParserMessages.expected("']'", after: "the control states", found: found), at: current.range,
                  notes: [matchNote(open)])
            while !at(.rightBracket) && !at(.colon) && !at(.semicolon) && !at(.rightBrace) && !at(.endOfFile) { advance() }
            _ = eat(.rightBracket)
        }
        return states
    }

    /// includeList = contextSelector { "," contextSelector } ;
    ///
    /// The well-formed selectors go to the file's `includeSelectors`.
    mutating func parseIncludeList() {
        repeat {
            guard at(.identifier) else {
                error(ParserMessages.expected("a selector to include", found: found), at: current.range)
                return
            }
            // The steps of an included rule's context only name it: what is copied is its declarations.
            let steps = syntax.contextSteps.count
            let (selector, isValid) = parseContextSelector()
            syntax.contextSteps.removeSubrange(steps...)
            if isValid { syntax.includeSelectors.append(selector) }
        } while eat(.comma) != nil
    }

    /// The end of a declaration (or of a variable definition in a block,
    /// `what` then): `;`, or nothing before `}`. A missing `;` is reported
    /// where it belongs; when the next line starts a new declaration or
    /// variable definition, parsing simply goes on from there.
    mutating func expectDeclarationEnd(after what: String = "declaration") {
        // At the end of the file the block's missing '}' is the one error to report.
        if eat(.semicolon) != nil || at(.rightBrace) || at(.endOfFile) { return }
        if at(.leftBrace) {
            error(ParserMessages.nestedRule(), at: current.range)
            skipBalancedGroup()
            return
        }
        // An unterminated string ran to the end of its line, swallowing the ';'
        // (already reported): the next line starts afresh.
        if previousKind == .unterminatedString && current.isAtLineStart { return }
        // A character the lexer reported is the one problem here.
        if at(.invalidCharacter) || at(.invalidUTF8) {
            recoverInBlock()
            return
        }
        error(ParserMessages.expected("';'", after: what, found: found, fixIt: FixIt(replacement: ";")),
              at: .at(previousEnd))
        if !(current.isAtLineStart && (at(.identifier) || startsVariableDefinition)) { recoverInBlock() }
    }
}
