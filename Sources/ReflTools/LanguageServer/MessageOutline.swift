import ReflEval

/// What a first pass over a message's bytes tells, before it is parsed:
/// how many JSON values it holds, and its `id` and `method`.
///
/// A parsed value takes tens of bytes where its text may take two (`0,`),
/// so a message well under the size limit could still take gigabytes once
/// parsed: the count is checked first, and a message over the limit is
/// refused, answered by its `id`, before anything is built.
struct MessageOutline {
    /// The number of values: one, plus one for each `[`, `{` and `,`
    /// outside strings (exact, but for an empty array or object, counted once more).
    private(set) var valueCount = 1
    /// The top-level `id` member, parsed when short.
    private(set) var id: JSON?
    /// The top-level `method` member, when a short string.
    private(set) var method: String?

    /// The longest `id` or `method` value read: a real one is a few bytes.
    private static let maximumMemberLength = 1024

    init(_ message: [UInt8]) {
        scan(message)
    }

    private mutating func scan(_ bytes: [UInt8]) {
        var depth = 0
        var isObject = false
        var expectsKey = false
        var key: Range<Int>?
        var valueStart = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let start = index
                index = Self.closingQuote(in: bytes, after: start)
                if depth == 1 && isObject && expectsKey {
                    key = start..<min(index + 1, bytes.count)
                    expectsKey = false
                }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                valueCount += 1
                depth += 1
                if depth == 1 {
                    isObject = bytes[index] == UInt8(ascii: "{")
                    expectsKey = true
                }
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 1 { finishMember(key, value: valueStart..<index, in: bytes) }
                depth -= 1
            case UInt8(ascii: ","):
                valueCount += 1
                if depth == 1 {
                    finishMember(key, value: valueStart..<index, in: bytes)
                    key = nil
                    expectsKey = true
                }
            case UInt8(ascii: ":"):
                if depth == 1 { valueStart = index + 1 }
            default: break
            }
            index += 1
        }
    }

    /// The index of the quote that closes the string opened at `start`
    /// (the end of the bytes, or one past it, when none does). A document's
    /// text is one long string: it is crossed eight bytes at a time while
    /// no byte of a word needs a JSON escape, the JSON writer's test (a
    /// byte at a time, a 1 MB document took 11M instructions). Of those
    /// bytes only a quote or a backslash matters here; the others are
    /// stepped over one at a time.
    private static func closingQuote(in bytes: [UInt8], after start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            if index + 8 <= bytes.count && !JSONWriter.needsEscape(bytes.word(at: index)) {
                index += 8
                continue
            }
            if bytes[index] == UInt8(ascii: "\"") { return index }
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return index
    }

    private mutating func finishMember(_ key: Range<Int>?, value: Range<Int>, in bytes: [UInt8]) {
        guard let key, value.count <= Self.maximumMemberLength, value.lowerBound > key.upperBound else { return }
        let name = bytes[key]
        if name.elementsEqual("\"id\"".utf8) {
            id = try? JSON.parse(Array(bytes[value]))
        } else if name.elementsEqual("\"method\"".utf8) {
            method = (try? JSON.parse(Array(bytes[value])))?.string
        }
    }
}
