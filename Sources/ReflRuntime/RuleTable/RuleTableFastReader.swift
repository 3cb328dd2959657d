
/// Reads a JSON rule table laid out as `reflc build` writes it — members in
/// the writer's order, properties and variables sorted by name — in one
/// pass, straight into a `RuleTable`, with no tree in between. Whitespace
/// may differ; anything else that differs (another member order, an
/// unknown member, an error) stops it, and the general reader
/// (`RuleTableReader`), which accepts any member order and reports errors
/// with their place, reads the table instead. Tokens are read by the same
/// `JSONScanner` as the general reader's, and values are checked as it
/// checks them, so what this reader accepts, the general one reads the same.
struct RuleTableFastReader {
    /// Not the writer's layout (or not a valid table): left to the general reader.
    struct Mismatch: Error {}

    private var scanner: JSONScanner
    private var names = NameInterner()
    private var depth = 0

    static func read(_ bytes: [UInt8]) -> RuleTable? {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = RuleTableFastReader(scanner: JSONScanner(buffer))
            return try? reader.table()
        }
    }

    /// Tables from this size on have their rules read on two threads.
    static let parallelSize = 1 << 20

    private mutating func table() throws(Mismatch) -> RuleTable {
        try expect(UInt8(ascii: "{"))
        try key("version")
        guard try integer() == RuleTable.formatVersion else { throw Mismatch() }
        try expect(UInt8(ascii: ","))
        try key("variables")
        var variables: [String: StyleValue] = [:]
        var previous: String?
        try members { reader throws(Mismatch) in
            let name = try reader.memberName()
            if let previous, !(previous < name) { throw Mismatch() }  // sorted, so never repeated
            previous = name
            variables[name] = try reader.value()
        }
        try expect(UInt8(ascii: ","))
        try key("rules")
        let rules = try self.rules()
        try expect(UInt8(ascii: "}"))
        scanner.skipWhitespace()
        guard scanner.atEnd else { throw Mismatch() }
        return RuleTable(variables: variables, rules: rules)
    }

    // MARK: - Rules

    /// The `rules` array. A large one is cut in two where a rule starts,
    /// as the writer lays rules out (`,` then a line indented four spaces
    /// then `{`: deeper lines are indented further, and strings hold no line
    /// break), and the halves are read at once; if the first half does not
    /// end exactly at the cut, the array is read whole instead.
    private mutating func rules() throws(Mismatch) -> [CompiledRule] {
        let start = scanner.position
        if scanner.bytes.count - start >= Self.parallelSize, Concurrency.processorCount > 1,
           let cut = ruleBoundary(after: start + (scanner.bytes.count - start) / 2) {
            /// What one thread read; each thread writes its own.
            final class Half {
                var result: Result<(rules: [CompiledRule], end: Int), Mismatch> = .failure(Mismatch())
            }
            let halves = [Half(), Half()]
            let bytes = scanner.bytes
            Concurrency.run(2) { half in
                var reader = RuleTableFastReader(scanner: JSONScanner(bytes))
                reader.scanner.position = half == 0 ? start : cut + 1
                halves[half].result = Result { () throws(Mismatch) in
                    var rules: [CompiledRule] = []
                    if half == 0 { try reader.expect(UInt8(ascii: "[")) }
                    while true {
                        rules.append(try reader.rule())
                        reader.scanner.skipWhitespace()
                        // The first half stops at the cut; the second at the array's end.
                        if half == 0 && reader.scanner.position >= cut { break }
                        if !reader.scanner.eat(",") { break }
                    }
                    if half == 1 { try reader.expect(UInt8(ascii: "]")) }
                    return (rules, reader.scanner.position)
                }
            }
            if case .success(let first) = halves[0].result, first.end == cut, case .success(let second) = halves[1].result {
                scanner.position = second.end
                return first.rules + second.rules
            }
            scanner.position = start
        }
        var rules: [CompiledRule] = []
        try items { reader throws(Mismatch) in rules.append(try reader.rule()) }
        return rules
    }

    /// The `,` before the first rule that starts after `position`.
    private func ruleBoundary(after position: Int) -> Int? {
        let bytes = scanner.bytes
        let pattern: [UInt8] = Array(",\n    {".utf8)
        var index = position
        while index + pattern.count <= bytes.count {
            if bytes[index] == pattern[0], (1..<pattern.count).allSatisfy({ bytes[index + $0] == pattern[$0] }) { return index }
            index += 1
        }
        return nil
    }

    private mutating func rule() throws(Mismatch) -> CompiledRule {
        try expect(UInt8(ascii: "{"))
        try key("selector")
        try expect(UInt8(ascii: "{"))
        try key("raw")
        let raw = try string()
        try expect(UInt8(ascii: ","))
        try key("class")
        let className = try optionalName()
        try expect(UInt8(ascii: ","))
        try key("trait")
        let trait = try optionalName()
        try expect(UInt8(ascii: ","))
        try key("where")
        let hasWhere = try bool()
        try expect(UInt8(ascii: "}"))
        try expect(UInt8(ascii: ","))
        try key("priority")
        let priority = try integer()
        guard RuleSelector.priorities.contains(priority) else { throw Mismatch() }
        try expect(UInt8(ascii: ","))
        try key("appliesToSubclasses")
        let appliesToSubclasses = try bool()
        try expect(UInt8(ascii: ","))
        try key("condition")
        scanner.skipWhitespace()
        let condition = scanner.eat("null") ? nil : try self.condition()
        try expect(UInt8(ascii: ","))
        try key("source")
        try expect(UInt8(ascii: "{"))
        try key("file")
        let file = try name()
        try expect(UInt8(ascii: ","))
        try key("line")
        let line = try integer()
        try expect(UInt8(ascii: ","))
        try key("column")
        let column = try integer()
        guard RuleTableReader.positions.contains(line), RuleTableReader.positions.contains(column) else { throw Mismatch() }
        try expect(UInt8(ascii: "}"))
        try expect(UInt8(ascii: ","))
        try key("properties")
        let properties = try self.properties()
        try expect(UInt8(ascii: ","))
        try key("states")
        var states: [StateProperties] = []
        try members { reader throws(Mismatch) in
            guard let state = ControlState(canonicalName: try reader.memberName()),
                  state.rawValue > (states.last?.state.rawValue ?? 0) else { throw Mismatch() }
            states.append(StateProperties(state: state, properties: try reader.properties()))
        }
        try expect(UInt8(ascii: "}"))
        return CompiledRule(selector: RuleSelector(raw: raw, className: className, trait: trait, hasWhere: hasWhere),
                            priority: priority, appliesToSubclasses: appliesToSubclasses, condition: condition,
                            source: SourcePosition(file: file, line: line, column: column),
                            properties: properties, stateProperties: states)
    }

    /// `{"name": {"value": VALUE, "important": BOOL}, ...}`, names in order.
    private mutating func properties() throws(Mismatch) -> [Property] {
        var properties: [Property] = []
        try members { reader throws(Mismatch) in
            let name = try reader.memberName()
            if let last = properties.last, !(last.name < name) { throw Mismatch() }
            try reader.expect(UInt8(ascii: "{"))
            try reader.key("value")
            let value = try reader.value()
            try reader.expect(UInt8(ascii: ","))
            try reader.key("important")
            let isImportant = try reader.bool()
            try reader.expect(UInt8(ascii: "}"))
            properties.append(Property(name: name, value: value, isImportant: isImportant))
        }
        return properties
    }

    // MARK: - Values

    private mutating func value() throws(Mismatch) -> StyleValue {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONParser.maximumDepth / 2 else { throw Mismatch() }
        try expect(UInt8(ascii: "{"))
        try key("type")
        scanner.skipWhitespace()
        guard let typeName = scanner.plainString(), let type = ValueType(typeName) else { throw Mismatch() }
        let value: StyleValue
        switch type {
        case .number:
            let number = try numberField("value")
            scanner.skipWhitespace()
            if scanner.eat("}") { return .number(number, unit: nil) }
            try expect(UInt8(ascii: ","))
            try key("unit")
            value = .number(number, unit: try keyword(LengthUnit.self))
        case .percent: value = .percent(try numberField("value"))
        case .angle: value = .angle(radians: try numberField("radians"))
        case .string:
            try expect(UInt8(ascii: ","))
            try key("value")
            value = .string(try string())
        case .bool:
            try expect(UInt8(ascii: ","))
            try key("value")
            value = .bool(try bool())
        case .color: value = .color(try colorFields())
        case .gradient:
            try expect(UInt8(ascii: ","))
            try key("colors")
            var colors: [Color] = []
            try items { reader throws(Mismatch) in
                try reader.expect(UInt8(ascii: "{"))
                try reader.key("type")
                reader.scanner.skipWhitespace()
                guard reader.scanner.eat("\"color\"") else { throw Mismatch() }
                colors.append(try reader.colorFields())
                try reader.expect(UInt8(ascii: "}"))
            }
            value = .gradient(colors)
        case .font: value = .font(try fontFields())
        case .rect:
            value = .rect(x: try numberField("x"), y: try numberField("y"), width: try numberField("width"),
                          height: try numberField("height"))
        case .point: value = .point(x: try numberField("x"), y: try numberField("y"))
        case .size: value = .size(width: try numberField("width"), height: try numberField("height"))
        case .edgeInsets:
            value = .edgeInsets(top: try numberField("top"), left: try numberField("left"), bottom: try numberField("bottom"),
                                right: try numberField("right"))
        case .localizedString:
            try expect(UInt8(ascii: ","))
            try key("key")
            value = .localizedString(key: try string())
        case .transform: value = .transform(try transformFields())
        case .vector:
            try expect(UInt8(ascii: ","))
            try key("items")
            value = .vector(try valueList())
        case .image:
            try expect(UInt8(ascii: ","))
            scanner.skipWhitespace()
            if scanner.eat("\"name\"") {
                try expect(UInt8(ascii: ":"))
                value = .image(.named(try string()))
            } else {
                try key("fill")
                let fill = try self.value()
                switch fill {
                case .color, .gradient: value = .image(.fill(fill))
                default: throw Mismatch()
                }
            }
        case .condition:
            try expect(UInt8(ascii: ","))
            try key("condition")
            value = .condition(try condition())
        case .enumCase:
            try expect(UInt8(ascii: ","))
            try key("enum")
            let enumName = try name()
            try expect(UInt8(ascii: ","))
            try key("case")
            let caseName = try name()
            try expect(UInt8(ascii: ","))
            try key("rawValue")
            value = .enumCase(EnumCase(enumName: enumName, caseName: caseName, rawValue: try integer()))
        case .optionSet:
            try expect(UInt8(ascii: ","))
            try key("optionSet")
            let setName = try name()
            try expect(UInt8(ascii: ","))
            try key("options")
            var options: [String] = []
            try items { reader throws(Mismatch) in options.append(try reader.name()) }
            try expect(UInt8(ascii: ","))
            try key("rawValue")
            value = .optionSet(OptionSetValue(setName: setName, options: options, rawValue: try integer()))
        case .call:
            try expect(UInt8(ascii: ","))
            try key("name")
            let name = try self.name()
            try expect(UInt8(ascii: ","))
            try key("args")
            value = .call(name: name, arguments: try valueList())
        case .identifier:
            try expect(UInt8(ascii: ","))
            try key("value")
            value = .identifier(try string())
        }
        try expect(UInt8(ascii: "}"))
        return value
    }

    private mutating func valueList() throws(Mismatch) -> [StyleValue] {
        var values: [StyleValue] = []
        try items { reader throws(Mismatch) in values.append(try reader.value()) }
        return values
    }

    /// `,"NAME":NUMBER`: the next field of a fixed-shape object.
    private mutating func numberField(_ name: StaticString) throws(Mismatch) -> Double {
        try expect(UInt8(ascii: ","))
        try key(name)
        return try number()
    }

    /// The rest of a color, after its type: `,"rgba":[R,G,B,A],"hex":"..."`.
    private mutating func colorFields() throws(Mismatch) -> Color {
        try expect(UInt8(ascii: ","))
        try key("rgba")
        try expect(UInt8(ascii: "["))
        let red = try number()
        try expect(UInt8(ascii: ","))
        let green = try number()
        try expect(UInt8(ascii: ","))
        let blue = try number()
        try expect(UInt8(ascii: ","))
        let alpha = try number()
        try expect(UInt8(ascii: "]"))
        try expect(UInt8(ascii: ","))
        try key("hex")
        _ = try string()
        return Color(red: red, green: green, blue: blue, alpha: alpha)
    }

    private mutating func fontFields() throws(Mismatch) -> Font {
        try expect(UInt8(ascii: ","))
        try key("name")
        let name = try self.name()
        try expect(UInt8(ascii: ","))
        try key("size")
        let size: Font.Size
        switch try value() {
        case .number(let points, let unit): size = .points(points, unit: unit)
        case .percent(let percent): size = .percent(percent)
        default: throw Mismatch()
        }
        try expect(UInt8(ascii: ","))
        try key("system")
        var font = Font(name: name, size: size, isSystem: try bool())
        scanner.skipWhitespace()
        if scanner.eat(",") {
            scanner.skipWhitespace()
            if scanner.eat("\"weight\"") {
                try expect(UInt8(ascii: ":"))
                font.weight = try keyword(FontWeight.self)
                scanner.skipWhitespace()
                if scanner.eat(",") {
                    try key("textStyle")
                    font.textStyle = try keyword(TextStyle.self)
                }
            } else {
                try key("textStyle")
                font.textStyle = try keyword(TextStyle.self)
            }
        }
        if font.textStyle != nil, case .percent = size { throw Mismatch() }
        return font
    }

    private mutating func transformFields() throws(Mismatch) -> Transform {
        try expect(UInt8(ascii: ","))
        try key("op")
        scanner.skipWhitespace()
        if scanner.eat("\"scale\"") { return .scale(x: try numberField("x"), y: try numberField("y")) }
        if scanner.eat("\"rotate\"") { return .rotate(radians: try numberField("radians")) }
        if scanner.eat("\"translate\"") { return .translate(x: try numberField("x"), y: try numberField("y")) }
        throw Mismatch()
    }

    // MARK: - Conditions

    /// `{"source": TEXT, "test": EXPRESSION}`.
    private mutating func condition() throws(Mismatch) -> Condition {
        try expect(UInt8(ascii: "{"))
        try key("source")
        let source = try string()
        try expect(UInt8(ascii: ","))
        try key("test")
        let test = try expression()
        try expect(UInt8(ascii: "}"))
        return Condition(test: test, source: source)
    }

    private mutating func expression() throws(Mismatch) -> ConditionExpression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= JSONParser.maximumDepth / 2 else { throw Mismatch() }
        try expect(UInt8(ascii: "{"))
        scanner.skipWhitespace()
        var operands: [ConditionExpression] = []
        let isAll = scanner.eat("\"all\"")
        if isAll || scanner.eat("\"any\"") {
            try expect(UInt8(ascii: ":"))
            try items { reader throws(Mismatch) in operands.append(try reader.expression()) }
            try expect(UInt8(ascii: "}"))
            return isAll ? .all(operands) : .any(operands)
        }
        if scanner.eat("\"not\"") {
            try expect(UInt8(ascii: ":"))
            let operand = try expression()
            try expect(UInt8(ascii: "}"))
            return .not(operand)
        }
        try key("test")
        let test = try term()
        try expect(UInt8(ascii: "}"))
        return .test(test)
    }

    /// A term's fields, after `{"test":`.
    private mutating func term() throws(Mismatch) -> ConditionTest {
        scanner.skipWhitespace()
        guard let testName = scanner.plainString(), let test = TermType(testName) else { throw Mismatch() }
        func comparison<Operator: RawRepresentable & CaseIterable, Keyword: RawRepresentable & CaseIterable>(
            _: Operator.Type, _: Keyword.Type
        ) throws(Mismatch) -> (Operator, Keyword) where Operator.RawValue == String, Keyword.RawValue == String {
            try expect(UInt8(ascii: ","))
            try key("op")
            let op = try keyword(Operator.self)
            try expect(UInt8(ascii: ","))
            try key("value")
            return (op, try keyword(Keyword.self))
        }
        switch test {
        case .always: return .always
        case .external:
            try expect(UInt8(ascii: ","))
            try key("name")
            return .external(name: try string())
        case .sizeClass:
            try expect(UInt8(ascii: ","))
            try key("axis")
            let axis = try keyword(SizeClassAxis.self)
            let (op, value) = try comparison(EqualityOperator.self, SizeClass.self)
            return .sizeClass(axis: axis, op: op, value: value)
        case .size:
            try expect(UInt8(ascii: ","))
            try key("dimension")
            let dimension = try keyword(Dimension.self)
            try expect(UInt8(ascii: ","))
            try key("op")
            let op = try keyword(ComparisonOperator.self)
            return .size(dimension: dimension, op: op, value: try numberField("value"))
        case .idiom:
            let (op, value) = try comparison(EqualityOperator.self, Idiom.self)
            return .idiom(op: op, value: value)
        case .appearance:
            let (op, value) = try comparison(EqualityOperator.self, Appearance.self)
            return .appearance(op: op, value: value)
        case .contentSize:
            let (op, value) = try comparison(ComparisonOperator.self, ContentSizeCategory.self)
            if value == .unspecified && !op.isEquality { throw Mismatch() }
            return .contentSize(op: op, value: value)
        case .layoutDirection:
            let (op, value) = try comparison(EqualityOperator.self, LayoutDirection.self)
            return .layoutDirection(op: op, value: value)
        case .orientation:
            let (op, value) = try comparison(EqualityOperator.self, Orientation.self)
            return .orientation(op: op, value: value)
        case .contrast:
            let (op, value) = try comparison(EqualityOperator.self, Contrast.self)
            return .contrast(op: op, value: value)
        case .flag:
            try expect(UInt8(ascii: ","))
            try key("name")
            return .flag(try keyword(AccessibilityFlag.self))
        }
    }

    // MARK: - Tokens

    /// The punctuation `byte` (after any whitespace).
    @inline(__always)
    private mutating func expect(_ byte: UInt8) throws(Mismatch) {
        scanner.skipWhitespace()
        guard scanner.current == byte else { throw Mismatch() }
        scanner.position += 1
    }

    /// `"name":` (after any whitespace).
    @inline(__always)
    private mutating func key(_ name: StaticString) throws(Mismatch) {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\""), scanner.bytes.count - scanner.position > name.utf8CodeUnitCount + 1 else {
            throw Mismatch()
        }
        scanner.position += 1
        guard scanner.eat(name), scanner.current == UInt8(ascii: "\"") else { throw Mismatch() }
        scanner.position += 1
        try expect(UInt8(ascii: ":"))
    }

    /// The members of an object, each read by `member` from its key on;
    /// the position then past the closing `}`.
    private mutating func members(_ member: (inout RuleTableFastReader) throws(Mismatch) -> Void) throws(Mismatch) {
        try expect(UInt8(ascii: "{"))
        scanner.skipWhitespace()
        if scanner.eat("}") { return }
        repeat {
            try member(&self)
            scanner.skipWhitespace()
        } while scanner.eat(",")
        try expect(UInt8(ascii: "}"))
    }

    /// The items of an array, each read by `item`.
    private mutating func items(_ item: (inout RuleTableFastReader) throws(Mismatch) -> Void) throws(Mismatch) {
        try expect(UInt8(ascii: "["))
        scanner.skipWhitespace()
        if scanner.eat("]") { return }
        repeat {
            try item(&self)
            scanner.skipWhitespace()
        } while scanner.eat(",")
        try expect(UInt8(ascii: "]"))
    }

    /// A member's name and its `:`.
    private mutating func memberName() throws(Mismatch) -> String {
        let name = try self.name()
        try expect(UInt8(ascii: ":"))
        return name
    }

    private mutating func string() throws(Mismatch) -> String {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw Mismatch() }
        do {
            return try scanner.string()
        } catch {
            throw Mismatch()
        }
    }

    /// A string that recurs (a name, a class, a file): made once, shared.
    /// (One of up to 15 bytes is stored inside the `String`: made anew.)
    private mutating func name() throws(Mismatch) -> String {
        scanner.skipWhitespace()
        guard scanner.current == UInt8(ascii: "\"") else { throw Mismatch() }
        if let bytes = scanner.plainString() {
            return bytes.count <= 15 ? String(decoding: bytes, as: UTF8.self) : names.string(for: bytes)
        }
        return try string()
    }

    private mutating func optionalName() throws(Mismatch) -> String? {
        scanner.skipWhitespace()
        return scanner.eat("null") ? nil : try name()
    }

    private mutating func keyword<Keyword: RawRepresentable & CaseIterable>(_: Keyword.Type) throws(Mismatch) -> Keyword
    where Keyword.RawValue == String {
        guard let keyword = Keyword(rawValue: try name()) else { throw Mismatch() }
        return keyword
    }

    private mutating func bool() throws(Mismatch) -> Bool {
        scanner.skipWhitespace()
        if scanner.eat("true") { return true }
        if scanner.eat("false") { return false }
        throw Mismatch()
    }

    private mutating func number() throws(Mismatch) -> Double {
        scanner.skipWhitespace()
        switch scanner.current {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            do {
                return try scanner.number()
            } catch {
                throw Mismatch()
            }
        default:
            throw Mismatch()
        }
    }

    /// A whole number, as the general reader's `int()` accepts it.
    private mutating func integer() throws(Mismatch) -> Int {
        let value = try number()
        guard value == value.rounded(), abs(value) < 1e15 else { throw Mismatch() }
        return Int(value)
    }
}

