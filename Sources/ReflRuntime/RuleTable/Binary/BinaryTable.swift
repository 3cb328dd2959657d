
/// Why a binary rule table could not be read (or written): what is wrong,
/// and the byte offset where it was found.
public struct BinaryTableError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    /// Where in the file the problem is; nil for the file as a whole.
    public var offset: Int?
    /// The file changed after it was written (its checksum does not match),
    /// as opposed to a table written wrong.
    public var isDamage = false

    init(_ message: String, at offset: Int? = nil) {
        self.message = message
        self.offset = offset
    }

    /// A table whose bytes do not give the checksum it ends with.
    static let damaged: BinaryTableError = {
        var error = BinaryTableError("binary rule table is damaged: checksum mismatch (the file changed after it was written; build it again)")
        error.isDamage = true
        return error
    }()

    public var description: String {
        offset.map { "\(message) (at byte \($0))" } ?? message
    }
}

/// A binary rule table, checked once when it is made (see
/// `BinaryTable+Validation.swift`) and then read in place: rules,
/// properties and values are decoded when a query needs them, so loading
/// does no work per rule beyond the check.
///
/// A class: a query hands the table to the rule lists and value records it
/// reads, and a reference is one count where a struct's fields were four.
final class BinaryTable: Sendable, BinaryFieldReading {
    typealias Section = BinaryFormat.Section

    let bytes: [UInt8]
    /// Byte offset and record count of each section.
    let sectionOffsets: [Int]
    let sectionCounts: [Int]
    /// The property names, made once: every query uses them.
    let propertyNames: [String]

    // Offsets of the sections a query reads, held apart from the arrays.
    let stringOffsets: Int, stringBytes: Int, numbers: Int, values: Int, valueLists: Int, stringLists: Int
    let conditionNodes: Int, conditionLists: Int, conditions: Int, properties: Int, stateGroups: Int, rules: Int
    let variables: Int, indexBuckets: Int, indexEntries: Int, ruleLists: Int
    let bucketMask: Int

    var ruleCount: Int { sectionCounts[Section.rules.rawValue] }
    var stringCount: Int { sectionCounts[Section.stringOffsets.rawValue] - 1 }

    /// Checks `bytes` as a binary table; the table keeps them.
    init(_ bytes: [UInt8]) throws(BinaryTableError) {
        let (layout, propertyNames) = try BinaryTableValidator.validate(bytes)
        self.bytes = bytes
        sectionOffsets = layout.offsets
        sectionCounts = layout.counts
        self.propertyNames = propertyNames
        func offset(_ section: Section) -> Int { layout.offset(section) }
        stringOffsets = offset(.stringOffsets)
        stringBytes = offset(.stringBytes)
        numbers = offset(.numbers)
        values = offset(.values)
        valueLists = offset(.valueLists)
        stringLists = offset(.stringLists)
        conditionNodes = offset(.conditionNodes)
        conditionLists = offset(.conditionLists)
        conditions = offset(.conditions)
        properties = offset(.properties)
        stateGroups = offset(.stateGroups)
        rules = offset(.rules)
        variables = offset(.variables)
        indexBuckets = offset(.indexBuckets)
        indexEntries = offset(.indexEntries)
        ruleLists = offset(.ruleLists)
        bucketMask = layout.counts[Section.indexBuckets.rawValue] - 1
    }

    // MARK: - Reading fields

    /// Entry `index` of the u32 list section starting at byte `section`.
    @inline(__always)
    func entry(_ section: Int, _ index: Int) -> UInt32 { read(ListEntry.value, at: section + ListEntry.size * index) }

    /// The number a code stands for (see `BinaryFormat.inlineCode`).
    @inline(__always)
    func number(_ code: UInt32) -> Double {
        guard code & BinaryFormat.pooledNumberBit != 0 else { return BinaryFormat.inlineValue(code) }
        let index = Int(code & ~BinaryFormat.pooledNumberBit)
        return Double(bitPattern: read(NumberRecord.bits, at: numbers + NumberRecord.size * index))
    }

    /// The UTF-8 bytes of string `id`.
    func stringBytes(_ id: UInt32) -> ArraySlice<UInt8> {
        let start = Int(entry(stringOffsets, Int(id)))
        let end = Int(entry(stringOffsets, Int(id) + 1))
        return bytes[(stringBytes + start)..<(stringBytes + end)]
    }

    func string(_ id: UInt32) -> String {
        String(decoding: stringBytes(id), as: UTF8.self)
    }

    func optionalString(_ id: UInt32) -> String? {
        id == BinaryFormat.none ? nil : string(id)
    }

    /// Whether string `id` is `text`, compared as bytes.
    func string(_ id: UInt32, equals text: String) -> Bool {
        stringBytes(id).elementsEqual(text.utf8)
    }

    // MARK: - Rules

    /// The fixed fields of rule `index`.
    struct Rule {
        let raw: UInt32, className: UInt32, trait: UInt32
        let hasWhere: Bool, appliesToSubclasses: Bool
        let priority: Int
        let condition: UInt32
        let file: UInt32, line: UInt32, column: UInt32
        let firstProperty: Int, propertyCount: Int, firstGroup: Int, groupCount: Int
        /// How many context steps the selector has (read from its text).
        let contextSteps: Int
    }

