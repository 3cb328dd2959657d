import ReflLexer
import ReflParser

/// One stylesheet file of a compilation, parsed — or one part of it: a large
/// file is parsed in pieces on several threads, and each piece stays a part
/// with a tree of its own (see `Parser.parts`) rather than being joined into
/// one. The parts of a file follow each other in `Program.files` and share
/// its source, path and line table; everything else treats them as files.
final class LoadedFile {
    /// Its source; `source.path` is the path diagnostics show.
    let source: SourceFile
    /// The path it was read from (imports are found relative to its folder).
    let path: FilePath
    /// Its tree; empty once the file's rules are compiled (see `releaseTree`).
    private(set) var syntax: StylesheetSyntax
    /// The path relative to the entry file's folder, as the rule table records it.
    let relativePath: String
    /// What each of the file's declaration keys means, by key id (set when
    /// rules are compiled).
    var keys: [DeclarationKey] = []
    private let lineTable: SharedLineTable

    /// The file `source`, or its first part; `nextPart(_:)` makes the others.
    init(source: SourceFile, path: FilePath, syntax: StylesheetSyntax, relativePath: String) {
        self.source = source
        self.path = path
        self.syntax = syntax
        self.relativePath = relativePath
        lineTable = SharedLineTable(source)
    }

    private init(partOf file: LoadedFile, syntax: StylesheetSyntax) {
        source = file.source
        path = file.path
        self.syntax = syntax
        relativePath = file.relativePath
        lineTable = file.lineTable
    }

    /// Another part of the same file, with the tree `syntax`.
    func nextPart(_ syntax: StylesheetSyntax) -> LoadedFile {
        LoadedFile(partOf: self, syntax: syntax)
    }

    /// Drops the tree, keeping the source: called once every rule of the
    /// file is compiled, when no thread reads the tree again, so that the
    /// trees of a large stylesheet are given back while its later rules
    /// compile (the binary table grows meanwhile).
    func releaseTree() {
        syntax = StylesheetSyntax(file: source)
    }

    /// Lines are computed the first time a position in this file is needed.
    var lines: LineTable { lineTable.table }

    func text(_ range: SourceRange) -> String { source.text(range) }

    /// One line table for all the parts of a file.
    private final class SharedLineTable {
        let source: SourceFile
        lazy var table = LineTable(source)

        init(_ source: SourceFile) {
            self.source = source
        }
    }
}

/// Everything one compilation knows: its files (in rule order: a file's
/// imports before its own rules), its variables, and the diagnostics so far.
final class Program {
    /// How many threads the compilation may use (see `Concurrency`).
    let threads: Int
    /// Whether the build writes its table to a file as it compiles (JSON
    /// into a file, not into memory), so that its memory does not grow
    /// while the rules are compiled: on one thread, a large file is then
    /// parsed whole (see `ImportLoader.pieceCount`).
    var writesAsItCompiles = false
    /// The files, or their parts (see `LoadedFile`), in rule order.
    var files: [LoadedFile] = []
    /// Every file read from disk, in the order read (for `--depends`, and to
    /// refuse writing the output over one of them).
    var inputs: [Input] = []
    /// Where imports that could not be read were looked for.
    var missingInputs: [FilePath] = []
    /// Folders an import not found beside its importer is looked for in, in order.
    var includePaths: [FilePath] = []
    /// Contents to use instead of the disk's for these files (an editor's
    /// unsaved buffers), by path as `CanonicalPaths` gives it.
    var unsavedFiles: [FilePath: [UInt8]] = [:]

    /// A file read from disk: its path and which file it is.
    struct Input {
        let path: FilePath
        let identity: FileSystem.FileIdentity
    }
    let log: DiagnosticLog
    let variables = VariableTable()
    let conditionCache = ConditionCache()

    var diagnostics: [Diagnostic] { log.diagnostics }

    /// How many bytes the source files hold, in all: what the limits on a
    /// table's size grow with.
    var inputBytes: Int { sources.reduce(0) { $0 + $1.bytes.count } }

    /// The source files, in rule order, each once (however many parts it has).
    var sources: [SourceFile] {
        var sources: [SourceFile] = []
        for file in files where sources.last !== file.source { sources.append(file.source) }
        return sources
    }

    /// `errorLimit`: how many errors (and warnings) are kept; 0 keeps all.
    /// The schema rules are checked against: UIKit's, with the stylesheet's
    /// `@view` declarations once they are collected.
    var schemaCheck = SchemaCheck(schema: UIKitSchema.schema, deploymentTarget: nil)
    /// Points in `1rem`: 16 unless the stylesheet sets `@rem-base`.
    var remBase = 16.0
    /// The classes and properties the stylesheet's `@view` declarations add
    /// (what the rule table keeps of them).
    var declaredViews = ViewSchema()
    /// The design-token imports, by the stylesheet text they stand for
    /// (what is found in that text is reported in the token files).
    var tokenImports: [ObjectIdentifier: TokenImport] = [:]

    init(threads: Int = Concurrency.processorCount, errorLimit: Int = Compiler.defaultErrorLimit) {
        self.threads = threads
        log = DiagnosticLog(limit: errorLimit == 0 ? .max : errorLimit)
    }

    func report(_ message: Message, in file: LoadedFile, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        log.report(message, in: file, at: range, notes: notes)
    }
}

/// Conditions parsed from strings reached through variables, by the
/// string's file and offset, so each is parsed (and its problems reported)
/// once, by whichever thread of the rule phase reaches it first.
final class ConditionCache {
    struct Key: Hashable {
        let file: ObjectIdentifier
        let offset: Int
    }

    private let lock = Lock()
    private var conditions: [Key: Condition?] = [:]

    /// The condition of the string at `key`, from `parse` the first time.
    func condition(at key: Key, parse: () -> Condition?) -> Condition? {
        lock.withLock {
            if let cached = conditions[key] { return cached }
            let condition = parse()
            conditions[key] = .some(condition)
            return condition
        }
    }
}
