import Foundation
import Testing
import GoldenFiles
import ReflParser
@testable import ReflEval
@testable import ReflRuntime

/// A truncated, corrupted or hostile binary table is an error on load —
/// never a crash, an out-of-bounds read, or an allocation the file chooses.
struct BinaryTableTests {
    /// A table using every kind of record: values of each type (nested
    /// ones included), conditions, state groups, variables.
    static let source = try! String(contentsOfFile: Golden.packageRoot + "/Fixtures/tables/every-kind.less", encoding: .utf8)

    /// Compiled unchecked: it sets a per-state background color on a button,
    /// as tables written before the UIKit schema could (the layout 1 fixture).
    static func table() throws -> RuleTable {
        let result = Compiler.compileUnchecked(source: SourceFile(path: "every-kind.less", text: source))
        return try #require(result.ruleTable, "\(result.diagnostics.map(\.message))")
    }

    static func load(_ bytes: [UInt8]) -> Result<Stylesheet, StylesheetError> {
        do {
            return .success(try Stylesheet(ruleTable: bytes, path: "t.reflb"))
        } catch {
            return .failure(error)
        }
    }

    /// Uses what loaded as a resolver would, so a bad reference that got past
    /// the check would be read here.
    static func exercise(_ stylesheet: Stylesheet) {
        let environment = StyleEnvironment(idiom: .pad, screenSize: ViewSize(width: 1024, height: 768), appearance: .dark,
                                           contentSizeCategory: .accessibilityLarge, layoutDirection: .rtl, contrast: .high)
        for name in ["UIButton", "UIView", "UILabel", "plain", "primary"] {
            let query = StyleQuery(className: name, superclasses: ["UIView"], traits: ["primary", "plain"], environment: environment)
            _ = stylesheet.resolve(query)
            _ = stylesheet.explain(query)
        }
        _ = stylesheet.table
    }

    @Test func theTableRoundTripsAndResolvesAsTheSource() throws {
        let table = try Self.table()
        let binary = try table.binaryBytes()
        let loaded = try Stylesheet(ruleTable: binary)
        #expect(loaded.table == table)
        let query = StyleQuery(className: "UIButton", traits: ["primary"], environment: StyleEnvironment(bounds: ViewSize(width: 200, height: 100)))
        #expect(loaded.resolve(query) == Stylesheet(table: table).resolve(query))
        #expect(loaded.resolve(query).number("cornerRadius") == 4)
    }

    @Test func everyTruncationIsAnError() throws {
        let binary = try Self.table().binaryBytes()
        for length in 0..<binary.count {
            guard case .failure(let error) = Self.load(Array(binary[0..<length])) else {
                Issue.record("a table cut to \(length) of \(binary.count) bytes loaded")
                continue
            }
            // Shorter than the magic number it is not a binary table (and not JSON either);
            // from there on it is one, and the error says how it is broken.
            guard length >= BinaryFormat.magic.count else { continue }
            let reason = try #require(error.reason)
            #expect(reason.hasPrefix("t.reflb: error: malformed binary rule table: "), "\(reason)")
        }
    }

