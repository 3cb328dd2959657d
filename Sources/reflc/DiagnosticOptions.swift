import ReflEval
import ReflLexer

/// The options of every command that compiles a stylesheet, about what it
/// reports and what fails the run: `--warnings-as-errors` (also `-W error`).
struct DiagnosticOptions {
    static let valued: Set<String> = ["-W"]
    static let switches: Set<String> = ["--warnings-as-errors"]

    /// Their lines in a command's help.
    static let help = """
          --warnings-as-errors   fail (exit 1) on any warning, as on an error (also: -W error)
        """

    /// Whether a warning fails the run.
    var warningsAsErrors = false

    init(_ arguments: Arguments) throws(Arguments.Problem) {
        warningsAsErrors = arguments.has("--warnings-as-errors")
        for value in arguments.all("-W") {
            guard value == "error" else { throw Arguments.Problem(message: "-W takes 'error', found '\(value)'") }
            warningsAsErrors = true
        }
    }

    /// The diagnostics as this run reports them: with `--warnings-as-errors`,
    /// each warning is an error that says why.
    func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard warningsAsErrors else { return diagnostics }
        return diagnostics.map { diagnostic in
            guard diagnostic.severity == .warning else { return diagnostic }
            var promoted = diagnostic
            promoted.severity = .error
            promoted.message += " [--warnings-as-errors]"
            return promoted
        }
    }

    /// Prints `diagnostics` (as `applied(to:)` makes them) to stderr; returns
    /// whether the run has failed.
    func report(_ diagnostics: [Diagnostic]) -> Bool {
        let shown = applied(to: diagnostics)
        if !shown.isEmpty {
            var renderer = DiagnosticRenderer()
            Console.writeError(renderer.render(shown))
        }
        return shown.hasErrors
    }
}
