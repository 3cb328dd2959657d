
extension JSONWriter {
    /// A typed value, compact, in the shape of Docs/RuleTable.md.
    package func value(_ value: StyleValue) {
        switch value {
        case .number(let number, let unit):
            raw("{\"type\":\"number\",\"value\":")
            self.number(number)
            switch unit {
            case .px?: raw(",\"unit\":\"px\"}")
            case .pt?: raw(",\"unit\":\"pt\"}")
            case nil: raw("}")
            }
        case .percent(let number):
            raw("{\"type\":\"percent\",\"value\":")
            self.number(number)
            raw("}")
        case .angle(let radians):
            raw("{\"type\":\"angle\",\"radians\":")
            number(radians)
            raw("}")
        case .string(let text):
            raw("{\"type\":\"string\",\"value\":")
            string(text)
            raw("}")
        case .bool(let flag):
            raw("{\"type\":\"bool\",\"value\":")
            bool(flag)
            raw("}")
        case .color(let color):
            self.color(color)
        case .gradient(let colors):
            raw("{\"type\":\"gradient\",\"colors\":[")
            for (index, color) in colors.enumerated() {
                if index > 0 { raw(",") }
                self.color(color)
            }
            raw("]}")
        case .font(let font):
            raw("{\"type\":\"font\",\"name\":")
            string(font.name)
            raw(",\"size\":")
            switch font.size {
            case .points(let points, let unit): self.value(.number(points, unit: unit))
            case .percent(let percent): self.value(.percent(percent))
            }
            raw(",\"system\":")
            bool(font.isSystem)
            if let weight = font.weight {
                raw(",\"weight\":")
                string(weight.rawValue)
            }
            if let textStyle = font.textStyle {
                raw(",\"textStyle\":")
                string(textStyle.rawValue)
            }
            raw("}")
        case .rect(let x, let y, let width, let height):
            raw("{\"type\":\"rect\"")
            field(",\"x\":", x)
            field(",\"y\":", y)
            field(",\"width\":", width)
            field(",\"height\":", height)
            raw("}")
        case .point(let x, let y):
            raw("{\"type\":\"point\"")
            field(",\"x\":", x)
            field(",\"y\":", y)
            raw("}")
        case .size(let width, let height):
            raw("{\"type\":\"size\"")
            field(",\"width\":", width)
            field(",\"height\":", height)
            raw("}")
        case .edgeInsets(let top, let left, let bottom, let right):
            raw("{\"type\":\"edgeInsets\"")
            field(",\"top\":", top)
            field(",\"left\":", left)
            field(",\"bottom\":", bottom)
            field(",\"right\":", right)
            raw("}")
        case .localizedString(let key):
            raw("{\"type\":\"localizedString\",\"key\":")
            string(key)
            raw("}")
        case .transform(let transform):
            self.transform(transform)
        case .vector(let items):
            raw("{\"type\":\"vector\",\"items\":")
            list(items)
            raw("}")
        case .image(.named(let name)):
            raw("{\"type\":\"image\",\"name\":")
            string(name)
            raw("}")
        case .image(.fill(let fill)):
            raw("{\"type\":\"image\",\"fill\":")
            self.value(fill)
            raw("}")
        case .condition(let condition):
            raw("{\"type\":\"condition\",\"condition\":")
            self.condition(condition)
            raw("}")
        case .enumCase(let value):
            raw("{\"type\":\"enum\",\"enum\":")
            string(value.enumName)
            raw(",\"case\":")
            string(value.caseName)
            raw(",\"rawValue\":")
            integer(value.rawValue)
            raw("}")
        case .optionSet(let value):
            raw("{\"type\":\"optionSet\",\"optionSet\":")
            string(value.setName)
            raw(",\"options\":[")
            for (index, option) in value.options.enumerated() {
                if index > 0 { raw(",") }
                string(option)
            }
            raw("],\"rawValue\":")
            integer(value.rawValue)
            raw("}")
        case .call(let name, let arguments):
            raw("{\"type\":\"call\",\"name\":")
            string(name)
            raw(",\"args\":")
            list(arguments)
            raw("}")
        case .identifier(let word):
            raw("{\"type\":\"identifier\",\"value\":")
            string(word)
            raw("}")
        }
    }

    private func list(_ items: [StyleValue]) {
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
    private func field(_ prefix: StaticString, _ number: Double) {
        raw(prefix)
        self.number(number)
    }

    private func color(_ color: Color) {
        if let json = colors.json(of: color) {
            output.append(json)
            return
        }
        let start = output.count
        raw("{\"type\":\"color\",\"rgba\":[")
        number(color.red)
        raw(",")
        number(color.green)
        raw(",")
        number(color.blue)
        raw(",")
        number(color.alpha)
        raw("],\"hex\":")
        hexColor(color)
        raw("}")
        colors.keep(output.written(from: start), of: color)
    }

    private func transform(_ transform: Transform) {
        switch transform {
        case .scale(let x, let y):
            raw("{\"type\":\"transform\",\"op\":\"scale\"")
            field(",\"x\":", x)
            field(",\"y\":", y)
            raw("}")
        case .rotate(let radians):
            raw("{\"type\":\"transform\",\"op\":\"rotate\"")
            field(",\"radians\":", radians)
            raw("}")
        case .translate(let x, let y):
            raw("{\"type\":\"transform\",\"op\":\"translate\"")
            field(",\"x\":", x)
            field(",\"y\":", y)
            raw("}")
        }
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
