import ReflLexer
import ReflParser

/// The outcome of compiling a stylesheet: every diagnostic, the files that
/// took part, and — when there was no error — the rule table.
public struct CompileResult: Sendable {
    /// All diagnostics, in reading order (by file, then position).
    public var diagnostics: [Diagnostic]
    /// The files loaded, in rule order (imports before their importer).
    public var files: [SourceFile]
    /// The rule table; nil when any diagnostic is an error.
    public var ruleTable: RuleTable?

    /// Whether any diagnostic is an error (then `ruleTable` is nil).
    public var hasErrors: Bool { diagnostics.hasErrors }
}

/// An entry file that could not be read (a problem of the command, not a
/// diagnostic in a stylesheet).
public struct EntryFileError: Error, Sendable, CustomStringConvertible {
    /// The entry file as given.
    public var path: String
    /// Why it could not be read: "no such file or directory", "is a directory".
    public var reason: String

    /// `cannot read 'PATH': REASON`.
    public var description: String { "cannot read '\(path)': \(reason)" }
}

/// Compiles a stylesheet and its imports into a `RuleTable`.
///
/// The work happens in phases, each finding all of its errors before the
/// next runs: load and parse every file (imports depth first), collect and
/// lower variables (dependency order), then compile rules (includes
/// flattened, values lowered). Errors never stop a phase early, so one run
/// reports everything.
public enum Compiler {
    /// Compiles the file at `entryPath` (and what it imports).
    public static func compile(entryPath: String) throws(EntryFileError) -> CompileResult {
        var rules: [CompiledRule] = []
        var variables: [String: StyleValue] = [:]
        let (diagnostics, files) = try compile(entryPath: entryPath,
                                               onVariables: { variables = $0 },
                                               onRule: { rules.append($0) })
        return result(diagnostics: diagnostics, files: files, variables: variables, rules: rules)
    }

    /// Compiles source text held in memory; imports are read from disk,
    /// relative to `source.path`.
    public static func compile(source: SourceFile) -> CompileResult {
        let program = Program()
        ImportLoader.load(entry: source, into: program)
        var rules: [CompiledRule] = []
        let variables = run(program) { rules.append($0) }
        let diagnostics = program.diagnostics.sortedForDisplay(fileOrder: program.files.map(\.source))
        return result(diagnostics: diagnostics, files: program.files.map(\.source), variables: variables, rules: rules)
    }

    /// The streaming form used by `reflc build`: variables are passed to
    /// `onVariables` once, then each rule to `onRule` as soon as it is
    /// compiled, so the table need not be held in memory. The output is only
    /// valid when the returned diagnostics hold no error.
    public static func compile(entryPath: String,
                               onVariables: ([String: StyleValue]) -> Void,
                               onRule: (CompiledRule) -> Void) throws(EntryFileError) -> (diagnostics: [Diagnostic], files: [SourceFile]) {
        let program = Program()
        if let error = ImportLoader.load(entryPath: entryPath, into: program) {
            throw EntryFileError(path: entryPath, reason: error.reason)
        }
        run(program, onRule: onRule, onVariables: onVariables)
        let files = program.files.map(\.source)
        return (program.diagnostics.sortedForDisplay(fileOrder: files), files)
    }

    /// Variables, then rules; returns the variables.
    @discardableResult
    private static func run(_ program: Program, onRule: (CompiledRule) -> Void,
                            onVariables: ([String: StyleValue]) -> Void = { _ in }) -> [String: StyleValue] {
        program.variables.collect(from: program)
        program.variables.lowerAll(program: program)
        let variables = program.variables.values
        onVariables(variables)
        RuleCompiler(program: program).forEachRule(onRule)
        return variables
    }

    private static func result(diagnostics: [Diagnostic], files: [SourceFile], variables: [String: StyleValue],
                               rules: [CompiledRule]) -> CompileResult {
        let table = diagnostics.hasErrors ? nil : RuleTable(variables: variables, rules: rules)
        return CompileResult(diagnostics: diagnostics, files: files, ruleTable: table)
    }
}
