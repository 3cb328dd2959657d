
/// Checks a binary rule table once, at load, so that reading it afterwards
/// can trust every field: the header and directory, then each section in
/// one pass. Every index is checked against what it indexes; every list
/// must sit right after the list of the record before its owner (so no two
/// records share or overlap a list, and checking a list costs its length
/// once); values and condition nodes may refer only to earlier ones (so
/// nothing is cyclic) and nest at most `BinaryFormat.maximumNesting` deep.
/// The work is linear in the file and allocates in proportion to it.
enum BinaryTableValidator {
    typealias Section = BinaryFormat.Section
    typealias ValueKind = BinaryFormat.ValueKind
    typealias ConditionKind = BinaryFormat.ConditionKind

    struct Layout {
        var offsets: [Int] = []
        var counts: [Int] = []
        var propertyNames: [String] = []
    }

    static func validate(_ bytes: TableBytes) throws(BinaryTableError) -> Layout {
        var checker = Checker(base: bytes.base, count: bytes.count)
        try checker.header()
        try checker.strings()
        try checker.numbers()
        try checker.values()
        try checker.conditions()
        try checker.rules()
        try checker.variables()
        try checker.index()
        return checker.layout
    }

    private struct Checker {
        let base: UnsafeRawPointer
        package let count: Int
        var layout = Layout()

        init(base: UnsafeRawPointer, count: Int) {
            self.base = base
            self.count = count
        }

