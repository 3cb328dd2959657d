/// Writes JSON bytes straight into a buffer: the rule table's shape, with
/// every value in its typed form (Docs/RuleTable.md). Output is
/// deterministic: object keys in a fixed or sorted order, numbers in their
/// shortest round-trip form.
///
/// The writer can hand its buffer to a sink whenever it grows past
/// `flushThreshold`, so a large table is streamed to a file instead of held.
package struct JSONWriter {
    package let output = ByteBuffer()
    package let colors = ColorCache()
    private let sink: ((ArraySlice<UInt8>) -> Void)?
    private let flushThreshold = 1 << 18

    /// A writer that keeps everything in memory (`buffer`).
    package init() {
        sink = nil
    }

    /// A writer that passes full chunks to `sink`.
    package init(sink: @escaping (ArraySlice<UInt8>) -> Void) {
        self.sink = sink
        output.reserve(flushThreshold + (1 << 16))
    }

    /// Everything written (for an in-memory writer).
    package var buffer: [UInt8] { output.bytes }

    /// Passes what is buffered to the sink (at the end, and when it is full).
    package func flush() {
        guard let sink, output.count > 0 else { return }
        output.drain(sink)
    }

    package func flushIfFull() {
        if output.count >= flushThreshold { flush() }
    }

    // MARK: - Primitives

    @inline(__always)
    package func raw(_ text: StaticString) {
        output.append(text)
    }

    /// A JSON string. Most strings need no escaping and are copied whole;
    /// the rare one that needs an escape is written again, byte by byte.
    package func string(_ text: String) {
        if output.appendQuoted(text, wordNeedsEscape: Self.needsEscape, byteNeedsEscape: JSONEscaping.needsEscape) { return }
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 { escaped(byte) }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether any of the eight bytes of `word` is a control character, a
    /// quote or a backslash. A byte of `x` below `n` (at most 128) sets its
    /// high bit in `(x - n) & ~x & 0x80…`; a byte equal to `c` is a byte
    /// below 1 of `x ^ c`.
    @inline(__always)
    package static func needsEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits = ones &* 0x80
        func hasByte(below n: UInt64, _ x: UInt64) -> Bool { (x &- ones &* n) & ~x & highBits != 0 }
        return hasByte(below: 0x20, word) || hasByte(below: 1, word ^ (ones &* 0x22)) || hasByte(below: 1, word ^ (ones &* 0x5C))
    }

    private func escaped(_ byte: UInt8) {
        JSONEscaping.escape(byte) { output.append($0) }
    }

    /// Integers are written digit by digit, numbers of up to five decimals
    /// in fixed point, others in the shortest form that reads back as the
    /// same Double.
    package func number(_ value: Double) {
        if abs(value) < 1e15, let whole = Int(exactly: value) {
            integer(whole)  // the most common numbers: sizes, offsets, channels
        } else if let scaled = Self.fiveDecimals(value) {
            fixedPoint(scaled)
        } else {
            output.append(value.description)
        }
    }

    /// `value × 100000` when that is a whole number whose quotient by 100000
    /// gives back exactly `value`. The decimal text of that quotient then
    /// reads back as exactly `value` (a division of exact integers is
    /// correctly rounded, as a parser's reading of the text is), so it can be
    /// written without the general float-to-text conversion. Colors and most
    /// hand-written numbers take this path.
    package static func fiveDecimals(_ value: Double) -> Int? {
        guard abs(value) < 1e9 else { return nil }
        let scaled = roundedHalfAwayFromZero(value * 100_000)
        guard Double(scaled) / 100_000 == value else { return nil }
        return scaled
    }

    /// `value.rounded()` as an integer, for `abs(value) < 2^52`, with no
    /// call to the C library: the fraction `value - trunc(value)` is exact.
    @inline(__always)
    package static func roundedHalfAwayFromZero(_ value: Double) -> Int {
        let truncated = Int(value)
        let fraction = value - Double(truncated)
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// Writes `scaled / 100000` with up to five decimals, trailing zeros dropped.
    private func fixedPoint(_ scaled: Int) {
        output.write(maximum: 32) { window in
            var written = 0
            if scaled < 0 {
                window[0] = UInt8(ascii: "-")
                written = 1
            }
            let magnitude = scaled.magnitude
            let whole = magnitude / 100_000, fraction = magnitude % 100_000
            if whole < 10 && fraction > 0 {
                // One digit, the point and the decimals (a color's
                // component, most numbers with decimals): stored as one
                // word, the window's end then moved back over the trailing zeros.
                let (decimals, count) = Self.fiveDecimalDigits(fraction)
                window.storeWord(UInt64(0x2E30 | whole) | decimals << 16, at: written)
                return written + 2 + count
            }
            written += Self.digits(of: whole, into: &window, at: written)
            guard fraction > 0 else { return written }
            window[written] = UInt8(ascii: ".")
            let (decimals, count) = Self.fiveDecimalDigits(fraction)
            window.storeWord(decimals, at: written + 1)
            return written + 1 + count
        }
    }

    /// The five decimal digits of `fraction` (1 to 99,999) as ASCII in the
    /// low five bytes of a word, the first digit lowest, and how many of
    /// them are left once the trailing zeros are dropped. The digits are
    /// found independently of each other, not by dividing by ten in turn
    /// and storing each: with the one-word store of a single whole digit
    /// (`fixedPoint`), a number with decimals (a color's component, mostly)
    /// is written in 117 instructions rather than 202.
    @inline(__always)
    static func fiveDecimalDigits(_ fraction: UInt) -> (word: UInt64, count: Int) {
        let digits = UInt64(fraction / 10_000) | UInt64(fraction / 1_000 % 10) << 8 | UInt64(fraction / 100 % 10) << 16
            | UInt64(fraction / 10 % 10) << 24 | UInt64(fraction % 10) << 32
        // Shifted up so that the last digit is the word's highest byte: its
        // zero bytes from the top are the trailing zeros (fewer than five, as
        // the fraction is not 0).
        let trailingZeros = (digits << 24).leadingZeroBitCount / 8
        return (digits | 0x30_3030_3030, 5 - trailingZeros)
    }

    package func integer(_ value: Int) {
        output.write(maximum: 21) { window in
            if value < 0 {
                window[0] = UInt8(ascii: "-")
                return 1 + Self.digits(of: value.magnitude, into: &window, at: 1)
            }
            return Self.digits(of: value.magnitude, into: &window, at: 0)
        }
    }

    /// Writes the decimal digits of `value` at `start` (up to 20); returns how many.
    @inline(__always)
    private static func digits(of value: UInt, into window: inout OutputWindow, at start: Int) -> Int {
        var count = 1
        var bound: UInt = 10
        while count < 20 && value >= bound {
            count += 1
            bound = bound &* 10
        }
        var remaining = value
        for index in stride(from: count - 1, through: 0, by: -1) {
            window[start + index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: remaining % 10)
            remaining /= 10
        }
        return count
    }

    /// `"#rrggbbaa"`, written without building a String.
    package func hexColor(_ color: Color) {
        output.write(maximum: 11) { window in
            window[0] = UInt8(ascii: "\"")
            window[1] = UInt8(ascii: "#")
            func put(_ component: Double, at index: Int) {
                let value = Self.roundedHalfAwayFromZero(min(max(component, 0), 1) * 255)
                window[index] = JSONEscaping.hexDigit(value >> 4)
                window[index + 1] = JSONEscaping.hexDigit(value & 15)
            }
            put(color.red, at: 2)
            put(color.green, at: 4)
            put(color.blue, at: 6)
            put(color.alpha, at: 8)
            window[10] = UInt8(ascii: "\"")
            return 11
        }
    }

    package func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// A line break and `depth` levels of two-space indentation. Inlined:
    /// with `depth` a constant it is one fixed-size copy.
    @inline(__always)
    package func indent(_ depth: Int) {
        let lineStart: StaticString = "\n                "
        let width = 1 + 2 * depth
        if width <= lineStart.utf8CodeUnitCount {
            output.append(lineStart, count: width)
        } else {
            output.append(UInt8(ascii: "\n"))
            for _ in 0..<depth { raw("  ") }
        }
    }
}
