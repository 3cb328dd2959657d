import ReflLexer
import ReflParser

extension RuleCompiler {
    /// Lowers a rule's declarations and checks its directives: `__condition`,
    /// `apply-to-subclasses`, and what `:__where` requires.
    func analyzeBody(_ header: Header, in context: RuleContext) -> Body {
        context.enter(fileIndex: header.fileIndex)
        let lowerer = context.lowerer!
        let log = context.log
        // Declarations are read by index through the lowerer: a local copy of
        // the tree, or a slice of it, would count references to its shared arrays.
        let declarations = header.rule.declarationRange
        // Room for what `__include`s usually add too: growing the lists when
        // they are merged would copy them.
        let includeRoom = header.includes.isEmpty ? 0 : 8
        // The body's parts are kept apart and put together at the end: a
        // `Body` built first and filled in was copied when it was returned
        // (three references counted and released again, a rule).
        var properties = PropertyList(capacity: declarations.count + includeRoom)
        var condition: Condition?
        var appliesToSubclasses = false
        let keyChecks = context.keyChecks(for: header.rule)
        if keyChecks == nil, let className = header.rule.selector.className { warnIfDottedTrait(className, in: context) }
        var conditionKey: SourceRange?
        var keys = DeclarationKeys(capacity: declarations.count)
        // The properties a shorthand set (a later key may set them again
        // without being a duplicate), and the shorthand keys seen.
        var setByShorthand: Set<Int32> = []
        var shorthandKeys: [Int32: SourceRange] = [:]
        for index in declarations {
            let declaration = lowerer.syntax.declarations[Int(index)]
            guard case .value(let valueID) = declaration.value else { continue }  // __include: see headers
            let keyRange = lowerer.syntax.key(of: declaration)
            var meaning = lowerer.keys[Int(declaration.keyID)]
            if case .legacyCondition(let property) = meaning {
                // `condition:` was `__condition` in the original's documentation.
                if header.rule.selector.hasWhere {
                    log.report(EvalMessages.legacyDirective("condition"), in: lowerer.file, at: keyRange)
                    meaning = .condition
                } else {
                    warnIfConditionString(valueID, key: keyRange, in: lowerer, log: log)
                    meaning = .property(property)
                }
            }
            if case .property = meaning {} else {
                rejectStates(declaration, in: lowerer, log: log)
            }
            switch meaning {
            case .condition:
                if let previous = conditionKey {
                    log.report(EvalMessages.duplicateCondition(), in: lowerer.file, at: keyRange,
                               notes: [Diagnostic.Note("the first '__condition' is here", file: lowerer.file.source, range: previous)])
                }
                conditionKey = keyRange
                rejectImportant(declaration, name: "__condition", in: lowerer.file, log: log)
                guard let value = lowerer.lowerConditionOperand(valueID) else { continue }
                guard case .condition(let value) = value else {
                    log.report(EvalMessages.conditionValue(found: value.kindDescription), in: lowerer.file,
                               at: lowerer.syntax.values[valueID].range)
                    continue
                }
                condition = value
            case .include, .unknownDirective, .legacyCondition:
                let key = lowerer.file.text(keyRange)
                let suggestion = Suggestions.closest(to: key, in: ["__include", "__condition"])
                log.report(EvalMessages.unknownDirective(key, suggestion: suggestion), in: lowerer.file, at: keyRange)
            case .applyToSubclasses:
                rejectImportant(declaration, name: lowerer.file.text(keyRange), in: lowerer.file, log: log)
                guard let value = lowerer.lower(valueID) else { continue }
                guard case .bool(let flag) = value else {
                    log.report(EvalMessages.applyToSubclassesValue(found: value.kindDescription), in: lowerer.file,
                               at: lowerer.syntax.values[valueID].range)
                    continue
                }
                // Meaningful on a trait-only rule too: a one-name selector also matches as a class.
                appliesToSubclasses = flag
            case .property(let nameID) where context.shorthands[nameID] != nil:
                let id = PropertyNames.id(nameID, states: declaration.states)
                if let previous = shorthandKeys[id] {
                    log.report(EvalMessages.duplicateProperty(lowerer.file.text(keyRange)), in: lowerer.file, at: keyRange,
                               notes: [Diagnostic.Note("the first value is set here", file: lowerer.file.source, range: previous)])
                }
                shorthandKeys[id] = keyRange
                // No shorthand reads a word as a case: one reached through a variable is warned about as one written here.
                guard let value = lowerer.lowerUnchecked(valueID) else { continue }
                if !context.shorthands[nameID]!.0.takes(value) {
                    // Not a shadow or a border: the property as written, as before there were
                    // shorthands (a plugin's `shadow: drop-shadow(1px)`, an app's own `border: 1`).
                    if keyChecks != nil, !value.isCall {
                        log.report(EvalMessages.shorthandValue(lowerer.file.text(keyRange), expected: context.shorthands[nameID]!.0.expected,
                                                               found: value.kindDescription),
                                   in: lowerer.file, at: lowerer.syntax.values[valueID].range)
                    }
                    keys.record(keyRange, setting: properties.index(of: id))
                    properties.set(Property(name: context.propertyNames[Int(nameID)], value: value,
                                                 isImportant: declaration.important != nil || value.isImportantByNature), id: id)
                    continue
                }
                for (longhand, value) in expandShorthand(value, at: valueID, declaration, nameID: nameID, key: keyRange, keyChecks, in: context) {
                    let longhandID = PropertyNames.id(longhand, states: declaration.states)
                    keys.record(keyRange, setting: properties.index(of: longhandID))
                    setByShorthand.insert(longhandID)
                    properties.set(Property(name: context.propertyNames[Int(longhand)], value: value,
                                                 isImportant: declaration.important != nil || value.isImportantByNature), id: longhandID)
                }
            // `box-shadow: 0 2px 4px black`: the parser's error, whose fix-it writes the
            // `shadow` key too, is the one diagnostic of the declaration. (Other keys are
            // checked as usual: `margin` still hears of `layout-margins`.)
            case .property where lowerer.syntax.values[valueID].kind == .invalid && lowerer.file.text(keyRange) == "box-shadow":
                continue
            case .property(let nameID):
                let id = PropertyNames.id(nameID, states: declaration.states)
                let value = keyChecks.map {
                    checkedValue(valueID, declaration, nameID: nameID, key: keyRange, $0, in: context, lowerer: lowerer, log: log)
                } ?? lowerer.lowerUnchecked(valueID)
                let existing = properties.index(of: id)
                if let existing, setByShorthand.remove(id) == nil {
                    let key = lowerer.file.text(keyRange) + (declaration.states == .normal ? "" : "[\(declaration.states)]")
                    log.report(EvalMessages.duplicateProperty(key), in: lowerer.file, at: keyRange,
                               notes: [Diagnostic.Note("the first value is set here", file: lowerer.file.source, range: keys.first[existing])])
                }
                // Built only when the value lowered: an optional property
                // would be copied and destroyed through generic code. The
                // value is moved out of its optional (`guard let` copied it,
                // then destroyed the optional: 1% of a build's instructions).
                switch consume value {
                case .none: continue
                case .some(let value):
                    let isImportant = declaration.important != nil || value.isImportantByNature
                    properties.set(Property(name: context.propertyNames[Int(nameID)], value: value, isImportant: isImportant), id: id)
                }
                keys.record(keyRange, setting: existing)
            }
        }
        checkWhere(header, in: lowerer, conditionKey: conditionKey, log: log)
        return Body(properties: properties, condition: condition, appliesToSubclasses: appliesToSubclasses,
                    isChecked: keyChecks != nil, keyRanges: keys.valueKeys)
    }