    /// The check behind the checksum: each corrupted byte, with the checksum
    /// made to match it again (as a hostile file would), is refused by the
    /// check or loads as a well-formed table.
    @Test func everyCorruptedByteIsAnErrorOrAWellFormedTable() throws {
        let binary = try Self.table().binaryBytes()
        var loaded = 0
        for offset in binary.indices.dropLast(ChecksumTrailer.size) {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var corrupted = binary
                corrupted[offset] ^= flip
                if case .success(let stylesheet) = Self.load(Self.resealed(corrupted)) {
                    Self.exercise(stylesheet)
                    loaded += 1
                }
            }
        }
        // Many changes (a number, a string's byte, a line) leave a valid table: they must load.
        #expect(loaded > 0)
    }

    static let damaged = "t.reflb: error: binary rule table is damaged: checksum mismatch (the file changed after it was written; build it again)"

    @Test func everyFlippedBitIsRefusedAsDamage() throws {
        let binary = try Self.table().binaryBytes()
        for offset in binary.indices {
            for bit in 0..<8 {
                var flipped = binary
                flipped[offset] ^= 1 << bit
                guard case .failure(let error) = Self.load(flipped) else {
                    Issue.record("a table with bit \(bit) of byte \(offset) flipped loaded")
                    continue
                }
                // A flip in the magic number makes it no binary table, one in the
                // length makes it cut short or too long, one in the layout version
                // may make it layout 1, which has no checksum; any other is damage.
                if HeaderRecord.fileLength.offset..<HeaderRecord.fileLength.offset + 4 ~= offset {
                    #expect(error.reason?.contains("truncated") == true || error.reason?.contains("past the end") == true)
                } else if offset >= BinaryFormat.magic.count {
                    let isVersion = HeaderRecord.layoutVersion.offset..<HeaderRecord.layoutVersion.offset + 4 ~= offset
                    #expect(error.reason == Self.damaged || isVersion && error.reason?.contains("bytes follow the last section") == true,
                            "bit \(bit) of byte \(offset): \(error)")
                }
            }
        }
    }

    @Test func aTableOfLayoutOneStillLoadsAndAnswersAsItsSource() throws {
        let root = Golden.packageRoot + "/Fixtures/tables/"
        let old = Array(try Data(contentsOf: URL(fileURLWithPath: root + "every-kind-layout1.reflb")))
        #expect(old[HeaderRecord.layoutVersion.offset] == 1)
        let table = try Self.table()
        let loaded = try Stylesheet(ruleTable: old, path: "every-kind-layout1.reflb")
        #expect(loaded.table == table)
        let fromSource = Stylesheet(table: table)
        for query in TableFormsTests.queries(for: table) {
            #expect(loaded.resolve(query) == fromSource.resolve(query))
            #expect(loaded.explain(query) == fromSource.explain(query))
        }
        // Layout 3 is layout 1 with a checksum: the same sections, a new version, length and end.
        let new = try table.binaryBytes()
        let directoryEnd = BinaryFormat.headerLength + BinaryFormat.directoryLength
        #expect(new[HeaderRecord.layoutVersion.offset] == 3)
        #expect(Array(new[directoryEnd..<old.count]) == Array(old[directoryEnd...]))
        #expect(Array(new[HeaderRecord.sectionCount.offset..<directoryEnd]) == Array(old[HeaderRecord.sectionCount.offset..<directoryEnd]))
        #expect(new.count == (old.count + 7) / 8 * 8 + ChecksumTrailer.size)
        // Layout 1 has no checksum to catch a change: a changed string byte loads.
        var changed = old
        let label = try #require(changed.firstRange(of: Array("star".utf8)))
        changed[label.lowerBound] = UInt8(ascii: "S")
        #expect(try Stylesheet(ruleTable: changed).table != table)
    }

    @Test func theChecksumIsXXH64() {
        func xxh64(_ bytes: [UInt8]) -> UInt64 { BinaryChecksum.xxh64(bytes, count: bytes.count) }
        // Published values (xxHash's own, seed 0), across the short and the four-lane paths.
        #expect(xxh64([]) == 0xEF46_DB37_51D8_E999)
        #expect(xxh64(Array("a".utf8)) == 0xD24E_C4F1_A98C_6E5B)
        #expect(xxh64(Array("abc".utf8)) == 0x44BC_2CF5_AD77_0999)
        #expect(xxh64((0..<40).map { UInt8($0) }) == 0xF5DA_40F1_B117_41E9)
        #expect(xxh64(Array(repeating: (0..<256).map { UInt8($0) }, count: 3).flatMap { $0 }) == 0x8E03_C838_C596_036F)
    }

    /// The checksum of bytes given in pieces, as a table written section by
    /// section has it, is that of the bytes joined, wherever the pieces end
    /// (inside a stripe of 32 or at its edge, empty pieces too).
    @Test func theChecksumOfPiecesIsTheChecksumOfTheWhole() {
        for count in [0, 1, 7, 31, 32, 33, 64, 100, 768, 1000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ $0 >> 3) }
            let whole = BinaryChecksum.xxh64(bytes, count: count)
            for cuts in [[], [0], [count / 2], [1, 2, 3], [31, 32, 64], [5, 5, count / 3, count - 1]] {
                var stream = BinaryChecksum.Stream()
                var start = 0
                for cut in cuts.map({ min(max($0, 0), count) }).sorted() + [count] {
                    stream.add(Array(bytes[start..<max(start, cut)]))
                    start = max(start, cut)
                }
                #expect(stream.finished() == whole, "\(count) bytes cut at \(cuts)")
            }
        }
    }

    /// `reflc build --format binary` writes the table section by section
    /// (`BinaryTableFile.write(to:)`): the same bytes as the table in one array.
    @Test func aTableWrittenSectionBySectionIsTheTableInOneArray() throws {
        let table = try Self.table()
        let expected = try table.binaryBytes()
        var writer = BinaryTableWriter()
        for rule in table.rules { writer.add(rule) }
        let file = try writer.finishLayout(variables: table.variables)
        let output = ByteArrayOutput()
        file.write(to: output)
        #expect(output.bytes == expected)
        #expect(file.count == expected.count)
        #expect(file.takeBytes() == expected)
    }

    // MARK: - Hostile files, made by hand

    /// The binary table with the 32-bit field at `offset` set to `value`,
    /// and its checksum made to match, as a hostile file's would: what
    /// refuses it is the check behind the checksum.
    static func patching(_ bytes: [UInt8], at offset: Int, to value: UInt32) -> [UInt8] {
        var patched = bytes
        withUnsafeBytes(of: value.littleEndian) { for (index, byte) in $0.enumerated() { patched[offset + index] = byte } }
        return resealed(patched)
    }

    /// `bytes` with the checksum at their end made to match them.
    static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        var sealed = bytes
        let checksum = BinaryChecksum.xxh64(bytes, count: bytes.count - ChecksumTrailer.size)
        withUnsafeBytes(of: checksum.littleEndian) { for (index, byte) in $0.enumerated() { sealed[bytes.count - ChecksumTrailer.size + index] = byte } }
        return sealed
    }

    static func sectionOffset(_ bytes: [UInt8], _ section: BinaryFormat.Section) -> Int {
        let entry = BinaryFormat.headerLength + 8 * section.rawValue
        return Int(UInt32(bytes[entry]) | UInt32(bytes[entry + 1]) << 8 | UInt32(bytes[entry + 2]) << 16 | UInt32(bytes[entry + 3]) << 24)
    }

    static func reason(_ bytes: [UInt8]) -> String {
        guard case .failure(let error) = load(bytes) else { return "loaded" }
        return error.reason ?? "diagnostics"
    }

    @Test func aWrongMagicNumberOrVersionIsNamed() throws {
        let binary = try Self.table().binaryBytes()
        // Not the magic number: then it is not a binary table at all, and is read as JSON.
        var notMagic = binary
        notMagic[1] = UInt8(ascii: "X")
        #expect(TableFormat.detect(notMagic) == .source)
        #expect(Self.reason(Self.patching(binary, at: 8, to: 2)).contains("binary layout version 2 is not supported; this reflc reads versions 1 and 3"))
        #expect(Self.reason(Self.patching(binary, at: 12, to: 7)).contains("rule table version 7 is not supported in binary form"))
        #expect(Self.reason(Self.patching(binary, at: 16, to: UInt32(binary.count + 1))).contains("truncated"))
        #expect(Self.reason(binary + [0]).contains("1 bytes past the end"))
        #expect(Self.reason(Array(binary.dropLast())).contains("truncated"))
    }

    @Test func sectionsPastTheEndOrOverlappingAreRefused() throws {
        let binary = try Self.table().binaryBytes()
        let rulesEntry = BinaryFormat.headerLength + 8 * BinaryFormat.Section.rules.rawValue
        #expect(Self.reason(Self.patching(binary, at: rulesEntry + 4, to: 0xFFFF_FFF0)).contains("section rules"))
        #expect(Self.reason(Self.patching(binary, at: rulesEntry, to: 8)).contains("is misplaced"))
    }

    @Test func countsThatWouldAllocateGigabytesAreRefusedBeforeAnyAllocation() throws {
        let binary = try Self.table().binaryBytes()
        let firstRule = Self.sectionOffset(binary, .rules)
        // A rule claiming four billion properties, then four billion state groups.
        #expect(Self.reason(Self.patching(binary, at: firstRule + 36, to: 0xFFFF_FFFF)).contains("rules record 0: its properties"))
        #expect(Self.reason(Self.patching(binary, at: firstRule + 44, to: 0xFFFF_FFFF)).contains("rules record 0: its state groups"))
        // A string past the string bytes.
        #expect(Self.reason(Self.patching(binary, at: Self.sectionOffset(binary, .stringOffsets) + 4, to: 0x7FFF_FFFF))
            .contains("string offsets record 1"))
    }

    @Test func referencesForwardOrOverlappingAreRefused() throws {
        let binary = try Self.table().binaryBytes()
        // The first value list entry (a gradient's first color, or a call's argument) made to point at its owner or later.
        let lists = Self.sectionOffset(binary, .valueLists)
        #expect(Self.reason(Self.patching(binary, at: lists, to: 0x7FFF_FFFF)).contains("not an earlier one"))
        // The second rule's properties made to start where the first rule's do.
        let secondRule = Self.sectionOffset(binary, .rules) + 48
        #expect(Self.reason(Self.patching(binary, at: secondRule + 32, to: 0)).contains("rules record 1: its properties"))
        // A 'not' or 'all' node made to point at itself.
        let nodes = Self.sectionOffset(binary, .conditionNodes)
        let nodeCount = (Self.sectionOffset(binary, .conditionLists) - nodes) / 12
        var cyclic = "loaded"
        for node in 0..<nodeCount where [BinaryFormat.ConditionKind.not.rawValue, BinaryFormat.ConditionKind.all.rawValue]
            .contains(binary[nodes + 12 * node]) {
            let field = binary[nodes + 12 * node] == BinaryFormat.ConditionKind.not.rawValue ? 4 : 8
            cyclic = Self.reason(Self.patching(binary, at: nodes + 12 * node + field, to: binary[nodes + 12 * node] == BinaryFormat.ConditionKind.not.rawValue ? UInt32(node) : 0xFFFF))
            break
        }
        #expect(cyclic != "loaded")
    }

    @Test func anIndexWithNoEmptyBucketIsRefused() throws {
        let binary = try Self.table().binaryBytes()
        let entry = BinaryFormat.headerLength + 8 * BinaryFormat.Section.indexBuckets.rawValue
        // One bucket for several names: a lookup could probe forever.
        #expect(Self.reason(Self.patching(binary, at: entry + 4, to: 4)).contains("buckets"))
    }

    @Test func nestingPastTheLimitIsRefusedByTheWriterAndTheReader() throws {
        var deep = StyleValue.number(1, unit: nil)
        for _ in 0..<(BinaryFormat.maximumNesting + 5) { deep = .vector([deep]) }
        let table = RuleTable(rules: [CompiledRule(selector: RuleSelector(raw: "a", className: nil, trait: "a", hasWhere: false),
                                                   priority: 70, appliesToSubclasses: false, condition: nil,
                                                   source: SourcePosition(file: "a.less", line: 1, column: 1),
                                                   properties: [Property(name: "deep", value: deep, isImportant: false)])])
        #expect(throws: BinaryTableError.self) { try table.binaryBytes() }
        var writer = BinaryTableWriter()
        writer.checksNesting = false
        let bytes = try writer.write(table)
        #expect(Self.reason(bytes).contains("values nest deeper than \(BinaryFormat.maximumNesting)"))
    }
}
