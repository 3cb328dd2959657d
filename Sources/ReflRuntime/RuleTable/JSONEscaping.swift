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
        var text = text
        text.withUTF8 { bytes in
            // The runs between bytes to escape are copied whole (most strings: one run).
            var runStart = 0
            for index in 0..<bytes.count where needsEscape(bytes[index]) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                escape(bytes[index]) { out.append($0) }
                runStart = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `value` in decimal digits, as JSON writes an integer.
    package static func appendInteger(_ value: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            out.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// `text` as a JSON string, quotes included.
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
