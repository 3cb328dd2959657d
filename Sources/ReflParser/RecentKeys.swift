import ReflLexer
import ReflRuntime

/// The declaration keys the parser interned last, so that a key met again
/// is found by comparing its words rather than hashed and looked up in the
/// table of keys (`StylesheetSyntax.keys`).
///
/// A stylesheet sets few distinct properties, over and over, rule after
/// rule in much the same order; but names of one length alternate
/// (`frame` and `alpha`, `background-color` and `background-image`), so
/// each length keeps two keys: a new one goes first, the first moving
/// second. Only keys of 1 to 24 bytes are kept: three words hold such a
/// key exactly (its first sixteen bytes and its last eight, overlapping,
/// or fewer words, the last cut to its length), so that a match needs no
/// other comparison.
struct RecentKeys {
    /// A key's bytes as words that hold them exactly, and its length.
    private struct Words: Equatable {
        var first: UInt64 = 0, second: UInt64 = 0, last: UInt64 = 0
        var count = 0
    }

    private struct Entry {
        var words = Words()
        var id: Int32 = -1
    }

    private static let ways = 2
    private static let longest = 24
    /// Two entries for each length modulo 32, the one added last first.
    private var entries = [Entry](repeating: Entry(), count: 32 * ways)

    /// The id of the key spelt by `range` of `source`, interned in `keys`
    /// if it is not one of those met last.
    mutating func intern(_ source: [UInt8], _ range: Range<Int>, in keys: inout ByteStringTable) -> Int32 {
        guard let words = Self.words(source, range) else { return keys.intern(source, range) }
        let slot = Self.ways * (range.count & 31)
        if entries[slot].words == words { return entries[slot].id }
        // Found second, it stays second: two keys that take turns are then
        // both found with no write.
        if entries[slot + 1].words == words { return entries[slot + 1].id }
        let id = keys.intern(source, range)
        entries[slot + 1] = entries[slot]
        entries[slot] = Entry(words: words, id: id)
        return id
    }

    /// The bytes of `range` as words that hold them exactly, with their
    /// count (the first eight, the next eight, and the last eight,
    /// overlapping the others; for fewer bytes, fewer words, cut to
    /// length); nil for an empty range or one longer than `longest`.
    /// The bytes are packed here, as `ByteView.packedWords` packs a JSON
    /// table's member names (to 16 bytes): reached from the parser through
    /// `ByteView.reading`, whose generic closure is not specialized across
    /// the modules, the 1 MB build took 217.2M instructions against 188.4M.
    @inline(__always)
    private static func words(_ source: [UInt8], _ range: Range<Int>) -> Words? {
        let count = range.count, start = range.lowerBound
        guard count > 0 && count <= longest else { return nil }
        if count > 16 {
            return Words(first: source.word(at: start), second: source.word(at: start + 8), last: source.word(at: range.upperBound - 8), count: count)
        }
        if count > 8 { return Words(first: source.word(at: start), last: source.word(at: range.upperBound - 8), count: count) }
        if start + 8 <= source.count { return Words(first: source.word(at: start) & (UInt64.max >> (64 - 8 * UInt64(count))), count: count) }
        // Within eight bytes of the end of the file: byte by byte.
        var word: UInt64 = 0
        for index in range { word |= UInt64(source[index]) << (8 * UInt64(index - start)) }
        return Words(first: word, count: count)
    }
}
