import ReflLexer

/// Every message the parser can report, in one place. Wording follows
/// clang: lowercase, no final period, what was expected and what was found.
enum ParserMessages {
    static func expected(_ what: String, after context: String, found: String, fixIt: FixIt? = nil) -> Message {
        .error("expected-token", "expected \(what) after \(context), found \(found)", fixIt: fixIt)
    }

    static func expected(_ what: String, found: String) -> Message {
        .error("expected-token", "expected \(what), found \(found)")
    }

    static func expectedTopLevelItem(found: String) -> Message {
        .error("expected-item", "expected a rule, a variable or an @import, found \(found)")
    }

    static func unexpectedCloseBrace() -> Message {
        .error("unbalanced-brace", "unexpected '}' with no '{' to match", fixIt: FixIt(replacement: ""))
    }

    static func unterminatedBlock(_ what: String) -> Message {
        .error("unterminated-block", "expected '}' at the end of the \(what), found end of file",
               fixIt: FixIt(replacement: "}"))
    }

    static func multipleSelectors() -> Message {
        .error("multiple-selectors",
               "a rule takes exactly one selector; write one rule and '__include' its selector in the rules of the others")
    }

    static func secondTrait(_ trait: String) -> Message {
        .error("multiple-traits", "a selector may name only one trait, found a second trait '\(trait)'")
    }

    static func whereNotLast() -> Message {
        .error("where-not-last", "':__where' must be the last part of a selector")
    }

    static func whereAlone() -> Message {
        .error("where-without-target", "':__where' needs a class or a trait before it")
    }

    static func selectorPartExpected(found: String) -> Message {
        .error("expected-selector", "expected a class or trait name after ':', found \(found)")
    }

    static func nestedRule() -> Message {
        .error("nested-rule", "nested rules are not part of the language; write a separate rule, "
               + "or set a subview's property with a key path ('subview--property: value')")
    }

    // MARK: LESS and CSS constructs

    static func classSelector(_ name: String) -> Message {
        .error("css-selector", "CSS class selectors ('.\(name)') are not part of the language; "
               + "select by a class ('UIButton') or a trait ('\(name)')", fixIt: FixIt(replacement: name))
    }

    static func idSelector(_ name: String) -> Message {
        .error("css-selector", "CSS id selectors ('#\(name)') are not part of the language; select by a trait ('\(name)')",
               fixIt: FixIt(replacement: name))
    }

    static func mixinCall(_ name: String) -> Message {
        .error("mixin-call", "mixin calls are not part of the language; use '__include: \(name);' to copy a rule's declarations")
    }

    static func combinator(_ kind: String, example: String) -> Message {
        .error("css-selector", "\(kind) ('\(example)') are not part of the language; a rule styles one class and trait: "
               + "give the view a trait of its own, or style it from its parent with a key path ('child--property: value')")
    }

    /// `@media` and other CSS at-rules; nil for an at-name that is none.
    static func foreignAtRule(_ name: String) -> Message? {
        switch name {
        case "@media":
            return .error("media-query", "'@media' is not part of the language; use a ':__where' rule with a '__condition' "
                          + "such as 'width >= 768 or idiom = pad'")
        case "@font-face", "@keyframes", "@supports", "@charset", "@page", "@namespace", "@layer", "@container",
             "@mixin", "@include", "@extend", "@function", "@if", "@each", "@use", "@forward":
            return .error("css-at-rule", "the CSS rule '\(name)' is not part of the language")
        default:
            return nil
        }
    }

    static func unspacedMinus(_ written: String, spaced: String) -> Message {
        .error("unspaced-minus", "'\(written)' after a value: a '-' that subtracts needs a space on both sides; write '\(spaced)'")
    }

    static func pipeInList() -> Message {
        .error("list-separator", "options are joined with ',' in a stylesheet, not '|' ('flexible-width, flexible-height')",
               fixIt: FixIt(replacement: ","))
    }

    static func unknownBangWord(_ word: String, suggestion: String?) -> Message {
        .error("expected-token", "unknown '!\(word)'" + (suggestion.map { "; did you mean '!\($0)'?" } ?? "; the only such word is '!important'"),
               fixIt: suggestion.map { FixIt(replacement: "!" + $0) })
    }

    static func variableInRule() -> Message {
        .error("variable-in-rule", "variables cannot be defined inside a rule; move the definition to the top level or a namespace")
    }

    static func namespaceItem(found: String) -> Message {
        .error("namespace-item", "a namespace holds only variable definitions ('@name: value;'), found \(found)")
    }

