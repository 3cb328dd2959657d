import ReflLexer
import ReflParser

/// Lowers value syntax to typed `StyleValue`s: decodes literals, looks up
/// variables and keywords, and builds built-in function values. Problems are
/// reported into the program at the offending text; the result is nil then
/// (and nothing is reported twice for the same problem).
///
/// A class, so that the threads of the rule phase each hold theirs by one
/// reference: copying a struct of this many references would count each of
/// the shared tree's arrays on every copy.
final class ValueLowerer {
    let program: Program
    /// Whether this lowers a variable's definition (see `identifierValue`).
    var lowersVariable = false
    let file: LoadedFile
    /// Where problems go: the program's log, or a rule-phase thread's.
    var log: DiagnosticLog
    // Held directly: reaching them through `file` on every node costs reference counting.
    let syntax: StylesheetSyntax
    private let bytes: [UInt8]
    /// What the file's declaration keys mean (see `DeclarationKey`).
    let keys: [DeclarationKey]
    /// The variables lowered so far (all of them, in the rule phase).
    private let variables: VariableTable.Lookups
    /// The arguments of the calls being lowered, innermost last: a call's
    /// arguments are handed to its function as a piece of these, so that a
    /// call allocates nothing once they have grown.
    private let argumentStack = ArgumentStack()
    /// The built-in functions by name, held here rather than read through
    /// their global, whose one-time check cost a call for every call lowered.
    private let functions = BuiltinFunctions.byBytes
    /// The misspelt words among the arguments of the call being built, while
    /// it is (see `build`); nil, in the usual call, when there are none.
    private var misspeltArguments: [MisspeltWord]?
    /// How many calls enclose the value being lowered.
    private var callDepth = 0
    /// How many of them are `condition(...)`, which adds no level of its own.
    private var conditionCalls = 0
    /// At most how many levels the value `lower` gave last nests (a value
    /// holding others is one more than the deepest of them, as the tables
    /// count): the calls written, and the depth of each variable's value
    /// where it is used. Exact when it is past the limit.
    private(set) var depthBound = 1
    /// Where the variable whose value made `depthBound` is used.
    private var deepestVariable: SourceRange?
    /// Where the condition that took the value deepest is written (a
    /// `condition(...)`, or the variable or string given to it), for the
    /// error when that is too deep.
    private var deepestCondition: SourceRange?
    /// At most how many values the value `lower` gave last holds in all:
    /// a value for each of its nodes, and each variable's value in full
    /// (counted here, as the variables are met, less their own nodes).
    private(set) var sizeBound = 0
    /// Where the variable with the largest value in it is used, and that
    /// value's size (1, none yet, when no variable holds more than one value).
    private var largestVariable = SourceRange(0, 0)
    private var largestVariableSize = 1
    /// The sizes of the values `lower` gave, added up (see `RuleContext.takeLoweredValues`).
    var loweredValues = 0

    init(program: Program, file: LoadedFile, log: DiagnosticLog) {
        self.program = program
        self.file = file
        self.log = log
        self.syntax = file.syntax
        self.bytes = file.source.bytes
        self.keys = file.keys
        self.variables = program.variables.lookups
    }

    private func report(_ message: Message, _ range: SourceRange) {
        log.report(message, in: file, at: range)
    }

    /// The typed value of the node `id`, as it is stored: its colors
    /// rounded to 5 decimal places, and the result of an expression too
    /// (its parts are computed unrounded).
    ///
    /// The parser bounds the nesting it reads; a variable can hold a value
    /// nested as deep as that, and a call around it nests one more: past
    /// `LanguageLimits.maximumNesting` levels it is an error at the variable.
    ///
    /// Variables can double a value at each step: past
    /// `LanguageLimits.maximumValueSize` values in all, it is an error at
    /// the variable with the largest value, found before the value is
    /// walked (rounding it would take as long as writing it out).
    func lower(_ id: ValueID) -> StyleValue? {
        // A condition's argument is lowered inside its call: part of the outer value.
        guard callDepth == 0 else {
            guard var exact = lowerExact(id) else { return nil }
            exact.roundForStorage()
            return exact
        }
        depthBound = 1
        deepestVariable = nil
        deepestCondition = nil
        sizeBound = 0
        largestVariableSize = 1
        guard var exact = lowerExact(id) else { return nil }
        sizeBound += Int(syntax.values.subtreeEnd(of: id) - id)
        loweredValues += sizeBound
        guard sizeBound <= LanguageLimits.maximumValueSize && depthBound <= LanguageLimits.maximumNesting else {
            return checkingLimits(exact, at: syntax.values[id].range)
        }
        // A variable's value is stored rounded: used whole, it is kept as it
        // is rather than copied (a large one, used in many rules, would be
        // copied at each use).
        if syntax.values[id].kind != .variable { exact.roundForStorage() }
        return exact
    }

