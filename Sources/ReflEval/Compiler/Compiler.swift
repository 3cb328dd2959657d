import ReflLexer
import ReflParser

/// The outcome of compiling a stylesheet: every diagnostic, the files that
/// took part, and — when there was no error — the rule table.
public struct CompileResult: Sendable {
    /// The diagnostics kept (at most the error limit of errors, and as many
    /// warnings), in reading order (by file, then position).
    public var diagnostics: [Diagnostic]
    /// The files loaded, in rule order (imports before their importer).
    public var files: [SourceFile]
    /// Every file read from disk, in the order read.
    public var inputs: [FilePath]
    /// Which files those are (to recognize one reached by another path).
    public var inputIdentities: [FileSystem.FileIdentity]
    /// Each file read and which file it was: what an output must not
    /// replace, and what a watcher compares a newly watched file with.
    public var inputsAsRead: [(path: FilePath, identity: FileSystem.FileIdentity)] {
        Array(zip(inputs, inputIdentities))
    }
    /// Where imports that could not be read were looked for: the files a
    /// watcher waits for, as creating one changes the result.
    public var missingInputs: [FilePath] = []
    /// Errors and warnings found past the error limit, counted but not kept.
    public var omittedErrors = 0
    public var omittedWarnings = 0
    /// The rule table; nil when there is any error (shown or omitted).
    public var ruleTable: RuleTable?
    /// Every variable whose value lowered without error, even when other
    /// parts of the stylesheet have errors (for an editor's hover).
    public var variables: [String: StyleValue] = [:]
    /// Where each variable's winning definition is: its `@name`, or the
    /// value of the design token it was imported from.
    public var variableDefinitions: [String: FileRange] = [:]
    /// The `$description` of each variable imported from a design token that has one.
    public var variableDescriptions: [String: String] = [:]

    /// Whether any diagnostic is an error (then `ruleTable` is nil).
    /// The schema rules were checked against: UIKit's, with the classes and
    /// properties of the stylesheet's `@view` declarations (for editors).
    public var viewSchema = UIKitSchema.schema

    public var hasErrors: Bool { omittedErrors > 0 || diagnostics.hasErrors }
}

/// A range of a source file.
public struct FileRange: Sendable {
    public var file: SourceFile
    public var range: SourceRange

    public init(file: SourceFile, range: SourceRange) {
        self.file = file
        self.range = range
    }
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
    /// How many errors (and, separately, warnings) a compilation keeps
    /// unless told otherwise; the rest are counted. Far above what a person
    /// reads, and it bounds the memory a hostile file's problems take.
    public static let defaultErrorLimit = 1000

    /// Compiles the file at `entryPath` (and what it imports), keeping at
    /// most `errorLimit` errors and as many warnings (0 keeps all).
    public static func compile(entryPath: String, errorLimit: Int = defaultErrorLimit) throws(EntryFileError) -> CompileResult {
        try compile(entryPath: FilePath(entryPath), errorLimit: errorLimit)
    }

    /// A program with these settings (`writesAsItCompiles`: for a JSON
    /// build into a file, see `Program.writesAsItCompiles`).
    private static func program(errorLimit: Int, includePaths: [FilePath], deploymentTarget: OSVersion?,
                                writesAsItCompiles: Bool = false) -> Program {
        let program = Program(errorLimit: errorLimit)
        program.writesAsItCompiles = writesAsItCompiles
        program.includePaths = includePaths
        program.schemaCheck = SchemaCheck(schema: program.schemaCheck.schema, deploymentTarget: deploymentTarget)
        return program
    }

    /// A program with these settings, the file at `entryPath` and its imports loaded.
    private static func program(entryPath: FilePath, errorLimit: Int, includePaths: [FilePath],
                                deploymentTarget: OSVersion?, writesAsItCompiles: Bool = false) throws(EntryFileError) -> Program {
        let program = program(errorLimit: errorLimit, includePaths: includePaths, deploymentTarget: deploymentTarget,
                              writesAsItCompiles: writesAsItCompiles)
        if let error = ImportLoader.load(entryPath: entryPath, into: program) {
            throw EntryFileError(path: entryPath.description, reason: error.reason)
        }
        return program
    }

