import ReflLexer
import ReflParser

/// Reads the JSON rule table `reflc build` writes back into a `RuleTable`,
/// checking its shape: a malformed table is one diagnostic, at the place
/// where it goes wrong, naming the field (`rules[3].properties.alpha.value`).
enum RuleTableReader {
    static func read(_ file: SourceFile) -> Result<RuleTable, Diagnostic> {
        switch JSONParser.parse(file.bytes) {
        case .failure(let failure):
            return .failure(Diagnostic(.error("malformed-table", "malformed rule table: \(failure.message)"),
                                       file: file, range: .at(failure.offset)))
        case .success(let root):
            do throws(Failure) {
                return .success(try decodeTable(root))
            } catch {
                return .failure(Diagnostic(.error("malformed-table", "malformed rule table: \(error.path): \(error.message)"),
                                           file: file, range: .at(error.offset)))
            }
        }
    }

    struct Failure: Error {
        let path: String
        let message: String
        let offset: Int
    }

    private static func decodeTable(_ root: JSONNode) throws(Failure) -> RuleTable {
        let table = Field(node: root, path: "table")
        let version = try table["version"].int()
        guard version == RuleTable.formatVersion else {
            throw table["version"].failure("version \(version) is not supported; this reflc reads version \(RuleTable.formatVersion)")
        }
        var variables: [String: StyleValue] = [:]
        for (name, value) in try table["variables"].object() { variables[name] = try value.styleValue() }
        let rules = try table["rules"].array().map { rule throws(Failure) in try decodeRule(rule) }
        return RuleTable(variables: variables, rules: rules)
    }

    private static func decodeRule(_ rule: Field) throws(Failure) -> CompiledRule {
        let selector = rule["selector"]
        let source = rule["source"]
        var properties: [Property] = []
        for (name, property) in try rule["properties"].object() {
            properties.append(Property(name: name, value: try property["value"].styleValue(),
                                       isImportant: try property["important"].bool()))
        }
        properties.sort { $0.name < $1.name }
        let condition = try rule["condition"].isNull ? nil : rule["condition"].condition()
        return CompiledRule(
            selector: RuleSelector(raw: try selector["raw"].string(), className: try selector["class"].optionalString(),
                                   trait: try selector["trait"].optionalString(), hasWhere: try selector["where"].bool()),
            priority: try rule["priority"].int(),
            appliesToSubclasses: try rule["appliesToSubclasses"].bool(),
            condition: condition,
            source: SourcePosition(file: try source["file"].string(), line: try source["line"].int(),
                                   column: try source["column"].int()),
            properties: properties)
    }
}

/// A JSON node and its path in the table, with typed accessors that fail
/// with a message naming the path.
struct Field {
    let node: JSONNode?
    let path: String
    /// Where to report a missing member: its parent.
    var parentOffset = 0

    subscript(key: String) -> Field {
        var member: JSONNode?
        if case .object(let members)? = node?.kind { member = members[key] }
        return Field(node: member, path: path + "." + key, parentOffset: node?.offset ?? parentOffset)
    }

    func failure(_ message: String) -> RuleTableReader.Failure {
        RuleTableReader.Failure(path: path, message: message, offset: node?.offset ?? parentOffset)
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

    func bool() throws(RuleTableReader.Failure) -> Bool {
        if case .bool(let flag) = try present().kind { return flag }
        throw failure("expected true or false")
    }

    func array() throws(RuleTableReader.Failure) -> [Field] {
        guard case .array(let items) = try present().kind else { throw failure("expected an array") }
        return items.enumerated().map { Field(node: $1, path: "\(path)[\($0)]", parentOffset: $1.offset) }
    }

    /// Members sorted by key, for a deterministic result.
    func object() throws(RuleTableReader.Failure) -> [(String, Field)] {
        guard case .object(let members) = try present().kind else { throw failure("expected an object") }
        return members.keys.sorted().map { ($0, Field(node: members[$0], path: "\(path).\($0)", parentOffset: members[$0]!.offset)) }
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
