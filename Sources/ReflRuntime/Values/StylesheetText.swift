/// The pieces of stylesheet text every writer of values shares: numbers,
/// string literals, degrees, and the words of Swift names. What they write
/// is what the lexer and the compiler read back.
package enum StylesheetText {
    /// A number as a stylesheet writes it: in full, without an exponent, in
    /// the fewest digits that read back as the same Double (Swift's
    /// `description` gives those digits), so the lexer reads back exactly
    /// `value`: `0.0000001`, `123456789012345680000000000000`. A number the
    /// language cannot hold is written all the same, and the compiler
    /// reports it as it reports the same number in a stylesheet (an infinity
    /// as a number too large, a subnormal as one too small).
    package static func number(_ value: Double) -> String {
        guard !value.isNaN else { return "0" }
        guard value.isFinite else { return (value < 0 ? "-1" : "1") + String(repeating: "0", count: 309) }
        guard value != 0 else { return "0" }
        var text = Substring(value.magnitude.description)
        var exponent = 0
        if let mark = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: mark)...]) ?? 0
            text = text[..<mark]
        }
        let dot = text.firstIndex(of: ".")
        var digits = dot.map { text[..<$0] + text[text.index(after: $0)...] } ?? text
        // The decimal point falls after `point` digits.
        var point = (dot.map { text.distance(from: text.startIndex, to: $0) } ?? text.count) + exponent
        while digits.first == "0" && digits.count > 1 { digits.removeFirst(); point -= 1 }
        while digits.last == "0" && digits.count > max(point, 1) { digits.removeLast() }
        var result = value < 0 ? "-" : ""
        if point <= 0 {
            result += "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            result += digits + String(repeating: "0", count: point - digits.count)
        } else {
            result += digits.prefix(point) + "." + digits.dropFirst(point)
        }
        return result
    }

    /// `value` to at most 3 decimals, without trailing zeros (`0.5`, `107`),
    /// for a number people read rather than the compiler (a color's
    /// channels on hover, an alpha the editor offers).
    package static func roundedNumber(_ value: Double) -> String {
        number((value * 1000).rounded() / 1000)
    }

    /// The shortest number near `value` (`value` rounded to the fewest
    /// decimals, up to 17) that `readsBack` accepts, as `number` writes it;
    /// nil when no rounding does. For a value the compiler stores after a
    /// computation (a channel divided by 255, degrees turned into radians):
    /// `107` rather than `107.00055` for a channel of 0.41961.
    package static func shortestNumber(near value: Double, readsBack: (Double) -> Bool) -> String? {
        guard value.isFinite else { return nil }
        var scale = 1.0
        for _ in 0...17 {
            let rounded = (value * scale).rounded() / scale
            if rounded.isFinite && readsBack(rounded) { return number(rounded) }
            scale *= 10
        }
        return readsBack(value) ? number(value) : nil
    }

    /// A string literal of `text`, in single quotes, with the language's
    /// escapes (`\'`, `\\`, `\n`). A carriage return has no escape and ends
    /// a string where it stands: it is written `\r`, which says what the
    /// text holds and which the lexer rejects as an unknown escape rather
    /// than reading another string.
    package static func string(_ text: String) -> String {
        var result = "'"
        for character in text.unicodeScalars {
            switch character {
            case "'": result += "\\'"
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(character)
            }
        }
        return result + "'"
    }

    /// `degrees` in radians, as the compiler stores an angle written in `deg`.
    @inline(__always)
    package static func radians(degrees: Double) -> Double {
        degrees * Double.pi / 180
    }

    /// A Swift name as a stylesheet word: `isUserInteractionEnabled` →
    /// `is-user-interaction-enabled` (UIKit's cases are the kebab-case of
    /// their Swift names).
    package static func kebabCase(_ name: String) -> String {
        // ASCII, as Swift names nearly always are, by bytes: `Character`'s
        // `isUppercase` looks up Unicode's properties, some 700 instructions
        // a letter.
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(name.utf8.count + 4)
            bytes.append(contentsOf: ASCIIKebabBytes(name))
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        for character in name {
            if character.isUppercase {
                if !out.isEmpty { out.append("-") }
                out.append(Character(character.lowercased()))
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// Whether `kebabCase(name) == text`, answered without building the
    /// kebab-case string when both are ASCII: an unknown key is compared
    /// with the Swift name of every property of its class, and building
    /// each name (`Character.isUppercase` looks up Unicode properties) made
    /// stylesheets of many distinct unknown keys build 100 times slower per
    /// byte. Other text goes through `kebabCase`, whose `==` is Unicode's
    /// (U+212A KELVIN SIGN equals `K`).
    package static func kebabCase(_ name: String, equals text: String) -> Bool {
        guard name.utf8.allSatisfy({ $0 < 0x80 }), text.utf8.allSatisfy({ $0 < 0x80 }) else {
            return kebabCase(name) == text
        }
        return ASCIIKebabBytes(name).elementsEqual(text.utf8)
    }

    /// The bytes of an ASCII name's kebab case, made as they are read: an
    /// uppercase letter becomes a `-` (unless it is first) and the letter in
    /// lowercase.
    private struct ASCIIKebabBytes: Sequence, IteratorProtocol {
        private var name: String.UTF8View.Iterator
        /// The lowercase letter that follows the `-` just given.
        private var pending: UInt8?
        private var gaveAny = false

        init(_ name: String) { self.name = name.utf8.makeIterator() }

        mutating func next() -> UInt8? {
            if let letter = pending {
                pending = nil
                return letter
            }
            guard let byte = name.next() else { return nil }
            defer { gaveAny = true }
            guard byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") else { return byte }
            let lower = byte + (UInt8(ascii: "a") - UInt8(ascii: "A"))
            guard gaveAny else { return lower }
            pending = lower
            return UInt8(ascii: "-")
        }
    }
}
