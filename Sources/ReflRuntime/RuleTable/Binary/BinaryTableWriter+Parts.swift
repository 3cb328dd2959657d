
/// How the ids of a part of a table, laid out on its own, become those of
/// the whole table it joins: for each pool, the whole's id of the part's
/// id `n` is entry `n`.
struct BinaryRenumbering {
    var strings: [UInt32] = []
    /// Of the part's pooled numbers (an inline number code is kept as it is).
    var numbers: [UInt32] = []
    var values: [UInt32] = []
    var nodes: [UInt32] = []
    var conditions: [UInt32] = []

    func string(_ id: UInt32) -> UInt32 { strings[Int(id)] }
    /// A string id, or `BinaryFormat.none` kept.
    func optionalString(_ id: UInt32) -> UInt32 { id == BinaryFormat.none ? id : strings[Int(id)] }
    func number(_ code: UInt32) -> UInt32 {
        code & BinaryFormat.pooledNumberBit == 0 ? code : numbers[Int(code & ~BinaryFormat.pooledNumberBit)] | BinaryFormat.pooledNumberBit
    }
    func value(_ id: UInt32) -> UInt32 { values[Int(id)] }
    func node(_ id: UInt32) -> UInt32 { nodes[Int(id)] }
    func condition(_ id: UInt32) -> UInt32 { conditions[Int(id)] }
}

extension BinaryTableWriter {
    /// Joins `part` (a writer made by `part()`, given the rules that come
    /// next in table order) to this writer's rules, and empties it for the
    /// next run of rules.
    ///
    /// The part's strings, numbers, nodes, conditions and values are pooled
    /// here in the order the part first met them, which is the order this
    /// writer would have met them in had it been given the part's rules: so
    /// every id, and every byte of the file, is the same. Only the entries
    /// distinct within the part are looked up here; the rules' and the
    /// properties' records are copied and their references renumbered.
    package mutating func append(_ part: inout BinaryTableWriter) {
        precondition(part.valueListShapes != nil, "append takes a part, made by BinaryTableWriter.part()")
        makeRoom(for: part)
        let firstRule = ruleCount
        let ids = pool(part)
        appendRecords(of: part, through: ids)
        ruleIndex.append(part.ruleIndex, numberedFrom: firstRule, through: ids)
        deepest = max(deepest, part.deepest)
        valuesLaidOut += part.valuesLaidOut
        // Nothing here holds the part's arrays any more, so emptying it keeps their memory.
        part.empty()
    }

    /// Pools `part`'s strings, numbers, nodes, conditions and values, in
    /// the order the part gave them ids; how its ids become this writer's.
    private mutating func pool(_ part: BinaryTableWriter) -> BinaryRenumbering {
        var ids = BinaryRenumbering()
        let partStrings = part.sections[Section.stringBytes.rawValue], partOffsets = part.sections[Section.stringOffsets.rawValue]
        ids.strings.reserveCapacity(Int(part.stringCount))
        for id in 0..<part.stringCount {
            ids.strings.append(claimString(Self.stringRange(id, partOffsets), of: partStrings))
        }
        let numbers = part.sections[Section.numbers.rawValue]
        for at in stride(from: 0, to: numbers.count, by: NumberRecord.size) {
            ids.numbers.append(number(Double(bitPattern: numbers.read(NumberRecord.bits, at: at))) & ~BinaryFormat.pooledNumberBit)
        }
        let partNodes = part.sections[Section.conditionNodes.rawValue], partLists = part.sections[Section.conditionLists.rawValue]
        for id in 0..<Int(part.nodeCount) {
            ids.nodes.append(claimNode(Self.node(at: ConditionNodeRecord.size * id, of: partNodes, lists: partLists, through: ids)))
        }
        let partConditions = part.sections[Section.conditions.rawValue]
        for at in stride(from: 0, to: partConditions.count, by: ConditionRecord.size) {
            ids.conditions.append(claimCondition(text: ids.string(partConditions.read(ConditionRecord.text, at: at)),
                                                 root: ids.node(partConditions.read(ConditionRecord.root, at: at))))
        }
        ids.values.reserveCapacity(Int(part.valueCount))
        let partValues = part.sections[Section.values.rawValue]
        for (id, shape) in part.valueListShapes!.enumerated() {
            let at = ValueRecord.size * id
            let kind = partValues.read(ValueRecord.kind, at: at)
            var fields = BinaryValueFields(small: partValues.read(ValueRecord.small, at: at), wide: partValues.read(ValueRecord.wide, at: at))
            for position in 0..<ValueRecord.wordCount { fields.words.append(partValues.read(ValueRecord.word(position), at: at)) }
            if let section = shape.section {
                let lists = part.sections[section.rawValue], first = Int(fields.words[Int(shape.word)])
                let start = beginList()
                for index in first..<(first + Int(shape.count)) {
                    let entry = lists.read(ListEntry.value, at: ListEntry.size * index)
                    appendToList(section == .stringLists ? ids.string(entry) : ids.value(entry))
                }
                fields.list = endList(section, from: start, firstWord: Int(shape.word))
            }
            ValueCodecs.codec(forBinaryKind: kind)!.renumberBinary(&fields, through: ids)
            ids.values.append(claimValue(kind: kind, fields))
        }
        return ids
    }

