import ReflEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `ApplyBench TABLE [--runs N] [--ancestors N]`: styles a screen of 1,000
/// plain Swift targets through the applier, as an app styles its views: the
/// targets take the 50 class and trait combinations the table's rules name
/// most, in turn; with `--ancestors`, each sits N levels deep in views of
/// those combinations (read when the table has selectors with context). Prints `first_ms=...` (a fresh screen styled: resolution,
/// conversions, every write) and `again_ms=...` (the same screen styled
/// again, unchanged: nothing written), medians of N runs (default 20).
@main
struct ApplyBench {
    /// A view as far as styling goes: its properties by key path.
    final class Target: KeyedStyleTarget {
        let styleClassChain: [String]
        let styleState = StyleState()
        var properties: [String: StyleValue] = [:]
        var stateProperties: [ControlState: [String: StyleValue]] = [:]
        var styleAncestors: [StyleAncestor] = []

        init(_ chain: [String], traits: Set<String>) {
            styleClassChain = chain
            styleState.traits = traits
            // A view's properties are stored fields: writing one never grows storage.
            properties.reserveCapacity(32)
        }

        func styleValue(at keyPath: String, for state: ControlState) -> StyleRead {
            .value(TargetValue(state == .normal ? properties[keyPath] : stateProperties[state]?[keyPath]))
        }

        func setStyleValue(_ value: StyleValue?, at keyPath: String, for state: ControlState) {
            if state == .normal { properties[keyPath] = value } else { stateProperties[state, default: [:]][keyPath] = value }
        }
    }

    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var runs = 20, depth = 0
        if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count {
            runs = max(1, Int(arguments[flag + 1]) ?? runs)
            arguments.removeSubrange(flag...(flag + 1))
        }
        if let flag = arguments.firstIndex(of: "--ancestors"), flag + 1 < arguments.count {
            depth = max(0, Int(arguments[flag + 1]) ?? 0)
            arguments.removeSubrange(flag...(flag + 1))
        }
        guard arguments.count == 1 else {
            print("usage: ApplyBench TABLE [--runs N] [--ancestors N]")
            exit(2)
        }
        let stylesheet = try Stylesheet(contentsOfFile: arguments[0])
        // The 50 combinations the rules name most: a class with a trait where the rules give both.
        var counts: [[String]: Int] = [:]
        for rule in stylesheet.table.rules {
            let key = [rule.selector.className ?? "UIView", rule.selector.trait ?? ""]
            counts[key, default: 0] += 1
        }
        let kinds = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key.lexicographicallyPrecedes($1.key) }
            .prefix(50).map(\.key)
        let environment = StyleEnvironment(idiom: .phone, screenSize: ViewSize(width: 390, height: 844), appearance: .light)
        var first: [Double] = [], again: [Double] = []
        var written = 0
        for _ in 0..<runs {
            let manager = StyleManager(stylesheet: stylesheet)
            manager.environment = { _ in environment }
            let targets = (0..<1000).map { index -> Target in
                let kind = kinds[index % kinds.count]
                let target = Target([kind[0], "UIView"], traits: kind[1].isEmpty ? [] : [kind[1]])
                target.styleAncestors = (0..<depth).map { level in
                    let outer = kinds[(index + (level + 1) * 7) % kinds.count]
                    return StyleAncestor(classChain: [outer[0], "UIView"], traits: outer[1].isEmpty ? [] : [outer[1]])
                }
                return target
            }
            var start = now()
            for target in targets { written += manager.register(target).written.count }
            first.append(now() - start)
            start = now()
            for target in targets { written += manager.apply(to: target).written.count }
            again.append(now() - start)
        }
        first.sort()
        again.sort()
        print("first_ms=\(first[first.count / 2] * 1000) again_ms=\(again[again.count / 2] * 1000) "
              + "kinds=\(kinds.count) writes_per_screen=\(written / runs)")
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
