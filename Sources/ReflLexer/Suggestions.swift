/// "Did you mean …?" suggestions, shared by the parser and the compiler.
public enum Suggestions {
    /// More candidates than this, and no suggestion is made.
    public static let maximumCandidates = 4096

    /// The candidate closest to `word` by edit distance, if it is close
    /// enough to be a likely typo: 1 edit for words of up to 3 letters, 2 up
    /// to 6 letters, 3 beyond (a swap of two letters is 2 edits). Case
    /// differences count as half an edit, so `Center` suggests `center`
    /// before anything else.
    public static func closest<C: Collection>(to word: String, in candidates: C) -> String? where C.Element == String {
        // Longer words are no typos of keywords or names, and comparing them
        // costs length squared; past a few thousand candidates (a generated
        // stylesheet's selectors) a suggestion per error would make many
        // errors quadratic.
        guard word.utf8.count <= 64, candidates.count <= maximumCandidates else { return nil }
        let limit = word.count <= 3 ? 1 : (word.count <= 6 ? 2 : 3)
        var best: (name: String, cost: Int)?
        for candidate in candidates where candidate != word && abs(candidate.utf8.count - word.utf8.count) <= 2 * limit {
            let cost = distance(word, candidate)
            if cost <= limit * 2, best == nil || cost < best!.cost || (cost == best!.cost && candidate < best!.name) {
                best = (candidate, cost)
            }
        }
        return best?.name
    }

    /// Levenshtein distance in half-edits: 1 for a case-only change, 2 otherwise.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty || b.isEmpty { return 2 * max(a.count, b.count) }
        var previous = Array(stride(from: 0, through: 2 * b.count, by: 2))
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = 2 * i
            for j in 1...b.count {
                let substitution: Int
                if a[i - 1] == b[j - 1] {
                    substitution = 0
                } else if a[i - 1].properties.lowercaseMapping == b[j - 1].properties.lowercaseMapping {
                    substitution = 1
                } else {
                    substitution = 2
                }
                current[j] = min(previous[j] + 2, current[j - 1] + 2, previous[j - 1] + substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
