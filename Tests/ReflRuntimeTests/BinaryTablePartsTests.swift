import Foundation
import Testing
@testable import ReflRuntime

/// A table laid out in parts joined in order — how `reflc build --format
/// binary` lays it out on several threads — is byte for byte the table one
/// writer lays out.
struct BinaryTablePartsTests {
    static func rule(_ className: String, trait: String? = nil, condition: Condition? = nil, file: String = "main.less",
                     _ properties: [Property], states: [StateProperties] = []) -> CompiledRule {
        let raw = className + (trait.map { ":" + $0 } ?? "")
        return CompiledRule(selector: RuleSelector(raw: raw, className: className, trait: trait, hasWhere: false), priority: 50,
                            appliesToSubclasses: trait == nil, condition: condition,
                            source: SourcePosition(file: file, line: 3, column: 1), properties: properties, stateProperties: states)
    }

    /// A rule whose strings, numbers, values and condition are met before
    /// those of the rules after it: a part holding those starts its ids at
    /// 0 where the whole's are past these, so a reference left as the part
    /// numbered it points at the wrong entry.
    static let first = rule("FirstView", trait: "opening", condition: Condition(test: .all([
        .test(.external(name: "first-flag")), .test(.size(dimension: .height, op: .less, value: 1.0 / 7.0)),
        .not(.test(.scale(op: .greater, value: 2.5))),
    ]), source: "first-flag and height < 0.142857"), file: "first.less", [
        Property(name: "first-only", value: .number(1.0 / 3.0, unit: nil), isImportant: false),
        Property(name: "first-color", value: .color(Color(red: 0.123456789, green: 0.2, blue: 0.3)), isImportant: true),
        Property(name: "first-text", value: .string("only in the first part"), isImportant: false),
        Property(name: "first-list", value: .vector([.identifier("a"), .number(2.0 / 3.0, unit: .pt)]), isImportant: false),
    ], states: [StateProperties(state: .highlighted, properties: [Property(name: "first-state", value: .bool(true), isImportant: false)])])

    /// The file of `rules` laid out by one writer.
    static func wholeBytes(_ rules: [CompiledRule], variables: [String: StyleValue] = [:]) throws -> [UInt8] {
        try RuleTable(variables: variables, rules: rules).binaryBytes()
    }

    /// The file of `rules` laid out in parts of the given sizes, joined in order.
    static func joinedBytes(_ rules: [CompiledRule], partSizes: [Int], variables: [String: StyleValue] = [:]) throws -> [UInt8] {
        var whole = BinaryTableWriter()
        var part = BinaryTableWriter.part()  // one part, emptied by each join and used again, as a build does
        var next = 0
        for size in partSizes {
            for rule in rules[next..<(next + size)] { part.add(rule) }
            whole.append(&part)
            next += size
        }
        #expect(next == rules.count)
        return try whole.finish(variables: variables)
    }

    @Test(arguments: ValueCodecTests.samples)
    func aValueLaidOutInALaterPartIsRenumbered(_ value: StyleValue) throws {
        let later = Self.rule("LaterView", condition: value.isCondition ? nil : ValueCodecTests.condition, [
            Property(name: "p", value: value, isImportant: true), Property(name: "first-only", value: .number(1.0 / 3.0, unit: nil), isImportant: false),
        ], states: [StateProperties(state: .selected, properties: [Property(name: "q", value: value, isImportant: false)])])
        let again = Self.rule("AgainView", trait: "opening", [Property(name: "p", value: value, isImportant: false)])
        let rules = [Self.first, later, again]
        let whole = try Self.wholeBytes(rules, variables: ["v": value])
        for sizes in [[1, 2], [1, 1, 1], [2, 1], [3]] {
            #expect(try Self.joinedBytes(rules, partSizes: sizes, variables: ["v": value]) == whole, "parts of \(sizes)")
        }
        let read = try BinaryTable(Self.joinedBytes(rules, partSizes: [1, 1, 1], variables: ["v": value])).ruleTable()
        #expect(read == RuleTable(variables: ["v": value], rules: rules))
    }

