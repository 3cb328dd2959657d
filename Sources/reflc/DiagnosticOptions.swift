import ReflEval
import ReflLexer

/// The options of every command that compiles a stylesheet, about what it
/// reports and what fails the run: `--warnings-as-errors` (also `-W
/// error`) and `--error-limit N`.
struct DiagnosticOptions {
    static let valued: Set<String> = ["-W", "--error-limit"]
    static let switches: Set<String> = ["--warnings-as-errors"]

    /// Their lines in a command's help.
    static let help = """
          --warnings-as-errors   fail (exit 1) on any warning, as on an error (also: -W error)
          --error-limit N        show at most N errors and N warnings, counting the rest
                                 (default 1000; 0 for no limit)
        """

    /// Whether a warning fails the run.
    var warningsAsErrors = false
    /// How many errors (and warnings) are kept and shown; 0 for all.
    var errorLimit = Compiler.defaultErrorLimit

    init(_ arguments: Arguments) throws(Arguments.Problem) {
        warningsAsErrors = arguments.has("--warnings-as-errors")
        for value in arguments.all("-W") {
            guard value == "error" else { throw Arguments.Problem(message: "-W takes 'error', found '\(value)'") }
            warningsAsErrors = true
        }
        if let limit = arguments.last("--error-limit") {
            guard let number = Int(limit), number >= 0 else {
                throw Arguments.Problem(message: "--error-limit takes a whole number (0 for no limit), found '\(limit)'")
            }
            errorLimit = number
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

    /// Prints a compilation's diagnostics (as `applied(to:)` makes them) to
    /// stderr; returns whether the run has failed.
    func report(_ result: CompileResult) -> Bool {
        let shown = applied(to: result.diagnostics)
        let omittedErrors = result.omittedErrors + (warningsAsErrors ? result.omittedWarnings : 0)
        let omittedWarnings = warningsAsErrors ? 0 : result.omittedWarnings
        if !shown.isEmpty || omittedErrors + omittedWarnings > 0 {
            var renderer = DiagnosticRenderer()
            Console.writeError(renderer.render(shown, omittedErrors: omittedErrors, omittedWarnings: omittedWarnings))
        }
        return shown.hasErrors || omittedErrors > 0
    }
}

/// What every command that compiles one input reads first: its arguments
/// (with the diagnostic options), the options, and the one input.
struct CompilingCommand {
    let arguments: Arguments
    let options: DiagnosticOptions
    let input: FilePath

    /// Reads `arguments` for the command `name`; on failure, the exit status
    /// (the problem and the help printed).
    static func parse(_ arguments: [FilePath], name: String, valued: Set<String>, switches: Set<String> = [],
                      help: String) -> Result<CompilingCommand, Console.ExitStatus> {
        let parsed: Arguments
        switch Arguments.forCommand(arguments, valued: valued.union(DiagnosticOptions.valued),
                                    switches: switches.union(DiagnosticOptions.switches), help: help) {
        case .failure(let status): return .failure(status)
        case .success(let read): parsed = read
        }
        let options: DiagnosticOptions
        do {
            options = try DiagnosticOptions(parsed)
        } catch {
            return .failure(Console.fail(error.message + "\n\n" + help))
        }
        guard parsed.positionalPaths.count == 1 else {
            return .failure(Console.fail((parsed.positional.isEmpty ? "\(name) needs an input file" : "\(name) takes one input file")
                                         + "\n\n" + help))
        }
        return .success(CompilingCommand(arguments: parsed, options: options, input: parsed.positionalPaths[0]))
    }
}

