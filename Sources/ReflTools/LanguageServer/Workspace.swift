#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval
import ReflLexer
import ReflParser

/// A document the editor has open: its text as typed, not as saved.
final class OpenDocument {
    let uri: String
    /// Its path (symbolic links resolved): the key the compiler's imports are matched by.
    let path: FilePath
    var text: DocumentText
    var version: Int

    init(uri: String, path: FilePath, text: DocumentText, version: Int) {
        self.uri = uri
        self.path = path
        self.text = text
        self.version = version
    }
}

/// The stylesheets the server knows: the open documents, the `.less` files
/// of the workspace folders (for who imports whom), and the compilation of
/// each entry file that reaches an open document.
///
/// A document is compiled as part of the stylesheet that imports it, so an
/// imported palette sees the variables its importer defines, and an edit
/// to it shows its effect on the importer's rules: the entry files are the
/// files that reach an open document through imports and are imported by
/// none (the document itself when nothing imports it).
final class Workspace {
    private(set) var documents: [String: OpenDocument] = [:]
    var folders: [FilePath] = []
    var includePaths: [FilePath] = []
    /// The imports of the workspace's files on disk, by file; nil until scanned.
    private var diskImports: [FilePath: [FilePath]]?
    /// The compilation of each entry file, once analyzed.
    private(set) var compilations: [FilePath: CompileResult] = [:]
    private var isAnalyzed = false

    /// How many `.less` files a scan of a workspace folder reads at most,
    /// and how deep it goes: it bounds the work of opening a huge folder.
    static let maximumScannedFiles = 5000
    static let maximumScanDepth = 16
    /// How many folders a scan opens at most: a workspace opened on a home
    /// folder is not walked whole.
    static let maximumScannedFolders = 20_000
    /// The largest file a scan reads for its imports (an open document, or
    /// a file a compilation imports, is read whatever its size).
    static let maximumScannedFileSize = 8 << 20
    /// The files over that size already reported (once each).
    private var reportedLargeFiles = Set<FilePath>()

    /// Writes to the client's log.
    var log: (String) -> Void = { _ in }

    // MARK: Documents

    func open(uri: String, text: [UInt8], version: Int) -> OpenDocument {
        let document = OpenDocument(uri: uri, path: Self.path(of: uri), text: DocumentText(text), version: version)
        documents[uri] = document
        changed()
        return document
    }

    func close(uri: String) {
        documents[uri] = nil
        changed()
    }

    func document(_ uri: String) -> OpenDocument? { documents[uri] }

    /// Something changed: analyses are redone when next needed.
    func changed() {
        isAnalyzed = false
        onChange()
    }

    /// Called on every change (the server drops what it derived from the old texts).
    var onChange: () -> Void = {}

    /// Files on disk may have changed (a save, a file event): read them again.
    func filesChanged() {
        diskImports = nil
        changed()
    }

    /// The path a URI names (symbolic links resolved when the file exists);
    /// for a URI of another scheme, a path of its own that no file has.
    static func path(of uri: String) -> FilePath {
        guard let path = DocumentURI.path(of: uri) else { return FilePath("/<\(uri)>") }
        return canonical(path)
    }

    /// `path` with symbolic links resolved, or normalized when it does not exist.
    static func canonical(_ path: FilePath) -> FilePath {
        guard !path.isUnusable else { return path }
        return FileSystem.realPath(path) ?? path.normalized
    }

    /// The URI for a file a compilation names.
    func uri(of file: String) -> String {
        let path = Self.canonical(FilePath(file))
        return documents.values.first { $0.path == path }?.uri ?? DocumentURI.uri(of: path)
    }

    // MARK: Analysis

    /// Compiles every entry file that reaches an open document, unless
    /// nothing changed since the last time.
    func analyze() {
        guard !isAnalyzed else { return }
        isAnalyzed = true
        let graph = importGraph()
        var importers: [FilePath: [FilePath]] = [:]
        for (file, imports) in graph {
            for imported in imports where imported != file { importers[imported, default: []].append(file) }
        }
        var entries = Set<FilePath>()
        for document in documents.values {
            entries.formUnion(Self.entries(reaching: document.path, importers: importers))
        }
        let unsaved = unsavedFiles
        var compiled: [FilePath: CompileResult] = [:]
        func compile(_ entry: FilePath) {
            guard let bytes = unsaved[entry] ?? (try? FileSystem.readFile(entry).get()) else { return }
            compiled[entry] = Compiler.compile(source: SourceFile(path: entry.description, bytes: bytes), importsRelativeTo: entry,
                                               includePaths: includePaths, unsavedFiles: unsaved)
        }
        for entry in entries.sorted(by: { $0.description < $1.description }) { compile(entry) }
        // A document no entry reached after all (its importer could not be
        // read, or imports another file of that name) is its own entry.
        var reached = Set<FilePath>()
        for result in compiled.values { for file in result.files { reached.insert(Self.canonical(FilePath(file.path))) } }
        for document in documents.values where !reached.contains(document.path) { compile(document.path) }
        compilations = compiled
    }

