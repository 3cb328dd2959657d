import ReflLexer

/// Parses the condition language inside a string literal (Grammar.md,
/// "Conditions"), one function per production:
///
///     condition   = disjunction ;
///     disjunction = conjunction { "or" conjunction } ;
///     conjunction = negation { "and" negation } ;
///     negation    = "not" negation | "(" disjunction ")" | term ;
///
/// `not` binds tightest, then `and`, then `or`. It reads the literal's bytes
/// in place, so every diagnostic points at the offending word inside the
/// string. After an error in a term it skips to the next `and`, `or` or
/// `)`, so each bad term is reported. Parentheses and `not` nest at most
/// `Parser.maximumNesting` levels in the text, and the condition's tree
/// (each `not`, each chain of `and` or `or`, the terms) as many: deeper is
/// one error, and the rest of the string is skipped (so a hostile condition
/// costs linear time and bounded stack, and every table form holds it).
public struct ConditionParser {
    var scanner: ConditionScanner
    let file: SourceFile
    /// The token being looked at.
    var current: ConditionToken
    /// The token consumed last.
    var previous = ConditionToken(kind: .end, range: SourceRange(0, 0))
    var diagnostics: [Diagnostic] = []
    var isValid = true
    /// How many `(` and `not` enclose the current position.
    var nesting = 0
    /// Set once the nesting limit is crossed: everything after is skipped.
    var isAbandoned = false

    /// Parses the string literal at `literal` (quotes included).
    public static func parse(file: SourceFile, literal: SourceRange) -> (ConditionSyntax, [Diagnostic]) {
        var parser = ConditionParser(file: file, literal: literal)
        let root = parser.parseCondition(literal: literal)
        return (ConditionSyntax(range: literal, root: root, isValid: parser.isValid), parser.diagnostics)
    }

    private init(file: SourceFile, literal: SourceRange) {
        self.file = file
        scanner = ConditionScanner(bytes: file.bytes, start: literal.start + 1, end: max(literal.start + 1, literal.end - 1))
        current = scanner.next()
    }

    // MARK: - Verbs

    mutating func advance() {
        previous = current
        current = scanner.next()
    }

    func text(_ token: ConditionToken) -> String { file.text(token.range) }

    /// Whether `token` spells `text` (compared as bytes: no String is made).
    func spells(_ token: ConditionToken, _ text: StaticString) -> Bool {
        file.range(token.range, equals: text)
    }

    /// Whether the current token is the word `word`.
    func at(word: StaticString) -> Bool { current.kind == .word && spells(current, word) }

    var atEnd: Bool { current.kind == .end }

    func describe(_ token: ConditionToken) -> String {
        token.kind == .end ? "end of condition" : "'\(text(token))'"
    }

    /// Reports a problem, unless one was already reported at the same place.
    mutating func report(_ message: Message, _ range: SourceRange) {
        isValid = false
        guard diagnostics.last?.range.start != range.start else { return }
        diagnostics.append(Diagnostic(message, file: file, range: range))
    }

    // MARK: - Productions

    /// condition = disjunction ;
    private mutating func parseCondition(literal: SourceRange) -> ConditionNode? {
        if atEnd {
            report(ParserMessages.emptyCondition(), literal)
            return nil
        }
        return parseDisjunction()
    }

    /// disjunction = conjunction { "or" conjunction } ;
    mutating func parseDisjunction() -> ConditionNode? {
        let first = parseConjunction()
        // Most conditions have no `or`: no list of operands for them.
        guard !isAbandoned, at(word: "or") || (current.kind == .op && spells(current, "||")) else { return first }
        var operands: [ConditionNode] = []
        if let first { operands.append(first) }
        while !isAbandoned, let joiner = eatJoiner(word: "or", symbol: "||") {
            if let missing = missingOperand(after: joiner.description) {
                report(missing, current.range)
                // `or and x`: the `and` has no left operand either; x is still checked.
                guard at(word: "and") || (current.kind == .op && spells(current, "&&")) else { continue }
                advance()
            }
            if let next = parseConjunction() { operands.append(next) }
        }
        return bounded(Self.chain(.any, operands))
    }

