import ReflLexer

/// A parsed condition string: `'idiom = pad and width < 200'`.
/// Ranges point inside the string literal, at each word.
public struct ConditionSyntax: Sendable {
    /// The string literal, quotes included.
    public var range: SourceRange
    /// The terms joined by `and`; empty when every term had an error.
    public var terms: [ConditionTerm]
    /// False when any part of the string was reported as an error.
    public var isValid: Bool
}

/// One term of a condition.
public struct ConditionTerm: Sendable, Equatable {
    public var range: SourceRange
    public var test: ConditionTest

    public init(range: SourceRange, test: ConditionTest) {
        self.range = range
        self.test = test
    }
}

/// What a condition term tests. These are the semantic values the evaluator
/// checks against a query's environment.
public enum ConditionTest: Sendable, Equatable, Hashable {
    /// `default`: always true.
    case always
    /// `?name`: supplied by the host at resolve time.
    case external(name: String)
    /// `horizontal = compact`.
    case sizeClass(axis: SizeClassAxis, op: EqualityOperator, value: SizeClass)
    /// `width < 200`.
    case size(dimension: Dimension, op: ComparisonOperator, value: Double)
    /// `idiom = pad`.
    case idiom(op: EqualityOperator, value: Idiom)
}

public enum SizeClassAxis: String, Sendable, CaseIterable { case horizontal, vertical }
public enum SizeClass: String, Sendable, CaseIterable { case regular, compact, unspecified }
public enum Dimension: String, Sendable, CaseIterable { case width, height }
public enum Idiom: String, Sendable, CaseIterable { case phone, pad, tv, carplay, mac, unspecified }

/// `=`/`==` and `!=`/`≠`, normalized.
public enum EqualityOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="

    public func holds<T: Equatable>(_ lhs: T, _ rhs: T) -> Bool {
        self == .equal ? lhs == rhs : lhs != rhs
    }
}

/// Every comparison a size term accepts, normalized (`≤` is `<=`).
public enum ComparisonOperator: String, Sendable, CaseIterable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    public func holds(_ lhs: Double, _ rhs: Double) -> Bool {
        switch self {
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        case .less: return lhs < rhs
        case .lessOrEqual: return lhs <= rhs
        case .greater: return lhs > rhs
        case .greaterOrEqual: return lhs >= rhs
        }
    }

    /// The operator as written, in every accepted spelling.
    static func parse(_ text: String) -> ComparisonOperator? {
        switch text {
        case "=", "==": return .equal
        case "!=", "≠": return .notEqual
        case "<": return .less
        case "<=", "≤": return .lessOrEqual
        case ">": return .greater
        case ">=", "≥": return .greaterOrEqual
        default: return nil
        }
    }
}