        func u8(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }
        func u16(_ offset: Int) -> UInt16 { UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) }
        func u32(_ offset: Int) -> UInt32 { UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)) }
        func f64(_ offset: Int) -> Double {
            Double(bitPattern: UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }

        func offset(_ section: Section) -> Int { layout.offsets[section.rawValue] }
        package func count(_ section: Section) -> Int { layout.counts[section.rawValue] }
        /// Byte offset of record `index` of `section`.
        func record(_ section: Section, _ index: Int) -> Int { offset(section) + section.recordSize * index }

        func fail(_ message: String, _ section: Section, _ index: Int) -> BinaryTableError {
            BinaryTableError("\(section.name) record \(index): \(message)", at: record(section, index))
        }

        // MARK: Header

        mutating func header() throws(BinaryTableError) {
            let directoryEnd = BinaryFormat.headerLength + BinaryFormat.directoryLength
            guard count >= BinaryFormat.magic.count,
                  BinaryFormat.magic.indices.allSatisfy({ u8($0) == BinaryFormat.magic[$0] }) else {
                throw BinaryTableError("not a binary rule table (it does not start with the binary table's magic number)", at: 0)
            }
            guard count >= BinaryFormat.headerLength else { throw BinaryTableError("truncated: the header is cut off", at: count) }
            let layoutVersion = u32(8)
            guard layoutVersion == BinaryFormat.layoutVersion else {
                throw BinaryTableError("binary layout version \(layoutVersion) is not supported; this reflc reads version \(BinaryFormat.layoutVersion)", at: 8)
            }
            let tableVersion = u32(12)
            guard tableVersion == UInt32(RuleTable.formatVersion) else {
                throw BinaryTableError("rule table version \(tableVersion) is not supported in binary form; this reflc reads version \(RuleTable.formatVersion)", at: 12)
            }
            let declaredLength = Int(u32(16))
            guard declaredLength == count else {
                throw BinaryTableError(declaredLength > count
                    ? "truncated: the header gives a length of \(declaredLength) bytes, the file has \(count)"
                    : "\(count - declaredLength) bytes past the end the header gives (\(declaredLength) bytes)", at: 16)
            }
            guard Int(u32(20)) == Section.allCases.count else {
                throw BinaryTableError("expected \(Section.allCases.count) sections, the header gives \(u32(20))", at: 20)
            }
            guard count >= directoryEnd else { throw BinaryTableError("truncated: the section directory is cut off", at: count) }
            var end = directoryEnd
            for section in Section.allCases {
                let entry = BinaryFormat.headerLength + 8 * section.rawValue
                let start = Int(u32(entry)), length = Int(u32(entry + 4))
                guard start % BinaryFormat.sectionAlignment == 0, start >= end, length <= count - start else {
                    throw BinaryTableError("section \(section.name) (bytes \(start)..<\(start + length)) is misplaced: sections are aligned to \(BinaryFormat.sectionAlignment) bytes, in order, without overlap, inside the file", at: entry)
                }
                guard length % section.recordSize == 0 else {
                    throw BinaryTableError("section \(section.name) is \(length) bytes, not a whole number of \(section.recordSize)-byte records", at: entry + 4)
                }
                layout.offsets.append(start)
                layout.counts.append(length / section.recordSize)
                end = start + length
            }
        }

        // MARK: Strings and numbers

        mutating func strings() throws(BinaryTableError) {
            let offsets = count(.stringOffsets), length = count(.stringBytes)
            guard offsets >= 1, u32(offset(.stringOffsets)) == 0 else {
                throw BinaryTableError("the string offsets must start with 0", at: offset(.stringOffsets))
            }
            let text = UnsafeRawBufferPointer(start: base + offset(.stringBytes), count: length)
            if let bad = UTF8Check.firstInvalidByte(in: text) {
                throw BinaryTableError("the string bytes are not valid UTF-8", at: offset(.stringBytes) + bad)
            }
            var previous = 0
            for index in 1..<offsets {
                let next = Int(u32(record(.stringOffsets, index)))
                guard next >= previous, next <= length else {
                    throw fail("string ends at \(next), before its start (\(previous)) or past the string bytes (\(length))", .stringOffsets, index)
                }
                // A string may not start or end inside a character.
                guard next == length || text[next] & 0xC0 != 0x80 else {
                    throw fail("string boundary \(next) falls inside a UTF-8 character", .stringOffsets, index)
                }
                previous = next
            }
            guard previous == length else {
                throw BinaryTableError("the strings end at \(previous), not at the end of the string bytes (\(length))",
                                       at: record(.stringOffsets, offsets - 1))
            }
        }

        var stringCount: Int { count(.stringOffsets) - 1 }

        func isString(_ id: UInt32) -> Bool { Int(id) < stringCount }
        func isOptionalString(_ id: UInt32) -> Bool { id == BinaryFormat.none || isString(id) }

        func numbers() throws(BinaryTableError) {
            for index in 0..<count(.numbers) where !f64(record(.numbers, index)).isFinite {
                throw fail("not a finite number", .numbers, index)
            }
        }

        /// Whether a number code is valid: inline, or a pooled number that exists.
        func isNumber(_ code: UInt32) -> Bool {
            code & BinaryFormat.pooledNumberBit == 0 || Int(code & ~BinaryFormat.pooledNumberBit) < count(.numbers)
        }

        func number(_ code: UInt32) -> Double {
            guard code & BinaryFormat.pooledNumberBit != 0 else { return BinaryFormat.inlineValue(code) }
            return f64(record(.numbers, Int(code & ~BinaryFormat.pooledNumberBit)))
        }

        func isWholeNumber(_ code: UInt32) -> Bool {
            guard isNumber(code) else { return false }
            let value = number(code)
            return value == value.rounded() && abs(value) < 1e15
        }

        // MARK: Values

        /// Each value's nesting depth, to bound decoding's recursion.
        private var valueDepths: [UInt16] = []

        mutating func values() throws(BinaryTableError) {
            let valueCount = count(.values)
            valueDepths.reserveCapacity(valueCount)
            var listCursor = 0, stringListCursor = 0
            for index in 0..<valueCount {
                let at = record(.values, index)
                let small = u8(at + 1), wide = u16(at + 2)
                func word(_ position: Int) -> UInt32 { u32(at + 4 + 4 * position) }
                var depth: UInt16 = 1
                func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(BinaryTableError) {
                    if !condition { throw fail(message(), .values, index) }
                }
                func numbers(_ words: Int) throws(BinaryTableError) {
                    for position in 0..<words { try check(isNumber(word(position)), "number \(position + 1) does not exist") }
                }
                /// The list `first..<first + length`, which must come next; its values must come before this one.
                func ownList(_ first: UInt32, _ length: UInt32, colorsOnly: Bool = false) throws(BinaryTableError) {
                    try check(Int(first) == listCursor && Int(length) <= count(.valueLists) - listCursor,
                              "its list (\(first), \(length) values) is not the next \(length) entries of the value lists (\(listCursor))")
                    for position in listCursor..<(listCursor + Int(length)) {
                        let item = u32(record(.valueLists, position))
                        try check(Int(item) < index, "list entry \(position - listCursor) refers to value \(item), not an earlier one")
                        if colorsOnly {
                            try check(u8(record(.values, Int(item))) == ValueKind.color.rawValue, "a gradient of something other than colors")
                        }
                        depth = max(depth, valueDepths[Int(item)] + 1)
                    }
                    listCursor += Int(length)
                }
                guard let kind = ValueKind(rawValue: u8(at)) else { throw fail("unknown value kind \(u8(at))", .values, index) }
                switch kind {
                case .number:
                    try check(BinaryFormat.unit(small) != nil, "unknown unit \(small)")
                    try numbers(1)
                case .percent, .angle:
                    try numbers(1)
                case .string, .localizedString, .identifier:
                    try check(isString(word(0)), "string \(word(0)) does not exist")
                case .bool:
                    try check(small <= 1, "a bool of \(small)")
                case .color, .rect, .edgeInsets:
                    try numbers(4)
                case .point, .size:
                    try numbers(2)
                case .gradient:
                    try ownList(word(0), word(1), colorsOnly: true)
                case .vector:
                    try ownList(word(0), word(1))
                case .call:
                    try check(isString(word(0)), "function name \(word(0)) does not exist")
                    try ownList(word(1), word(2))
                case .font:
                    try check(isString(word(0)), "font name \(word(0)) does not exist")
                    try check(isNumber(word(1)), "the font size does not exist")
                    let isPercent = small & 2 != 0
                    try check(small >> 4 == 0 && BinaryFormat.unit(small >> 2) != nil && !(isPercent && small >> 2 != 0),
                              "font flags \(small) are not valid")
                    let weight = UInt8(wide & 0xFF), textStyle = UInt8(wide >> 8)
                    try check(weight == 0 || BinaryFormat.keyword(weight - 1, as: FontWeight.self) != nil, "unknown font weight \(weight)")
                    try check(textStyle == 0 || BinaryFormat.keyword(textStyle - 1, as: TextStyle.self) != nil, "unknown text style \(textStyle)")
                    try check(!(isPercent && textStyle != 0), "a font with a text style takes a size in points")
                case .transform:
                    guard let operation = BinaryFormat.TransformOperation(rawValue: small) else {
                        throw fail("unknown transform \(small)", .values, index)
                    }
                    try numbers(operation == .rotate ? 1 : 2)
                case .image:
                    try check(small <= 1, "an image of kind \(small)")
                    if small == 0 {
                        try check(isString(word(0)), "image name \(word(0)) does not exist")
                    } else {
                        let fill = word(0)
                        try check(Int(fill) < index, "the image fill refers to value \(fill), not an earlier one")
                        let fillKind = u8(record(.values, Int(fill)))
                        try check(fillKind == ValueKind.color.rawValue || fillKind == ValueKind.gradient.rawValue,
                                  "an image filled with something other than a color or gradient")
                        depth = valueDepths[Int(fill)] + 1
                    }
                case .condition:
                    // Conditions come later in the file: checked against their count, which is known.
                    try check(Int(word(0)) < count(.conditions), "condition \(word(0)) does not exist")
                case .enumCase:
                    try check(isString(word(0)) && isString(word(1)), "the enum's names do not exist")
                    try check(isWholeNumber(word(2)), "the enum's raw value is not a whole number")
                case .optionSet:
                    try check(isString(word(0)), "option set name \(word(0)) does not exist")
                    try check(isWholeNumber(word(3)), "the option set's raw value is not a whole number")
                    let first = Int(word(1)), length = Int(word(2))
                    try check(first == stringListCursor && length <= count(.stringLists) - stringListCursor,
                              "its options are not the next \(length) entries of the string lists (\(stringListCursor))")
                    for position in first..<(first + length) {
                        try check(isString(u32(record(.stringLists, position))), "option \(position - first) does not exist")
                    }
                    stringListCursor += length
                }
                try check(Int(depth) <= BinaryFormat.maximumNesting, "values nest deeper than \(BinaryFormat.maximumNesting)")
                valueDepths.append(depth)
            }
            guard listCursor == count(.valueLists) else {
                throw BinaryTableError("\(count(.valueLists) - listCursor) value list entries belong to no value", at: record(.valueLists, listCursor))
            }
            guard stringListCursor == count(.stringLists) else {
                throw BinaryTableError("\(count(.stringLists) - stringListCursor) string list entries belong to no value",
                                       at: record(.stringLists, stringListCursor))
            }
            valueDepths = []
        }

        // MARK: Conditions

        mutating func conditions() throws(BinaryTableError) {
            let nodeCount = count(.conditionNodes)
            var depths: [UInt16] = []
            depths.reserveCapacity(nodeCount)
            var listCursor = 0
            for index in 0..<nodeCount {
                let at = record(.conditionNodes, index)
                let subject = u8(at + 1), op = u8(at + 2), operand = u8(at + 3)
                let x = u32(at + 4), y = u32(at + 8)
                var depth: UInt16 = 1
                func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(BinaryTableError) {
                    if !condition { throw fail(message(), .conditionNodes, index) }
                }
                func known<Keyword: CaseIterable>(_ code: UInt8, _ type: Keyword.Type) -> Bool { BinaryFormat.keyword(code, as: type) != nil }
                guard let kind = ConditionKind(rawValue: u8(at)) else { throw fail("unknown condition kind \(u8(at))", .conditionNodes, index) }
                switch kind {
                case .all, .any:
                    try check(Int(x) == listCursor && Int(y) <= count(.conditionLists) - listCursor,
                              "its operands are not the next \(y) entries of the condition lists (\(listCursor))")
                    for position in listCursor..<(listCursor + Int(y)) {
                        let child = u32(record(.conditionLists, position))
                        try check(Int(child) < index, "operand \(position - listCursor) refers to node \(child), not an earlier one")
                        depth = max(depth, depths[Int(child)] + 1)
                    }
                    listCursor += Int(y)
                case .not:
                    try check(Int(x) < index, "'not' refers to node \(x), not an earlier one")
                    depth = depths[Int(x)] + 1
                case .always:
                    break
                case .external:
                    try check(isString(x), "external condition name \(x) does not exist")
                case .sizeClass:
                    try check(known(subject, SizeClassAxis.self) && known(op, EqualityOperator.self) && known(operand, SizeClass.self),
                              "not a size class test")
                case .size:
                    try check(known(subject, Dimension.self) && known(op, ComparisonOperator.self) && isNumber(x), "not a size test")
                case .idiom:
                    try check(known(op, EqualityOperator.self) && known(operand, Idiom.self), "not an idiom test")
                case .appearance:
                    try check(known(op, EqualityOperator.self) && known(operand, Appearance.self), "not an appearance test")
                case .contentSize:
                    try check(known(op, ComparisonOperator.self) && known(operand, ContentSizeCategory.self), "not a content size test")
                case .layoutDirection:
                    try check(known(op, EqualityOperator.self) && known(operand, LayoutDirection.self), "not a layout direction test")
                case .orientation:
                    try check(known(op, EqualityOperator.self) && known(operand, Orientation.self), "not an orientation test")
                case .contrast:
                    try check(known(op, EqualityOperator.self) && known(operand, Contrast.self), "not a contrast test")
                case .flag:
                    try check(known(operand, AccessibilityFlag.self), "unknown accessibility flag \(operand)")
                }
                try check(Int(depth) <= BinaryFormat.maximumNesting, "conditions nest deeper than \(BinaryFormat.maximumNesting)")
                depths.append(depth)
            }
            guard listCursor == count(.conditionLists) else {
                throw BinaryTableError("\(count(.conditionLists) - listCursor) condition list entries belong to no node",
                                       at: record(.conditionLists, listCursor))
            }
            for index in 0..<count(.conditions) {
                let at = record(.conditions, index)
                guard isString(u32(at)), Int(u32(at + 4)) < nodeCount else {
                    throw fail("its text or its root node does not exist", .conditions, index)
                }
            }
        }

        // MARK: Rules and properties

        mutating func rules() throws(BinaryTableError) {
            let nameCount = count(.propertyNames)
            layout.propertyNames.reserveCapacity(nameCount)
            for index in 0..<nameCount {
                let id = u32(record(.propertyNames, index))
                guard isString(id) else { throw fail("string \(id) does not exist", .propertyNames, index) }
                layout.propertyNames.append(string(id))
            }
            var propertyCursor = 0, groupCursor = 0
            /// Properties `first..<first + length`, which must come next.
            func ownProperties(_ first: Int, _ length: Int, of rule: Int) throws(BinaryTableError) {
                guard first == propertyCursor, length <= count(.properties) - propertyCursor else {
                    throw fail("its properties (\(first), \(length) of them) are not the next of the properties (\(propertyCursor))", .rules, rule)
                }
                for position in first..<(first + length) {
                    let at = record(.properties, position)
                    guard Int(u32(at)) < nameCount, Int(u32(at + 4) & ~BinaryFormat.importantBit) < count(.values) else {
                        throw fail("its name or value does not exist", .properties, position)
                    }
                }
                propertyCursor += length
            }
            for index in 0..<count(.rules) {
                let at = record(.rules, index)
                guard isOptionalString(u32(at)), isOptionalString(u32(at + 4)), isOptionalString(u32(at + 8)), isString(u32(at + 20)) else {
                    throw fail("one of its strings does not exist", .rules, index)
                }
                guard u8(at + 12) <= 3, u16(at + 14) == 0 else { throw fail("unknown flags", .rules, index) }
                guard RuleSelector.priorities.contains(Int(u8(at + 13))), u32(at + 24) > 0, u32(at + 28) > 0 else {
                    throw fail("priority \(u8(at + 13)) is not one of 50, 70, 75, 95, 99 and 100, or its line or column is 0", .rules, index)
                }
                let condition = u32(at + 16)
                guard condition == BinaryFormat.none || Int(condition) < count(.conditions) else {
                    throw fail("condition \(condition) does not exist", .rules, index)
                }
                try ownProperties(Int(u32(at + 32)), Int(u32(at + 36)), of: index)
                let firstGroup = Int(u32(at + 40)), groups = Int(u32(at + 44))
                guard firstGroup == groupCursor, groups <= count(.stateGroups) - groupCursor else {
                    throw fail("its state groups are not the next of the state groups (\(groupCursor))", .rules, index)
                }
                var previousState: UInt32 = 0
                for group in firstGroup..<(firstGroup + groups) {
                    let groupAt = record(.stateGroups, group)
                    let state = u32(groupAt)
                    guard state > previousState, state < 16, u32(groupAt + 8) > 0 else {
                        throw fail("state \(state) is not a control state after the previous group's, or it has no property", .stateGroups, group)
                    }
                    previousState = state
                    try ownProperties(Int(u32(groupAt + 4)), Int(u32(groupAt + 8)), of: index)
                }
                groupCursor += groups
            }
            guard propertyCursor == count(.properties), groupCursor == count(.stateGroups) else {
                throw BinaryTableError("properties or state groups belong to no rule", at: offset(.properties))
            }
        }

        func string(_ id: UInt32) -> String {
            String(decoding: stringBytes(id), as: UTF8.self)
        }

        func stringBytes(_ id: UInt32) -> UnsafeRawBufferPointer {
            let start = Int(u32(record(.stringOffsets, Int(id)))), end = Int(u32(record(.stringOffsets, Int(id) + 1)))
            return UnsafeRawBufferPointer(start: base + offset(.stringBytes) + start, count: end - start)
        }

        // MARK: Variables and the index

        func variables() throws(BinaryTableError) {
            var previous: UInt32?
            for index in 0..<count(.variables) {
                let at = record(.variables, index)
                let name = u32(at)
                guard isString(name), Int(u32(at + 4)) < count(.values) else {
                    throw fail("its name or value does not exist", .variables, index)
                }
                if let previous {
                    guard stringBytes(previous).lexicographicallyPrecedes(stringBytes(name)) else {
                        throw fail("variables are not sorted by name, each name once", .variables, index)
                    }
                }
                previous = name
            }
        }

        func index() throws(BinaryTableError) {
            let buckets = count(.indexBuckets), entries = count(.indexEntries), ruleCount = count(.rules)
            guard buckets.nonzeroBitCount == 1, buckets > entries else {
                throw BinaryTableError("the index has \(buckets) buckets for \(entries) names: a power of two above the number of names is needed",
                                       at: offset(.indexBuckets))
            }
            for bucket in 0..<buckets where Int(u32(record(.indexBuckets, bucket))) > entries {
                throw fail("entry \(u32(record(.indexBuckets, bucket)) - 1) does not exist", .indexBuckets, bucket)
            }
            var cursor = 0
            for entry in 0..<entries {
                let at = record(.indexEntries, entry)
                let length = Int(u32(at + 8)) + Int(u32(at + 12)) + Int(u32(at + 16))
                guard isString(u32(at)), Int(u32(at + 4)) == cursor, length <= count(.ruleLists) - cursor else {
                    throw fail("its name does not exist, or its rules are not the next of the rule lists (\(cursor))", .indexEntries, entry)
                }
                for position in cursor..<(cursor + length) where Int(u32(record(.ruleLists, position))) >= ruleCount {
                    throw fail("rule \(u32(record(.ruleLists, position))) does not exist", .ruleLists, position)
                }
                cursor += length
            }
            guard cursor == count(.ruleLists) else {
                throw BinaryTableError("\(count(.ruleLists) - cursor) rule list entries belong to no name", at: record(.ruleLists, cursor))
            }
        }
    }
}

/// UTF-8 validity of a whole buffer, checked without making a `String`.
enum UTF8Check {
    /// The offset of the first byte of the first ill-formed sequence, or nil.
    static func firstInvalidByte(in bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        while index < bytes.count {
            // Eight ASCII bytes at a time: the common case.
            if index + 8 <= bytes.count, bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            guard let length = UTF8Scalar.length(in: bytes, at: index) else { return index }
            index += length
        }
        return nil
    }
}
