import ReflLexer

extension ConditionParser {
    /// The words a term starts with, for "did you mean" and messages.
    static let subjects = [
        "width", "height", "horizontal", "vertical", "idiom", "appearance", "content-size", "layout-direction",
        "orientation", "contrast", "reduce-motion", "reduce-transparency", "bold-text", "os-version", "scale", "default",
    ]

    /// term = "default" | "?" NAME | FLAG
    ///      | ( "horizontal" | "vertical" ) equality SIZE_CLASS
    ///      | ( "width" | "height" ) comparison NUMBER [ "px" | "pt" ]
    ///      | "idiom" equality IDIOM | "appearance" equality APPEARANCE
    ///      | "content-size" comparison CATEGORY | "layout-direction" equality DIRECTION
    ///      | "orientation" equality ORIENTATION | "contrast" equality CONTRAST
    ///      | "os-version" comparison VERSION | "scale" comparison NUMBER ;
    ///
    /// After an error the rest of the term is skipped (up to `and`, `or`, `)`).
    mutating func parseTerm() -> ConditionNode? {
        let first = current
        let test: ConditionTest?
        switch first.kind {
        case .question:
            test = parseExternalTerm()
        case .word:
            advance()
            test = parseSubjectTerm(first)
        default:
            report(ParserMessages.conditionTermExpected(found: describe(first)), first.range)
            test = nil
        }
        guard let test else {
            skipOperand()
            return nil
        }
        return ConditionNode(kind: .term(test), range: first.range.union(previous.range))
    }

    /// The term that starts with the word `subject` (already consumed).
    private mutating func parseSubjectTerm(_ subject: ConditionToken) -> ConditionTest? {
        let word = text(subject)
        switch word {
        case "default":
            return noOperator(after: subject) ? .always : nil
        case "horizontal", "vertical":
            return parseEqualityTerm("size classes") { .sizeClass(axis: SizeClassAxis(rawValue: word)!, op: $0, value: $1) }
        case "width", "height":
            guard let op = parseComparison(after: subject), let value = parseSize() else { return nil }
            return .size(dimension: Dimension(rawValue: word)!, op: op, value: value)
        case "idiom":
            return parseEqualityTerm("idioms") { .idiom(op: $0, value: $1) }
        case "appearance":
            return parseEqualityTerm("appearances") { .appearance(op: $0, value: $1) }
        case "content-size":
            return parseContentSize(after: subject)
        case "layout-direction":
            return parseEqualityTerm("layout directions") { .layoutDirection(op: $0, value: $1) }
        case "orientation":
            return parseEqualityTerm("orientations") { .orientation(op: $0, value: $1) }
        case "contrast":
            return parseEqualityTerm("contrasts") { .contrast(op: $0, value: $1) }
        case "os-version":
            guard let op = parseComparison(after: subject), let version = parseVersion() else { return nil }
            return .osVersion(op: op, value: version)
        case "scale":
            guard let op = parseComparison(after: subject), let value = parsePlainNumber() else { return nil }
            return .scale(op: op, value: value)
        default:
            if let flag = AccessibilityFlag(rawValue: word) { return noOperator(after: subject) ? .flag(flag) : nil }
            if word == "and" || word == "or" {
                report(ParserMessages.conditionTermExpected(found: describe(subject)), subject.range)
                return nil
            }
            let suggestion = Suggestions.closest(to: word, in: Self.subjects)
            report(ParserMessages.unknownConditionSubject(word, suggestion: suggestion), subject.range)
            return nil
        }
    }

    /// `?name`: an external condition.
    private mutating func parseExternalTerm() -> ConditionTest? {
        let question = current
        advance()
        let name = current
        guard name.kind == .word, name.range.start == question.range.end else {
            report(ParserMessages.conditionExpected("a name", after: "?", found: describe(name)), name.range)
            return nil
        }
        advance()
        let word = text(name)
        if word == "and" || word == "or" || word == "not" {
            report(ParserMessages.reservedConditionWord(word), name.range)
            return nil
        }
        return noOperator(after: question) ? .external(name: word) : nil
    }

    /// equality KEYWORD, the rest of a term whose subject is compared for
    /// equality with one of `Keyword`'s cases (`idiom = pad`).
    private mutating func parseEqualityTerm<Keyword: RawRepresentable & CaseIterable>(
        _ subjects: String, _ make: (EqualityOperator, Keyword) -> ConditionTest
    ) -> ConditionTest? where Keyword.RawValue == String {
        guard let op = parseEquality(subject: subjects), let value: Keyword = parseValue() else { return nil }
        return make(op, value)
    }