    /// The keys of the declarations that set a rule's properties, by the
    /// property's position: the first of each, for the note of a duplicate
    /// warning, and the one whose value the property holds (the last to
    /// set it), for the notes of errors about a value `__include` copies.
    struct DeclarationKeys {
        private(set) var first: [SourceRange] = []
        /// The properties set again (a duplicate key, a longhand after its
        /// shorthand), by position, with the key that set them last.
        private var later: [(position: Int, key: SourceRange)] = []

        init(capacity: Int) {
            first.reserveCapacity(capacity)
        }

        /// Records that the declaration at `key` set a property: the one at
        /// position `existing`, or a new one (nil) added last.
        mutating func record(_ key: SourceRange, setting existing: Int?) {
            if let existing { later.append((existing, key)) } else { first.append(key) }
        }

        var valueKeys: [SourceRange] {
            var keys = first
            for (position, key) in later { keys[position] = key }
            return keys
        }
    }

    /// The value of a declaration in a rule the schema checks: the key is
    /// checked (unknown keys warned about, states and availability checked),
    /// a bare word is lowered as a case of the property's enumeration, and
    /// any other value must be of the property's type.
    private func checkedValue(_ valueID: ValueID, _ declaration: Declaration, nameID: Int32, key keyRange: SourceRange,
                              _ checks: RuleContext.KeyChecks, in context: RuleContext,
                              lowerer: ValueLowerer, log: DiagnosticLog) -> StyleValue? {
        // The lowerer and the log come from the caller, which holds them:
        // each read out of the context here counted a reference per declaration.
        let schema = context.schemaCheck
        // Most keys were met before: their check is taken without the
        // closure that spells the key, which counted a reference to the lowerer.
        let check: KeyCheck
        if let settled = checks.settled(nameID) {
            check = settled
        } else {
            check = context.keyCheck(nameID, written: lowerer.file.text(keyRange), in: checks)
        }
        switch check {
        case .unchecked:
            return lowerer.lowerUnchecked(valueID)
        case .unknown(let message):
            log.report(message, in: lowerer.file, at: keyRange)
            return lowerer.lowerUnchecked(valueID)
        case .known(let known):
            // The property's schema and its type are read where the check
            // holds them (`known.property.type`), not copied out of it: a
            // copy counted references for every declaration.
            // The key as written is made only for a message: most declarations have none.
            func key() -> String { lowerer.file.text(keyRange) }
            if declaration.states != .normal && !known.property.isPerState {
                log.report(schema.stateError(key: key(), className: checks.className), in: lowerer.file,
                           at: lowerer.syntax.stateBracket(of: declaration) ?? keyRange)
            }
            if known.isFlaggedAtTarget, let warning = schema.availabilityWarning(
                key: key(), known.property, declaredBy: known.declaredBy, keyPath: context.propertyNames[Int(nameID)], of: checks.className) {
                log.report(warning, in: lowerer.file, at: keyRange)
            }
            let node = lowerer.syntax.values[valueID]
            // The value, or nil with an error where the key takes a single option and it is several.
            func singleOption(_ value: StyleValue) -> StyleValue? {
                // Asked only of the few keys that take a single option: the call hands on the closure
                // that spells the key, which counted a reference to the lowerer for every declaration.
                guard known.property.takesSingleOption,
                      let error = schema.singleOptionError(key: key(), known.property, found: value) else { return value }
                log.report(error, in: lowerer.file, at: node.range, notes: lowerer.definitionNotes(for: valueID))
                return nil
            }
            if known.property.type.takesWords, let words = lowerer.bareWords(valueID),
               let lowered = schema.lowerWords(words, key: key(), type: known.property.type) {
                switch lowered {
                case .success(let value): return singleOption(value)
                case .failure(let problem):
                    log.report(problem.message, in: lowerer.file, at: problem.range)
                    return nil
                }
            }
            // A variable defined as a bare word, where the key takes words,
            // is read as if the word were written here: a case of the key's
            // type (`@edge: left;`) is that case, whatever else the word
            // means on its own (`left` is a text alignment, `black` a color,
            // `none` no autoresizing), and any other word is the error it
            // would be here, with its nearest case (`@v: left;` for
            // `content-mode` is no `mode-left`), the note pointing at the
            // definition. Not a design token's: its word says what the token
            // is (a weight of 900 is `black`), not a case to pick.
            if known.property.type.takesWords, node.kind == .variable, let reached = lowerer.wordReached(from: valueID),
               lowerer.program.tokenImports[ObjectIdentifier(reached.file.source)] == nil,
               let lowered = schema.lowerWords([(reached.word, node.range)], key: key(), type: known.property.type) {
                switch lowered {
                case .success(let value): return singleOption(value)
                case .failure(let problem):
                    // The fix goes where the word is written, at the note: the reference here is no place to replace.
                    var message = problem.message
                    message.fixIt = nil
                    log.report(message, in: lowerer.file, at: problem.range, notes: lowerer.definitionNotes(for: valueID))
                    return nil
                }
            }
            // A word that is no keyword, where the property takes no word: one
            // error, whose "did you mean" is a keyword of the property's type
            // (`text-color: rde` means 'red'; `alpha: nope` means no 'none').
            if let word = lowerer.unknownWord(valueID),
               !schema.accepts(known.property.type, schema.adapt(.identifier(word), to: known.property.type)) {
                let suggestion = schema.keyword(like: word, for: known.property.type)
                log.report(schema.typeError(key: key(), known.property.type, found: .identifier(word), suggestion: suggestion),
                           in: lowerer.file, at: node.range, notes: lowerer.definitionNotes(for: valueID))
                return nil
            }
            guard let value = lowerer.lower(valueID) else { return nil }
            if case .string(let text) = value, let (word, enumValue) = schema.caseNamed(byString: text, type: known.property.type) {
                let enumeration = known.property.type.enumerationName ?? "its enumeration"
                log.report(.warning(.propertyType, "'\(key())' takes a case of \(enumeration) as a bare word; write '\(word)'",
                                    fixIt: FixIt(replacement: word)), in: lowerer.file, at: node.range)
                return enumValue
            }
            let adapted = schema.adapt(value, to: known.property.type)
            guard schema.accepts(known.property.type, adapted) else {
                var notes = lowerer.definitionNotes(for: valueID)
                // A variable defined as a word of UIKit's enumerations
                // (`@c: line;`) got no "did you mean" where it is defined, as
                // it may be meant for a key of that type; where its key takes
                // no such word, the keyword it likely misspells is named at the
                // definition, where the fix goes.
                if case .identifier(let word) = adapted, !notes.isEmpty, schema.isCaseWord(word),
                   let suggestion = schema.keyword(like: word, for: known.property.type) {
                    notes[0].message += "; did you mean '\(suggestion)'?"
                }
                log.report(schema.typeError(key: key(), known.property.type, found: adapted), in: lowerer.file, at: node.range, notes: notes)
                return nil
            }
            return singleOption(adapted)
        }
    }

