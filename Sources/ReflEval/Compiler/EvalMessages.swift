import ReflLexer

/// Every message the compiler (imports, variables, rules, values) can
/// report, in one place.
enum EvalMessages {
    static func assetColorInFunction(_ function: String) -> Message {
        .error(.argumentType, "\(function)() cannot compute with an asset color: its value is known only on the device; "
               + "give the color itself (a hex color, rgb(), ...) or make a second color in the asset catalog")
    }

    static func lightDarkOutsideColorFunction(_ function: String) -> Message {
        .error(.argumentType, "\(function)() of a light-dark() color gives no color for each appearance; "
               + "give light-dark() to a color function (darken, fade, mix, ...) or write one light-dark() of the results")
    }

    static func namedArgumentOfUnknownFunction(_ function: String) -> Message {
        .error(.namedArgument, "'\(function)' is no function of the language, and only its functions take arguments by name")
    }

    static func namedArgumentNotTaken(_ function: String) -> Message {
        .error(.namedArgument, "\(function)() takes its arguments in order, not by name; write the value alone")
    }

    static func argumentNeedsName(_ function: String, names: [String]) -> Message {
        .error(.namedArgument, "\(function)() takes its arguments by name: write 'NAME: VALUE' with a name of "
               + names.map { "'\($0)'" }.joined(separator: ", "))
    }

    static func unknownArgumentName(_ function: String, _ name: String, suggestion: String?, names: [String]) -> Message {
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? " (its names: \(names.joined(separator: ", ")))"
        return .error(.namedArgument, "\(function)() has no argument '\(name)'" + hint)
    }

    static func repeatedArgumentName(_ function: String, _ name: String) -> Message {
        .error(.namedArgument, "\(function)(): '\(name)' is given twice")
    }

    static func shorthandValue(_ key: String, expected: String, found: String) -> Message {
        .warning(.shorthand, "'\(key)' sets its parts at once from \(expected); found \(found), kept as a property of that name for the app")
    }

    static func textShadowBlur(_ className: String, blur: String) -> Message {
        .warning(.shorthand, "\(className)'s own shadow (the text's) has no blur: the blur of \(blur) is not drawn; "
                 + "for a blurred text shadow use 'text-attributes(shadow: ...)', for the layer's shadow 'layer--shadow'")
    }

    static func symbolScaleAsWeight(_ scale: String) -> Message {
        .error(.argumentType, "symbol(): '\(scale)' is a scale, and the third argument is always a weight; "
               + "give the weight before it: 'regular, \(scale)'", fixIt: FixIt(replacement: "regular, \(scale)"))
    }

    static func gradientDirection(found: String) -> Message {
        .error(.argumentType, "linear-gradient(): a direction is an angle ('90deg') or 'to' and a side or corner "
               + "('to right', 'to top left'), found \(found)")
    }

    static func gradientStop(number: Int) -> Message {
        .error(.argumentType, "linear-gradient(): color \(number) must be a color and one position in percent, such as 'blue 80%'")
    }

    // MARK: Imports

    static func importUnreadable(_ path: String, reason: String) -> Message {
        .error(.importMissing, "cannot import '\(path)': \(reason)")
    }

    static func importCycle(_ chain: [String]) -> Message {
        .error(.importCycle, "import cycle: " + chain.joined(separator: " → "))
    }

    // MARK: Variables

    static func undefinedVariable(_ name: String, suggestion: String?) -> Message {
        .error(.undefinedVariable, "undefined variable '@\(name)'" + (suggestion.map { "; did you mean '@\($0)'?" } ?? ""),
               fixIt: suggestion.map { FixIt(replacement: "@" + $0) })
    }

    static func conditionTooDeepInValue(limit: Int) -> Message {
        .error(.nestingLimit, "values are nested more than \(limit) levels deep with the condition in them (each 'not', each chain of 'and' or 'or', and the term of a condition is a level)")
    }

    static func variableTooDeep(_ name: String, limit: Int) -> Message {
        .error(.nestingLimit, "values are nested more than \(limit) levels deep with the value of '@\(name)'")
    }

    static func valueTooLarge(_ name: String, limit: Int) -> Message {
        .error(.valueSizeLimit, "with the value of '@\(name)', this value would hold more than \(limit) values, the limit; "
               + "a variable's value is written out in full at each use")
    }

    static func variablesTooLarge(limit: Int) -> Message {
        .error(.valueSizeLimit, "the variables hold more than \(limit) values in all with this one, the limit; "
               + "the table writes every variable's value out in full")
    }

