
extension JSONWriter {
    /// A typed value, compact, in the shape of Docs/RuleTable.md, written by its kind's codec.
    package func value(_ value: StyleValue) {
        value.codec.writeJSON(value, to: self)
    }

    /// `[VALUE,...]`.
    func values(_ items: [StyleValue]) {
        raw("[")
        for (index, item) in items.enumerated() {
            if index > 0 { raw(",") }
            value(item)
        }
        raw("]")
    }

    /// `,"name":NUMBER` — one field of a fixed-shape object, its text up to
    /// the number written in one piece (called once per field: a variadic
    /// list would allocate an array per value).
    func field(_ prefix: StaticString, _ number: Double) {
        raw(prefix)
        self.number(number)
    }

    /// A condition: its text and what it tests, as an expression tree.
    ///
    ///     {"source":"idiom = pad or width < 200","test":{"any":[
    ///       {"test":"idiom","op":"==","value":"pad"},
    ///       {"test":"size","dimension":"width","op":"<","value":200}]}}
    package func condition(_ condition: Condition) {
        raw("{\"source\":")
        string(condition.source)
        raw(",\"test\":")
        expression(condition.test)
        raw("}")
    }

    /// `{"all":[...]}`, `{"any":[...]}`, `{"not":...}` or a term. Recursive,
    /// as deep as conditions may nest.
    private func expression(_ expression: ConditionExpression) {
        switch expression {
        case .test(let test):
            term(test)
        case .all(let operands), .any(let operands):
            if case .all = expression { raw("{\"all\":[") } else { raw("{\"any\":[") }
            for (index, operand) in operands.enumerated() {
                if index > 0 { raw(",") }
                self.expression(operand)
            }
            raw("]}")
        case .not(let operand):
            raw("{\"not\":")
            self.expression(operand)
            raw("}")
        }
    }

    private func term(_ test: ConditionTest) {
        switch test {
        case .always:
            raw("{\"test\":\"default\"}")
        case .external(let name):
            raw("{\"test\":\"external\",\"name\":")
            string(name)
            raw("}")
        case .sizeClass(let axis, let op, let value):
            raw("{\"test\":\"sizeClass\",\"axis\":")
            string(axis.rawValue)
            comparison(op.rawValue, value.rawValue)
        case .size(let dimension, let op, let value):
            raw("{\"test\":\"size\",\"dimension\":")
            string(dimension.rawValue)
            raw(",\"op\":")
            string(op.rawValue)
            raw(",\"value\":")
            number(value)
            raw("}")
        case .idiom(let op, let value): keywordTerm("idiom", op.rawValue, value.rawValue)
        case .appearance(let op, let value): keywordTerm("appearance", op.rawValue, value.rawValue)
        case .contentSize(let op, let value): keywordTerm("contentSize", op.rawValue, value.rawValue)
        case .layoutDirection(let op, let value): keywordTerm("layoutDirection", op.rawValue, value.rawValue)
        case .orientation(let op, let value): keywordTerm("orientation", op.rawValue, value.rawValue)
        case .contrast(let op, let value): keywordTerm("contrast", op.rawValue, value.rawValue)
        case .flag(let flag):
            raw("{\"test\":\"flag\",\"name\":")
            string(flag.rawValue)
            raw("}")
        case .osVersion(let op, let value): keywordTerm("osVersion", op.rawValue, value.description)
        case .scale(let op, let value):
            raw("{\"test\":\"scale\",\"op\":")
            string(op.rawValue)
            raw(",\"value\":")
            number(value)
            raw("}")
        }
    }

    /// `{"test":TEST,"op":OP,"value":VALUE}`: a term comparing with a keyword.
    private func keywordTerm(_ test: String, _ op: String, _ value: String) {
        raw("{\"test\":")
        string(test)
        comparison(op, value)
    }

    /// `,"op":OP,"value":VALUE}`: the end of a term that compares with a keyword.
    private func comparison(_ op: String, _ value: String) {
        raw(",\"op\":")
        string(op)
        raw(",\"value\":")
        string(value)
        raw("}")
    }
}
