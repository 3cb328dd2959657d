import ReflLexer

/// Where the compiler puts what it finds. The serial phases share the
/// program's log; each thread of the rule phase has its own, and they are
/// appended to the program's in rule order, so the result does not depend on
/// how the work was split.
final class DiagnosticLog {
    private(set) var diagnostics: [Diagnostic] = []

    func report(_ message: Message, in file: LoadedFile, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.append(Diagnostic(message, file: file.source, range: range, notes: notes))
    }

    func append(contentsOf more: [Diagnostic]) {
        diagnostics.append(contentsOf: more)
    }

    /// Moves everything from `other` to the end of this log.
    func take(from other: DiagnosticLog) {
        diagnostics.append(contentsOf: other.diagnostics)
        other.diagnostics.removeAll(keepingCapacity: true)
    }
}
