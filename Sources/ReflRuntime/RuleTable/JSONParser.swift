
/// A parsed JSON value with the byte offset where it starts, so a
/// malformed rule table can be reported at the offending spot. Public for
/// the other readers of JSON reflc has (the language server's messages),
/// so that all of them accept exactly the same text.
public struct JSONNode: Sendable {
    public enum Kind: Sendable {
        /// Members in document order; objects are small, so a scan beats hashing.
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    public let kind: Kind
    public let offset: Int

    /// Why bytes are not JSON: a message, and the byte offset it is about.
    public struct SyntaxError: Error, Sendable {
        public let message: String
        public let offset: Int
    }

    /// Parses strict JSON (RFC 8259: no duplicate keys, nesting at most
    /// `JSONParser.maximumDepth` levels).
    public static func parse(_ bytes: [UInt8]) -> Result<JSONNode, SyntaxError> {
        JSONParser.parse(bytes).mapError { SyntaxError(message: $0.message, offset: $0.offset) }
    }

    /// `parse`, reading an escaped surrogate without its pair as U+FFFD
    /// rather than refusing the text (for the language server: see
    /// `JSONScanner.unpairedSurrogateReplacement`).
    public static func parseReplacingUnpairedSurrogates(_ bytes: [UInt8]) -> Result<JSONNode, SyntaxError> {
        JSONParser.parse(bytes, readingOn: false, unpairedSurrogateReplacement: "\u{FFFD}").node
            .mapError { SyntaxError(message: $0.message, offset: $0.offset) }
    }

    /// Parses as `parse` does, but reads on past the two faults that leave
    /// the rest of the text well formed, each kept in `problems` at its
    /// place: a number beyond a Double's range (read as `null`), and a key
    /// given twice in one object (its first value kept). For a file whose
    /// every part is reported on its own (design tokens), so that one such
    /// fault does not hide the rest of it.
    public static func parseReadingOn(_ bytes: [UInt8]) -> (node: Result<JSONNode, SyntaxError>, problems: [SyntaxError]) {
        let (node, problems) = JSONParser.parse(bytes, readingOn: true)
        return (node.mapError { SyntaxError(message: $0.message, offset: $0.offset) },
                problems.map { SyntaxError(message: $0.message, offset: $0.offset) })
    }
}

/// A strict JSON parser (RFC 8259) over bytes, building a tree of nodes
/// (the tokens are `JSONScanner`'s). Nesting is limited so a hostile file
/// cannot exhaust the stack.
struct JSONParser {
    typealias Failure = JSONScanner.Failure

    static let maximumDepth = 1_000

    private var scanner: JSONScanner
    private var depth = 0
    /// Where the faults read past are kept (see `JSONNode.parseReadingOn`); nil: none is read past.
    private var problems: [Failure]?

    static func parse(_ bytes: [UInt8]) -> Result<JSONNode, Failure> {
        parse(bytes, readingOn: false).node
    }

    /// The value of `bytes`, and, `readingOn`, the faults read past (see
    /// `JSONNode.parseReadingOn`).
    fileprivate static func parse(_ bytes: [UInt8], readingOn: Bool, unpairedSurrogateReplacement: Character? = nil)
        -> (node: Result<JSONNode, Failure>, problems: [Failure]) {
        ByteView.reading(bytes) { bytes in
            var parser = JSONParser(scanner: JSONScanner(bytes), problems: readingOn ? [] : nil)
            parser.scanner.unpairedSurrogateReplacement = unpairedSurrogateReplacement
            do throws(Failure) {
                parser.scanner.skipWhitespace()
                let node = try parser.parseValue()
                parser.scanner.skipWhitespace()
                if !parser.scanner.atEnd { throw parser.scanner.failure("unexpected text after the JSON value") }
                return (.success(node), parser.problems ?? [])
            } catch {
                return (.failure(error), parser.problems ?? [])
            }
        }
    }

    private func failure(_ message: String) -> Failure { scanner.failure(message) }

