import Foundation
import Testing
@testable import ReflRuntime

/// A table laid out in parts joined in order — how `reflc build --format
/// binary` lays it out on several threads — is byte for byte the table one
/// writer lays out.
struct BinaryTablePartsTests {
    static func rule(_ className: String, trait: String? = nil, condition: Condition? = nil, file: String = "main.less",
                     _ properties: [Property], states: [StateProperties] = []) -> CompiledRule {
        let raw = className + (trait.map { ":" + $0 } ?? "")
        return CompiledRule(selector: RuleSelector(raw: raw, className: className, trait: trait, hasWhere: false), priority: 50,
                            appliesToSubclasses: trait == nil, condition: condition,
                            source: SourcePosition(file: file, line: 3, column: 1), properties: properties, stateProperties: states)
    }

    /// A rule whose strings, numbers, values and condition are met before
    /// those of the rules after it: a part holding those starts its ids at
    /// 0 where the whole's are past these, so a reference left as the part
    /// numbered it points at the wrong entry.
    static let first = rule("FirstView", trait: "opening", condition: Condition(test: .all([
        .test(.external(name: "first-flag")), .test(.size(dimension: .height, op: .less, value: 1.0 / 7.0)),
        .not(.test(.scale(op: .greater, value: 2.5))),
    ]), source: "first-flag and height < 0.142857"), file: "first.less", [
        Property(name: "first-only", value: .number(1.0 / 3.0, unit: nil), isImportant: false),
        Property(name: "first-color", value: .color(Color(red: 0.123456789, green: 0.2, blue: 0.3)), isImportant: true),
        Property(name: "first-text", value: .string("only in the first part"), isImportant: false),
        Property(name: "first-list", value: .vector([.identifier("a"), .number(2.0 / 3.0, unit: .pt)]), isImportant: false),
    ], states: [StateProperties(state: .highlighted, properties: [Property(name: "first-state", value: .bool(true), isImportant: false)])])

    /// The file of `rules` laid out by one writer.
    static func wholeBytes(_ rules: [CompiledRule], variables: [String: StyleValue] = [:]) throws -> [UInt8] {
        try RuleTable(variables: variables, rules: rules).binaryBytes()
    }

    /// The file of `rules` laid out in parts of the given sizes, joined in order.
    static func joinedBytes(_ rules: [CompiledRule], partSizes: [Int], variables: [String: StyleValue] = [:]) throws -> [UInt8] {
        var whole = BinaryTableWriter()
        var part = BinaryTableWriter.part()  // one part, emptied by each join and used again, as a build does
        var next = 0
        for size in partSizes {
            for rule in rules[next..<(next + size)] { part.add(rule) }
            whole.append(&part)
            next += size
        }
        #expect(next == rules.count)
        return try whole.finish(variables: variables)
    }

    @Test(arguments: ValueCodecTests.samples)
    func aValueLaidOutInALaterPartIsRenumbered(_ value: StyleValue) throws {
        let later = Self.rule("LaterView", condition: value.isCondition ? nil : ValueCodecTests.condition, [
            Property(name: "p", value: value, isImportant: true), Property(name: "first-only", value: .number(1.0 / 3.0, unit: nil), isImportant: false),
        ], states: [StateProperties(state: .selected, properties: [Property(name: "q", value: value, isImportant: false)])])
        let again = Self.rule("AgainView", trait: "opening", [Property(name: "p", value: value, isImportant: false)])
        let rules = [Self.first, later, again]
        let whole = try Self.wholeBytes(rules, variables: ["v": value])
        for sizes in [[1, 2], [1, 1, 1], [2, 1], [3]] {
            #expect(try Self.joinedBytes(rules, partSizes: sizes, variables: ["v": value]) == whole, "parts of \(sizes)")
        }
        let read = try BinaryTable(Self.joinedBytes(rules, partSizes: [1, 1, 1], variables: ["v": value])).ruleTable()
        #expect(read == RuleTable(variables: ["v": value], rules: rules))
    }

    @Test func everyWayOfCuttingTheSamplesIntoTwoPartsGivesTheSameFile() throws {
        let rules = [Self.first] + ValueCodecTests.samples.enumerated().map { index, value in
            Self.rule("View\(index % 7)", trait: index % 3 == 0 ? "t\(index % 5)" : nil,
                      condition: index % 4 == 0 ? ValueCodecTests.condition : nil, file: index % 2 == 0 ? "a.less" : "b.less",
                      [Property(name: "p\(index % 6)", value: value, isImportant: index % 5 == 0)])
        }
        let whole = try Self.wholeBytes(rules)
        for cut in 0...rules.count {
            #expect(try Self.joinedBytes(rules, partSizes: [cut, rules.count - cut]) == whole, "cut after \(cut) rules")
        }
    }
}

/// A rule's written selector is stored only when it is not its parts
/// joined; telling the two apart makes no string.
struct CanonicalSelectorTextTests {
    @Test func theJoinedPartsAreRecognizedAndNothingElse() {
        for className in [nil, "UIButton", "App.Card"] as [String?] {
            for trait in [nil, "primary"] as [String?] {
                for hasWhere in [false, true] {
                    let canonical = RuleSelector.canonicalText(className: className, trait: trait, hasWhere: hasWhere)
                    #expect(RuleSelector.isCanonicalText(canonical, className: className, trait: trait, hasWhere: hasWhere), "\(canonical)")
                    for other in [canonical + " ", " " + canonical, canonical + ":x", String(canonical.dropLast()),
                                  canonical.replacingOccurrences(of: ":", with: "::"), "UIView > " + canonical] where other != canonical {
                        #expect(!RuleSelector.isCanonicalText(other, className: className, trait: trait, hasWhere: hasWhere), "\(other)")
                    }
                }
            }
        }
    }
}

private extension StyleValue {
    var isCondition: Bool {
        if case .condition = self { return true }
        return false
    }
}
