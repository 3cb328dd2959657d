/// Writes JSON bytes straight into a buffer: the rule table's shape (SPEC.md
/// section 5) with every value in its typed form (section 3). Output is
/// deterministic: object keys in a fixed or sorted order, numbers in their
/// shortest round-trip form.
///
/// The writer can hand its buffer to a sink whenever it grows past
/// `flushThreshold`, so a large table is streamed to a file instead of held.
struct JSONWriter {
    private(set) var buffer: [UInt8] = []
    private let sink: ((inout [UInt8]) -> Void)?
    private let flushThreshold = 1 << 20

    /// A writer that keeps everything in `buffer`.
    init() {
        sink = nil
        buffer.reserveCapacity(1 << 12)
    }

    /// A writer that passes full chunks to `sink` (which empties the buffer).
    init(sink: @escaping (inout [UInt8]) -> Void) {
        self.sink = sink
        buffer.reserveCapacity(flushThreshold + (1 << 12))
    }

    /// Passes what is buffered to the sink (at the end, and when it is full).
    mutating func flush() {
        guard let sink, !buffer.isEmpty else { return }
        sink(&buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    mutating func flushIfFull() {
        if buffer.count >= flushThreshold { flush() }
    }

    // MARK: - Primitives

    mutating func raw(_ text: StaticString) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func string(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                let digits: StaticString = "0123456789abcdef"
                buffer.append(digits.utf8Start[Int(byte >> 4)])
                buffer.append(digits.utf8Start[Int(byte & 15)])
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func number(_ value: Double) {
        buffer.append(contentsOf: JSONNumber.format(value).utf8)
    }

    mutating func integer(_ value: Int) {
        buffer.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// `"key":` — the key followed by a colon.
    mutating func key(_ name: StaticString) {
        buffer.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    mutating func indent(_ depth: Int) {
        buffer.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { raw("  ") }
    }
}

/// Number formatting shared by JSON and messages: integers without a
/// fraction (`10`, not `10.0`), others in shortest round-trip form.
enum JSONNumber {
    static func format(_ value: Double) -> String {
        if value == value.rounded(.towardZero) && abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }
}