    func rule(_ index: Int) -> Rule {
        let at = rules + RuleRecord.size * index
        let flags = read(RuleRecord.flags, at: at)
        return Rule(raw: read(RuleRecord.selectorText, at: at), className: read(RuleRecord.className, at: at),
                    trait: read(RuleRecord.trait, at: at), hasWhere: flags & RuleRecord.whereFlag != 0,
                    appliesToSubclasses: flags & RuleRecord.subclassesFlag != 0, priority: Int(read(RuleRecord.priority, at: at)),
                    condition: read(RuleRecord.condition, at: at), file: read(RuleRecord.file, at: at),
                    line: read(RuleRecord.line, at: at), column: read(RuleRecord.column, at: at),
                    firstProperty: Int(read(RuleRecord.firstProperty, at: at)), propertyCount: Int(read(RuleRecord.propertyCount, at: at)),
                    firstGroup: Int(read(RuleRecord.firstGroup, at: at)), groupCount: Int(read(RuleRecord.groupCount, at: at)),
                    contextSteps: Int(read(RuleRecord.contextSteps, at: at)))
    }

    /// The class and trait of rule `index` (`none` when absent) and its
    /// written priority: what matching needs, without the rest.
    func selectorNames(_ index: Int) -> (className: UInt32, trait: UInt32, priority: Int) {
        let at = rules + RuleRecord.size * index
        return (read(RuleRecord.className, at: at), read(RuleRecord.trait, at: at), Int(read(RuleRecord.priority, at: at)))
    }

    func conditionIndex(ofRule index: Int) -> UInt32 { read(RuleRecord.condition, at: rules + RuleRecord.size * index) }

    /// Calls `body` with each property of rule `index`: the plain ones, then
    /// each state group's in order.
    func forEachProperty(ofRule index: Int, _ body: (_ name: String, _ value: StyleValue, _ isImportant: Bool, _ state: ControlState) -> Void) {
        let rule = self.rule(index)
        for position in rule.firstProperty..<(rule.firstProperty + rule.propertyCount) {
            let property = self.property(position)
            body(property.name, property.value, property.isImportant, .normal)
        }
        for group in rule.firstGroup..<(rule.firstGroup + rule.groupCount) {
            let at = stateGroups + StateGroupRecord.size * group
            let state = ControlState(rawValue: Int(read(StateGroupRecord.state, at: at)))
            let first = Int(read(StateGroupRecord.firstProperty, at: at))
            for position in first..<(first + Int(read(StateGroupRecord.propertyCount, at: at))) {
                let property = self.property(position)
                body(property.name, property.value, property.isImportant, state)
            }
        }
    }

    /// How many plain (not per-state) properties rule `index` sets.
    func plainPropertyCount(ofRule index: Int) -> Int { Int(read(RuleRecord.propertyCount, at: rules + RuleRecord.size * index)) }

    func property(_ position: Int) -> Property {
        let at = properties + PropertyRecord.size * position
        let value = read(PropertyRecord.value, at: at)
        return Property(name: propertyNames[Int(read(PropertyRecord.name, at: at))], value: self.value(value & ~BinaryFormat.importantBit),
                        isImportant: value & BinaryFormat.importantBit != 0)
    }

    // MARK: - The selector index

    /// The rules a name can match: with it as their class, those of them that
    /// apply to subclasses, and the one-name rules of that name.
    struct NameEntry {
        let first: Int, classCount: Int, subclassCount: Int, traitCount: Int
    }

    /// The index entry for `name`, if some rule is named by it.
    func entry(named name: String) -> NameEntry? {
        guard bucketMask >= 0 else { return nil }
        var slot = Int(BinaryFormat.hash(name.utf8)) & bucketMask
        // At most one round of the buckets: the check guarantees an empty one, but
        // the loop does not depend on it.
        for _ in 0...bucketMask {
            let bucket = entry(indexBuckets, slot)
            if bucket == 0 { return nil }
            let at = indexEntries + IndexEntryRecord.size * Int(bucket - 1)
            if stringBytes(read(IndexEntryRecord.name, at: at)).elementsEqual(name.utf8) {
                return NameEntry(first: Int(read(IndexEntryRecord.firstRule, at: at)), classCount: Int(read(IndexEntryRecord.classCount, at: at)),
                                 subclassCount: Int(read(IndexEntryRecord.subclassCount, at: at)),
                                 traitCount: Int(read(IndexEntryRecord.traitCount, at: at)))
            }
            slot = (slot + 1) & bucketMask
        }
        return nil
    }

    /// Rule indices `start..<start + count` of the rule lists.
    func ruleList(_ start: Int, _ count: Int) -> RuleList {
        RuleList(table: self, start: start, count: count)
    }

    struct RuleList: Sequence, IteratorProtocol {
        let table: BinaryTable
        var start: Int
        let end: Int

        init(table: BinaryTable, start: Int, count: Int) {
            self.table = table
            self.start = start
            end = start + count
        }

        mutating func next() -> Int32? {
            guard start < end else { return nil }
            defer { start += 1 }
            return Int32(table.entry(table.ruleLists, start))
        }
    }
}
