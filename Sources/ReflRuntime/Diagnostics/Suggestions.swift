/// "Did you mean …?" suggestions, shared by the parser and the compiler.
public enum Suggestions {
    /// More candidates than this, and no suggestion is made.
    public static let maximumCandidates = 4096

    /// `"; did you mean 'NAME'?"` for the candidate `closest` finds, to end
    /// a message; empty when there is none.
    public static func didYouMean<C: Collection>(_ word: String, in candidates: C) -> String where C.Element == String {
        closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The candidate closest to `word` when it is one edit away — an
    /// insertion, a deletion, a substitution or a swap of two neighbours —
    /// and so a likely typo. A change of case counts as half an edit, so
    /// `Center` suggests `center` before anything else; ties go to the
    /// candidate first in byte order. A one-letter word gets a suggestion
    /// only for a change of case.
    public static func closest<C: Collection>(to word: String, in candidates: C) -> String? where C.Element == String {
        // Longer words are no typos of keywords or names, and comparing them
        // costs length squared; past a few thousand candidates (a generated
        // stylesheet's selectors) a suggestion per error would make many
        // errors quadratic.
        guard word.utf8.count <= 64, candidates.count <= maximumCandidates else { return nil }
        var search = Search(word)
        for candidate in candidates where candidate != word {
            // Counted before the candidate is copied out: most differ in
            // length by more than one edit and are never compared.
            guard search.isNearInLength(candidate.unicodeScalars.count) else { continue }
            search.compare(candidate, Array(candidate.unicodeScalars))
        }
        return search.best?.name
    }

    /// Candidates laid out once for many suggestions among them: each one's
    /// scalars, so that a word is not compared with each by counting and
    /// copying it again (a stylesheet of thousands of rules, each with an
    /// `__include` of a selector it lacks, took seconds).
    public struct Candidates: Sendable {
        let names: [String]
        let scalars: [[Unicode.Scalar]]

        public init(_ names: [String]) {
            self.names = names
            scalars = names.map { Array($0.unicodeScalars) }
        }
    }

    /// `closest(to:in:)` among candidates laid out once.
    public static func closest(to word: String, among candidates: Candidates) -> String? {
        guard word.utf8.count <= 64, candidates.names.count <= maximumCandidates else { return nil }
        var search = Search(word)
        for index in candidates.names.indices where search.isNearInLength(candidates.scalars[index].count) && candidates.names[index] != word {
            search.compare(candidates.names[index], candidates.scalars[index])
        }
        return search.best?.name
    }

    /// A word's search for its closest candidate, one candidate at a time.
    private struct Search {
        let scalars: [Unicode.Scalar]
        let limit: Int
        var best: (name: String, cost: Int)?
        var rows: [Int] = []

        init(_ word: String) {
            scalars = Array(word.unicodeScalars)
            limit = scalars.count > 1 ? 2 : 1
        }

        /// Whether a candidate of `count` scalars can be one edit away.
        func isNearInLength(_ count: Int) -> Bool { abs(count - scalars.count) <= 1 }

        mutating func compare(_ candidate: String, _ candidateScalars: [Unicode.Scalar]) {
            let cost = Suggestions.distance(scalars, candidateScalars, limit: limit, rows: &rows)
            if cost <= limit, best == nil || cost < best!.cost || (cost == best!.cost && candidate < best!.name) {
                best = (candidate, cost)
            }
        }
    }

    /// The edit distance in half-edits (the optimal string alignment form of
    /// Damerau–Levenshtein): 2 for an insertion, deletion, substitution or
    /// swap of neighbours, 1 for a change of case alone. Past `limit`, any
    /// number above it: the rows stop once every cell of one is past it
    /// (a cell is never less than the least of the row before it).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int = .max) -> Int {
        var rows: [Int] = []
        return distance(a, b, limit: limit, rows: &rows)
    }

    /// `distance`, its three rows (the one two back, the one before, the
    /// current one) kept in `rows`: a suggestion compares a word with
    /// hundreds of candidates, and three arrays made for each cost as much
    /// as filling them.
    private static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int, rows: inout [Int]) -> Int {
        if a.isEmpty || b.isEmpty { return 2 * max(a.count, b.count) }
        let width = b.count + 1
        if rows.count < 3 * width { rows = [Int](repeating: 0, count: 3 * width) }
        var (beforePrevious, previous, current) = (0, width, 2 * width)
        for j in 0..<width { rows[previous + j] = 2 * j }
        for i in 1...a.count {
            rows[current] = 2 * i
            var rowLeast = rows[current]
            for j in 1...b.count {
                var cost = min(rows[previous + j] + 2, rows[current + j - 1] + 2,
                               rows[previous + j - 1] + substitutionCost(a[i - 1], b[j - 1]))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], a[i - 1] != a[i - 2] {
                    cost = min(cost, rows[beforePrevious + j - 2] + 2)
                }
                rows[current + j] = cost
                rowLeast = min(rowLeast, cost)
            }
            // No row's least cell is less than the row before's (a swap's
            // cell, two rows back plus 2, is no less than the cell between
            // that a substitution reaches): none to come gets back under.
            if rowLeast > limit { return rowLeast }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return rows[previous + b.count]
    }

    /// 0 for the same scalar, 1 for the same letter in another case, 2 otherwise.
    @inline(__always)
    private static func substitutionCost(_ x: Unicode.Scalar, _ y: Unicode.Scalar) -> Int {
        if x == y { return 0 }
        // ASCII, nearly every word: a letter's cases differ in bit 5 alone.
        // Asking a scalar for its lowercase mapping makes two strings.
        if x.isASCII && y.isASCII {
            let (lower, other) = (x.value | 0x20, y.value | 0x20)
            return lower == other && lower >= 0x61 && lower <= 0x7A ? 1 : 2
        }
        return x.properties.lowercaseMapping == y.properties.lowercaseMapping ? 1 : 2
    }
}
