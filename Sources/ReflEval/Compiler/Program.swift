import ReflLexer
import ReflParser

/// One stylesheet file of a compilation, parsed.
final class LoadedFile {
    /// Its source; `source.path` is the path diagnostics show.
    let source: SourceFile
    let syntax: StylesheetSyntax
    /// The path relative to the entry file's folder, as the rule table records it.
    let relativePath: String
    /// What each of the file's declaration keys means, by key id (set when
    /// rules are compiled).
    var keys: [DeclarationKey] = []
    private var lineTable: LineTable?

    init(source: SourceFile, syntax: StylesheetSyntax, relativePath: String) {
        self.source = source
        self.syntax = syntax
        self.relativePath = relativePath
    }

    /// Lines are computed the first time a position in this file is needed.
    var lines: LineTable {
        if let lineTable { return lineTable }
        let table = LineTable(source)
        lineTable = table
        return table
    }

    func text(_ range: SourceRange) -> String { source.text(range) }
}

/// Everything one compilation knows: its files (in rule order: a file's
/// imports before its own rules), its variables, and the diagnostics so far.
final class Program {
    /// How many threads the compilation may use (see `Concurrency`).
    let threads: Int
    var files: [LoadedFile] = []
    let log = DiagnosticLog()
    var variables = VariableTable()
    let conditionCache = ConditionCache()

    var diagnostics: [Diagnostic] { log.diagnostics }

    init(threads: Int = Concurrency.processorCount) {
        self.threads = threads
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