    /// The samples with every number stored in the numbers section (a
    /// short decimal is held in its record, where renumbering leaves it) and
    /// every string changed: so that a number or a string a codec leaves as
    /// the part numbered it is caught.
    static let samplesWithStoredNumbers = ValueCodecTests.samples.map { StoredNumbers.variant(of: $0) }

    @Test(arguments: samplesWithStoredNumbers)
    func aValueWithStoredNumbersLaidOutInALaterPartIsRenumbered(_ value: StyleValue) throws {
        try aValueLaidOutInALaterPartIsRenumbered(value)
    }

    /// Lists inside lists (a vector of gradients, a call whose arguments
    /// are vectors) go through the writer's list stack: each entry is taken
    /// off by the value it belongs to, in one writer and in joined parts,
    /// and the bytes are the same.
    @Test func listsInsideListsLeaveTheListStackEmpty() throws {
        let gradient = StyleValue.gradient(Gradient(colors: [Color(red: 1, green: 0, blue: 0), Color(red: 0, green: 0, blue: 1)],
                                                    direction: .angle(1), locations: [0, 0.75]))
        let nested = StyleValue.vector([gradient, .call(name: "f", arguments: [.vector([.number(1, unit: nil), .string("a")]), gradient])])
        let rules = [Self.first, Self.rule("NestedView", [Property(name: "n", value: nested, isImportant: false)]),
                     Self.rule("AgainView", [Property(name: "n", value: .vector([nested, gradient]), isImportant: true)])]
        var whole = BinaryTableWriter()
        for rule in rules { whole.add(rule) }
        #expect(whole.listStack.isEmpty)
        var joined = BinaryTableWriter(), part = BinaryTableWriter.part()
        for rule in rules {
            part.add(rule)
            #expect(part.listStack.isEmpty)
            joined.append(&part)
            #expect(joined.listStack.isEmpty)
        }
        let bytes = try whole.finish(variables: ["v": nested])
        #expect(try joined.finish(variables: ["v": nested]) == bytes)
        #expect(try BinaryTable(bytes).ruleTable() == RuleTable(variables: ["v": nested], rules: rules))
    }

    /// The three words a list-less value's record is compared and stored as
    /// (`claimRecord`), and the one word a property's record is stored as,
    /// are their fields, where the reader reads them.
    @Test func aValueRecordsThreeWordsAreItsFields() {
        var record = [UInt8](repeating: 0, count: ValueRecord.size)
        record.set(ValueRecord.kind, at: 0, to: 0x12)
        record.set(ValueRecord.small, at: 0, to: 0x34)
        record.set(ValueRecord.wide, at: 0, to: 0x5678)
        for index in 0..<ValueRecord.wordCount { record.set(ValueRecord.word(index), at: 0, to: 0x1000_0001 * UInt32(index + 1)) }
        #expect(record.read(ValueRecord.head, at: 0) == 0x1000_0001_5678_3412)
        #expect(record.read(ValueRecord.middle, at: 0) == 0x3000_0003_2000_0002)
        #expect(record.read(ValueRecord.tail, at: 0) == 0x4000_0004)
        #expect(ValueRecord.tail.offset + 4 == ValueRecord.size)
        var appended: [UInt8] = []
        appended.appendLittleEndian(0x1000_0001_5678_3412, 0x3000_0003_2000_0002, 0x4000_0004)
        #expect(appended == record)

        var property = [UInt8](repeating: 0, count: PropertyRecord.size)
        property.set(PropertyRecord.name, at: 0, to: 7)
        property.set(PropertyRecord.value, at: 0, to: 9 | BinaryFormat.importantBit)
        #expect(property.read(PropertyRecord.whole, at: 0) == UInt64(9 | BinaryFormat.importantBit) << 32 | 7)
        var wholeProperty: [UInt8] = []
        wholeProperty.appendLittleEndian(UInt64(9 | BinaryFormat.importantBit) << 32 | 7)
        #expect(wholeProperty == property)

        // Runs of words appended at once are their words appended one by one.
        var oneByOne: [UInt8] = [0xAA], atOnce: [UInt8] = [0xAA]
        let words: [UInt32] = [0x0403_0201, 0x0807_0605, 0xFFEE_DDCC], records: [UInt64] = [0x0807_0605_0403_0201, 9 << 32 | 7]
        for word in words[1...] { oneByOne.appendLittleEndian(word) }
        for record in records { oneByOne.appendLittleEndian(record) }
        atOnce.appendLittleEndian(contentsOf: words[1...])
        atOnce.appendLittleEndian(contentsOf: records)
        #expect(atOnce == oneByOne)
        #expect(atOnce.prefix(9) == [0xAA, 0x05, 0x06, 0x07, 0x08, 0xCC, 0xDD, 0xEE, 0xFF])
    }

