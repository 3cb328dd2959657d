import ReflEval
import ReflLexer
import ReflParser

/// What the UIKit schema (and the stylesheet's `@view` declarations) give
/// the editor: keys by the rule's class, enumeration cases after a key,
/// hover on a key, and the names of positional arguments.
extension LanguageServer {
    /// The class the rule around `offset` is checked as, when the schema
    /// knows it: its class, or its one name when that is a known class.
    func schemaClass(at offset: Int, in index: SourceIndex, schema: ViewSchema) -> String? {
        for case .rule(let rule) in index.syntax.items where rule.range.start <= offset && offset <= rule.range.end {
            if let className = rule.selector.className.map({ index.text($0) }) {
                return schema.classes[className] == nil ? nil : className
            }
            if let oneName = rule.selector.trait.map({ index.text($0) }), schema.classes[oneName] != nil { return oneName }
            return nil
        }
        return nil
    }

    /// The properties a key being typed can name in `className`: for
    /// `title-label--fo`, those of `title-label`'s class, written as whole
    /// key paths.
    func keyCompletions(for prefix: String, in className: String, schema: ViewSchema) -> [(key: String, detail: String, note: String?)] {
        var parts = SchemaWords.keyPathParts(prefix)
        parts.removeLast()
        var current = className
        for part in parts {
            guard let found = schema.allProperties(of: current).first(where: { $0.property.stylesheetKey == part }),
                  case .object(let subclass) = found.property.type else { return [] }
            current = subclass
        }
        let path = parts.map { $0 + "--" }.joined()
        return schema.allProperties(of: current).map { property, declaredBy in
            (path + property.stylesheetKey, Self.detail(property, declaredBy: declaredBy.name), property.note)
        }
    }

    /// `color — UIButton.setTitleColor(_:for:), per state`.
    static func detail(_ property: PropertySchema, declaredBy: String) -> String {
        var detail = "\(property.type) — \(declaredBy).\(property.swiftName)"
        if property.isPerState { detail += ", per state" }
        if let since = property.since { detail += ", iOS \(since)+" }
        if let deprecated = property.deprecated { detail += ", deprecated in iOS \(deprecated)" }
        return detail
    }

    /// The schema's property for the key path `key` (as written) of
    /// `className`, the class that declares it, and the sub-objects the key
    /// path goes through to reach it (`titleLabel`, a `UILabel`), in order.
    func schemaProperty(_ key: String, of className: String, schema: ViewSchema)
        -> (property: PropertySchema, declaredBy: String, through: [(key: String, className: String)])? {
        var current = className
        var through: [(key: String, className: String)] = []
        let parts = SchemaWords.keyPathParts(key)
        for (position, part) in parts.enumerated() {
            guard let found = schema.allProperties(of: current).first(where: {
                $0.property.stylesheetKey == part || $0.property.key == part
            }) else { return nil }
            if position == parts.count - 1 { return (found.property, found.declaredBy.name, through) }
            guard case .object(let subclass) = found.property.type else { return nil }
            through.append((found.property.key, subclass))
            current = subclass
        }
        return nil
    }

    /// The cases a value of `property` may be written as: for options of
    /// which UIKit takes one (`takesSingleOption`), those of one bit.
    static func cases(of property: PropertySchema, in schema: ViewSchema) -> [(word: String, detail: String)] {
        switch property.type {
        case .enumeration(let name), .options(let name):
            guard let enumeration = schema.enumerations[name] else { return [] }
            let cases = property.takesSingleOption ? enumeration.singleBitCases : enumeration.cases
            return cases.map { ($0.word, "\(name).\($0.swiftName) = \($0.rawValue)") }
        case .words(let words):
            return words.map { ($0, "enum(\(words.joined(separator: ", ")))") }
        case .bool:
            return [("true", "bool"), ("false", "bool")]
        default:
            return []
        }
    }

