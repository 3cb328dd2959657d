import ReflLexer

/// Where the compiler puts what it finds. The serial phases share the
/// program's log; each thread of the rule phase has its own, and they are
/// appended to the program's in rule order, so the result does not depend on
/// how the work was split.
///
/// A log keeps at most `limit` errors and `limit` warnings, in the order
/// found, and counts the rest: a hostile file can have millions of
/// problems, and keeping them all would cost gigabytes.
final class DiagnosticLog {
    private(set) var diagnostics: [Diagnostic] = []
    let limit: Int
    private var errorCount = 0
    private var warningCount = 0
    /// Errors and warnings found past the limit.
    private(set) var omittedErrors = 0
    private(set) var omittedWarnings = 0

    init(limit: Int = .max) {
        self.limit = limit
    }

    func report(_ message: Message, in file: LoadedFile, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        guard admit(message.severity) else { return }
        diagnostics.append(Diagnostic(message, file: file.source, range: range, notes: notes))
    }

    func append(contentsOf more: [Diagnostic]) {
        for diagnostic in more where admit(diagnostic.severity) { diagnostics.append(diagnostic) }
    }

    /// Counts `count` diagnostics found and dropped elsewhere (past a parser's limit).
    func omit(errors count: Int) {
        omittedErrors += count
    }

    /// Moves everything from `other` to the end of this log.
    func take(from other: DiagnosticLog) {
        append(contentsOf: other.diagnostics)
        omittedErrors += other.omittedErrors
        omittedWarnings += other.omittedWarnings
        other.diagnostics.removeAll(keepingCapacity: true)
        other.errorCount = 0
        other.warningCount = 0
        other.omittedErrors = 0
        other.omittedWarnings = 0
    }

    /// Whether one more diagnostic of `severity` is kept (else it is counted).
    private func admit(_ severity: Diagnostic.Severity) -> Bool {
        switch severity {
        case .error:
            guard errorCount < limit else {
                omittedErrors += 1
                return false
            }
            errorCount += 1
        case .warning:
            guard warningCount < limit else {
                omittedWarnings += 1
                return false
            }
            warningCount += 1
        case .note:
            break
        }
        return true
    }
}
