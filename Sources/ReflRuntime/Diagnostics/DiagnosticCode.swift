/// Every kind of problem reflc reports, each with a stable identifier: the
/// `code` of `--diagnostics json`, of the language server's diagnostics,
/// and of Docs/Diagnostics.md. One place, so that codes stay the same from
/// release to release: a code is never renamed or reused; a new kind of
/// problem gets a new one.
public enum DiagnosticCode: String, CaseIterable, Sendable {
    /// `apply-to-subclasses` is given something other than true or false.
    case applyToSubclassesValue = "apply-to-subclasses-value"
    /// A function's argument is out of the range it takes.
    case argumentRange = "argument-range"
    /// A function's argument is not of the type it takes.
    case argumentType = "argument-type"
    /// A function is called with too many or too few arguments.
    case arity = "arity"
    /// A rule sets `condition` as a property where the `__condition` directive was likely meant.
    case conditionAsProperty = "condition-as-property"
    /// A condition string is empty.
    case conditionEmpty = "condition-empty"
    /// Two condition terms are not joined by `and` or `or` (or `&&`/`||` is written).
    case conditionJoiner = "condition-joiner"
    /// A size in a condition is not a number.
    case conditionNumber = "condition-number"
    /// An unknown comparison operator in a condition.
    case conditionOperator = "condition-operator"
    /// Unbalanced parentheses in a condition.
    case conditionParenthesis = "condition-parenthesis"
    /// `and`, `or` or `not` used as an external condition's name.
    case conditionReservedWord = "condition-reserved-word"
    /// An unknown term in a condition (not `width`, `idiom`, ...).
    case conditionSubject = "condition-subject"
    /// A condition term is malformed.
    case conditionSyntax = "condition-syntax"
    /// A size in a condition has a unit other than px or pt.
    case conditionUnit = "condition-unit"
    /// `__condition` is given something other than a condition string, or a term's value is unknown.
    case conditionValue = "condition-value"
    /// A `__condition` in a rule that cannot take one.
    case conditionWithoutWhere = "condition-without-where"
    /// A CSS at-rule (`@font-face`, `@keyframes`, ...) that the language does not have.
    case cssAtRule = "css-at-rule"
    /// A CSS selector form (`.class`, `#id`, a selector list) that the language does not have.
    case cssSelector = "css-selector"
    /// A unit written apart from its number (`12 px`).
    case detachedUnit = "detached-unit"
    /// An expression divides by zero.
    case divisionByZero = "division-by-zero"
    /// A class name whose part before the dot is a UIKit class (`UIButton.primary`), where a trait (`UIButton:primary`) was likely meant.
    case dottedSelector = "dotted-selector"
    /// A rule has more than one `__condition`.
    case duplicateCondition = "duplicate-condition"
    /// A rule sets the same property twice (the later wins).
    case duplicateProperty = "duplicate-property"
    /// Something other than a rule, variable or import at the top level.
    case expectedItem = "expected-item"
    /// `@` without a name.
    case expectedName = "expected-name"
    /// A selector part is missing after `:`.
    case expectedSelector = "expected-selector"
    /// A token the grammar requires is missing (`;`, `:`, `)`, ...).
    case expectedToken = "expected-token"
    /// A font name written as a bare word (`font(Avenir, 16pt)`), where a quoted string is needed.
    case fontName = "font-name"
    /// A font with a text style is sized in percent, or its style is misplaced.
    case fontTextStyle = "font-text-style"
    /// A weight given to a font other than the system font, or an unknown weight.
    case fontWeight = "font-weight"
    /// Files import each other in a cycle.
    case importCycle = "import-cycle"
    /// An imported file cannot be read.
    case importMissing = "import-missing"
    /// An `@import` without a quoted path.
    case importSyntax = "import-syntax"
    /// `!important` on a directive such as `__include`.
    case importantOnDirective = "important-on-directive"
    /// `!important` on a variable definition.
    case importantOnVariable = "important-on-variable"
    /// Rules include each other in a cycle.
    case includeCycle = "include-cycle"
    /// Includes expand past the limit on copied properties.
    case includeLimit = "include-limit"
    /// `__include` names a selector no rule has.
    case includeUndefined = "include-undefined"
    /// A character that cannot start any token.
    case invalidCharacter = "invalid-character"
    /// A `#` color that is not 3, 4, 6 or 8 hexadecimal digits.
    case invalidColor = "invalid-color"
    /// Bytes that are not UTF-8.
    case invalidUTF8 = "invalid-utf8"
    /// `include:` or `condition:`, the old names of `__include` and `__condition`.
    case legacyDirective = "legacy-directive"
    /// A comma-separated list where a single value is required.
    case listNotAllowed = "list-not-allowed"
    /// Options joined with `|` instead of `,`.
    case listSeparator = "list-separator"
    /// A `reflc.json` (`--config`) that is not valid: JSON syntax, an unknown key, a wrong type or value.
    case malformedConfiguration = "malformed-configuration"
    /// A rule table that is not valid (JSON syntax, shape, or values).
    case malformedTable = "malformed-table"
    /// `@media`, which the language expresses as a `:__where` rule.
    case mediaQuery = "media-query"
    /// A LESS mixin call (`.name();`), which the language writes as `__include`.
    case mixinCall = "mixin-call"
    /// A rule with more than one selector.
    case multipleSelectors = "multiple-selectors"
    /// A selector with more than one trait.
    case multipleTraits = "multiple-traits"
    /// An argument given by name where the function takes none, given
    /// alone where it takes names, or given a name the function does not know.
    case namedArgument = "named-argument"
    /// Something other than a variable definition inside a namespace.
    case namespaceItem = "namespace-item"
    /// A rule nested inside another.
    case nestedRule = "nested-rule"
    /// Values or conditions nested past the limit.
    case nestingLimit = "nesting-limit"
    /// The state `normal` combined with other states.
    case normalWithStates = "normal-with-states"
    /// A number too large or too small to represent.
    case numberRange = "number-range"
    /// An expression combines values of types it cannot (a length and a percentage, two units multiplied).
    case operandType = "operand-type"
    /// A property is not available at the deployment target, or deprecated by then.
    case propertyAvailability = "property-availability"
    /// A property's value is not of the type the UIKit schema (or a `@view` declaration) gives it.
    case propertyType = "property-type"
    /// `@rem-base` is not a positive number of points written out.
    case remBase = "rem-base"
    /// The same control state listed twice in a bracket.
    case repeatedState = "repeated-state"
    /// Values separated by spaces (`8pt 16pt`, CSS's `1pt solid red`) where the language takes one value.
    case spaceSeparatedValues = "space-separated-values"
    /// `shadow:` or `border:` given something other than a shadow or a border
    /// (kept as a property of that name), or a shadow part the class's own shadow cannot show.
    case shorthand = "shorthand"
    /// A control state on a property that UIKit does not set per state.
    case stateNotPerState = "state-not-per-state"
    /// A control-state bracket on a directive.
    case stateOnDirective = "state-on-directive"
    /// A design-token alias names no token, or a `$ref` that is not read.
    case tokenAlias = "token-alias"
    /// A variable with no design-token type, left out of `--format tokens`.
    case tokenExport = "token-export"
    /// A design-token file is not JSON, or cannot be read.
    case tokenFile = "token-file"
    /// A resolver document or an appearance's token file is not understood (modifiers, contexts, sets).
    case tokenMode = "token-mode"
    /// A design token's value is malformed, or has a part the language cannot express.
    case tokenValue = "token-value"
    /// A `}` with no `{` to match.
    case unbalancedBrace = "unbalanced-brace"
    /// A variable used but never defined.
    case undefinedVariable = "undefined-variable"
    /// An unknown `__` directive.
    case unknownDirective = "unknown-directive"
    /// A bare word that is not a case of the property's enumeration.
    case unknownEnumCase = "unknown-enum-case"
    /// An unknown escape in a string.
    case unknownEscape = "unknown-escape"
    /// A call to a function that is not built in (kept as a call).
    case unknownFunction = "unknown-function"
    /// A word that is no keyword or color (kept as an identifier).
    case unknownKeyword = "unknown-keyword"
    /// A rule for a known class sets a key the class does not have.
    case unknownProperty = "unknown-property"
    /// An unknown control state in a bracket.
    case unknownState = "unknown-state"
    /// A number with an unknown unit, or in exponent notation.
    case unknownUnit = "unknown-unit"
    /// A `-` meant to subtract without space on both sides.
    case unspacedMinus = "unspaced-minus"
    /// A `{` never closed before the end of the file.
    case unterminatedBlock = "unterminated-block"
    /// A `/*` comment never closed.
    case unterminatedComment = "unterminated-comment"
    /// A string not closed before the end of its line.
    case unterminatedString = "unterminated-string"
    /// Values past a limit on their size: one value's, the variables' in all, or what the rules write out.
    case valueSizeLimit = "value-size-limit"
    /// Variables defined in terms of each other in a cycle.
    case variableCycle = "variable-cycle"
    /// A variable defined inside a rule.
    case variableInRule = "variable-in-rule"
    /// A variable defined more than once (the later wins).
    case variableRedefined = "variable-redefined"
    /// A malformed or conflicting `@view` declaration.
    case viewDeclaration = "view-declaration"
    /// `:__where` followed by more selector parts.
    case whereNotLast = "where-not-last"
    /// A `:__where` rule with no `__condition`.
    case whereWithoutCondition = "where-without-condition"
    /// `:__where` with no class or trait before it.
    case whereWithoutTarget = "where-without-target"