/// A value's `type`, from its bytes.
private enum ValueType: CaseIterable {
    case number, percent, angle, string, bool, color, gradient, font, rect, point, size, edgeInsets, localizedString
    case transform, vector, image, condition, enumCase, optionSet, call, identifier

    var name: StaticString {
        switch self {
        case .number: return "number"
        case .percent: return "percent"
        case .angle: return "angle"
        case .string: return "string"
        case .bool: return "bool"
        case .color: return "color"
        case .gradient: return "gradient"
        case .font: return "font"
        case .rect: return "rect"
        case .point: return "point"
        case .size: return "size"
        case .edgeInsets: return "edgeInsets"
        case .localizedString: return "localizedString"
        case .transform: return "transform"
        case .vector: return "vector"
        case .image: return "image"
        case .condition: return "condition"
        case .enumCase: return "enum"
        case .optionSet: return "optionSet"
        case .call: return "call"
        case .identifier: return "identifier"
        }
    }

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let found = Self.allCases.first(where: { spells(bytes, $0.name) }) else { return nil }
        self = found
    }
}

/// A condition term's `test`, from its bytes.
private enum TermType: CaseIterable {
    case always, external, sizeClass, size, idiom, appearance, contentSize, layoutDirection, orientation, contrast, flag

    var name: StaticString {
        switch self {
        case .always: return "default"
        case .external: return "external"
        case .sizeClass: return "sizeClass"
        case .size: return "size"
        case .idiom: return "idiom"
        case .appearance: return "appearance"
        case .contentSize: return "contentSize"
        case .layoutDirection: return "layoutDirection"
        case .orientation: return "orientation"
        case .contrast: return "contrast"
        case .flag: return "flag"
        }
    }

    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let found = Self.allCases.first(where: { spells(bytes, $0.name) }) else { return nil }
        self = found
    }
}

