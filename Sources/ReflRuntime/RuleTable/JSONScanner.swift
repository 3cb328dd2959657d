
/// The tokens of strict JSON (RFC 8259) read from bytes: whitespace,
/// strings, numbers and literals, each checked as it is read. Shared by the
/// general parser (`JSONParser`, which builds a tree) and the rule table's
/// reader (`TableJSONReader`), so both accept exactly the same text and
/// read the same values from it.
struct JSONScanner {
    struct Failure: Error {
        let message: String
        let offset: Int
        /// The fault is in a value read whole (a number beyond a Double's
        /// range): the text after it can still be read.
        var isValueOutOfRange = false
    }

    let bytes: ByteView
    var position = 0

    /// A scanner at the start of `bytes`, past a UTF-8 byte order mark.
    init(_ bytes: ByteView) {
        self.bytes = bytes
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { position = 3 }
    }

    func failure(_ message: String) -> Failure { Failure(message: message, offset: position) }

    var atEnd: Bool { position >= bytes.count }

    /// The byte at the position (0 at the end, which no token starts with).
    @inline(__always)
    var current: UInt8 { position < bytes.count ? bytes[position] : 0 }

    @inline(__always)
    mutating func skipWhitespace() {
        // Most calls find no whitespace, or one space (`"key": value`):
        // settled on the first two bytes, without a call.
        guard position < bytes.count, Self.isWhitespace(bytes[position]) else { return }
        position += 1
        guard position < bytes.count, Self.isWhitespace(bytes[position]) else { return }
        position += 1
        skipWhitespaceRun()
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// The rest of a run of whitespace: a table as reflc writes it indents
    /// each member on a line of its own, so runs of spaces are long, and are
    /// skipped eight bytes at a time.
    private mutating func skipWhitespaceRun() {
        while position + 8 <= bytes.count {
            let other = Self.nonWhitespaceBytes(bytes.word(at: position))
            if other != 0 {
                position += other.trailingZeroBitCount / 8
                return
            }
            position += 8
        }
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// The high bit of each byte of `word` that is not JSON whitespace. A
    /// byte of `x` is 0 exactly where `~(((x & low7) + low7) | x | low7)`
    /// has its high bit set (no carry crosses bytes), and a byte equals `c`
    /// where `x ^ c` is 0.
    @inline(__always)
    static func nonWhitespaceBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low7 = ones &* 0x7F
        func zeroBytes(_ x: UInt64) -> UInt64 { ~(((x & low7) &+ low7) | x | low7) }
        let whitespace = zeroBytes(word ^ (ones &* 0x20)) | zeroBytes(word ^ (ones &* 0x0A))
            | zeroBytes(word ^ (ones &* 0x0D)) | zeroBytes(word ^ (ones &* 0x09))
        return ~whitespace & (ones &* 0x80)
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count, bytes.spells(word, in: position..<(position + count)) else {
            throw failure("expected a JSON value")
        }
        position += count
    }

    /// Whether the text at the position is exactly `text`; consumed if so.
    @inline(__always)
    mutating func eat(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        if count == 1 {
            // A punctuation mark, most calls: one byte compared.
            guard position < bytes.count, bytes[position] == ByteView.byte(of: text) else { return false }
            position += 1
            return true
        }
        guard position + count <= bytes.count, bytes.spells(text, in: position..<(position + count)) else { return false }
        position += count
        return true
    }

    // MARK: - Strings

    /// A string, the position at its opening quote.
    mutating func string() throws(Failure) -> String {
        position += 1
        // Most strings have no escapes and plain characters: take them whole.
        let start = position
        while position < bytes.count {
            skipPlainWords()
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return bytes.text(start..<position - 1)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            position += 1
        }
        var out = bytes.array(start..<position)
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
                case UInt8(ascii: "u"): out.append(contentsOf: String(try unicodeEscape()).utf8)
                default: throw failure("unknown escape in a JSON string")
                }
            case 0..<0x20:
                throw failure("control character in a JSON string")
            default:
                // A run of characters up to the next quote, escape or
                // control character, copied whole: a language server's
                // document arrives as one string of many escaped lines, and
                // appended a byte at a time it cost 26 instructions a byte.
                let runStart = position
                while position < bytes.count {
                    skipPlainWords()
                    guard position < bytes.count else { break }
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    if byte >= 0x80 {
                        guard let length = UTF8Scalar.length(in: bytes, at: position) else {
                            throw failure("invalid UTF-8 in a JSON string")
                        }
                        position += length
                    } else {
                        position += 1
                    }
                }
                bytes.append(runStart..<position, to: &out)
            }
        }
        throw failure("unterminated JSON string")
    }

    /// Moves past whole words of eight bytes that hold no quote, escape,
    /// control character or non-ASCII byte: those a string takes as they are.
    @inline(__always)
    private mutating func skipPlainWords() {
        while position + 8 <= bytes.count && Self.specialBytes(bytes.word(at: position)) == 0 { position += 8 }
    }

    /// A string's bytes when it has no escape and only ASCII (the position
    /// then past its closing quote); nil, the position unchanged, otherwise.
    /// For comparing keys and keywords without making a `String`.
    mutating func plainString() -> Range<Int>? {
        var index = position + 1
        // Eight bytes at a time: the first byte that ends or escapes a plain
        // string is found in a word at once.
        while index + 8 <= bytes.count {
            let special = JSONScanner.specialBytes(bytes.word(at: index))
            if special == 0 {
                index += 8
                continue
            }
            index += special.trailingZeroBitCount / 8
            guard bytes[index] == UInt8(ascii: "\"") else { return nil }
            defer { position = index + 1 }
            return (position + 1)..<index
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                defer { position = index + 1 }
                return (position + 1)..<index
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            index += 1
        }
        return nil
    }

    /// The high bit of each byte of `word` that ends or escapes a plain
    /// string (a quote, a backslash, a control character, a non-ASCII byte)
    /// set; exact up to the first such byte, which is what is used. A byte
    /// of `x` below `n` sets its high bit in `(x - n) & ~x & 0x80…`; a byte
    /// equal to `c` is a byte below 1 of `x ^ c`.
    @inline(__always)
    static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = ones &* 0x80
        func below(_ n: UInt64, _ x: UInt64) -> UInt64 { (x &- ones &* n) & ~x & highBits }
        return below(0x20, word) | below(1, word ^ (ones &* 0x22)) | below(1, word ^ (ones &* 0x5C)) | (word & highBits)
    }

    /// What an escaped surrogate without its pair (`"\\ud83d"`) reads as;
    /// nil: it is an error. JSON's grammar allows one, and an editor's
    /// text can hold one (a JavaScript string is UTF-16): the language
    /// server reads it as U+FFFD, one UTF-16 unit as it was.
    var unpairedSurrogateReplacement: Character?

    private mutating func unicodeEscape() throws(Failure) -> Character {
        let first = try hex4()
        if (0xD800..<0xDC00).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                if let unpairedSurrogateReplacement { return unpairedSurrogateReplacement }
                throw failure("unpaired surrogate in a JSON string")
            }
            position += 2
            let second = try hex4()
            guard (0xDC00..<0xE000).contains(second) else {
                if let unpairedSurrogateReplacement {
                    position -= 6  // the escape after it is read on its own
                    return unpairedSurrogateReplacement
                }
                throw failure("unpaired surrogate in a JSON string")
            }
            return Character(Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!)
        }
        guard let scalar = Unicode.Scalar(first) else {
            if let unpairedSurrogateReplacement { return unpairedSurrogateReplacement }
            throw failure("unpaired surrogate in a JSON string")
        }
        return Character(scalar)
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw failure("expected four hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("expected four hex digits after \\u")
            }
            value = value * 16 + UInt32(digit)
            position += 1
        }
        return value
    }

    // MARK: - Numbers

    /// A number, the position at its first character.
    mutating func number() throws(Failure) -> Double {
        let start = position
        if let value = shortDecimal() { return value }
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
        let text = bytes.text(start..<position)
        guard let value = Double(text) else { throw Failure(message: "invalid JSON number", offset: start) }
        if let problem = NumberRange.problem(value, writtenAs: text[...]) {
            // Shortened only for a message: every number of a table passes here.
            throw Failure(message: problem(text.count > 24 ? String(text.prefix(20)) + "…" : text), offset: start, isValueOutOfRange: true)
        }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    /// `-?digits[.digits]` with at most 15 significant digits and no
    /// exponent — what the rule table writer produces for nearly every
    /// number — converted exactly by one correctly rounded division. Nil
    /// (position unchanged) for anything else.
    private mutating func shortDecimal() -> Double? {
        var index = position
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        // The integer part and the fraction (each under eight digits, as a
        // table's numbers are) found and converted a word at a time: a
        // number cost 161 instructions digit by digit.
        guard index + 8 <= bytes.count else { return shortDecimalByDigits() }
        let whole = bytes.word(at: index)
        let wholeDigits = Self.leadingDigitCount(whole)
        guard wholeDigits > 0, wholeDigits < 8,
              // JSON forbids leading zeros ("012"): left to the strict path.
              wholeDigits == 1 || whole & 0xFF != UInt64(UInt8(ascii: "0")) else { return shortDecimalByDigits() }
        var end = index + wholeDigits
        var mantissa = Self.digitsValue(whole, count: wholeDigits)
        var fractionDigits = 0
        if bytes[end] == UInt8(ascii: ".") {
            guard end + 9 <= bytes.count else { return shortDecimalByDigits() }
            let fraction = bytes.word(at: end + 1)
            fractionDigits = Self.leadingDigitCount(fraction)
            guard fractionDigits > 0, fractionDigits < 8 else { return shortDecimalByDigits() }
            mantissa = mantissa &* Self.powerOfTen(fractionDigits) &+ Self.digitsValue(fraction, count: fractionDigits)
            end += 1 + fractionDigits
        }
        // An exponent follows: the strict path reads it. (`end` is inside
        // the words read, so short of the end of the bytes.)
        guard bytes[end] | 0x20 != UInt8(ascii: "e") else { return nil }
        position = end
        let value = Double(mantissa) / Double(Self.powerOfTen(fractionDigits))
        return negative ? -value : value
    }

    /// How many of the bytes of `word`, from its lowest, are ASCII digits
    /// before the first that is not (8: all of them). A byte is a digit
    /// exactly when its high half is 3 and adding 6 leaves it 3; a carry
    /// out of a byte comes only from one past `0xF9`, a non-digit, so every
    /// byte before the first non-digit is judged right.
    @inline(__always)
    static func leadingDigitCount(_ word: UInt64) -> Int {
        let highHalves: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
        let judged = (word & highHalves) | (((word &+ 0x0606_0606_0606_0606) & highHalves) >> 4)
        let mismatch = judged ^ 0x3333_3333_3333_3333
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let nonDigits = (((mismatch & low7) &+ low7) | mismatch) & 0x8080_8080_8080_8080
        return nonDigits.trailingZeroBitCount / 8
    }

    /// The value of the first `count` (1 to 7) bytes of `word`, ASCII
    /// digits, the lowest byte the most significant: moved to the top of
    /// the word behind zeros, then pairs, fours and eights of digits
    /// combined by three multiplications.
    @inline(__always)
    static func digitsValue(_ word: UInt64, count: Int) -> UInt64 {
        var value = (word &<< UInt64(8 * (8 - count))) & 0x0F0F_0F0F_0F0F_0F0F
        value = (value &* (10 << 8 + 1)) &>> 8
        value = ((value & 0x00FF_00FF_00FF_00FF) &* (100 << 16 + 1)) &>> 16
        return ((value & 0x0000_FFFF_0000_FFFF) &* (10_000 << 32 + 1)) &>> 32
    }

    /// 10 to the power `exponent` (0 to 15), exact. (A global table would
    /// be reached through a lazy initializer's check on every number.)
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        default: 1_000_000_000_000_000
        }
    }

    /// `shortDecimal` a digit at a time: for a number near the end of the
    /// bytes, or with eight digits or more in a part.
    private mutating func shortDecimalByDigits() -> Double? {
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
        let value = Double(mantissa) / Double(Self.powerOfTen(fractionDigits))
        return negative ? -value : value
    }
}

/// Whether a number read from its decimal text is beyond a Double.
package enum NumberRange {
    /// The message, given how to show the number, when `value` read from
    /// decimal `text` is beyond a Double: infinite, or zero from digits
    /// that are not all zeros. Design-token dimensions are read by it too.
    package static func problem(_ value: Double, writtenAs text: Substring) -> ((String) -> String)? {
        if !value.isFinite {
            return { "number out of range: \($0) is too large to represent (the largest is about 1.8e308)" }
        }
        if value == 0, text.prefix(while: { $0 != "e" && $0 != "E" }).contains(where: { ("1"..."9").contains($0) }) {
            return { "number out of range: \($0) is too small to represent (it is not zero, but rounds to zero)" }
        }
        return nil
    }
}
