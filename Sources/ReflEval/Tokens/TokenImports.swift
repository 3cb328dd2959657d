import ReflLexer

/// A compilation's design-token imports, seen from its result: what was
/// found in the stylesheet text a token file stands for is told of the
/// token file, at the token's value.
struct TokenImports {
    private let imports: [ObjectIdentifier: TokenImport]

    init(_ imports: [ObjectIdentifier: TokenImport]) {
        self.imports = imports
    }

    /// `sources` with each token import's text replaced by its token files.
    func files(_ sources: [SourceFile]) -> [SourceFile] {
        guard !imports.isEmpty else { return sources }
        var files: [SourceFile] = []
        for source in sources {
            for file in imports[ObjectIdentifier(source)]?.files ?? [source] where !files.contains(where: { $0 === file }) {
                files.append(file)
            }
        }
        return files
    }

    func diagnostics(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !imports.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            if let place = origin(diagnostic.file, diagnostic.range) {
                (diagnostic.file, diagnostic.range) = place
                diagnostic.fixIt = nil  // it would edit the text the tokens stand for, not the token file
            }
            diagnostic.notes = diagnostic.notes.map { note in
                var note = note
                if let place = origin(note.file, note.range) { (note.file, note.range) = place }
                return note
            }
            return diagnostic
        }
    }

    func fileRange(_ range: FileRange) -> FileRange {
        guard let place = origin(range.file, range.range) else { return range }
        return FileRange(file: place.file, range: place.range)
    }

    var descriptions: [String: String] {
        imports.values.reduce(into: [:]) { all, tokens in all.merge(tokens.descriptions) { first, _ in first } }
    }

    private func origin(_ file: SourceFile, _ range: SourceRange) -> (file: SourceFile, range: SourceRange)? {
        imports[ObjectIdentifier(file)]?.origin(of: range)
    }
}
