import ReflEval
import ReflLexer
import ReflParser

/// One file of a compilation as the editor features read it: its tokens
/// and syntax tree, made once per version of the file.
final class SourceIndex {
    let file: SourceFile
    let tokens: [Token]
    private(set) lazy var syntax: StylesheetSyntax = Parser.parse(file).syntax

    init(_ file: SourceFile) {
        self.file = file
        tokens = Lexer.tokenize(file).tokens
    }

    var bytes: [UInt8] { file.bytes }

    func text(_ range: SourceRange) -> String { file.text(range) }
    func text(_ token: Token) -> String { file.text(token.range) }

    /// The index of the token that holds `offset`, or that ends at it (the
    /// word just typed); nil in whitespace or a comment.
    func tokenIndex(at offset: Int) -> Int? {
        var low = 0
        var high = tokens.count - 1
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.end < offset { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.count, tokens[low].kind != .endOfFile else { return nil }
        let token = tokens[low]
        if token.range.start <= offset && offset <= token.range.end { return low }
        return nil
    }

    /// The index of the last token that ends at or before `offset`.
    func tokenIndex(before offset: Int) -> Int? {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if tokens[middle].range.end <= offset && tokens[middle].kind != .endOfFile { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    /// Whether token `index` is a variable (an `@name` that is not `@import`
    /// nor a namespace's name).
    func isVariable(_ index: Int) -> Bool {
        let token = tokens[index]
        guard token.kind == .atName, token.range.count > 1, !SourceFile.range(token.range, of: bytes, equals: "@import") else { return false }
        return index + 1 >= tokens.count || tokens[index + 1].kind != .leftBrace
    }

    /// Whether token `index` is the name of a function call (`name(`).
    func isCallName(_ index: Int) -> Bool {
        tokens[index].kind == .identifier && index + 1 < tokens.count && tokens[index + 1].kind == .leftParen
            && tokens[index + 1].range.start == tokens[index].range.end
    }

    /// The declaration whose key holds `offset`.
    func declaration(withKeyAt offset: Int) -> Declaration? {
        syntax.declarations.first { declaration in
            let key = syntax.key(of: declaration)
            return key.start <= offset && offset <= key.end
        }
    }

    /// The `__include` selector that holds `offset`, as its canonical text, with its range.
    func includeSelector(at offset: Int) -> (text: String, range: SourceRange)? {
        guard let selector = syntax.includeSelectors.first(where: { $0.range.start <= offset && offset <= $0.range.end }) else { return nil }
        return (syntax.selectorTexts.string(of: selector.textID), selector.range)
    }

    /// Every rule of the file, with its selector's canonical text (its
    /// context's steps included: `MyApp.Header > UIButton`).
    var rules: [(selector: String, rule: Rule)] {
        syntax.items.compactMap { item in
            if case .rule(let rule) = item, rule.isValid { return (syntax.selectorTexts.string(of: rule.selector.textID), rule) }
            return nil
        }
    }

    /// Where a rule's whole selector is written, from its first step.
    func selectorRange(of rule: Rule) -> SourceRange {
        guard !rule.contextRange.isEmpty else { return rule.selector.range }
        return SourceRange(syntax.contextSteps[Int(rule.contextRange.lowerBound)].selector.range.start, rule.selector.range.end)
    }
}

/// The indexes of the files the server has looked at, until the next edit.
final class SourceIndexCache {
    private var indexes: [ObjectIdentifier: SourceIndex] = [:]

    func index(_ file: SourceFile) -> SourceIndex {
        if let index = indexes[ObjectIdentifier(file)], index.file === file { return index }
        if indexes.count > 256 { indexes.removeAll() }
        let index = SourceIndex(file)
        indexes[ObjectIdentifier(file)] = index
        return index
    }

    func removeAll() { indexes.removeAll() }
}
