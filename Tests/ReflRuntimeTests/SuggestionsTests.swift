import Testing
@testable import ReflRuntime

/// "Did you mean": the candidate one edit from a word, found without
/// comparing most candidates in full (their length, a stop once a row of
/// the edit distance is past one edit, letters' cases compared by bits).
struct SuggestionsTests {
    /// The rule as first written: every candidate compared in full, a
    /// change of case found through the scalars' lowercase mappings.
    static func referenceClosest(to word: String, in candidates: [String]) -> String? {
        let scalars = Array(word.unicodeScalars)
        let limit = scalars.count > 1 ? 2 : 1
        var best: (name: String, cost: Int)?
        for candidate in candidates where candidate != word {
            let other = Array(candidate.unicodeScalars)
            guard abs(other.count - scalars.count) <= 1 else { continue }
            let cost = referenceDistance(scalars, other)
            if cost <= limit, best == nil || cost < best!.cost || (cost == best!.cost && candidate < best!.name) {
                best = (candidate, cost)
            }
        }
        return best?.name
    }

    static func referenceDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return 2 * max(a.count, b.count) }
        func substitution(_ x: Unicode.Scalar, _ y: Unicode.Scalar) -> Int {
            if x == y { return 0 }
            return x.properties.lowercaseMapping == y.properties.lowercaseMapping ? 1 : 2
        }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = 2 * i }
        for j in 0...b.count { table[0][j] = 2 * j }
        for i in 1...a.count {
            for j in 1...b.count {
                var cost = min(table[i - 1][j] + 2, table[i][j - 1] + 2, table[i - 1][j - 1] + substitution(a[i - 1], b[j - 1]))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1], a[i - 1] != a[i - 2] {
                    cost = min(cost, table[i - 2][j - 2] + 2)
                }
                table[i][j] = cost
            }
        }
        return table[a.count][b.count]
    }

    /// Words one edit (or a change of case) from each candidate, and some further.
    static func variants(of word: String) -> [String] {
        let scalars = Array(word.unicodeScalars)
        var words: Set<String> = [word, word.uppercased(), word.capitalized]
        func make(_ changed: [Unicode.Scalar]) { words.insert(String(String.UnicodeScalarView(changed))) }
        for index in scalars.indices {
            var deleted = scalars
            deleted.remove(at: index)
            make(deleted)
            for replacement in ["x", "E", "é", "É", "@", "`", "[", "K", "\u{212A}"] as [Unicode.Scalar] {
                var substituted = scalars
                substituted[index] = replacement
                make(substituted)
                var inserted = scalars
                inserted.insert(replacement, at: index)
                make(inserted)
                var twice = substituted
                twice.insert(replacement, at: 0)
                make(twice)
            }
            if index > 0 {
                var swapped = scalars
                swapped.swapAt(index - 1, index)
                make(swapped)
            }
        }
        return words.sorted()
    }

    @Test func theSuggestionIsTheOneEveryCandidateComparedInFullGives() {
        let candidates = ["center", "centre", "Center", "red", "rde", "blue", "lime", "line", "link", "é", "É", "éclair", "k",
                          "kelvin", "a", "ab", "ba", "abc", "[x]", "{x}", "@at", "`at", "mode-left", "left", "right", "wrap",
                          "transparent", "clear", "true", "false", "lightblue", "lightbl", "gray", "grey"]
        let laidOut = Suggestions.Candidates(candidates)
        var compared = 0
        for candidate in candidates {
            for word in Self.variants(of: candidate) {
                let expected = Self.referenceClosest(to: word, in: candidates)
                #expect(Suggestions.closest(to: word, in: candidates) == expected, "\(word)")
                #expect(Suggestions.closest(to: word, among: laidOut) == expected, "\(word), among candidates laid out once")
                compared += 1
            }
        }
        #expect(compared > 3000)
        // The distance itself, below its limit, is the full one.
        for (a, b) in [("kitten", "sitting"), ("center", "Centre"), ("ab", "ba"), ("é", "É"), ("k", "\u{212A}"), ("", "abc")] {
            let (x, y) = (Array(a.unicodeScalars), Array(b.unicodeScalars))
            #expect(Suggestions.distance(x, y) == Self.referenceDistance(x, y), "\(a) \(b)")
            let limited = Suggestions.distance(x, y, limit: 2)
            #expect(limited == Self.referenceDistance(x, y) || limited > 2 && Self.referenceDistance(x, y) > 2, "\(a) \(b)")
        }
    }
}
