import ReflLexer

/// Constructs of LESS and CSS that the language does not have, reported by
/// name with the language's way to say the same, instead of as stray
/// characters: class and id selectors (`.button`, `#main`), mixin calls
/// (`.rounded();`), nested rules and `&`, descendant and child selectors,
/// `@media`. Each is one error; what follows is skipped as a whole (a rule
/// body is still checked, as for any rule whose header is broken).
extension Parser {
    /// At the top level: `.class { ... }`, `#id { ... }`, `&... { }` or a
    /// mixin call `.m();`.
    mutating func parseForeignRule() {
        let head = current
        if head.kind == .dot && lookahead.kind == .identifier && head.range.end == lookahead.range.start {
            let name = file.text(lookahead.range)
            if isMixinCall() {
                reportMixinCall()
                return
            }
            error(ParserMessages.classSelector(name), at: head.range.union(lookahead.range))
        } else if head.kind == .hash {
            error(ParserMessages.idSelector(String(file.text(head.range).dropFirst())), at: head.range)
        } else if head.kind == .ampersand {
            error(ParserMessages.nestedRule(), at: head.range)
        } else {
            error(ParserMessages.expectedTopLevelItem(found: found), at: current.range)
            recoverAtTopLevel()
            return
        }
        skipToBlock()
        guard at(.leftBrace) else {
            recoverAtTopLevel()
            return
        }
        // The body is checked, but the rule is not part of the table.
        let declarations = parseDeclarationBlock(inWhereRule: false)
        syntax.items.append(.rule(Rule(range: SourceRange(head.range.start, previousEnd), selector: Selector(range: head.range),
                                       declarationRange: declarations, isValid: false)))
    }

    /// Whether `.name` (the current token and the name after it) is called
    /// as a mixin: `.m();`, `.m;`, or `.m()` before `}` or the end.
    func isMixinCall() -> Bool {
        var probe = lexer  // positioned just after the name
        var next = probe.next()
        guard next.kind == .leftParen else { return next.kind == .semicolon }
        var depth = 1
        while depth > 0 {
            next = probe.next()
            switch next.kind {
            case .leftParen: depth += 1
            case .rightParen: depth -= 1
            case .endOfFile, .leftBrace, .rightBrace, .semicolon: return false
            default: break
            }
        }
        next = probe.next()
        return next.kind == .semicolon || next.kind == .rightBrace || next.kind == .endOfFile || next.kind == .important
    }

    /// `.m();` or `.m;`: one error with a fix-it to `__include: m;`; the
    /// call is skipped up to its `;`.
    mutating func reportMixinCall() {
        let dot = advance()
        let name = advance()
        if at(.leftParen) { skipBalancedGroup() }
        let end = at(.semicolon) ? current.range.end : previousEnd
        var message = ParserMessages.mixinCall(file.text(name.range))
        message.fixIt = FixIt(replacement: "__include: \(file.text(name.range));", range: SourceRange(dot.range.start, end))
        error(message, at: SourceRange(dot.range.start, previousEnd))
        _ = eat(.semicolon)
    }

    /// Inside a rule: a nested rule (`name {`, `.name {`, `&:hover {`) or a
    /// mixin call. Returns false when the current token starts neither.
    mutating func skipForeignInBlock() -> Bool {
        switch current.kind {
        case .dot where lookahead.kind == .identifier && current.range.end == lookahead.range.start:
            if isMixinCall() {
                reportMixinCall()
            } else {
                error(ParserMessages.nestedRule(), at: current.range.union(lookahead.range))
                skipNestedBlock()
            }
            return true
        case .ampersand, .greater, .tilde, .hash:
            error(ParserMessages.nestedRule(), at: current.range)
            skipNestedBlock()
            return true
        case .identifier where lookahead.kind == .leftBrace:
            error(ParserMessages.nestedRule(), at: current.range)
            skipNestedBlock()
            return true
        default:
            return false
        }
    }

    /// Skips a nested rule: its selector and its `{ ... }` block, whole.
    private mutating func skipNestedBlock() {
        while !at(.leftBrace) && !at(.rightBrace) && !at(.semicolon) && !at(.endOfFile) { advance() }
        if at(.leftBrace) { skipBalancedGroup() } else { _ = eat(.semicolon) }
    }

    /// After a selector: the error for what CSS writes there and the
    /// language does not have (`~` and `+` sibling selectors, `.class`,
    /// `#id`), or nil.
    func combinatorMessage(after selector: Selector) -> Message? {
        // The selector's text only for a message: this runs after every rule's selector.
        var written: String { file.text(selector.range) }
        switch current.kind {
        case .dot where lookahead.kind == .identifier:
            return ParserMessages.classSelector(file.text(lookahead.range))
        case .hash:
            return ParserMessages.idSelector(String(file.text(current.range).dropFirst()))
        case .tilde:
            return ParserMessages.combinator("sibling selectors", example: "\(written) ~ \(describeNext)")
        case .plus:
            return ParserMessages.combinator("adjacent sibling selectors", example: "\(written) + \(describeNext)")
        default:
            return nil
        }
    }

    /// The text of the token after the current one, for examples.
    private var describeNext: String { lookahead.kind == .identifier ? file.text(lookahead.range) : "..." }

    /// Skips to the `{` of a rule whose header is broken (or to a `;`, `}`
    /// or the end, where there is none).
    mutating func skipToBlock() {
        while !at(.leftBrace) && !at(.rightBrace) && !at(.semicolon) && !at(.endOfFile) { advance() }
    }
}
