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
    /// Every rule's declarations, rule after rule; a rule holds its range.
    /// One array for the file rather than one per rule.
    public var declarations: [Declaration] = []
    /// The distinct declaration keys of the file, as written; a
    /// declaration's `keyID` indexes it. A large stylesheet repeats a few
    /// dozen keys thousands of times: the compiler looks at each once.
    public var keys = ByteStringTable()
    /// The distinct canonical texts of the file's selectors (`Class:trait`),
    /// those of rules and of `__include`s alike; a selector's `textID`
    /// indexes it, so selectors are matched by comparing integers.
    public var selectorTexts = ByteStringTable()
    /// The selectors of every `__include`, one list after another.
    public var includeSelectors: [Selector] = []
    /// Each `__include`'s range of `includeSelectors`; `DeclarationValue.include` indexes it.
    public var includeLists: [Range<Int32>] = []
    /// The context steps of every rule with view-hierarchy selectors
    /// (`MyApp.Header > UIButton`), rule after rule; a rule holds its range.
    public var contextSteps: [ContextStep] = []

    public init(file: SourceFile) {
        self.file = file
    }

    /// The source text of `range`.
    public func text(_ range: SourceRange) -> String { file.text(range) }

    /// Where the key of `declaration` is written. Inlinable, as is
    /// `callName(_:in:)`: called from the compiler's module, a method of
    /// this struct took a copy of the whole struct at each call, one for
    /// every declaration and two for every call lowered.
    @inlinable
    public func key(of declaration: Declaration) -> SourceRange {
        let start = declaration.range.start
        return SourceRange(start, start + keys.length(of: declaration.keyID))
    }

    /// Where the control states of `declaration` are written, brackets
    /// included (`[highlighted]`); nil without a bracket.
    public func stateBracket(of declaration: Declaration) -> SourceRange? {
        guard declaration.hasStateBracket else { return nil }  // the source, long out of cache, stays unread
        let bytes = file.bytes
        var index = key(of: declaration).end
        while index < declaration.range.end && bytes[index] != UInt8(ascii: "[") {
            guard bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") else { return nil }
            index += 1
        }
        guard index < declaration.range.end else { return nil }
        let start = index
        while index < declaration.range.end && bytes[index] != UInt8(ascii: "]") && bytes[index] != UInt8(ascii: ":") { index += 1 }
        return SourceRange(start, min(declaration.range.end, index + (index < declaration.range.end && bytes[index] == UInt8(ascii: "]") ? 1 : 0)))
    }

    /// The declarations of `rule`, in order.
    public func declarations(of rule: Rule) -> ArraySlice<Declaration> {
        declarations[Int(rule.declarationRange.lowerBound)..<Int(rule.declarationRange.upperBound)]
    }

    /// The selectors of the `__include` `list`, in order.
    public func includeList(_ list: IncludeListID) -> ArraySlice<Selector> {
        let range = includeLists[Int(list)]
        return includeSelectors[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// The name of the call node `id`: the identifier its range starts with.
    public func callName(_ id: ValueID) -> SourceRange {
        callName(id, in: file.bytes)
    }

    /// `callName(_:)`, reading the file's `bytes` as the caller holds them:
    /// taking them from the shared file on every call would count references
    /// to it from every thread.
    @inlinable
    public func callName(_ id: ValueID, in bytes: [UInt8]) -> SourceRange {
        let node = values[id]
        let range = node.range
        if node.nameLength > 0 { return SourceRange(range.start, range.start + Int(node.nameLength)) }
        var end = range.start
        while end < range.end && (Lexer.isIdentifierCharacter(bytes[end]) || bytes[end] >= 0x80) { end += 1 }
        return SourceRange(range.start, end)
    }
}

/// One item at the top level of a file.
public enum TopLevelItem: Sendable {
    case importStatement(ImportStatement)
    case namespace(Namespace)
    case variable(VariableDefinition)
    case rule(Rule)
    case viewDeclaration(ViewDeclaration)
}

/// `@view MyApp.CardView: UIView { accent-color: color; }`: a class of the
/// app (or UIKit's, extended), its superclass, and properties with types.
public struct ViewDeclaration: Sendable {
    public var range: SourceRange
    /// The class name.
    public var name: SourceRange
    public var superclass: SourceRange?
    public var properties: [ViewPropertyDeclaration]
}

/// `KEY: TYPE;` in a `@view` declaration.
public struct ViewPropertyDeclaration: Sendable {
    public var range: SourceRange
    public var key: SourceRange
    /// The type as written: `color`, `enum(compact, regular)`, `per-state(color)`.
    public var type: SourceRange
}

/// `@import url("file.less");`, `@import "file.less";`, or an import of
/// design tokens: `@import tokens("brand.tokens.json", dark: "dark.tokens.json");`.
public struct ImportStatement: Sendable {
    public var range: SourceRange
    /// The string token, quotes included.
    public var path: SourceRange
    /// Whether this imports a design-token file (`tokens(...)`) rather than a stylesheet.
    public var isTokens = false
    /// A token import's files per appearance (`light:`, `dark:`), each laid
    /// over the first file: the name and the string token.
    public var modes: [(name: SourceRange, path: SourceRange)] = []

    public init(range: SourceRange, path: SourceRange, isTokens: Bool = false,
                modes: [(name: SourceRange, path: SourceRange)] = []) {
        self.range = range
        self.path = path
        self.isTokens = isTokens
        self.modes = modes
    }
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

// Rules, selectors and declarations are the bulk of a large stylesheet's
// tree, so they store 32-bit offsets (a source file is limited to 4 GiB) and
// present them as `SourceRange`s.

/// `SELECTOR { declarations }`.
public struct Rule: Sendable {
    private let start: UInt32
    private let end: UInt32
    public var selector: Selector
    /// Its declarations' range of `StylesheetSyntax.declarations`.
    public var declarationRange: Range<Int32>
    /// False when the rule's header had a syntax error: its body is still
    /// checked, but it does not become part of the rule table.
    public var isValid: Bool
    /// The steps before the selector (`MyApp.Header` in `MyApp.Header UIButton`),
    /// outermost first: its range of `StylesheetSyntax.contextSteps`.
    public var contextRange: Range<Int32>

    public init(range: SourceRange, selector: Selector, declarationRange: Range<Int32>, isValid: Bool,
                contextRange: Range<Int32> = 0..<0) {
        start = UInt32(truncatingIfNeeded: range.start)
        end = UInt32(truncatingIfNeeded: range.end)
        self.selector = selector
        self.declarationRange = declarationRange
        self.isValid = isValid
        self.contextRange = contextRange
    }

    public var range: SourceRange { SourceRange(Int(start), Int(end)) }
}

/// A step of a selector's context: a class, a trait or `Class:trait` that
/// an ancestor of the view must be, and whether the next step (or the
/// view itself) must be its direct child (`>`) or may be anywhere inside it.
public struct ContextStep: Sendable {
    public var selector: Selector
    public var isParentOfNext: Bool

    public init(selector: Selector, isParentOfNext: Bool) {
        self.selector = selector
        self.isParentOfNext = isParentOfNext
    }
}

/// `Class`, `trait`, `Class:trait`, each optionally followed by `:__where`.
public struct Selector: Sendable {
    private static let none = UInt32.max
    private var start: UInt32
    private var end: UInt32
    /// The class, when present, starts the selector and ends here.
    private var classEnd = none
    private var traitStart = none
    private var traitEnd = none
    private var whereStart = none
    /// Its canonical text's id in the file's `StylesheetSyntax.selectorTexts`
    /// (-1 until the parser sets it).
    public internal(set) var textID: Int32 = -1

    public init(range: SourceRange) {
        start = UInt32(truncatingIfNeeded: range.start)
        end = UInt32(truncatingIfNeeded: range.end)
    }

    public var range: SourceRange { SourceRange(Int(start), Int(end)) }

    /// The class name, when the selector has one.
    public var className: SourceRange? {
        get { classEnd == Self.none ? nil : SourceRange(Int(start), Int(classEnd)) }
        set { classEnd = newValue.map { UInt32(truncatingIfNeeded: $0.end) } ?? Self.none }
    }

    /// The trait name, when the selector has one.
    public var trait: SourceRange? {
        get { traitStart == Self.none ? nil : SourceRange(Int(traitStart), Int(traitEnd)) }
        set {
            traitStart = newValue.map { UInt32(truncatingIfNeeded: $0.start) } ?? Self.none
            traitEnd = newValue.map { UInt32(truncatingIfNeeded: $0.end) } ?? Self.none
        }
    }

    /// The `__where` word, when present.
    public var whereClause: SourceRange? {
        get { whereStart == Self.none ? nil : SourceRange(Int(whereStart), Int(whereStart) + 7) }
        set { whereStart = newValue.map { UInt32(truncatingIfNeeded: $0.start) } ?? Self.none }
    }

    public var hasWhere: Bool { whereStart != Self.none }

    /// The canonical text, `Class:trait:__where`, independent of spacing:
    /// what `__include` matches against.
    public func canonicalText(in file: SourceFile) -> String {
        // Made by the file where it spells the text: a slice of its bytes
        // would count a reference to them, shared by the threads.
        if let range = canonicalRange { return file.text(SourceRange(range.lowerBound, range.upperBound)) }
        return withCanonicalBytes(in: file.bytes) { String(decoding: $0[$1], as: UTF8.self) }
    }

    /// Where the source spells the canonical text: the selector written
    /// without spaces, as it nearly always is; nil otherwise.
    public var canonicalRange: Range<Int>? {
        // Parts one byte apart have exactly a `:` between them (the grammar
        // allows nothing else that short), so the source spells the canonical text.
        // The parts are taken one by one, not looped over as an array: an
        // array of them would be allocated for every selector, twice a rule.
        var start = -1
        var end = -1
        var isWrittenCanonically = true
        func follow(_ part: SourceRange?) {
            guard let part else { return }
            if start < 0 { start = part.start } else if part.start != end + 1 { isWrittenCanonically = false }
            end = part.end
        }
        follow(className)
        follow(trait)
        follow(whereClause)
        return isWrittenCanonically && start >= 0 ? start..<end : nil
    }

    /// Calls `body` with the canonical text's bytes, as a range of an
    /// array: of `source` (the file's bytes) when the selector is written
    /// without spaces, as it nearly always is; of an assembled one otherwise.
    public func withCanonicalBytes<Result>(in source: [UInt8], _ body: (_ bytes: [UInt8], _ range: Range<Int>) -> Result) -> Result {
        if let range = canonicalRange { return body(source, range) }
        var bytes: [UInt8] = []
        func append(_ part: SourceRange?) {
            guard let part else { return }
            if !bytes.isEmpty { bytes.append(UInt8(ascii: ":")) }
            bytes.append(contentsOf: source[part.start..<part.end])
        }
        append(className)
        append(trait)
        append(whereClause)
        return body(bytes, 0..<bytes.count)
    }
}

/// `key[states]: value [!important];`, or a directive written the same way.
/// The key starts the declaration; its length is its text's, in the file's
/// `keys` (see `StylesheetSyntax.key(of:)`), which keeps a declaration at 24
/// bytes.
public struct Declaration: Sendable {
    private let start: UInt32
    private let end: UInt32
    /// Equal to `importantEnd` when there is no `!important`.
    private let importantStart: UInt32
    private let importantEnd: UInt32
    /// A `ValueID` (>= 0), or `-1 - IncludeListID` for an `__include`.
    private var encodedValue: Int32
    /// The key's id in the low 27 bits, whether a `[...]` follows the key
    /// in bit 27, the control states in the top 4 (a file holds fewer than
    /// 2^27 distinct keys: see the limits in README.md).
    private var keyAndStates: UInt32

    /// The key's id in the file's `StylesheetSyntax.keys`.
    public var keyID: Int32 { Int32(bitPattern: keyAndStates & Self.keyMask) }

    /// The control states of `key[states]`; `.normal` without a bracket.
    public var states: ControlState { ControlState(rawValue: Int(keyAndStates >> 28)) }

    /// Whether the key is followed by a bracket, even one naming no valid
    /// state (or only `normal`).
    public var hasStateBracket: Bool { keyAndStates & Self.bracketBit != 0 }

    private static let keyMask: UInt32 = 0x07FF_FFFF
    private static let bracketBit: UInt32 = 1 << 27

    public var value: DeclarationValue {
        encodedValue >= 0 ? .value(encodedValue) : .include(-1 - encodedValue)
    }

    /// A declaration at `range`, which starts with its key (`keyID`).
    public init(range: SourceRange, keyID: Int32, states: ControlState = .normal, hasStateBracket: Bool = false,
                value: DeclarationValue, important: SourceRange?) {
        keyAndStates = UInt32(bitPattern: keyID) & Self.keyMask | UInt32(states.rawValue) << 28
            | (hasStateBracket || states != .normal ? Self.bracketBit : 0)
        start = UInt32(truncatingIfNeeded: range.start)
        end = UInt32(truncatingIfNeeded: range.end)
        importantStart = UInt32(truncatingIfNeeded: important?.start ?? 0)
        importantEnd = UInt32(truncatingIfNeeded: important?.end ?? 0)
        switch value {
        case .value(let id): encodedValue = id
        case .include(let list): encodedValue = -1 - list
        }
    }

    public var range: SourceRange { SourceRange(Int(start), Int(end)) }

    /// The same declaration in a tree whose value ids and include lists
    /// start `values` and `includeLists` further on, and whose keys have the
    /// ids `keyIDs[keyID]`.
    func moved(values: Int32, includeLists: Int32, keyIDs: [Int32]) -> Declaration {
        var moved = self
        moved.encodedValue = encodedValue >= 0 ? encodedValue + values : encodedValue - includeLists
        moved.keyAndStates = UInt32(bitPattern: keyIDs[Int(keyID)]) | keyAndStates & ~Self.keyMask
        return moved
    }

    /// The `!important` token, when present.
    public var important: SourceRange? {
        importantStart == importantEnd ? nil : SourceRange(Int(importantStart), Int(importantEnd))
    }
}

/// Index of an `__include`'s selector list (see `StylesheetSyntax.includeList`).
public typealias IncludeListID = Int32

/// The right-hand side of a declaration.
public enum DeclarationValue: Sendable {
    /// A value (or comma-separated list of values).
    case value(ValueID)
    /// `__include: sel1, sel2;` — the right-hand side is a list of selectors.
    case include(IncludeListID)
}
