import ReflLexer

/// Parses the condition language inside a string literal:
///
///     condition = term { "and" term } ;
///     term      = "default" | "?" NAME
///               | ( "horizontal" | "vertical" ) equality ( "regular" | "compact" | "unspecified" )
///               | ( "width" | "height" ) comparison NUMBER [ "px" | "pt" ]
///               | "idiom" equality ( "phone" | "pad" | "tv" | "carplay" | "mac" | "unspecified" ) ;
///
/// It reads the literal's bytes in place, so every diagnostic points at the
/// offending word inside the string. After an error it skips to the next
/// `and`, so each bad term is reported.
public struct ConditionParser {
    private var scanner: ConditionScanner
    private let file: SourceFile
    private var diagnostics: [Diagnostic] = []
    private var isValid = true

    /// Parses the string literal at `literal` (quotes included).
    public static func parse(file: SourceFile, literal: SourceRange) -> (ConditionSyntax, [Diagnostic]) {
        var parser = ConditionParser(file: file, literal: literal)
        let terms = parser.parseCondition(literal: literal)
        return (ConditionSyntax(range: literal, terms: terms, isValid: parser.isValid), parser.diagnostics)
    }

    private init(file: SourceFile, literal: SourceRange) {
        self.file = file
        scanner = ConditionScanner(bytes: file.bytes, start: literal.start + 1, end: max(literal.start + 1, literal.end - 1))
    }

    private mutating func report(_ message: Message, _ range: SourceRange) {
        diagnostics.append(Diagnostic(message, file: file, range: range))
        isValid = false
    }

    private func text(_ token: ConditionToken) -> String { file.text(token.range) }

    private func describe(_ token: ConditionToken) -> String {
        token.kind == .end ? "end of condition" : "'\(text(token))'"
    }

    /// condition = term { "and" term } ;
    private mutating func parseCondition(literal: SourceRange) -> [ConditionTerm] {
        var terms: [ConditionTerm] = []
        var token = scanner.next()
        if token.kind == .end {
            report(ParserMessages.emptyCondition(), literal)
            return terms
        }
        while true {
            if let term = parseTerm(token) { terms.append(term) } else { skipToNextAnd() }
            var joiner = scanner.next()
            if joiner.kind != .end && !(joiner.kind == .word && text(joiner) == "and") {
                report(ParserMessages.conditionJoiner(found: describe(joiner)), joiner.range)
                skipToNextAnd()
                joiner = scanner.next()
            }
            if joiner.kind == .end { break }
            token = scanner.next()
            if token.kind == .end {
                report(ParserMessages.conditionExpected("a condition", after: "and", found: "end of condition"), token.range)
                break
            }
        }
        return terms
    }

    /// After an error: up to (not including) the next `and`.
    private mutating func skipToNextAnd() {
        while true {
            let saved = scanner
            let token = scanner.next()
            if token.kind == .end || (token.kind == .word && text(token) == "and") {
                scanner = saved
                return
            }
        }
    }

    /// term = "default" | "?" NAME | sizeClassTerm | sizeTerm | idiomTerm ;
    private mutating func parseTerm(_ first: ConditionToken) -> ConditionTerm? {
        switch first.kind {
        case .question:
            let name = scanner.next()
            guard name.kind == .word, name.range.start == first.range.end else {
                report(ParserMessages.conditionExpected("a name", after: "?", found: describe(name)), name.range)
                return nil
            }
            return ConditionTerm(range: first.range.union(name.range), test: .external(name: text(name)))
        case .word:
            break
        default:
            report(ParserMessages.conditionTermExpected(found: describe(first)), first.range)
            return nil
        }
        let subject = text(first)
        switch subject {
        case "default":
            return ConditionTerm(range: first.range, test: .always)
        case "horizontal", "vertical":
            guard let op = parseEquality(after: first, subject: "size classes"),
                  let value: SizeClass = parseKeyword(after: op.token) else { return nil }
            let axis = SizeClassAxis(rawValue: subject)!
            return ConditionTerm(range: first.range.union(scanner.lastRange),
                                 test: .sizeClass(axis: axis, op: op.op, value: value))
        case "idiom":
            guard let op = parseEquality(after: first, subject: "idioms"),
                  let value: Idiom = parseKeyword(after: op.token) else { return nil }
            return ConditionTerm(range: first.range.union(scanner.lastRange), test: .idiom(op: op.op, value: value))
        case "width", "height":
            guard let (op, opToken) = parseComparison(after: first), let value = parseSize(after: opToken) else { return nil }
            return ConditionTerm(range: first.range.union(scanner.lastRange),
                                 test: .size(dimension: Dimension(rawValue: subject)!, op: op, value: value))
        default:
            let subjects = ["width", "height", "horizontal", "vertical", "idiom", "default"]
            report(ParserMessages.unknownConditionSubject(subject, suggestion: Suggestions.closest(to: subject, in: subjects)),
                   first.range)
            return nil
        }
    }