    /// `value`, a value past a limit's bound, as it is stored; nil, with an
    /// error at the variable that takes it past a limit. Apart from `lower`,
    /// which every declaration's value goes through, to keep it small.
    @inline(never)
    private func checkingLimits(_ value: StyleValue, at range: SourceRange) -> StyleValue? {
        if sizeBound > LanguageLimits.maximumValueSize && largestVariableSize > 1 {
            report(EvalMessages.valueTooLarge(String(file.text(largestVariable).dropFirst()), limit: LanguageLimits.maximumValueSize),
                   largestVariable)
            return nil
        }
        let rounded = value.roundedForStorage
        if depthBound > LanguageLimits.maximumNesting, let deepestVariable {
            depthBound = Self.depth(of: rounded, limit: LanguageLimits.maximumNesting)
            if depthBound > LanguageLimits.maximumNesting {
                report(EvalMessages.variableTooDeep(String(file.text(deepestVariable).dropFirst()), limit: LanguageLimits.maximumNesting),
                       deepestVariable)
                return nil
            }
        } else if depthBound > LanguageLimits.maximumNesting {
            // A bound, not the depth (an empty call counts a level it does not have): measured.
            depthBound = Self.depth(of: rounded, limit: LanguageLimits.maximumNesting)
            if depthBound > LanguageLimits.maximumNesting {
                report(EvalMessages.conditionTooDeepInValue(limit: LanguageLimits.maximumNesting), deepestCondition ?? range)
                return nil
            }
        }
        return rounded
    }

    /// How many levels `value` nests, as the rule tables count them,
    /// counted no further than `limit + 1`.
    static func depth(of value: StyleValue, limit: Int) -> Int {
        guard limit > 0 else { return 1 }
        func deepest(_ values: [StyleValue]) -> Int {
            var most = 0
            for item in values where most < limit { most = max(most, depth(of: item, limit: limit - 1)) }
            return 1 + most
        }
        switch value {
        case .vector(let items): return deepest(items)
        case .call(_, let arguments): return deepest(arguments)
        case .textAttributes(let attributes): return deepest(attributes.attributes.map(\.value))
        case .shadow(let shadow): return 1 + depth(of: shadow.color, limit: limit - 1)
        case .border(let border): return 1 + depth(of: border.color, limit: limit - 1)
        case .image(.fill(let fill)): return 1 + depth(of: fill, limit: limit - 1)
        case .image(.named(_, let capInsets, _)): return capInsets == nil ? 1 : 2
        case .gradient, .lightDark: return 2
        case .condition(let condition): return condition.test.depth  // counted with the calls around it (see `counted`)
        default: return 1
        }
    }

    /// The value of the node `id` at full precision: what a function is
    /// given, so that nested color functions round once, when the result
    /// is stored (`darken(lighten(#8188b8, 38%), 47%)` is `#646ca7`, as lessc
    /// computes it).
    private func lowerExact(_ id: ValueID) -> StyleValue? {
        let node = syntax.values[id]
        switch node.kind {
        case .number: return lowerNumber(node.range)
        case .string: return .string(StringLiteral.decode(bytes, node.range))
        case .hash: return lowerHash(node.range)
        case .identifier: return lowerIdentifier(node.range)
        case .variable: return lowerVariable(node.range)
        case .call: return lowerCall(id)
        case .list: return lowerList(id)
        case .condition: return lowerConditionValue(node)
        case .sum, .product, .negate, .group: return lowerExpression(id)
        // Only a call's own arguments are named or sequences: `lowerCall` reads them.
        case .invalid, .operator, .sequence, .namedArgument: return nil
        }
    }

    /// The words of a value written as one bare word or as bare words joined
    /// by `,` (`fill-equally`, `flexible-width, flexible-height`), each with
    /// its range; nil for any other value. In a list, a variable defined as
    /// a bare word (`top, @edge`) stands for its word, at the variable.
    func bareWords(_ id: ValueID) -> [(word: String, range: SourceRange)]? {
        let node = syntax.values[id]
        switch node.kind {
        case .identifier:
            return [(file.text(node.range), node.range)]
        case .list:
            var words: [(word: String, range: SourceRange)] = []
            let end = syntax.values.subtreeEnd(of: id)
            var next = id + 1
            while next < end {
                let item = syntax.values[next]
                if item.kind == .identifier {
                    words.append((file.text(item.range), item.range))
                } else if item.kind == .variable, let reached = wordReached(from: next) {
                    words.append((reached.word, item.range))
                } else {
                    return nil
                }
                next = syntax.values.subtreeEnd(of: next)
            }
            return words
        default:
            return nil
        }
    }