    /// The longhands of a `shadow:` or `border:` declaration's `value` (a
    /// shadow or a border), each with its value.
    /// In a rule the schema checks, each longhand key is checked as if
    /// written, and a class whose own `shadow-color` is its text's (a
    /// label's) gets the text shadow.
    private func expandShorthand(_ value: StyleValue, at valueID: ValueID, _ declaration: Declaration, nameID: Int32, key keyRange: SourceRange,
                                 _ checks: RuleContext.KeyChecks?, in context: RuleContext) -> [(Int32, StyleValue)] {
        let lowerer = context.lowerer!
        let (shorthand, longhands) = context.shorthands[nameID]!
        var isTextShadow = false
        if shorthand == .shadow, let checks,
           case .known(let known) = context.keyCheck(longhands[2], written: "shadow-color", in: checks) {
            isTextShadow = known.declaredBy != "UIView" && known.declaredBy != "CALayer"
        }
        guard let parts = shorthand.parts(of: value, isTextShadow: isTextShadow) else { return [] }
        if isTextShadow, case .shadow(let shadow) = value, shadow.blur != 0 {
            context.log.report(EvalMessages.textShadowBlur(checks!.className, blur: CallArguments.formatted(shadow.blur) + " points"),
                               in: lowerer.file, at: lowerer.syntax.values[valueID].range)
        }
        var expanded: [(Int32, StyleValue)] = []
        for (longhand, part) in zip(longhands, parts) {
            guard let part else { continue }
            if let checks {
                switch context.keyCheck(longhand, written: context.propertyNames[Int(longhand)], in: checks) {
                case .unknown(let message):
                    context.log.report(message, in: lowerer.file, at: keyRange)
                    continue
                case .known(let known) where declaration.states != .normal && !known.property.isPerState:
                    // One error for the declaration, as for a longhand written with the state.
                    context.log.report(context.schemaCheck.stateError(key: lowerer.file.text(keyRange), className: checks.className),
                                       in: lowerer.file, at: lowerer.syntax.stateBracket(of: declaration) ?? keyRange)
                    return []
                default:
                    break
                }
            }
            expanded.append((longhand, part))
        }
        return expanded
    }