    /// `default`, `?name` and the flags take no operator.
    private mutating func noOperator(after subject: ConditionToken) -> Bool {
        guard current.kind == .op, !spells(current, "&&"), !spells(current, "||") else { return true }
        let written = file.text(subject.range.union(previous.range))
        report(ParserMessages.conditionTakesNoOperator(written), current.range)
        return false
    }

    /// content-size comparison CATEGORY; `unspecified` takes `=`/`!=` only.
    private mutating func parseContentSize(after subject: ConditionToken) -> ConditionTest? {
        guard let op = parseComparison(after: subject) else { return nil }
        let opToken = previous
        guard let value: ContentSizeCategory = parseValue() else { return nil }
        if value == .unspecified && !op.isEquality {
            report(ParserMessages.orderingOnEquality(text(opToken), subject: "'unspecified'"), opToken.range)
            return nil
        }
        return .contentSize(op: op, value: value)
    }

    /// Any comparison operator, in every accepted spelling.
    private mutating func parseComparison(after subject: ConditionToken) -> ComparisonOperator? {
        let token = current
        guard token.kind == .op else {
            report(ParserMessages.conditionExpected("a comparison operator", after: text(subject), found: describe(token)),
                   token.range)
            return nil
        }
        advance()
        guard let op = ComparisonOperator.parse(scanner.bytes, in: token.range.start..<token.range.end) else {
            report(ParserMessages.unknownConditionOperator(text(token)), token.range)
            return nil
        }
        return op
    }

    /// `=`, `==`, `!=` or `≠`; an ordering operator is reported as such.
    private mutating func parseEquality(subject what: String) -> EqualityOperator? {
        guard let op = parseComparison(after: previous) else { return nil }
        switch op {
        case .equal: return .equal
        case .notEqual: return .notEqual
        default:
            report(ParserMessages.orderingOnEquality(text(previous), subject: what), previous.range)
            return nil
        }
    }

    /// One of the cases of `Keyword`, by its exact (case-sensitive) name.
    private mutating func parseValue<Keyword: RawRepresentable & CaseIterable>() -> Keyword? where Keyword.RawValue == String {
        let token = current
        guard token.kind == .word else {
            let list = Keyword.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
            report(ParserMessages.conditionExpected("one of \(list)", after: text(previous), found: describe(token)), token.range)
            return nil
        }
        advance()
        // Matched against the token's bytes: no String is made for a word that is a case.
        let range = token.range.start..<token.range.end
        guard let value = Keyword.allCases.first(where: { scanner.bytes.equalBytes(in: range, utf8: $0.rawValue) }) else {
            let word = text(token)
            let names = Keyword.allCases.map(\.rawValue)
            report(ParserMessages.unknownConditionValue(word, expected: names, suggestion: Suggestions.closest(to: word, in: names)),
                   token.range)
            return nil
        }
        return value
    }

    /// `17`, `16.4`: an OS version, major and minor.
    private mutating func parseVersion() -> OSVersion? {
        let token = current
        guard token.kind == .number else {
            report(ParserMessages.conditionExpected("a version such as 17 or 16.4", after: text(previous), found: describe(token)), token.range)
            return nil
        }
        advance()
        guard let version = OSVersion(text(token)) else {
            report(ParserMessages.conditionExpected("a version such as 17 or 16.4", after: "os-version", found: "'\(text(token))'"), token.range)
            return nil
        }
        return version
    }

    /// A scale: a number without a unit (`scale = 3`).
    private mutating func parsePlainNumber() -> Double? {
        parseNumber(allowingSizeUnits: false)
    }

    /// NUMBER [ "px" | "pt" ]: a size.
    private mutating func parseSize() -> Double? {
        parseNumber(allowingSizeUnits: true)
    }

    private mutating func parseNumber(allowingSizeUnits: Bool) -> Double? {
        let token = current
        guard token.kind == .number else {
            report(ParserMessages.conditionExpected("a number", after: text(previous), found: describe(token)), token.range)
            return nil
        }
        advance()
        let number = NumberLiteral.decode(scanner.bytes, token.range)
        let sizeUnit = file.range(number.unit, equals: "px") || file.range(number.unit, equals: "pt")
        if !number.unit.isEmpty && !(allowingSizeUnits && sizeUnit) {
            let unit = file.text(number.unit)
            report(allowingSizeUnits ? ParserMessages.conditionUnit(unit) : ParserMessages.scaleUnit(unit), number.unit)
            return nil
        }
        if number.problem != nil {
            report(ParserMessages.conditionNumber(text(token)), token.range)
            return nil
        }
        return number.value
    }
}
