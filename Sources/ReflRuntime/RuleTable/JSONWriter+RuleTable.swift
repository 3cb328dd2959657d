extension JSONWriter {
    /// `{ "version": 2, "variables": {...}, "rules": [` — the table's opening,
    /// variables sorted by name.
    package func beginTable(variables: [String: StyleValue]) {
        raw("{")
        indent(1)
        raw("\"version\": ")
        integer(RuleTable.formatVersion)
        raw(",")
        indent(1)
        raw("\"variables\": {")
        for (index, name) in variables.keys.sorted().enumerated() {
            if index > 0 { raw(",") }
            indent(2)
            string(name)
            raw(": ")
            value(variables[name]!)
        }
        if !variables.isEmpty { indent(1) }
        raw("},")
        indent(1)
        raw("\"rules\": [")
    }

    /// `"class": …, "trait": …`, as a selector and each of its context steps have them.
    private func classAndTrait(_ className: String?, _ trait: String?) {
        raw("\"class\": ")
        optionalString(className)
        raw(", \"trait\": ")
        optionalString(trait)
    }

    /// One rule of the `rules` array; `isFirst` decides the separating comma.
    package func rule(_ rule: CompiledRule, isFirst: Bool) {
        if !isFirst { raw(",") }
        indent(2)
        raw("{")
        indent(3)
        raw("\"selector\": {\"raw\": ")
        string(rule.selector.raw)
        raw(", ")
        classAndTrait(rule.selector.className, rule.selector.trait)
        raw(", \"where\": ")
        bool(rule.selector.hasWhere)
        if !rule.selector.context.isEmpty {
            raw(", \"context\": [")
            for (index, step) in rule.selector.context.enumerated() {
                if index > 0 { raw(", ") }
                raw("{")
                classAndTrait(step.className, step.trait)
                raw(", \"child\": ")
                bool(step.isParentOfNext)
                raw("}")
            }
            raw("]")
        }
        raw("},")
        indent(3)
        raw("\"priority\": ")
        integer(rule.priority)
        raw(",")
        indent(3)
        raw("\"appliesToSubclasses\": ")
        bool(rule.appliesToSubclasses)
        raw(",")
        indent(3)
        raw("\"condition\": ")
        if let condition = rule.condition { self.condition(condition) } else { raw("null") }
        raw(",")
        indent(3)
        raw("\"source\": {\"file\": ")
        string(rule.source.file)
        raw(", \"line\": ")
        integer(rule.source.line)
        raw(", \"column\": ")
        integer(rule.source.column)
        raw("},")
        indent(3)
        raw("\"properties\": ")
        properties(rule.properties, depth: 3)
        raw(",")
        indent(3)
        raw("\"states\": {")
        for (index, group) in rule.stateProperties.enumerated() {
            if index > 0 { raw(",") }
            indent(4)
            string(group.state.description)
            raw(": ")
            properties(group.properties, depth: 4)
        }
        if !rule.stateProperties.isEmpty { indent(3) }
        raw("}")
        indent(2)
        raw("}")
        flushIfFull()
    }

    /// `{"name": {"value": VALUE, "important": BOOL}, ...}`, one property a
    /// line at `depth + 1`.
    @inline(__always)  // so that `depth` is a constant in each copy
    private func properties(_ list: [Property], depth: Int) {
        raw("{")
        // Fields are read through the array: a copy of each property would
        // count references to its name and value.
        for index in list.indices {
            if index > 0 { raw(",") }
            indent(depth + 1)
            string(list[index].name)
            raw(": {\"value\": ")
            // The commonest values, colors and numbers, written from their
            // parts read in place: passing the value on to its codec copies it
            // (through its outlined copy, and destroys the copy after).
            switch list[index].value {
            case .color(let color): ColorCodec.write(color, to: self)
            case .number(let number, let unit): NumberCodec.write(number, unit: unit, to: self)
            default: value(list[index].value)
            }
            raw(list[index].isImportant ? ", \"important\": true}" : ", \"important\": false}")
        }
        if !list.isEmpty { indent(depth) }
        raw("}")
    }

    /// Closes the `rules` array, writes the `@view` declarations (when
    /// there are any), and closes the table.
    package func endTable(hadRules: Bool, views: ViewSchema = ViewSchema()) {
        if hadRules { indent(1) }
        raw("]")
        if !views.classes.isEmpty {
            raw(",")
            indent(1)
            raw("\"views\": {")
            for (index, name) in views.classes.keys.sorted().enumerated() {
                let view = views.classes[name]!
                if index > 0 { raw(",") }
                indent(2)
                string(name)
                raw(": {\"superclass\": ")
                optionalString(view.superclass)
                raw(", \"properties\": {")
                for (position, property) in view.properties.enumerated() {
                    if position > 0 { raw(", ") }
                    string(property.stylesheetKey)
                    raw(": ")
                    string(property.isPerState ? "per-state(\(property.type))" : property.type.description)
                }
                raw("}}")
            }
            indent(1)
            raw("}")
        }
        raw("\n}\n")
        flush()
    }

    private func optionalString(_ text: String?) {
        if let text { string(text) } else { raw("null") }
    }
}

extension RuleTable {
    /// The table as JSON, exactly as `reflc build` writes it.
    public func jsonBytes() -> [UInt8] {
        let writer = JSONWriter()
        writer.beginTable(variables: variables)
        for (index, rule) in rules.enumerated() { writer.rule(rule, isFirst: index == 0) }
        writer.endTable(hadRules: !rules.isEmpty, views: views)
        return writer.buffer
    }
}
