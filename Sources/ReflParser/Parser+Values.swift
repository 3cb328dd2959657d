import ReflLexer

extension Parser {
    /// valueList = expression { "," expression } ;
    ///
    /// A single value is stored as itself; two or more become a `list` node
    /// (used by comma-separated option sets: `flexible-width, flexible-height`).
    /// `name` is the property or variable the value belongs to, named in
    /// the message when the value is missing.
    mutating func parseValueList(for name: Token, conditionContext: Bool) -> ValueID {
        if at(.semicolon) || at(.rightBrace) || at(.important) || at(.endOfFile) {
            error(ParserMessages.expected("a value", after: "'\(file.text(name.range))'", found: found), at: current.range)
            return syntax.values.appendLeaf(.invalid, .at(current.range.start))
        }
        let first = parseExpression(depth: 1, conditionContext: conditionContext)
        if !conditionContext && startsAnotherValueOnTheLine { return parseSpaceSeparated(first, key: name) }
        guard at(.comma) || at(.pipe) else { return first }  // a single value stands as itself
        syntax.values.insertParent(.list, at: first)
        var reportedPipe = false
        while let separator = eat(.comma) ?? eat(.pipe) {
            // `flexible-width | flexible-height`, as in Swift: one error, read as ','.
            if separator.kind == .pipe && !reportedPipe {
                error(ParserMessages.pipeInList(), at: separator.range)
                reportedPipe = true
            }
            parseExpression(depth: 1, conditionContext: conditionContext)
        }
        syntax.values.endParent(first, end: previousEnd)
        // The `|` is the one error: what the list means is not checked further.
        if reportedPipe { syntax.values.replaceLast(from: first, with: .invalid, SourceRange(syntax.values[first].range.start, previousEnd)) }
        return first
    }

    /// Whether a value starts here, on the line of the one before: the
    /// space-separated values of CSS (`8pt 16pt`, `1pt solid red`). A name
    /// followed by `:` is the next declaration, its `;` missing.
    private var startsAnotherValueOnTheLine: Bool {
        guard !current.isAtLineStart else { return false }
        switch current.kind {
        case .number, .hash, .string, .atName: return true
        case .identifier: return lookahead.kind != .colon
        default: return false
        }
    }

    /// `8pt 16pt`: the values, read to the end of the sequence, are one
    /// error naming the form to write (`edge-insets(8pt, 16pt)`), with a
    /// fix-it where the form is certain; the declaration's value is invalid,
    /// so nothing else is reported about it.
    private mutating func parseSpaceSeparated(_ first: ValueID, key: Token) -> ValueID {
        var values = [file.text(syntax.values[first].range)]
        while startsAnotherValueOnTheLine {
            let next = parseExpression(depth: 1, conditionContext: false)
            values.append(file.text(syntax.values[next].range))
        }
        let range = SourceRange(syntax.values[first].range.start, previousEnd)
        var message = ParserMessages.spaceSeparated(key: file.text(key.range), values: values)
        if let fixIt = message.fixIt, spells(key.range, "box-shadow") {
            // CSS's key has no place here: the fix-it writes the shorthand's.
            message.fixIt = FixIt(replacement: "shadow: " + fixIt.replacement, range: key.range.union(range))
        }
        error(message, at: range)
        syntax.values.replaceLast(from: first, with: .invalid, range)
        return first
    }

    /// value = NUMBER | STRING | HASH | AT_NAME | call | NAME ;
    @discardableResult
    mutating func parseValue(depth: Int, conditionContext: Bool) -> ValueID {
        if depth > Self.maximumNesting {
            error(ParserMessages.nestingTooDeep(limit: Self.maximumNesting), at: current.range)
            let start = current.range.start
            // The whole of what is too deep is skipped: a call with its
            // arguments, a parenthesis with all it holds.
            if !at(.leftParen) { advance() }
            if at(.leftParen) { skipBalancedGroup() }
            return syntax.values.appendLeaf(.invalid, SourceRange(start, previousEnd))
        }
        switch current.kind {
        case .number:
            let number = advance()
            reportDetachedUnit(after: number)
            return syntax.values.appendLeaf(.number, number.range)
        case .string:
            let string = advance()
            if conditionContext { return appendCondition(string.range) }
            return syntax.values.appendLeaf(.string, string.range)
        case .unterminatedString:
            // Reported by the lexer: an invalid value, so that nothing checks it again.
            let string = advance()
            if source[string.range.start..<string.range.end].contains(UInt8(ascii: "}")) { swallowedBrace = string.range.start }
            return syntax.values.appendLeaf(.invalid, string.range)
        case .hash:
            return syntax.values.appendLeaf(.hash, advance().range)
        case .atName:
            let name = advance()
            if name.range.count == 1 { error(ParserMessages.emptyAtName(), at: name.range) }
            return syntax.values.appendLeaf(.variable, name.range)
        case .identifier:
            if lookahead.kind == .leftParen { return parseCall(depth: depth) }
            return syntax.values.appendLeaf(.identifier, advance().range)
        default:
            error(ParserMessages.expected("a value", found: found), at: current.range)
            return syntax.values.appendLeaf(.invalid, .at(current.range.start))
        }
    }