    // Out of line, so that `lower`, which runs for every value, stays small.
    @inline(never)
    private func lowerConditionValue(_ node: ValueNode) -> StyleValue? {
        counted(lowerCondition(syntax.conditions[node.conditionIndex]).map(StyleValue.condition), at: node.range)
    }

    /// `value`, its levels counted when it is a condition: a condition's
    /// tree nests inside the calls around it, and the JSON table, which
    /// reads both as one nesting, holds them together.
    private func counted(_ value: StyleValue?, at range: SourceRange) -> StyleValue? {
        if case .condition(let condition)? = value {
            let depth = callDepth - conditionCalls + condition.test.depth
            // Deeper than what a variable gave: the condition, not the variable, is to blame.
            if depth > depthBound { (depthBound, deepestVariable, deepestCondition) = (depth, nil, range) }
        }
        return value
    }

    @inline(never)
    private func lowerExpression(_ id: ValueID) -> StyleValue? {
        evaluate(id).map(Arithmetic.rounded)
    }

    /// The value of an operand of an expression: unrounded when it is an
    /// expression itself.
    private func evaluate(_ id: ValueID) -> StyleValue? {
        switch syntax.values[id].kind {
        case .sum, .product: return evaluateChain(id)
        case .negate: return evaluateNegation(id)
        case .group: return evaluate(id + 1)  // its one child
        default: return lower(id)
        }
    }

    // MARK: - Expressions

    /// `a + b - c` or `a * b / c`: the operands combined left to right; an
    /// error at the operator where two do not combine.
    private func evaluateChain(_ id: ValueID) -> StyleValue? {
        let end = syntax.values.subtreeEnd(of: id)
        var next = id + 1
        var failed = false
        var result = evaluate(next)
        if result == nil { failed = true }
        next = syntax.values.subtreeEnd(of: next)
        while next < end {
            let operatorNode = syntax.values[next]
            let operand = syntax.values.subtreeEnd(of: next)
            next = syntax.values.subtreeEnd(of: operand)
            guard let right = evaluate(operand) else {
                failed = true
                continue
            }
            guard !failed, let left = result, let op = Arithmetic.Operator(bytes[operatorNode.range.start]) else { continue }
            switch Arithmetic.apply(op, left, right) {
            case .success(let value): result = value
            case .failure(let message):
                report(message, operatorNode.range)
                failed = true
            }
        }
        return failed ? nil : result
    }

    /// `-operand`.
    private func evaluateNegation(_ id: ValueID) -> StyleValue? {
        guard let operand = evaluate(id + 1) else { return nil }
        switch Arithmetic.negate(operand) {
        case .success(let value): return value
        case .failure(let message):
            report(message, SourceRange(syntax.values[id].range.start, syntax.values[id].range.start + 1))
            return nil
        }
    }

    // MARK: - Literals

