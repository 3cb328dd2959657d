
/// Reads the JSON rule table `reflc build` writes back into a `RuleTable`,
/// checking its shape: a malformed table is one diagnostic, at the place
/// where it goes wrong, naming the field (`rules[3].properties.alpha.value`).
enum RuleTableReader {
    static func read(_ file: SourceFile) -> Result<RuleTable, Diagnostic> {
        // A table as reflc writes it is read in one pass; any other layout,
        // and every error, by the tree below.
        if let table = RuleTableFastReader.read(file.bytes) { return .success(table) }
        switch JSONParser.parse(file.bytes) {
        case .failure(let failure):
            return .failure(Diagnostic(.error(.malformedTable, "malformed rule table: \(failure.message)"),
                                       file: file, range: .at(failure.offset)))
        case .success(let root):
            do throws(Failure) {
                return .success(try decodeTable(root))
            } catch {
                let path = Self.path(to: error.offset, in: root, name: "table") + (error.member.map { "." + $0 } ?? "")
                return .failure(Diagnostic(.error(.malformedTable, "malformed rule table: \(path): \(error.message)"),
                                           file: file, range: .at(error.offset)))
            }
        }
    }

    /// A decoding problem at the node starting at `offset` (or, for a
    /// missing `member`, in the object there). The path to it is worked out
    /// only when it is reported, so decoding does no string work for paths.
    struct Failure: Error {
        let message: String
        let offset: Int
        var member: String?
    }

    /// `table.rules[3].properties.alpha`: the path from the root to the node
    /// that starts at `offset`.
    static func path(to offset: Int, in node: JSONNode, name: String) -> String {
        var path = name
        var current = node
        while current.offset != offset {
            var next: JSONNode?
            switch current.kind {
            case .object(let members):
                if let member = members.last(where: { $0.value.offset <= offset }) {
                    path += "." + member.key
                    next = member.value
                }
            case .array(let items):
                if let index = items.lastIndex(where: { $0.offset <= offset }) {
                    path += "[\(index)]"
                    next = items[index]
                }
            default:
                break
            }
            guard let found = next, found.offset > current.offset || found.offset == offset else { return path }
            current = found
        }
        return path
    }

    /// The lines and columns a source position may have (a binary table
    /// holds them in 32 bits).
    static let positions = 1...Int(UInt32.max)

    /// The versions this reader understands: 1 (conditions as a list of
    /// terms, no control states) and 2.
    static let readableVersions = 1...RuleTable.formatVersion

    private static func decodeTable(_ root: JSONNode) throws(Failure) -> RuleTable {
        var table = Field(node: root)
        let version = try table["version"].int()
        guard readableVersions.contains(version) else {
            throw table["version"].failure("version \(version) is not supported; this reflc reads versions 1 to \(RuleTable.formatVersion)")
        }
        table.version = version
        var variables: [String: StyleValue] = [:]
        for (name, value) in try table["variables"].object() { variables[name] = try value.styleValue() }
        let rules = try table["rules"].array().map { rule throws(Failure) in try decodeRule(rule) }
        return RuleTable(variables: variables, rules: rules)
    }

    private static func decodeRule(_ rule: Field) throws(Failure) -> CompiledRule {
        let selector = rule["selector"]
        let source = rule["source"]
        let properties = try decodeProperties(rule["properties"])
        var stateProperties: [StateProperties] = []
        if rule.version >= 2 {
            for (name, group) in try rule["states"].object() {
                guard let state = ControlState(canonicalName: name) else {
                    throw group.failure("'\(name)' is not a control state (states are written as 'highlighted,selected')")
                }
                stateProperties.append(StateProperties(state: state, properties: try decodeProperties(group)))
            }
            stateProperties.sort { $0.state.rawValue < $1.state.rawValue }
        }
        let condition = try rule["condition"].isNull ? nil : rule["condition"].condition()
        return CompiledRule(
            selector: RuleSelector(raw: try selector["raw"].string(), className: try selector["class"].optionalString(),
                                   trait: try selector["trait"].optionalString(), hasWhere: try selector["where"].bool()),
            priority: try rule["priority"].int(in: RuleSelector.priorities, "one of 50, 70, 75, 95, 99 and 100"),
            appliesToSubclasses: try rule["appliesToSubclasses"].bool(),
            condition: condition,
            source: SourcePosition(file: try source["file"].string(), line: try source["line"].int(in: Self.positions, "a line from 1"),
                                   column: try source["column"].int(in: Self.positions, "a column from 1")),
            properties: properties,
            stateProperties: stateProperties)
    }