    /// What the code is about, in a line (Docs/Diagnostics.md lists them).
    public var summary: String {
        switch self {
        case .applyToSubclassesValue: return "`apply-to-subclasses` is given something other than true or false"
        case .argumentRange: return "a function's argument is out of the range it takes"
        case .argumentType: return "a function's argument is not of the type it takes"
        case .arity: return "a function is called with too many or too few arguments"
        case .conditionAsProperty: return "a rule sets `condition` as a property where the `__condition` directive was likely meant"
        case .conditionEmpty: return "a condition string is empty"
        case .conditionJoiner: return "two condition terms are not joined by `and` or `or` (or `&&`/`||` is written)"
        case .conditionNumber: return "a number in a condition is too large, or too small to tell from zero"
        case .conditionOperator: return "an unknown comparison operator in a condition"
        case .conditionParenthesis: return "unbalanced parentheses in a condition"
        case .conditionReservedWord: return "`and`, `or` or `not` used as an external condition's name"
        case .conditionSubject: return "an unknown term in a condition (not `width`, `idiom`, ...)"
        case .conditionSyntax: return "a condition term is malformed"
        case .conditionUnit: return "a size in a condition has a unit other than px or pt"
        case .conditionValue: return "`__condition` is given something other than a condition string, or a term's value is unknown"
        case .conditionWithoutWhere: return "a `__condition` in a rule that cannot take one"
        case .cssAtRule: return "a CSS at-rule (`@font-face`, `@keyframes`, ...) that the language does not have"
        case .cssSelector: return "a CSS selector form (`.class`, `#id`, a selector list) that the language does not have"
        case .detachedUnit: return "a unit written apart from its number (`12 px`)"
        case .divisionByZero: return "an expression divides by zero"
        case .dottedSelector: return "a class name whose part before the dot is a UIKit class (`UIButton.primary`), where a trait (`UIButton:primary`) was likely meant"
        case .duplicateCondition: return "a rule has more than one `__condition`"
        case .duplicateProperty: return "a rule sets the same property twice (the later wins)"
        case .expectedItem: return "something other than a rule, variable or import at the top level"
        case .expectedName: return "`@` without a name"
        case .expectedSelector: return "a selector part is missing after `:`"
        case .expectedToken: return "a token the grammar requires is missing (`;`, `:`, `)`, ...)"
        case .fontName: return "a font name written as a bare word (`font(Avenir, 16pt)`), where a quoted string is needed"
        case .fontTextStyle: return "a font with a text style is sized in percent, or its style is misplaced"
        case .fontWeight: return "a weight given to a font other than the system font, or an unknown weight"
        case .importCycle: return "files import each other in a cycle"
        case .importMissing: return "an imported file cannot be read"
        case .importSyntax: return "an `@import` without a quoted path"
        case .importantOnDirective: return "`!important` on a directive such as `__include`"
        case .importantOnVariable: return "`!important` on a variable definition"
        case .includeCycle: return "rules include each other in a cycle"
        case .includeLimit: return "includes expand past the limit on copied properties"
        case .includeUndefined: return "`__include` names a selector no rule has"
        case .invalidCharacter: return "a character that cannot start any token"
        case .invalidColor: return "a `#` color that is not 3, 4, 6 or 8 hexadecimal digits"
        case .invalidUTF8: return "bytes that are not UTF-8"
        case .legacyDirective: return "`include:` or `condition:`, the old names of `__include` and `__condition`"
        case .listNotAllowed: return "a comma-separated list where a single value is required"
        case .listSeparator: return "options joined with `|` instead of `,`"
        case .malformedConfiguration: return "a `reflc.json` (`--config`) that is not valid: JSON syntax, an unknown key, a wrong type or value"
        case .malformedTable: return "a rule table that is not valid (JSON syntax, shape, or values)"
        case .mediaQuery: return "`@media`, which the language expresses as a `:__where` rule"
        case .mixinCall: return "a LESS mixin call (`.name();`), which the language writes as `__include`"
        case .multipleSelectors: return "a rule with more than one selector"
        case .multipleTraits: return "a selector with more than one trait"
        case .namedArgument: return "an argument given by name where the function takes none, given alone where it takes names, or given a name the function does not know"
        case .namespaceItem: return "something other than a variable definition inside a namespace"
        case .nestedRule: return "a rule nested inside another"
        case .nestingLimit: return "values or conditions nested past the limit"
        case .normalWithStates: return "the state `normal` combined with other states"
        case .numberRange: return "a number too large or too small to represent"
        case .operandType: return "an expression combines values of types it cannot (a length and a percentage, two units multiplied)"
        case .propertyAvailability: return "a property is not available at the deployment target, or deprecated by then"
        case .propertyType: return "a property's value is not of the type the UIKit schema (or a `@view` declaration) gives it"
        case .remBase: return "`@rem-base` is not a positive number of points written out"
        case .repeatedState: return "the same control state listed twice in a bracket"
        case .spaceSeparatedValues: return "values separated by spaces (`8pt 16pt`, CSS's `1pt solid red`) where the language takes one value"
        case .shorthand: return "`shadow:` or `border:` given something other than a shadow or a border (kept as a property of that name), or a shadow part the class's own shadow cannot show, such as a blur on a label's text shadow"
        case .stateNotPerState: return "a control state on a property that UIKit does not set per state"
        case .stateOnDirective: return "a control-state bracket on a directive"
        case .tokenAlias: return "a design-token alias names no token, or a `$ref` that is not read"
        case .tokenExport: return "a variable with no design-token type, left out of `--format tokens`"
        case .tokenFile: return "a design-token file is not JSON, or cannot be read"
        case .tokenMode: return "a resolver document or an appearance's token file is not understood (modifiers, contexts, sets)"
        case .tokenValue: return "a design token's value is malformed, or has a part the language cannot express"
        case .unbalancedBrace: return "a `}` with no `{` to match"
        case .undefinedVariable: return "a variable used but never defined"
        case .unknownDirective: return "an unknown `__` directive"
        case .unknownEnumCase: return "a bare word that is not a case of the property's enumeration"
        case .unknownEscape: return "an unknown escape in a string"
        case .unknownFunction: return "a call to a function that is not built in (kept as a call)"
        case .unknownKeyword: return "a word that is no keyword or color (kept as an identifier)"
        case .unknownProperty: return "a rule for a known class sets a key the class does not have"
        case .unknownState: return "an unknown control state in a bracket"
        case .unknownUnit: return "a number with an unknown unit, or in exponent notation"
        case .unspacedMinus: return "a `-` meant to subtract without space on both sides"
        case .unterminatedBlock: return "a `{` never closed before the end of the file"
        case .unterminatedComment: return "a `/*` comment never closed"
        case .unterminatedString: return "a string not closed before the end of its line"
        case .valueSizeLimit: return "values past a limit on their size: one value's (a variable's value counting in full at each use), the variables' in all, or what the rules write out"
        case .variableCycle: return "variables defined in terms of each other in a cycle"
        case .variableInRule: return "a variable defined inside a rule"
        case .variableRedefined: return "a variable defined more than once (the later wins)"
        case .viewDeclaration: return "a malformed or conflicting `@view` declaration"
        case .whereNotLast: return "`:__where` followed by more selector parts"
        case .whereWithoutCondition: return "a `:__where` rule with no `__condition`"
        case .whereWithoutTarget: return "`:__where` with no class or trait before it"
        }
    }
}
