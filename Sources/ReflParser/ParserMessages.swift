import ReflLexer

/// Every message the parser can report, in one place. Wording follows
/// clang: lowercase, no final period, what was expected and what was found.
enum ParserMessages {
    static func expected(_ what: String, after context: String, found: String, fixIt: FixIt? = nil) -> Message {
        .error(.expectedToken, "expected \(what) after \(context), found \(found)", fixIt: fixIt)
    }

    /// Space-separated values: the form this language writes them in.
    /// `shadow(0 2px 4px black)`: arguments written with spaces between.
    static func spaceSeparatedArguments(function: String, values: [String]) -> Message {
        .error(.spaceSeparatedValues, "the arguments of \(function)() are separated by ',', found \(values.count) values separated by spaces; "
               + "write '\(values.joined(separator: ", "))'", fixIt: FixIt(replacement: values.joined(separator: ", ")))
    }

    static func spaceSeparated(key: String, values: [String]) -> Message {
        let base = "'\(key)' takes one value, found \(values.count) separated by spaces"
        let lowered = key.lowercased()
        func write(_ form: String, _ why: String = "", certain: Bool) -> Message {
            .error(.spaceSeparatedValues, base + "; write '\(form)'" + why, fixIt: certain ? FixIt(replacement: form) : nil)
        }
        let styles: Set<String> = ["solid", "dashed", "dotted", "double", "groove", "ridge", "inset", "outset", "none", "hidden"]
        if lowered.contains("border"), values.contains(where: { styles.contains($0) }) {
            let rest = values.filter { !styles.contains($0) }
            if rest.count == 2 { return write("border(\(rest[0]), \(rest[1]))", " (a border has a width and a color; UIKit draws it solid)", certain: true) }
        }
        if lowered.contains("shadow"), (3...4).contains(values.count) {
            // CSS's `box-shadow` is the `shadow` shorthand here.
            let why = lowered == "box-shadow" ? " (x, y, blur, color) to the key 'shadow', which sets the shadow's parts" : " (x, y, blur, color)"
            return write("shadow(\(values.joined(separator: ", ")))", why, certain: values.count == 4)
        }
        let lengths = values.allSatisfy { $0.first.map { $0.isNumber || $0 == "-" || $0 == "." || $0 == "@" } ?? false }
        let insetsKey = ["margin", "padding", "inset"].contains { lowered.contains($0) }
        if lengths && values.count == 2 && !insetsKey {
            // The key says nothing of what the two numbers are (`tint-color: 1px 2px`): name the forms, pick none.
            return .error(.spaceSeparatedValues, base + "; a declaration takes one value: two numbers are the arguments of "
                              + "a function such as edge-insets(vertical, horizontal), size(width, height) or point(x, y)")
        }
        if lengths && (2...4).contains(values.count) {
            let v = values
            switch v.count {
            case 2:
                return write("edge-insets(\(v[0]), \(v[1]))", " (vertical, horizontal)", certain: insetsKey)
            case 3:
                return write("edge-insets(\(v[1]), \(v[0]), \(v[1]), \(v[2]))",
                             ": CSS's three values are top, horizontal, bottom; edge-insets() takes left, top, right, bottom", certain: insetsKey)
            default:
                return write("edge-insets(\(v[3]), \(v[0]), \(v[1]), \(v[2]))",
                             ": CSS's order is top, right, bottom, left; edge-insets() takes left, top, right, bottom", certain: insetsKey)
            }
        }
        return .error(.spaceSeparatedValues, base + "; a declaration takes one value (a list is written with ',' inside vector(...))")
    }

    static func expected(_ what: String, found: String) -> Message {
        .error(.expectedToken, "expected \(what), found \(found)")
    }

    static func expectedTopLevelItem(found: String) -> Message {
        .error(.expectedItem, "expected a rule, a variable or an @import, found \(found)")
    }

    static func unexpectedCloseBrace() -> Message {
        .error(.unbalancedBrace, "unexpected '}' with no '{' to match; remove it", fixIt: FixIt(replacement: ""))
    }

    static func unterminatedBlock(_ what: String) -> Message {
        .error(.unterminatedBlock, "expected '}' at the end of the \(what), found end of file",
               fixIt: FixIt(replacement: "}"))
    }

    static func multipleSelectors() -> Message {
        .error(.multipleSelectors,
               "a rule takes exactly one selector; write one rule and '__include' its selector in the rules of the others")
    }

    static func secondTrait(_ trait: String) -> Message {
        .error(.multipleTraits, "a selector may name only one trait, found a second trait '\(trait)'")
    }