    /// `{"name": {"value": VALUE, "important": BOOL}, ...}`, sorted by name.
    private static func decodeProperties(_ object: Field) throws(Failure) -> [Property] {
        var properties: [Property] = []
        for (name, property) in try object.object() {
            properties.append(Property(name: name, value: try property["value"].styleValue(),
                                       isImportant: try property["important"].bool()))
        }
        properties.sort { $0.name < $1.name }
        return properties
    }
}

/// A JSON node being decoded, with typed accessors that fail at the node
/// (the path to it is added when the failure is reported).
struct Field {
    let node: JSONNode?
    /// Where to report a missing member: its object.
    var parentOffset = 0
    /// The member's name, when this field was looked up by name.
    var name: String?
    /// The table's format version, which decides some shapes (conditions).
    var version = RuleTable.formatVersion

    subscript(key: String) -> Field {
        var member: JSONNode?
        if case .object(let members)? = node?.kind { member = members.first { $0.key == key }?.value }
        return Field(node: member, parentOffset: node?.offset ?? parentOffset, name: key, version: version)
    }

    func failure(_ message: String) -> RuleTableReader.Failure {
        guard let node else { return RuleTableReader.Failure(message: message, offset: parentOffset, member: name) }
        return RuleTableReader.Failure(message: message, offset: node.offset)
    }

    private func present() throws(RuleTableReader.Failure) -> JSONNode {
        guard let node else { throw failure("missing") }
        return node
    }

    var isNull: Bool {
        get throws(RuleTableReader.Failure) {
            if case .null = try present().kind { return true }
            return false
        }
    }

    func string() throws(RuleTableReader.Failure) -> String {
        if case .string(let text) = try present().kind { return text }
        throw failure("expected a string")
    }

    func optionalString() throws(RuleTableReader.Failure) -> String? {
        try isNull ? nil : string()
    }

    func number() throws(RuleTableReader.Failure) -> Double {
        if case .number(let value) = try present().kind { return value }
        throw failure("expected a number")
    }

    func int() throws(RuleTableReader.Failure) -> Int {
        let value = try number()
        guard value == value.rounded(), abs(value) < 1e15 else { throw failure("expected a whole number") }
        return Int(value)
    }

    /// A whole number in `allowed` (described by `expected`).
    func int<Allowed: RangeExpression & Sendable>(in allowed: Allowed, _ expected: String) throws(RuleTableReader.Failure) -> Int
    where Allowed.Bound == Int {
        let value = try int()
        guard allowed.contains(value) else { throw failure("expected \(expected), found \(value)") }
        return value
    }

    func int(in allowed: Set<Int>, _ expected: String) throws(RuleTableReader.Failure) -> Int {
        let value = try int()
        guard allowed.contains(value) else { throw failure("expected \(expected), found \(value)") }
        return value
    }

    func bool() throws(RuleTableReader.Failure) -> Bool {
        if case .bool(let flag) = try present().kind { return flag }
        throw failure("expected true or false")
    }

    func array() throws(RuleTableReader.Failure) -> [Field] {
        guard case .array(let items) = try present().kind else { throw failure("expected an array") }
        return items.map { Field(node: $0, parentOffset: $0.offset, version: version) }
    }

    /// Members in document order (the parser has refused repeated keys).
    func object() throws(RuleTableReader.Failure) -> [(String, Field)] {
        guard case .object(let members) = try present().kind else { throw failure("expected an object") }
        return members.map { ($0.key, Field(node: $0.value, parentOffset: $0.value.offset, version: version)) }
    }

    /// A keyword from a fixed set (`"pad"` for `Idiom`).
    func keyword<Keyword: RawRepresentable & CaseIterable>(_: Keyword.Type) throws(RuleTableReader.Failure) -> Keyword
    where Keyword.RawValue == String {
        let text = try string()
        guard let value = Keyword(rawValue: text) else {
            throw failure("expected one of \(Keyword.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")), found '\(text)'")
        }
        return value
    }
}
