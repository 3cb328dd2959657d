import ReflLexer

/// A parsed condition string: `'(idiom = pad or width >= 768) and not ?compact'`.
/// Ranges point inside the string literal, at each word.
public struct ConditionSyntax: Sendable {
    /// The string literal, quotes included.
    public var range: SourceRange
    /// The expression; nil when nothing in the string could be parsed.
    public var root: ConditionNode?
    /// False when any part of the string was reported as an error.
    public var isValid: Bool

    public init(range: SourceRange, root: ConditionNode?, isValid: Bool) {
        self.range = range
        self.root = root
        self.isValid = isValid
    }
}

/// One node of a condition as written: a term, or `and`/`or`/`not` over
/// other nodes. Chains of `and` (or of `or`) are one node with every operand,
/// also across parentheses; parentheses leave no node of their own.
public struct ConditionNode: Sendable {
    public enum Kind: Sendable {
        case term(ConditionTest)
        /// Every child holds (`and`).
        case all
        /// Some child holds (`or`).
        case any
        /// The one child does not hold.
        case not
    }

    public var kind: Kind
    /// The text of the node: a term's words, or the whole operand chain.
    public var range: SourceRange
    public var children: [ConditionNode]
    /// How many levels the node's tree has, as built (a term is 1): what
    /// a rule table stores, one level per node.
    public private(set) var depth: Int

    public init(kind: Kind, range: SourceRange, children: [ConditionNode] = []) {
        self.kind = kind
        self.range = range
        self.children = children
        depth = 1 + children.reduce(0) { max($0, $1.depth) }
    }

    /// The meaning of the node, without its source positions. Recursive,
    /// but only as deep as the parser allows conditions to nest.
    public var expression: ConditionExpression {
        switch kind {
        case .term(let test): return .test(test)
        case .all: return .all(children.map(\.expression))
        case .any: return .any(children.map(\.expression))
        case .not: return .not(children[0].expression)
        }
    }
}

/// The words of conditions, for tools that offer them (an editor's completion).
public enum ConditionVocabulary {
    /// The words a term starts with.
    public static var subjects: [String] { ConditionParser.subjects }
    /// The words that join and negate terms.
    public static let operators = ["and", "or", "not"]
}
