/// `vector`, `locale` and `condition`: functions that wrap values.
enum ContainerFunctions {
    static let all: [(String, BuiltinFunction)] = [
        ("vector", BuiltinFunction(arity: 0...Int.max, arityText: "any number of values") { arguments in
            .vector(Array(arguments.values))
        }),
        ("locale", BuiltinFunction(arity: 1...1, arityText: "1 argument (a key)") { arguments in
            arguments.string(0, "key").map { .localizedString(key: $0) }
        }),
        ("condition", BuiltinFunction(arity: 1...1, arityText: "1 argument (a condition string)") { arguments in
            if case .condition = arguments.values[0] { return arguments.values[0] }
            arguments.report(EvalMessages.argumentType("condition", role: "argument", expected: "a condition string",
                                                       found: arguments.values[0].kindDescription), at: 0)
            return nil
        }),
    ]
}
