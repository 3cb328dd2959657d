/// `image` and `symbol`: images of the app's, drawn ones and SF Symbols.
enum ImageFunctions {
    static let all: [(String, BuiltinFunction)] = [
        // `image('bubble')`, `image('bubble', edge-insets(12pt))`, `image('icon', template)`,
        // `image('bubble', edge-insets(12pt), original)`, or an image filled with a color or a gradient.
        ("image", BuiltinFunction(arity: 1...3, arityText: "1 to 3 arguments (a name, then cap insets and a rendering mode; or a color or a gradient)",
                                  takesWords: true) { arguments in
            // A bare word first is a color's name: `image(red)`.
            if let word = arguments.word(0) {
                guard let color = NamedColors.color(named: word) else {
                    return arguments.typeError(0, "first argument", expected: "a name in quotes, a color or a gradient")
                }
                guard arguments.count == 1 else {
                    arguments.report(EvalMessages.arity("image", expected: "1 argument when it is filled with a color or a gradient",
                                                        found: arguments.count), at: 1)
                    return nil
                }
                return .image(.fill(.color(color)))
            }
            switch arguments.values[0] {
            case .string(let name):
                return named(name, &arguments)
            case .color, .gradient:
                guard arguments.count == 1 else {
                    arguments.report(EvalMessages.arity("image", expected: "1 argument when it is filled with a color or a gradient",
                                                        found: arguments.count), at: 1)
                    return nil
                }
                return .image(.fill(arguments.values[0]))
            default:
                arguments.report(EvalMessages.argumentType("image", role: "first argument", expected: "a name in quotes, a color or a gradient",
                                                           found: arguments.values[0].kindDescription), at: 0)
                return nil
            }
        }),
        // `symbol('heart.fill')`, `symbol('heart.fill', 17pt, semibold, large)`: in
        // order, a point size, a weight and a scale.
        ("symbol", BuiltinFunction(arity: 1...4, arityText: "1 to 4 arguments (a name, then a point size, a weight and a scale)",
                                   takesWords: true) { arguments in
            guard case .string(let name) = arguments.values[0], !name.isEmpty else {
                return arguments.typeError(0, "name", expected: "the symbol's name in quotes, such as 'heart.fill'")
            }
            var symbol = Symbol(name: name)
            if arguments.count > 1 {
                guard let size = arguments.nonNegativeLength(1, "point size") else { return nil }
                symbol.pointSize = size
            }
            if arguments.count > 2 {
                guard let word = arguments.word(2), let weight = FontWeight(rawValue: word) else {
                    if let word = arguments.word(2), Symbol.Scale(rawValue: word) != nil {
                        // `symbol('star', 17pt, large)`: a scale where the weight goes.
                        arguments.report(EvalMessages.symbolScaleAsWeight(word), at: 2)
                        return nil
                    }
                    return arguments.typeError(2, "weight (the third argument)",
                                               expected: "a weight: " + FontWeight.allCases.map(\.rawValue).joined(separator: ", "))
                }
                symbol.weight = weight
            }
            if arguments.count > 3 {
                guard let word = arguments.word(3), let scale = Symbol.Scale(rawValue: word) else {
                    return arguments.typeError(3, "scale (the fourth argument)", expected: "a scale: small, medium or large")
                }
                symbol.scale = scale
            }
            return .image(.symbol(symbol))
        }),
    ]

    /// `image('name', ...)`: cap insets and a rendering mode, each optional,
    /// in that order.
    private static func named(_ name: String, _ arguments: inout CallArguments) -> StyleValue? {
        var capInsets: EdgeInsets?
        var rendering: ImageRendering?
        for index in 1..<arguments.count {
            if let word = arguments.word(index) {
                guard let mode = ImageRendering(rawValue: word), rendering == nil else {
                    return arguments.typeError(index, "rendering mode", expected: "'template' or 'original', once")
                }
                rendering = mode
            } else if case .edgeInsets(let top, let left, let bottom, let right) = arguments.values[index], capInsets == nil, rendering == nil {
                capInsets = EdgeInsets(top: top, left: left, bottom: bottom, right: right)
            } else {
                return arguments.typeError(index, ["second", "third"][index - 1] + " argument",
                                           expected: "cap insets (edge-insets(...)) followed by a rendering mode (template, original)")
            }
        }
        return .image(.named(name, capInsets: capInsets, rendering: rendering))
    }
}
