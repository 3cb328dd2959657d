import ReflLexer

/// A built-in function of the value language: how many arguments it takes
/// and how it builds its value from them. The registry (`BuiltinFunctions`)
/// is assembled from one table per family of functions.
struct BuiltinFunction: Sendable {
    /// Accepted argument counts (`Int.max` as upper bound for "or more").
    let arity: ClosedRange<Int>
    /// How the counts are described in messages: "3 or 4 arguments".
    let arityText: String
    /// Whether bare-word arguments reach the function as the words they
    /// are (`font(body, black)`), not as keywords or colors.
    var takesWords = false
    /// Whether arguments may be given by name (`font: font(body)`).
    var takesNamedArguments = false
    /// Whether the function holds colors rather than computing with them:
    /// it is given asset colors and `light-dark()` colors as they are (a
    /// function that computes is given no asset color, and is applied to
    /// each side of a light-dark color).
    var holdsColors = false
    /// Builds the value from lowered arguments; reports through the context
    /// and returns nil on a bad argument.
    let build: @Sendable (inout CallArguments) -> StyleValue?

    init(arity: ClosedRange<Int>, arityText: String, takesWords: Bool = false, takesNamedArguments: Bool = false,
         holdsColors: Bool = false, build: @escaping @Sendable (inout CallArguments) -> StyleValue?) {
        self.arity = arity
        self.arityText = arityText
        self.takesWords = takesWords
        self.takesNamedArguments = takesNamedArguments
        self.holdsColors = holdsColors
        self.build = build
    }
}

/// How each argument of a call was written, beyond its value: by name
/// (`font: ...`), as a bare word in a function that `takesWords`, or as
/// values separated by spaces (`blue 80%`, lowered to a vector).
struct ArgumentForms {
    /// Bit `i` is set when argument `i` (of the first 64) is a bare word.
    private(set) var bareWords: UInt64 = 0
    /// Bit `i` is set when argument `i` (of the first 64) is a sequence.
    private(set) var sequences: UInt64 = 0
    /// The names of the arguments given by name, by index; nil when none is.
    private(set) var names: [Int: String]?
    /// For an argument written as a variable defined as a bare word
    /// (`@weight: semibold;`), that word, by index; nil when none is.
    private(set) var variableWords: [Int: String]?

    mutating func markBareWord(_ index: Int) {
        if index < 64 { bareWords |= 1 << UInt64(index) }
    }

    mutating func markSequence(_ index: Int) {
        if index < 64 { sequences |= 1 << UInt64(index) }
    }

    mutating func markVariableWord(_ index: Int, _ word: String) {
        variableWords = variableWords ?? [:]
        variableWords![index] = word
    }

    mutating func name(_ index: Int, _ name: String) {
        names = names ?? [:]
        names![index] = name
    }

    func isBareWord(_ index: Int) -> Bool { index < 64 && bareWords & (1 << UInt64(index)) != 0 }
    func isSequence(_ index: Int) -> Bool { index < 64 && sequences & (1 << UInt64(index)) != 0 }
    func name(of index: Int) -> String? { names?[index] }

    /// The first argument given by name.
    var firstNamed: Int? { names?.keys.min() }
}

/// Every built-in function by name.
enum BuiltinFunctions {
    static let table: [String: BuiltinFunction] = {
        var table: [String: BuiltinFunction] = [:]
        for family in [ColorFunctions.all, ColorAdjustmentFunctions.all, ColorMixingFunctions.all, MathFunctions.all,
                       GeometryFunctions.all, FontFunctions.all, ContainerFunctions.all, GradientFunction.all,
                       ImageFunctions.all, DrawingFunctions.all, TextAttributesFunction.all] {
            for (name, function) in family { table[name] = function }
        }
        return table
    }()

    /// A built-in function found by its name: its place in `byIndex`, and
    /// what a call asks of it before its arguments are lowered. Plain
    /// fields, no reference: every thread finds a function for each call
    /// it lowers, and a shared object's count of references, changed by
    /// both cores at once, made that lookup 2.6% of a two-core build's
    /// time (0.7% on one core).
    struct Found {
        let index: Int
        /// Whether its arguments are conditions (`condition('...')`): strings
        /// that are parsed as conditions.
        let takesConditions: Bool
        /// See `BuiltinFunction.takesWords`.
        let takesWords: Bool
        /// Whether it is `light-dark()`, the one function of colors that
        /// takes a `light-dark()` color as it is (others apply to each side).
        let isLightDark: Bool