    /// The open documents' texts, by path: what the compiler reads instead of the disk.
    var unsavedFiles: [FilePath: [UInt8]] {
        Dictionary(documents.values.map { ($0.path, $0.text.bytes) }, uniquingKeysWith: { first, _ in first })
    }

    /// The files with no importer from which `path` is reached; `path`
    /// itself when none (nothing imports it, or only a cycle does).
    private static func entries(reaching path: FilePath, importers: [FilePath: [FilePath]]) -> Set<FilePath> {
        var seen: Set<FilePath> = [path]
        var pending = [path]
        var entries = Set<FilePath>()
        while let file = pending.popLast() {
            let above = importers[file] ?? []
            if above.isEmpty { entries.insert(file) }
            for importer in above where seen.insert(importer).inserted { pending.append(importer) }
        }
        return entries.isEmpty ? [path] : entries
    }

    /// The compilation that holds `path` (the first entry's, by path), and
    /// the file in it.
    func compilation(holding path: FilePath) -> (result: CompileResult, file: SourceFile)? {
        analyze()
        for entry in compilations.keys.sorted(by: { $0.description < $1.description }) {
            let result = compilations[entry]!
            if let file = result.files.first(where: { Self.canonical(FilePath($0.path)) == path }) { return (result, file) }
        }
        return nil
    }

    /// Every diagnostic of the compilations, by the URI of its file, each once.
    func diagnosticsByURI() -> [String: [Diagnostic]] {
        analyze()
        var byURI: [String: [Diagnostic]] = [:]
        var seen = Set<String>()
        var uris: [String: String] = [:]
        for entry in compilations.keys.sorted(by: { $0.description < $1.description }) {
            let result = compilations[entry]!
            for file in result.files {
                let uri = uris[file.path] ?? self.uri(of: file.path)
                uris[file.path] = uri
                if byURI[uri] == nil { byURI[uri] = [] }
            }
            for diagnostic in result.diagnostics {
                let uri = uris[diagnostic.file.path] ?? self.uri(of: diagnostic.file.path)
                uris[diagnostic.file.path] = uri
                let key = "\(uri)|\(diagnostic.range.start)|\(diagnostic.range.end)|\(diagnostic.message)"
                guard seen.insert(key).inserted else { continue }
                byURI[uri, default: []].append(diagnostic)
            }
        }
        for document in documents.values where byURI[document.uri] == nil { byURI[document.uri] = [] }
        return byURI
    }

    // MARK: Who imports whom

    /// Each known file's imports: the workspace's files as saved, the open
    /// documents as typed.
    private func importGraph() -> [FilePath: [FilePath]] {
        if diskImports == nil { diskImports = scanFolders() }
        var graph = diskImports ?? [:]
        for document in documents.values {
            graph[document.path] = imports(of: document.text.bytes, at: document.path)
        }
        return graph
    }

    private func scanFolders() -> [FilePath: [FilePath]] {
        var files: [FilePath] = []
        for folder in folders { Self.collectStylesheets(in: folder, depth: 0, into: &files) }
        // Beside each open document and one folder up (`components/x.less`
        // imported by `../main.less`), even outside the workspace folders.
        for document in documents.values {
            Self.collectStylesheets(in: document.path.directory, depth: Self.maximumScanDepth, into: &files)
            Self.collectStylesheets(in: document.path.directory.directory, depth: Self.maximumScanDepth, into: &files)
        }
        var graph: [FilePath: [FilePath]] = [:]
        for file in Set(files) {
            // The size first: a huge file that is no stylesheet (a log, a
            // dump named .less) must not be read whole to be left out.
            guard let size = Self.regularFileSize(file) else { continue }
            guard size <= Self.maximumScannedFileSize else {
                if reportedLargeFiles.insert(file).inserted {
                    log("\(file): not scanned for imports (\(size) bytes; files over \(Self.maximumScannedFileSize >> 20) MiB are left out)")
                }
                continue
            }
            guard case .success(let bytes) = FileSystem.readFile(file), bytes.count <= Self.maximumScannedFileSize else { continue }
            graph[Self.canonical(file)] = imports(of: bytes, at: file)
        }
        return graph
    }

