import ReflEval

/// A JSON value, as the language server's messages carry them.
///
/// Parsing is the library's strict RFC 8259 reader, with its nesting limit
/// (a hostile message is an error, never a stack overflow); writing sorts
/// object keys, so the same value always gives the same bytes. Literals
/// make one: `["line": 3, "character": 25]`.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])
    /// JSON text already written: a large answer, written straight to its
    /// bytes rather than built as values first.
    case encoded([UInt8])

    /// The member `key` of an object; nil for a missing member or another kind of value.
    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The item at `index` of an array; nil past its end or for another kind of value.
    public subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number that is a whole number of at most 15 digits (beyond, a
    /// double no longer holds every integer).
    public var int: Int? {
        if case .number(let value) = self, value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        return nil
    }

    public var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var array: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    public var object: [String: JSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    // MARK: Writing

    /// The JSON text.
    public var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    /// The text in pieces, each `.encoded` text a piece of its own: sent
    /// one after the other, a large answer is not copied into the message.
    var pieces: [[UInt8]] {
        var pieces: [[UInt8]]? = []
        var out: [UInt8] = []
        write(to: &out, pieces: &pieces)
        return pieces! + [out]
    }

    public func write(to out: inout [UInt8]) {
        var pieces: [[UInt8]]?
        write(to: &out, pieces: &pieces)
    }

    /// Writes the text to `out`; with `pieces`, an `.encoded` text is
    /// added there (after `out`, which starts again) instead of copied.
    private func write(to out: inout [UInt8], pieces: inout [[UInt8]]?) {
        switch self {
        case .encoded(let text):
            if pieces != nil {
                pieces!.append(out)
                pieces!.append(text)
                out = []
            } else {
                out.append(contentsOf: text)
            }
        case .null: out.appendUTF8("null")
        case .bool(let value): out.appendUTF8(value ? "true" : "false")
        case .number(let value):
            if value == value.rounded() && abs(value) < 0x1p63 {
                out.appendUTF8(String(Int(value)))
            } else if value.isFinite {
                out.appendUTF8(String(value))
            } else {
                out.appendUTF8("null")
            }
        case .string(let text): Self.writeString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out, pieces: &pieces)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                member.value.write(to: &out, pieces: &pieces)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Writes `text` as a JSON string, quoted and escaped.
    static func writeString(_ text: String, to out: inout [UInt8]) {
        JSONEscaping.appendQuoted(text, to: &out)
    }

    // MARK: Parsing

    /// Why a message is not JSON.
    public struct ParseError: Error {
        public let message: String
    }

    /// Parses strict JSON with the library's reader (the one rule tables
    /// are read with), but for an escaped surrogate without its pair, read
    /// as U+FFFD: an editor's text may hold one.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        switch JSONNode.parseReplacingUnpairedSurrogates(bytes) {
        case .failure(let error): throw ParseError(message: "\(error.message) at byte \(error.offset)")
        case .success(let node): return JSON(node)
        }
    }

    private init(_ node: JSONNode) {
        switch node.kind {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .number(let value): self = .number(value)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSON.init))
        case .object(let members):
            self = .object(Dictionary(members.map { ($0.key, JSON($0.value)) }, uniquingKeysWith: { first, _ in first }))
        }
    }
}

extension JSON: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
                ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral items: JSON...) { self = .array(items) }
    public init(dictionaryLiteral members: (String, JSON)...) {
        self = .object(Dictionary(members, uniquingKeysWith: { _, last in last }))
    }
}

extension JSON: CustomStringConvertible {
    /// The JSON text.
    public var description: String { String(decoding: bytes, as: UTF8.self) }
}
