import ReflLexer

/// The syntax tree of one stylesheet file, as written: nothing is resolved
/// yet (variables, includes and values are the compiler's work). Every node
/// carries its byte range in `file`.
public struct StylesheetSyntax: Sendable {
    public let file: SourceFile
    /// Top-level items in source order.
    public var items: [TopLevelItem] = []
    /// Every value node of the file; declarations refer into it by `ValueID`.
    public var values = ValueArena()
    /// Conditions parsed from string literals; `.condition` value nodes refer into it.
    public var conditions: [ConditionSyntax] = []

    public init(file: SourceFile) {
        self.file = file
    }

    /// The source text of `range`.
    public func text(_ range: SourceRange) -> String { file.text(range) }
}

/// One item at the top level of a file.
public enum TopLevelItem: Sendable {
    case importStatement(ImportStatement)
    case namespace(Namespace)
    case variable(VariableDefinition)
    case rule(Rule)
}

/// `@import url("file.less");` or `@import "file.less";`.
public struct ImportStatement: Sendable {
    public var range: SourceRange
    /// The string token, quotes included.
    public var path: SourceRange
}

/// `@name { @var: value; ... }`: a namespace whose variables are global all the same.
public struct Namespace: Sendable {
    public var range: SourceRange
    public var name: SourceRange
    public var variables: [VariableDefinition]
}

/// `@name: value;` or `@name = value;`.
public struct VariableDefinition: Sendable {
    public var range: SourceRange
    /// The `@name` token, `@` included.
    public var name: SourceRange
    public var value: ValueID
}

/// `SELECTOR { declarations }`.
public struct Rule: Sendable {
    public var range: SourceRange
    public var selector: Selector
    public var declarations: [Declaration]
    /// False when the rule's header had a syntax error: its body is still
    /// checked, but it does not become part of the rule table.
    public var isValid: Bool
}

/// `Class`, `trait`, `Class:trait`, each optionally followed by `:__where`.
public struct Selector: Sendable {
    public var range: SourceRange
    /// The class name, when the selector has one.
    public var className: SourceRange?
    /// The trait name, when the selector has one.
    public var trait: SourceRange?
    /// The `__where` word, when present.
    public var whereClause: SourceRange?

    public var hasWhere: Bool { whereClause != nil }

    /// The canonical text, `Class:trait:__where`, independent of spacing:
    /// what `__include` matches against.
    public func canonicalText(in file: SourceFile) -> String {
        var parts: [String] = []
        if let className { parts.append(file.text(className)) }
        if let trait { parts.append(file.text(trait)) }
        if whereClause != nil { parts.append("__where") }
        return parts.joined(separator: ":")
    }
}

/// `key: value [!important];`, or a directive written the same way.
public struct Declaration: Sendable {
    public var range: SourceRange
    public var key: SourceRange
    public var value: DeclarationValue
    /// The `!important` token, when present.
    public var important: SourceRange?
}

/// The right-hand side of a declaration.
public enum DeclarationValue: Sendable {
    /// A value (or comma-separated list of values).
    case value(ValueID)
    /// `__include: sel1, sel2;` — the right-hand side is a list of selectors.
    case include([Selector])
}
