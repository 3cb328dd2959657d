
extension RuleTable {
    /// The table in the binary form (Docs/BinaryTable.md), exactly as
    /// `reflc build --format binary` writes it. Fails only for a table past
    /// the form's 4 GiB (its offsets are 32-bit).
    public func binaryBytes() throws(BinaryTableError) -> [UInt8] {
        var writer = BinaryTableWriter()
        return try writer.write(self)
    }
}

/// Lays a `RuleTable` out in the binary form. Strings, numbers, values and
/// conditions are pooled (each distinct one is stored once); a value or a
/// condition node is written after its parts, and the list of its parts
/// right after the lists of the records before it, which is what lets the
/// reader check the whole file in one pass.
struct BinaryTableWriter {
    typealias Section = BinaryFormat.Section

    private var sections = [[UInt8]](repeating: [], count: Section.allCases.count)
    private var stringIDs: [String: UInt32] = [:]
    private var stringCount: UInt32 = 0
    private var pooledNumbers: [UInt64: UInt32] = [:]
    private var valueIDs: [PooledRecord: UInt32] = [:]
    private var valueCount: UInt32 = 0
    private var nodeIDs: [PooledRecord: UInt32] = [:]
    private var nodeCount: UInt32 = 0
    private var conditionIDs: [PooledRecord: UInt32] = [:]
    private var conditionCount: UInt32 = 0
    private var propertyNameIDs: [String: UInt32] = [:]
    /// How deep values and conditions nest, at most: the reader refuses
    /// tables deeper than `BinaryFormat.maximumNesting`.
    private var depth = 0
    private var deepest = 0
    /// Whether to refuse a table that nests too deep (tests turn it off to
    /// make such a file for the reader to refuse).
    var checksNesting = true

    /// A record with the list it owns: equal ones are stored once.
    private struct PooledRecord: Hashable {
        var fields: [UInt32]
        var list: [UInt32] = []
    }

    init() {
        sections[Section.stringOffsets.rawValue].append(u32: 0)
    }

