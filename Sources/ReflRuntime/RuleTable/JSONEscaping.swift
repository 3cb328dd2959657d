/// The one JSON string escaper of the project (rule tables, diagnostics as
/// JSON, the language server's messages): `"` and `\` escaped, line breaks
/// and tabs by name, other control characters as `\u00XX`; every other byte,
/// UTF-8 sequences included, as it is.
package enum JSONEscaping {
    /// The lowercase hexadecimal digit of `value` (0 to 15).
    @inline(__always)
    package static func hexDigit(_ value: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: value < 10 ? 0x30 + value : 0x57 + value)
    }

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
            emit(hexDigit(Int(byte >> 4)))
            emit(hexDigit(Int(byte & 15)))
        }
    }

    /// Appends `text` as a JSON string, quotes included.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let bytes = text.utf8
        // Most strings have nothing to escape: looked over in one pass and
        // copied whole (stepping through a string by index costs a check of
        // its form per byte: a language server's outline of a 1 MB file spent
        // 88M instructions quoting its names that way).
        if !bytes.contains(where: needsEscape) {
            out.appendUTF8(text)
        } else {
            appendEscaped(Array(bytes), to: &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    /// `bytes` escaped, each run between two escapes copied whole: a text
    /// of many lines (a formatting answer holds a whole file) appended a
    /// byte at a time cost about 30 instructions a byte.
    private static func appendEscaped(_ bytes: [UInt8], to out: inout [UInt8]) {
        // No room reserved: reserving grows an array to exactly the size
        // asked, and a message of many escaped strings would be copied
        // whole for each of them; appending grows it by doubling.
        var runStart = 0
        for index in bytes.indices where needsEscape(bytes[index]) {
            out.append(contentsOf: bytes[runStart..<index])
            escape(bytes[index]) { out.append($0) }
            runStart = index + 1
        }
        out.append(contentsOf: bytes[runStart...])
    }

    /// `text` as a JSON string, quotes included.
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