        var name: String { BuiltinFunctions.names[index] }
        // The rest is read in place (the function's closure and arity text
        // are not copied).
        var takesNamedArguments: Bool { BuiltinFunctions.byIndex[index].takesNamedArguments }
        var holdsColors: Bool { BuiltinFunctions.byIndex[index].holdsColors }
        var arity: ClosedRange<Int> { BuiltinFunctions.byIndex[index].arity }
        var arityText: String { BuiltinFunctions.byIndex[index].arityText }
        func build(_ arguments: inout CallArguments) -> StyleValue? { BuiltinFunctions.byIndex[index].build(&arguments) }
    }

    /// The functions' names in order, and the functions, by `Found.index`.
    private static let names = table.keys.sorted()
    private static let byIndex = names.map { table[$0]! }

    /// The functions by the bytes of their names, found without making a
    /// String (each lowerer holds this table).
    static let byBytes = ByteKeyedTable(Dictionary(uniqueKeysWithValues: names.indices.map { index in
        (names[index], Found(index: index, takesConditions: names[index] == "condition", takesWords: byIndex[index].takesWords,
                             isLightDark: names[index] == "light-dark"))
    }))
}

/// The lowered arguments of one call, with typed accessors that report a
/// wrong argument at the argument itself. Valid only while the function
/// builds its value.
struct CallArguments {
    /// The function called. Its name, only read for a message, is not
    /// copied: a copy for every call would count a reference to it.
    let called: BuiltinFunctions.Found
    var function: String { called.name }
    /// The values, read-only and bounds-checked.
    let values: ArgumentValues
    /// How each argument was written.
    let forms: ArgumentForms
    /// Problems found, each at an argument's range.
    private(set) var problems: [(Message, SourceRange)] = []

    init(calling called: BuiltinFunctions.Found, values: ArgumentValues, forms: ArgumentForms = ArgumentForms()) {
        self.called = called
        self.values = values
        self.forms = forms
    }

    var count: Int { values.count }

    mutating func report(_ message: Message, at index: Int) {
        problems.append((message, values.range(index)))
    }

    /// Reports argument `index` as not what the function expects; nil, to
    /// return from the builder. An argument's role ("red component", "color
    /// 2") is made only when a message needs it: most calls have no problem.
    @discardableResult
    mutating func typeError(_ index: Int, _ role: @autoclosure () -> String, expected: String) -> StyleValue? {
        report(EvalMessages.argumentType(function, role: role(), expected: expected, found: values[index].kindDescription),
               at: index)
        return nil
    }

    /// The word argument `index` is, when it is written as a bare word in a
    /// function that `takesWords`.
    func word(_ index: Int) -> String? {
        guard forms.isBareWord(index), case .identifier(let word) = values[index] else { return nil }
        return word
    }

    /// `word(index)`, or the bare word a variable written there is defined
    /// as (`@weight: black;`): read as a word where the function takes one,
    /// whatever it means elsewhere (`black` is the color black).
    func wordOrVariableWord(_ index: Int) -> String? {
        word(index) ?? forms.variableWords?[index]
    }

    /// The items of argument `index` when it is written as values separated by spaces.
    func sequence(_ index: Int) -> [StyleValue]? {
        guard forms.isSequence(index), case .vector(let items) = values[index] else { return nil }
        return items
    }

    /// A color of any kind: plain, `light-dark()` or from the asset catalog
    /// (for functions that hold colors).
    mutating func anyColor(_ index: Int, _ role: @autoclosure () -> String) -> StyleValue? {
        if values[index].isAnyColor { return values[index] }
        typeError(index, role(), expected: "a color")
        return nil
    }

    /// A length that is not negative.
    mutating func nonNegativeLength(_ index: Int, _ role: @autoclosure () -> String) -> Double? {
        guard let value = length(index, role()) else { return nil }
        guard value >= 0 else {
            report(EvalMessages.argumentRange(function, role: role(), range: "0 or more", found: format(value)), at: index)
            return nil
        }
        return value
    }

    /// A number with px, pt or no unit; a percentage is an error here.
    mutating func length(_ index: Int, _ role: @autoclosure () -> String) -> Double? {
        if case .number(let value, _) = values[index] { return value }
        typeError(index, role(), expected: "a number (px, pt or no unit)")
        return nil
    }

    /// A number without unit, within `range`.
    mutating func plainNumber(_ index: Int, _ role: @autoclosure () -> String, in range: ClosedRange<Double>) -> Double? {
        guard case .number(let value, nil) = values[index] else {
            typeError(index, role(), expected: "a number without unit")
            return nil
        }
        guard range.contains(value) else {
            report(EvalMessages.argumentRange(function, role: role(), range: "between \(format(range.lowerBound)) and \(format(range.upperBound))",
                                              found: format(value)), at: index)
            return nil
        }
        return value
    }