    /// Any comparison operator, in every accepted spelling.
    private mutating func parseComparison(after subject: ConditionToken) -> (ComparisonOperator, ConditionToken)? {
        let token = scanner.next()
        guard token.kind == .op else {
            report(ParserMessages.conditionExpected("a comparison operator", after: text(subject), found: describe(token)),
                   token.range)
            return nil
        }
        guard let op = ComparisonOperator.parse(text(token)) else {
            report(ParserMessages.unknownConditionOperator(text(token)), token.range)
            return nil
        }
        return (op, token)
    }

    /// `=`, `==`, `!=` or `≠`; an ordering operator is reported as such.
    private mutating func parseEquality(after subject: ConditionToken, subject what: String) -> (op: EqualityOperator, token: ConditionToken)? {
        guard let (op, token) = parseComparison(after: subject) else { return nil }
        switch op {
        case .equal: return (.equal, token)
        case .notEqual: return (.notEqual, token)
        default:
            report(ParserMessages.orderingOnEquality(text(token), subject: what), token.range)
            return nil
        }
    }

    /// One of the cases of `Keyword`, by its exact (case-sensitive) name.
    private mutating func parseKeyword<Keyword: RawRepresentable & CaseIterable>(after op: ConditionToken) -> Keyword?
    where Keyword.RawValue == String {
        let token = scanner.next()
        let names = Keyword.allCases.map(\.rawValue)
        guard token.kind == .word else {
            let list = names.map { "'\($0)'" }.joined(separator: ", ")
            report(ParserMessages.conditionExpected("one of \(list)", after: text(op), found: describe(token)), token.range)
            return nil
        }
        let word = text(token)
        guard let value = Keyword(rawValue: word) else {
            report(ParserMessages.unknownConditionValue(word, expected: names, suggestion: Suggestions.closest(to: word, in: names)),
                   token.range)
            return nil
        }
        return value
    }

    /// NUMBER [ "px" | "pt" ].
    private mutating func parseSize(after op: ConditionToken) -> Double? {
        let token = scanner.next()
        guard token.kind == .number else {
            report(ParserMessages.conditionExpected("a number", after: text(op), found: describe(token)), token.range)
            return nil
        }
        let number = NumberLiteral.decode(file.bytes, token.range)
        if !number.unit.isEmpty && !file.range(number.unit, equals: "px") && !file.range(number.unit, equals: "pt") {
            report(ParserMessages.conditionUnit(file.text(number.unit)), number.unit)
            return nil
        }
        if number.problem != nil {
            report(ParserMessages.conditionNumber(text(token)), token.range)
            return nil
        }
        return number.value
    }
}

/// A token of the condition language.
struct ConditionToken {
    enum Kind { case word, number, op, question, invalid, end }
    var kind: Kind
    var range: SourceRange
}

/// Splits the inside of a condition string into words, numbers and operators.
struct ConditionScanner {
    let bytes: [UInt8]
    var position: Int
    let end: Int
    /// The range of the last token returned.
    private(set) var lastRange = SourceRange(0, 0)

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
        lastRange = SourceRange(start, position)
        return ConditionToken(kind: kind, range: lastRange)
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
        if byte == UInt8(ascii: "?") {
            position += 1
            return .question
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

    /// `=`, `!`, `<`, `>`, and the one-character forms `≠`, `≤`, `≥`.
    private func isOperatorByte(at index: Int) -> Bool {
        switch bytes[index] {
        case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
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
