
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
    typealias ConditionKind = BinaryFormat.ConditionKind

    /// Where the sections are, and the property names (read once here: every query uses them).
    static func validate(_ bytes: [UInt8]) throws(BinaryTableError) -> (BinaryLayout, [String]) {
        var checker = Checker(bytes: bytes)
        try checker.header()
        try checker.strings()
        try checker.numbers()
        try checker.values()
        try checker.conditions()
        try checker.rules()
        try checker.variables()
        try checker.index()
        return (checker.layout, checker.propertyNames)
    }

    private struct Checker: BinaryFieldReading {
        let bytes: [UInt8]
        var layout = BinaryLayout()
        var propertyNames: [String] = []
        /// Layout 3 ends with a checksum; layout 1 does not.
        var hasChecksum = true

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var count: Int { bytes.count }

        func offset(_ section: Section) -> Int { layout.offset(section) }
        func count(_ section: Section) -> Int { layout.count(section) }
        /// Byte offset of record `index` of `section`.
        func record(_ section: Section, _ index: Int) -> Int { layout.record(section, index) }
        /// Entry `index` of a u32 list section.
        func entry(_ section: Section, _ index: Int) -> UInt32 { read(ListEntry.value, at: record(section, index)) }

        func fail(_ message: String, _ section: Section, _ index: Int) -> BinaryTableError {
            BinaryTableError("\(section.name) record \(index): \(message)", at: record(section, index))
        }

        // MARK: Header

        mutating func header() throws(BinaryTableError) {
            let directoryEnd = BinaryFormat.headerLength + BinaryFormat.directoryLength
            guard count >= BinaryFormat.magic.count,
                  BinaryFormat.magic.indices.allSatisfy({ read(RecordField<UInt8>($0), at: 0) == BinaryFormat.magic[$0] }) else {
                throw BinaryTableError("not a binary rule table (it does not start with the binary table's magic number)", at: 0)
            }
            guard count >= BinaryFormat.headerLength else { throw BinaryTableError("truncated: the header is cut off", at: count) }
            let declaredLength = Int(read(HeaderRecord.fileLength, at: 0))
            guard declaredLength == count else {
                throw BinaryTableError(declaredLength > count
                    ? "truncated: the header gives a length of \(declaredLength) bytes, the file has \(count)"
                    : "\(count - declaredLength) bytes past the end the header gives (\(declaredLength) bytes)", at: HeaderRecord.fileLength.offset)
            }
            let layoutVersion = read(HeaderRecord.layoutVersion, at: 0)
            hasChecksum = layoutVersion != BinaryFormat.uncheckedLayoutVersion
            // Before anything else is trusted: a changed bit anywhere, the
            // version included (but for one that makes it the layout without
            // a checksum, which refuses the file for its extra bytes), is damage.
            if hasChecksum {
                guard count >= BinaryFormat.headerLength + ChecksumTrailer.size,
                      BinaryChecksum.xxh64(bytes, count: count - ChecksumTrailer.size)
                        == read(ChecksumTrailer.checksum, at: count - ChecksumTrailer.size) else { throw BinaryTableError.damaged }
            }
            guard layoutVersion == BinaryFormat.layoutVersion || !hasChecksum else {
                throw BinaryTableError("binary layout version \(layoutVersion) is not supported; this reflc reads versions \(BinaryFormat.uncheckedLayoutVersion) and \(BinaryFormat.layoutVersion)",
                                       at: HeaderRecord.layoutVersion.offset)
            }
            let tableVersion = read(HeaderRecord.tableVersion, at: 0)
            guard BinaryFormat.readableRuleModelVersions.contains(tableVersion) else {
                throw BinaryTableError("rule table version \(tableVersion) is not supported in binary form; this reflc reads versions 2 and 3",
                                       at: HeaderRecord.tableVersion.offset)
            }
            let sectionCount = read(HeaderRecord.sectionCount, at: 0)
            guard Int(sectionCount) == Section.allCases.count else {
                throw BinaryTableError("expected \(Section.allCases.count) sections, the header gives \(sectionCount)", at: HeaderRecord.sectionCount.offset)
            }
            guard count >= directoryEnd else { throw BinaryTableError("truncated: the section directory is cut off", at: count) }
            var end = directoryEnd
            for section in Section.allCases {
                let entry = BinaryFormat.headerLength + DirectoryEntry.size * section.rawValue
                let start = Int(read(DirectoryEntry.offset, at: entry)), length = Int(read(DirectoryEntry.length, at: entry))
                guard start % BinaryFormat.sectionAlignment == 0, start >= end, length <= count - start else {
                    throw BinaryTableError("section \(section.name) (bytes \(start)..<\(start + length)) is misplaced: sections are aligned to \(BinaryFormat.sectionAlignment) bytes, in order, without overlap, inside the file", at: entry)
                }
                guard length % section.recordSize == 0 else {
                    throw BinaryTableError("section \(section.name) is \(length) bytes, not a whole number of \(section.recordSize)-byte records",
                                           at: entry + DirectoryEntry.length.offset)
                }
                layout.offsets.append(start)
                layout.counts.append(length / section.recordSize)
                end = start + length
            }
            // The sections end where the file does, or where its checksum starts.
            let sectionsEnd = hasChecksum ? count - ChecksumTrailer.size : count
            let padding = hasChecksum ? (BinaryFormat.sectionAlignment - end % BinaryFormat.sectionAlignment) % BinaryFormat.sectionAlignment : 0
            guard end + padding == sectionsEnd else {
                throw BinaryTableError(end > sectionsEnd ? "the last section runs into the checksum at \(sectionsEnd)"
                                       : "\(sectionsEnd - end) bytes follow the last section, which ends at \(end)", at: min(end, count))
            }
        }

        // MARK: Strings and numbers

        mutating func strings() throws(BinaryTableError) {
            let offsets = count(.stringOffsets), length = count(.stringBytes)
            guard offsets >= 1, entry(.stringOffsets, 0) == 0 else {
                throw BinaryTableError("the string offsets must start with 0", at: offset(.stringOffsets))
            }
            let text = bytes[offset(.stringBytes)..<(offset(.stringBytes) + length)]
            if let bad = UTF8Check.firstInvalidByte(in: text) {
                throw BinaryTableError("the string bytes are not valid UTF-8", at: offset(.stringBytes) + bad)
            }
            var previous = 0
            for index in 1..<offsets {
                let next = Int(entry(.stringOffsets, index))
                guard next >= previous, next <= length else {
                    throw fail("string ends at \(next), before its start (\(previous)) or past the string bytes (\(length))", .stringOffsets, index)
                }
                // A string may not start or end inside a character.
                guard next == length || text[text.startIndex + next] & 0xC0 != 0x80 else {
                    throw fail("string boundary \(next) falls inside a UTF-8 character", .stringOffsets, index)
                }
                previous = next
            }
            guard previous == length else {
                throw BinaryTableError("the strings end at \(previous), not at the end of the string bytes (\(length))",
                                       at: record(.stringOffsets, offsets - 1))
            }
        }

        func isString(_ id: UInt32) -> Bool { layout.isString(id) }
        func isOptionalString(_ id: UInt32) -> Bool { layout.isOptionalString(id) }

        func numbers() throws(BinaryTableError) {
            for index in 0..<count(.numbers) where !Double(bitPattern: read(NumberRecord.bits, at: record(.numbers, index))).isFinite {
                throw fail("not a finite number", .numbers, index)
            }
        }

        // MARK: Values

        /// Each value is checked by its kind's codec.
        mutating func values() throws(BinaryTableError) {
            let valueCount = count(.values)
            // One check, moved from record to record, holds what all share: the
            // bytes, the sections, and each value's nesting depth so far (two
            // bytes a value, to bound decoding's recursion).
            var check = BinaryValueCheck(bytes: bytes, sections: BinaryValueCheck.Sections(layout),
                                         depths: [UInt16](repeating: 0, count: valueCount), valueListCursor: 0, stringListCursor: 0)
            for index in 0..<valueCount {
                let at = record(.values, index)
                let kind = read(ValueRecord.kind, at: at)
                guard let codec = ValueCodecs.codec(forBinaryKind: kind) else { throw fail("unknown value kind \(kind)", .values, index) }
                check.index = index
                check.at = at
                check.depth = 1
                try codec.checkBinary(&check)
                if Int(check.depth) > BinaryFormat.maximumNesting { throw check.fail("values nest deeper than \(BinaryFormat.maximumNesting)") }
                check.depths[index] = check.depth
            }
            let (valueListCursor, stringListCursor) = (check.valueListCursor, check.stringListCursor)
            guard valueListCursor == count(.valueLists) else {
                throw BinaryTableError("\(count(.valueLists) - valueListCursor) value list entries belong to no value",
                                       at: record(.valueLists, valueListCursor))
            }
            guard stringListCursor == count(.stringLists) else {
                throw BinaryTableError("\(count(.stringLists) - stringListCursor) string list entries belong to no value",
                                       at: record(.stringLists, stringListCursor))
            }
        }

        // MARK: Conditions

        mutating func conditions() throws(BinaryTableError) {
            let nodeCount = count(.conditionNodes)
            var depths: [UInt16] = []
            depths.reserveCapacity(nodeCount)
            var listCursor = 0
            for index in 0..<nodeCount {
                let at = record(.conditionNodes, index)
                let subject = read(ConditionNodeRecord.subject, at: at), op = read(ConditionNodeRecord.op, at: at)
                let operand = read(ConditionNodeRecord.operand, at: at)
                let x = read(ConditionNodeRecord.x, at: at), y = read(ConditionNodeRecord.y, at: at)
                var depth: UInt16 = 1
                func check(_ condition: Bool, _ message: @autoclosure () -> String) throws(BinaryTableError) {
                    if !condition { throw fail(message(), .conditionNodes, index) }
                }
                func known<Keyword: CaseIterable>(_ code: UInt8, _ type: Keyword.Type) -> Bool { BinaryFormat.keyword(code, as: type) != nil }
                let kindByte = read(ConditionNodeRecord.kind, at: at)
                guard let kind = ConditionKind(rawValue: kindByte) else { throw fail("unknown condition kind \(kindByte)", .conditionNodes, index) }
                switch kind {
                case .all, .any:
                    try check(Int(x) == listCursor && Int(y) <= count(.conditionLists) - listCursor,
                              "its operands are not the next \(y) entries of the condition lists (\(listCursor))")
                    for position in listCursor..<(listCursor + Int(y)) {
                        let child = entry(.conditionLists, position)
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
                    try check(known(subject, Dimension.self) && known(op, ComparisonOperator.self) && layout.isNumber(x), "not a size test")
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
                case .osVersion:
                    try check(known(op, ComparisonOperator.self) && x <= UInt32(Int32.max) && y <= UInt32(Int32.max), "not an OS version test")
                case .scale:
                    try check(known(op, ComparisonOperator.self) && layout.isNumber(x), "not a scale test")
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
                guard isString(read(ConditionRecord.text, at: at)), Int(read(ConditionRecord.root, at: at)) < nodeCount else {
                    throw fail("its text or its root node does not exist", .conditions, index)
                }
            }
        }

        // MARK: Rules and properties

        mutating func rules() throws(BinaryTableError) {
            let nameCount = count(.propertyNames)
            propertyNames.reserveCapacity(nameCount)
            for index in 0..<nameCount {
                let id = entry(.propertyNames, index)
                guard isString(id) else { throw fail("string \(id) does not exist", .propertyNames, index) }
                propertyNames.append(string(id))
            }
            var propertyCursor = 0, groupCursor = 0
            // Read once, not per property.
            let propertyCount = count(.properties), valueCount = count(.values), properties = offset(.properties)
            /// Properties `first..<first + length`, which must come next.
            func ownProperties(_ first: Int, _ length: Int, of rule: Int) throws(BinaryTableError) {
                guard first == propertyCursor, length <= propertyCount - propertyCursor else {
                    throw fail("its properties (\(first), \(length) of them) are not the next of the properties (\(propertyCursor))", .rules, rule)
                }
                for position in first..<(first + length) {
                    let at = properties + PropertyRecord.size * position
                    guard Int(read(PropertyRecord.name, at: at)) < nameCount,
                          Int(read(PropertyRecord.value, at: at) & ~BinaryFormat.importantBit) < valueCount else {
                        throw fail("its name or value does not exist", .properties, position)
                    }
                }
                propertyCursor += length
            }
            for index in 0..<count(.rules) {
                let at = record(.rules, index)
                guard isOptionalString(read(RuleRecord.selectorText, at: at)), isOptionalString(read(RuleRecord.className, at: at)),
                      isOptionalString(read(RuleRecord.trait, at: at)), isString(read(RuleRecord.file, at: at)) else {
                    throw fail("one of its strings does not exist", .rules, index)
                }
                guard read(RuleRecord.flags, at: at) & ~(RuleRecord.whereFlag | RuleRecord.subclassesFlag) == 0 else {
                    throw fail("unknown flags", .rules, index)
                }
                let steps = Int(read(RuleRecord.contextSteps, at: at))
                if steps > 0 {
                    // The steps are read from the selector's text: it must hold that many.
                    let text = read(RuleRecord.selectorText, at: at)
                    guard text != BinaryFormat.none,
                          RuleContextStep.steps(ofSelectorText: string(text)).count == steps else {
                        throw fail("its selector's text does not hold its \(steps) context steps", .rules, index)
                    }
                }
                if let problem = RuleSelector.priorityProblem(Int(read(RuleRecord.priority, at: at))) {
                    throw fail("priority: \(problem)", .rules, index)
                }
                guard read(RuleRecord.line, at: at) > 0, read(RuleRecord.column, at: at) > 0 else {
                    throw fail("its line or column is 0", .rules, index)
                }
                let condition = read(RuleRecord.condition, at: at)
                guard condition == BinaryFormat.none || Int(condition) < count(.conditions) else {
                    throw fail("condition \(condition) does not exist", .rules, index)
                }
                try ownProperties(Int(read(RuleRecord.firstProperty, at: at)), Int(read(RuleRecord.propertyCount, at: at)), of: index)
                let firstGroup = Int(read(RuleRecord.firstGroup, at: at)), groups = Int(read(RuleRecord.groupCount, at: at))
                guard firstGroup == groupCursor, groups <= count(.stateGroups) - groupCursor else {
                    throw fail("its state groups are not the next of the state groups (\(groupCursor))", .rules, index)
                }
                var previousState: UInt32 = 0
                for group in firstGroup..<(firstGroup + groups) {
                    let groupAt = record(.stateGroups, group)
                    let state = read(StateGroupRecord.state, at: groupAt), length = read(StateGroupRecord.propertyCount, at: groupAt)
                    guard state > previousState, state < 16, length > 0 else {
                        throw fail("state \(state) is not a control state after the previous group's, or it has no property", .stateGroups, group)
                    }
                    previousState = state
                    try ownProperties(Int(read(StateGroupRecord.firstProperty, at: groupAt)), Int(length), of: index)
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

        func stringBytes(_ id: UInt32) -> ArraySlice<UInt8> {
            let start = Int(entry(.stringOffsets, Int(id))), end = Int(entry(.stringOffsets, Int(id) + 1))
            return bytes[(offset(.stringBytes) + start)..<(offset(.stringBytes) + end)]
        }

        // MARK: Variables and the index

        func variables() throws(BinaryTableError) {
            var previous: UInt32?
            for index in 0..<count(.variables) {
                let at = record(.variables, index)
                let name = read(VariableRecord.name, at: at)
                guard isString(name), Int(read(VariableRecord.value, at: at)) < count(.values) else {
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
            for bucket in 0..<buckets where Int(entry(.indexBuckets, bucket)) > entries {
                throw fail("entry \(Int(entry(.indexBuckets, bucket)) - 1) does not exist", .indexBuckets, bucket)
            }
            var cursor = 0
            for entry in 0..<entries {
                let at = record(.indexEntries, entry)
                let length = Int(read(IndexEntryRecord.classCount, at: at)) + Int(read(IndexEntryRecord.subclassCount, at: at))
                    + Int(read(IndexEntryRecord.traitCount, at: at))
                guard isString(read(IndexEntryRecord.name, at: at)), Int(read(IndexEntryRecord.firstRule, at: at)) == cursor,
                      length <= count(.ruleLists) - cursor else {
                    throw fail("its name does not exist, or its rules are not the next of the rule lists (\(cursor))", .indexEntries, entry)
                }
                for position in cursor..<(cursor + length) where Int(self.entry(.ruleLists, position)) >= ruleCount {
                    throw fail("rule \(self.entry(.ruleLists, position)) does not exist", .ruleLists, position)
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
    static func firstInvalidByte(in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            // Eight ASCII bytes at a time: the common case.
            if index + 8 <= bytes.endIndex, bytes.word(at: index) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            guard let length = UTF8Scalar.length(in: bytes, at: index) else { return index - bytes.startIndex }
            index += length
        }
        return nil
    }
}
