import BenchmarkSupport
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
/// those combinations (read when the table has selectors with context).
///
/// Two kinds of targets, each a screen of its own: objects whose properties
/// are stored fields, reached through bindings registered for their class
/// (as the UIKit layer reaches a view's properties, and as an app binds its
/// own classes' keys), and `KeyedStyleTarget`s that keep their properties in
/// a dictionary. Prints `first_ms=...` (a fresh screen styled: resolution,
/// conversions, every write) and `again_ms=...` (the same screen styled
/// again, unchanged: nothing written) for the first kind, `keyed_first_ms`
/// and `keyed_again_ms` for the second; medians of N runs (default 20).
@main
struct ApplyBench {
    /// A view as far as styling goes: its properties by key path.
    final class KeyedTarget: KeyedStyleTarget {
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

    /// A view whose properties are stored fields, one per property the
    /// table names (for each state it names it in), each reached through
    /// its binding.
    final class FieldTarget: StyleTarget {
        let styleClassChain: [String]
        let styleState = StyleState()
        var fields: [TargetValue?]
        var styleAncestors: [StyleAncestor] = []

        init(_ chain: [String], traits: Set<String>, fieldCount: Int) {
            styleClassChain = chain
            styleState.traits = traits
            fields = Array(repeating: nil, count: fieldCount)
        }
    }

    /// A binding on `UIView` for every property (and state) the table
    /// names, each reading and writing its own field of a `FieldTarget`.
    static func fieldBindings(of table: RuleTable) -> (bindings: StyleBindings, fieldCount: Int) {
        var slots: [String: [ControlState: Int]] = [:]
        var count = 0
        func add(_ name: String, _ state: ControlState) {
            guard slots[name]?[state] == nil else { return }
            slots[name, default: [:]][state] = count
            count += 1
        }
        for rule in table.rules {
            for property in rule.properties { add(property.name, .normal) }
            for group in rule.stateProperties { for property in group.properties { add(property.name, group.state) } }
        }
        let bindings = StyleBindings()
        for (name, states) in slots {
            // A plain property's field found without a lookup, as a stored property's is.
            let normal = states[.normal]
            @Sendable func slot(_ state: ControlState) -> Int? { state == .normal ? normal : states[state] }
            bindings.register(name, on: "UIView", StyleBinding(
                read: { target, state in
                    guard let slot = slot(state) else { return .unknown }
                    return .value(unsafeDowncast(target, to: FieldTarget.self).fields[slot] ?? TargetValue(nil as StyleValue?))
                },
                write: { target, value, state in
                    guard let slot = slot(state) else { return }
                    unsafeDowncast(target, to: FieldTarget.self).fields[slot] = value
                },
                convert: { value, _ in TargetValue(value) }))
        }
        return (bindings, count)
    }

    static func main() {
        runReportingErrors("ApplyBench", run)
    }

    static func run() throws {
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
        guard arguments.count == 1, !arguments[0].hasPrefix("-") else {
            exitWithUsage("usage: ApplyBench TABLE [--runs N] [--ancestors N]", arguments: arguments)
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
        let (bindings, fieldCount) = fieldBindings(of: stylesheet.table)
        func ancestors(of index: Int) -> [StyleAncestor] {
            (0..<depth).map { level in
                let outer = kinds[(index + (level + 1) * 7) % kinds.count]
                return StyleAncestor(classChain: [outer[0], "UIView"], traits: outer[1].isEmpty ? [] : [outer[1]])
            }
        }
        func traits(_ kind: [String]) -> Set<String> { kind[1].isEmpty ? [] : [kind[1]] }
        var fields = Timings(), keyed = Timings()
        for _ in 0..<runs {
            fields.measure(StyleManager(stylesheet: stylesheet, bindings: bindings), environment, (0..<1000).map { index in
                let kind = kinds[index % kinds.count]
                let target = FieldTarget([kind[0], "UIView"], traits: traits(kind), fieldCount: fieldCount)
                target.styleAncestors = ancestors(of: index)
                return target
            })
            keyed.measure(StyleManager(stylesheet: stylesheet), environment, (0..<1000).map { index in
                let kind = kinds[index % kinds.count]
                let target = KeyedTarget([kind[0], "UIView"], traits: traits(kind))
                target.styleAncestors = ancestors(of: index)
                return target
            })
        }
        print("first_ms=\(fields.median(\.first)) again_ms=\(fields.median(\.again)) "
              + "keyed_first_ms=\(keyed.median(\.first)) keyed_again_ms=\(keyed.median(\.again)) "
              + "kinds=\(kinds.count) writes_per_screen=\(fields.written / runs)")
    }

    /// Times of screens styled, in seconds.
    struct Timings {
        var first: [Double] = [], again: [Double] = []
        var written = 0

        mutating func measure(_ manager: StyleManager, _ environment: StyleEnvironment, _ targets: [StyleTarget]) {
            manager.environment = { _ in environment }
            var start = now()
            for target in targets { written += manager.register(target).writtenCount }
            first.append(now() - start)
            start = now()
            for target in targets { written += manager.apply(to: target).writtenCount }
            again.append(now() - start)
        }

        func median(_ times: KeyPath<Timings, [Double]>) -> Double { self[keyPath: times].sorted()[self[keyPath: times].count / 2] * 1000 }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