    static func whereNotLast() -> Message {
        .error(.whereNotLast, "':__where' must be the last part of a selector")
    }

    static func whereAlone() -> Message {
        .error(.whereWithoutTarget, "':__where' needs a class or a trait before it")
    }

    static func selectorPartExpected(found: String) -> Message {
        .error(.expectedSelector, "expected a class or trait name after ':', found \(found)")
    }

    static func nestedRule() -> Message {
        .error(.nestedRule, "nested rules are not part of the language; write a separate rule, "
               + "or set a subview's property with a key path ('subview--property: value')")
    }

    // MARK: LESS and CSS constructs

    static func classSelector(_ name: String) -> Message {
        .error(.cssSelector, "CSS class selectors ('.\(name)') are not part of the language; "
               + "select by a class ('UIButton') or a trait ('\(name)')", fixIt: FixIt(replacement: name))
    }

    static func idSelector(_ name: String) -> Message {
        .error(.cssSelector, "CSS id selectors ('#\(name)') are not part of the language; select by a trait ('\(name)')",
               fixIt: FixIt(replacement: name))
    }

    static func mixinCall(_ name: String) -> Message {
        .error(.mixinCall, "mixin calls are not part of the language; use '__include: \(name);' to copy a rule's declarations")
    }

    static func combinator(_ kind: String, example: String) -> Message {
        .error(.cssSelector, "\(kind) ('\(example)') are not part of the language; a rule's steps are its view's ancestors "
               + "('A B': inside A; 'A > B': directly inside A): give the view a trait of its own to tell it from its siblings")
    }

    /// Whether `@name {` is a CSS at-rule with a block (`@font-face { ... }`)
    /// rather than a namespace: a stylesheet pasted from CSS gets one error
    /// for it, not one for each declaration a namespace cannot hold.
    static func isCSSBlockAtRule(_ name: String) -> Bool {
        name == "@font-face" || name == "@page" || name == "@media"
    }

    /// `@media` and other CSS at-rules; nil for an at-name that is none.
    static func foreignAtRule(_ name: String) -> Message? {
        switch name {
        case "@media":
            return .error(.mediaQuery, "'@media' is not part of the language; use a ':__where' rule with a '__condition' "
                          + "such as 'width >= 768 or idiom = pad'")
        case "@font-face":
            return .error(.cssAtRule, "the CSS rule '@font-face' is not part of the language; name a font the app bundles "
                          + "(listed in its Info.plist under UIAppFonts) in a value such as font('Avenir-Book', 16pt)")
        case "@keyframes", "@supports", "@charset", "@page", "@namespace", "@layer", "@container",
             "@mixin", "@include", "@extend", "@function", "@if", "@each", "@use", "@forward":
            return .error(.cssAtRule, "the CSS rule '\(name)' is not part of the language")
        default:
            return nil
        }
    }

    /// `written` is `-2` after a value and a space (`afterValue`), or `8-2`.
    static func unspacedMinus(_ written: String, spaced: String, afterValue: Bool) -> Message {
        .error(.unspacedMinus, "'\(written)'\(afterValue ? " after a value" : ""): a '-' that subtracts needs a space on both sides; write '\(spaced)'",
               fixIt: FixIt(replacement: spaced))
    }

    static func pipeInList() -> Message {
        .error(.listSeparator, "options are joined with ',' in a stylesheet, not '|' ('flexible-width, flexible-height')",
               fixIt: FixIt(replacement: ","))
    }

    static func importantApart() -> Message {
        .error(.expectedToken, "'!' and 'important' are apart; write '!important' (only spaces may stand between them)",
               fixIt: FixIt(replacement: "!important"))
    }

    static func unknownBangWord(_ word: String, suggestion: String?) -> Message {
        .error(.expectedToken, "unknown '!\(word)'" + (suggestion.map { "; did you mean '!\($0)'?" } ?? "; the only such word is '!important'"),
               fixIt: suggestion.map { FixIt(replacement: "!" + $0) })
    }

    static func variableInRule() -> Message {
        .error(.variableInRule, "variables cannot be defined inside a rule; move the definition to the top level or a namespace")
    }

    static func namespaceItem(found: String) -> Message {
        .error(.namespaceItem, "a namespace holds only variable definitions ('@name: value;'), found \(found)")
    }

    static func importantOnVariable() -> Message {
        .error(.importantOnVariable, "'!important' cannot mark a variable definition; put it on the declaration that uses the variable",
               fixIt: FixIt(replacement: ""))
    }

    static func unknownTokenMode(found: String) -> Message {
        .error(.importSyntax, "expected 'light:' or 'dark:' and a design-token file laid over the first, found \(found)")
    }

