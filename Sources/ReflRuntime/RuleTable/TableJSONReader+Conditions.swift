
/// Conditions in the JSON table (Docs/RuleTable.md, "Conditions"), members in any order.
extension TableJSONReader {
    /// Version 2: `{"source": TEXT, "test": EXPR}`; version 1:
    /// `{"source": TEXT, "terms": [TERM, ...]}`, the terms joined by `and`.
    mutating func condition() throws(TableReadFailure) -> Condition {
        let object = try beginObject()
        var source: String?, test: ConditionExpression?, terms: [ConditionTest]?
        try members(of: object, expecting: ["source", "test"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "source": source = try reader.string()
            case "test" where reader.version >= 2: test = try reader.conditionExpression()
            case "terms" where reader.version < 2:
                var read: [ConditionTest] = []
                try reader.items { reader throws(TableReadFailure) in
                    let term = try reader.beginObject()
                    var fields = TermFields()
                    try reader.members(of: term) { reader, key throws(TableReadFailure) in try fields.read(key, &reader) }
                    read.append(try fields.test(of: term, reader))
                }
                terms = read
            default: return false
            }
            return true
        }
        let text = try object.required(source, "source")
        guard version >= 2 else {
            let terms = try object.required(terms, "terms")
            return Condition(test: terms.count == 1 ? .test(terms[0]) : .all(terms.map { .test($0) }), source: text)
        }
        return Condition(test: try object.required(test, "test"), source: text)
    }

    /// `{"all": [...]}`, `{"any": [...]}`, `{"not": EXPR}` or a term.
    private mutating func conditionExpression() throws(TableReadFailure) -> ConditionExpression {
        let object = try beginObject()
        var all: [ConditionExpression]?, any: [ConditionExpression]?, not: ConditionExpression?
        var fields = TermFields()
        try members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "all": all = try reader.expressions()
            case "any": any = try reader.expressions()
            case "not": not = try reader.conditionExpression()
            default: return try fields.read(key, &reader)
            }
            return true
        }
        if let all { return .all(all) }
        if let any { return .any(any) }
        if let not { return .not(not) }
        return .test(try fields.test(of: object, self))
    }

    private mutating func expressions() throws(TableReadFailure) -> [ConditionExpression] {
        var operands: [ConditionExpression] = []
        try items { reader throws(TableReadFailure) in operands.append(try reader.conditionExpression()) }
        return operands
    }
}

/// The members of a condition term, read in any order, then made into a
/// test by its `"test"`: each with the offset of its value, for messages.
private struct TermFields {
    typealias Text = (text: String, at: Int)
    var test: Text?, name: Text?, axis: Text?, op: Text?, dimension: Text?
    /// A keyword, or a number (`size`).
    var value: (text: String?, number: Double?, at: Int)?

    /// Reads the member `key` if a term has it.
    mutating func read(_ key: JSONKey, _ reader: inout TableJSONReader) throws(TableReadFailure) -> Bool {
        let at = reader.offset
        switch key {
        case "test": test = (try reader.name(), at)
        case "name": name = (try reader.name(), at)
        case "axis": axis = (try reader.name(), at)
        case "op": op = (try reader.name(), at)
        case "dimension": dimension = (try reader.name(), at)
        case "value":
            let current = reader.scanner.current
            if current == UInt8(ascii: "\"") {
                value = (try reader.name(), nil, at)
            } else if current == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(current) {
                value = (nil, try reader.number(), at)
            } else {
                throw reader.failure("expected a string or a number", at: at)
            }
        default: return false
        }
        return true
    }

    func test(of object: JSONObjectStart, _ reader: TableJSONReader) throws(TableReadFailure) -> ConditionTest {
        func keyword<Keyword: RawRepresentable & CaseIterable>(_ field: Text?, _ member: String, _: Keyword.Type) throws(TableReadFailure)
            -> Keyword where Keyword.RawValue == String {
            let field = try object.required(field, member)
            guard let keyword = Keyword(rawValue: field.text) else {
                let allowed = Keyword.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                throw reader.failure("expected one of \(allowed), found '\(field.text)'", at: field.at)
            }
            return keyword
        }
        func valueKeyword<Keyword: RawRepresentable & CaseIterable>(_ type: Keyword.Type) throws(TableReadFailure) -> Keyword
        where Keyword.RawValue == String {
            let field = try object.required(value, "value")
            guard let text = field.text else { throw reader.failure("expected a string", at: field.at) }
            return try keyword((text, field.at), "value", type)
        }
        let kind = try object.required(test, "test")
        switch kind.text {
        case "default": return .always
        case "external": return .external(name: try object.required(name, "name").text)
        case "sizeClass":
            return .sizeClass(axis: try keyword(axis, "axis", SizeClassAxis.self), op: try keyword(op, "op", EqualityOperator.self),
                              value: try valueKeyword(SizeClass.self))
        case "size":
            let field = try object.required(value, "value")
            guard let number = field.number else { throw reader.failure("expected a number", at: field.at) }
            return .size(dimension: try keyword(dimension, "dimension", Dimension.self), op: try keyword(op, "op", ComparisonOperator.self),
                         value: number)
        case "idiom": return .idiom(op: try keyword(op, "op", EqualityOperator.self), value: try valueKeyword(Idiom.self))
        case "appearance": return .appearance(op: try keyword(op, "op", EqualityOperator.self), value: try valueKeyword(Appearance.self))
        case "contentSize":
            let comparison = try keyword(op, "op", ComparisonOperator.self)
            let category = try valueKeyword(ContentSizeCategory.self)
            if category == .unspecified && !comparison.isEquality {
                throw reader.failure("'unspecified' is compared with '==' or '!=' only", at: op!.at)
            }
            return .contentSize(op: comparison, value: category)
        case "layoutDirection":
            return .layoutDirection(op: try keyword(op, "op", EqualityOperator.self), value: try valueKeyword(LayoutDirection.self))
        case "orientation": return .orientation(op: try keyword(op, "op", EqualityOperator.self), value: try valueKeyword(Orientation.self))
        case "contrast": return .contrast(op: try keyword(op, "op", EqualityOperator.self), value: try valueKeyword(Contrast.self))
        case "flag": return .flag(try keyword(name, "name", AccessibilityFlag.self))
        case "osVersion":
            let field = try object.required(value, "value")
            guard let text = field.text, let version = OSVersion(text) else { throw reader.failure("expected a version such as \"16.4\"", at: field.at) }
            return .osVersion(op: try keyword(op, "op", ComparisonOperator.self), value: version)
        case "scale":
            let field = try object.required(value, "value")
            guard let number = field.number else { throw reader.failure("expected a number", at: field.at) }
            return .scale(op: try keyword(op, "op", ComparisonOperator.self), value: number)
        default: throw reader.failure("unknown condition test '\(kind.text)'", at: kind.at)
        }
    }
}
