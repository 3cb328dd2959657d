
/// Everything the rule table does with one kind of value, in one place:
/// its JSON (Docs/RuleTable.md, "Values") written and read, and its binary
/// value record (Docs/BinaryTable.md, "Values") written, read and checked.
///
/// Adding a kind of value is one new codec and one line in
/// `ValueCodecs.all`; the codec tests round-trip a sample of every
/// `StyleValueKind` through both forms, so a kind left without a codec fails them.
protocol ValueCodec: Sendable {
    /// The kind of `StyleValue` this codec handles; it is given only values of this kind.
    static var kind: StyleValueKind { get }
    /// The value's `"type"` in the JSON table.
    static var jsonType: StaticString { get }
    /// The value record's `kind` byte in the binary table.
    static var binaryKind: UInt8 { get }

    /// Writes the value as compact JSON.
    static func writeJSON(_ value: StyleValue, to writer: JSONWriter)
    /// Reads the members of the value's object, in any order (its `"type"`
    /// has been read: the reader skips it).
    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue
    /// The value's record: its parts (strings, numbers, nested values) are
    /// added to the writer first.
    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields
    /// Renumbers the references in the words of a record `writeBinary`
    /// made (strings, numbers, values, conditions) through `ids`: how a part
    /// of a table laid out on its own joins the whole. Plain words and the
    /// place of the owned list stay; the list's entries are renumbered by the writer.
    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering)
    /// The value of a record that passed `checkBinary`.
    static func readBinary(_ record: BinaryValueRecord) -> StyleValue
    /// Checks a record's fields against the table, before anything reads it.
    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError)
}

/// The registered codecs: one per `StyleValueKind`.
enum ValueCodecs {
    static let all: [any ValueCodec.Type] = [
        NumberCodec.self, PercentCodec.self, AngleCodec.self, StringCodec.self, BoolCodec.self, ColorCodec.self,
        GradientCodec.self, FontCodec.self, RectCodec.self, PointCodec.self, SizeCodec.self, EdgeInsetsCodec.self,
        LocalizedStringCodec.self, TransformCodec.self, VectorCodec.self, ImageCodec.self, ConditionValueCodec.self,
        EnumCaseCodec.self, OptionSetCodec.self, CallCodec.self, IdentifierCodec.self, LightDarkCodec.self,
        DurationCodec.self, AssetColorCodec.self, ShadowCodec.self, BorderCodec.self, TextAttributesCodec.self,
    ]

    /// By `StyleValueKind.rawValue`; nil for a kind without a codec (which the tests refuse).
    private static let byKind: [(any ValueCodec.Type)?] = StyleValueKind.allCases.map { kind in all.first { $0.kind == kind } }

    /// By binary kind byte.
    private static let byBinaryKind: [(any ValueCodec.Type)?] = (0...255).map { byte in all.first { $0.binaryKind == byte } }

    /// By the JSON type, its bytes packed in two words (no type is longer than 16 bytes).
    private static let byJSONType: [(name: (UInt64, UInt64), count: Int, codec: any ValueCodec.Type)] = all.map { codec in
        let name = codec.jsonType
        precondition(name.utf8CodeUnitCount <= 16, "a JSON type longer than 16 bytes")
        // Packed as a value's type is when it is looked up, by the same function.
        let bytes = Array("\(name)".utf8)
        return (ByteView.reading(bytes) { $0.packedWords(in: 0..<bytes.count) }, bytes.count, codec)
    }

    @inline(__always)
    static func codec(for kind: StyleValueKind) -> any ValueCodec.Type {
        byKind[kind.rawValue]!
    }

    static func codec(forBinaryKind byte: UInt8) -> (any ValueCodec.Type)? {
        byBinaryKind[Int(byte)]
    }

    /// The codec whose JSON type is the bytes of `range` of `bytes`.
    static func codec(forJSONType range: Range<Int>, of bytes: ByteView) -> (any ValueCodec.Type)? {
        guard range.count <= 16 else { return nil }
        let name = bytes.packedWords(in: range)
        var slot = jsonTypeSlot(name)
        // Every type is in the table, so a search ends at a free slot.
        while let entry = jsonTypeSlots[slot] {
            if byJSONType[entry].count == range.count && byJSONType[entry].name == name { return byJSONType[entry].codec }
            slot = (slot + 1) & (jsonTypeSlots.count - 1)
        }
        return nil
    }

