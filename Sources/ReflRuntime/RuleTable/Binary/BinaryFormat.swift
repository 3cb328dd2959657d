
/// The layout of a binary rule table (`reflc build --format binary`), as
/// Docs/BinaryTable.md describes it: a header, then sections of fixed-width
/// little-endian records that refer to each other by index. Shared by the
/// writer and the reader, so that the two cannot disagree.
enum BinaryFormat {
    /// `\x89REFLB\r\n`: a byte with the high bit set (caught by 7-bit
    /// transfers), the name, then CR LF (caught by newline conversion).
    static let magic: [UInt8] = [0x89, 0x52, 0x45, 0x46, 0x4C, 0x42, 0x0D, 0x0A]
    /// The version of the layout written: 3, layout 1 with a checksum at the end.
    static let layoutVersion: UInt32 = 3
    /// The layout written before, without a checksum, which is still read.
    static let uncheckedLayoutVersion: UInt32 = 1
    /// The version of the rule model a binary table holds: version 3 (the
    /// value kinds of version 3, such as `light-dark()` colors; the `@view`
    /// declarations, which only the build needs, are left out). Tables of
    /// version 2 still load.
    static let ruleModelVersion: UInt32 = 3
    static let readableRuleModelVersions: ClosedRange<UInt32> = 2...3
    /// Bytes before the section directory (`HeaderRecord`).
    static let headerLength = HeaderRecord.size
    /// "No string" / "no condition" in a field that may be empty.
    static let none: UInt32 = 0xFFFF_FFFF
    /// The bit of a property's value field that marks it `!important`.
    static let importantBit: UInt32 = 0x8000_0000
    /// Every section starts at a multiple of this.
    static let sectionAlignment = 8
    /// How deep values (vectors, calls, image fills) and conditions may
    /// nest: as deep as the language lets them be written.
    static let maximumNesting = LanguageLimits.maximumNesting

    /// The sections, in file order; each holds records of `recordSize` bytes.
    enum Section: Int, CaseIterable {
        case stringOffsets, stringBytes, numbers, values, valueLists, stringLists
        case conditionNodes, conditionLists, conditions, propertyNames, properties, stateGroups, rules, variables
        case indexBuckets, indexEntries, ruleLists

        var recordSize: Int {
            switch self {
            case .stringBytes: return 1
            case .stringOffsets, .valueLists, .stringLists, .conditionLists, .propertyNames, .indexBuckets, .ruleLists: return ListEntry.size
            case .numbers: return NumberRecord.size
            case .values: return ValueRecord.size
            case .conditionNodes: return ConditionNodeRecord.size
            case .conditions: return ConditionRecord.size
            case .properties: return PropertyRecord.size
            case .stateGroups: return StateGroupRecord.size
            case .rules: return RuleRecord.size
            case .variables: return VariableRecord.size
            case .indexEntries: return IndexEntryRecord.size
            }
        }

        /// The name used in messages and in Docs/BinaryTable.md.
        var name: String {
            switch self {
            case .stringOffsets: return "string offsets"
            case .stringBytes: return "string bytes"
            case .numbers: return "numbers"
            case .values: return "values"
            case .valueLists: return "value lists"
            case .stringLists: return "string lists"
            case .conditionNodes: return "condition nodes"
            case .conditionLists: return "condition lists"
            case .conditions: return "conditions"
            case .propertyNames: return "property names"
            case .properties: return "properties"
            case .stateGroups: return "state groups"
            case .rules: return "rules"
            case .variables: return "variables"
            case .indexBuckets: return "index buckets"
            case .indexEntries: return "index entries"
            case .ruleLists: return "rule lists"
            }
        }
    }

    /// The directory: an offset and a byte length per section.
    static var directoryLength: Int { Section.allCases.count * DirectoryEntry.size }

    /// A condition node's kind (its first byte).
    enum ConditionKind: UInt8 {
        case all, any, not, always, external, sizeClass, size, idiom, appearance, contentSize
        case layoutDirection, orientation, contrast, flag
        /// Rule table version 3.
        case osVersion, scale
    }

    /// An enumeration is stored as its position in `allCases`, the order
    /// Docs/BinaryTable.md lists.
    static func code<Keyword: CaseIterable & Equatable>(_ keyword: Keyword) -> UInt8 {
        UInt8(Array(Keyword.allCases).firstIndex(of: keyword)!)
    }

    /// The keyword at position `code`, or nil past the end.
    static func keyword<Keyword: CaseIterable>(_ code: UInt8, as _: Keyword.Type) -> Keyword? {
        let cases = Array(Keyword.allCases)
        return Int(code) < cases.count ? cases[Int(code)] : nil
    }

    /// Length units: 0 none, then `LengthUnit`'s cases.
    static func unitCode(_ unit: LengthUnit?) -> UInt8 { unit.map { code($0) + 1 } ?? 0 }

    static func unit(_ code: UInt8) -> LengthUnit?? {
        code == 0 ? .some(nil) : keyword(code - 1, as: LengthUnit.self).map { .some($0) }
    }

    // MARK: Numbers

    /// Numbers are stored in a 32-bit code: most are short decimals (color
    /// components to 5 places, lengths, sizes), kept in the code itself as
    /// a count of 1/100000 (a 31-bit signed integer); any other goes to the
    /// numbers section, and the code, with its top bit set, gives its index.
    static let numberScale = 100_000.0
    static let pooledNumberBit: UInt32 = 0x8000_0000

    /// The code for `value` when it is exactly a count of 1/100000 in the
    /// code's range (the division gives back the same double), else nil.
    static func inlineCode(_ value: Double) -> UInt32? {
        let product = value * numberScale
        guard abs(product) <= 1_073_741_824 else { return nil }  // NaN and the infinities too
        // Rounded to the nearest integer by adding and taking away 1.5 × 2^52
        // (exact below 2^51), not by `rounded()`, a call into the C library
        // on x86-64, four for each color laid out. That rounds a half to
        // even, not away from zero; but a product that is a half was no
        // count of 1/100000, and gives the value back either way.
        let nearest = (product + 6_755_399_441_055_744.0) - 6_755_399_441_055_744.0
        guard abs(nearest) < 1_073_741_824, nearest / numberScale == value, value.sign == .plus || value != 0 else { return nil }
        return UInt32(bitPattern: Int32(nearest)) & ~pooledNumberBit
    }

    /// The value of an inline code.
    static func inlineValue(_ code: UInt32) -> Double {
        Double(Int32(bitPattern: code << 1) >> 1) / numberScale
    }

    /// 32-bit FNV-1a over a name's UTF-8 bytes: what the selector index
    /// hashes names with.
    static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash = (hash ^ UInt32(byte)) &* 16_777_619
        }
        return hash
    }
}
