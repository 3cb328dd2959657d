/// `linear-gradient([direction,] color [position], color [position], ...)`,
/// as CSS writes it: the direction an angle (`90deg`: CSS's convention, 0
/// up and clockwise) or `to` a side or corner (`to right`, `to top left`),
/// by default `to bottom`; each color with an optional position in percent.
/// Positions left out are spread evenly between their neighbours, the first
/// at 0% and the last at 100%, and a position before an earlier one is
/// moved up to it (CSS's rules), so the table holds one location per color.
enum GradientFunction {
    static let all: [(String, BuiltinFunction)] = [
        ("linear-gradient", BuiltinFunction(arity: 2...Int.max,
                                            arityText: "a direction (optional) and two or more colors, each with an optional position") { arguments in
            var first = 0
            var direction = Gradient.Direction.toBottom
            if let parsed = readDirection(&arguments) {
                guard let parsed else { return nil }
                direction = parsed
                first = 1
            }
            // Sized once: growing from empty allocated each array twice for
            // two stops, a third of the cost of a gradient.
            var colors: [Color] = [], positions: [Double?] = []
            colors.reserveCapacity(arguments.count - first)
            positions.reserveCapacity(arguments.count - first)
            for index in first..<arguments.count {
                guard let (color, position) = stop(&arguments, index, number: index - first + 1) else { return nil }
                colors.append(color)
                positions.append(position)
            }
            guard colors.count >= 2 else {
                arguments.report(EvalMessages.arity("linear-gradient", expected: "two or more colors", found: colors.count), at: arguments.count - 1)
                return nil
            }
            return .gradient(Gradient(colors: colors, direction: direction, locations: locations(positions)))
        }),
    ]

    /// The direction, when the first argument is one: nil when it is a
    /// color stop; `.some(nil)` when it is a direction that is wrong (reported).
    private static func readDirection(_ arguments: inout CallArguments) -> Gradient.Direction?? {
        switch arguments.values[0] {
        case .angle(let radians):
            return .some(.angle(radians))
        case .identifier("to"):
            arguments.report(EvalMessages.gradientDirection(found: "'to' alone"), at: 0)
            return .some(nil)
        default:
            guard let words = arguments.sequence(0), case .identifier("to") = words.first else { return nil }
            let sides = words.dropFirst().map { item -> String in
                if case .identifier(let word) = item { return word }
                return ""
            }
            let horizontal = sides.filter { $0 == "left" || $0 == "right" }
            let vertical = sides.filter { $0 == "top" || $0 == "bottom" }
            guard !sides.isEmpty, sides.count <= 2, horizontal.count <= 1, vertical.count <= 1,
                  horizontal.count + vertical.count == sides.count else {
                let written = words.map { item -> String in
                    if case .identifier(let word) = item { return word }
                    return item.kindDescription
                }.joined(separator: " ")
                arguments.report(EvalMessages.gradientDirection(found: "'\(written)'"), at: 0)
                return .some(nil)
            }
            if let x = horizontal.first, let y = vertical.first {
                return .some(.corner(toRight: x == "right", toBottom: y == "bottom"))
            }
            let degrees: [String: Double] = ["top": 0, "right": 90, "bottom": 180, "left": 270]
            return .some(.angle(StylesheetText.radians(degrees: degrees[sides[0]]!)))
        }
    }

    /// Color stop `number` at argument `index`: a color, or a color and a percentage.
    private static func stop(_ arguments: inout CallArguments, _ index: Int, number: Int) -> (Color, Double?)? {
        guard let items = arguments.sequence(index) else {
            if case .color(let color) = arguments.values[index] { return (color, nil) }
            arguments.typeError(index, "color \(number)", expected: "a color, with an optional position ('blue 80%')")
            return nil
        }
        guard items.count == 2, case .color(let color) = items[0], case .percent(let position) = items[1] else {
            arguments.report(EvalMessages.gradientStop(number: number), at: index)
            return nil
        }
        // A layer's locations run from 0 to 1: a stop outside the box cannot be drawn.
        guard (0...100).contains(position) else {
            arguments.report(EvalMessages.argumentRange("linear-gradient", role: "position of color \(number)", range: "between 0% and 100%",
                                                        found: CallArguments.formatted(position) + "%"), at: index)
            return nil
        }
        return (color, position / 100)
    }

    /// One location per color by CSS's rules, or nil when no position is given.
    static func locations(_ positions: [Double?]) -> [Double]? {
        guard positions.contains(where: { $0 != nil }) else { return nil }
        var fixed = positions
        if fixed[0] == nil { fixed[0] = 0 }
        if fixed[fixed.count - 1] == nil { fixed[fixed.count - 1] = 1 }
        // A position before an earlier one stands at the earlier one.
        var highest = -Double.infinity
        for index in fixed.indices {
            guard let position = fixed[index] else { continue }
            highest = max(highest, position)
            fixed[index] = highest
        }
        // Each run of missing positions is spread evenly between its neighbours.
        var index = 0
        while index < fixed.count {
            guard fixed[index] == nil else {
                index += 1
                continue
            }
            let before = fixed[index - 1]!
            var after = index
            while fixed[after] == nil { after += 1 }
            let step = (fixed[after]! - before) / Double(after - index + 1)
            for missing in index..<after { fixed[missing] = before + step * Double(missing - index + 1) }
            index = after
        }
        return fixed.map { ($0! * 100_000).rounded() / 100_000 }
    }
}