    /// A program with these settings, `source` and its imports (read
    /// relative to `path`, or from `unsavedFiles`) loaded.
    private static func program(source: SourceFile, importsRelativeTo path: FilePath, errorLimit: Int, includePaths: [FilePath],
                                unsavedFiles: [FilePath: [UInt8]] = [:], deploymentTarget: OSVersion?,
                                writesAsItCompiles: Bool = false) -> Program {
        let program = program(errorLimit: errorLimit, includePaths: includePaths, deploymentTarget: deploymentTarget,
                              writesAsItCompiles: writesAsItCompiles)
        program.unsavedFiles = unsavedFiles
        ImportLoader.load(entry: source, at: path, into: program)
        return program
    }

    /// Compiles the file at `entryPath` (and what it imports).
    /// Properties unavailable or deprecated at `deploymentTarget` (an iOS
    /// version) get a warning.
    public static func compile(entryPath: FilePath, errorLimit: Int = defaultErrorLimit,
                               includePaths: [FilePath] = [], deploymentTarget: OSVersion? = nil) throws(EntryFileError) -> CompileResult {
        let program = try program(entryPath: entryPath, errorLimit: errorLimit, includePaths: includePaths,
                                  deploymentTarget: deploymentTarget)
        return compile(program)
    }

    /// Compiles source text held in memory; imports are read from disk,
    /// relative to `source.path`.
    public static func compile(source: SourceFile, errorLimit: Int = defaultErrorLimit) -> CompileResult {
        compile(source: source, importsRelativeTo: FilePath(source.path), errorLimit: errorLimit)
    }

    /// Compiles source text held in memory whose imports are read relative
    /// to `path` (such as standard input, named `<stdin>`, with imports from
    /// the working directory). An import of a file in `unsavedFiles` (by
    /// path, symbolic links resolved) reads those bytes instead of the disk:
    /// the files an editor holds.
    public static func compile(source: SourceFile, importsRelativeTo path: FilePath,
                               errorLimit: Int = defaultErrorLimit, includePaths: [FilePath] = [],
                               unsavedFiles: [FilePath: [UInt8]] = [:], deploymentTarget: OSVersion? = nil) -> CompileResult {
        compile(program(source: source, importsRelativeTo: path, errorLimit: errorLimit, includePaths: includePaths,
                        unsavedFiles: unsavedFiles, deploymentTarget: deploymentTarget))
    }

    /// `source` compiled as before the UIKit schema existed: no key, type or
    /// state is checked (tables written then hold what it accepted).
    static func compileUnchecked(source: SourceFile) -> CompileResult {
        let program = Program()
        program.schemaCheck = SchemaCheck(schema: ViewSchema(), deploymentTarget: nil)
        ImportLoader.load(entry: source, at: FilePath(source.path), into: program)
        return compile(program)
    }

    /// `compile(source:)` on at most `threads` threads; the result is the same for any number.
    static func compile(source: SourceFile, threads: Int) -> CompileResult {
        let program = Program(threads: threads)
        ImportLoader.load(entry: source, at: FilePath(source.path), into: program)
        return compile(program)
    }

    /// The form used by `reflc build`: the rule table is written to `output`
    /// as JSON while it is compiled, so it is never held in memory whole.
    /// The bytes are a valid table only when the result has no error (its
    /// `ruleTable` is always nil). Byte for byte what `RuleTable.jsonBytes()` gives.
    public static func build(entryPath: FilePath, errorLimit: Int = defaultErrorLimit, includePaths: [FilePath] = [],
                             deploymentTarget: OSVersion? = nil,
                             writingJSONTo output: any ByteOutput) throws(EntryFileError) -> CompileResult {
        let program = try program(entryPath: entryPath, errorLimit: errorLimit, includePaths: includePaths,
                                  deploymentTarget: deploymentTarget, writesAsItCompiles: writesAsItCompiles(into: output))
        return build(program, writingJSONTo: output)
    }

