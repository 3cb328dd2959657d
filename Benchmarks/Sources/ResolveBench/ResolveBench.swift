import BenchmarkSupport
import ReflEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ResolveBench TABLE [SECONDS] [--ancestors N]`: loads a stylesheet (a
/// JSON or binary rule table, or source), then resolves a deterministic mix
/// of queries (classes and traits from the table, several idioms, size
/// classes, screen sizes and bounds; with `--ancestors`, each view N levels
/// deep in views of the table's classes and traits) for about SECONDS, and
/// prints `load_seconds=… queries=… seconds=… queries_per_second=…`.
///
/// With `--ancestors`, the same queries without ancestors are resolved in
/// turn with those with them, a round of each at a time, and their rate is
/// printed too (`without_ancestors_queries_per_second=…`): the two rates
/// are compared, and a slow spell of the machine falls on both alike.
@main
struct ResolveBench {
    static func main() {
        runReportingErrors("ResolveBench", run)
    }

    static func run() throws {
        var arguments = CommandLine.arguments
        var depth = 0
        if let flag = arguments.firstIndex(of: "--ancestors"), flag + 1 < arguments.count {
            depth = max(0, Int(arguments[flag + 1]) ?? 0)
            arguments.removeSubrange(flag...(flag + 1))
        }
        guard arguments.count >= 2, !arguments[1].hasPrefix("-") else {
            exitWithUsage("usage: ResolveBench TABLE [SECONDS] [--ancestors N]", arguments: Array(arguments.dropFirst()))
        }
        let seconds = arguments.count > 2 ? Double(arguments[2]) ?? 2 : 2
        let loadStart = now()
        let stylesheet = try Stylesheet(contentsOfFile: arguments[1])
        let loadSeconds = now() - loadStart
        let queries = makeQueries(stylesheet.table, count: 4096, depth: depth)
        // The same queries without their ancestors, sharing everything else (the same sets and
        // environments in memory: queries made apart would be laid out apart, which alone moved
        // the rate by a sixth), resolved in turn with the queries above when they have ancestors.
        let plainQueries: [StyleQuery] = depth == 0 ? [] : queries.map { query in
            var plain = query
            plain.ancestors = []
            return plain
        }
        var done = 0, plainDone = 0
        var elapsed = 0.0, plainElapsed = 0.0
        var checksum = 0, plainChecksum = 0
        repeat {
            var start = now()
            for query in queries {
                checksum &+= stylesheet.resolve(query).properties.count
            }
            done += queries.count
            elapsed += now() - start
            guard !plainQueries.isEmpty else { continue }
            start = now()
            for query in plainQueries {
                plainChecksum &+= stylesheet.resolve(query).properties.count
            }
            plainDone += plainQueries.count
            plainElapsed += now() - start
        } while elapsed + plainElapsed < seconds
        var report = "load_seconds=\(loadSeconds) queries=\(done) seconds=\(elapsed) queries_per_second=\(Double(done) / elapsed) checksum=\(checksum)"
        if !plainQueries.isEmpty {
            report += " without_ancestors_queries_per_second=\(Double(plainDone) / plainElapsed) without_ancestors_checksum=\(plainChecksum)"
        }
        print(report)
    }

    /// Queries for views of the table's classes with their traits (and some
    /// without), in a rotation of environments.
    static func makeQueries(_ table: RuleTable, count: Int, depth: Int) -> [StyleQuery] {
        let selectors = table.rules.map(\.selector)
        let classes = selectors.compactMap(\.className)
        let traits = selectors.compactMap(\.trait)
        let idioms: [Idiom] = [.phone, .pad, .unspecified]
        let sizeClasses: [SizeClass] = [.compact, .regular]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
        return (0..<count).map { index in
            let environment = StyleEnvironment(
                idiom: idioms[index % idioms.count], horizontalSizeClass: sizeClasses[next(2)],
                verticalSizeClass: sizeClasses[next(2)],
                screenSize: ViewSize(width: Double(200 + next(1000)), height: Double(300 + next(800))),
                bounds: ViewSize(width: Double(50 + next(300)), height: Double(20 + next(200))))
            var viewTraits: Set<String> = []
            if !traits.isEmpty && next(4) != 0 { viewTraits.insert(traits[next(traits.count)]) }
            if !traits.isEmpty && next(4) == 0 { viewTraits.insert(traits[next(traits.count)]) }
            // From a generator of their own: the queries are the same with and without ancestors.
            let ancestors = (0..<depth).map { level in
                let pick = (index &* 31 &+ level &* 17) & 0x7fff_ffff
                return StyleAncestor(classChain: [classes.isEmpty ? "UIView" : classes[pick % classes.count], "UIView"],
                                     traits: traits.isEmpty || pick % 2 == 0 ? [] : [traits[pick % traits.count]])
            }
            return StyleQuery(className: classes.isEmpty ? "UIView" : classes[next(classes.count)],
                              superclasses: ["UIView"], traits: viewTraits, environment: environment, ancestors: ancestors)
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
