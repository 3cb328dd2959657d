
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
/// adds the variables and the selector index and assembles the file. A
/// build on several threads lays runs of rules out in parts of their own
/// (`BinaryTableWriter.part()`), on the threads that compile them, and joins
/// each part to the whole in order (`append`, in BinaryTableWriter+Parts.swift):
/// the bytes are those of one writer given every rule.
package struct BinaryTableWriter {
    typealias Section = BinaryFormat.Section

    // Internal rather than private: joining a part (BinaryTableWriter+Parts.swift) reads and resets them.
    var sections = [[UInt8]](repeating: [], count: Section.allCases.count)
    /// The pools of strings, numbers, values, condition nodes and
    /// conditions: each entry is a record of its section (an entry's id is
    /// its place there), found through its pool's index.
    var stringIndex = PoolIndex()
    var numberIndex = PoolIndex()
    var valueIndex = PoolIndex()
    var nodeIndex = PoolIndex()
    var conditionIndex = PoolIndex()
    /// For each string id, the index of the property name it is, plus one (0: none).
    var propertyNameOfString: [UInt32] = []
    /// How deep values and conditions nest, at most: the reader refuses
    /// tables deeper than `BinaryFormat.maximumNesting`.
    var depth = 0
    var deepest = 0
    /// How many values have been laid out, each time it is met (nested ones
    /// included, however often the pool already held them): the work the
    /// rules have asked for, which a build bounds.
    package internal(set) var valuesLaidOut = 0
    /// Whether to refuse a table that nests too deep (tests turn it off to
    /// make such a file for the reader to refuse).
    var checksNesting = true
    /// The entries of the lists of the values being laid out, innermost
    /// last. A codec appends its value's entries here as it lays out each
    /// of its parts (whose own entries were taken off when they were
    /// claimed), and `claimValue` takes them off: a list makes no array of
    /// its own, and the fields a codec gives are plain data, copied without
    /// counting references.
    private(set) var listStack: [UInt32] = []
    /// How many rules the whole table is expected to hold, when known
    /// beforehand (a build knows): joining parts, and `makeRoom(forRules:)`,
    /// then size the sections by it.
    package var expectedRuleCount: Int?
    /// In a part, what `append` needs besides its sections: where each of
    /// its values' list is, by value id (the rest of a value is its
    /// record). Nil in a writer of a whole table.
    var valueListShapes: [OwnedListShape]?

    /// Where a value's list is (its section, and the word holding its
    /// place): `section` nil for a value that owns none.
    struct OwnedListShape {
        var section: Section?
        var word: UInt8
        var count: UInt32
    }

    /// A condition node as its pool compares it: `x` and `y` are 0 for a
    /// node that owns a list (its record holds the list's place there).
    struct NodeKey {
        var kind: BinaryFormat.ConditionKind
        var subject: UInt8 = 0, op: UInt8 = 0, operand: UInt8 = 0
        var x: UInt32 = 0, y: UInt32 = 0
        var list: [UInt32] = []

        var ownsList: Bool { kind == .all || kind == .any }
    }

    /// The rules' names, for the selector index written at the end.
    var ruleIndex = RuleNameIndex()

    /// A writer of a whole table.
    package init() {
        sections[Section.stringOffsets.rawValue].appendEntry(0)
    }

    /// A writer of a part of a table, to be joined to a whole with `append`.
    package static func part() -> BinaryTableWriter {
        var part = BinaryTableWriter()
        part.valueListShapes = []
        return part
    }

    mutating func write(_ table: RuleTable) throws(BinaryTableError) -> [UInt8] {
        for rule in table.rules { add(rule) }
        return try finish(variables: table.variables)
    }

    /// Lays out the table's next rule.
    package mutating func add(_ rule: CompiledRule) {
        let index = ruleCount
        let (className, trait) = addRule(rule)
        let name = className != BinaryFormat.none ? className : trait
        if name != BinaryFormat.none {
            let selector = rule.selector
            ruleIndex.add(index, named: name, hash: BinaryFormat.hash((selector.className ?? selector.trait ?? "").utf8),
                          appliesToSubclasses: rule.appliesToSubclasses,
                          matchesTraits: className == BinaryFormat.none || trait == BinaryFormat.none)
        }
    }

    /// The file: the rules added, then `variables` and the selector index.
    package mutating func finish(variables: [String: StyleValue]) throws(BinaryTableError) -> [UInt8] {
        try finishLayout(variables: variables).takeBytes()
    }

    /// `finish`, its sections not yet copied into one array (see `BinaryTableFile`).
    package mutating func finishLayout(variables: [String: StyleValue]) throws(BinaryTableError) -> BinaryTableFile {
        for (name, value) in variables.sorted(by: { Array($0.key.utf8).lexicographicallyPrecedes($1.key.utf8) }) {
            let nameID = string(name)
            let valueID = self.value(value)
            appendRecord(to: .variables) { section, at in
                section.set(VariableRecord.name, at: at, to: nameID)
                section.set(VariableRecord.value, at: at, to: valueID)
            }
        }
        addIndex(ruleIndex)
        if checksNesting && deepest > BinaryFormat.maximumNesting {
            throw BinaryTableError("values or conditions nest deeper than \(BinaryFormat.maximumNesting) levels, which the binary form does not hold; write the table as JSON")
        }
        // The pools are done with: let them go before the file is put together.
        (stringIndex, numberIndex, valueIndex, nodeIndex, conditionIndex) = (PoolIndex(), PoolIndex(), PoolIndex(), PoolIndex(), PoolIndex())
        propertyNameOfString = []
        return try assemble()
    }

    // MARK: - Rules

    /// Lays out `rule`'s record, properties and state groups; the string ids of its class name and trait (or `none`).
    private mutating func addRule(_ rule: CompiledRule) -> (className: UInt32, trait: UInt32) {
        let selector = rule.selector
        // The written selector is stored only when it is not its parts joined.
        let raw = RuleSelector.isCanonicalText(selector.raw, className: selector.className, trait: selector.trait,
                                               hasWhere: selector.hasWhere) ? BinaryFormat.none : string(selector.raw)
        let className = selector.className.map { string($0) } ?? BinaryFormat.none
        let trait = selector.trait.map { string($0) } ?? BinaryFormat.none
        let condition = rule.condition.map { self.condition($0) } ?? BinaryFormat.none
        let file = fileString(rule.source.file)
        let firstProperty = UInt32(count(.properties))
        addProperties(rule.properties)
        let firstGroup = UInt32(count(.stateGroups))
        for group in rule.stateProperties {
            let groupFirst = UInt32(count(.properties))
            addProperties(group.properties)
            appendRecord(to: .stateGroups) { section, at in
                section.set(StateGroupRecord.state, at: at, to: UInt32(group.state.rawValue))
                section.set(StateGroupRecord.firstProperty, at: at, to: groupFirst)
                section.set(StateGroupRecord.propertyCount, at: at, to: UInt32(group.properties.count))
            }
        }
        appendRecord(to: .rules) { section, at in
            section.set(RuleRecord.selectorText, at: at, to: raw)
            section.set(RuleRecord.className, at: at, to: className)
            section.set(RuleRecord.trait, at: at, to: trait)
            section.set(RuleRecord.flags, at: at,
                        to: (selector.hasWhere ? RuleRecord.whereFlag : 0) | (rule.appliesToSubclasses ? RuleRecord.subclassesFlag : 0))
            section.set(RuleRecord.priority, at: at, to: UInt8(clamping: rule.priority))
            section.set(RuleRecord.contextSteps, at: at, to: UInt16(clamping: selector.context.count))
            section.set(RuleRecord.condition, at: at, to: condition)
            section.set(RuleRecord.file, at: at, to: file)
            section.set(RuleRecord.line, at: at, to: UInt32(clamping: rule.source.line))
            section.set(RuleRecord.column, at: at, to: UInt32(clamping: rule.source.column))
            section.set(RuleRecord.firstProperty, at: at, to: firstProperty)
            section.set(RuleRecord.propertyCount, at: at, to: UInt32(rule.properties.count))
            section.set(RuleRecord.firstGroup, at: at, to: firstGroup)
            section.set(RuleRecord.groupCount, at: at, to: UInt32(rule.stateProperties.count))
        }
        return (className, trait)
    }

    /// Appends a record to `section` and lets `fill` set its fields, given
    /// the section and where the record starts: one access to the section
    /// for the whole record, rather than one per field through the array of sections.
    @inline(__always)
    private mutating func appendRecord(to section: Section, _ fill: (inout [UInt8], Int) -> Void) {
        let at = sections[section.rawValue].appendRecord(size: section.recordSize)
        fill(&sections[section.rawValue], at)
    }

    /// How many records `section` holds so far.
    func count(_ section: Section) -> Int { sections[section.rawValue].count / section.recordSize }

    // How many entries each pool holds, and how many rules: the next one's id.
    var stringCount: UInt32 { UInt32(count(.stringOffsets) - 1) }  // the offsets begin with the first string's start
    var valueCount: UInt32 { UInt32(count(.values)) }
    var nodeCount: UInt32 { UInt32(count(.conditionNodes)) }
    var conditionCount: UInt32 { UInt32(count(.conditions)) }
    var ruleCount: UInt32 { UInt32(count(.rules)) }

    private mutating func addProperties(_ properties: [Property]) {
        // Fields are read through the array: a copy of each property would
        // count references to its name and value. The records are gathered
        // and appended together: appending eight bytes to a byte array
        // costs about 100 instructions, most of them the same for eight or
        // eighty (`propertyRecords` is kept empty between calls).
        for index in properties.indices {
            let name = propertyName(properties[index].name)
            // A color, the commonest value, and a rect or insets (four
            // numbers too) are laid out from their parts read in place:
            // passing the value on copies it (through its outlined copy,
            // and destroys the copy after), as the JSON writer found.
            let id: UInt32
            switch properties[index].value {
            case .color(let color): id = leafValue(kind: ColorCodec.binaryKind, ColorCodec.binaryFields(color, to: &self))
            case .rect(let x, let y, let width, let height):
                id = leafValue(kind: RectCodec.binaryKind, RectCodec.binaryFields(NumberFields(x, y, width, height), to: &self))
            case .edgeInsets(let top, let left, let bottom, let right):
                id = leafValue(kind: EdgeInsetsCodec.binaryKind,
                               EdgeInsetsCodec.binaryFields(NumberFields(top, left, bottom, right), to: &self))
            default: id = self.value(properties[index].value)
            }
            let value = id | (properties[index].isImportant ? BinaryFormat.importantBit : 0)
            propertyRecords.append(UInt64(name) | UInt64(value) << 32)  // `PropertyRecord.whole`
        }
        sections[Section.properties.rawValue].appendLittleEndian(contentsOf: propertyRecords)
        propertyRecords.removeAll(keepingCapacity: true)
    }

    /// The records of the properties being laid out (see `addProperties`),
    /// or joined from a part; kept empty between uses.
    var propertyRecords: [UInt64] = []

    /// The index of property name `name` (its string added if it is new).
    mutating func propertyName(_ name: String) -> UInt32 {
        // Every property looks its name up, and a table has few names: the
        // names last met are remembered by length, four of each (as common
        // as `backgroundColor`, `backgroundImage` and `titleLabel.text` are
        // all 15 bytes long), and compared as strings (the same string
        // compares by identity, at once; a short one by its bits).
        let first = Self.recentNameWays * (name.utf8.count & (Self.recentNameLengths - 1))
        for way in first..<(first + Self.recentNameWays) {
            if let recent = recentNames[way], recent.name == name { return recent.id }
        }
        let id = propertyName(ofString: string(name))
        // The way filled longest ago makes room (the ways of a length are filled in turn).
        let way = first + nextRecentNameWay[first / Self.recentNameWays]
        nextRecentNameWay[first / Self.recentNameWays] = (way - first + 1) % Self.recentNameWays
        recentNames[way] = (name, id)
        return id
    }

    /// Forgets the names and values last met (their ids are a part's, and the part is emptied).
    mutating func forgetRecent() {
        recentLeaves.removeAll()
        for slot in recentNames.indices { recentNames[slot] = nil }
        for length in nextRecentNameWay.indices { nextRecentNameWay[length] = 0 }
        lastFile = nil
    }

    /// The string id of a rule's file: the last rule's, most of the time
    /// (the rules of a file follow each other, and share one `String`,
    /// which compares equal to itself at once).
    private mutating func fileString(_ file: String) -> UInt32 {
        if let lastFile, lastFile.name == file { return lastFile.id }
        let id = string(file)
        lastFile = (file, id)
        return id
    }

    private var lastFile: (name: String, id: UInt32)?

    /// The property names last met, `recentNameWays` for each length modulo `recentNameLengths` (see `propertyName`).
    private var recentNames = [(name: String, id: UInt32)?](repeating: nil, count: recentNameWays * recentNameLengths)
    /// For each length, the way of `recentNames` to fill next.
    private var nextRecentNameWay = [Int](repeating: 0, count: recentNameLengths)
    private static let recentNameLengths = 32
    private static let recentNameWays = 4

    /// The index of the property name whose string id is `id`, added if it is new.
    mutating func propertyName(ofString id: UInt32) -> UInt32 {
        let index = Int(id)
        if index < propertyNameOfString.count, propertyNameOfString[index] != 0 { return propertyNameOfString[index] - 1 }
        if index >= propertyNameOfString.count {
            propertyNameOfString.append(contentsOf: repeatElement(0, count: index + 1 - propertyNameOfString.count))
        }
        let name = UInt32(count(.propertyNames))
        propertyNameOfString[index] = name + 1
        sections[Section.propertyNames.rawValue].appendEntry(id)
        return name
    }

    // MARK: - Pools

    mutating func string(_ text: String) -> UInt32 {
        let lookup = findString(text)
        if let id = lookup.found { return id }
        sections[Section.stringBytes.rawValue].appendUTF8(text)
        return addString(at: lookup)
    }

    /// The id of the string whose bytes are `range` of `source` (a part's
    /// string bytes, being joined): found where they lie, and copied to
    /// this writer's string bytes only if the pool does not hold them yet.
    mutating func claimString(_ range: Range<Int>, of source: [UInt8]) -> UInt32 {
        let lookup = findString(range, of: source)
        if let id = lookup.found { return id }
        sections[Section.stringBytes.rawValue].append(contentsOf: source[range])
        return addString(at: lookup)
    }

    // The lookups read the pools' sections where they lie, through
    // `read(_:at:of:)`: a section held in a local constant would count a
    // reference to it, an atomic operation, at every lookup (and taking
    // them out made the 1 MB benchmark's binary build 1.3% fewer
    // instructions under callgrind, for the values' lookup alone).

    /// Field `field` of the record at `offset` in `section`, read in place.
    @inline(__always)
    private func read<Value: FixedWidthInteger>(_ field: RecordField<Value>, at offset: Int, of section: Section) -> Value {
        sections[section.rawValue].read(field, at: offset)
    }

    /// Where string `id`'s bytes are in the string bytes.
    @inline(__always)
    private func storedStringRange(_ id: UInt32) -> Range<Int> {
        let start = read(ListEntry.value, at: ListEntry.size * Int(id), of: .stringOffsets)
        let end = read(ListEntry.value, at: ListEntry.size * (Int(id) + 1), of: .stringOffsets)
        return Int(start)..<Int(end)
    }

    private func findString(_ text: String) -> PoolIndex.Lookup {
        stringIndex.lookup(hash: text.utf8WordHash()) { id in
            sections[Section.stringBytes.rawValue].equalBytes(in: storedStringRange(id), utf8: text)
        }
    }

    /// Looks for a string of the pool equal to the bytes of `range` of `source`.
    private func findString(_ range: Range<Int>, of source: [UInt8]) -> PoolIndex.Lookup {
        stringIndex.lookup(hash: source.wordHash(in: range)) { id in
            let stored = storedStringRange(id)
            return stored.count == range.count && sections[Section.stringBytes.rawValue].equalBytes(in: stored, source, from: range.lowerBound)
        }
    }

    private func findNumber(_ bits: UInt64) -> PoolIndex.Lookup {
        numberIndex.lookup(hash: PoolIndex.finished(PoolIndex.mix(PoolIndex.seed, bits))) { index in
            read(NumberRecord.bits, at: NumberRecord.size * Int(index), of: .numbers) == bits
        }
    }

    /// Adds the string whose bytes end the string bytes, where `lookup` did not find it.
    private mutating func addString(at lookup: PoolIndex.Lookup) -> UInt32 {
        let id = stringCount
        stringIndex.insert(id, at: lookup)
        sections[Section.stringOffsets.rawValue].appendEntry(UInt32(sections[Section.stringBytes.rawValue].count))
        return id
    }

    /// Where string `id`'s bytes are in the string bytes, given the string offsets.
    static func stringRange(_ id: UInt32, _ offsets: [UInt8]) -> Range<Int> {
        Int(offsets.read(ListEntry.value, at: ListEntry.size * Int(id)))..<Int(offsets.read(ListEntry.value, at: ListEntry.size * (Int(id) + 1)))
    }

    /// The code of `number` (see `BinaryFormat.inlineCode`): itself for a
    /// short decimal, else its place in the numbers section.
    mutating func number(_ number: Double) -> UInt32 {
        if let code = BinaryFormat.inlineCode(number) { return code }
        let bits = number.bitPattern
        let lookup = findNumber(bits)
        if let index = lookup.found { return index | BinaryFormat.pooledNumberBit }
        let index = UInt32(count(.numbers))
        numberIndex.insert(index, at: lookup)
        appendRecord(to: .numbers) { section, at in section.set(NumberRecord.bits, at: at, to: bits) }
        return index | BinaryFormat.pooledNumberBit
    }

    /// The index of `value`'s record, its parts and the record added if it is new.
    mutating func value(_ value: StyleValue) -> UInt32 {
        valuesLaidOut += 1
        depth += 1
        deepest = max(deepest, depth)
        defer { depth -= 1 }
        let slot = RecentLeafValues.slot(of: value)
        if let slot, let id = recentLeaves.id(of: value, at: slot) { return id }
        let codec = value.codec
        let id = claimValue(kind: codec.binaryKind, codec.writeBinary(value, to: &self))
        if let slot { recentLeaves.remember(value, at: slot, as: id) }
        return id
    }

    /// `value(_:)` of a value of `kind` whose record is `fields`, without
    /// making the value: for a kind that holds no other value and that
    /// `RecentLeafValues` does not keep (a color, a rect, insets).
    private mutating func leafValue(kind: UInt8, _ fields: BinaryValueFields) -> UInt32 {
        valuesLaidOut += 1
        deepest = max(deepest, depth + 1)
        return claimValue(kind: kind, fields)
    }

    /// The leaf values laid out last (see `RecentLeafValues`).
    private var recentLeaves = RecentLeafValues()

    // MARK: - Lists

    /// Where the list of the value being laid out starts on the list stack.
    func beginList() -> Int { listStack.count }

    /// Appends an entry to the list of the value being laid out.
    mutating func appendToList(_ entry: UInt32) { listStack.append(entry) }

    /// The list of the value being laid out, its entries those appended since `start`.
    func endList(_ section: Section, from start: Int, firstWord: Int) -> BinaryValueFields.OwnedList {
        BinaryValueFields.OwnedList(section: section, start: start, count: listStack.count - start, firstWord: firstWord)
    }

    /// The index of the value record of `kind` with `fields`, added if it is
    /// new; its list's entries, the top of the list stack, are taken off.
    mutating func claimValue(kind: UInt8, _ fields: BinaryValueFields) -> UInt32 {
        guard let list = fields.list else { return claimRecord(kind: kind, fields) }
        precondition(list.start + list.count == listStack.count, "a list not on top of the list stack")
        defer { listStack.removeLast(list.count) }
        let lookup = findValue(kind: kind, fields, list: list)
        if let id = lookup.found { return id }
        let id = valueCount
        valueIndex.insert(id, at: lookup)
        valueListShapes?.append(OwnedListShape(section: list.section, word: UInt8(list.firstWord), count: UInt32(list.count)))
        var words = fields.words
        // A list's place is the first free one: lists follow their owners' order.
        words[list.firstWord] = UInt32(count(list.section))
        sections[list.section.rawValue].appendLittleEndian(contentsOf: listStack[list.start..<(list.start + list.count)])
        appendRecord(to: .values) { section, at in
            section.set(ValueRecord.kind, at: at, to: kind)
            section.set(ValueRecord.small, at: at, to: fields.small)
            section.set(ValueRecord.wide, at: at, to: fields.wide)
            for index in 0..<ValueRecord.wordCount { section.set(ValueRecord.word(index), at: at, to: words[index]) }
        }
        return id
    }

    /// `claimValue` of a value that owns no list (most do not): its record
    /// is all there is to compare, and is hashed, compared and stored as its
    /// three words (`ValueRecord.head`, `.middle`, `.tail`) rather than field
    /// by field (2.5% of the 10 MB binary build, 3% of its instructions).
    /// Its hash is `recordHash`, as `findValue`'s is before the list, for
    /// the index the two share; a kind of value either always owns a list or
    /// never does, so the two never compare records of one kind.
    private mutating func claimRecord(kind: UInt8, _ fields: BinaryValueFields) -> UInt32 {
        let (head, middle, tail) = Self.recordWords(kind: kind, fields, fields.words)
        let lookup = valueIndex.lookup(hash: PoolIndex.finished(Self.recordHash(head, middle, tail))) { id in
            let at = ValueRecord.size * Int(id)
            return read(ValueRecord.head, at: at, of: .values) == head && read(ValueRecord.middle, at: at, of: .values) == middle
                && read(ValueRecord.tail, at: at, of: .values) == tail
        }
        if let id = lookup.found { return id }
        let id = valueCount
        valueIndex.insert(id, at: lookup)
        valueListShapes?.append(OwnedListShape(section: nil, word: 0, count: 0))
        sections[Section.values.rawValue].appendLittleEndian(head, middle, tail)
        return id
    }

    /// A value record's three words (`ValueRecord.head`, `.middle`, `.tail`)
    /// for `kind`, the small fields of `fields`, and `words`.
    @inline(__always)
    private static func recordWords(kind: UInt8, _ fields: BinaryValueFields, _ words: ValueWords) -> (UInt64, UInt64, UInt32) {
        (UInt64(kind) | UInt64(fields.small) << 8 | UInt64(fields.wide) << 16 | UInt64(words[0]) << 32,
         UInt64(words[1]) | UInt64(words[2]) << 32, words[3])
    }

    /// The value pool's hash of a record's three words (a list's entries, when it owns one, are mixed in after).
    @inline(__always)
    private static func recordHash(_ head: UInt64, _ middle: UInt64, _ tail: UInt32) -> UInt64 {
        PoolIndex.mix(PoolIndex.mix(PoolIndex.mix(PoolIndex.seed, head), middle), UInt64(tail))
    }

    /// Looks for a value record of the pool equal to the record of `kind`
    /// and `fields`, which own `list` (its entries in place of its position).
    private func findValue(kind: UInt8, _ fields: BinaryValueFields, list: BinaryValueFields.OwnedList) -> PoolIndex.Lookup {
        var words = fields.words
        let listWord = list.firstWord
        words[listWord] = 0  // the list's place, whatever the codec left there, is not compared
        let (head, middle, tail) = Self.recordWords(kind: kind, fields, words)
        var hash = Self.recordHash(head, middle, tail)
        let listRange = list.start..<(list.start + list.count)
        for index in listRange { hash = PoolIndex.mix(hash, UInt64(listStack[index])) }
        return valueIndex.lookup(hash: PoolIndex.finished(hash)) { id in
            let at = ValueRecord.size * Int(id)
            guard read(ValueRecord.kind, at: at, of: .values) == kind, read(ValueRecord.small, at: at, of: .values) == fields.small,
                  read(ValueRecord.wide, at: at, of: .values) == fields.wide else { return false }
            for position in 0..<ValueRecord.wordCount where position != listWord {
                if read(ValueRecord.word(position), at: at, of: .values) != words[position] { return false }
            }
            // The list's length is one of the words compared above (a reader needs it), so the lists are as long.
            let first = Int(read(ValueRecord.word(list.firstWord), at: at, of: .values))
            guard (first + list.count) * ListEntry.size <= sections[list.section.rawValue].count else { return false }
            for (offset, index) in listRange.enumerated() where read(ListEntry.value, at: ListEntry.size * (first + offset), of: list.section) != listStack[index] {
                return false
            }
            return true
        }
    }

    // MARK: - Conditions

    mutating func condition(_ condition: Condition) -> UInt32 {
        // A condition's nodes nest on their own, apart from the value holding it.
        let valueDepth = depth
        depth = 0
        let root = node(condition.test)
        depth = valueDepth
        return claimCondition(text: string(condition.source), root: root)
    }

    /// The index of the condition of text `text` and root node `root`, added if it is new.
    mutating func claimCondition(text: UInt32, root: UInt32) -> UInt32 {
        let lookup = findCondition(text: text, root: root)
        if let id = lookup.found { return id }
        let id = conditionCount
        conditionIndex.insert(id, at: lookup)
        appendRecord(to: .conditions) { section, at in
            section.set(ConditionRecord.text, at: at, to: text)
            section.set(ConditionRecord.root, at: at, to: root)
        }
        return id
    }

    private func findCondition(text: UInt32, root: UInt32) -> PoolIndex.Lookup {
        conditionIndex.lookup(hash: PoolIndex.finished(PoolIndex.mix(PoolIndex.seed, UInt64(text) | UInt64(root) << 32))) { id in
            let at = ConditionRecord.size * Int(id)
            return read(ConditionRecord.text, at: at, of: .conditions) == text && read(ConditionRecord.root, at: at, of: .conditions) == root
        }
    }

    private mutating func node(_ expression: ConditionExpression) -> UInt32 {
        depth += 1
        deepest = max(deepest, depth)
        defer { depth -= 1 }
        typealias Kind = BinaryFormat.ConditionKind
        let kind: Kind
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
        return claimNode(NodeKey(kind: kind, subject: subject, op: op, operand: operand, x: x, y: y, list: list))
    }

    /// The index of the condition node `key`, added if it is new.
    mutating func claimNode(_ key: NodeKey) -> UInt32 {
        let lookup = findNode(key)
        if let id = lookup.found { return id }
        var (x, y) = (key.x, key.y)
        if key.ownsList {
            x = UInt32(count(.conditionLists))
            y = UInt32(key.list.count)
            for child in key.list { sections[Section.conditionLists.rawValue].appendEntry(child) }
        }
        let id = nodeCount
        nodeIndex.insert(id, at: lookup)
        appendRecord(to: .conditionNodes) { section, at in
            section.set(ConditionNodeRecord.kind, at: at, to: key.kind.rawValue)
            section.set(ConditionNodeRecord.subject, at: at, to: key.subject)
            section.set(ConditionNodeRecord.op, at: at, to: key.op)
            section.set(ConditionNodeRecord.operand, at: at, to: key.operand)
            section.set(ConditionNodeRecord.x, at: at, to: x)
            section.set(ConditionNodeRecord.y, at: at, to: y)
        }
        return id
    }

    private func findNode(_ key: NodeKey) -> PoolIndex.Lookup {
        var hash = PoolIndex.mix(PoolIndex.seed, UInt64(key.kind.rawValue) | UInt64(key.subject) << 8 | UInt64(key.op) << 16
                                 | UInt64(key.operand) << 24 | UInt64(key.x) << 32)
        hash = PoolIndex.mix(hash, UInt64(key.y))
        for child in key.list { hash = PoolIndex.mix(hash, UInt64(child)) }
        return nodeIndex.lookup(hash: PoolIndex.finished(hash)) { id in
            let at = ConditionNodeRecord.size * Int(id)
            guard read(ConditionNodeRecord.kind, at: at, of: .conditionNodes) == key.kind.rawValue,
                  read(ConditionNodeRecord.subject, at: at, of: .conditionNodes) == key.subject,
                  read(ConditionNodeRecord.op, at: at, of: .conditionNodes) == key.op,
                  read(ConditionNodeRecord.operand, at: at, of: .conditionNodes) == key.operand else {
                return false
            }
            let (x, y) = (read(ConditionNodeRecord.x, at: at, of: .conditionNodes), read(ConditionNodeRecord.y, at: at, of: .conditionNodes))
            guard key.ownsList else { return x == key.x && y == key.y }
            guard Int(y) == key.list.count else { return false }
            for (offset, child) in key.list.enumerated() where read(ListEntry.value, at: ListEntry.size * (Int(x) + offset), of: .conditionLists) != child {
                return false
            }
            return true
        }
    }

    // MARK: - The selector index

    /// The rules each name can match, as `Stylesheet` looks them up: one
    /// entry per rule that has a name (a class name, else a trait), the
    /// lists made from them at the end. A name is its string's id, and is
    /// numbered in the order first met, which is the order of the index.
    struct RuleNameIndex {
        struct Entry {
            var name: UInt32
            var rule: UInt32
            var appliesToSubclasses: Bool
            var matchesTraits: Bool
        }

        /// The names, by number.
        var names: [UInt32] = []
        /// Each name's `BinaryFormat.hash`, by number: worked out as the
        /// name is first met, while its text is at hand and the rules are
        /// laid out on several threads, rather than from the string bytes
        /// at the end (20,000 names for the 10 MB corpus, 0.2 ms of it).
        var hashes: [UInt32] = []
        /// Each rule's entry, its name by number, in rule order.
        var entries: [Entry] = []
        /// For each string id, its number as a name plus one (0: not a name yet).
        var numberOfString: [UInt32] = []

        /// Adds rule `rule`, named by string `name`, whose hash `hash` gives if the name is new.
        mutating func add(_ rule: UInt32, named name: UInt32, hash: @autoclosure () -> UInt32, appliesToSubclasses: Bool, matchesTraits: Bool) {
            entries.append(Entry(name: number(of: name, hash: hash()), rule: rule, appliesToSubclasses: appliesToSubclasses,
                                 matchesTraits: matchesTraits))
        }

        /// The number of name `name`, given if it is new (its hash then `hash`).
        mutating func number(of name: UInt32, hash: @autoclosure () -> UInt32) -> UInt32 {
            let index = Int(name)
            if index < numberOfString.count, numberOfString[index] != 0 { return numberOfString[index] - 1 }
            if index >= numberOfString.count { numberOfString.append(contentsOf: repeatElement(0, count: index + 1 - numberOfString.count)) }
            names.append(name)
            hashes.append(hash())
            numberOfString[index] = UInt32(names.count)
            return UInt32(names.count - 1)
        }
    }

    private mutating func addIndex(_ index: RuleNameIndex) {
        var classCounts = [UInt32](repeating: 0, count: index.names.count)
        var subclassCounts = classCounts, traitCounts = classCounts
        for entry in index.entries {
            classCounts[Int(entry.name)] += 1
            if entry.appliesToSubclasses { subclassCounts[Int(entry.name)] += 1 }
            if entry.matchesTraits { traitCounts[Int(entry.name)] += 1 }
        }
        // Each name's rules, then those of them that apply to subclasses, then
        // those that match traits: where each of a name's three lists starts.
        var starts: [Int] = []
        var next: [(class: Int, subclass: Int, trait: Int)] = []
        // Reserved: grown by doubling, these two took 0.3 ms of the 10 MB corpus's index (20,000 names).
        starts.reserveCapacity(index.names.count)
        next.reserveCapacity(index.names.count)
        var total = 0
        for number in index.names.indices {
            starts.append(total)
            next.append((total, total + Int(classCounts[number]), total + Int(classCounts[number] + subclassCounts[number])))
            total += Int(classCounts[number] + subclassCounts[number] + traitCounts[number])
        }
        var lists = [UInt32](repeating: 0, count: total)
        for entry in index.entries {
            let number = Int(entry.name)
            lists[next[number].class] = entry.rule
            next[number].class += 1
            if entry.appliesToSubclasses {
                lists[next[number].subclass] = entry.rule
                next[number].subclass += 1
            }
            if entry.matchesTraits {
                lists[next[number].trait] = entry.rule
                next[number].trait += 1
            }
        }
        let firstList = UInt32(count(.ruleLists))
        sections[Section.ruleLists.rawValue].appendLittleEndian(contentsOf: lists)
        // At most three quarters full, so that a probe soon meets an empty bucket.
        var bucketCount = 1
        while bucketCount <= index.names.count || 3 * bucketCount < 4 * index.names.count { bucketCount *= 2 }
        var buckets = [UInt32](repeating: 0, count: bucketCount)
        // The entries are set in an array of their own and appended whole,
        // not appended one by one: a table has a name for nearly every rule.
        // With that, the reserving above and the names' hashes taken as
        // they are met, the 10 MB corpus's index (20,000 names) takes 0.6 ms
        // to make, where it took 1.2 (medians of 15 builds on two cores).
        var entries = [UInt8](repeating: 0, count: IndexEntryRecord.size * index.names.count)
        for (number, name) in index.names.enumerated() {
            let at = IndexEntryRecord.size * number
            entries.set(IndexEntryRecord.name, at: at, to: name)
            entries.set(IndexEntryRecord.firstRule, at: at, to: firstList + UInt32(starts[number]))
            entries.set(IndexEntryRecord.classCount, at: at, to: classCounts[number])
            entries.set(IndexEntryRecord.subclassCount, at: at, to: subclassCounts[number])
            entries.set(IndexEntryRecord.traitCount, at: at, to: traitCounts[number])
            var slot = Int(index.hashes[number]) & (bucketCount - 1)
            while buckets[slot] != 0 { slot = (slot + 1) & (bucketCount - 1) }
            buckets[slot] = UInt32(number + 1)
        }
        sections[Section.indexEntries.rawValue].append(contentsOf: entries)
        sections[Section.indexBuckets.rawValue].appendLittleEndian(contentsOf: buckets)
    }

    // MARK: - The file

    /// The file, its sections in place: the header and directory made.
    private mutating func assemble() throws(BinaryTableError) -> BinaryTableFile {
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
        var head = BinaryFormat.magic + [UInt8](repeating: 0, count: directoryEnd - BinaryFormat.magic.count)
        head.set(HeaderRecord.layoutVersion, at: 0, to: BinaryFormat.layoutVersion)
        head.set(HeaderRecord.tableVersion, at: 0, to: BinaryFormat.ruleModelVersion)
        head.set(HeaderRecord.fileLength, at: 0, to: UInt32(position))
        head.set(HeaderRecord.sectionCount, at: 0, to: UInt32(sections.count))
        for (index, (offset, section)) in zip(offsets, sections).enumerated() {
            let entry = BinaryFormat.headerLength + DirectoryEntry.size * index
            head.set(DirectoryEntry.offset, at: entry, to: UInt32(offset))
            head.set(DirectoryEntry.length, at: entry, to: UInt32(section.count))
        }
        let file = BinaryTableFile(head: head, sections: Array(zip(offsets, sections)), trailer: trailer)
        sections = []
        return file
    }
}