    /// A value met again is found among those laid out lately
    /// (`RecentLeafValues`) only when its record is the same: values Swift
    /// finds equal but whose records differ (0 and -0, a name written with
    /// "é" as one character or as "e" and an accent) are laid out apart,
    /// and one that is found counts as laid out, as the limit on values
    /// laid out counts it.
    @Test func aValueMetAgainIsFoundOnlyWhenItsRecordIsTheSame() throws {
        let composed = "Caf\u{E9} Display", decomposed = "Cafe\u{301} Display"
        #expect(composed == decomposed && Array(composed.utf8) != Array(decomposed.utf8))
        let pairs: [(StyleValue, StyleValue)] = [
            (.number(0, unit: nil), .number(-0.0, unit: nil)),
            (.size(width: 0, height: 1), .size(width: -0.0, height: 1)),
            (.font(Font(name: composed, size: .points(12, unit: nil), isSystem: false)),
             .font(Font(name: decomposed, size: .points(12, unit: nil), isSystem: false))),
            (.font(Font(name: "A", size: .points(0, unit: nil), isSystem: false)),
             .font(Font(name: "A", size: .points(-0.0, unit: nil), isSystem: false))),
            (.enumCase(EnumCase(enumName: composed, caseName: "a", rawValue: 1)),
             .enumCase(EnumCase(enumName: decomposed, caseName: "a", rawValue: 1))),
            (.optionSet(OptionSetValue(setName: "S", options: [composed], rawValue: 1)),
             .optionSet(OptionSetValue(setName: "S", options: [decomposed], rawValue: 1))),
        ]
        // Values that differ in what `==` does not see, or only in a field
        // the slot's hash leaves out.
        let alike: [(StyleValue, StyleValue)] = [
            (.number(1, unit: .pt), .number(1, unit: .px)),
            (.percent(0), .percent(-0.0)),
            (.bool(true), .bool(false)),
            (.font(Font(name: "A", size: .points(12, unit: .pt), isSystem: true, weight: .bold)),
             .font(Font(name: "A", size: .points(12, unit: .pt), isSystem: true, weight: .semibold))),
            (.font(Font(name: "A", size: .points(12, unit: nil), isSystem: true, textStyle: .body)),
             .font(Font(name: "A", size: .points(12, unit: nil), isSystem: true, textStyle: .callout))),
            (.font(Font(name: "A", size: .points(12, unit: nil), isSystem: false)),
             .font(Font(name: "A", size: .percent(12), isSystem: false))),
            (.enumCase(EnumCase(enumName: "E", caseName: "a", rawValue: 1)), .enumCase(EnumCase(enumName: "E", caseName: "b", rawValue: 1))),
            (.optionSet(OptionSetValue(setName: "S", options: ["a", "b"], rawValue: 3)),
             .optionSet(OptionSetValue(setName: "S", options: ["a"], rawValue: 3))),
        ]
        for (first, second) in pairs + alike {
            if !alike.contains(where: { String(describing: $0) == String(describing: (first, second)) }) {
                #expect(first == second, "Swift finds \(first) and \(second) equal")
            }
            // Each value three times over, alternating: the second and third
            // of each are found among the values laid out lately.
            let properties = [first, second, first, second, first, second].enumerated().map { index, value in
                Property(name: "p\(index)", value: value, isImportant: false)
            }
            var writer = BinaryTableWriter()
            writer.add(Self.rule("View", properties))
            #expect(writer.valuesLaidOut == properties.count)
            let read = try BinaryTable(try writer.finish(variables: [:])).ruleTable()
            let values = read.rules[0].properties.map(\.value)
            #expect(values.map { String(describing: $0) } == properties.map { String(describing: $0.value) })
            #expect(read.rules[0].properties.map { Self.recordBits($0.value) } == properties.map { Self.recordBits($0.value) },
                    "\(first) and \(second) read back as written")
        }
    }

    /// A part is emptied at each join and used again for a later run of
    /// rules, its pools starting over: the values it laid out lately, with
    /// the ids its pools gave them, are forgotten too. (Remembered, the
    /// second run's first value would get the id the first run gave it.)
    @Test func aPartUsedAgainForgetsTheValuesItLaidOutLately() throws {
        let font = StyleValue.font(Font(name: "Avenir", size: .points(13, unit: .pt), isSystem: false))
        let options = StyleValue.optionSet(OptionSetValue(setName: "UIViewAutoresizing", options: ["flexibleWidth"], rawValue: 2))
        let rules = [Self.rule("A", [Property(name: "p", value: .number(5, unit: .pt), isImportant: false),
                                     Property(name: "q", value: font, isImportant: false)]),
                     Self.rule("B", [Property(name: "q", value: font, isImportant: false),
                                     Property(name: "r", value: options, isImportant: false)]),
                     Self.rule("C", [Property(name: "r", value: options, isImportant: false),
                                     Property(name: "p", value: .number(5, unit: .pt), isImportant: false)])]
        let whole = try Self.wholeBytes(rules)
        for sizes in [[1, 1, 1], [1, 2], [2, 1]] {
            #expect(try Self.joinedBytes(rules, partSizes: sizes) == whole, "parts of \(sizes)")
        }
        #expect(try BinaryTable(whole).ruleTable() == RuleTable(variables: [:], rules: rules))
    }

    /// What sets a leaf value's record apart that `==` does not: its numbers' bits and its strings' bytes.
    static func recordBits(_ value: StyleValue) -> [UInt64] {
        func bytes(_ text: String) -> [UInt64] { text.utf8.map(UInt64.init) }
        switch value {
        case .number(let number, let unit): return [number.bitPattern, unit == .px ? 1 : unit == .pt ? 2 : 0]
        case .percent(let percent): return [percent.bitPattern]
        case .bool(let bool): return [bool ? 1 : 0]
        case .size(let width, let height): return [width.bitPattern, height.bitPattern]
        case .font(let font):
            let flags = UInt64(font.isSystem ? 1 : 0) | UInt64(font.weight.map { BinaryFormat.code($0) + 1 } ?? 0) << 8
                | UInt64(font.textStyle.map { BinaryFormat.code($0) + 1 } ?? 0) << 16
            switch font.size {
            case .points(let points, let unit): return [0, points.bitPattern, unit == .px ? 1 : unit == .pt ? 2 : 0, flags] + bytes(font.name)
            case .percent(let percent): return [1, percent.bitPattern, flags] + bytes(font.name)
            }
        case .enumCase(let enumCase): return bytes(enumCase.enumName) + bytes(enumCase.caseName)
        case .optionSet(let options): return bytes(options.setName) + options.options.flatMap(bytes)
        default: return []
        }
    }

    @Test func aPoolFindsEveryEntryWhenHashesCollide() {
        // 5,000 entries on three hashes: probes run long and the index grows many times.
        var index = PoolIndex()
        let keys = (0..<5_000).map { $0 * 7_919 % 10_007 }
        for (id, key) in keys.enumerated() {
            let lookup = index.lookup(hash: UInt32(key % 3)) { keys[Int($0)] == key }
            #expect(lookup.found == nil)
            index.insert(UInt32(id), at: lookup)
        }
        for (id, key) in keys.enumerated() {
            #expect(index.lookup(hash: UInt32(key % 3)) { keys[Int($0)] == key }.found == UInt32(id))
        }
        #expect(index.count == keys.count)
        index.removeAll()
        #expect(index.lookup(hash: 1) { _ in true }.found == nil)
    }

    @Test func everyWayOfCuttingTheSamplesIntoTwoPartsGivesTheSameFile() throws {
        let rules = [Self.first] + ValueCodecTests.samples.enumerated().map { index, value in
            Self.rule("View\(index % 7)", trait: index % 3 == 0 ? "t\(index % 5)" : nil,
                      condition: index % 4 == 0 ? ValueCodecTests.condition : nil, file: index % 2 == 0 ? "a.less" : "b.less",
                      [Property(name: "p\(index % 6)", value: value, isImportant: index % 5 == 0)])
        }
        let whole = try Self.wholeBytes(rules)
        for cut in 0...rules.count {
            #expect(try Self.joinedBytes(rules, partSizes: [cut, rules.count - cut]) == whole, "cut after \(cut) rules")
        }
    }

    /// A build tells the writer how many rules to expect, and sections grow
    /// at once to what that many would need (a quarter more), but never
    /// past twice what they hold and 16 MiB: a table whose first rules are
    /// far larger than the rest does not reserve memory by the hundred megabytes.
    @Test func sectionsGrowToWhatTheTableIsExpectedToNeedWithinABound() throws {
        let heavy = Self.rule("HeavyView", [Property(name: "text", value: .string(String(repeating: "x", count: 1 << 16)), isImportant: false)])
        let light = Self.rule("LightView", [Property(name: "alpha", value: .number(0.5, unit: nil), isImportant: false)])
        let strings = BinaryFormat.Section.stringBytes.rawValue
        for expected in [100, 10_000] {
            var joined = BinaryTableWriter()
            joined.expectedRuleCount = expected
            var part = BinaryTableWriter.part()
            part.add(heavy)
            joined.append(&part)
            var straight = BinaryTableWriter()
            straight.expectedRuleCount = expected
            straight.add(heavy)
            straight.makeRoom(forRules: 1)
            for writer in [joined, straight] {
                let held = writer.sections[strings].count, reserved = writer.sections[strings].capacity
                #expect(held > 1 << 16)
                if expected == 100 {
                    // The expected table's strings fit without growing again: no copy into fresh memory at each doubling.
                    #expect(reserved >= 100 * held, "\(reserved) for \(held)")
                } else {
                    #expect(reserved <= 2 * (held * 2) + (16 << 20) + 4096, "\(reserved) for \(held)")
                }
            }
            // The bytes are those of one writer given the rules as they come.
            part.add(light)
            joined.append(&part)
            straight.add(light)
            #expect(try joined.finish(variables: [:]) == Self.wholeBytes([heavy, light]))
            #expect(try straight.finish(variables: [:]) == Self.wholeBytes([heavy, light]))
        }
    }
}