    /// The key of the declaration whose value holds `offset`: the name before
    /// the `:` (and its `[states]`), back from the cursor at nesting 0.
    func declarationKey(before offset: Int, in index: SourceIndex) -> String? {
        guard var position = index.tokenIndex(before: offset) else { return nil }
        var nesting = 0
        while position > 0 {
            let token = index.tokens[position]
            switch token.kind {
            case .rightParen: nesting += 1
            case .leftParen: nesting -= 1
            case .semicolon, .leftBrace, .rightBrace: return nil
            case .colon where nesting == 0:
                var keyPosition = position - 1
                if index.tokens[keyPosition].kind == .rightBracket {
                    while keyPosition > 0 && index.tokens[keyPosition].kind != .leftBracket { keyPosition -= 1 }
                    keyPosition -= 1
                }
                guard keyPosition >= 0, index.tokens[keyPosition].kind == .identifier else { return nil }
                return index.text(index.tokens[keyPosition])
            default: break
            }
            position -= 1
        }
        return nil
    }

    /// Hover on a key of a rule whose class the schema knows.
    func schemaKeyHover(_ key: String, at offset: Int, in target: Target) -> String? {
        let schema = target.result.viewSchema
        guard let className = schemaClass(at: offset, in: target.index, schema: schema),
              let (property, declaredBy, through) = schemaProperty(key, of: className, schema: schema) else { return nil }
        var lines = ["**\(key)** — `\(declaredBy).\(property.swiftName)`"]
        var facts = ["type `\(property.type)`"]
        if property.takesSingleOption { facts.append("a single option") }
        if property.isPerState { facts.append("set per control state (`\(key)[highlighted]`)") }
        if let forward = property.forwardsTo { facts.append("sets `\(forward)`") }
        if let since = property.since { facts.append("iOS \(since)+") }
        if let deprecated = property.deprecated { facts.append("deprecated in iOS \(deprecated)") }
        lines.append(facts.joined(separator: "; "))
        if let note = property.note { lines.append(note) }
        switch property.type {
        case .enumeration: lines.append("cases: " + Self.cases(of: property, in: schema).map { "`\($0.word)`" }.joined(separator: ", "))
        case .options: lines.append("options: " + Self.cases(of: property, in: schema).map { "`\($0.word)`" }.joined(separator: ", "))
        default: break
        }
        if !through.isEmpty {
            // A key path: the property is the sub-object's, not the rule's class's.
            let path = (through.map(\.key) + [property.key]).joined(separator: ".")
            let objects = through.map { "`\($0.key)` (a `\($0.className)`)" }
            let listed = objects.count == 1 ? objects[0] : objects.dropLast().joined(separator: ", ") + " and " + objects.last!
            lines.append("sets the key path `\(path)` of `\(className)`, through its sub-object\(objects.count == 1 ? "" : "s") \(listed)")
        } else if declaredBy != className {
            lines.append("declared by `\(declaredBy)`, a superclass of `\(className)`")
        }
        return lines.joined(separator: "\n\n")
    }

    // MARK: Inlay hints

    /// The names of the positional arguments of the functions whose order
    /// surprises: `edge-insets` (left, top, right, bottom, unlike UIKit's
    /// `UIEdgeInsets(top:left:bottom:right:)`), `rect`, `point`, `size`.
    static let argumentNames: [String: [Int: [String]]] = [
        "edge-insets": [1: ["all"], 2: ["vertical", "horizontal"], 4: ["left", "top", "right", "bottom"]],
        "rect": [4: ["x", "y", "width", "height"]],
        "point": [2: ["x", "y"]],
        "size": [2: ["width", "height"]],
    ]

    func inlayHints(_ params: LSP.RangeParams) -> JSON {
        guard let target = target(params.textDocument) else { return [] }
        let index = target.index
        let wanted = target.text.range(params.range, encoding: encoding)
        let values = index.syntax.values
        var hints: [JSON] = []
        for id in 0..<ValueID(values.nodes.count) where values[id].kind == .call {
            let node = values[id]
            guard node.range.end >= wanted.start && node.range.start <= wanted.end,
                  let byCount = Self.argumentNames[index.text(index.syntax.callName(id))] else { continue }
            let arguments = Array(values.children(of: id))
            guard let names = byCount[arguments.count] else { continue }
            for (argument, name) in zip(arguments, names) {
                hints.append(["position": target.text.position(of: values[argument].range.start, encoding: encoding).json,
                              "label": .string(name + ":"), "kind": 2, "paddingRight": true])
            }
        }
        return .array(hints)
    }
}
