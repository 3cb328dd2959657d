import ReflLexer
import ReflParser

extension RuleCompiler {
    /// Lowers a rule's declarations and checks its directives: `__condition`,
    /// `apply-to-subclasses`, and what `:__where` requires.
    func analyzeBody(_ header: Header, log: DiagnosticLog) -> Body {
        let file = header.file
        let lowerer = ValueLowerer(program: program, file: file, log: log)
        var body = Body()
        var conditionKey: SourceRange?
        var firstKeys: [SourceRange] = []  // where each property of `body` was first set
        let source = file.source
        for declaration in file.syntax.declarations(of: header.rule) {
            guard case .value(let valueID) = declaration.value else { continue }  // __include: see headers
            let keyRange = declaration.key
            if source.range(keyRange, equals: "__condition") {
                if let previous = conditionKey {
                    log.report(EvalMessages.duplicateCondition(), in: file, at: keyRange,
                                   notes: [Diagnostic.Note("the first '__condition' is here", file: source, range: previous)])
                }
                conditionKey = keyRange
                rejectImportant(declaration, name: "__condition", in: file, log: log)
                guard let value = lowerer.lowerConditionOperand(valueID) else { continue }
                guard case .condition(let condition) = value else {
                    log.report(EvalMessages.conditionValue(found: value.kindDescription), in: file,
                                   at: file.syntax.values[valueID].range)
                    continue
                }
                body.condition = condition
            } else if keyRange.count > 2 && source.bytes[keyRange.start] == UInt8(ascii: "_")
                        && source.bytes[keyRange.start + 1] == UInt8(ascii: "_") {
                let key = file.text(keyRange)
                let suggestion = Suggestions.closest(to: key, in: ["__include", "__condition"])
                log.report(EvalMessages.unknownDirective(key, suggestion: suggestion), in: file, at: keyRange)
            } else if source.range(keyRange, equals: "apply-to-subclasses") || source.range(keyRange, equals: "applyToSubclasses") {
                rejectImportant(declaration, name: file.text(keyRange), in: file, log: log)
                guard let value = lowerer.lower(valueID) else { continue }
                guard case .bool(let flag) = value else {
                    log.report(EvalMessages.applyToSubclassesValue(found: value.kindDescription), in: file,
                                   at: file.syntax.values[valueID].range)
                    continue
                }
                body.appliesToSubclasses = flag
                if flag && header.rule.selector.className == nil {
                    log.report(EvalMessages.applyToSubclassesWithoutClass(), in: file, at: keyRange)
                }
            } else {
                let name = PropertyName.keyPath(file.text(keyRange))
                let value = lowerer.lower(valueID)
                let property = value.map {
                    Property(name: name, value: $0, isImportant: declaration.important != nil || $0.isImportantByNature)
                }
                if let index = body.properties.index(of: name) {
                    log.report(EvalMessages.duplicateProperty(file.text(keyRange)), in: file, at: keyRange,
                                   notes: [Diagnostic.Note("the first value is set here", file: source, range: firstKeys[index])])
                    if let property { body.properties.set(property) }
                } else if let property {
                    body.properties.set(property)
                    firstKeys.append(keyRange)
                }
            }
        }
        checkWhere(header, conditionKey: conditionKey, log: log)
        return body
    }

    /// A `:__where` rule needs a `__condition`; a `__condition` without
    /// `:__where` applies, with a warning.
    private func checkWhere(_ header: Header, conditionKey: SourceRange?, log: DiagnosticLog) {
        let selector = header.rule.selector
        if let whereClause = selector.whereClause, conditionKey == nil, header.rule.isValid {
            log.report(EvalMessages.whereWithoutCondition(), in: header.file, at: whereClause)
        } else if let conditionKey, selector.whereClause == nil {
            log.report(EvalMessages.conditionWithoutWhere(), in: header.file, at: conditionKey)
        }
    }

    private func rejectImportant(_ declaration: Declaration, name: String, in file: LoadedFile, log: DiagnosticLog) {
        if let important = declaration.important {
            log.report(EvalMessages.importantOnDirective(name), in: file, at: important)
        }
    }
}