    private func lowerNumber(_ range: SourceRange) -> StyleValue? {
        let number = NumberLiteral.decode(bytes, range)
        switch number.problem {
        case .tooLarge?:
            report(EvalMessages.numberTooLarge(), range)
            return nil
        case .tooSmall?:
            report(EvalMessages.numberTooSmall(), range)
            return nil
        case nil:
            break
        }
        let unit = number.unit
        // The units by length and bytes: this runs for most numbers.
        func byte(_ offset: Int) -> UInt8 { bytes[unit.start + offset] }
        switch unit.count {
        case 0: return .number(number.value, unit: nil)
        case 1 where byte(0) == UInt8(ascii: "%"): return .percent(number.value)
        case 2 where byte(0) == UInt8(ascii: "p") && byte(1) == UInt8(ascii: "x"): return .number(number.value, unit: .px)
        case 2 where byte(0) == UInt8(ascii: "p") && byte(1) == UInt8(ascii: "t"): return .number(number.value, unit: .pt)
        case 3 where SourceFile.range(unit, of: bytes, equals: "deg"): return .angle(radians: StylesheetText.radians(degrees: number.value))
        case 3 where SourceFile.range(unit, of: bytes, equals: "rad"): return .angle(radians: number.value)
        case 3 where SourceFile.range(unit, of: bytes, equals: "rem"):
            let points = number.value * program.remBase
            guard points.isFinite else {
                report(EvalMessages.numberTooLarge(), range)
                return nil
            }
            return .number(points, unit: .pt)
        case 1 where byte(0) == UInt8(ascii: "s"): return .duration(seconds: number.value)
        case 2 where byte(0) == UInt8(ascii: "m") && byte(1) == UInt8(ascii: "s"): return .duration(seconds: number.value / 1000)
        default: break
        }
        // `8px-2px` reads as 8 with the unit `px-2px`: a subtraction without spaces.
        let unitText = file.text(unit)
        if let dash = unitText.firstIndex(of: "-"), unitText[unitText.index(after: dash)...].first.map({ $0.isNumber || $0 == "." }) == true {
            let left = file.text(SourceRange(range.start, unit.start)) + unitText[..<dash]
            report(EvalMessages.unitLooksLikeSubtraction(left, String(unitText[unitText.index(after: dash)...])), range)
            return nil
        }
        report(EvalMessages.unknownUnit(unitText), unit)
        return nil
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`.
    private func lowerHash(_ range: SourceRange) -> StyleValue? {
        guard let color = HexColor.color(bytes, in: range.start..<range.end) else {
            report(EvalMessages.invalidHexColor(file.text(range)), range)
            return nil
        }
        return .color(color)
    }


    /// A keyword or color name; any other word is kept as an identifier,
    /// with a warning when it is one typo away from a keyword.
    private func lowerIdentifier(_ range: SourceRange) -> StyleValue? {
        let (value, misspelt) = identifierValue(range)
        if let misspelt { report(misspelt.warning, range) }
        return value
    }

    /// A bare word's value: a keyword's, or the word kept as an identifier,
    /// and then, when it is one typo from a keyword, that keyword.
    private func identifierValue(_ range: SourceRange) -> (StyleValue, misspelt: MisspeltWord?) {
        if let value = Keywords.value(spelledBy: range, in: bytes) { return (value, nil) }
        let word = file.text(range)
        if let value = Keywords.value(of: word) { return (value, nil) }
        // A variable defined as a word of UIKit's enumerations (`link`,
        // `line`) is no typo of a keyword: it is read as that case where a
        // key of its type uses it. Not so an argument of a call in its
        // value (`darken(line, 10%)`), which is never a case.
        if let suggestion = keywordLikelyMeant(by: word), !(lowersVariable && callDepth == 0 && program.schemaCheck.isCaseWord(word)) {
            return (.identifier(word), MisspeltWord(range: range, word: word, suggestion: suggestion))
        }
        return (.identifier(word), nil)
    }

    /// A bare word one typo from a keyword (`rde`). Among a call's
    /// arguments, its warning waits for the function (see `build`).
    private struct MisspeltWord {
        let range: SourceRange
        let word: String
        let suggestion: String
        /// For a word reached through a variable, the note at its
        /// definition, where the fix goes; nil for a word written in place.
        var definitionNotes: [Diagnostic.Note]? = nil
        var warning: Message { EvalMessages.unknownIdentifier(word, suggestion: suggestion) }
    }

    /// The word of the node `id` when it is a bare word that is no keyword
    /// (which `lower` keeps as an identifier, with a "did you mean" warning
    /// when it is a typo of one); nil for any other node. Reports nothing.
    func unknownWord(_ id: ValueID) -> String? {
        let node = syntax.values[id]
        guard node.kind == .identifier, case .identifier(let word) = identifierValue(node.range).0 else { return nil }
        return word
    }

    private func lowerVariable(_ range: SourceRange) -> StyleValue? {
        switch variables.value(namedBy: SourceRange(range.start + 1, range.end), in: bytes) ?? .undefined {
        case .value(let value, let depth, let size):
            if callDepth + depth > depthBound {
                depthBound = callDepth + depth
                deepestVariable = range
            }
            // The use's own node is counted with the value's nodes.
            sizeBound += size - 1
            if size > largestVariableSize { (largestVariable, largestVariableSize) = (range, size) }
            return value
        case .failed: return nil
        case .undefined:
            let name = String(file.text(range).dropFirst())
            if name.isEmpty { return nil }  // a bare '@', reported by the parser
            let suggestion = Suggestions.closest(to: name, in: program.variables.definitions.keys)
            report(EvalMessages.undefinedVariable(name, suggestion: suggestion), range)
            return nil
        }
    }

    // MARK: - Calls and lists

    private func lowerCall(_ id: ValueID) -> StyleValue? {
        let nameRange = syntax.callName(id, in: bytes)
        let found = functions.value(namedBy: nameRange, in: bytes)
        // Children are walked by skipping each one's subtree (`ValueArena.children`
        // would take a reference to the shared arena per call).
        let end = syntax.values.subtreeEnd(of: id)
        let base = argumentStack.count
        defer { argumentStack.pop(to: base) }
        var failed = false
        let isCondition = found?.takesConditions ?? false
        let takesWords = found?.takesWords ?? false
        var forms = ArgumentForms()
        var misspelt: [MisspeltWord]?
        callDepth += 1
        // `condition(...)` is the condition itself: its levels are its tree's (see `counted`).
        if isCondition { conditionCalls += 1 } else { depthBound = max(depthBound, callDepth + 1) }
        defer { if isCondition { conditionCalls -= 1 } }
        var next = id + 1
        // How many arguments this call has pushed, counted here: the stack's
        // count, read from its module, is a call each time (34,757 for the
        // 1 MB corpus). Nested calls pop what they push.
        var pushed = 0
        while next < end {
            var argument = next
            next = syntax.values.subtreeEnd(of: argument)
            let range = syntax.values[argument].range
            let position = pushed
            if syntax.values[argument].kind == .namedArgument {
                forms.name(position, file.text(syntax.callName(argument, in: bytes)))
                argument += 1  // its one child, the value
            }
            let node = syntax.values[argument]
            var value: StyleValue?
            if takesWords && node.kind == .identifier {
                value = .identifier(file.text(node.range))
                forms.markBareWord(position)
            } else if node.kind == .sequence {
                value = lowerSequence(argument)
                forms.markSequence(position)
            } else if node.kind == .identifier && !isCondition {
                let (word, misspeltWord) = identifierValue(node.range)
                if let misspeltWord { misspelt = (misspelt ?? []) + [misspeltWord] }
                value = word
            } else {
                if takesWords && node.kind == .variable, let reached = wordReached(from: argument) {
                    forms.markVariableWord(position, reached.word)
                }
                value = isCondition ? lowerConditionOperand(argument) : lowerExact(argument)
                if node.kind == .variable && !takesWords && !isCondition,
                   let misspeltWord = misspeltCaseWord(value, reachedThrough: argument, at: range) {
                    misspelt = (misspelt ?? []) + [misspeltWord]
                }
            }
            // Taken out of the optional, not copied from it: a copy and the
            // optional's destruction cost more than most arguments' lowering.
            guard let lowered = value.take() else {
                failed = true
                continue
            }
            argumentStack.push(lowered, at: range)
            pushed += 1
        }
        callDepth -= 1
        let arguments = ArgumentValues(argumentStack, from: base)
        guard let misspelt else {
            return failed ? nil : build(found, at: id, nameRange: nameRange, arguments: arguments, forms: forms)
        }
        // Nested calls are built by now: these are this call's alone.
        misspeltArguments = misspelt
        let value = failed ? nil : build(found, at: id, nameRange: nameRange, arguments: arguments, forms: forms)
        // Those the function did not refuse; a variable's word that a function takes is meant.
        for word in misspeltArguments! where word.definitionNotes == nil { report(word.warning, word.range) }
        misspeltArguments = nil
        return value
    }

    /// A variable (the reference `id`) defined as a word of UIKit's
    /// enumerations (`@c: line;`) got no "did you mean" where it is defined, as it may be meant for a
    /// key of that type (see `identifierValue`). Given to a function
    /// (`darken(@c, 10%)`), it is told the keyword it is likely a typo of
    /// if the function refuses it, as the word written in place would be,
    /// with a note at the definition and no fix-it at the reference.
    private func misspeltCaseWord(_ value: StyleValue?, reachedThrough id: ValueID, at range: SourceRange) -> MisspeltWord? {
        guard case .identifier(let word)? = value, let suggestion = keywordLikelyMeant(byCaseWord: word) else { return nil }
        let notes = definitionNotes(for: id)
        guard !notes.isEmpty else { return nil }
        return MisspeltWord(range: range, word: word, suggestion: suggestion, definitionNotes: notes)
    }

    /// The answers of the "did you mean" questions below, by word: a
    /// stylesheet repeats the words that are no keywords, and the calls of
    /// functions it does not know (an app's own `kind: primary;` or
    /// `brand-tint(1)` in every rule), and each answer compares the word
    /// with every candidate (30,000 rules each with two such words built
    /// in 3.8 s, 0.75 s for two such calls, when asked at each one).
    private struct Answers {
        private var byWord: [String: String?] = [:]

        mutating func answer(for word: String, _ find: () -> String?) -> String? {
            if let known = byWord[word] { return known }
            let answer = find()
            byWord[word] = .some(answer)
            return answer
        }
    }

    private var caseWordTypos = Answers(), keywordTypos = Answers(), functionTypos = Answers()

    /// The keyword a word of UIKit's enumerations is likely a typo of
    /// (`line`: `lime`); nil for any other word. Telling a case word walks
    /// the whole schema, and a variable's word is asked about at each of
    /// its uses (30,000 rules of an app's classes, each giving two keys a
    /// variable's word, built in 0.47 s rather than 0.04 s asked each time).
    private func keywordLikelyMeant(byCaseWord word: String) -> String? {
        caseWordTypos.answer(for: word) { program.schemaCheck.isCaseWord(word) ? keywordLikelyMeant(by: word) : nil }
    }

    /// `Keywords.likelyMeant(by:)`, kept per word.
    private func keywordLikelyMeant(by word: String) -> String? {
        keywordTypos.answer(for: word) { Keywords.likelyMeant(by: word) }
    }

    /// `lower(id)` for the value of a declaration whose key no type checks
    /// (in a rule for a class the schema does not know, or a key it does not
    /// know), or of a shorthand (which takes no word). A variable defined
    /// as a word of UIKit's enumerations that is likely a typo of a keyword
    /// (`@c: line;`) got no "did you mean" where it is defined, as a key of
    /// that enumeration would read it as the case; nothing here reads it
    /// so, and it is warned about as the word written in place is, with a
    /// note at the definition, where the fix goes, and no fix-it at the
    /// reference.
    ///
    /// Most declarations are of this kind: the value's kind is what is
    /// tested first (a test of the tree's node, for every value, cost the
    /// 1 MB corpus's build 0.7M instructions).
    @inline(__always)
    func lowerUnchecked(_ id: ValueID) -> StyleValue? {
        let value = lower(id)
        if case .identifier? = value { warnIfMisspeltCaseWord(value, reachedThrough: id) }
        return value
    }

    /// The warning of `lowerUnchecked`, for a value that is a word.
    private func warnIfMisspeltCaseWord(_ value: StyleValue?, reachedThrough id: ValueID) {
        guard syntax.values[id].kind == .variable,
              let misspelt = misspeltCaseWord(value, reachedThrough: id, at: syntax.values[id].range) else { return }
        var warning = misspelt.warning
        warning.fixIt = nil
        log.report(warning, in: file, at: misspelt.range, notes: misspelt.definitionNotes ?? [])
    }

    /// `blue 80%`, `to right`: the values of a sequence, as a vector the
    /// function reads (`ArgumentForms` marks it). A bare word is a color
    /// when it names one, else the word itself: in `to right`, `right` is a
    /// direction, not a text alignment.
    private func lowerSequence(_ id: ValueID) -> StyleValue? {
        var items: [StyleValue] = []
        var failed = false
        for item in syntax.values.children(of: id) {
            let node = syntax.values[item]
            if node.kind == .identifier {
                let word = file.text(node.range)
                items.append(NamedColors.color(named: word).map(StyleValue.color) ?? .identifier(word))
            } else if let value = lowerExact(item) {
                items.append(value)
            } else {
                failed = true
            }
        }
        return failed ? nil : .vector(items)
    }

    /// The value of a call from its lowered arguments: a built-in function's,
    /// or the call kept as it is for a function the compiler does not know.
    ///
    /// A misspelt word among the arguments (`darken(rde, 10%)`) is told
    /// once: when the function refuses that argument, its error says "did
    /// you mean 'red'?" too; otherwise the word's own warning is reported.
    ///
    /// `values` is taken, not borrowed: it moves into the function's
    /// arguments rather than being copied, which would count a reference
    /// to the argument stack (two atomic operations of every call lowered).
    /// The function's name is made only for a message or an unknown
    /// function's call: a copy of it for every call would count a
    /// reference to it.
    private func build(_ found: BuiltinFunctions.Found?, at id: ValueID, nameRange: SourceRange,
                       arguments values: consuming ArgumentValues, forms: ArgumentForms) -> StyleValue? {
        guard let found else {
            let name = file.text(nameRange)
            if let suggestion = functionTypos.answer(for: name, { Suggestions.closest(to: name, in: BuiltinFunctions.table.keys) }) {
                report(EvalMessages.unknownFunction(name, suggestion: suggestion), nameRange)
            }
            if let named = forms.firstNamed {
                report(EvalMessages.namedArgumentOfUnknownFunction(name), values.range(named))
                return nil
            }
            return .call(name: name, arguments: Array(values))
        }
        if !found.takesNamedArguments, let named = forms.firstNamed {
            report(EvalMessages.namedArgumentNotTaken(found.name), values.range(named))
            return nil
        }
        guard found.arity.contains(values.count) else {
            // Too many: at the first extra argument; too few: at the closing ')'.
            let node = syntax.values[id]
            let at = values.count > found.arity.upperBound
                ? values.range(found.arity.upperBound) : SourceRange.at(max(node.range.start, node.range.end - 1))
            report(EvalMessages.arity(found.name, expected: found.arityText, found: values.count), at)
            return nil
        }
        if !found.holdsColors {
            if let index = values.firstIndex(where: { if case .assetColor = $0 { return true }; return false }) {
                report(EvalMessages.assetColorInFunction(found.name), values.range(index))
                return nil
            }
            if !found.isLightDark, values.contains(where: \.isLightDark) {
                return buildPerAppearance(found, at: id, arguments: values, forms: forms)
            }
        }
        var arguments = CallArguments(calling: found, values: values, forms: forms)
        let result = found.build(&arguments)
        for (message, range) in arguments.problems {
            var message = message
            var notes: [Diagnostic.Note] = []
            if let index = misspeltArguments?.firstIndex(where: { $0.range == range }) {
                let misspelt = misspeltArguments!.remove(at: index)
                message.text += "; did you mean '\(misspelt.suggestion)'?"
                if let definitionNotes = misspelt.definitionNotes {
                    notes = definitionNotes  // the fix goes there, not at the reference
                } else if message.fixIt == nil {
                    message.fixIt = FixIt(replacement: misspelt.suggestion)
                }
            }
            log.report(message, in: file, at: range, notes: notes)
        }
        if let result, Arithmetic.isBeyondRange(result) {
            // `percentage(@huge)`: an overflow is an error, never an infinite number in the table (JSON has none).
            report(EvalMessages.callResultTooLarge(found.name), syntax.values[id].range)
            return nil
        }
        return result
    }

    /// A function given a `light-dark()` color applies to each side:
    /// `darken(light-dark(a, b), 10%)` is `light-dark(darken(a, 10%), darken(b, 10%))`.
    /// Its result must then be a color for each appearance.
    private func buildPerAppearance(_ found: BuiltinFunctions.Found, at id: ValueID,
                                    arguments values: ArgumentValues, forms: ArgumentForms) -> StyleValue? {
        func side(_ dark: Bool) -> (StyleValue?, [(Message, SourceRange)]) {
            let picked = values.map { value -> StyleValue in
                guard case .lightDark(let light, let darkColor) = value else { return value }
                return .color(dark ? darkColor : light)
            }
            let base = argumentStack.count
            defer { argumentStack.pop(to: base) }
            for (index, value) in picked.enumerated() { argumentStack.push(value, at: values.range(index)) }
            var arguments = CallArguments(calling: found, values: ArgumentValues(argumentStack, from: base), forms: forms)
            let result = found.build(&arguments)
            return (result, arguments.problems)
        }
        let (light, problems) = side(false)
        for (message, range) in problems { report(message, range) }  // the dark side's would say the same
        guard let light else { return nil }
        guard let dark = side(true).0 else { return nil }
        guard case .color(let lightColor) = light, case .color(let darkColor) = dark else {
            report(EvalMessages.lightDarkOutsideColorFunction(found.name), syntax.values[id].range)
            return nil
        }
        return lightColor == darkColor ? .color(lightColor) : .lightDark(light: lightColor, dark: darkColor)
    }

    /// Where the one `.` of `range` of the file is; nil when it has none or
    /// more than one.
    func onlyDot(in range: SourceRange) -> Int? {
        var dot: Int?
        for index in range.start..<range.end where bytes[index] == UInt8(ascii: ".") {
            guard dot == nil else { return nil }
            dot = index
        }
        return dot
    }

    /// Whether `range` of the file holds exactly the bytes `other`. A
    /// method of the lowerer: its bytes are compared where it holds them,
    /// with no reference counted to the file's bytes, which the threads share.
    func bytes(in range: SourceRange, equal other: [UInt8]) -> Bool {
        range.end - range.start == other.count && bytes.equalBytes(in: range.start..<range.end, other, from: 0)
    }

    /// `flexible-width, flexible-height`: the options are OR-ed together.
    private func lowerList(_ id: ValueID) -> StyleValue? {
        var bits = 0
        var failed = false
        let end = syntax.values.subtreeEnd(of: id)
        var next = id + 1
        while next < end {
            let item = next
            next = syntax.values.subtreeEnd(of: item)
            // An option written as its word is read as its bit: its value,
            // shared by every thread, would be copied only to be read.
            if syntax.values[item].kind == .identifier, let bit = Keywords.autoresizingBit(spelledBy: syntax.values[item].range, in: bytes) {
                bits |= bit
                continue
            }
            guard let value = lowerExact(item) else {
                failed = true
                continue
            }
            guard case .optionSet(let options) = value else {
                report(EvalMessages.listNotAllowed(), syntax.values[item].range)
                return nil
            }
            bits |= options.rawValue
        }
        guard !failed else { return nil }
        if bits >= 0 && bits < 64 {
            // Made on first use: a lowerer is made for each variable's definition too.
            if optionSets.isEmpty { optionSets = [OptionSetValue?](repeating: nil, count: 64) }
            if optionSets[bits] == nil {
                // A new array of the options' names (literals, which count no references).
                let shared = Keywords.optionSet(bits: bits)
                optionSets[bits] = OptionSetValue(setName: shared.setName, options: shared.options.map { $0 }, rawValue: shared.rawValue)
            }
            return .optionSet(optionSets[bits]!)
        }
        return .optionSet(Keywords.optionSet(bits: bits))
    }

    /// The option sets this lowerer made, by their bits: values of its
    /// thread's own, where `Keywords`' are shared by every thread, and the
    /// counts of references of their arrays fought over by the cores.
    private var optionSets: [OptionSetValue?] = []

    // MARK: - Selectors

    /// The selector of `rule`, a rule of this lowerer's file, as the table
    /// records it (see `RuleCompiler.selector(of:in:)`). Asked of the
    /// lowerer, one per thread, so that the file the threads share is passed
    /// on without counting a reference to it.
    func selector(of rule: Rule) -> RuleSelector {
        RuleCompiler.selector(of: rule, in: file)
    }

    // MARK: - Conditions

    func lowerCondition(_ condition: ConditionSyntax) -> Condition? {
        Self.condition(condition, in: file.source)
    }

    /// The condition `condition` of `source` stands for; nil when it has an error (reported by its parser).
    private static func condition(_ condition: ConditionSyntax, in source: SourceFile) -> Condition? {
        guard condition.isValid, let root = condition.root else { return nil }
        let inner = SourceRange(condition.range.start + 1, max(condition.range.start + 1, condition.range.end - 1))
        return Condition(test: root.expression, source: source.text(inner))
    }

    /// The definition a variable reference `id` leads to, following
    /// variables that hold other variables: its name, its file and the root
    /// node of its value (still a variable when the chain ends at an
    /// undefined or cyclic one, which the variable table reports). Nil when
    /// `id` is no variable or an undefined one.
    func definitionReached(from id: ValueID) -> (name: String, file: LoadedFile, root: ValueNode)? {
        var file = self.file
        var node = syntax.values[id]
        var reached: (name: String, file: LoadedFile, root: ValueNode)?
        var seen: Set<String> = []
        while node.kind == .variable {
            let name = String(file.text(node.range).dropFirst())
            guard let definition = program.variables.definitions[name], seen.insert(name).inserted else { break }
            reached = (name, definition.file, definition.root)
            file = definition.file
            node = definition.root
        }
        return reached
    }

    /// The bare word the variable reference `id` stands for, through
    /// variables that hold others (`definitionReached`), and the file it is
    /// written in; nil when the chain ends at any other value. Kept by
    /// name: a function or a key that takes words is given the same
    /// variable in rule after rule (`font(@font, 12pt)`), and walking the
    /// chain makes a string and a set and looks the name up by string
    /// (2,900 instructions a use, 3.5% of the 1 MB benchmark corpus's build).
    /// `id` must be a variable reference: its name is what the answer is kept by.
    func wordReached(from id: ValueID) -> (word: String, file: LoadedFile)? {
        let range = syntax.values[id].range
        if let known = variableWords.value(namedBy: SourceRange(range.start + 1, range.end), in: bytes) { return known }
        let reached = definitionReached(from: id).flatMap { $0.root.kind == .identifier ? ($0.file.text($0.root.range), $0.file) : nil }
        variableWords.set(reached, for: String(file.text(range).dropFirst()))
        return reached
    }

    /// `wordReached`'s answers, by variable name.
    private var variableWords = ByteKeyedTable<(word: String, file: LoadedFile)?>()

    /// For an error about the value of a variable reference `id`, a note
    /// at the value it stands for, written elsewhere: where the fix goes.
    func definitionNotes(for id: ValueID) -> [Diagnostic.Note] {
        guard syntax.values[id].kind == .variable, let reached = definitionReached(from: id) else { return [] }
        return [Diagnostic.Note("'@\(reached.name)' is defined here", file: reached.file.source, range: reached.root.range)]
    }

    /// A value that must be a condition: a condition string written in
    /// place, `condition('...')`, or a variable holding either. A string
    /// reached through variables is parsed where it is written, so errors
    /// point inside it.
    ///
    /// Only this lowerer's file's tree is read: a variable's definition is
    /// followed through the root node its table keeps, so the trees of
    /// other files may be released meanwhile (see `LoadedFile.releaseTree`).
    func lowerConditionOperand(_ id: ValueID) -> StyleValue? {
        // Most operands are written in place (`__condition: '...'`, parsed
        // with the file): lowered here, without reaching into other files.
        let kind = syntax.values[id].kind
        guard kind == .variable || kind == .string else { return lower(id) }
        var file = self.file
        var node = syntax.values[id]
        // The variable whose definition's value `node` is, once one is followed.
        var reached: String?
        if let definition = definitionReached(from: id) {
            (reached, file, node) = (definition.name, definition.file, definition.root)
        }
        guard node.kind == .string else {
            // Anything else is what the variable holds, as lowered with the variables.
            guard let reached else { return lower(id) }
            return counted(program.variables.values[reached], at: syntax.values[id].range)
        }
        let key = ConditionCache.Key(file: ObjectIdentifier(file), offset: node.range.start)
        let condition = program.conditionCache.condition(at: key) {
            let (syntax, problems) = ConditionParser.parse(file: file.source, literal: node.range)
            log.append(contentsOf: problems)
            return Self.condition(syntax, in: file.source)
        }
        return counted(condition.map(StyleValue.condition), at: syntax.values[id].range)
    }
}