/// A rule's written selector is stored only when it is not its parts
/// joined; telling the two apart makes no string.
struct CanonicalSelectorTextTests {
    @Test func theJoinedPartsAreRecognizedAndNothingElse() {
        for className in [nil, "UIButton", "App.Card"] as [String?] {
            for trait in [nil, "primary"] as [String?] {
                for hasWhere in [false, true] {
                    let canonical = RuleSelector.canonicalText(className: className, trait: trait, hasWhere: hasWhere)
                    #expect(RuleSelector.isCanonicalText(canonical, className: className, trait: trait, hasWhere: hasWhere), "\(canonical)")
                    for other in [canonical + " ", " " + canonical, canonical + ":x", String(canonical.dropLast()),
                                  canonical.replacingOccurrences(of: ":", with: "::"), "UIView > " + canonical] where other != canonical {
                        #expect(!RuleSelector.isCanonicalText(other, className: className, trait: trait, hasWhere: hasWhere), "\(other)")
                    }
                }
            }
        }
    }
}

/// Variants of values whose numbers are stored in the numbers section of
/// the binary form (no short decimal) and whose strings are changed.
enum StoredNumbers {
    static func number(_ number: Double) -> Double { number + 0.123456789123 }
    static func integer(_ number: Int) -> Int { number + 1_234_567_890 }
    static func string(_ text: String) -> String { text + "·stored" }
    static func colorVariant(_ color: Color) -> Color {
        Color(red: number(color.red), green: number(color.green), blue: number(color.blue), alpha: number(color.alpha))
    }
    static func insetsVariant(_ insets: EdgeInsets) -> EdgeInsets {
        EdgeInsets(top: number(insets.top), left: number(insets.left), bottom: number(insets.bottom), right: number(insets.right))
    }

