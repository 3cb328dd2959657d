import ReflLexer
import ReflParser

/// Loads the entry file and, depth first, every file it imports.
///
/// Each file is loaded once, however many files import it; files are added
/// to the program in post-order (a file after everything it imports), which
/// is the order of rules and of variable definitions. The walk uses an
/// explicit stack, so a long chain of imports cannot overflow the call stack.
struct ImportLoader {
    let program: Program
    /// The entry file's folder: rule-table paths are relative to it.
    let entryFolder: String

    /// Why the entry file itself could not be loaded.
    struct EntryError: Error {
        let reason: String
    }

    private enum State { case inProgress, done }

    private struct Frame {
        let file: LoadedFile
        let imports: [ImportStatement]
        var next = 0
    }

    /// Loads `entryPath` and its imports; an unreadable entry file is an error
    /// of the command (not a diagnostic in a stylesheet).
    static func load(entryPath: String, into program: Program) -> EntryError? {
        switch FileSystem.readFile(entryPath) {
        case .failure(let error): return EntryError(reason: error.reason)
        case .success(let bytes):
            load(entry: SourceFile(path: entryPath, bytes: bytes), into: program)
            return nil
        }
    }

    /// Loads an entry file already in memory, and its imports from disk.
    static func load(entry: SourceFile, into program: Program) {
        let loader = ImportLoader(program: program, entryFolder: PathName.directory(of: entry.path))
        loader.run(entry: entry)
    }

    private func run(entry: SourceFile) {
        var states: [String: State] = [:]
        let entryFile = parse(entry)
        var stack = [Frame(file: entryFile, imports: Self.imports(of: entryFile.syntax))]
        let entryKey = FileSystem.canonicalPath(entry.path) ?? entry.path
        states[entryKey] = .inProgress
        var keys = [entryKey]

        while !stack.isEmpty {
            let top = stack.count - 1
            guard stack[top].next < stack[top].imports.count else {
                program.files.append(stack[top].file)
                states[keys[top]] = .done
                stack.removeLast()
                keys.removeLast()
                continue
            }
            let statement = stack[top].imports[stack[top].next]
            stack[top].next += 1
            let importer = stack[top].file
            let written = StringLiteral.decode(importer.source.bytes, statement.path)
            let path = PathName.join(PathName.directory(of: importer.source.path), written)
            let key = FileSystem.canonicalPath(path) ?? path
            switch states[key] {
            case .done:
                continue  // loaded once, at its first import
            case .inProgress:
                let start = keys.firstIndex(of: key)!
                let chain = stack[start...].map { $0.file.source.path } + [path]
                program.report(EvalMessages.importCycle(chain), in: importer, at: statement.path)
            case nil:
                switch FileSystem.readFile(path) {
                case .failure(let error):
                    program.report(EvalMessages.importUnreadable(written, reason: error.reason), in: importer, at: statement.path)
                case .success(let bytes):
                    let file = parse(SourceFile(path: path, bytes: bytes))
                    states[key] = .inProgress
                    keys.append(key)
                    stack.append(Frame(file: file, imports: Self.imports(of: file.syntax)))
                }
            }
        }
    }

    private func parse(_ source: SourceFile) -> LoadedFile {
        let result = Self.parse(source, threads: program.threads)
        program.log.append(contentsOf: result.diagnostics)
        return LoadedFile(source: source, syntax: result.syntax, relativePath: PathName.relative(source.path, to: entryFolder))
    }

    /// Below this many bytes a file is parsed in one piece: starting a
    /// thread would cost more than it saves.
    static let minimumPieceSize = 1 << 16

    /// Parses `source`, in pieces on several threads when it is large (see
    /// `Parser+Pieces.swift`); the result is the same either way.
    static func parse(_ source: SourceFile, threads: Int) -> ParseResult {
        let count = min(threads, source.bytes.count / minimumPieceSize)
        guard count > 1 else { return Parser.parse(source) }
        let ranges = Parser.pieces(of: source, count: count)
        let slots = ranges.map { _ in PieceSlot() }
        Concurrency.run(ranges.count) { index in
            slots[index].piece = Parser.parse(source, piece: ranges[index])
        }
        return Parser.join(slots.map { $0.take() }) ?? Parser.parse(source)
    }

    /// Where one thread of `parse(_:threads:)` leaves its piece.
    private final class PieceSlot {
        var piece: Parser.Piece?

        /// The piece, which the slot no longer holds (so it can be moved).
        func take() -> Parser.Piece {
            defer { piece = nil }
            return piece!
        }
    }

    private static func imports(of syntax: StylesheetSyntax) -> [ImportStatement] {
        syntax.items.compactMap { item in
            if case .importStatement(let statement) = item { return statement }
            return nil
        }
    }
}