    static func importantOnVariable() -> Message {
        .error("important-on-variable", "'!important' cannot mark a variable definition; put it on the declaration that uses the variable",
               fixIt: FixIt(replacement: ""))
    }

    static func unknownImportForm(found: String) -> Message {
        .error("import-syntax", "expected a quoted path or url(\"...\") after '@import', found \(found)")
    }

    static func unitNotAttached(_ unit: String, number: String) -> Message {
        .error("detached-unit", "a unit must be attached to its number: write '\(number)\(unit)'")
    }

    static func nestingTooDeep(limit: Int) -> Message {
        .error("nesting-limit", "values are nested more than \(limit) levels deep")
    }

    static func unknownState(_ name: String, suggestion: String?) -> Message {
        .error("unknown-state", "unknown control state '\(name)'"
               + (suggestion.map { "; did you mean '\($0)'?" } ?? "; the states are normal, highlighted, disabled, selected and focused"),
               fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func repeatedState(_ name: String) -> Message {
        .error("repeated-state", "the control state '\(name)' is listed twice")
    }

    static func normalWithOtherStates() -> Message {
        .error("normal-with-states", "'normal' means no other state and cannot be combined with one; leave it out")
    }

    static func emptyAtName() -> Message {
        .error("expected-name", "expected a name after '@'")
    }

    // MARK: Conditions

    static func emptyCondition() -> Message {
        .error("condition-empty", "empty condition; write 'default' for a condition that always holds")
    }

    static func unknownConditionSubject(_ word: String, suggestion: String?) -> Message {
        let hint = suggestion.map { "; did you mean '\($0)'?" }
            ?? "; expected width, height, horizontal, vertical, idiom, appearance, content-size, layout-direction, "
            + "orientation, contrast, reduce-motion, reduce-transparency, bold-text, default or ?name"
        return .error("condition-subject", "unknown condition '\(word)'\(hint)",
                      fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func conditionTermExpected(found: String) -> Message {
        .error("condition-syntax", "expected a condition such as 'width < 200' or 'idiom = pad', found \(found)")
    }

    static func conditionExpected(_ what: String, after: String, found: String) -> Message {
        .error("condition-syntax", "expected \(what) after '\(after)', found \(found)")
    }

    static func unknownConditionOperator(_ op: String) -> Message {
        .error("condition-operator", "unknown operator '\(op)'; expected one of =, ==, !=, ≠, <, <=, ≤, >, >=, ≥")
    }

    static func orderingOnEquality(_ op: String, subject: String) -> Message {
        .error("condition-operator", "'\(op)' cannot compare \(subject); use '=' or '!='")
    }

    static func unknownConditionValue(_ word: String, expected: [String], suggestion: String?) -> Message {
        let list = expected.map { "'\($0)'" }.joined(separator: ", ")
        let hint = suggestion.map { "; did you mean '\($0)'?" } ?? "; expected one of \(list)"
        return .error("condition-value", "unknown value '\(word)'\(hint)", fixIt: suggestion.map { FixIt(replacement: $0) })
    }

    static func conditionUnit(_ unit: String) -> Message {
        .error("condition-unit", "unknown unit '\(unit)' in a condition; sizes take 'px', 'pt' or no unit")
    }

    static func conditionJoiner(found: String) -> Message {
        .error("condition-joiner", "expected 'and' or 'or' between conditions, found \(found)")
    }

    static func conditionSymbol(_ symbol: String, word: String) -> Message {
        .error("condition-joiner", "write '\(word)' instead of '\(symbol)' in a condition", fixIt: FixIt(replacement: word))
    }

    static func unbalancedConditionParenthesis(found: String) -> Message {
        .error("condition-parenthesis", "unbalanced '(': expected ')' to close it, found \(found)")
    }

    static func unmatchedConditionParenthesis() -> Message {
        .error("condition-parenthesis", "unexpected ')' with no '(' to match", fixIt: FixIt(replacement: ""))
    }

    static func conditionNestingTooDeep(limit: Int) -> Message {
        .error("nesting-limit", "condition is nested more than \(limit) levels deep (parentheses and 'not')")
    }

    static func reservedConditionWord(_ word: String) -> Message {
        .error("condition-reserved-word", "'\(word)' is a reserved word and cannot name an external condition")
    }

    static func conditionTakesNoOperator(_ term: String) -> Message {
        .error("condition-operator", "'\(term)' takes no operator; write '\(term)' or 'not \(term)'")
    }

    static func conditionNumber(_ text: String) -> Message {
        .error("condition-number", "'\(text)' is not a number a size can be compared with")
    }
}
