import ReflLexer

/// A readable, stable dump of a syntax tree: one node per line, indented by
/// depth, each with its kind, its text and its `line:column`. This is what
/// `reflc parse` prints and what the parse golden files hold.
///
///     rule UIView:circularView @17:1
///       selector class=UIView trait=circularView
///       declaration background-color @20:2
///         variable @blue @20:20
public struct ASTDump {
    private let syntax: StylesheetSyntax
    private let lines: LineTable
    private var out = ""

    public static func dump(_ syntax: StylesheetSyntax) -> String {
        var dumper = ASTDump(syntax: syntax, lines: LineTable(syntax.file))
        dumper.dumpStylesheet()
        return dumper.out
    }

    private func position(_ range: SourceRange) -> String {
        let (line, column) = lines.location(of: range.start)
        return "@\(line):\(column)"
    }

    private mutating func line(_ depth: Int, _ text: String) {
        out += String(repeating: "  ", count: depth) + text + "\n"
    }

    private func text(_ range: SourceRange) -> String { syntax.text(range) }

    private mutating func dumpStylesheet() {
        line(0, "stylesheet \(syntax.file.path)")
        for item in syntax.items {
            switch item {
            case .importStatement(let statement):
                let modes = statement.modes.map { " \(text($0.name)): \(text($0.path))" }.joined()
                line(1, "import\(statement.isTokens ? " tokens" : "") \(text(statement.path))\(modes) \(position(statement.range))")
            case .namespace(let namespace):
                line(1, "namespace \(text(namespace.name)) \(position(namespace.range))")
                for variable in namespace.variables { dumpVariable(variable, depth: 2) }
            case .variable(let variable):
                dumpVariable(variable, depth: 1)
            case .rule(let rule):
                dumpRule(rule)
            case .viewDeclaration(let declaration):
                let superclass = declaration.superclass.map { ": \(text($0))" } ?? ""
                line(1, "view \(text(declaration.name))\(superclass) \(position(declaration.range))")
                for property in declaration.properties {
                    line(2, "property \(text(property.key)): \(text(property.type)) \(position(property.range))")
                }
            }
        }
    }

    private mutating func dumpVariable(_ variable: VariableDefinition, depth: Int) {
        line(depth, "variable \(text(variable.name)) \(position(variable.range))")
        dumpValue(variable.value, depth: depth + 1)
    }

    private mutating func dumpRule(_ rule: Rule) {
        let validity = rule.isValid ? "" : " (invalid)"
        line(1, "rule \(text(rule.selector.range))\(validity) \(position(rule.range))")
        for step in syntax.contextSteps[Int(rule.contextRange.lowerBound)..<Int(rule.contextRange.upperBound)] {
            line(2, "context " + describe(step.selector) + (step.isParentOfNext ? " >" : ""))
        }
        line(2, "selector " + describe(rule.selector))
        for declaration in syntax.declarations(of: rule) {
            let important = declaration.important == nil ? "" : " !important"
            let states = declaration.states == .normal ? "" : "[\(declaration.states)]"
            line(2, "declaration \(text(syntax.key(of: declaration)))\(states)\(important) \(position(declaration.range))")
            switch declaration.value {
            case .value(let value):
                dumpValue(value, depth: 3)
            case .include(let list):
                for selector in syntax.includeList(list) { line(3, "include " + describe(selector) + " " + position(selector.range)) }
            }
        }
    }

    private func describe(_ selector: Selector) -> String {
        var parts: [String] = []
        if let className = selector.className { parts.append("class=\(text(className))") }
        if let trait = selector.trait { parts.append("trait=\(text(trait))") }
        if selector.hasWhere { parts.append("where") }
        return parts.joined(separator: " ")
    }

    /// Walks a value tree with an explicit stack: value trees can be deep.
    private mutating func dumpValue(_ root: ValueID, depth: Int) {
        var stack: [(ValueID, Int)] = [(root, depth)]
        while let (id, depth) = stack.popLast() {
            let node = syntax.values[id]
            switch node.kind {
            case .call:
                line(depth, "call \(text(syntax.callName(id))) \(position(node.range))")
            case .list:
                line(depth, "list \(position(node.range))")
            case .condition:
                let condition = syntax.conditions[node.conditionIndex]
                line(depth, "condition \(text(node.range)) \(position(node.range))")
                if let root = condition.root { dumpCondition(root, depth: depth + 1) }
                if !condition.isValid { line(depth + 1, "(invalid)") }
            case .namedArgument:
                line(depth, "namedArgument \(text(syntax.callName(id))) \(position(node.range))")
            case .invalid, .sum, .product, .negate, .group, .sequence:
                line(depth, "\(node.kind) \(position(node.range))")
            case .operator:
                line(depth, "operator \(text(node.range)) \(position(node.range))")
            default:
                line(depth, "\(node.kind) \(text(node.range)) \(position(node.range))")
            }
            let children = Array(syntax.values.children(of: id))
            for child in children.reversed() { stack.append((child, depth + 1)) }
        }
    }

    /// A condition's nodes, one per line: `all`, `any`, `not` and terms.
    private mutating func dumpCondition(_ root: ConditionNode, depth: Int) {
        var stack: [(ConditionNode, Int)] = [(root, depth)]
        while let (node, depth) = stack.popLast() {
            switch node.kind {
            case .term(let test): line(depth, "term \(Self.describe(test)) \(position(node.range))")
            case .all: line(depth, "all \(position(node.range))")
            case .any: line(depth, "any \(position(node.range))")
            case .not: line(depth, "not \(position(node.range))")
            }
            for child in node.children.reversed() { stack.append((child, depth + 1)) }
        }
    }

    /// A condition term in normalized form: `width < 200`, `idiom == pad`.
    public static func describe(_ test: ConditionTest) -> String {
        switch test {
        case .always: return "default"
        case .external(let name): return "?\(name)"
        case .sizeClass(let axis, let op, let value): return "\(axis.rawValue) \(op.rawValue) \(value.rawValue)"
        case .size(let dimension, let op, let value): return "\(dimension.rawValue) \(op.rawValue) \(formatNumber(value))"
        case .idiom(let op, let value): return "idiom \(op.rawValue) \(value.rawValue)"
        case .appearance(let op, let value): return "appearance \(op.rawValue) \(value.rawValue)"
        case .contentSize(let op, let value): return "content-size \(op.rawValue) \(value.rawValue)"
        case .layoutDirection(let op, let value): return "layout-direction \(op.rawValue) \(value.rawValue)"
        case .orientation(let op, let value): return "orientation \(op.rawValue) \(value.rawValue)"
        case .contrast(let op, let value): return "contrast \(op.rawValue) \(value.rawValue)"
        case .flag(let flag): return flag.rawValue
        case .osVersion(let op, let value): return "os-version \(op.rawValue) \(value)"
        case .scale(let op, let value): return "scale \(op.rawValue) \(formatNumber(value))"
        }
    }

    /// `200` rather than `200.0` for whole numbers.
    static func formatNumber(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }
}