    /// `build` of source text held in memory (standard input), its imports
    /// read relative to `path`.
    public static func build(source: SourceFile, importsRelativeTo path: FilePath, errorLimit: Int = defaultErrorLimit,
                             includePaths: [FilePath] = [], deploymentTarget: OSVersion? = nil,
                             writingJSONTo output: any ByteOutput) -> CompileResult {
        let program = program(source: source, importsRelativeTo: path, errorLimit: errorLimit, includePaths: includePaths,
                              deploymentTarget: deploymentTarget, writesAsItCompiles: writesAsItCompiles(into: output))
        return build(program, writingJSONTo: output)
    }

    /// Whether a build into `output` writes its JSON on as it compiles (into
    /// a file), rather than holding it: see `Program.writesAsItCompiles`.
    static func writesAsItCompiles(into output: any ByteOutput) -> Bool {
        (output as? any ByteBufferOutput)?.passesBytesOn ?? false
    }

    /// The form used by `reflc build --format binary`: each rule is laid out
    /// in the binary form as it is compiled, so the rule table is never held
    /// whole, and the file is put together at the end. `binary` is nil when the
    /// result has errors; a table the binary form cannot hold (past 4 GiB,
    /// nested too deep) is its failure. Byte for byte what
    /// `RuleTable.binaryBytes()` gives.
    public static func buildBinary(entryPath: FilePath, errorLimit: Int = defaultErrorLimit, includePaths: [FilePath] = [],
                                   deploymentTarget: OSVersion? = nil)
        throws(EntryFileError) -> (result: CompileResult, binary: Result<[UInt8], BinaryTableError>?) {
        let built = try buildBinaryFile(entryPath: entryPath, errorLimit: errorLimit, includePaths: includePaths,
                                        deploymentTarget: deploymentTarget)
        return (built.result, bytes(of: built.binary))
    }

    /// `buildBinary`, the file's sections not copied into one array: for
    /// writing it to a file piece by piece (`BinaryTableFile.write(to:)`).
    package static func buildBinaryFile(entryPath: FilePath, errorLimit: Int = defaultErrorLimit, includePaths: [FilePath] = [],
                                        deploymentTarget: OSVersion? = nil)
        throws(EntryFileError) -> (result: CompileResult, binary: Result<BinaryTableFile, BinaryTableError>?) {
        let program = try program(entryPath: entryPath, errorLimit: errorLimit, includePaths: includePaths,
                                  deploymentTarget: deploymentTarget)
        return buildBinary(program)
    }

    /// `buildBinary` of source text held in memory (standard input), its
    /// imports read relative to `path`.
    public static func buildBinary(source: SourceFile, importsRelativeTo path: FilePath, errorLimit: Int = defaultErrorLimit,
                                   includePaths: [FilePath] = [], deploymentTarget: OSVersion? = nil)
        -> (result: CompileResult, binary: Result<[UInt8], BinaryTableError>?) {
        let built = buildBinaryFile(source: source, importsRelativeTo: path, errorLimit: errorLimit, includePaths: includePaths,
                                    deploymentTarget: deploymentTarget)
        return (built.result, bytes(of: built.binary))
    }

    /// `buildBinaryFile` of source text held in memory (standard input).
    package static func buildBinaryFile(source: SourceFile, importsRelativeTo path: FilePath, errorLimit: Int = defaultErrorLimit,
                                        includePaths: [FilePath] = [], deploymentTarget: OSVersion? = nil)
        -> (result: CompileResult, binary: Result<BinaryTableFile, BinaryTableError>?) {
        let program = program(source: source, importsRelativeTo: path, errorLimit: errorLimit, includePaths: includePaths,
                              deploymentTarget: deploymentTarget)
        return buildBinary(program)
    }

    /// A laid-out table's file in one array, as the public forms give it.
    private static func bytes(of file: Result<BinaryTableFile, BinaryTableError>?) -> Result<[UInt8], BinaryTableError>? {
        file.map { $0.map { $0.takeBytes() } }
    }