    static func conditionVariant(_ condition: Condition) -> Condition {
        func mapped(_ expression: ConditionExpression) -> ConditionExpression {
            switch expression {
            case .all(let operands): return .all(operands.map(mapped))
            case .any(let operands): return .any(operands.map(mapped))
            case .not(let operand): return .not(mapped(operand))
            case .test(.external(let name)): return .test(.external(name: string(name)))
            case .test(.size(let dimension, let op, let value)): return .test(.size(dimension: dimension, op: op, value: number(value)))
            case .test(.scale(let op, let value)): return .test(.scale(op: op, value: number(value)))
            case .test: return expression
            }
        }
        return Condition(test: mapped(condition.test), source: string(condition.source))
    }

    static func variant(of value: StyleValue) -> StyleValue {
        switch value {
        case .number(let value, let unit): return .number(number(value), unit: unit)
        case .percent(let value): return .percent(number(value))
        case .angle(let radians): return .angle(radians: number(radians))
        case .duration(let seconds): return .duration(seconds: number(seconds))
        case .string(let text): return .string(string(text))
        case .identifier(let text): return .identifier(string(text))
        case .assetColor(let name): return .assetColor(string(name))
        case .localizedString(let key): return .localizedString(key: string(key))
        case .bool: return value
        case .color(let color): return .color(colorVariant(color))
        case .lightDark(let light, let dark): return .lightDark(light: colorVariant(light), dark: colorVariant(dark))
        case .gradient(let gradient):
            var direction = gradient.direction
            if case .angle(let radians) = direction { direction = .angle(number(radians)) }
            return .gradient(Gradient(colors: gradient.colors.map(colorVariant), direction: direction, locations: gradient.locations?.map(number)))
        case .font(var font):
            font.name = string(font.name)
            switch font.size {
            case .points(let points, let unit): font.size = .points(number(points), unit: unit)
            case .percent(let percent): font.size = .percent(number(percent))
            }
            return .font(font)
        case .rect(let x, let y, let width, let height): return .rect(x: number(x), y: number(y), width: number(width), height: number(height))
        case .point(let x, let y): return .point(x: number(x), y: number(y))
        case .size(let width, let height): return .size(width: number(width), height: number(height))
        case .edgeInsets(let top, let left, let bottom, let right):
            return .edgeInsets(top: number(top), left: number(left), bottom: number(bottom), right: number(right))
        case .transform(.scale(let x, let y)): return .transform(.scale(x: number(x), y: number(y)))
        case .transform(.rotate(let radians)): return .transform(.rotate(radians: number(radians)))
        case .transform(.translate(let x, let y)): return .transform(.translate(x: number(x), y: number(y)))
        case .vector(let items): return .vector(items.map(variant))
        case .image(.named(let name, let capInsets, let rendering)):
            return .image(.named(string(name), capInsets: capInsets.map(insetsVariant), rendering: rendering))
        case .image(.fill(let fill)): return .image(.fill(variant(of: fill)))
        case .image(.symbol(var symbol)):
            symbol.name = string(symbol.name)
            symbol.pointSize = symbol.pointSize.map(number)
            return .image(.symbol(symbol))
        case .condition(let condition): return .condition(conditionVariant(condition))
        case .enumCase(let enumCase):
            return .enumCase(EnumCase(enumName: string(enumCase.enumName), caseName: string(enumCase.caseName), rawValue: integer(enumCase.rawValue)))
        case .optionSet(let options):
            return .optionSet(OptionSetValue(setName: string(options.setName), options: options.options.map(string), rawValue: integer(options.rawValue)))
        case .call(let name, let arguments): return .call(name: string(name), arguments: arguments.map(variant))
        case .shadow(let shadow):
            return .shadow(Shadow(offsetX: number(shadow.offsetX), offsetY: number(shadow.offsetY), blur: number(shadow.blur),
                                  color: variant(of: shadow.color)))
        case .border(let border): return .border(Border(width: number(border.width), color: variant(of: border.color)))
        case .textAttributes(let attributes):
            return .textAttributes(TextAttributes(attributes.attributes.map { TextAttribute($0.name, variant(of: $0.value)) }))
        }
    }
}

private extension StyleValue {
    var isCondition: Bool {
        if case .condition = self { return true }
        return false
    }
}
