import ReflLexer
import ReflParser

extension RuleCompiler {
    /// Lowers a rule's declarations and checks its directives: `__condition`,
    /// `apply-to-subclasses`, and what `:__where` requires.
    func analyzeBody(_ header: Header) -> Body {
        let file = header.file
        let lowerer = ValueLowerer(program: program, file: file)
        var body = Body()
        var conditionKey: SourceRange?
        var firstSeen: [String: SourceRange] = [:]
        for declaration in header.rule.declarations {
            guard case .value(let valueID) = declaration.value else { continue }  // __include: see headers
            let key = file.text(declaration.key)
            if key == "__condition" {
                if let previous = conditionKey {
                    program.report(EvalMessages.duplicateCondition(), in: file, at: declaration.key,
                                   notes: [Diagnostic.Note("the first '__condition' is here", file: file.source, range: previous)])
                }
                conditionKey = declaration.key
                rejectImportant(declaration, name: key, in: file)
                guard let value = lowerer.lowerConditionOperand(valueID) else { continue }
                guard case .condition(let condition) = value else {
                    program.report(EvalMessages.conditionValue(found: value.kindDescription), in: file,
                                   at: file.syntax.values[valueID].range)
                    continue
                }
                body.condition = condition
            } else if key.hasPrefix("__") {
                let suggestion = Suggestions.closest(to: key, in: ["__include", "__condition"])
                program.report(EvalMessages.unknownDirective(key, suggestion: suggestion), in: file, at: declaration.key)
            } else if key == "apply-to-subclasses" || key == "applyToSubclasses" {
                rejectImportant(declaration, name: key, in: file)
                guard let value = lowerer.lower(valueID) else { continue }
                guard case .bool(let flag) = value else {
                    program.report(EvalMessages.applyToSubclassesValue(found: value.kindDescription), in: file,
                                   at: file.syntax.values[valueID].range)
                    continue
                }
                body.appliesToSubclasses = flag
                if flag && header.selector.className == nil {
                    program.report(EvalMessages.applyToSubclassesWithoutClass(), in: file, at: declaration.key)
                }
            } else {
                let name = PropertyName.keyPath(key)
                if let previous = firstSeen[name] {
                    program.report(EvalMessages.duplicateProperty(key), in: file, at: declaration.key,
                                   notes: [Diagnostic.Note("the first value is set here", file: file.source, range: previous)])
                } else {
                    firstSeen[name] = declaration.key
                }
                guard let value = lowerer.lower(valueID) else { continue }
                body.properties[name] = Property(name: name, value: value,
                                                 isImportant: declaration.important != nil || value.isImportantByNature)
            }
        }
        checkWhere(header, conditionKey: conditionKey)
        return body
    }

    /// A `:__where` rule needs a `__condition`; a `__condition` without
    /// `:__where` applies, with a warning.
    private func checkWhere(_ header: Header, conditionKey: SourceRange?) {
        let selector = header.rule.selector
        if let whereClause = selector.whereClause, conditionKey == nil, header.rule.isValid {
            program.report(EvalMessages.whereWithoutCondition(), in: header.file, at: whereClause)
        } else if let conditionKey, selector.whereClause == nil {
            program.report(EvalMessages.conditionWithoutWhere(), in: header.file, at: conditionKey)
        }
    }

    private func rejectImportant(_ declaration: Declaration, name: String, in file: LoadedFile) {
        if let important = declaration.important {
            program.report(EvalMessages.importantOnDirective(name), in: file, at: important)
        }
    }
}