    private static func buildBinary(_ program: Program, laidOutLimit: Int? = nil)
        -> (result: CompileResult, binary: Result<BinaryTableFile, BinaryTableError>?) {
        let variables = lowerVariables(program)
        var writer = BinaryTableWriter()
        let compiler = RuleCompiler(program: program)
        writer.expectedRuleCount = compiler.headers.count
        // The values laid out are bounded as the declarations' values are,
        // included rules' values counted here too.
        let limit = laidOutLimit ?? RuleCompiler.loweredValuesLimit(inputBytes: program.inputBytes)
        var delivered = 0, isPastLimit = false
        // Each item's rules are laid out on the thread that compiles them, in
        // a part of their own; the parts are joined in order. But the
        // thread that joins them keeps the rules it compiles itself, and
        // lays them straight into the table when their turn comes: a part of
        // its own would only pool every value a second time when joined, by
        // the same thread. On one thread that is every rule: the 10 MB build
        // 0.1767 to 0.1675 s on one core (medians of 11 alternating runs),
        // 47.0 to 48.1 MB at peak (the JSON build's 47.3); on two 0.0980 to
        // 0.0955 s (31 runs). Every rule laid out by that thread alone,
        // on two, left the other waiting: 0.1001 to 0.1220 s.
        compiler.compileRules(
            threads: program.threads,
            makeOutput: { BinaryTablePart() },
            add: { rule, part in part.writer.add(rule) },
            addOnDeliveringThread: { rule, part in part.rules.append(consume rule) },
            deliver: { part in
                let firstRule = delivered * RuleCompiler.rulesPerItem
                delivered += 1
                if part.rules.isEmpty {
                    writer.append(&part.writer)
                } else {
                    writer.makeRoom(forRules: part.rules.count)
                    for index in part.rules.indices { writer.add(part.rules[index].take()!) }
                    part.rules.removeAll(keepingCapacity: true)
                }
                // Counted in the order the rules are laid out in the table: the limit is passed at the same rule whatever the number of threads.
                if writer.valuesLaidOut > limit && !isPastLimit {
                    isPastLimit = true
                    compiler.report(EvalMessages.laidOutValuesLimit(limit), atRule: firstRule)
                }
            },
            stopsAfter: { isPastLimit })
        let result = result(of: program, table: nil)
        guard !result.hasErrors else { return (result, nil) }
        do {
            return (result, .success(try writer.finishLayout(variables: variables)))
        } catch {
            return (result, .failure(error))
        }
    }

    /// `buildBinary` of source text held in memory, on at most `threads`
    /// threads, with a limit of its own on the values laid out when given.
    static func buildBinary(source: SourceFile, threads: Int, laidOutLimit: Int? = nil)
        -> (result: CompileResult, binary: Result<[UInt8], BinaryTableError>?) {
        let program = Program(threads: threads)
        ImportLoader.load(entry: source, at: FilePath(source.path), into: program)
        let built = buildBinary(program, laidOutLimit: laidOutLimit)
        return (built.result, bytes(of: built.binary))
    }

    /// Compiles the program's rules on its threads and hands each to `take`,
    /// in table order, on the calling thread.
    private static func forEachCompiledRule(of program: Program, _ take: (CompiledRule) -> Void) {
        RuleCompiler(program: program).compileRules(
            threads: program.threads,
            makeOutput: { CompiledRules() },
            add: { rule, chunk in chunk.rules.append(rule) },
            deliver: { chunk in
                for rule in chunk.rules { take(rule) }
                chunk.rules.removeAll(keepingCapacity: true)
            })
    }

    private static func build(_ program: Program, writingJSONTo output: any ByteOutput, rulesLimit: Int? = nil) -> CompileResult {
        let writer = JSONWriter(sink: { output.write($0) })
        writer.beginTable(variables: lowerVariables(program))
        var wroteRule = false
        let direct = output as? any ByteBufferOutput
        let compiler = RuleCompiler(program: program)
        let limit = rulesLimit ?? jsonRulesLimit(inputBytes: program.inputBytes)
        // Counted in the order the rules are delivered, so that the limit is
        // passed at the same rule whatever the number of threads.
        var written = 0, delivered = 0, isPastLimit = false
        compiler.compileRules(
            threads: program.threads,
            makeOutput: { JSONWriter() },
            add: { rule, chunk in chunk.rule(rule, isFirst: chunk.output.count == 0) },
            deliver: { chunk in
                let firstRule = delivered * RuleCompiler.rulesPerItem
                delivered += 1
                guard chunk.output.count > 0 else { return }
                written += chunk.output.count
                guard written <= limit else {
                    if !isPastLimit { compiler.report(EvalMessages.tableTooLarge(limit: limit), atRule: firstRule) }
                    isPastLimit = true
                    chunk.output.removeAll()
                    return
                }
                if wroteRule { writer.raw(",") }
                writer.flush()
                if let direct { direct.writeEmptying(chunk.output) } else { chunk.output.drain { output.write($0) } }
                wroteRule = true
            },
            stopsAfter: { isPastLimit })
        writer.endTable(hadRules: wroteRule, views: program.declaredViews)
        return result(of: program, table: nil)
    }

