import ReflParser

extension Condition {
    /// Whether every term holds in `environment`.
    public func holds(in environment: StyleEnvironment) -> Bool {
        terms.allSatisfy { $0.holds(in: environment) }
    }
}

extension ConditionTest {
    /// Whether this term holds in `environment`. An external condition the
    /// environment does not supply is false.
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
        }
    }
}
