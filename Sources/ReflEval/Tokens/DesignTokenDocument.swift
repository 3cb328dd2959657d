import ReflLexer

/// One design token of a token file (Design Tokens Community Group format,
/// 2025.10), its groups flattened into its path.
struct DesignToken {
    /// The names from the file's root to the token: `["color", "brand", "primary"]`.
    var path: [String]
    /// `$type`, its own or the nearest group's; nil when neither gives one.
    var type: String?
    /// `$value`, as written.
    var value: JSONNode
    var description: String?
    /// The file it is written in, for diagnostics at `value.offset`.
    var file: SourceFile

    /// The dotted name an alias spells (`{color.brand.primary}`).
    var dottedName: String { path.joined(separator: ".") }
}

/// Reads the tokens of one DTCG token file: groups are objects without
/// `$value`, tokens are objects with it; a group's `$type` is inherited by
/// the tokens below it that give none; `$root` is the group's own token.
/// Problems are reported at their place and the rest of the file is still read.
struct DesignTokenDocument {
    let file: SourceFile
    let report: TokenDiagnostics
    private(set) var tokens: [DesignToken] = []

    /// The tokens of `file`, whose bytes must be a JSON object; nil when they are not JSON.
    static func read(_ file: SourceFile, report: TokenDiagnostics) -> [DesignToken]? {
        guard let root = report.parseJSON(file) else { return nil }
        return read(root, in: file, report: report)
    }

    /// The tokens of the object `root`, written in `file`.
    static func read(_ root: JSONNode, in file: SourceFile, report: TokenDiagnostics) -> [DesignToken]? {
        guard case .object(let members) = root.kind else {
            report.error(file, root.offset, "a design-token file is a JSON object of groups and tokens, found \(JSONNode.describe(root))")
            return nil
        }
        var document = DesignTokenDocument(file: file, report: report)
        document.readGroup(members, path: [], inheritedType: nil)
        return document.tokens
    }

    private mutating func readGroup(_ members: [(key: String, value: JSONNode)], path: [String], inheritedType: String?) {
        let type = members.first { $0.key == "$type" }.flatMap { typeName($0.value) } ?? inheritedType
        for (key, value) in members {
            if key.hasPrefix("$") {
                if key == "$root" {
                    readEntry(value, path: path, inheritedType: type, isRoot: true)
                } else if !Self.groupProperties.contains(key) {
                    report.warning(file, value.offset, "unknown group property '\(key)'; it is ignored")
                }
                continue
            }
            if key.isEmpty {
                report.error(file, value.offset, "a token or group name cannot be empty (the key \"\" names this one)")
                continue
            }
            if let bad = key.first(where: { $0 == "{" || $0 == "}" || $0 == "." }) {
                report.error(file, value.offset, "a token or group name cannot contain '\(bad)' (found in '\(key)')")
                continue
            }
            readEntry(value, path: path + [key], inheritedType: type, isRoot: false)
        }
    }

    private mutating func readEntry(_ node: JSONNode, path: [String], inheritedType: String?, isRoot: Bool) {
        guard case .object(let members) = node.kind else {
            report.error(file, node.offset, "'\(path.joined(separator: "."))' must be a group or a token (an object with \"$value\"), found \(JSONNode.describe(node))")
            return
        }
        guard let value = members.first(where: { $0.key == "$value" })?.value else {
            if isRoot {
                report.error(file, node.offset, "'$root' must be a token, an object with \"$value\"")
            } else {
                readGroup(members, path: path, inheritedType: inheritedType)
            }
            return
        }
        var description: String?
        var type = inheritedType
        for (key, member) in members where key != "$value" {
            switch key {
            case "$type": type = typeName(member) ?? type
            case "$description":
                if case .string(let text) = member.kind { description = text } else {
                    report.error(file, member.offset, "\"$description\" must be a string")
                }
            case "$extensions", "$deprecated": break
            default:
                report.error(file, member.offset, key.hasPrefix("$")
                    ? "unknown token property '\(key)'; a token has $value, $type, $description, $extensions and $deprecated"
                    : "a token cannot hold '\(key)': a token has no children; make '\(path.joined(separator: "."))' a group and the token its '$root'")
            }
        }
        tokens.append(DesignToken(path: path, type: type, value: value, description: description, file: file))
    }

    private func typeName(_ node: JSONNode) -> String? {
        guard case .string(let name) = node.kind else {
            report.error(file, node.offset, "\"$type\" must be a string, found \(JSONNode.describe(node))")
            return nil
        }
        guard DesignTokenType(rawValue: name) != nil else {
            let suggestion = Suggestions.didYouMean(name, in: DesignTokenType.allCases.map(\.rawValue))
            report.error(file, node.offset, "unknown token type '\(name)'\(suggestion)")
            return nil
        }
        return name
    }

    /// The `$` properties a group may have.
    private static let groupProperties: Set<String> = ["$type", "$description", "$extensions", "$deprecated", "$schema", "$extends"]
}

/// The token types of the format.
enum DesignTokenType: String, CaseIterable {
    case color, dimension, fontFamily, fontWeight, duration, cubicBezier, number
    case strokeStyle, border, transition, shadow, gradient, typography
}

extension JSONNode {
    /// "a string", "an array", ...: what a node is, for messages.
    static func describe(_ node: JSONNode) -> String {
        switch node.kind {
        case .object: return "an object"
        case .array: return "an array"
        case .string(let text): return "the string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }

    /// The member `key` of an object node.
    subscript(member key: String) -> JSONNode? {
        guard case .object(let members) = kind else { return nil }
        return members.first { $0.key == key }?.value
    }
}
