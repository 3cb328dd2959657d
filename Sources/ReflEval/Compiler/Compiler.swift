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
        let program = Program()
        if let error = ImportLoader.load(entryPath: entryPath, into: program) {
            throw EntryFileError(path: entryPath, reason: error.reason)
        }
        return compile(program)
    }

    /// Compiles source text held in memory; imports are read from disk,
    /// relative to `source.path`.
    public static func compile(source: SourceFile) -> CompileResult {
        compile(source: source, threads: Concurrency.processorCount)
    }

    /// `compile(source:)` on at most `threads` threads; the result is the same for any number.
    static func compile(source: SourceFile, threads: Int) -> CompileResult {
        let program = Program(threads: threads)
        ImportLoader.load(entry: source, into: program)
        return compile(program)
    }

    /// The form used by `reflc build`: the rule table is written to `output`
    /// as JSON while it is compiled, so it is never held in memory whole.
    /// The bytes are a valid table only when the returned diagnostics hold no
    /// error. Byte for byte what `RuleTable.jsonBytes()` gives.
    public static func build(entryPath: String, writingJSONTo output: any ByteOutput)
        throws(EntryFileError) -> (diagnostics: [Diagnostic], files: [SourceFile]) {
        let program = Program()
        if let error = ImportLoader.load(entryPath: entryPath, into: program) {
            throw EntryFileError(path: entryPath, reason: error.reason)
        }
        let writer = JSONWriter(sink: { output.write($0) })
        writer.beginTable(variables: lowerVariables(program))
        var wroteRule = false
        RuleCompiler(program: program).compileRules(
            threads: program.threads,
            makeOutput: { JSONWriter() },
            add: { rule, chunk in chunk.rule(rule, isFirst: chunk.output.count == 0) },
            deliver: { chunk in
                guard chunk.output.count > 0 else { return }
                if wroteRule { writer.raw(",") }
                writer.flush()
                chunk.output.drain { output.write($0) }
                wroteRule = true
            })
        writer.endTable(hadRules: wroteRule)
        let files = program.sources
        return (program.diagnostics.sortedForDisplay(fileOrder: files), files)
    }

    private static func compile(_ program: Program) -> CompileResult {
        let variables = lowerVariables(program)
        let collected = CompiledRules()
        RuleCompiler(program: program).compileRules(
            threads: program.threads,
            makeOutput: { CompiledRules() },
            add: { rule, chunk in chunk.rules.append(rule) },
            deliver: { chunk in
                collected.rules.append(contentsOf: chunk.rules)
                chunk.rules.removeAll(keepingCapacity: true)
            })
        let files = program.sources
        let diagnostics = program.diagnostics.sortedForDisplay(fileOrder: files)
        let table = diagnostics.hasErrors ? nil : RuleTable(variables: variables, rules: collected.rules)
        return CompileResult(diagnostics: diagnostics, files: files, ruleTable: table)
    }

    private final class CompiledRules {
        var rules: [CompiledRule] = []
    }

    private static func lowerVariables(_ program: Program) -> [String: StyleValue] {
        program.variables.collect(from: program)
        program.variables.lowerAll(program: program)
        return program.variables.values
    }
}
