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
    let entryFolder: FilePath
    private let folders: FolderDescriptors
    private let canonicalPaths: CanonicalPaths

    init(program: Program, entryFolder: FilePath) {
        self.program = program
        self.entryFolder = entryFolder
        folders = FolderDescriptors()
        canonicalPaths = CanonicalPaths(descriptors: folders)
    }

    /// Why the entry file itself could not be loaded.
    struct EntryError: Error {
        let reason: String
    }

    /// Loads `entryPath` and its imports; an unreadable entry file is an error
    /// of the command (not a diagnostic in a stylesheet).
    static func load(entryPath: FilePath, into program: Program) -> EntryError? {
        switch FileSystem.readFile(entryPath, folders: nil) {
        case .failure(let error): return EntryError(reason: error.reason)
        case .success(let (bytes, identity)):
            program.inputs.append(Program.Input(path: entryPath, identity: identity))
            load(entry: SourceFile(path: entryPath.description, bytes: bytes), at: entryPath, into: program)
            return nil
        }
    }

    /// Loads an entry file already in memory, whose imports are read from
    /// disk relative to `path` (the working directory when it has no folder).
    static func load(entry: SourceFile, at path: FilePath, into program: Program) {
        let loader = ImportLoader(program: program, entryFolder: path.directory)
        loader.run(entry: entry, at: path)
    }

    private func run(entry: SourceFile, at entryPath: FilePath) {
        // Each file's parts, by canonical path, and the path it was imported as.
        var files: [FilePath: (parts: [LoadedFile], path: FilePath)] = [:]
        let entryKey = canonicalPaths.canonical(entryPath) ?? entryPath
        files[entryKey] = (parse(entry, at: entryPath), entryPath)
        var lastImported = entryPath
        let walk = DependencyWalk<FilePath, (statement: ImportStatement, part: LoadedFile)>(
            edges: { key in Self.imports(of: files[key]!.parts) },
            target: { edge, _ in
                let written = StringLiteral.decode(edge.part.source.bytes, edge.statement.path)
                if edge.statement.isTokens {
                    let (key, path) = self.tokenImportKey(edge.statement, in: edge.part)
                    lastImported = path
                    guard files[key] == nil else { return key }
                    guard let parts = self.loadTokens(edge.statement, at: path, in: edge.part) else { return nil }
                    files[key] = (parts, path)
                    return key
                }
                let candidates = self.candidates(for: FilePath(written), importer: edge.part.path)
                let path = candidates.first { self.unsavedContents(of: $0, key: nil) != nil || FileSystem.exists($0, folders: self.folders) }
                    ?? candidates[0]
                let key = self.canonicalPaths.canonical(path) ?? path
                lastImported = path
                guard files[key] == nil else { return key }  // loaded, or being loaded: the walk knows which
                if let unsaved = self.unsavedContents(of: path, key: key) {
                    files[key] = (self.parse(SourceFile(path: path.description, bytes: unsaved), at: path), path)
                    return key
                }
                switch FileSystem.readFile(path, folders: self.folders) {
                case .failure(let error):
                    self.program.missingInputs.append(contentsOf: candidates)
                    // With include paths, the places looked in: the file may be in none of them.
                    let searched = candidates.count > 1 && !candidates.contains { FileSystem.exists($0, folders: self.folders) }
                        ? " (looked for " + candidates.map(\.description).joined(separator: ", ") + ")" : ""
                    self.program.report(EvalMessages.importUnreadable(written, reason: error.reason + searched), in: edge.part,
                                        at: edge.statement.path)
                    return nil
                case .success(let (bytes, identity)):
                    self.program.inputs.append(Program.Input(path: path, identity: identity))
                    files[key] = (self.parse(SourceFile(path: path.description, bytes: bytes), at: path), path)
                    return key
                }
            },
            cycle: { keys, edge in
                let chain = keys.dropLast().map { files[$0]!.parts[0].source.path } + [lastImported.description]
                self.program.report(EvalMessages.importCycle(chain), in: edge.part, at: edge.statement.path)
            },
            finish: { key in self.program.files.append(contentsOf: files[key]!.parts) })
        walk.walk(from: [entryKey])
    }

    /// Reads the design-token files of `statement` (written in `part`) into
    /// the stylesheet text they stand for, parsed; nil when a file named by
    /// the import cannot be read (reported at its path).
    private func loadTokens(_ statement: ImportStatement, at path: FilePath, in part: LoadedFile) -> [LoadedFile]? {
        let modes = statement.modes.map { (name: part.text($0.name), path: located($0.path, in: part)) }
        let result = TokenImporter.load(path: path, modes: modes, syntheticPath: path.description) { file in
            let key = self.canonicalPaths.canonical(file)
            if let unsaved = self.unsavedContents(of: file, key: key) { return .success(SourceFile(path: file.description, bytes: unsaved)) }
            switch FileSystem.readFile(file, folders: self.folders) {
            case .failure(let error):
                self.program.missingInputs.append(file)
                return .failure(error)
            case .success(let (bytes, identity)):
                self.program.inputs.append(Program.Input(path: file, identity: identity))
                return .success(SourceFile(path: file.description, bytes: bytes))
            }
        }
        switch result {
        case .failure(let failure):
            let range = failure.mode.flatMap { mode in statement.modes.first { part.text($0.name) == mode }?.path } ?? statement.path
            program.report(EvalMessages.importUnreadable(StringLiteral.decode(part.source.bytes, range), reason: failure.error.reason),
                           in: part, at: range)
            return nil
        case .success(let tokens):
            program.log.append(contentsOf: tokens.diagnostics)
            program.tokenImports[ObjectIdentifier(tokens.source)] = tokens
            return parse(tokens.source, at: path)
        }
    }

    /// Where the file written at `range` of `part` is: beside it, or in an include folder.
    private func located(_ range: SourceRange, in part: LoadedFile) -> FilePath {
        let candidates = candidates(for: FilePath(StringLiteral.decode(part.source.bytes, range)), importer: part.path)
        return candidates.first { unsavedContents(of: $0, key: nil) != nil || FileSystem.exists($0, folders: folders) }
            ?? candidates[0]
    }

    /// A token import's first file, and the key that tells it from other
    /// imports: its files, so the same files imported twice are read once.
    private func tokenImportKey(_ statement: ImportStatement, in part: LoadedFile) -> (FilePath, FilePath) {
        let path = located(statement.path, in: part)
        var key = "tokens(" + (canonicalPaths.canonical(path) ?? path).description
        for mode in statement.modes {
            let modePath = located(mode.path, in: part)
            key += ", \(part.text(mode.name)): " + (canonicalPaths.canonical(modePath) ?? modePath).description
        }
        return (FilePath(key + ")"), path)
    }

    /// A file's imports, each with the part it is written in.
    private static func imports(of parts: [LoadedFile]) -> [(statement: ImportStatement, part: LoadedFile)] {
        parts.flatMap { part in
            part.syntax.items.compactMap { item in
                if case .importStatement(let statement) = item { return (statement, part) }
                return nil
            }
        }
    }

    /// The bytes an editor holds for `path` (whose canonical form is `key`), if any.
    private func unsavedContents(of path: FilePath, key: FilePath?) -> [UInt8]? {
        guard !program.unsavedFiles.isEmpty else { return nil }
        return key.flatMap { program.unsavedFiles[$0] } ?? program.unsavedFiles[path] ?? program.unsavedFiles[path.normalized]
    }

    /// Where an import is looked for, in order: beside the importing file,
    /// then (for a relative path) in each include folder, named by the
    /// folder as given joined with the import path.
    private func candidates(for written: FilePath, importer: FilePath) -> [FilePath] {
        let beside = importer.directory.appending(written)
        guard !written.isAbsolute else { return [beside] }
        return [beside] + program.includePaths.map { $0.appending(written) }
    }

    /// The file's parts (see `LoadedFile`), their diagnostics logged.
    private func parse(_ source: SourceFile, at path: FilePath) -> [LoadedFile] {
        let results = Self.parse(source, threads: program.threads, writesAsItCompiles: program.writesAsItCompiles,
                                 diagnosticLimit: program.log.limit)
        let first = LoadedFile(source: source, path: path, syntax: results[0].syntax,
                               relativePath: path.relative(to: entryFolder).description)
        var parts = [first]
        for result in results.dropFirst() { parts.append(first.nextPart(result.syntax)) }
        for result in results {
            program.log.append(contentsOf: result.diagnostics)
            program.log.omit(errors: result.omittedDiagnostics)
        }
        return parts
    }

    /// Below this many bytes a file is parsed in one piece: starting a
    /// thread would cost more than it saves.
    static let minimumPieceSize = 1 << 16

    /// About the largest piece of a build that keeps what it compiles (a
    /// binary table, a table in memory): a smaller piece's tables stay in
    /// the cache, several pieces per thread even out the threads' shares, and
    /// each piece's tree is released as soon as its rules are compiled (see
    /// `LoadedFile.releaseTree`), so the trees shrink while the table grows.
    /// 4 MiB pieces left the binary build of the 10 MB corpus at 50 MiB
    /// peak; 1 MiB pieces at 47 MiB, the JSON build's, with the same times.
    static let maximumPieceSize = 1 << 20

    /// How many pieces a file of `bytes` is parsed in: whole rounds of one
    /// piece per thread, as few as keep the pieces under the maximum. One
    /// thread parses them one after the other, so that their trees can be
    /// released one by one too: on one core, the binary build of the 10 MB
    /// corpus peaked at 48 MB in 1 MiB pieces and at 59 MB in one piece.
    ///
    /// But one thread of a build that writes its table to a file as it
    /// compiles (JSON; not into memory or to standard output, which hold
    /// it) parses a file whole: every piece would be parsed before the
    /// first rule is compiled, and the build's memory does not grow after,
    /// so pieces would lower no peak; and the whole file's nodes and
    /// declarations fill arrays large enough to be given huge pages as they
    /// are written (see `Parser.init`). The 10 MB corpus's one-core build
    /// took 4,557 page faults rather than 7,674 and 0.1451 s rather than
    /// 0.1522, its peak 48.1 MB rather than 47.2. One piece per thread on
    /// two cores measured 2% faster, but its peak went up by 1 to 3 MB, and
    /// varied more, too near the bench's bound of five times the input.
    static func pieceCount(bytes: Int, threads: Int, writesAsItCompiles: Bool = false) -> Int {
        let threads = max(1, threads)
        if threads == 1 && writesAsItCompiles { return 1 }
        let rounds = (bytes + threads * maximumPieceSize - 1) / (threads * maximumPieceSize)
        return max(1, min(threads * rounds, bytes / minimumPieceSize))
    }

    /// Parses `source`: whole, or in pieces on several threads when it is
    /// large (see `Parser+Pieces.swift`), each piece a part of the file. The
    /// parts say exactly what the whole file's parse would.
    static func parse(_ source: SourceFile, threads: Int, writesAsItCompiles: Bool = false,
                      diagnosticLimit: Int = .max) -> [ParseResult] {
        let count = pieceCount(bytes: source.bytes.count, threads: threads, writesAsItCompiles: writesAsItCompiles)
        guard count > 1 else { return [Parser.parse(source, diagnosticLimit: diagnosticLimit)] }
        let ranges = Parser.pieces(of: source, count: count)
        let slots = ranges.map { _ in PieceSlot() }
        let parsePiece = { (index: Int) in
            slots[index].piece = Parser.parse(source, piece: ranges[index], diagnosticLimit: diagnosticLimit)
        }
        if threads > 1 { Concurrency.run(ranges.count, parsePiece) } else { ranges.indices.forEach(parsePiece) }
        return Parser.parts(slots.map { $0.take() }) ?? [Parser.parse(source, diagnosticLimit: diagnosticLimit)]
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
}