    /// A slot of `jsonTypeSlots` for a type's packed bytes: a search of the
    /// types one by one compared 14 of them for a value, on average.
    @inline(__always)
    private static func jsonTypeSlot(_ name: (UInt64, UInt64)) -> Int {
        Int(truncatingIfNeeded: ((name.0 ^ name.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xFF51_AFD7_ED55_8CCD) >> 58)
    }

    /// `byJSONType`'s entries by `jsonTypeSlot` (64 slots for under 32
    /// types), each in the first free slot from its own.
    private static let jsonTypeSlots: [Int?] = {
        var slots = [Int?](repeating: nil, count: 64)
        precondition(byJSONType.count <= slots.count / 2, "too many JSON types for their table")
        for (index, entry) in byJSONType.enumerated() {
            var slot = jsonTypeSlot(entry.name)
            while slots[slot] != nil { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = index
        }
        return slots
    }()
}

extension StyleValue {
    /// The codec of this value's kind.
    var codec: any ValueCodec.Type { ValueCodecs.codec(for: kind) }
}

// MARK: - Binary records, as codecs see them

/// What a codec puts in a value record besides its kind (Docs/BinaryTable.md,
/// "Values"): unused fields stay 0.
struct BinaryValueFields {
    var small: UInt8 = 0
    var wide: UInt16 = 0
    /// Up to `ValueRecord.wordCount` words.
    var words = ValueWords()
    /// A list the value owns, stored after the lists of the values before it.
    var list: OwnedList?

    /// Entries of the value lists or the string lists, held on the
    /// writer's list stack until the value is claimed (see
    /// `BinaryTableWriter.beginList`); word `firstWord` gets the index of
    /// the first (the codec sets the count).
    struct OwnedList {
        var section: BinaryFormat.Section
        /// Where the entries start on the list stack, and how many there are.
        var start: Int
        var count: Int
        var firstWord: Int
    }

    init(small: UInt8 = 0, wide: UInt16 = 0, words: ValueWords = [], list: OwnedList? = nil) {
        self.small = small
        self.wide = wide
        self.words = words
        self.list = list
    }
}

extension BinaryValueFields {
    /// What a word refers to.
    enum Reference {
        case string, number, value, condition
    }

    /// Renumbers word `position`, a reference to `reference`, through `ids`.
    mutating func renumber(_ reference: Reference, word position: Int, through ids: BinaryRenumbering) {
        let id = words[position]
        switch reference {
        case .string: words[position] = ids.string(id)
        case .number: words[position] = ids.number(id)
        case .value: words[position] = ids.value(id)
        case .condition: words[position] = ids.condition(id)
        }
    }

    /// Renumbers words `positions`, each a number code.
    mutating func renumberNumbers(_ positions: Range<Int>, through ids: BinaryRenumbering) {
        for position in positions { renumber(.number, word: position, through: ids) }
    }
}

/// The words of a value record, held in place: a codec's `[a, b]` makes no
/// array (every value a binary table lays out has its words, and making and
/// freeing an array for each was a third of the layout, measured with
/// callgrind). Unused words are 0.
struct ValueWords: ExpressibleByArrayLiteral, Equatable {
    private(set) var count = 0
    private var words = FourValues<UInt32>(values: 0, 0, 0, 0)

    init() {}

    init(arrayLiteral words: UInt32...) {
        for word in words { append(word) }
    }

    subscript(index: Int) -> UInt32 {
        get { words[Self.checked(index)] }
        set { words[Self.checked(index)] = newValue }
    }

    mutating func append(_ word: UInt32) {
        self[count] = word
        count += 1
    }

    private static func checked(_ index: Int) -> Int {
        precondition(index >= 0 && index < ValueRecord.wordCount, "a value record holds \(ValueRecord.wordCount) words")
        return index
    }
}

/// A value record being decoded: its fields, and the table to follow them into.
struct BinaryValueRecord {
    /// Not counted: a record lives only while its table's `value` decodes it.
    unowned(unsafe) let table: BinaryTable
    /// The record's byte offset.
    let at: Int

    var small: UInt8 { table.read(ValueRecord.small, at: at) }
    var wide: UInt16 { table.read(ValueRecord.wide, at: at) }
    func word(_ index: Int) -> UInt32 { table.read(ValueRecord.word(index), at: at) }
    /// The number whose code is in word `index`.
    func number(_ index: Int) -> Double { table.number(word(index)) }
    func string(_ index: Int) -> String { table.string(word(index)) }
    /// The value whose index is in word `index`.
    func value(_ index: Int) -> StyleValue { table.value(word(index)) }
    /// The values of the value-list entries starting at word `first`'s index, word `count`'s many.
    func values(first: Int, count: Int) -> [StyleValue] {
        table.valueList(word(first), word(count)).map { table.value($0) }
    }
    /// The strings of the string-list entries starting at word `first`'s index, word `count`'s many.
    func strings(first: Int, count: Int) -> [String] {
        let start = Int(word(first))
        return (0..<Int(word(count))).map { table.string(table.read(ListEntry.value, at: table.stringLists + ListEntry.size * (start + $0))) }
    }
}

/// A value record being checked at load. Its parts must be earlier values
/// (so nothing is cyclic), its lists the next entries of their sections
/// (so no two records share one), its strings and numbers must exist.
struct BinaryValueCheck: BinaryFieldReading {
    /// What a value record may refer to, in a checked header: plain
    /// numbers, so that making a check per value costs nothing.
    struct Sections {
        let values: Int, valueLists: Int, valueListCount: Int, stringLists: Int, stringListCount: Int
        let numbers: Int, numberCount: Int, stringCount: Int, conditionCount: Int

        init(_ layout: BinaryLayout) {
            values = layout.offset(.values)
            valueLists = layout.offset(.valueLists)
            valueListCount = layout.count(.valueLists)
            stringLists = layout.offset(.stringLists)
            stringListCount = layout.count(.stringLists)
            numberCount = layout.count(.numbers)
            stringCount = layout.stringCount
            conditionCount = layout.count(.conditions)
            numbers = layout.offset(.numbers)
        }

        func isString(_ id: UInt32) -> Bool { Int(id) < stringCount }
        func isNumber(_ code: UInt32) -> Bool {
            code & BinaryFormat.pooledNumberBit == 0 || Int(code & ~BinaryFormat.pooledNumberBit) < numberCount
        }
    }

    let bytes: [UInt8]
    /// This record's index, and its byte offset.
    var index = 0
    var at = 0
    let sections: Sections
    /// The nesting depth of each value so far.
    var depths: [UInt16]
    /// This value's depth: 1, or one more than its deepest part.
    var depth: UInt16 = 1
    /// The next unowned entry of the value lists and of the string lists.
    var valueListCursor: Int
    var stringListCursor: Int

    var small: UInt8 { read(ValueRecord.small, at: at) }
    var wide: UInt16 { read(ValueRecord.wide, at: at) }
    @inline(__always)
    func word(_ position: Int) -> UInt32 { read(ValueRecord.word(position), at: at) }
    func isNumber(_ code: UInt32) -> Bool { sections.isNumber(code) }
    func isString(_ id: UInt32) -> Bool { sections.isString(id) }
    var conditionCount: Int { sections.conditionCount }

    func fail(_ message: String) -> BinaryTableError {
        BinaryTableError("\(BinaryFormat.Section.values.name) record \(index): \(message)", at: at)
    }

    // Inlined, as are the checks below: every value of a table is checked
    // as it loads, and a call with its message's closure per check cost
    // more than the check (a fifth of loading a large table).
    @inline(__always)
    func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(BinaryTableError) {
        if !condition { throw fail(message()) }
    }

    /// Words 0 to `count - 1` are number codes.
    @inline(__always)
    func numbers(_ count: Int) throws(BinaryTableError) {
        for position in 0..<count where !sections.isNumber(word(position)) { throw fail("number \(position + 1) does not exist") }
    }

    /// Word `position` is a string; `what` names it in the message.
    func string(_ position: Int, _ what: String = "string") throws(BinaryTableError) {
        try check(sections.isString(word(position)), "\(what) \(word(position)) does not exist")
    }

    func isWholeNumber(_ position: Int) -> Bool {
        let code = word(position)
        guard sections.isNumber(code) else { return false }
        let value = code & BinaryFormat.pooledNumberBit == 0 ? BinaryFormat.inlineValue(code)
            : Double(bitPattern: read(NumberRecord.bits, at: sections.numbers + NumberRecord.size * Int(code & ~BinaryFormat.pooledNumberBit)))
        return value == value.rounded() && abs(value) < 1e15
    }

    /// The kind byte of value `item`.
    private func kind(ofValue item: UInt32) -> UInt8 { read(ValueRecord.kind, at: sections.values + ValueRecord.size * Int(item)) }

    /// Word `position` is an earlier value: its kind byte (its depth counts toward this one's).
    mutating func earlierValue(_ position: Int, _ what: String) throws(BinaryTableError) -> UInt8 {
        let item = word(position)
        try check(Int(item) < index, "\(what) refers to value \(item), not an earlier one")
        depth = max(depth, depths[Int(item)] + 1)
        return kind(ofValue: item)
    }

    /// The value list this value owns: the next `word(count)` entries,
    /// starting at `word(first)`, each an earlier value; `allowed` checks
    /// each item's kind byte, given the item's position in the list.
    mutating func ownValueList(first: Int, count: Int, allowed: (_ position: Int, _ kind: UInt8) -> Bool = { _, _ in true },
                               _ refused: String = "")
        throws(BinaryTableError) {
        let start = word(first), length = word(count)
        try check(Int(start) == valueListCursor && Int(length) <= sections.valueListCount - valueListCursor,
                  "its list (\(start), \(length) values) is not the next \(length) entries of the value lists (\(valueListCursor))")
        for position in valueListCursor..<(valueListCursor + Int(length)) {
            let item = read(ListEntry.value, at: sections.valueLists + ListEntry.size * position)
            try check(Int(item) < index, "list entry \(position - valueListCursor) refers to value \(item), not an earlier one")
            try check(allowed(position - valueListCursor, kind(ofValue: item)), refused)
            depth = max(depth, depths[Int(item)] + 1)
        }
        valueListCursor += Int(length)
    }

    /// The string list this value owns: the next `word(count)` entries, starting at `word(first)`, each a string.
    mutating func ownStringList(first: Int, count: Int) throws(BinaryTableError) {
        let start = Int(word(first)), length = Int(word(count))
        try check(start == stringListCursor && length <= sections.stringListCount - stringListCursor,
                  "its options are not the next \(length) entries of the string lists (\(stringListCursor))")
        for position in start..<(start + length) {
            try check(sections.isString(read(ListEntry.value, at: sections.stringLists + ListEntry.size * position)),
                      "option \(position - start) does not exist")
        }
        stringListCursor += length
    }
}

/// Where each section of a checked table is, and how many records it holds.
struct BinaryLayout {
    var offsets: [Int] = []
    var counts: [Int] = []

    func offset(_ section: BinaryFormat.Section) -> Int { offsets[section.rawValue] }
    func count(_ section: BinaryFormat.Section) -> Int { counts[section.rawValue] }
    /// Byte offset of record `index` of `section`.
    @inline(__always)
    func record(_ section: BinaryFormat.Section, _ index: Int) -> Int { offset(section) + section.recordSize * index }

    var stringCount: Int { count(.stringOffsets) - 1 }
    func isString(_ id: UInt32) -> Bool { Int(id) < stringCount }
    func isOptionalString(_ id: UInt32) -> Bool { id == BinaryFormat.none || isString(id) }

    /// Whether a number code is valid: inline, or a pooled number that exists.
    func isNumber(_ code: UInt32) -> Bool {
        code & BinaryFormat.pooledNumberBit == 0 || Int(code & ~BinaryFormat.pooledNumberBit) < count(.numbers)
    }
}
