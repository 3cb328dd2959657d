/// `vector`, `image`, `locale` and `condition`: functions that wrap values.
enum ContainerFunctions {
    static let all: [(String, BuiltinFunction)] = [
        ("vector", BuiltinFunction(arity: 0...Int.max, arityText: "any number of values") { arguments in
            .vector(Array(arguments.values))
        }),
        ("locale", BuiltinFunction(arity: 1...1, arityText: "1 argument (a key)") { arguments in
            arguments.string(0, "key").map { .localizedString(key: $0) }
        }),
        ("image", BuiltinFunction(arity: 1...1, arityText: "1 argument (a name, a color or a gradient)") { arguments in
            switch arguments.values[0] {
            case .string(let name): return .image(.named(name))
            case .color, .gradient: return .image(.fill(arguments.values[0]))
            default:
                arguments.report(EvalMessages.argumentType("image", role: "argument", expected: "a name, a color or a gradient",
                                                           found: arguments.values[0].kindDescription), at: 0)
                return nil
            }
        }),
        ("condition", BuiltinFunction(arity: 1...1, arityText: "1 argument (a condition string)") { arguments in
            if case .condition = arguments.values[0] { return arguments.values[0] }
            arguments.report(EvalMessages.argumentType("condition", role: "argument", expected: "a condition string",
                                                       found: arguments.values[0].kindDescription), at: 0)
            return nil
        }),
    ]
}
