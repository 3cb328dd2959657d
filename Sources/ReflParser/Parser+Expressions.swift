import ReflLexer

/// Arithmetic wherever a value stands: `@grid * 2`, `(@height - 4px) / 2`.
///
/// `-` is a name character (`@gap-2` is one variable) and a sign (`-2px`),
/// so it subtracts only after an operand with whitespace on both sides
/// (`@gap - 2`); `+`, `*` and `/` need none. Elsewhere `-` keeps its old
/// meaning: a sign, a unary minus before `@` or `(`, or the start of a name
/// (`-foo(x)` is a call named `-foo`). An operand followed by `-2` or
/// `- 2` without the spaces around is one error asking for them.
extension Parser {
    /// expression = term { ( "+" | "-" ) term } ;
    ///
    /// A chain of `+` and `-` is one `sum` node holding the terms with an
    /// `operator` node between each two (a single term stands as itself).
    /// Inlined for the common case, a plain value.
    @discardableResult @inline(__always)
    mutating func parseExpression(depth: Int, conditionContext: Bool) -> ValueID {
        let first = parseTerm(depth: depth, conditionContext: conditionContext)
        guard startsAdditiveOperator() else { return first }
        return parseSum(from: first, depth: depth, conditionContext: conditionContext)
    }

    /// The rest of an expression after its first term, when `+` or `-` follows.
    private mutating func parseSum(from first: ValueID, depth: Int, conditionContext: Bool) -> ValueID {
        syntax.values.insertParent(.sum, at: first)
        var termStart = syntax.values[first].range.start  // of the term before the operator
        while startsAdditiveOperator() {
            if let problem = misplacedMinus(afterTermAt: termStart) {
                error(problem.message, at: problem.range)
                return abandonExpression(from: first)
            }
            let token = advance()
            if token.kind == .number {
                // `@a+2`, `@a +2`: the lexer read a signed number; its sign is the operator.
                syntax.values.appendLeaf(.operator, SourceRange(token.range.start, token.range.start + 1))
                let operand = syntax.values.appendLeaf(.number, SourceRange(token.range.start + 1, token.range.end))
                termStart = token.range.start + 1
                parseTerm(depth: depth, conditionContext: conditionContext, first: operand)
            } else {
                syntax.values.appendLeaf(.operator, token.range)
                termStart = current.range.start
                parseOperand(after: token, depth: depth, conditionContext: conditionContext) {
                    $0.parseTerm(depth: depth, conditionContext: conditionContext)
                }
            }
        }
        syntax.values.endParent(first, end: previousEnd)
        return first
    }

    /// term = factor { ( "*" | "/" ) factor } ;
    ///
    /// `first`: a factor already parsed (the operand of a signed number).
    @discardableResult @inline(__always)
    mutating func parseTerm(depth: Int, conditionContext: Bool, first: ValueID? = nil) -> ValueID {
        let first = first ?? parseFactor(depth: depth, conditionContext: conditionContext)
        guard at(.star) || at(.slash) else { return first }
        return parseProduct(from: first, depth: depth, conditionContext: conditionContext)
    }

    /// The rest of a term after its first factor, when `*` or `/` follows.
    private mutating func parseProduct(from first: ValueID, depth: Int, conditionContext: Bool) -> ValueID {
        syntax.values.insertParent(.product, at: first)
        while at(.star) || at(.slash) {
            let token = advance()
            syntax.values.appendLeaf(.operator, token.range)
            parseOperand(after: token, depth: depth, conditionContext: conditionContext) {
                $0.parseFactor(depth: depth, conditionContext: conditionContext)
            }
        }
        syntax.values.endParent(first, end: previousEnd)
        return first
    }

    /// factor = "-" factor | "(" expression ")" | value ;
    ///
    /// Inlined for the common case, a plain value.
    @discardableResult @inline(__always)
    mutating func parseFactor(depth: Int, conditionContext: Bool) -> ValueID {
        guard at(.minus) || at(.leftParen) else { return parseValue(depth: depth, conditionContext: conditionContext) }
        return parseCompoundFactor(depth: depth, conditionContext: conditionContext)
    }

