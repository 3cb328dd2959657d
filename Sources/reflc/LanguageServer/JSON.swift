/// A JSON value, as the language server's messages carry them.
///
/// Parsing is strict RFC 8259 with a nesting limit (a hostile message is an
/// error, never a stack overflow); writing sorts object keys, so the same
/// value always gives the same bytes.
enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var int: Int? {
        if case .number(let value) = self, value == value.rounded(), abs(value) < 1e15 { return Int(value) }
        return nil
    }

    var double: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var array: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    // MARK: Writing

    var bytes: [UInt8] {
        var out: [UInt8] = []
        write(to: &out)
        return out
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let value): out += Array((value ? "true" : "false").utf8)
        case .number(let value):
            if value == value.rounded() && abs(value) < 1e15 {
                out += Array(String(Int(value)).utf8)
            } else if value.isFinite {
                out += Array(String(value).utf8)
            } else {
                out += Array("null".utf8)
            }
        case .string(let text): Self.writeString(text, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                members[key]!.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ text: String, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0..<0x20: out += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    // MARK: Parsing

    /// Why a message is not JSON.
    struct ParseError: Error {
        let message: String
    }

    /// How deeply arrays and objects may nest in a message.
    static let maximumNesting = 512

    static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSON {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.position == bytes.count else { throw reader.error("unexpected text after the value") }
        return value
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        func error(_ text: String) -> ParseError { ParseError(message: "\(text) at byte \(position)") }

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < JSON.maximumNesting else { throw error("nesting deeper than \(JSON.maximumNesting)") }
            guard position < bytes.count else { throw error("unexpected end") }
            switch bytes[position] {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func literal(_ word: String, _ value: JSON) throws(ParseError) -> JSON {
            let word = Array(word.utf8)
            guard bytes.count - position >= word.count, Array(bytes[position..<position + word.count]) == word else {
                throw error("unexpected character")
            }
            position += word.count
            return value
        }

        mutating func object(depth: Int) throws(ParseError) -> JSON {
            position += 1
            var members: [String: JSON] = [:]
            skipSpace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw error("expected a key") }
                let key = try string()
                skipSpace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw error("expected ':'") }
                position += 1
                skipSpace()
                members[key] = try value(depth: depth + 1)
                skipSpace()
                guard position < bytes.count else { throw error("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "}") else { throw error("expected ',' or '}'") }
                position += 1
                return .object(members)
            }
        }

        mutating func array(depth: Int) throws(ParseError) -> JSON {
            position += 1
            var items: [JSON] = []
            skipSpace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                guard position < bytes.count else { throw error("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                guard bytes[position] == UInt8(ascii: "]") else { throw error("expected ',' or ']'") }
                position += 1
                return .array(items)
            }
        }

        mutating func string() throws(ParseError) -> String {
            position += 1
            var out: [UInt8] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""):
                    guard let text = String(validating: out, as: UTF8.self) else { throw error("invalid UTF-8 in a string") }
                    return text
                case UInt8(ascii: "\\"):
                    guard position < bytes.count else { throw error("unexpected end") }
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                    case UInt8(ascii: "b"): out.append(8)
                    case UInt8(ascii: "f"): out.append(12)
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "r"): out.append(13)
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "u"):
                        var scalar = try hexQuad()
                        if (0xD800..<0xDC00).contains(scalar), bytes.count - position >= 6,
                           bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                            position += 2
                            let low = try hexQuad()
                            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        out += Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8)
                    default: throw error("invalid escape")
                    }
                case 0..<0x20: throw error("control character in a string")
                default: out.append(byte)
                }
            }
            throw error("unterminated string")
        }

        mutating func hexQuad() throws(ParseError) -> UInt32 {
            guard bytes.count - position >= 4 else { throw error("invalid \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[position]
                position += 1
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("invalid \\u escape")
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }

        mutating func number() throws(ParseError) -> JSON {
            let start = position
            if position < bytes.count && bytes[position] == UInt8(ascii: "-") { position += 1 }
            func digits() -> Int {
                let from = position
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
                return position - from
            }
            let integerStart = position
            let integerDigits = digits()
            guard integerDigits > 0 else { throw error("unexpected character") }
            guard !(integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) else { throw error("leading zero in a number") }
            if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { throw error("expected digits after '.'") }
            }
            if position < bytes.count && (bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")) {
                position += 1
                if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
            guard let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)) else { throw error("invalid number") }
            return .number(value)
        }
    }
}
