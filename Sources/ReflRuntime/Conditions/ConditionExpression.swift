/// What a condition means: terms joined by `and`, `or` and `not`. This is
/// what the rule table stores and the evaluator checks.
public indirect enum ConditionExpression: Sendable, Equatable, Hashable {
    case test(ConditionTest)
    /// Holds when every operand holds (an empty list always holds).
    case all([ConditionExpression])
    /// Holds when some operand holds.
    case any([ConditionExpression])
    case not(ConditionExpression)

    /// How many levels the tree has (a test is 1), as the rule tables
    /// store it, a node a level. Recursive: the compiler bounds it.
    public var depth: Int {
        switch self {
        case .test: return 1
        case .not(let operand): return 1 + operand.depth
        case .all(let operands), .any(let operands): return 1 + operands.reduce(0) { Swift.max($0, $1.depth) }
        }
    }
}

/// What one condition term tests. These are the semantic values the
/// evaluator checks against a query's environment.
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
    /// `appearance = dark` (the user interface style).
    case appearance(op: EqualityOperator, value: Appearance)
    /// `content-size >= accessibility-medium` (the Dynamic Type category).
    case contentSize(op: ComparisonOperator, value: ContentSizeCategory)
    /// `layout-direction = rtl`.
    case layoutDirection(op: EqualityOperator, value: LayoutDirection)
    /// `orientation = landscape`: landscape when the screen is wider than tall.
    case orientation(op: EqualityOperator, value: Orientation)
    /// `contrast = high` (the accessibility contrast).
    case contrast(op: EqualityOperator, value: Contrast)
    /// `reduce-motion`: holds when the environment has the flag set.
    case flag(AccessibilityFlag)
    /// `os-version >= 17`, `os-version < 16.4`: compared as versions.
    case osVersion(op: ComparisonOperator, value: OSVersion)
    /// `scale = 3`: the screen's scale.
    case scale(op: ComparisonOperator, value: Double)
}

public enum SizeClassAxis: String, Sendable, CaseIterable { case horizontal, vertical }
public enum SizeClass: String, Sendable, CaseIterable { case regular, compact, unspecified }
public enum Dimension: String, Sendable, CaseIterable { case width, height }
public enum Idiom: String, Sendable, CaseIterable { case phone, pad, tv, carplay, mac, vision, unspecified }

/// The user interface style (`UIUserInterfaceStyle`).
public enum Appearance: String, Sendable, CaseIterable { case light, dark, unspecified }

/// The layout direction (`UITraitEnvironmentLayoutDirection`).
public enum LayoutDirection: String, Sendable, CaseIterable { case ltr, rtl, unspecified }

/// Portrait unless the screen is wider than it is tall.
public enum Orientation: String, Sendable, CaseIterable { case portrait, landscape }

/// The accessibility contrast (`UIAccessibilityContrast`).
public enum Contrast: String, Sendable, CaseIterable { case normal, high, unspecified }

/// The accessibility settings a condition can test by name.
public enum AccessibilityFlag: String, Sendable, CaseIterable {
    case reduceMotion = "reduce-motion"
    case reduceTransparency = "reduce-transparency"
    case boldText = "bold-text"
}

/// The Dynamic Type content size categories (`UIContentSizeCategory`), in
/// their order from smallest to largest, then `unspecified`, which has no
/// place in the order.
public enum ContentSizeCategory: String, Sendable, CaseIterable {
    case extraSmall = "extra-small"
    case small
    case medium
    case large
    case extraLarge = "extra-large"
    case extraExtraLarge = "extra-extra-large"
    case extraExtraExtraLarge = "extra-extra-extra-large"
    case accessibilityMedium = "accessibility-medium"
    case accessibilityLarge = "accessibility-large"
    case accessibilityExtraLarge = "accessibility-extra-large"
    case accessibilityExtraExtraLarge = "accessibility-extra-extra-large"
    case accessibilityExtraExtraExtraLarge = "accessibility-extra-extra-extra-large"
    case unspecified

    /// The place in the order (0 for `extra-small`), nil for `unspecified`.
    public var rank: Int? {
        self == .unspecified ? nil : Self.allCases.firstIndex(of: self)
    }
}

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

    public func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
        switch self {
        case .equal: return lhs == rhs
        case .notEqual: return lhs != rhs
        case .less: return lhs < rhs
        case .lessOrEqual: return lhs <= rhs
        case .greater: return lhs > rhs
        case .greaterOrEqual: return lhs >= rhs
        }
    }

    /// Whether this is `==` or `!=`, which every term accepts.
    public var isEquality: Bool { self == .equal || self == .notEqual }

    /// Every accepted spelling of each operator.
    private static let spellings: [(StaticString, ComparisonOperator)] = [
        ("=", .equal), ("==", .equal), ("!=", .notEqual), ("≠", .notEqual), ("<", .less), ("<=", .lessOrEqual),
        ("≤", .lessOrEqual), (">", .greater), (">=", .greaterOrEqual), ("≥", .greaterOrEqual),
    ]

    /// The operator `range` of `bytes` spells, in any accepted spelling;
    /// found from the bytes, with no String made for it.
    package static func parse(_ bytes: [UInt8], in range: Range<Int>) -> ComparisonOperator? {
        for (spelling, op) in spellings where bytes.spells(spelling, in: range) { return op }
        return nil
    }
}

