import Testing
@testable import ReflRuntime

/// A number is kept in its 32-bit code when it is exactly a count of
/// 1/100000 in the code's range; any other goes to the numbers section.
struct BinaryNumberCodeTests {
    /// The rule as first written, with the C library's rounding: the codes
    /// the writer gives must stay those, or the tables' bytes would change.
    static func reference(_ value: Double) -> UInt32? {
        let scaled = (value * BinaryFormat.numberScale).rounded()
        guard abs(scaled) < 1_073_741_824, scaled / BinaryFormat.numberScale == value, value.sign == .plus || value != 0 else {
            return nil
        }
        return UInt32(bitPattern: Int32(scaled)) & ~BinaryFormat.pooledNumberBit
    }

    @Test func shortDecimalsAreKeptInTheCodeAndReadBackExactly() throws {
        for count in [0, 1, -1, 7, 29_000, -29_000, 12_345_678, 1_073_741_823, -1_073_741_823] {
            let value = Double(count) / BinaryFormat.numberScale
            let code = try #require(BinaryFormat.inlineCode(value), "\(value)")
            #expect(BinaryFormat.inlineValue(code) == value)
            #expect(code == Self.reference(value))
        }
        // 0.29 × 100000 is 28999.999999999996 in doubles: rounded, not truncated.
        #expect(BinaryFormat.inlineCode(0.29).map(BinaryFormat.inlineValue) == 0.29)
    }

    @Test func otherNumbersArePooled() {
        // 2^30 / 100000 rounds to a count one past the code's range, however its product rounds.
        let pastTheRange = 1_073_741_824 / BinaryFormat.numberScale
        let pooled: [Double] = [1.0 / 3, 0.123456, 1e-6, pastTheRange, pastTheRange.nextDown, -pastTheRange, 1e300, -0.0, .nan,
                                .infinity, -.infinity,
                                .leastNonzeroMagnitude, 0.5 / BinaryFormat.numberScale, -0.5 / BinaryFormat.numberScale]
        for value in pooled {
            #expect(BinaryFormat.inlineCode(value) == nil, "\(value)")
        }
    }

    /// Values at and around every kind of boundary, and random ones: the
    /// same code, or none, as the reference gives.
    @Test func theCodesAreTheReferenceRoundingsCodes() {
        var state: UInt64 = 0x243F_6A88_85A3_08D3
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
        var values: [Double] = []
        for _ in 0..<20_000 {
            let count = Int64(bitPattern: next()) % 1_100_000_000
            let exact = Double(count) / BinaryFormat.numberScale
            values += [exact, exact.nextUp, exact.nextDown, (Double(count) + 0.5) / BinaryFormat.numberScale,
                       Double(bitPattern: next())]
            let half = (Double(count) + 0.5) / BinaryFormat.numberScale
            values += [half.nextUp, half.nextDown]
        }
        var kept = 0
        for value in values {
            let code = BinaryFormat.inlineCode(value)
            #expect(code == Self.reference(value), "\(value)")
            if code != nil { kept += 1 }
        }
        #expect(kept > 10_000)  // the exact counts in range, at least
    }
}