    /// conjunction = negation { "and" negation } ;
    mutating func parseConjunction() -> ConditionNode? {
        let first = parseNegation()
        // No list for a single operand (a `)` closes a group; at the top it is stray).
        if atEnd || (current.kind == .rightParen && nesting > 0) || isAbandoned { return first }
        var operands: [ConditionNode] = []
        operands.reserveCapacity(4)  // grown from empty, the list was allocated three times for three terms
        if let first { operands.append(first) }
        while !isAbandoned {
            if let joiner = eatJoiner(word: "and", symbol: "&&") {
                if let missing = missingOperand(after: joiner.description) {
                    report(missing, current.range)
                    continue
                }
                if let next = parseNegation() { operands.append(next) }
            } else if !skipStrayToken() {
                break
            }
        }
        return bounded(Self.chain(.all, operands))
    }

    /// negation = "not" negation | "(" disjunction ")" | term ;
    mutating func parseNegation() -> ConditionNode? {
        let isNot = at(word: "not") || (current.kind == .op && spells(current, "!"))
        guard isNot || current.kind == .leftParen else { return parseTerm() }
        let opener = current
        if isNot && opener.kind == .op {
            report(ParserMessages.conditionSymbol("!", word: "not"), opener.range)
        }
        guard enterNesting(at: opener) else { return nil }
        defer { nesting -= 1 }
        advance()
        if isNot {
            if let missing = missingOperand(after: text(opener)) {
                report(missing, current.range)
                return nil
            }
            guard let operand = parseNegation() else { return nil }
            return bounded(ConditionNode(kind: .not, range: opener.range.union(operand.range), children: [operand]))
        }
        let inner = parseDisjunction()
        if current.kind == .rightParen {
            advance()
        } else if !isAbandoned {
            report(ParserMessages.unbalancedConditionParenthesis(found: describe(current)), opener.range)
        }
        return inner
    }

    // MARK: - Joining

    /// Consumes `and` (or `or`) and returns how it was written; `&&` (`||`)
    /// is reported with a fix-it and read as the word.
    private mutating func eatJoiner(word: StaticString, symbol: StaticString) -> StaticString? {
        if at(word: word) {
            advance()
            return word
        }
        guard current.kind == .op, spells(current, symbol) else { return nil }
        var message = ParserMessages.conditionSymbol(symbol.description, word: word.description)
        message.fixIt = FixIt(replacement: word.description)
        report(message, current.range)
        advance()
        return word
    }

    /// The error when no operand follows `joiner` (at the end, `)`, `and`,
    /// `or`), made only when one is missing (the joiner's text is read only then).
    private func missingOperand(after joiner: @autoclosure () -> String) -> Message? {
        let isMissing = atEnd || current.kind == .rightParen || at(word: "and") || at(word: "or")
            || (current.kind == .op && (spells(current, "&&") || spells(current, "||")))
        return isMissing ? ParserMessages.conditionExpected("a condition", after: joiner(), found: describe(current)) : nil
    }

    /// After an operand, what is neither `and`, `or`, `)` nor the end is
    /// reported and skipped up to the next of those; a `)` with no `(` open
    /// is reported and skipped too. Returns whether anything was skipped.
    private mutating func skipStrayToken() -> Bool {
        switch current.kind {
        case .end:
            return false
        case .rightParen:
            guard nesting == 0 else { return false }
            report(ParserMessages.unmatchedConditionParenthesis(), current.range)
            advance()
            return true
        default:
            if at(word: "or") || (current.kind == .op && spells(current, "||")) { return false }
            report(ParserMessages.conditionJoiner(found: describe(current)), current.range)
            skipOperand()
            return true
        }
    }

    /// After an error: up to (not including) the next `and`, `or` or `)`
    /// outside the parentheses skipped on the way.
    mutating func skipOperand() {
        var depth = 0
        while !atEnd {
            switch current.kind {
            case .leftParen: depth += 1
            case .rightParen:
                if depth == 0 { return }
                depth -= 1
            case .word where depth == 0 && (spells(current, "and") || spells(current, "or")):
                return
            case .op where depth == 0 && (spells(current, "&&") || spells(current, "||")):
                return
            default: break
            }
            advance()
        }
    }

    /// One more level of `(` or `not`, or false (reported once) past the limit.
    private mutating func enterNesting(at token: ConditionToken) -> Bool {
        guard nesting < Parser.maximumNesting else {
            report(ParserMessages.conditionNestingTooDeep(limit: Parser.maximumNesting), token.range)
            isAbandoned = true
            while !atEnd { advance() }
            return false
        }
        nesting += 1
        return true
    }

