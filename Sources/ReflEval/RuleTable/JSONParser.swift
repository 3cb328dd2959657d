import ReflLexer

/// A parsed JSON value with the byte offset where it starts, so a
/// malformed rule table can be reported at the offending spot.
struct JSONNode {
    enum Kind {
        /// Members in document order; objects are small, so a scan beats hashing.
        case object([(key: String, value: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null
    }

    let kind: Kind
    let offset: Int
}

/// A strict JSON parser (RFC 8259) over bytes. Nesting is limited so a
/// hostile file cannot exhaust the stack.
struct JSONParser {
    struct Failure: Error {
        let message: String
        let offset: Int
    }

    static let maximumDepth = 1_000

    private let bytes: [UInt8]
    private var position = 0
    private var depth = 0

    static func parse(_ bytes: [UInt8]) -> Result<JSONNode, Failure> {
        var parser = JSONParser(bytes: bytes)
        do throws(Failure) {
            parser.skipWhitespace()
            let node = try parser.parseValue()
            parser.skipWhitespace()
            if parser.position < bytes.count { throw parser.failure("unexpected text after the JSON value") }
            return .success(node)
        } catch {
            return .failure(error)
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    }

    private func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func parseValue() throws(Failure) -> JSONNode {
        guard position < bytes.count else { throw failure("expected a JSON value, found end of file") }
        let start = position
        switch bytes[position] {
        case UInt8(ascii: "{"): return JSONNode(kind: try parseObject(), offset: start)
        case UInt8(ascii: "["): return JSONNode(kind: try parseArray(), offset: start)
        case UInt8(ascii: "\""): return JSONNode(kind: .string(try parseString()), offset: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(kind: .bool(true), offset: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(kind: .bool(false), offset: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(kind: .null, offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(kind: .number(try parseNumber()), offset: start)
        default: throw failure("expected a JSON value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
              (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] }) else { throw failure("expected a JSON value") }
        position += count
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw failure("JSON nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func parseObject() throws(Failure) -> JSONNode.Kind {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(key: String, value: JSONNode)] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        // Objects are small (a scan finds a repeated key) except variables
        // and properties, which get a set once they grow.
        var seen: Set<String>?
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a quoted key") }
            let keyStart = position
            let key = try parseString()
            if members.count == 16 { seen = Set(members.map(\.key)) }
            let isRepeated: Bool
            if seen != nil { isRepeated = !seen!.insert(key).inserted } else { isRepeated = members.contains { $0.key == key } }
            if isRepeated { throw Failure(message: "the key \"\(key)\" appears twice in one object", offset: keyStart) }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':' after a key") }
            position += 1
            skipWhitespace()
            members.append((key, try parseValue()))
            skipWhitespace()
            guard position < bytes.count else { throw failure("expected ',' or '}', found end of file") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            throw failure("expected ',' or '}'")
        }
    }

    private mutating func parseArray() throws(Failure) -> JSONNode.Kind {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try parseValue())
            skipWhitespace()
            guard position < bytes.count else { throw failure("expected ',' or ']', found end of file") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            throw failure("expected ',' or ']'")
        }
    }

    private mutating func parseString() throws(Failure) -> String {
        position += 1
        // Most strings have no escapes and plain characters: take them whole.
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return String(decoding: bytes[start..<position - 1], as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position += 1
        }
        var out = Array(bytes[start..<position])
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): out.append(contentsOf: String(try parseUnicodeEscape()).utf8)
                default: throw failure("unknown escape in a JSON string")
                }
            case 0..<0x20:
                throw failure("control character in a JSON string")
            default:
                if byte >= 0x80 {
                    guard let length = UTF8Scalar.length(in: bytes, at: position) else { throw failure("invalid UTF-8 in a JSON string") }
                    out.append(contentsOf: bytes[position..<position + length])
                    position += length
                } else {
                    out.append(byte)
                    position += 1
                }
            }
        }
        throw failure("unterminated JSON string")
    }

    /// `\uXXXX`, with surrogate pairs joined.
    private mutating func parseUnicodeEscape() throws(Failure) -> Character {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw failure("unpaired surrogate in a JSON string") }
            position += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else { throw failure("unpaired surrogate in a JSON string") }
            return Character(Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!)
        }
        guard let scalar = Unicode.Scalar(first) else { throw failure("unpaired surrogate in a JSON string") }
        return Character(scalar)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = UInt32(String(UnicodeScalar(bytes[position])), radix: 16) else {
                throw failure("expected four hex digits after \\u")
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, exactly as
    /// RFC 8259 has it: `017`, `17.`, `.5` and `+1` are errors.
    private mutating func parseNumber() throws(Failure) -> Double {
        let start = position
        if let value = parseShortDecimal() { return value }
        position = start
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure("expected digits in a JSON number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw failure("a JSON number cannot have a leading zero") }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("expected digits after '.' in a JSON number") }
            skipDigits()
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("expected digits in a JSON number's exponent") }
            skipDigits()
        }
        guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else {
            throw Failure(message: "invalid JSON number", offset: start)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }
}

extension JSONParser {
    /// `-?digits[.digits]` with at most 15 significant digits and no
    /// exponent — what the rule table writer produces for nearly every
    /// number — converted exactly by one correctly rounded division. Nil
    /// (position unchanged) for anything else.
    fileprivate mutating func parseShortDecimal() -> Double? {
        let start = position
        var index = position
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var inFraction = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                if inFraction { fractionDigits += 1 }
                if digits > 15 { return nil }
            } else if byte == UInt8(ascii: ".") && !inFraction && digits > 0 {
                inFraction = true
            } else {
                break
            }
            index += 1
        }
        guard digits > 0, index < bytes.count ? bytes[index] | 0x20 != UInt8(ascii: "e") : true,
              !(inFraction && fractionDigits == 0) else { return nil }
        // JSON forbids leading zeros ("012"); leave those to the strict path.
        let first = negative ? start + 1 : start
        if bytes[first] == UInt8(ascii: "0") && first + 1 < index && bytes[first + 1] != UInt8(ascii: ".") {
            return nil
        }
        position = index
        let value = Double(mantissa) / Self.powersOfTen[fractionDigits]
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...15).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }
}