    /// `-factor` or `(expression)`.
    private mutating func parseCompoundFactor(depth: Int, conditionContext: Bool) -> ValueID {
        if depth > Self.maximumNesting { return parseValue(depth: depth, conditionContext: conditionContext) }  // reports
        let open = advance()
        if open.kind == .minus {
            let negation = syntax.values.beginParent(.negate, start: open.range.start)
            parseOperand(after: open, depth: depth, conditionContext: conditionContext) {
                $0.parseFactor(depth: depth + 1, conditionContext: conditionContext)
            }
            syntax.values.endParent(negation, end: previousEnd)
            return negation
        }
        let group = syntax.values.beginParent(.group, start: open.range.start)
        parseOperand(after: open, depth: depth, conditionContext: conditionContext) {
            $0.parseExpression(depth: depth + 1, conditionContext: conditionContext)
        }
        if eat(.rightParen) == nil {
            error(ParserMessages.expected("')'", after: "the expression", found: found), at: current.range, notes: [matchNote(open)])
        }
        syntax.values.endParent(group, end: previousEnd)
        return group
    }

    /// The operand after `token` (an operator, `-` or `(`), parsed by
    /// `parse`; where none can start, an error and an invalid node.
    private mutating func parseOperand(after token: Token, depth: Int, conditionContext: Bool, _ parse: (inout Parser) -> ValueID) {
        switch current.kind {
        case .semicolon, .rightBrace, .rightParen, .comma, .important, .endOfFile:
            error(ParserMessages.expected("a value", after: describe(token), found: found), at: current.range)
            syntax.values.appendLeaf(.invalid, .at(current.range.start))
        default:
            _ = parse(&self)
        }
    }

    /// Whether the current token continues an expression with `+` or `-`
    /// (a misplaced `-` included, to be reported). Inlined: a non-mutating
    /// method called from a mutating one would copy the whole parser.
    @inline(__always)
    private func startsAdditiveOperator() -> Bool {
        switch current.kind {
        case .plus, .minus: return true
        case .number, .identifier:
            let first = source[current.range.start]
            return first == UInt8(ascii: "+") && current.kind == .number || first == UInt8(ascii: "-")
        default: return false
        }
    }

    /// The error when the `-` after an operand lacks the whitespace on both
    /// sides that makes it subtract (`@a -2`, `8-2`, `@a -(1)`), with a
    /// fix-it that writes both spaces. With a space before the `-` it points
    /// at the `-` and its operand (`write '- 2'`); with none, at the term
    /// before it too (`write '8 - 2'`), so that the message, the caret and
    /// the fix-it show the same text at the same place.
    private func misplacedMinus(afterTermAt termStart: Int) -> (message: Message, range: SourceRange)? {
        let isSpacedMinus = at(.minus) && current.isPrecededBySpace && lookahead.isPrecededBySpace
        guard !isSpacedMinus, source[current.range.start] == UInt8(ascii: "-") else { return nil }
        let operand = at(.minus) ? lookahead.range : SourceRange(current.range.start + 1, current.range.end)
        var start = current.range.start
        var spaced = "- " + file.text(operand)
        if !current.isPrecededBySpace {
            // The term before, from where it starts on the line of the `-`.
            start = termStart
            for offset in stride(from: current.range.start - 1, through: termStart, by: -1)
            where source[offset] == UInt8(ascii: "\n") || source[offset] == UInt8(ascii: "\r") {
                start = offset + 1
                break
            }
            spaced = file.text(SourceRange(start, current.range.start)) + " " + spaced
        }
        let range = SourceRange(start, operand.end)
        let message = ParserMessages.unspacedMinus(file.text(range), spaced: spaced, afterValue: current.isPrecededBySpace)
        return (message, range)
    }

    /// After an error that makes the rest of an expression meaningless: skips
    /// to its end (a `,`, `;`, `}` or unmatched `)`) and leaves one invalid
    /// node in place of it, so the one error is all that is reported.
    private mutating func abandonExpression(from first: ValueID) -> ValueID {
        var depth = 0
        while !at(.endOfFile) && !at(.semicolon) && !at(.rightBrace) && !at(.important) && !(depth == 0 && (at(.comma) || at(.rightParen))) {
            if at(.leftParen) { depth += 1 }
            if at(.rightParen) { depth -= 1 }
            advance()
        }
        syntax.values.replaceLast(from: first, with: .invalid, SourceRange(syntax.values[first].range.start, previousEnd))
        return first
    }
}
