
/// Values, conditions and whole tables decoded from their records. Every
/// reference was checked at load, so decoding trusts the fields it reads.
extension BinaryTable {
    typealias ValueKind = BinaryFormat.ValueKind
    typealias ConditionKind = BinaryFormat.ConditionKind

    /// The value of record `id`.
    func value(_ id: UInt32) -> StyleValue {
        let at = values + 20 * Int(id)
        let small = u8(at + 1), wide = u16(at + 2)
        func word(_ index: Int) -> UInt32 { u32(at + 4 + 4 * index) }
        func numberWord(_ index: Int) -> Double { number(word(index)) }
        switch ValueKind(rawValue: u8(at))! {
        case .number: return .number(numberWord(0), unit: BinaryFormat.unit(small)!)
        case .percent: return .percent(numberWord(0))
        case .angle: return .angle(radians: numberWord(0))
        case .string: return .string(string(word(0)))
        case .bool: return .bool(small != 0)
        case .color: return .color(color(at))
        case .gradient: return .gradient(valueList(word(0), word(1)).map { color(values + 20 * Int($0)) })
        case .font: return .font(font(name: word(0), size: numberWord(1), flags: small, styles: wide))
        case .rect: return .rect(x: numberWord(0), y: numberWord(1), width: numberWord(2), height: numberWord(3))
        case .point: return .point(x: numberWord(0), y: numberWord(1))
        case .size: return .size(width: numberWord(0), height: numberWord(1))
        case .edgeInsets: return .edgeInsets(top: numberWord(0), left: numberWord(1), bottom: numberWord(2), right: numberWord(3))
        case .localizedString: return .localizedString(key: string(word(0)))
        case .transform:
            switch BinaryFormat.TransformOperation(rawValue: small)! {
            case .scale: return .transform(.scale(x: numberWord(0), y: numberWord(1)))
            case .rotate: return .transform(.rotate(radians: numberWord(0)))
            case .translate: return .transform(.translate(x: numberWord(0), y: numberWord(1)))
            }
        case .vector: return .vector(valueList(word(0), word(1)).map { value($0) })
        case .image: return .image(small == 0 ? .named(string(word(0))) : .fill(value(word(0))))
        case .condition: return .condition(condition(word(0)))
        case .enumCase: return .enumCase(EnumCase(enumName: string(word(0)), caseName: string(word(1)), rawValue: Int(numberWord(2))))
        case .optionSet:
            let first = Int(word(1))
            let options = (0..<Int(word(2))).map { string(u32(stringLists + 4 * (first + $0))) }
            return .optionSet(OptionSetValue(setName: string(word(0)), options: options, rawValue: Int(numberWord(3))))
        case .call: return .call(name: string(word(0)), arguments: valueList(word(1), word(2)).map { value($0) })
        case .identifier: return .identifier(string(word(0)))
        }
    }

    private func valueList(_ first: UInt32, _ count: UInt32) -> [UInt32] {
        (0..<Int(count)).map { u32(valueLists + 4 * (Int(first) + $0)) }
    }

    /// The color in the value record at byte `at`.
    private func color(_ at: Int) -> Color {
        Color(red: number(u32(at + 4)), green: number(u32(at + 8)), blue: number(u32(at + 12)), alpha: number(u32(at + 16)))
    }

    private func font(name: UInt32, size: Double, flags: UInt8, styles: UInt16) -> Font {
        let fontSize: Font.Size = flags & 2 != 0 ? .percent(size) : .points(size, unit: BinaryFormat.unit(flags >> 2)!)
        let weight = UInt8(styles & 0xFF), textStyle = UInt8(styles >> 8)
        return Font(name: string(name), size: fontSize, isSystem: flags & 1 != 0,
                    weight: weight == 0 ? nil : BinaryFormat.keyword(weight - 1, as: FontWeight.self),
                    textStyle: textStyle == 0 ? nil : BinaryFormat.keyword(textStyle - 1, as: TextStyle.self))
    }

