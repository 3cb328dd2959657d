import ReflLexer
import ReflParser

/// The bound on what `__include` may expand to. Includes are transitive, so
/// a chain of rules, each including the one before, makes the output grow
/// with the square of the input (20,000 such rules in 700 KB would expand to
/// 200 million properties): the stylesheet form of the "billion laughs". The
/// properties copied by includes are counted, and past the limit the build
/// fails with an error that names the chain that expands most.
extension RuleCompiler {
    /// At most this many properties are copied by includes in a
    /// compilation: about thirteen times what the 50 MB benchmark stylesheet
    /// copies (300,000), and it keeps the memory of a hostile include chain
    /// under a few hundred megabytes.
    static let maximumIncludedProperties = 4_000_000

    /// Counts `count` properties that `rule`'s includes copied; reports the
    /// limit the first time the total passes it.
    func countIncluded(_ count: Int, by rule: Int) {
        includedPropertyCount += count
        guard includedPropertyCount > Self.maximumIncludedProperties, !isPastIncludeLimit else { return }
        isPastIncludeLimit = true
        let reference = references(of: rule).first!
        program.report(EvalMessages.includeExpansionLimit(Self.maximumIncludedProperties, chain: expansionChain(from: rule)),
                       in: file(of: headers[rule]), at: reference.range)
    }

    /// Before the rules are compiled on several threads: adds what each
    /// rule not included by others will copy (at most the sizes of the
    /// flattened rules it includes), in rule order, so that the limit is
    /// met at the same rule whatever the number of threads.
    func checkIncludeExpansion() {
        for index in headers.indices where !headers[index].includes.isEmpty && includedRules.flattened(index) == nil {
            guard !isPastIncludeLimit else { return }
            countIncluded(includedCount(of: index), by: index)
        }
    }

    /// The selectors from `rule` down the includes that copy the most: at
    /// each step the included rule with the most properties.
    private func expansionChain(from rule: Int) -> [String] {
        var chain: [Int] = [rule]
        var visited: Set<Int> = [rule]
        var current = rule
        while let next = edges(of: current).map(\.target).max(by: { includedRules.count(of: $0) < includedRules.count(of: $1) }),
              visited.insert(next).inserted {
            chain.append(next)
            current = next
        }
        return chain.map { headers[$0].rule.selector.canonicalText(in: file(of: headers[$0]).source) }
    }

    /// Reports `message`, a limit passed by the run of rules that starts
    /// with rule `first`, at that rule's selector.
    func report(_ message: Message, atRule first: Int) {
        let header = headers[first]
        program.report(message, in: file(of: header), at: header.rule.selector.range)
    }
}