    /// At most how many bytes of JSON the rules of an input of `inputBytes`
    /// make: 512 MiB, and 32 for each byte of input (the JSON of a rule is
    /// about 4 times its source). Variables and includes write their values
    /// out in full at each use, so without it a small file could ask for a
    /// table of terabytes. The binary table stores each value once.
    static func jsonRulesLimit(inputBytes: Int) -> Int {
        512 << 20 + 32 * inputBytes
    }

    /// `build(source:importsRelativeTo:writingJSONTo:)` with a limit of its own
    /// on the JSON of the rules, on at most `threads` threads, parsed as for
    /// an output that sends its bytes on when `writesAsItCompiles`.
    static func build(source: SourceFile, threads: Int, rulesLimit: Int, writesAsItCompiles: Bool = false,
                      writingJSONTo output: any ByteOutput) -> CompileResult {
        let program = Program(threads: threads)
        program.writesAsItCompiles = writesAsItCompiles
        ImportLoader.load(entry: source, at: FilePath(source.path), into: program)
        return build(program, writingJSONTo: output, rulesLimit: rulesLimit)
    }

    private static func compile(_ program: Program) -> CompileResult {
        let variables = lowerVariables(program)
        var rules: [CompiledRule] = []
        forEachCompiledRule(of: program) { rules.append($0) }
        return result(of: program, table: RuleTable(variables: variables, rules: rules, views: program.declaredViews))
    }

    /// The result of a compilation; `table` is kept only when there is no error.
    private static func result(of program: Program, table: RuleTable?) -> CompileResult {
        let imports = TokenImports(program.tokenImports)
        let files = imports.files(program.sources)
        var result = CompileResult(diagnostics: imports.diagnostics(program.diagnostics).sortedForDisplay(fileOrder: files), files: files,
                                   inputs: program.inputs.map(\.path), inputIdentities: program.inputs.map(\.identity),
                                   missingInputs: program.missingInputs,
                                   omittedErrors: program.log.omittedErrors,
                                   omittedWarnings: program.log.omittedWarnings)
        if !result.hasErrors { result.ruleTable = table }
        result.variables = program.variables.values
        result.viewSchema = program.schemaCheck.schema
        result.variableDefinitions = program.variables.definitions.mapValues { definition in
            imports.fileRange(FileRange(file: definition.file.source, range: definition.syntax.name))
        }
        result.variableDescriptions = imports.descriptions
        return result
    }

    /// A run of rules laid out in the binary form, on the thread that compiled them.
    private final class BinaryTablePart {
        // Used by one thread at a time (the one compiling its item, then
        // the one joining it): not checked for exclusive access at run time.
        @exclusivity(unchecked) var writer = BinaryTableWriter.part()
        /// The rules the joining thread compiled, to be laid straight into
        /// the table: optional, so that each is moved out in turn (`take()`),
        /// where one read from the array is copied first, counting a
        /// reference to each of its strings and arrays (5,128 copies for the 1 MB corpus).
        @exclusivity(unchecked) var rules: [CompiledRule?] = []
    }

    private final class CompiledRules {
        var rules: [CompiledRule] = []
    }

    static func lowerVariables(_ program: Program) -> [String: StyleValue] {
        ViewDeclarations.collect(into: program)
        program.variables.collect(from: program)
        program.variables.lowerAll(program: program)
        return program.variables.values
    }
}