    /// The size of the regular file at `path`; nil for anything else or nothing.
    private static func regularFileSize(_ path: FilePath) -> Int? {
        var status = stat()
        guard path.withCString({ fstatat(AT_FDCWD, $0, &status, 0) }) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The `.less` files below `folder` (hidden folders, `.build` and
    /// `node_modules` left out), up to the scan's limits.
    private static func collectStylesheets(in folder: FilePath, depth: Int, into files: inout [FilePath]) {
        var foldersLeft = maximumScannedFolders
        collectStylesheets(in: folder, depth: depth, into: &files, foldersLeft: &foldersLeft)
    }

    private static func collectStylesheets(in folder: FilePath, depth: Int, into files: inout [FilePath], foldersLeft: inout Int) {
        guard files.count < maximumScannedFiles, depth <= maximumScanDepth, foldersLeft > 0,
              let entries = FileSystem.entries(ofFolder: folder, limit: maximumScannedFiles - files.count) else { return }
        foldersLeft -= 1
        var subfolders: [FilePath] = []
        for entry in entries where files.count < maximumScannedFiles {
            let name = entry.name
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            let path = folder.appending(FilePath(bytes: name))
            if name.count > 5 && name.suffix(5).elementsEqual(".less".utf8) {
                files.append(path)
            } else if entry.isFolder && name != Array("node_modules".utf8) {
                subfolders.append(path)
            }
        }
        for subfolder in subfolders { collectStylesheets(in: subfolder, depth: depth + 1, into: &files, foldersLeft: &foldersLeft) }
    }

    /// The files a stylesheet imports (see `importTarget`).
    private func imports(of bytes: [UInt8], at path: FilePath) -> [FilePath] {
        // An import is the token `@import`, spelled so in the bytes: a file
        // without those bytes (most, and every large one seen) is not lexed
        // for it (a whole lex of a 1 MB document took a sixth of its opening).
        guard Self.contains(bytes, "@import") else { return [] }
        let tokens = Lexer.tokenize(SourceFile(path: path.description, bytes: bytes)).tokens
        var found: [FilePath] = []
        for (index, token) in tokens.enumerated() where token.kind == .atName && SourceFile.range(token.range, of: bytes, equals: "@import") {
            var next = index + 1
            if next + 1 < tokens.count && tokens[next].kind == .identifier && tokens[next + 1].kind == .leftParen { next += 2 }
            guard next < tokens.count, tokens[next].kind == .string else { continue }
            found.append(importTarget(FilePath(StringLiteral.decode(bytes, tokens[next].range)), from: path).path)
        }
        return found
    }

    /// Whether `needle` stands anywhere in `bytes`. Its first byte is
    /// looked for eight bytes at a time: a search through slices of the
    /// bytes, one for each `@` of a 1 MB document's variables, was two
    /// fifths of its analysis (57M instructions).
    static func contains(_ bytes: [UInt8], _ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        guard count > 0, bytes.count >= count else { return false }
        let first = Array("\(needle)".utf8)[0]
        let ones: UInt64 = 0x0101_0101_0101_0101
        let firsts = UInt64(first) &* ones
        let lastStart = bytes.count - count
        var index = 0
        while index <= lastStart {
            if index + 8 <= bytes.count {
                // The high bit of the lowest byte equal to `first`, exactly
                // (the bytes above it may be marked wrongly; they are not used).
                let differences = bytes.word(at: index) ^ firsts
                let found = (differences &- ones) & ~differences & (ones &* 0x80)
                if found == 0 {
                    index += 8
                    continue
                }
                index += found.trailingZeroBitCount / 8
                guard index <= lastStart else { return false }
            }
            if bytes[index] == first && bytes.spells(needle, in: index..<index + count) { return true }
            index += 1
        }
        return false
    }

    /// The file an import written `written` in `importer` names, found as
    /// the compiler finds it (beside the importer, then in the include
    /// folders; an open document counts as existing), and whether it exists
    /// (when none does, the path beside the importer, which the compiler reports).
    func importTarget(_ written: FilePath, from importer: FilePath) -> (path: FilePath, exists: Bool) {
        let candidates = (written.isAbsolute ? [written] : [importer.directory.appending(written)] + includePaths.map { $0.appending(written) })
            .map(Self.canonical)
        let existing = candidates.first { candidate in
            documents.values.contains { $0.path == candidate } || candidate.withCString { access($0, F_OK) } == 0
        }
        return existing.map { ($0, true) } ?? (candidates[0], false)
    }
}
