
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
///
/// Rules are added one by one, in table order (`add`), so that a build can
/// lay each out as it is compiled without holding the whole table; `finish`
/// adds the variables and the selector index and assembles the file.
package struct BinaryTableWriter {
    typealias Section = BinaryFormat.Section

    private var sections = [[UInt8]](repeating: [], count: Section.allCases.count)
    private var stringIDs: [String: UInt32] = [:]
    private var stringCount: UInt32 = 0
    private var pooledNumbers: [UInt64: UInt32] = [:]
    private var valueIDs: [PooledValue: UInt32] = [:]
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

    /// A value record's fields and the list it owns, as the pool compares
    /// them: plain fields, so that looking a value up (every property of
    /// every rule does) makes no array for its key, and growing the pool
    /// rehashes no arrays. Most values own no list.
    private struct PooledValue: Hashable {
        let kind: UInt8
        let small: UInt8
        let wide: UInt16
        let words: (UInt32, UInt32, UInt32, UInt32)
        let list: [UInt32]?

        init(kind: UInt8, _ fields: BinaryValueFields) {
            self.kind = kind
            small = fields.small
            wide = fields.wide
            let given = fields.words  // unused words are 0
            words = (given[0], given[1], given[2], given[3])
            list = fields.list?.entries
        }

        static func == (left: PooledValue, right: PooledValue) -> Bool {
            left.kind == right.kind && left.small == right.small && left.wide == right.wide && left.words == right.words
                && left.list == right.list
        }

        func hash(into hasher: inout Hasher) {
            // Two words of 64 bits rather than seven fields one by one.
            hasher.combine(UInt64(kind) | UInt64(small) << 8 | UInt64(wide) << 16 | UInt64(words.0) << 32)
            hasher.combine(UInt64(words.1) | UInt64(words.2) << 32)
            hasher.combine(words.3)
            if let list { hasher.combine(list) }
        }
    }

    /// The rules' names, for the selector index written at the end.
    private var ruleIndex = RuleNameIndex()
    private var ruleCount: UInt32 = 0

    package init() {
        sections[Section.stringOffsets.rawValue].appendEntry(0)
    }

    mutating func write(_ table: RuleTable) throws(BinaryTableError) -> [UInt8] {
        for rule in table.rules { add(rule) }
        return try finish(variables: table.variables)
    }

    /// Lays out the table's next rule.
    package mutating func add(_ rule: CompiledRule) {
        addRule(rule)
        ruleIndex.add(rule, at: ruleCount)
        ruleCount += 1
    }

    /// The file: the rules added, then `variables` and the selector index.
    package mutating func finish(variables: [String: StyleValue]) throws(BinaryTableError) -> [UInt8] {
        for (name, value) in variables.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }) {
            let nameID = string(name)
            let valueID = self.value(value)
            let at = sections[Section.variables.rawValue].appendRecord(size: VariableRecord.size)
            sections[Section.variables.rawValue].set(VariableRecord.name, at: at, to: nameID)
            sections[Section.variables.rawValue].set(VariableRecord.value, at: at, to: valueID)
        }
        addIndex(ruleIndex)
        if checksNesting && deepest > BinaryFormat.maximumNesting {
            throw BinaryTableError("values or conditions nest deeper than \(BinaryFormat.maximumNesting) levels, which the binary form does not hold; write the table as JSON")
        }
        // The pools are done with: let them go before the file is put together.
        (stringIDs, pooledNumbers, valueIDs, nodeIDs, conditionIDs, propertyNameIDs) = ([:], [:], [:], [:], [:], [:])
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
        let firstProperty = UInt32(count(.properties))
        for property in rule.properties { addProperty(property) }
        let firstGroup = UInt32(count(.stateGroups))
        for group in rule.stateProperties {
            let groupFirst = UInt32(count(.properties))
            for property in group.properties { addProperty(property) }
            let at = sections[Section.stateGroups.rawValue].appendRecord(size: StateGroupRecord.size)
            sections[Section.stateGroups.rawValue].set(StateGroupRecord.state, at: at, to: UInt32(group.state.rawValue))
            sections[Section.stateGroups.rawValue].set(StateGroupRecord.firstProperty, at: at, to: groupFirst)
            sections[Section.stateGroups.rawValue].set(StateGroupRecord.propertyCount, at: at, to: UInt32(group.properties.count))
        }
        let at = sections[Section.rules.rawValue].appendRecord(size: RuleRecord.size)
        func set<Value: FixedWidthInteger>(_ field: RecordField<Value>, _ value: Value) {
            sections[Section.rules.rawValue].set(field, at: at, to: value)
        }
        set(RuleRecord.selectorText, raw)
        set(RuleRecord.className, className)
        set(RuleRecord.trait, trait)
        set(RuleRecord.flags, (selector.hasWhere ? RuleRecord.whereFlag : 0) | (rule.appliesToSubclasses ? RuleRecord.subclassesFlag : 0))
        set(RuleRecord.priority, UInt8(clamping: rule.priority))
        set(RuleRecord.contextSteps, UInt16(clamping: selector.context.count))
        set(RuleRecord.condition, condition)
        set(RuleRecord.file, file)
        set(RuleRecord.line, UInt32(clamping: rule.source.line))
        set(RuleRecord.column, UInt32(clamping: rule.source.column))
        set(RuleRecord.firstProperty, firstProperty)
        set(RuleRecord.propertyCount, UInt32(rule.properties.count))
        set(RuleRecord.firstGroup, firstGroup)
        set(RuleRecord.groupCount, UInt32(rule.stateProperties.count))
    }

    /// How many records `section` holds so far.
    private func count(_ section: Section) -> Int { sections[section.rawValue].count / section.recordSize }

    private mutating func addProperty(_ property: Property) {
        let name: UInt32
        if let known = propertyNameIDs[property.name] {
            name = known
        } else {
            name = UInt32(propertyNameIDs.count)
            propertyNameIDs[property.name] = name
            sections[Section.propertyNames.rawValue].appendEntry(string(property.name))
        }
        let value = self.value(property.value)
        let at = sections[Section.properties.rawValue].appendRecord(size: PropertyRecord.size)
        sections[Section.properties.rawValue].set(PropertyRecord.name, at: at, to: name)
        sections[Section.properties.rawValue].set(PropertyRecord.value, at: at, to: value | (property.isImportant ? BinaryFormat.importantBit : 0))
    }

    // MARK: - Pools

    mutating func string(_ text: String) -> UInt32 {
        let id = Self.claim(&stringIDs[text, default: Self.unclaimed], for: stringCount)
        guard id == stringCount else { return id }
        stringCount += 1
        sections[Section.stringBytes.rawValue].appendUTF8(text)
        sections[Section.stringOffsets.rawValue].appendEntry(UInt32(sections[Section.stringBytes.rawValue].count))
        return id
    }

    /// The code of `number` (see `BinaryFormat.inlineCode`): itself for a
    /// short decimal, else its place in the numbers section.
    mutating func number(_ number: Double) -> UInt32 {
        if let code = BinaryFormat.inlineCode(number) { return code }
        if let index = pooledNumbers[number.bitPattern] { return index | BinaryFormat.pooledNumberBit }
        let index = UInt32(pooledNumbers.count)
        pooledNumbers[number.bitPattern] = index
        sections[Section.numbers.rawValue].set(NumberRecord.bits, at: sections[Section.numbers.rawValue].appendRecord(size: NumberRecord.size),
                                               to: number.bitPattern)
        return index | BinaryFormat.pooledNumberBit
    }

    /// The index of `value`'s record, its parts and the record added if it is new.
    mutating func value(_ value: StyleValue) -> UInt32 {
        depth += 1
        deepest = max(deepest, depth)
        defer { depth -= 1 }
        let codec = value.codec
        let fields = codec.writeBinary(value, to: &self)
        let key = PooledValue(kind: codec.binaryKind, fields)
        let id = Self.claim(&valueIDs[key, default: Self.unclaimed], for: valueCount)
        guard id == valueCount else { return id }
        var words = fields.words
        if let list = fields.list {
            // A list's place is the first free one: lists follow their owners' order.
            words[list.firstWord] = UInt32(count(list.section))
            for entry in list.entries { sections[list.section.rawValue].appendEntry(entry) }
        }
        valueCount += 1
        let at = sections[Section.values.rawValue].appendRecord(size: ValueRecord.size)
        sections[Section.values.rawValue].set(ValueRecord.kind, at: at, to: codec.binaryKind)
        sections[Section.values.rawValue].set(ValueRecord.small, at: at, to: fields.small)
        sections[Section.values.rawValue].set(ValueRecord.wide, at: at, to: fields.wide)
        for index in 0..<ValueRecord.wordCount { sections[Section.values.rawValue].set(ValueRecord.word(index), at: at, to: words[index]) }
        return id
    }

    /// What a pool's slot holds while it is being claimed.
    private static let unclaimed = UInt32.max

    /// The id in `slot`, or `candidate` put there when the slot is new: a
    /// pool is looked up and added to with one hashing of the key (the
    /// dictionary's slot for a key, made with `unclaimed` when missing).
    private static func claim(_ slot: inout UInt32, for candidate: UInt32) -> UInt32 {
        if slot == unclaimed { slot = candidate }
        return slot
    }

    // MARK: - Conditions

    mutating func condition(_ condition: Condition) -> UInt32 {
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
        let at = sections[Section.conditions.rawValue].appendRecord(size: ConditionRecord.size)
        sections[Section.conditions.rawValue].set(ConditionRecord.text, at: at, to: key.fields[0])
        sections[Section.conditions.rawValue].set(ConditionRecord.root, at: at, to: root)
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
            case .osVersion(let comparison, let version):
                kind = .osVersion
                op = BinaryFormat.code(comparison)
                (x, y) = (UInt32(clamping: version.major), UInt32(clamping: version.minor))
            case .scale(let comparison, let value):
                kind = .scale
                op = BinaryFormat.code(comparison)
                x = number(value)
            }
        }
        let ownsList = kind == .all || kind == .any
        let key = PooledRecord(fields: [UInt32(kind.rawValue), UInt32(subject), UInt32(op), UInt32(operand), x, y], list: list)
        if let id = nodeIDs[key] { return id }
        if ownsList {
            x = UInt32(count(.conditionLists))
            y = UInt32(list.count)
            for child in list { sections[Section.conditionLists.rawValue].appendEntry(child) }
        }
        let id = nodeCount
        nodeCount += 1
        nodeIDs[key] = id
        let at = sections[Section.conditionNodes.rawValue].appendRecord(size: ConditionNodeRecord.size)
        sections[Section.conditionNodes.rawValue].set(ConditionNodeRecord.kind, at: at, to: kind.rawValue)
        sections[Section.conditionNodes.rawValue].set(ConditionNodeRecord.subject, at: at, to: subject)
        sections[Section.conditionNodes.rawValue].set(ConditionNodeRecord.op, at: at, to: op)
        sections[Section.conditionNodes.rawValue].set(ConditionNodeRecord.operand, at: at, to: operand)
        sections[Section.conditionNodes.rawValue].set(ConditionNodeRecord.x, at: at, to: x)
        sections[Section.conditionNodes.rawValue].set(ConditionNodeRecord.y, at: at, to: y)
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
            let first = UInt32(count(.ruleLists))
            for rule in lists.classRules + lists.subclassRules + lists.traitRules { sections[Section.ruleLists.rawValue].appendEntry(rule) }
            let at = sections[Section.indexEntries.rawValue].appendRecord(size: IndexEntryRecord.size)
            sections[Section.indexEntries.rawValue].set(IndexEntryRecord.name, at: at, to: nameID)
            sections[Section.indexEntries.rawValue].set(IndexEntryRecord.firstRule, at: at, to: first)
            sections[Section.indexEntries.rawValue].set(IndexEntryRecord.classCount, at: at, to: UInt32(lists.classRules.count))
            sections[Section.indexEntries.rawValue].set(IndexEntryRecord.subclassCount, at: at, to: UInt32(lists.subclassRules.count))
            sections[Section.indexEntries.rawValue].set(IndexEntryRecord.traitCount, at: at, to: UInt32(lists.traitRules.count))
            var slot = Int(BinaryFormat.hash(name.utf8)) & (bucketCount - 1)
            while buckets[slot] != 0 { slot = (slot + 1) & (bucketCount - 1) }
            buckets[slot] = UInt32(entry + 1)
        }
        for bucket in buckets { sections[Section.indexBuckets.rawValue].appendEntry(bucket) }
    }

    // MARK: - The file

    /// The file, made of the sections, each let go once it is copied in (so
    /// that the table is not held twice over at the end of a large build).
    private mutating func assemble() throws(BinaryTableError) -> [UInt8] {
        let directoryEnd = BinaryFormat.headerLength + BinaryFormat.directoryLength
        var offsets: [Int] = []
        var position = directoryEnd
        for section in sections {
            position = (position + BinaryFormat.sectionAlignment - 1) / BinaryFormat.sectionAlignment * BinaryFormat.sectionAlignment
            offsets.append(position)
            position += section.count
        }
        // The checksum ends the file, at a multiple of 8 after the sections.
        let trailer = (position + BinaryFormat.sectionAlignment - 1) / BinaryFormat.sectionAlignment * BinaryFormat.sectionAlignment
        position = trailer + ChecksumTrailer.size
        guard position <= Int(UInt32.max), UInt64(stringCount) < UInt64(BinaryFormat.none) else {
            throw BinaryTableError("the table is too large for the binary form (past 4 GiB); write it as JSON")
        }
        var file = BinaryFormat.magic + [UInt8](repeating: 0, count: directoryEnd - BinaryFormat.magic.count)
        file.reserveCapacity(position)
        file.set(HeaderRecord.layoutVersion, at: 0, to: BinaryFormat.layoutVersion)
        file.set(HeaderRecord.tableVersion, at: 0, to: BinaryFormat.ruleModelVersion)
        file.set(HeaderRecord.fileLength, at: 0, to: UInt32(position))
        file.set(HeaderRecord.sectionCount, at: 0, to: UInt32(sections.count))
        for (index, (offset, section)) in zip(offsets, sections).enumerated() {
            let entry = BinaryFormat.headerLength + DirectoryEntry.size * index
            file.set(DirectoryEntry.offset, at: entry, to: UInt32(offset))
            file.set(DirectoryEntry.length, at: entry, to: UInt32(section.count))
        }
        for (index, offset) in offsets.enumerated() {
            file.append(contentsOf: repeatElement(0, count: offset - file.count))
            file.append(contentsOf: sections[index])
            sections[index] = []
        }
        file.append(contentsOf: repeatElement(0, count: trailer - file.count))
        let checksum = BinaryChecksum.xxh64(file, count: file.count)
        file.set(ChecksumTrailer.checksum, at: file.appendRecord(size: ChecksumTrailer.size), to: checksum)
        return file
    }
}