    private mutating func parseValue() throws(Failure) -> JSONNode {
        guard !scanner.atEnd else { throw failure("expected a JSON value, found end of file") }
        let start = scanner.position
        switch scanner.current {
        case UInt8(ascii: "{"): return JSONNode(kind: try parseObject(), offset: start)
        case UInt8(ascii: "["): return JSONNode(kind: try parseArray(), offset: start)
        case UInt8(ascii: "\""): return JSONNode(kind: .string(try scanner.string()), offset: start)
        case UInt8(ascii: "t"): try scanner.literal("true"); return JSONNode(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"): try scanner.literal("false"); return JSONNode(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"): try scanner.literal("null"); return JSONNode(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            do throws(Failure) {
                return JSONNode(kind: .number(try scanner.number()), offset: start)
            } catch where error.isValueOutOfRange && problems != nil {
                problems!.append(error)
                return JSONNode(kind: .null, offset: start)
            }
        default: throw failure("expected a JSON value")
        }
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("JSON nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func parseObject() throws(Failure) -> JSONNode.Kind {
        try enter()
        defer { depth -= 1 }
        scanner.position += 1
        var members: [(key: String, value: JSONNode)] = []
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "}") {
            scanner.position += 1
            return .object(members)
        }
        // Objects are small (a scan finds a repeated key) except variables
        // and properties, which get a set once they grow. Keys are compared
        // by their code points (RFC 8259), not as Swift compares strings (by
        // canonical equivalence): "e\u0301" and "\u00e9" are two keys.
        var seen: Set<CodePointKey>?
        while true {
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let keyStart = scanner.position
            let key = try scanner.string()
            if members.count == 16 { seen = Set(members.map { CodePointKey(text: $0.key) }) }
            let isRepeated: Bool
            if seen != nil {
                isRepeated = !seen!.insert(CodePointKey(text: key)).inserted
            } else {
                isRepeated = members.contains { $0.key.utf8.elementsEqual(key.utf8) }
            }
            if isRepeated {
                let repeated = Failure(message: "the key \"\(key)\" appears twice in one object", offset: keyStart)
                guard problems != nil else { throw repeated }
                problems!.append(repeated)
            }
            scanner.skipWhitespace()
            guard scanner.current == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            scanner.position += 1
            scanner.skipWhitespace()
            let value = try parseValue()
            if !isRepeated { members.append((key, value)) }
            scanner.skipWhitespace()
            guard !scanner.atEnd else { throw failure("expected ',' or '}', found end of file") }
            if scanner.current == UInt8(ascii: ",") { scanner.position += 1; continue }
            if scanner.current == UInt8(ascii: "}") { scanner.position += 1; return .object(members) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONNode.Kind {
        try enter()
        defer { depth -= 1 }
        scanner.position += 1
        var items: [JSONNode] = []
        scanner.skipWhitespace()
        if scanner.current == UInt8(ascii: "]") {
            scanner.position += 1
            return .array(items)
        }
        while true {
            scanner.skipWhitespace()
            items.append(try parseValue())
            scanner.skipWhitespace()
            guard !scanner.atEnd else { throw failure("expected ',' or ']', found end of file") }
            if scanner.current == UInt8(ascii: ",") { scanner.position += 1; continue }
            if scanner.current == UInt8(ascii: "]") { scanner.position += 1; return .array(items) }
            throw failure("expected ',' or ']'")
        }
    }
}

/// A key (or a design token's name) compared and hashed by its UTF-8
/// bytes, as JSON compares keys: two strings Swift calls equal (canonically
/// equivalent) are two keys when their code points differ.
package struct CodePointKey: Hashable {
    package let text: String

    package init(text: String) {
        self.text = text
    }

    package static func == (left: CodePointKey, right: CodePointKey) -> Bool {
        left.text.utf8.elementsEqual(right.text.utf8)
    }

    package func hash(into hasher: inout Hasher) {
        for byte in text.utf8 { hasher.combine(byte) }
    }
}