/// A binary table laid out, its sections not copied into one array: a
/// build writes it to its file piece by piece (`write(to:)`), rather than
/// putting a second copy of the table together in fresh memory first (the
/// 10 MB benchmark corpus's table is 7.4 MB). A class, so that `takeBytes`
/// lets each section go as it copies it, however many hold the file.
package final class BinaryTableFile {
    /// The header and the section directory.
    private let head: [UInt8]
    /// Each section and the offset where it starts.
    private var sections: [(offset: Int, bytes: [UInt8])]
    /// Where the checksum trailer starts.
    private let trailer: Int
    /// Whether `takeBytes` has emptied the sections.
    private var isTaken = false

    fileprivate init(head: [UInt8], sections: [(offset: Int, bytes: [UInt8])], trailer: Int) {
        self.head = head
        self.sections = sections
        self.trailer = trailer
    }

    /// The file's length in bytes.
    package var count: Int { trailer + ChecksumTrailer.size }

    /// Calls `body` with each piece of the file before its checksum, in
    /// order: the head, each section after the zeros that align it, the
    /// zeros before the trailer.
    private func forEachPiece(_ body: ([UInt8]) -> Void) {
        var position = head.count
        body(head)
        for (offset, bytes) in sections {
            if offset > position { body([UInt8](repeating: 0, count: offset - position)) }
            body(bytes)
            position = offset + bytes.count
        }
        if trailer > position { body([UInt8](repeating: 0, count: trailer - position)) }
    }

    /// The trailer: the checksum of every byte before it.
    private func checksumTrailer() -> [UInt8] {
        var stream = BinaryChecksum.Stream()
        forEachPiece { stream.add($0) }
        var trailer = [UInt8](repeating: 0, count: ChecksumTrailer.size)
        trailer.set(ChecksumTrailer.checksum, at: 0, to: stream.finished())
        return trailer
    }

    /// Writes the file to `output`, piece by piece. The checksum is worked
    /// out on a second thread while the pieces are written, as both only
    /// read them: it ends the file, and took a third of the time of writing
    /// the 10 MB benchmark's table (0.5 of 1.4 ms) after everything else.
    package func write(to output: any ByteOutput) {
        precondition(!isTaken, "the file's bytes were taken")
        var trailer: [UInt8] = []
        Concurrency.run({ self.forEachPiece { output.write($0[...]) } }, alongside: { trailer = self.checksumTrailer() })
        output.write(trailer[...])
    }

    /// The file in one array, as `RuleTable.binaryBytes()` gives it. Each
    /// section is let go once it is copied in (so that the table is not held
    /// twice over at the end of a large build); the file is left empty,
    /// and neither written nor taken again.
    package func takeBytes() -> [UInt8] {
        precondition(!isTaken, "the file's bytes were taken")
        let checksum = checksumTrailer()
        isTaken = true
        var file: [UInt8] = []
        file.reserve(fillingFromStart: count)
        file.append(contentsOf: head)
        for index in sections.indices {
            file.append(contentsOf: repeatElement(0, count: sections[index].offset - file.count))
            file.append(contentsOf: sections[index].bytes)
            sections[index].bytes = []
        }
        file.append(contentsOf: repeatElement(0, count: trailer - file.count))
        file.append(contentsOf: checksum)
        return file
    }
}