    /// call = NAME "(" [ argument { "," argument } ] ")" ;
    /// argument = [ NAME ":" ] expression { expression } ;
    ///
    /// Arguments nest to any depth up to `maximumNesting`. The string
    /// argument of `condition(...)` is parsed as a condition. An argument
    /// given by name (`font: font(body)`) is a `namedArgument` node; values
    /// separated by spaces (`blue 80%`, `to right`) are a `sequence`, in
    /// `linear-gradient(...)` only.
    mutating func parseCall(depth: Int) -> ValueID {
        let name = advance()
        let open = advance()
        let call = syntax.values.beginParent(.call, start: name.range.start, nameLength: name.range.count)
        let isCondition = spells(name.range, "condition")
        let takesSequences = spells(name.range, "linear-gradient")
        var reportedMissing = false
        if !at(.rightParen) {
            var isAfterComma = false
            repeat {
                if at(.comma) || at(.rightParen) || at(.semicolon) || at(.rightBrace) || at(.endOfFile) {
                    // The argument is missing, not the call's to count: an invalid
                    // leaf keeps `rgb(1, ;` from a second error about its arity,
                    // and one missing argument is reported per call (`f(,;`).
                    if !reportedMissing {
                        let expected = isAfterComma || at(.comma) ? "an argument" : "an argument or ')'"
                        error(ParserMessages.expected(expected, after: isAfterComma ? "','" : "'('", found: found), at: current.range)
                        reportedMissing = true
                    }
                    syntax.values.appendLeaf(.invalid, .at(current.range.start))
                    if !at(.comma) { break }
                    isAfterComma = true
                    continue
                }
                parseArgument(depth: depth + 1, conditionContext: isCondition, takesSequences: takesSequences, function: name)
                isAfterComma = true
            } while eat(.comma) != nil
        }
        if eat(.rightParen) == nil {
            // A call whose missing argument was reported gets no second error for its `)`.
            if !reportedMissing {
                let nameText = file.text(name.range)
                error(ParserMessages.expected("')'", after: "the arguments of '\(nameText)'", found: found), at: current.range,
                      notes: [matchNote(open)])
            }
            skipToCallEnd()
        }
        syntax.values.endParent(call, end: previousEnd)
        return call
    }

    /// One argument of a call: `expression`, `name: expression`, or (with
    /// `takesSequences`) expressions separated by spaces.
    private mutating func parseArgument(depth: Int, conditionContext: Bool, takesSequences: Bool, function: Token) {
        var named: ValueID?
        if at(.identifier) && lookahead.kind == .colon {
            let name = advance()
            named = syntax.values.beginParent(.namedArgument, start: name.range.start, nameLength: name.range.count)
            let colon = advance()
            if at(.comma) || at(.rightParen) || at(.semicolon) || at(.rightBrace) || at(.endOfFile) {
                error(ParserMessages.expected("a value", after: describe(colon), found: found), at: current.range)
                syntax.values.appendLeaf(.invalid, .at(current.range.start))
                syntax.values.endParent(named!, end: previousEnd)
                return
            }
        }
        let first = parseExpression(depth: depth, conditionContext: conditionContext)
        if startsAnotherArgumentValue && !conditionContext {
            syntax.values.insertParent(.sequence, at: first)
            var values = [file.text(syntax.values[first + 1].range)]
            while startsAnotherArgumentValue {
                let next = parseExpression(depth: depth, conditionContext: conditionContext)
                values.append(file.text(syntax.values[next].range))
            }
            syntax.values.endParent(first, end: previousEnd)
            if !takesSequences {
                // One error for the whole argument; the call is not read further.
                let range = SourceRange(syntax.values[first].range.start, previousEnd)
                error(ParserMessages.spaceSeparatedArguments(function: file.text(function.range), values: values), at: range)
                syntax.values.replaceLast(from: first, with: .invalid, range)
            }
        }
        if let named { syntax.values.endParent(named, end: previousEnd) }
    }

    /// Whether another value of the same argument starts here (`80%` after `blue`).
    private var startsAnotherArgumentValue: Bool {
        switch current.kind {
        case .number, .hash, .string, .atName, .identifier: return true
        default: return false
        }
    }

    /// After a broken argument list: past the `)` that closes it, or up to
    /// the `;` or `}` that ends the declaration.
    private mutating func skipToCallEnd() {
        var depth = 0
        while !at(.endOfFile) && !at(.semicolon) && !at(.rightBrace) {
            if at(.leftParen) { depth += 1 }
            if at(.rightParen) {
                if depth == 0 {
                    advance()
                    return
                }
                depth -= 1
            }
            advance()
        }
    }

    /// `12 px`: a unit written apart from its number.
    private mutating func reportDetachedUnit(after number: Token) {
        guard at(.identifier), current.isPrecededBySpace, !current.isAtLineStart else { return }
        let unit = file.text(current.range)
        guard ["px", "pt", "rad", "deg"].contains(unit) else { return }
        let numberText = file.text(number.range)
        var message = ParserMessages.unitNotAttached(unit, number: numberText)
        message.fixIt = FixIt(replacement: numberText + unit, range: number.range.union(current.range))
        error(message, at: number.range.union(current.range))
        advance()
    }

    /// Parses the string literal at `range` as a condition and stores it.
    private mutating func appendCondition(_ range: SourceRange) -> ValueID {
        let (condition, problems) = ConditionParser.parse(file: file, literal: range)
        for problem in problems { keep(problem) }
        syntax.conditions.append(condition)
        return syntax.values.appendLeaf(.condition, range, link: Int32(syntax.conditions.count - 1))
    }
}
