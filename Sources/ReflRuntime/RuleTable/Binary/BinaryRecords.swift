
/// The records of the binary table (Docs/BinaryTable.md, "Layout"), each
/// described once: its size and its fields' offsets. The writer, the reader
/// and the validator all address a field through these, never by a number
/// of their own.
struct RecordField<Value: FixedWidthInteger> {
    /// Bytes from the start of the record.
    let offset: Int

    init(_ offset: Int) { self.offset = offset }
}

/// The header, at the start of the file; the section directory follows it.
enum HeaderRecord {
    static let size = 24
    /// The magic number, `BinaryFormat.magic`, fills bytes 0..<8.
    static let layoutVersion = RecordField<UInt32>(8)
    static let tableVersion = RecordField<UInt32>(12)
    static let fileLength = RecordField<UInt32>(16)
    static let sectionCount = RecordField<UInt32>(20)
}

/// The end of a table of layout 3: the checksum of every byte before it
/// (`BinaryChecksum`), at a multiple of 8 after the last section.
enum ChecksumTrailer {
    static let size = 8
    static let checksum = RecordField<UInt64>(0)
}

/// One entry of the section directory, per section in file order.
enum DirectoryEntry {
    static let size = 8
    static let offset = RecordField<UInt32>(0)
    static let length = RecordField<UInt32>(4)
}

/// A u32 in a section of them: string offsets, lists, property names, index buckets.
enum ListEntry {
    static let size = 4
    static let value = RecordField<UInt32>(0)
}

/// A double of the numbers section.
enum NumberRecord {
    static let size = 8
    static let bits = RecordField<UInt64>(0)
}

/// A value: its kind, two small fields whose meaning the kind gives, and four words.
enum ValueRecord {
    static let size = 20
    static let kind = RecordField<UInt8>(0)
    static let small = RecordField<UInt8>(1)
    static let wide = RecordField<UInt16>(2)
    static let wordCount = 4
    /// Word `index` (0 to 3).
    static func word(_ index: Int) -> RecordField<UInt32> { RecordField(4 + 4 * index) }
    /// The record as three words, for the writer to compare and store it
    /// whole (the fields are little-endian, so `head` is `kind`, `small`,
    /// `wide` and word 0 from its low byte up, and `middle` words 1 and 2).
    static let head = RecordField<UInt64>(0)
    static let middle = RecordField<UInt64>(8)
    static let tail = RecordField<UInt32>(16)
}

/// A node of a condition's tree.
enum ConditionNodeRecord {
    static let size = 12
    static let kind = RecordField<UInt8>(0)
    static let subject = RecordField<UInt8>(1)
    static let op = RecordField<UInt8>(2)
    static let operand = RecordField<UInt8>(3)
    static let x = RecordField<UInt32>(4)
    static let y = RecordField<UInt32>(8)
}

/// A condition: its text and the root of its tree.
enum ConditionRecord {
    static let size = 8
    static let text = RecordField<UInt32>(0)
    static let root = RecordField<UInt32>(4)
}

/// A property: an index into the property names, and its value.
enum PropertyRecord {
    static let size = 8
    static let name = RecordField<UInt32>(0)
    /// The value index, with `BinaryFormat.importantBit` set when `!important`.
    static let value = RecordField<UInt32>(4)
    /// The record as one word, `name` in its low half, for the writer to store it whole.
    static let whole = RecordField<UInt64>(0)
}

/// The properties of one control state of a rule.
enum StateGroupRecord {
    static let size = 12
    static let state = RecordField<UInt32>(0)
    static let firstProperty = RecordField<UInt32>(4)
    static let propertyCount = RecordField<UInt32>(8)
}

enum RuleRecord {
    static let size = 48
    /// The selector as written, or `none` when it is its parts joined.
    static let selectorText = RecordField<UInt32>(0)
    static let className = RecordField<UInt32>(4)
    static let trait = RecordField<UInt32>(8)
    /// Bit 0: `:__where`; bit 1: applies to subclasses.
    static let flags = RecordField<UInt8>(12)
    static let priority = RecordField<UInt8>(13)
    /// How many context steps the selector has (version 3; 0 before): the
    /// steps are read from the selector's text, which such a rule stores.
    static let contextSteps = RecordField<UInt16>(14)
    static let condition = RecordField<UInt32>(16)
    static let file = RecordField<UInt32>(20)
    static let line = RecordField<UInt32>(24)
    static let column = RecordField<UInt32>(28)
    static let firstProperty = RecordField<UInt32>(32)
    static let propertyCount = RecordField<UInt32>(36)
    static let firstGroup = RecordField<UInt32>(40)
    static let groupCount = RecordField<UInt32>(44)

    static let whereFlag: UInt8 = 1
    static let subclassesFlag: UInt8 = 2
}

enum VariableRecord {
    static let size = 8
    static let name = RecordField<UInt32>(0)
    static let value = RecordField<UInt32>(4)
}

/// A name of the selector index and the rules it can match.
enum IndexEntryRecord {
    static let size = 20
    static let name = RecordField<UInt32>(0)
    static let firstRule = RecordField<UInt32>(4)
    static let classCount = RecordField<UInt32>(8)
    static let subclassCount = RecordField<UInt32>(12)
    static let traitCount = RecordField<UInt32>(16)
}

/// Reads fields of a table's bytes (little-endian, at any alignment).
protocol BinaryFieldReading {
    var bytes: [UInt8] { get }
}

extension BinaryFieldReading {
    /// The field `field` of the record at byte `record`.
    @inline(__always)
    func read<Value: FixedWidthInteger>(_ field: RecordField<Value>, at record: Int) -> Value {
        bytes.load(Value.self, at: record + field.offset)
    }
}

extension [UInt8] {
    /// Appends a record of `size` zero bytes and returns where it starts, for `set` to fill in.
    mutating func appendRecord(size: Int) -> Int {
        let start = count
        if size <= Self.maximumZeroRun {
            appendZeros(size)
        } else {
            append(contentsOf: repeatElement(0, count: size))
        }
        return start
    }

    /// Sets the field `field` of the record starting at `record`.
    mutating func set<Value: FixedWidthInteger>(_ field: RecordField<Value>, at record: Int, to value: Value) {
        storeLittleEndian(value, at: record + field.offset)
    }

    /// The field `field` of the record starting at `record` (of a section being written).
    func read<Value: FixedWidthInteger>(_ field: RecordField<Value>, at record: Int) -> Value {
        load(Value.self, at: record + field.offset)
    }

    /// Appends one u32 entry of a list section (`ListEntry.value` is the whole entry).
    mutating func appendEntry(_ value: UInt32) {
        appendLittleEndian(value)
    }
}
