extension Condition {
    /// Whether the condition holds in `environment`.
    public func holds(in environment: StyleEnvironment) -> Bool {
        test.holds(in: environment)
    }
}

extension ConditionExpression {
    /// Whether the expression holds in `environment`. Recursive, as deep
    /// as conditions may nest (the compiler and the table readers bound it).
    public func holds(in environment: StyleEnvironment) -> Bool {
        switch self {
        case .test(let test): return test.holds(in: environment)
        case .all(let operands): return operands.allSatisfy { $0.holds(in: environment) }
        case .any(let operands): return operands.contains { $0.holds(in: environment) }
        case .not(let operand): return !operand.holds(in: environment)
        }
    }
}

extension ConditionTest {
    /// Whether this term holds in `environment`. An external condition the
    /// environment does not supply is false; with the content size
    /// `unspecified`, every ordering comparison on it is false; without an
    /// OS version or a scale, every comparison on it is false.
    public func holds(in environment: StyleEnvironment) -> Bool {
        switch self {
        case .always:
            return true
        case .external(let name):
            switch environment.externalConditions[name] {
            case .value(let flag)?: return flag
            case .evaluate(let closure)?: return closure(environment)
            case nil: return false
            }
        case .sizeClass(let axis, let op, let value):
            let actual = axis == .horizontal ? environment.horizontalSizeClass : environment.verticalSizeClass
            return op.holds(actual, value)
        case .size(let dimension, let op, let value):
            let actual = dimension == .width ? environment.screenSize.width : environment.screenSize.height
            return op.holds(actual, value)
        case .idiom(let op, let value):
            return op.holds(environment.idiom, value)
        case .appearance(let op, let value):
            return op.holds(environment.appearance, value)
        case .contentSize(let op, let value):
            if op.isEquality { return op.holds(environment.contentSizeCategory.rawValue, value.rawValue) }
            guard let actual = environment.contentSizeCategory.rank, let wanted = value.rank else { return false }
            return op.holds(actual, wanted)
        case .layoutDirection(let op, let value):
            return op.holds(environment.layoutDirection, value)
        case .orientation(let op, let value):
            return op.holds(environment.orientation, value)
        case .contrast(let op, let value):
            return op.holds(environment.contrast, value)
        case .flag(let flag):
            return environment.accessibilityFlags.contains(flag)
        case .osVersion(let op, let value):
            guard let actual = environment.osVersion else { return false }
            return op.holds(actual, value)
        case .scale(let op, let value):
            guard let actual = environment.scale else { return false }
            return op.holds(actual, value)
        }
    }
}