    static func tableTooLarge(limit: Int) -> Message {
        .error(.valueSizeLimit, "the JSON table passes \(limit >> 20) MiB at the rules from here, the limit for this input; "
               + "variables and includes write their values out in full at each use, where the binary table "
               + "(--format binary) stores each value once")
    }

    static func loweredValuesLimit(_ limit: Int) -> Message {
        .error(.valueSizeLimit, "the rules from here take the values their declarations hold past \(limit) in all, the limit for this input; "
               + "a variable's value counts in full at each use")
    }

    static func laidOutValuesLimit(_ limit: Int) -> Message {
        .error(.valueSizeLimit, "the rules from here take the values laid out in the binary table past \(limit), the limit for this input; "
               + "variables and includes repeat their values in full at each use")
    }

    static func variableCycle(_ chain: [String]) -> Message {
        .error(.variableCycle, "variable cycle: " + chain.map { "@" + $0 }.joined(separator: " → "))
    }

    static func variableRedefined(_ name: String) -> Message {
        .warning(.variableRedefined, "variable '@\(name)' is defined again; this later definition wins")
    }

    // MARK: Rules and directives

    static func whereWithoutCondition() -> Message {
        .error(.whereWithoutCondition, "a ':__where' rule needs a '__condition' declaration")
    }

    static func conditionWithoutWhere() -> Message {
        .warning(.conditionWithoutWhere,
                 "'__condition' in a rule without ':__where' still applies; add ':__where' to the selector to say so")
    }

    static func duplicateCondition() -> Message {
        .error(.duplicateCondition, "a rule takes one '__condition'; join the terms with 'and'")
    }

    static func conditionValue(found: String) -> Message {
        .error(.conditionValue, "'__condition' takes a condition string such as 'idiom = pad', found \(found)")
    }

    static func applyToSubclassesValue(found: String) -> Message {
        .error(.applyToSubclassesValue, "'apply-to-subclasses' takes true or false, found \(found)")
    }

    static func importantOnDirective(_ name: String) -> Message {
        .error(.importantOnDirective, "'!important' cannot mark the directive '\(name)'", fixIt: FixIt(replacement: ""))
    }

    static func legacyDirective(_ name: String) -> Message {
        .warning(.legacyDirective, "'\(name)' is the old name of the '__\(name)' directive; write '__\(name)'",
                 fixIt: FixIt(replacement: "__" + name))
    }

    static func conditionAsProperty() -> Message {
        .warning(.conditionAsProperty, "'condition' is set as a property of this rule; to make the rule conditional, "
                 + "write '__condition' and add ':__where' to the selector", fixIt: FixIt(replacement: "__condition"))
    }

    static func stateOnDirective(_ name: String) -> Message {
        .error(.stateOnDirective, "the directive '\(name)' is not for a control state; remove the brackets",
               fixIt: FixIt(replacement: ""))
    }