    /// `UIButton.primary`: a class of that name is legal (a module-qualified
    /// class), but when the part before the dot is a UIKit class and the
    /// whole name is not declared, the trait `UIButton:primary` was meant.
    private func warnIfDottedTrait(_ range: SourceRange, in context: RuleContext) {
        let lowerer = context.lowerer!
        // Looked for among the source's bytes, and the part before the dot
        // compared with the last one met: this runs for every rule of a class
        // unknown to the schema, and making the name and finding its dot by
        // characters cost 5% of a build of such rules.
        // Read through the lowerer, in place: a slice of the file's bytes
        // would count a reference to them, which the threads share.
        guard let dot = lowerer.onlyDot(in: range), context.isUIKitClass(prefix: SourceRange(range.start, dot)) else { return }
        let prefix = lowerer.file.text(SourceRange(range.start, dot))
        let name = lowerer.file.text(range)
        let member = lowerer.file.text(SourceRange(dot + 1, range.end))
        let suggestion = prefix + ":" + member
        context.log.report(.warning(.dottedSelector, "'\(name)' is read as a class of that name; did you mean the trait '\(suggestion)'?",
                                    fixIt: FixIt(replacement: suggestion)), in: lowerer.file, at: range)
    }

    /// A `:__where` rule needs a `__condition`; a `__condition` without
    /// `:__where` applies, with a warning.
    private func checkWhere(_ header: Header, in lowerer: ValueLowerer, conditionKey: SourceRange?, log: DiagnosticLog) {
        let selector = header.rule.selector
        if let whereClause = selector.whereClause, conditionKey == nil, header.rule.isValid {
            log.report(EvalMessages.whereWithoutCondition(), in: lowerer.file, at: whereClause)
        } else if let conditionKey, selector.whereClause == nil {
            log.report(EvalMessages.conditionWithoutWhere(), in: lowerer.file, at: conditionKey)
        }
    }

