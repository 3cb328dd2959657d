/// `rect`, `point`, `size`, `edge-insets` and the transforms: functions of lengths.
enum GeometryFunctions {
    static let all: [(String, BuiltinFunction)] = [
        ("rect", BuiltinFunction(arity: 4...4, arityText: "4 arguments (x, y, width, height)") { arguments in
            guard let x = arguments.length(0, "x"), let y = arguments.length(1, "y"),
                  let width = arguments.length(2, "width"), let height = arguments.length(3, "height") else { return nil }
            return .rect(x: x, y: y, width: width, height: height)
        }),
        ("point", BuiltinFunction(arity: 2...2, arityText: "2 arguments (x, y)") { arguments in
            guard let x = arguments.length(0, "x"), let y = arguments.length(1, "y") else { return nil }
            return .point(x: x, y: y)
        }),
        ("size", BuiltinFunction(arity: 2...2, arityText: "2 arguments (width, height)") { arguments in
            guard let width = arguments.length(0, "width"), let height = arguments.length(1, "height") else { return nil }
            return .size(width: width, height: height)
        }),
        // Four values in the original's order: left, top, right, bottom; one
        // (all sides) or two (vertical, horizontal) as CSS's shorthand.
        ("edge-insets", BuiltinFunction(arity: 1...4, arityText: "1, 2 or 4 arguments (all; vertical, horizontal; or left, top, right, bottom)") { arguments in
            switch arguments.count {
            case 1:
                guard let all = arguments.length(0, "inset") else { return nil }
                return .edgeInsets(top: all, left: all, bottom: all, right: all)
            case 2:
                guard let vertical = arguments.length(0, "vertical inset"),
                      let horizontal = arguments.length(1, "horizontal inset") else { return nil }
                return .edgeInsets(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
            case 4:
                guard let left = arguments.length(0, "left inset"), let top = arguments.length(1, "top inset"),
                      let right = arguments.length(2, "right inset"), let bottom = arguments.length(3, "bottom inset")
                else { return nil }
                return .edgeInsets(top: top, left: left, bottom: bottom, right: right)
            default:
                arguments.report(EvalMessages.arity("edge-insets", expected: "1, 2 or 4 arguments (all; vertical, horizontal; "
                                                    + "or left, top, right, bottom)", found: 3), at: 2)
                return nil
            }
        }),
        ("transform-scale", BuiltinFunction(arity: 2...2, arityText: "2 arguments (x, y)") { arguments in
            guard let x = arguments.length(0, "x scale"), let y = arguments.length(1, "y scale") else { return nil }
            return .transform(.scale(x: x, y: y))
        }),
        ("transform-rotate", BuiltinFunction(arity: 1...1, arityText: "1 argument (an angle)") { arguments in
            guard let radians = arguments.angle(0, "argument") else { return nil }
            return .transform(.rotate(radians: radians))
        }),
        ("transform-translate", BuiltinFunction(arity: 2...2, arityText: "2 arguments (x, y)") { arguments in
            guard let x = arguments.length(0, "x offset"), let y = arguments.length(1, "y offset") else { return nil }
            return .transform(.translate(x: x, y: y))
        }),
    ]
}