    static func unknownDirective(_ name: String, suggestion: String?) -> Message {
        .error(.unknownDirective, "unknown directive '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
               + (suggestion == nil ? "; the directives are __include and __condition" : ""),
               fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func duplicateProperty(_ key: String) -> Message {
        .warning(.duplicateProperty, "'\(key)' is set twice in this rule; the later value wins")
    }

    static func includeUndefined(_ selector: String, suggestion: String?) -> Message {
        .warning(.includeUndefined, "no rule has the selector '\(selector)' to include"
                 + (suggestion.map { "; did you mean '\($0)'?" } ?? ""),
                 fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func includeExpansionLimit(_ limit: Int, chain: [String]) -> Message {
        let shown = chain.count > 6 ? chain.prefix(3) + ["…"] + chain.suffix(2) : chain[...]
        return .error(.includeLimit, "includes copy more than \(limit) properties in all, the limit; "
                      + "the chain that copies most (\(chain.count) rules): " + shown.joined(separator: " → "))
    }

    static func includeCycle(_ chain: [String]) -> Message {
        .error(.includeCycle, "include cycle: " + chain.joined(separator: " → "))
    }

    // MARK: Values

    static func unknownUnit(_ unit: String) -> Message {
        if unit.count > 1, unit.first == "e" || unit.first == "E", unit.dropFirst().allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
            return .error(.unknownUnit, "exponent notation ('\(unit)') is not supported; write the number in full")
        }
        return .error(.unknownUnit, "unknown unit '\(unit)'; numbers take px, pt, rem, %, deg, rad, s, ms or no unit")
    }

    static func numberTooLarge() -> Message {
        .error(.numberRange, "number is too large to represent")
    }

    static func callResultTooLarge(_ function: String) -> Message {
        .error(.numberRange, "\(function)(): the result is too large to represent")
    }

    static func resultTooLarge(_ symbol: String) -> Message {
        .error(.numberRange, "the result of this '\(symbol)' is too large to represent")
    }

    static func numberTooSmall() -> Message {
        .error(.numberRange, "number is too small to represent (it is not zero, but rounds to zero)")
    }

    static func invalidHexColor(_ text: String) -> Message {
        .error(.invalidColor, "invalid color '\(text)'; write #rgb, #rgba, #rrggbb or #rrggbbaa with hexadecimal digits")
    }

    static func unknownIdentifier(_ word: String, suggestion: String) -> Message {
        .warning(.unknownKeyword, "'\(word)' is not a keyword or color and is kept as an identifier; did you mean '\(suggestion)'?",
                 fixIt: FixIt(replacement: suggestion))
    }

    static func unquotedFontName(_ word: String) -> Message {
        .error(.fontName, "font names are quoted: write '\(word)' as a string, font('\(word)', SIZE); a bare word here is a text style or a weight",
               fixIt: FixIt(replacement: "'\(word)'"))
    }

    static func unknownFunction(_ name: String, suggestion: String) -> Message {
        .warning(.unknownFunction, "'\(name)' is not a built-in function and is kept as a call; did you mean '\(suggestion)'?",
                 fixIt: FixIt(replacement: suggestion))
    }

    static func weightOfNamedFont(_ name: String) -> Message {
        .error(.fontWeight, "a weight applies to the system font only; the weight of '\(name)' is part of its name (such as '\(name)-Bold')")
    }

    static func weightWithoutFont(_ weight: String) -> Message {
        .error(.fontWeight, "a weight needs a font or a text style: write font(body, \(weight)) or font('system', 17pt, \(weight))")
    }

    static func textStyleWithPercent() -> Message {
        .error(.fontTextStyle, "a font with a text style scales with Dynamic Type; give its size in points, not as a percentage")
    }

    static func fontWordTwice(_ word: String) -> Message {
        .error(.fontTextStyle, "font() takes one text style and one weight; '\(word)' is a second one")
    }

    static func unknownFontWord(_ word: String, suggestion: String?) -> Message {
        .error(.fontTextStyle, "unknown text style or weight '\(word)'" + (suggestion.map { "; did you mean '\($0)'?" }
               ?? "; the text styles are large-title, title1, title2, title3, headline, body, callout, subheadline, footnote, caption1 and caption2"),
               fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    // MARK: Expressions

    static func operandMismatch(_ op: Arithmetic.Operator, _ left: String, _ right: String) -> Message {
        let text: String
        switch op {
        case .add: text = "cannot add \(left) and \(right)"
        case .subtract: text = "cannot subtract \(right) from \(left)"
        case .multiply: text = "cannot multiply \(left) by \(right)"
        case .divide: text = "cannot divide \(left) by \(right)"
        }
        return .error(.operandType, text)
    }

    static func unitsMultiplied(_ left: String, _ right: String) -> Message {
        .error(.operandType, "cannot multiply two values with units, \(left) and \(right); one of them must be a bare number")
    }

    static func divisionByZero(_ left: String) -> Message {
        .error(.divisionByZero, "cannot divide \(left) by zero")
    }

    static func cannotNegate(_ operand: String) -> Message {
        .error(.operandType, "cannot negate \(operand); '-' applies to numbers, lengths, percentages and angles")
    }

    static func unitLooksLikeSubtraction(_ number: String, _ rest: String) -> Message {
        .error(.unspacedMinus, "'\(number)-\(rest)' is not a number with a unit; to subtract, write '\(number) - \(rest)'",
               fixIt: FixIt(replacement: "\(number) - \(rest)"))
    }

    static func listNotAllowed() -> Message {
        .error(.listNotAllowed,
               "a comma-separated list is only allowed for autoresizing options (flexible-width, flexible-height, ...); use vector(...) for a list of values")
    }

    static func arity(_ function: String, expected: String, found: Int) -> Message {
        .error(.arity, "\(function)() takes \(expected), found \(found)")
    }

    static func argumentType(_ function: String, role: String, expected: String, found: String) -> Message {
        .error(.argumentType, "\(function)(): the \(role) must be \(expected), found \(found)")
    }

    static func argumentRange(_ function: String, role: String, range: String, found: String) -> Message {
        .error(.argumentRange, "\(function)(): the \(role) must be \(range), found \(found)")
    }
}