/// Whether two byte strings are equal.
private func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == other.count else { return false }
    for index in 0..<bytes.count where bytes[index] != other[index] { return false }
    return true
}

/// Whether `bytes` are the text of `word`.
private func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    guard bytes.count == word.utf8CodeUnitCount else { return false }
    for index in 0..<bytes.count where bytes[index] != word.utf8Start[index] { return false }
    return true
}

/// One `String` per distinct name: a table repeats a few property names,
/// classes and files many times over.
private struct NameInterner {
    private var slots = [(bytes: [UInt8], string: String)?](repeating: nil, count: 1024)
    private var count = 0

    mutating func string(for bytes: UnsafeBufferPointer<UInt8>) -> String {
        let hash = BinaryFormat.hash(UnsafeRawBufferPointer(bytes))
        var slot = Int(hash) & (slots.count - 1)
        while let entry = slots[slot] {
            if entry.bytes.withUnsafeBufferPointer({ spells($0, bytes) }) { return entry.string }
            slot = (slot + 1) & (slots.count - 1)
        }
        let string = String(decoding: bytes, as: UTF8.self)
        // Past half full, new names are not kept: a table of many distinct
        // names (selectors) gains nothing from sharing them.
        if count < slots.count / 2 {
            slots[slot] = (Array(bytes), string)
            count += 1
        }
        return string
    }
}