    // MARK: - Conditions

    func condition(_ index: UInt32) -> Condition {
        let at = conditions + 8 * Int(index)
        return Condition(test: expression(u32(at + 4)), source: string(u32(at)))
    }

    /// Whether condition `index` holds in `environment`, read from the
    /// nodes in place (only a term's fields are decoded).
    func holds(condition index: UInt32, in environment: StyleEnvironment) -> Bool {
        holds(node: u32(conditions + 8 * Int(index) + 4), in: environment)
    }

    private func holds(node: UInt32, in environment: StyleEnvironment) -> Bool {
        let at = conditionNodes + 12 * Int(node)
        switch ConditionKind(rawValue: u8(at))! {
        case .all: return children(of: at).allSatisfy { holds(node: $0, in: environment) }
        case .any: return children(of: at).contains { holds(node: $0, in: environment) }
        case .not: return !holds(node: u32(at + 4), in: environment)
        default: return test(at).holds(in: environment)
        }
    }

    private func children(of at: Int) -> LazyMapSequence<Range<Int>, UInt32> {
        let first = Int(u32(at + 4))
        return (first..<(first + Int(u32(at + 8)))).lazy.map { self.u32(self.conditionLists + 4 * $0) }
    }

    private func expression(_ node: UInt32) -> ConditionExpression {
        let at = conditionNodes + 12 * Int(node)
        switch ConditionKind(rawValue: u8(at))! {
        case .all: return .all(children(of: at).map { expression($0) })
        case .any: return .any(children(of: at).map { expression($0) })
        case .not: return .not(expression(u32(at + 4)))
        default: return .test(test(at))
        }
    }

    /// The term in the node at byte `at` (its codes were checked at load).
    private func test(_ at: Int) -> ConditionTest {
        let subject = u8(at + 1), op = u8(at + 2), operand = u8(at + 3)
        func code<Keyword: CaseIterable>(_ code: UInt8, _ type: Keyword.Type) -> Keyword { BinaryFormat.keyword(code, as: type)! }
        switch ConditionKind(rawValue: u8(at))! {
        case .always: return .always
        case .external: return .external(name: string(u32(at + 4)))
        case .sizeClass:
            return .sizeClass(axis: code(subject, SizeClassAxis.self), op: code(op, EqualityOperator.self), value: code(operand, SizeClass.self))
        case .size:
            return .size(dimension: code(subject, Dimension.self), op: code(op, ComparisonOperator.self), value: number(u32(at + 4)))
        case .idiom: return .idiom(op: code(op, EqualityOperator.self), value: code(operand, Idiom.self))
        case .appearance: return .appearance(op: code(op, EqualityOperator.self), value: code(operand, Appearance.self))
        case .contentSize: return .contentSize(op: code(op, ComparisonOperator.self), value: code(operand, ContentSizeCategory.self))
        case .layoutDirection: return .layoutDirection(op: code(op, EqualityOperator.self), value: code(operand, LayoutDirection.self))
        case .orientation: return .orientation(op: code(op, EqualityOperator.self), value: code(operand, Orientation.self))
        case .contrast: return .contrast(op: code(op, EqualityOperator.self), value: code(operand, Contrast.self))
        case .flag: return .flag(code(operand, AccessibilityFlag.self))
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
            let at = self.variables + 8 * index
            variables[string(u32(at))] = value(u32(at + 4))
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
                                       trait: optionalString(rule.trait), hasWhere: rule.hasWhere),
                priority: rule.priority, appliesToSubclasses: rule.appliesToSubclasses,
                condition: rule.condition == BinaryFormat.none ? nil : condition(rule.condition),
                source: SourcePosition(file: string(rule.file), line: Int(rule.line), column: Int(rule.column)),
                properties: properties, stateProperties: groups)
        }
        return RuleTable(variables: variables, rules: rules)
    }
}
