/// A set of small indexes (the records an application wrote), as bits:
/// the first 64 in a word of its own, so that a target with up to 64
/// styled properties, which is every target in practice, needs no
/// allocation (nor an empty array's counted reference).
struct IndexBits: Sendable {
    private var first: UInt64 = 0
    /// Words for indexes 64 and up, made when the first such index is inserted.
    private var more: [UInt64]?

    mutating func insert(_ index: Int) {
        if index < 64 {
            first |= 1 << UInt64(index)
            return
        }
        let word = index / 64 - 1
        var words = more ?? []
        if word >= words.count { words.append(contentsOf: repeatElement(0, count: word - words.count + 1)) }
        words[word] |= 1 << UInt64(index % 64)
        more = words
    }

    func contains(_ index: Int) -> Bool {
        if index < 64 { return first & (1 << UInt64(index)) != 0 }
        let word = index / 64 - 1
        guard let more, word < more.count else { return false }
        return more[word] & (1 << UInt64(index % 64)) != 0
    }

    var isEmpty: Bool { first == 0 && more == nil }

    var count: Int { (more ?? []).reduce(first.nonzeroBitCount) { $0 + $1.nonzeroBitCount } }
}