    /// A percentage within 0...100.
    mutating func percentage(_ index: Int, _ role: @autoclosure () -> String) -> Double? {
        guard case .percent(let value) = values[index] else {
            typeError(index, role(), expected: "a percentage")
            return nil
        }
        guard (0...100).contains(value) else {
            report(EvalMessages.argumentRange(function, role: role(), range: "between 0% and 100%", found: format(value) + "%"),
                   at: index)
            return nil
        }
        return value
    }

    /// An angle, or a plain number taken as radians.
    mutating func angle(_ index: Int, _ role: @autoclosure () -> String) -> Double? {
        switch values[index] {
        case .angle(let radians): return radians
        case .number(let value, nil): return value
        default:
            typeError(index, role(), expected: "an angle (rad or deg)")
            return nil
        }
    }

    mutating func string(_ index: Int, _ role: @autoclosure () -> String) -> String? {
        if case .string(let text) = values[index] { return text }
        typeError(index, role(), expected: "a string")
        return nil
    }

    mutating func color(_ index: Int, _ role: @autoclosure () -> String) -> Color? {
        if case .color(let color) = values[index] { return color }
        typeError(index, role(), expected: "a color")
        return nil
    }

    /// `300`, not `300.0`, in messages: as a stylesheet writes it.
    func format(_ value: Double) -> String { Self.formatted(value) }

    /// `300`, not `300.0`, in messages: as a stylesheet writes it.
    static func formatted(_ value: Double) -> String { StylesheetText.number(value) }
}

extension StyleValue {
    /// How a value is named in messages: "a percentage", "a color".
    var kindDescription: String {
        switch self {
        case .number(_, let unit): return unit == nil ? "a number" : "a number in \(unit!.rawValue)"
        case .percent: return "a percentage"
        case .angle: return "an angle"
        case .string: return "a string"
        case .bool: return "a boolean"
        case .color: return "a color"
        case .gradient: return "a gradient"
        case .font: return "a font"
        case .rect: return "a rect"
        case .point: return "a point"
        case .size: return "a size"
        case .edgeInsets: return "edge insets"
        case .localizedString: return "a localized string"
        case .transform: return "a transform"
        case .vector: return "a vector"
        case .image: return "an image"
        case .condition: return "a condition"
        case .enumCase(let value): return "the keyword for \(value.enumName).\(value.caseName)"
        case .optionSet: return "autoresizing options"
        case .call(let name, _): return "a call to '\(name)'"
        case .identifier(let word): return "the identifier '\(word)'"
        case .lightDark: return "a light-dark color"
        case .duration: return "a duration"
        case .assetColor(let name): return "the asset color '\(name)'"
        case .shadow: return "a shadow"
        case .border: return "a border"
        case .textAttributes: return "text attributes"
        }
    }

    /// Whether a declaration holding this value is important automatically:
    /// a percentage, a font with a percentage size, a gradient, or a
    /// vector, call or image holding one of those.
    var isImportantByNature: Bool {
        switch self {
        case .percent, .gradient: return true
        case .font(let font):
            if case .percent = font.size { return true }
            return false
        case .vector(let items): return items.contains { $0.isImportantByNature }
        case .call(_, let arguments): return arguments.contains { $0.isImportantByNature }
        case .image(.fill(let fill)): return fill.isImportantByNature
        default: return false
        }
    }
}

/// A call's argument values as the function families see them: a read-only
/// collection indexed from 0 whose every access is checked, over the top of
/// the lowerer's argument stack, which holds them while the function builds
/// its value.
struct ArgumentValues: RandomAccessCollection {
    private let stack: ArgumentStack
    private let base: Int
    let endIndex: Int

    /// The arguments on `stack` from `base` to its top.
    init(_ stack: ArgumentStack, from base: Int) {
        self.stack = stack
        self.base = base
        endIndex = stack.count - base
    }

    var startIndex: Int { 0 }

    subscript(index: Int) -> StyleValue {
        _read {
            precondition(index >= 0 && index < endIndex, "argument index out of range")
            yield stack[base + index]
        }
    }

    /// Where argument `index` was written.
    func range(_ index: Int) -> SourceRange {
        precondition(index >= 0 && index < endIndex, "argument index out of range")
        return stack.range(at: base + index)
    }
}