    mutating func write(_ table: RuleTable) throws(BinaryTableError) -> [UInt8] {
        var ruleIndex = RuleNameIndex()
        for (index, rule) in table.rules.enumerated() {
            addRule(rule)
            ruleIndex.add(rule, at: UInt32(index))
        }
        for (name, value) in table.variables.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }) {
            let nameID = string(name)
            let valueID = self.value(value)
            sections[Section.variables.rawValue].append(u32: nameID)
            sections[Section.variables.rawValue].append(u32: valueID)
        }
        addIndex(ruleIndex)
        if checksNesting && deepest > BinaryFormat.maximumNesting {
            throw BinaryTableError("values or conditions nest deeper than \(BinaryFormat.maximumNesting) levels, which the binary form does not hold; write the table as JSON")
        }
        return try assemble()
    }

    // MARK: - Rules

    private mutating func addRule(_ rule: CompiledRule) {
        let selector = rule.selector
        // The written selector is stored only when it is not its parts joined.
        let raw = selector.raw == RuleSelector.canonicalText(className: selector.className, trait: selector.trait,
                                                              hasWhere: selector.hasWhere) ? BinaryFormat.none : string(selector.raw)
        let className = selector.className.map { string($0) } ?? BinaryFormat.none
        let trait = selector.trait.map { string($0) } ?? BinaryFormat.none
        let condition = rule.condition.map { self.condition($0) } ?? BinaryFormat.none
        let file = string(rule.source.file)
        let firstProperty = UInt32(sections[Section.properties.rawValue].count / 8)
        for property in rule.properties { addProperty(property) }
        let firstGroup = UInt32(sections[Section.stateGroups.rawValue].count / 12)
        for group in rule.stateProperties {
            let groupFirst = UInt32(sections[Section.properties.rawValue].count / 8)
            for property in group.properties { addProperty(property) }
            sections[Section.stateGroups.rawValue].append(u32: UInt32(group.state.rawValue))
            sections[Section.stateGroups.rawValue].append(u32: groupFirst)
            sections[Section.stateGroups.rawValue].append(u32: UInt32(group.properties.count))
        }
        var record: [UInt8] = []
        record.append(u32: raw)
        record.append(u32: className)
        record.append(u32: trait)
        record.append((selector.hasWhere ? 1 : 0) | (rule.appliesToSubclasses ? 2 : 0))
        record.append(UInt8(clamping: rule.priority))
        record.append(contentsOf: [0, 0])
        record.append(u32: condition)
        record.append(u32: file)
        record.append(u32: UInt32(clamping: rule.source.line))
        record.append(u32: UInt32(clamping: rule.source.column))
        record.append(u32: firstProperty)
        record.append(u32: UInt32(rule.properties.count))
        record.append(u32: firstGroup)
        record.append(u32: UInt32(rule.stateProperties.count))
        sections[Section.rules.rawValue].append(contentsOf: record)
    }

    private mutating func addProperty(_ property: Property) {
        let name: UInt32
        if let known = propertyNameIDs[property.name] {
            name = known
        } else {
            name = UInt32(propertyNameIDs.count)
            propertyNameIDs[property.name] = name
            sections[Section.propertyNames.rawValue].append(u32: string(property.name))
        }
        let value = self.value(property.value)
        sections[Section.properties.rawValue].append(u32: name)
        sections[Section.properties.rawValue].append(u32: value | (property.isImportant ? BinaryFormat.importantBit : 0))
    }

    // MARK: - Pools

    private mutating func string(_ text: String) -> UInt32 {
        if let id = stringIDs[text] { return id }
        let id = stringCount
        stringCount += 1
        stringIDs[text] = id
        sections[Section.stringBytes.rawValue].append(contentsOf: text.utf8)
        sections[Section.stringOffsets.rawValue].append(u32: UInt32(sections[Section.stringBytes.rawValue].count))
        return id
    }

    /// The code of `number` (see `BinaryFormat.inlineCode`): itself for a
    /// short decimal, else its place in the numbers section.
    private mutating func number(_ number: Double) -> UInt32 {
        if let code = BinaryFormat.inlineCode(number) { return code }
        if let index = pooledNumbers[number.bitPattern] { return index | BinaryFormat.pooledNumberBit }
        let index = UInt32(pooledNumbers.count)
        pooledNumbers[number.bitPattern] = index
        sections[Section.numbers.rawValue].append(u64: number.bitPattern)
        return index | BinaryFormat.pooledNumberBit
    }

    private mutating func value(_ value: StyleValue) -> UInt32 {
        depth += 1
        deepest = max(deepest, depth)
        defer { depth -= 1 }
        typealias Kind = BinaryFormat.ValueKind
        var small: UInt8 = 0
        var wide: UInt16 = 0
        var words: [UInt32] = []
        /// The list the value owns, and which word gets its first index.
        var list: [UInt32] = []
        var listWord: Int?
        let kind: Kind
        switch value {
        case .number(let value, let unit):
            kind = .number
            small = BinaryFormat.unitCode(unit)
            words = [number(value)]
        case .percent(let percent):
            kind = .percent
            words = [number(percent)]
        case .angle(let radians):
            kind = .angle
            words = [number(radians)]
        case .string(let text):
            kind = .string
            words = [string(text)]
        case .bool(let flag):
            kind = .bool
            small = flag ? 1 : 0
        case .color(let color):
            kind = .color
            words = [number(color.red), number(color.green), number(color.blue), number(color.alpha)]
        case .gradient(let colors):
            kind = .gradient
            list = colors.map { self.value(.color($0)) }
            (words, listWord) = ([0, UInt32(list.count)], 0)
        case .font(let font):
            kind = .font
            switch font.size {
            case .points(let points, let unit):
                words = [string(font.name), number(points)]
                small = BinaryFormat.unitCode(unit) << 2
            case .percent(let percent):
                words = [string(font.name), number(percent)]
                small = 2
            }
            if font.isSystem { small |= 1 }
            wide = UInt16(font.weight.map { BinaryFormat.code($0) + 1 } ?? 0)
                | UInt16(font.textStyle.map { BinaryFormat.code($0) + 1 } ?? 0) << 8
        case .rect(let left, let top, let width, let height):
            kind = .rect
            words = [number(left), number(top), number(width), number(height)]
        case .point(let left, let top):
            kind = .point
            words = [number(left), number(top)]
        case .size(let width, let height):
            kind = .size
            words = [number(width), number(height)]
        case .edgeInsets(let top, let left, let bottom, let right):
            kind = .edgeInsets
            words = [number(top), number(left), number(bottom), number(right)]
        case .localizedString(let key):
            kind = .localizedString
            words = [string(key)]
        case .transform(let transform):
            kind = .transform
            switch transform {
            case .scale(let sx, let sy):
                small = BinaryFormat.TransformOperation.scale.rawValue
                words = [number(sx), number(sy)]
            case .rotate(let radians):
                small = BinaryFormat.TransformOperation.rotate.rawValue
                words = [number(radians)]
            case .translate(let tx, let ty):
                small = BinaryFormat.TransformOperation.translate.rawValue
                words = [number(tx), number(ty)]
            }
        case .vector(let items):
            kind = .vector
            list = items.map { self.value($0) }
            (words, listWord) = ([0, UInt32(list.count)], 0)
        case .image(.named(let name)):
            kind = .image
            words = [string(name)]
        case .image(.fill(let fill)):
            kind = .image
            small = 1
            words = [self.value(fill)]
        case .condition(let condition):
            kind = .condition
            words = [self.condition(condition)]
        case .enumCase(let enumCase):
            kind = .enumCase
            words = [string(enumCase.enumName), string(enumCase.caseName), number(Double(enumCase.rawValue))]
        case .optionSet(let options):
            kind = .optionSet
            let names = options.options.map { string($0) }
            words = [string(options.setName), 0, UInt32(names.count), number(Double(options.rawValue))]
            let key = PooledRecord(fields: [UInt32(kind.rawValue)] + words, list: names)
            if let id = valueIDs[key] { return id }
            words[1] = UInt32(sections[Section.stringLists.rawValue].count / 4)
            for name in names { sections[Section.stringLists.rawValue].append(u32: name) }
            return appendValue(key, kind, small, wide, words)
        case .call(let name, let arguments):
            kind = .call
            list = arguments.map { self.value($0) }
            (words, listWord) = ([string(name), 0, UInt32(list.count)], 1)
        case .identifier(let text):
            kind = .identifier
            words = [string(text)]
        }
        let key = PooledRecord(fields: [UInt32(kind.rawValue), UInt32(small), UInt32(wide)] + words, list: list)
        if let id = valueIDs[key] { return id }
        if let listWord {
            // A list's place is the first free one: lists follow their owners' order.
            words[listWord] = UInt32(sections[Section.valueLists.rawValue].count / 4)
            for item in list { sections[Section.valueLists.rawValue].append(u32: item) }
        }
        return appendValue(key, kind, small, wide, words)
    }

    private mutating func appendValue(_ key: PooledRecord, _ kind: BinaryFormat.ValueKind, _ small: UInt8, _ wide: UInt16,
                                      _ words: [UInt32]) -> UInt32 {
        let id = valueCount
        valueCount += 1
        valueIDs[key] = id
        sections[Section.values.rawValue].append(contentsOf: [kind.rawValue, small])
        sections[Section.values.rawValue].append(u16: wide)
        for index in 0..<4 { sections[Section.values.rawValue].append(u32: index < words.count ? words[index] : 0) }
        return id
    }

    // MARK: - Conditions

    private mutating func condition(_ condition: Condition) -> UInt32 {
        // A condition's nodes nest on their own, apart from the value holding it.
        let valueDepth = depth
        depth = 0
        let root = node(condition.test)
        depth = valueDepth
        let key = PooledRecord(fields: [string(condition.source), root])
        if let id = conditionIDs[key] { return id }
        let id = conditionCount
        conditionCount += 1
        conditionIDs[key] = id
        sections[Section.conditions.rawValue].append(u32: key.fields[0])
        sections[Section.conditions.rawValue].append(u32: root)
        return id
    }

    private mutating func node(_ expression: ConditionExpression) -> UInt32 {
        depth += 1
        deepest = max(deepest, depth)
        defer { depth -= 1 }
        typealias Kind = BinaryFormat.ConditionKind
        var kind: Kind
        var subject: UInt8 = 0, op: UInt8 = 0, operand: UInt8 = 0
        var x: UInt32 = 0, y: UInt32 = 0
        var list: [UInt32] = []
        switch expression {
        case .all(let operands):
            kind = .all
            list = operands.map { node($0) }
        case .any(let operands):
            kind = .any
            list = operands.map { node($0) }
        case .not(let operand):
            kind = .not
            x = node(operand)
        case .test(let test):
            switch test {
            case .always: kind = .always
            case .external(let name):
                kind = .external
                x = string(name)
            case .sizeClass(let axis, let equality, let value):
                kind = .sizeClass
                (subject, op, operand) = (BinaryFormat.code(axis), BinaryFormat.code(equality), BinaryFormat.code(value))
            case .size(let dimension, let comparison, let value):
                kind = .size
                (subject, op) = (BinaryFormat.code(dimension), BinaryFormat.code(comparison))
                x = number(value)
            case .idiom(let equality, let value):
                kind = .idiom
                (op, operand) = (BinaryFormat.code(equality), BinaryFormat.code(value))
            case .appearance(let equality, let value):
                kind = .appearance
                (op, operand) = (BinaryFormat.code(equality), BinaryFormat.code(value))
            case .contentSize(let comparison, let value):
                kind = .contentSize
                (op, operand) = (BinaryFormat.code(comparison), BinaryFormat.code(value))
            case .layoutDirection(let equality, let value):
                kind = .layoutDirection
                (op, operand) = (BinaryFormat.code(equality), BinaryFormat.code(value))
            case .orientation(let equality, let value):
                kind = .orientation
                (op, operand) = (BinaryFormat.code(equality), BinaryFormat.code(value))
            case .contrast(let equality, let value):
                kind = .contrast
                (op, operand) = (BinaryFormat.code(equality), BinaryFormat.code(value))
            case .flag(let flag):
                kind = .flag
                operand = BinaryFormat.code(flag)
            }
        }
        let ownsList = kind == .all || kind == .any
        let key = PooledRecord(fields: [UInt32(kind.rawValue), UInt32(subject), UInt32(op), UInt32(operand), x, y], list: list)
        if let id = nodeIDs[key] { return id }
        if ownsList {
            x = UInt32(sections[Section.conditionLists.rawValue].count / 4)
            y = UInt32(list.count)
            for child in list { sections[Section.conditionLists.rawValue].append(u32: child) }
        }
        let id = nodeCount
        nodeCount += 1
        nodeIDs[key] = id
        sections[Section.conditionNodes.rawValue].append(contentsOf: [kind.rawValue, subject, op, operand])
        sections[Section.conditionNodes.rawValue].append(u32: x)
        sections[Section.conditionNodes.rawValue].append(u32: y)
        return id
    }

    // MARK: - The selector index

    /// The rules each name can match, as `Stylesheet` looks them up.
    private struct RuleNameIndex {
        var names: [String] = []
        var lists: [String: (classRules: [UInt32], subclassRules: [UInt32], traitRules: [UInt32])] = [:]

        mutating func add(_ rule: CompiledRule, at index: UInt32) {
            let selector = rule.selector
            guard let name = selector.className ?? selector.trait else { return }
            if lists[name] == nil {
                names.append(name)
                lists[name] = ([], [], [])
            }
            lists[name]!.classRules.append(index)
            if rule.appliesToSubclasses { lists[name]!.subclassRules.append(index) }
            if selector.className == nil || selector.trait == nil { lists[name]!.traitRules.append(index) }
        }
    }

    private mutating func addIndex(_ index: RuleNameIndex) {
        // At most three quarters full, so that a probe soon meets an empty bucket.
        var bucketCount = 1
        while bucketCount <= index.names.count || 3 * bucketCount < 4 * index.names.count { bucketCount *= 2 }
        var buckets = [UInt32](repeating: 0, count: bucketCount)
        for (entry, name) in index.names.enumerated() {
            let lists = index.lists[name]!
            let nameID = string(name)
            let first = UInt32(sections[Section.ruleLists.rawValue].count / 4)
            for rule in lists.classRules + lists.subclassRules + lists.traitRules {
                sections[Section.ruleLists.rawValue].append(u32: rule)
            }
            for field in [nameID, first, UInt32(lists.classRules.count), UInt32(lists.subclassRules.count),
                          UInt32(lists.traitRules.count)] {
                sections[Section.indexEntries.rawValue].append(u32: field)
            }
            var slot = Int(name.utf8.withContiguousStorageIfAvailable { BinaryFormat.hash(UnsafeRawBufferPointer($0)) }
                           ?? Array(name.utf8).withUnsafeBytes { BinaryFormat.hash($0) }) & (bucketCount - 1)
            while buckets[slot] != 0 { slot = (slot + 1) & (bucketCount - 1) }
            buckets[slot] = UInt32(entry + 1)
        }
        for bucket in buckets { sections[Section.indexBuckets.rawValue].append(u32: bucket) }
    }

    // MARK: - The file

    private func assemble() throws(BinaryTableError) -> [UInt8] {
        let directoryEnd = BinaryFormat.headerLength + BinaryFormat.directoryLength
        var offsets: [Int] = []
        var position = directoryEnd
        for section in sections {
            position = (position + BinaryFormat.sectionAlignment - 1) / BinaryFormat.sectionAlignment * BinaryFormat.sectionAlignment
            offsets.append(position)
            position += section.count
        }
        guard position <= Int(UInt32.max), UInt64(stringCount) < UInt64(BinaryFormat.none) else {
            throw BinaryTableError("the table is too large for the binary form (past 4 GiB); write it as JSON")
        }
        var file = BinaryFormat.magic
        file.reserveCapacity(position)
        file.append(u32: BinaryFormat.layoutVersion)
        file.append(u32: UInt32(RuleTable.formatVersion))
        file.append(u32: UInt32(position))
        file.append(u32: UInt32(sections.count))
        for (offset, section) in zip(offsets, sections) {
            file.append(u32: UInt32(offset))
            file.append(u32: UInt32(section.count))
        }
        for (offset, section) in zip(offsets, sections) {
            file.append(contentsOf: repeatElement(0, count: offset - file.count))
            file.append(contentsOf: section)
        }
        return file
    }
}

extension [UInt8] {
    mutating func append(u16 value: UInt16) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func append(u32 value: UInt32) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }

    mutating func append(u64 value: UInt64) {
        Swift.withUnsafeBytes(of: value.littleEndian) { append(contentsOf: $0) }
    }
}