    /// Appends `part`'s property, state group and rule records, their references renumbered by `ids`.
    private mutating func appendRecords(of part: BinaryTableWriter, through ids: BinaryRenumbering) {
        var names: [UInt32] = []
        let partNames = part.sections[Section.propertyNames.rawValue]
        for at in stride(from: 0, to: partNames.count, by: ListEntry.size) {
            names.append(propertyName(ofString: ids.string(partNames.read(ListEntry.value, at: at))))
        }
        let firstProperty = UInt32(count(.properties)), firstGroup = UInt32(count(.stateGroups))
        // A property's record is one word: renumbered as a word and the
        // words appended at once, rather than its two fields read and set
        // in the table's section one record at a time (the records are
        // most of a part: 1,500 for a run of 64 rules of the 10 MB corpus).
        let partProperties = part.sections[Section.properties.rawValue]
        for at in stride(from: 0, to: partProperties.count, by: PropertyRecord.size) {
            let record = partProperties.read(PropertyRecord.whole, at: at)
            let name = names[Int(UInt32(truncatingIfNeeded: record))], value = UInt32(truncatingIfNeeded: record >> 32)
            let renumbered = ids.value(value & ~BinaryFormat.importantBit) | value & BinaryFormat.importantBit
            propertyRecords.append(UInt64(name) | UInt64(renumbered) << 32)  // `PropertyRecord.whole`
        }
        sections[Section.properties.rawValue].appendLittleEndian(contentsOf: propertyRecords)
        propertyRecords.removeAll(keepingCapacity: true)
        appendRecords(of: .stateGroups, from: part) { section, at in
            section.set(StateGroupRecord.firstProperty, at: at, to: section.read(StateGroupRecord.firstProperty, at: at) + firstProperty)
        }
        appendRecords(of: .rules, from: part) { section, at in
            // Field by field, not looped over as an array: one would be allocated for every rule.
            section.set(RuleRecord.selectorText, at: at, to: ids.optionalString(section.read(RuleRecord.selectorText, at: at)))
            section.set(RuleRecord.className, at: at, to: ids.optionalString(section.read(RuleRecord.className, at: at)))
            section.set(RuleRecord.trait, at: at, to: ids.optionalString(section.read(RuleRecord.trait, at: at)))
            let condition = section.read(RuleRecord.condition, at: at)
            section.set(RuleRecord.condition, at: at, to: condition == BinaryFormat.none ? condition : ids.condition(condition))
            section.set(RuleRecord.file, at: at, to: ids.string(section.read(RuleRecord.file, at: at)))
            section.set(RuleRecord.firstProperty, at: at, to: section.read(RuleRecord.firstProperty, at: at) + firstProperty)
            section.set(RuleRecord.firstGroup, at: at, to: section.read(RuleRecord.firstGroup, at: at) + firstGroup)
        }
    }

    /// Makes each section room for what `part` can add to it (see `makeRoom(rulesDone:needed:)`).
    private mutating func makeRoom(for part: BinaryTableWriter) {
        makeRoom(rulesDone: Int(ruleCount + part.ruleCount), needed: sections.indices.map { sections[$0].count + part.sections[$0].count })
    }

    /// Makes each section room for the next `count` rules, laid out
    /// straight into this writer, as much as the rules so far took each.
    package mutating func makeRoom(forRules count: Int) {
        let done = Int(ruleCount)
        guard done > 0 else { return }
        makeRoom(rulesDone: done + count, needed: sections.map { $0.count + $0.count * count / done })
    }

