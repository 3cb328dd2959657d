/// The one JSON string escaper of the project (rule tables, diagnostics as
/// JSON, the language server's messages): `"` and `\` escaped, line breaks
/// and tabs by name, other control characters as `\u00XX`; every other byte,
/// UTF-8 sequences included, as it is.
package enum JSONEscaping {
    private static let hexDigits: StaticString = "0123456789abcdef"

    /// Whether `byte` must be escaped in a JSON string.
    @inline(__always)
    package static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Gives `emit` the bytes that stand for `byte` inside a JSON string.
    @inline(__always)
    package static func escape(_ byte: UInt8, _ emit: (UInt8) -> Void) {
        guard needsEscape(byte) else { return emit(byte) }
        emit(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): emit(byte)
        case UInt8(ascii: "\n"): emit(UInt8(ascii: "n"))
        case UInt8(ascii: "\r"): emit(UInt8(ascii: "r"))
        case UInt8(ascii: "\t"): emit(UInt8(ascii: "t"))
        default:
            for digit in "u00".utf8 { emit(digit) }
            emit(hexDigits.utf8Start[Int(byte >> 4)])
            emit(hexDigits.utf8Start[Int(byte & 15)])
        }
    }

    /// Appends `text` as a JSON string, quotes included.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if text.utf8.contains(where: needsEscape) {
            for byte in text.utf8 { escape(byte) { out.append($0) } }
        } else {
            out.append(contentsOf: text.utf8)  // most strings: copied whole
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `text` as a JSON string, quotes included.
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
