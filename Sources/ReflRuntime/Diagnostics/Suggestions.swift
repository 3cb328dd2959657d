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
        let scalars = Array(word.unicodeScalars)
        let limit = scalars.count > 1 ? 2 : 1
        var best: (name: String, cost: Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.unicodeScalars)
            guard abs(other.count - scalars.count) <= 1 else { continue }
            let cost = distance(scalars, other)
            if cost <= limit, best == nil || cost < best!.cost || (cost == best!.cost && candidate < best!.name) {
                best = (candidate, cost)
            }
        }
        return best?.name
    }

    /// The edit distance in half-edits (the optimal string alignment form of
    /// Damerau–Levenshtein): 2 for an insertion, deletion, substitution or
    /// swap of neighbours, 1 for a change of case alone.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return 2 * max(a.count, b.count) }
        func substitution(_ x: Unicode.Scalar, _ y: Unicode.Scalar) -> Int {
            if x == y { return 0 }
            return x.properties.lowercaseMapping == y.properties.lowercaseMapping ? 1 : 2
        }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(stride(from: 0, through: 2 * b.count, by: 2))
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = 2 * i
            for j in 1...b.count {
                var cost = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution(a[i - 1], b[j - 1]))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], a[i - 1] != a[i - 2] {
                    cost = min(cost, beforePrevious[j - 2] + 2)
                }
                current[j] = cost
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }

    /// `distance` of two strings.
    static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }
}