    /// Grows each section that cannot hold its `needed` bytes once
    /// `rulesDone` rules are in: at once to what the whole table is
    /// expected to need (from `expectedRuleCount` and the size so far),
    /// with a quarter more, rather than to twice its size, which would copy
    /// each section into fresh memory at every doubling and leave up to
    /// half of the largest ones unused at the end. Room reserved and never
    /// written is never made resident; but a table whose first rules are
    /// far larger than the rest would reserve far more than it needs,
    /// which a system that counts reserved memory can refuse: no section
    /// grows past twice what it needs now and 16 MiB more (more than any
    /// section of the 50 MB benchmark's table needs in all, so the cap
    /// leaves real builds alone; a cap of sixteen times the need cost the
    /// 10 MB build 1.2 MB of peak on two cores, the sections growing in
    /// steps through memory they left behind). Without the doubling
    /// that this growth was once held to, the 10 MB build took 770 fewer
    /// page faults (10,750 to 9,980) and 0.1720 to 0.1684 s on one core
    /// (medians of 21 alternating runs, when one core joined parts too;
    /// two cores 0.0983 to 0.0980 s), its peak unchanged.
    private mutating func makeRoom(rulesDone done: Int, needed: [Int]) {
        guard let expected = expectedRuleCount, done > 0 else { return }
        for index in sections.indices {
            let needed = needed[index]
            guard needed > sections[index].capacity else { continue }
            let predicted = needed * max(expected, done) / done
            sections[index].reserveCapacity(max(needed, min(predicted + predicted / 4, 2 * needed + (16 << 20))))
        }
    }

    /// Appends `part`'s records of `section`, then lets `renumber` change
    /// each one's references (given the section and the record's offset).
    private mutating func appendRecords(of section: Section, from part: BinaryTableWriter,
                                        renumber: (inout [UInt8], Int) -> Void) {
        let start = sections[section.rawValue].count
        sections[section.rawValue].append(contentsOf: part.sections[section.rawValue])
        for at in stride(from: start, to: sections[section.rawValue].count, by: section.recordSize) {
            renumber(&sections[section.rawValue], at)
        }
    }

    /// The part's condition node recorded at `at` in `nodes`, its
    /// references renumbered: by kind, `x` is a string, a number or a node,
    /// and a list (in `lists`) holds nodes.
    private static func node(at: Int, of nodes: [UInt8], lists: [UInt8], through ids: BinaryRenumbering) -> NodeKey {
        var node = NodeKey(kind: BinaryFormat.ConditionKind(rawValue: nodes.read(ConditionNodeRecord.kind, at: at))!,
                           subject: nodes.read(ConditionNodeRecord.subject, at: at), op: nodes.read(ConditionNodeRecord.op, at: at),
                           operand: nodes.read(ConditionNodeRecord.operand, at: at),
                           x: nodes.read(ConditionNodeRecord.x, at: at), y: nodes.read(ConditionNodeRecord.y, at: at))
        switch node.kind {
        case .all, .any:
            let first = Int(node.x)
            node.list = (first..<(first + Int(node.y))).map { ids.node(lists.read(ListEntry.value, at: ListEntry.size * $0)) }
            (node.x, node.y) = (0, 0)
        case .not: node.x = ids.node(node.x)
        case .external: node.x = ids.string(node.x)
        case .size, .scale: node.x = ids.number(node.x)
        case .always, .sizeClass, .idiom, .appearance, .contentSize, .layoutDirection, .orientation, .contrast, .flag, .osVersion: break
        }
        return node
    }

    /// Empties a part, keeping the memory of its sections and pools for the next run of rules.
    private mutating func empty() {
        for index in sections.indices { sections[index].removeAll(keepingCapacity: true) }
        sections[Section.stringOffsets.rawValue].appendEntry(0)
        stringIndex.removeAll()
        numberIndex.removeAll()
        valueIndex.removeAll()
        nodeIndex.removeAll()
        conditionIndex.removeAll()
        propertyNameOfString.removeAll(keepingCapacity: true)
        forgetRecent()
        (depth, deepest, valuesLaidOut) = (0, 0, 0)
        valueListShapes!.removeAll(keepingCapacity: true)
        ruleIndex = RuleNameIndex()
    }
}

extension BinaryTableWriter.RuleNameIndex {
    /// Adds the entries of `other`, an index of the rules that follow, its
    /// rule numbers counted from `first` and its names renumbered by `ids`.
    mutating func append(_ other: Self, numberedFrom first: UInt32, through ids: BinaryRenumbering) {
        let numbers = other.names.indices.map { number(of: ids.string(other.names[$0]), hash: other.hashes[$0]) }
        for var entry in other.entries {
            entry.name = numbers[Int(entry.name)]
            entry.rule += first
            entries.append(entry)
        }
    }
}