    static func tokenModeTwice(_ mode: String) -> Message {
        .error(.importSyntax, "the '\(mode)' token file is given twice; give each appearance one file")
    }

    static func unknownImportForm(found: String) -> Message {
        .error(.importSyntax, "expected a quoted path or url(\"...\") after '@import', found \(found)")
    }

    static func unitNotAttached(_ unit: String, number: String) -> Message {
        .error(.detachedUnit, "a unit must be attached to its number: write '\(number)\(unit)'")
    }

    static func nestingTooDeep(limit: Int) -> Message {
        .error(.nestingLimit, "values are nested more than \(limit) levels deep")
    }

    static func unknownState(_ name: String, suggestion: String?) -> Message {
        .error(.unknownState, "unknown control state '\(name)'"
               + (suggestion.map { "; did you mean '\($0)'?" } ?? "; the states are normal, highlighted, disabled, selected and focused"),
               fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func repeatedState(_ name: String) -> Message {
        .error(.repeatedState, "the control state '\(name)' is listed twice")
    }

    static func normalWithOtherStates() -> Message {
        .error(.normalWithStates, "'normal' means no other state and cannot be combined with one; leave it out")
    }

    static func emptyAtName() -> Message {
        .error(.expectedName, "expected a name after '@'")
    }

    // MARK: Conditions

    static func emptyCondition() -> Message {
        .error(.conditionEmpty, "empty condition; write 'default' for a condition that always holds")
    }

    static func unknownConditionSubject(_ word: String, suggestion: String?) -> Message {
        let hint = suggestion.map { "; did you mean '\($0)'?" }
            ?? "; expected " + ConditionParser.subjects.joined(separator: ", ") + " or ?name"
        return .error(.conditionSubject, "unknown condition '\(word)'\(hint)",
                      fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func conditionTermExpected(found: String) -> Message {
        .error(.conditionSyntax, "expected a condition such as 'width < 200' or 'idiom = pad', found \(found)")
    }

    static func conditionExpected(_ what: String, after: String, found: String) -> Message {
        .error(.conditionSyntax, "expected \(what) after '\(after)', found \(found)")
    }

    static func unknownConditionOperator(_ op: String) -> Message {
        .error(.conditionOperator, "unknown operator '\(op)'; expected one of =, ==, !=, ≠, <, <=, ≤, >, >=, ≥")
    }

    static func orderingOnEquality(_ op: String, subject: String) -> Message {
        .error(.conditionOperator, "'\(op)' cannot compare \(subject); use '=' or '!='")
    }

    static func unknownConditionValue(_ word: String, expected: [String], suggestion: String?) -> Message {
        let list = expected.map { "'\($0)'" }.joined(separator: ", ")
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of \(list)"
        return .error(.conditionValue, "unknown value '\(word)'\(hint)", fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func scaleUnit(_ unit: String) -> Message {
        .error(.conditionUnit, "a scale takes no unit (the screen's scale: 1, 2 or 3), found '\(unit)'")
    }

    static func conditionUnit(_ unit: String) -> Message {
        .error(.conditionUnit, "unknown unit '\(unit)' in a condition; sizes take 'px', 'pt' or no unit")
    }

    static func conditionJoiner(found: String) -> Message {
        .error(.conditionJoiner, "expected 'and' or 'or' between conditions, found \(found)")
    }

    static func conditionSymbol(_ symbol: String, word: String) -> Message {
        .error(.conditionJoiner, "write '\(word)' instead of '\(symbol)' in a condition", fixIt: FixIt(replacement: word))
    }

    static func unbalancedConditionParenthesis(found: String) -> Message {
        .error(.conditionParenthesis, "unbalanced '(': expected ')' to close it, found \(found)")
    }

    static func unmatchedConditionParenthesis() -> Message {
        .error(.conditionParenthesis, "unexpected ')' with no '(' to match; remove it", fixIt: FixIt(replacement: ""))
    }

    static func conditionNestingTooDeep(limit: Int) -> Message {
        .error(.nestingLimit, "condition is nested more than \(limit) levels deep (in parentheses, 'not', 'and' and 'or')")
    }

    static func reservedConditionWord(_ word: String) -> Message {
        .error(.conditionReservedWord, "'\(word)' is a reserved word and cannot name an external condition")
    }

    static func conditionTakesNoOperator(_ term: String) -> Message {
        .error(.conditionOperator, "'\(term)' takes no operator; write '\(term)' or 'not \(term)'")
    }

    static func conditionNumber(_ text: String) -> Message {
        .error(.conditionNumber, "'\(text)' is not a number a size can be compared with")
    }
}
