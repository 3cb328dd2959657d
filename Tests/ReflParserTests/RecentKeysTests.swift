import Testing
import ReflLexer
import ReflRuntime
@testable import ReflParser

/// The parser finds a declaration key among the keys it met last by
/// comparing words: it must give every key the id the table of keys gives
/// it, whatever the key's length, wherever it stands in the file, and
/// however keys of one length take turns.
struct RecentKeysTests {
    /// Keys of every length from 1 to 30 (past the 24 kept), each with
    /// variants that differ in one byte, first, in the middle and last.
    static let keys: [[UInt8]] = (1...30).flatMap { length -> [[UInt8]] in
        let base = (0..<length).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        return [base] + [0, length / 2, length - 1].map { position in
            var variant = base
            variant[position] = UInt8(ascii: "-")
            return variant
        }
    }

    @Test func everyKeyGetsTheTablesIdWhateverTheOrder() {
        // One file of every key in several scrambled orders (multiples of
        // primes that share no factor with the count), then each key with
        // its variants in turn: keys of one length meet in many orders,
        // two or three taking turns.
        let count = Self.keys.count
        let scrambled = [7, 11, 13, 17, 19, 23].flatMap { prime in (0..<count).map { $0 * prime % count } }
        let inTurn = stride(from: 0, to: count, by: 4).flatMap { base in [base, base + 1, base, base + 2, base + 1, base, base + 3, base] }
        let order = scrambled + inTurn
        var source: [UInt8] = []
        var ranges: [Range<Int>] = []
        for index in order {
            ranges.append(source.count..<(source.count + Self.keys[index].count))
            source += Self.keys[index] + [UInt8(ascii: ":")]
        }
        var viaRecent = ByteStringTable(), direct = ByteStringTable()
        var recent = RecentKeys()
        for range in ranges {
            #expect(recent.intern(source, range, in: &viaRecent) == direct.intern(source, range))
        }
        #expect(viaRecent.count == direct.count)
    }

    /// A key that ends the file, shorter than a word, is read byte by byte.
    @Test func aShortKeyAtTheEndOfTheFileIsFound() {
        var keys = ByteStringTable()
        var recent = RecentKeys()
        let source = Array("abc:ab".utf8)
        let first = recent.intern(source, 0..<2, in: &keys)
        #expect(recent.intern(source, 4..<6, in: &keys) == first)
        #expect(recent.intern(source, 0..<3, in: &keys) != first)
        #expect(keys.count == 2)
    }
}