    /// `condition: 'idiom = pad'` in a rule without `:__where` sets a
    /// property; when its value reads as a condition, the user most likely
    /// meant the directive.
    private func warnIfConditionString(_ id: ValueID, key: SourceRange, in lowerer: ValueLowerer, log: DiagnosticLog) {
        let node = lowerer.syntax.values[id]
        guard node.kind == .string else { return }
        let (condition, _) = ConditionParser.parse(file: lowerer.file.source, literal: node.range)
        if condition.isValid { log.report(EvalMessages.conditionAsProperty(), in: lowerer.file, at: key) }
    }

    /// A directive is not for a control state: `__condition[highlighted]` is an error.
    func rejectStates(_ declaration: Declaration, in lowerer: ValueLowerer, log: DiagnosticLog) {
        guard let bracket = lowerer.syntax.stateBracket(of: declaration) else { return }
        let key = lowerer.file.text(lowerer.syntax.key(of: declaration))
        log.report(EvalMessages.stateOnDirective(key), in: lowerer.file, at: bracket)
    }

    private func rejectImportant(_ declaration: Declaration, name: String, in file: LoadedFile, log: DiagnosticLog) {
        if let important = declaration.important {
            log.report(EvalMessages.importantOnDirective(name), in: file, at: important)
        }
    }
}