    /// `node`, or nil (reported once) when its tree is deeper than the
    /// tables hold. Parentheses alone do not bound it: `a or b and (...)`
    /// puts two levels in each pair of them.
    private mutating func bounded(_ node: ConditionNode?) -> ConditionNode? {
        guard let node, node.depth > Parser.maximumNesting else { return node }
        // Past the limit of the text's nesting, the nodes built on the way
        // out are no more than what was read: reported already.
        guard !isAbandoned else { return nil }
        report(ParserMessages.conditionNestingTooDeep(limit: Parser.maximumNesting), node.range)
        isAbandoned = true
        while !atEnd { advance() }
        return nil
    }

    /// One operand stands bare; several make one `kind` node, with the
    /// operands of a nested node of the same kind (from parentheses) spliced in.
    static func chain(_ kind: ConditionNode.Kind, _ operands: [ConditionNode]) -> ConditionNode? {
        guard let first = operands.first else { return nil }
        if operands.count == 1 { return first }
        // Most chains splice nothing (their operands are terms): the list is then taken as it is.
        let splices = operands.contains { $0.kind.isChain(kind) }
        let children = splices ? operands.flatMap { $0.kind.isChain(kind) ? $0.children : [$0] } : operands
        return ConditionNode(kind: kind, range: first.range.union(operands.last!.range), children: children)
    }
}

/// A token of the condition language.
struct ConditionToken {
    enum Kind { case word, number, op, question, leftParen, rightParen, invalid, end }
    var kind: Kind
    var range: SourceRange
}

/// Splits the inside of a condition string into words, numbers, operators
/// and parentheses.
struct ConditionScanner {
    /// The file's bytes. The parser passes them to other functions from
    /// here, not from the file: the parse threads share the file, and each
    /// array taken from it counted a reference to the bytes, on a cache line
    /// the threads all write (a method of the file reading its own bytes
    /// counts nothing).
    let bytes: [UInt8]
    var position: Int
    let end: Int

    init(bytes: [UInt8], start: Int, end: Int) {
        self.bytes = bytes
        self.position = start
        self.end = end
    }

    mutating func next() -> ConditionToken {
        while position < end, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            position += 1
        }
        let start = position
        let kind = scan()
        return ConditionToken(kind: kind, range: SourceRange(start, position))
    }

    private mutating func scan() -> ConditionToken.Kind {
        guard position < end else { return .end }
        let byte = bytes[position]
        if Lexer.isIdentifierStart(byte) {
            while position < end, Lexer.isIdentifierCharacter(bytes[position]) { position += 1 }
            return .word
        }
        if isNumberStart() {
            position += 1
            while position < end, Lexer.isDigit(bytes[position]) || bytes[position] == UInt8(ascii: ".")
                || Lexer.isIdentifierStart(bytes[position]) { position += 1 }
            return .number
        }
        switch byte {
        case UInt8(ascii: "?"):
            position += 1
            return .question
        case UInt8(ascii: "("):
            position += 1
            return .leftParen
        case UInt8(ascii: ")"):
            position += 1
            return .rightParen
        default:
            break
        }
        if isOperatorByte(at: position) {
            while position < end, isOperatorByte(at: position) {
                position += bytes[position] >= 0x80 ? 3 : 1
            }
            return .op
        }
        position += min(end - position, UTF8Scalar.length(in: bytes, at: position) ?? 1)
        return .invalid
    }

    private func isNumberStart() -> Bool {
        let byte = bytes[position]
        if Lexer.isDigit(byte) { return true }
        let next = position + 1 < end ? bytes[position + 1] : 0
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") {
            return Lexer.isDigit(next) || (next == UInt8(ascii: ".") && position + 2 < end && Lexer.isDigit(bytes[position + 2]))
        }
        return false
    }

    /// `=`, `!`, `<`, `>`, `&`, `|`, and the one-character forms `≠`, `≤`, `≥`.
    private func isOperatorByte(at index: Int) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"):
            return true
        case 0xE2:
            // ≠ U+2260 (E2 89 A0), ≤ U+2264 (E2 89 A4), ≥ U+2265 (E2 89 A5)
            return index + 2 < end && bytes[index + 1] == 0x89
                && (bytes[index + 2] == 0xA0 || bytes[index + 2] == 0xA4 || bytes[index + 2] == 0xA5)
        default:
            return false
        }
    }
}

extension ConditionNode.Kind {
    /// Whether this is a chain of `kind` (`.all` or `.any`), whose operands
    /// a chain of the same kind takes in as its own.
    func isChain(_ kind: ConditionNode.Kind) -> Bool {
        switch (kind, self) {
        case (.all, .all), (.any, .any): return true
        default: return false
        }
    }
}
