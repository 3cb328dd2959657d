/// `shadow` and `border`: the parts of a layer's look set together. A
/// `shadow:` or `border:` declaration is expanded into its longhand keys
/// when a rule is compiled (`Shorthands`).
enum DrawingFunctions {
    static let all: [(String, BuiltinFunction)] = [
        // CSS's `box-shadow` as one value: `shadow(0, 2px, 4px, black)`; without
        // the blur, `shadow(0, 1px, black)`, a sharp shadow.
        ("shadow", BuiltinFunction(arity: 3...4, arityText: "3 or 4 arguments (x, y, blur (optional), color)", holdsColors: true) { arguments in
            let colorIndex = arguments.count - 1
            guard let x = arguments.length(0, "x offset"), let y = arguments.length(1, "y offset"),
                  let blur = arguments.count == 4 ? arguments.nonNegativeLength(2, "blur") : 0,
                  let color = arguments.anyColor(colorIndex, "color") else { return nil }
            return .shadow(Shadow(offsetX: x, offsetY: y, blur: blur, color: color))
        }),
        ("border", BuiltinFunction(arity: 2...2, arityText: "2 arguments (width, color)", holdsColors: true) { arguments in
            guard let width = arguments.nonNegativeLength(0, "width"), let color = arguments.anyColor(1, "color") else { return nil }
            return .border(Border(width: width, color: color))
        }),
    ]
}
