import Testing
import ReflParser
@testable import ReflEval
@testable import ReflRuntime

/// A truncated, corrupted or hostile binary table is an error on load —
/// never a crash, an out-of-bounds read, or an allocation the file chooses.
struct BinaryTableTests {
    /// A table using every kind of record: values of each type (nested
    /// ones included), conditions, state groups, variables.
    static let source = """
        @accent: #3478f6;
        @gap: 8px;
        UIButton:primary {
            background-color: @accent;
            background-image[highlighted]: image(darken(@accent, 10%));
            title-color[selected, highlighted]: white;
            font: font('Avenir-Heavy', 17pt, body);
            corner-radius: @gap / 2;
            content-edge-insets: edge-insets(@gap, @gap * 2);
            frame: rect(0, 0, 50, 44px);
            width: 50%;
            title-font: font('system', 50%);
            bold: font('system', 17pt, semibold);
            size: size(10, 20);
            offset: point(1, 2);
            transform: transform-rotate(90deg);
            gradient: linear-gradient(red, blue);
            image: image(linear-gradient(red, green));
            icon: image('star');
            autoresizing-mask: flexible-width, flexible-height;
            content-mode: mode-center;
            title: locale('KEY');
            enabled: true;
            label: 'Ünïcödé ✓';
            custom: unknown-call(1, 'two', unknown-call(3));
            word: plain-word;
            angle: 0.25rad;
            ratio: 33.333333333%;
            huge: 123456789.123456789;
            tiny: -0.0000001;
        }
        UIView:__where {
            __condition: '(idiom = pad or width >= 768) and not ?compact and appearance = dark';
            apply-to-subclasses: true;
            alpha: 0.5;
        }
        UILabel:__where {
            __condition: 'content-size >= accessibility-medium and layout-direction = rtl and orientation = landscape and contrast = high and reduce-motion and horizontal = regular and default';
            check: condition('bold-text');
        }
        plain { x: 1; }
        """

    static func table() throws -> RuleTable { try Stylesheet(source: source).table }

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

    @Test func everyCorruptedByteIsAnErrorOrAWellFormedTable() throws {
        let binary = try Self.table().binaryBytes()
        var loaded = 0
        for offset in binary.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var corrupted = binary
                corrupted[offset] ^= flip
                if case .success(let stylesheet) = Self.load(corrupted) {
                    Self.exercise(stylesheet)
                    loaded += 1
                }
            }
        }
        // Many changes (a number, a string's byte, a line) leave a valid table: they must load.
        #expect(loaded > 0)
    }

    // MARK: - Hostile files, made by hand

    /// The binary table with the 32-bit field at `offset` set to `value`.
    static func patching(_ bytes: [UInt8], at offset: Int, to value: UInt32) -> [UInt8] {
        var patched = bytes
        withUnsafeBytes(of: value.littleEndian) { for (index, byte) in $0.enumerated() { patched[offset + index] = byte } }
        return patched
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
        #expect(Self.reason(Self.patching(binary, at: 8, to: 2)).contains("binary layout version 2 is not supported; this reflc reads version 1"))
        #expect(Self.reason(Self.patching(binary, at: 12, to: 7)).contains("rule table version 7 is not supported in binary form"))
        #expect(Self.reason(Self.patching(binary, at: 16, to: UInt32(binary.count + 1))).contains("truncated"))
        #expect(Self.reason(binary + [0]).contains("1 bytes past the end"))
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
