
/// Values, conditions and whole tables decoded from their records. Every
/// reference was checked at load, so decoding trusts the fields it reads.
extension BinaryTable {
    typealias ConditionKind = BinaryFormat.ConditionKind

    /// The value of record `id`, decoded by its kind's codec.
    func value(_ id: UInt32) -> StyleValue {
        let at = values + ValueRecord.size * Int(id)
        return ValueCodecs.codec(forBinaryKind: read(ValueRecord.kind, at: at))!.readBinary(BinaryValueRecord(table: self, at: at))
    }

    /// The value indices `first..<first + count` of the value lists.
    func valueList(_ first: UInt32, _ count: UInt32) -> [UInt32] {
        (0..<Int(count)).map { entry(valueLists, Int(first) + $0) }
    }

    // MARK: - Conditions

    func condition(_ index: UInt32) -> Condition {
        let at = conditions + ConditionRecord.size * Int(index)
        return Condition(test: expression(read(ConditionRecord.root, at: at)), source: string(read(ConditionRecord.text, at: at)))
    }

    /// Whether condition `index` holds in `environment`, read from the
    /// nodes in place (only a term's fields are decoded).
    func holds(condition index: UInt32, in environment: StyleEnvironment) -> Bool {
        holds(node: read(ConditionRecord.root, at: conditions + ConditionRecord.size * Int(index)), in: environment)
    }

    private func holds(node: UInt32, in environment: StyleEnvironment) -> Bool {
        let at = conditionNodes + ConditionNodeRecord.size * Int(node)
        switch ConditionKind(rawValue: read(ConditionNodeRecord.kind, at: at))! {
        case .all: return children(of: at).allSatisfy { holds(node: $0, in: environment) }
        case .any: return children(of: at).contains { holds(node: $0, in: environment) }
        case .not: return !holds(node: read(ConditionNodeRecord.x, at: at), in: environment)
        default: return test(at).holds(in: environment)
        }
    }

    private func children(of at: Int) -> LazyMapSequence<Range<Int>, UInt32> {
        let first = Int(read(ConditionNodeRecord.x, at: at))
        return (first..<(first + Int(read(ConditionNodeRecord.y, at: at)))).lazy.map { self.entry(self.conditionLists, $0) }
    }

    private func expression(_ node: UInt32) -> ConditionExpression {
        let at = conditionNodes + ConditionNodeRecord.size * Int(node)
        switch ConditionKind(rawValue: read(ConditionNodeRecord.kind, at: at))! {
        case .all: return .all(children(of: at).map { expression($0) })
        case .any: return .any(children(of: at).map { expression($0) })
        case .not: return .not(expression(read(ConditionNodeRecord.x, at: at)))
        default: return .test(test(at))
        }
    }

    /// The term in the node at byte `at` (its codes were checked at load).
    private func test(_ at: Int) -> ConditionTest {
        let subject = read(ConditionNodeRecord.subject, at: at), op = read(ConditionNodeRecord.op, at: at)
        let operand = read(ConditionNodeRecord.operand, at: at)
        func code<Keyword: CaseIterable>(_ code: UInt8, _ type: Keyword.Type) -> Keyword { BinaryFormat.keyword(code, as: type)! }
        switch ConditionKind(rawValue: read(ConditionNodeRecord.kind, at: at))! {
        case .always: return .always
        case .external: return .external(name: string(read(ConditionNodeRecord.x, at: at)))
        case .sizeClass:
            return .sizeClass(axis: code(subject, SizeClassAxis.self), op: code(op, EqualityOperator.self), value: code(operand, SizeClass.self))
        case .size:
            return .size(dimension: code(subject, Dimension.self), op: code(op, ComparisonOperator.self), value: number(read(ConditionNodeRecord.x, at: at)))
        case .idiom: return .idiom(op: code(op, EqualityOperator.self), value: code(operand, Idiom.self))
        case .appearance: return .appearance(op: code(op, EqualityOperator.self), value: code(operand, Appearance.self))
        case .contentSize: return .contentSize(op: code(op, ComparisonOperator.self), value: code(operand, ContentSizeCategory.self))
        case .layoutDirection: return .layoutDirection(op: code(op, EqualityOperator.self), value: code(operand, LayoutDirection.self))
        case .orientation: return .orientation(op: code(op, EqualityOperator.self), value: code(operand, Orientation.self))
        case .contrast: return .contrast(op: code(op, EqualityOperator.self), value: code(operand, Contrast.self))
        case .flag: return .flag(code(operand, AccessibilityFlag.self))
        case .osVersion:
            return .osVersion(op: code(op, ComparisonOperator.self),
                              value: OSVersion(Int(read(ConditionNodeRecord.x, at: at)), Int(read(ConditionNodeRecord.y, at: at))))
        case .scale: return .scale(op: code(op, ComparisonOperator.self), value: number(read(ConditionNodeRecord.x, at: at)))
        case .all, .any, .not: fatalError("not a term")  // callers dispatch these first
        }
    }

    // MARK: - The whole table

    /// The selector as written: stored only when it is not its parts joined.
    func selectorText(_ rule: Rule) -> String {
        rule.raw != BinaryFormat.none ? string(rule.raw)
            : RuleSelector.canonicalText(className: optionalString(rule.className), trait: optionalString(rule.trait),
                                         hasWhere: rule.hasWhere)
    }

    /// Every rule and variable decoded: the `RuleTable` the file was written from.
    func ruleTable() -> RuleTable {
        var variables: [String: StyleValue] = [:]
        for index in 0..<sectionCounts[Section.variables.rawValue] {
            let at = self.variables + VariableRecord.size * index
            variables[string(read(VariableRecord.name, at: at))] = value(read(VariableRecord.value, at: at))
        }
        let rules = (0..<ruleCount).map { index -> CompiledRule in
            let rule = self.rule(index)
            var properties: [Property] = []
            var groups: [StateProperties] = []
            forEachProperty(ofRule: index) { name, value, isImportant, state in
                let property = Property(name: name, value: value, isImportant: isImportant)
                if state == .normal {
                    properties.append(property)
                } else if groups.last?.state == state {
                    groups[groups.count - 1].properties.append(property)
                } else {
                    groups.append(StateProperties(state: state, properties: [property]))
                }
            }
            return CompiledRule(
                selector: RuleSelector(raw: selectorText(rule), className: optionalString(rule.className),
                                       trait: optionalString(rule.trait), hasWhere: rule.hasWhere,
                                       context: rule.contextSteps > 0 ? RuleContextStep.steps(ofSelectorText: selectorText(rule)) : []),
                priority: rule.priority, appliesToSubclasses: rule.appliesToSubclasses,
                condition: rule.condition == BinaryFormat.none ? nil : condition(rule.condition),
                source: SourcePosition(file: string(rule.file), line: Int(rule.line), column: Int(rule.column)),
                properties: properties, stateProperties: groups)
        }
        return RuleTable(variables: variables, rules: rules)
    }
}
