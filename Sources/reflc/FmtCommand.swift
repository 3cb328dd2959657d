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
import ReflTools

/// `reflc fmt FILE... [--check]`: rewrites stylesheets in the canonical
/// layout (see `StylesheetFormatter`).
enum FmtCommand {
    static let help = """
        usage: reflc fmt FILE|FOLDER... [--check]
               reflc fmt -               (standard input to standard output)

        Rewrites each FILE in the canonical layout: 4-space indentation, one
        declaration per line as 'key: value;', ', ' between arguments, one space
        before '{', one blank line between rules, comments kept where they
        stand, every line ending in LF (CRLF and CR line ends, in comments
        too, become LF). Strings, numbers, colors and condition strings are
        kept byte for byte, and the rule table the file compiles to stays the
        same. A file already in the layout is not written.

        A FOLDER stands for every .less file below it (sorted; hidden folders
        and .build skipped). A read-only file is not formatted, and a file
        written to while it is formatted is left as it is (exit 2).

        A file with syntax errors is reported and left untouched (exit 1).

        options:
          --check                change nothing; list the files that are not in the
                                 layout on standard output and exit 1 if there are any
          --diagnostics text|json
                                 syntax errors as text (default) or JSON Lines
          --color auto|always|never
                                 color text diagnostics (auto: when stderr is a terminal
                                 and NO_COLOR is not set)
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let parsed: Arguments
        switch Arguments.forCommand(arguments, valued: ["--diagnostics", "--color"], switches: ["--check"], help: help) {
        case .failure(let status): return status
        case .success(let read): parsed = read
        }
        let options: DiagnosticOptions
        do {
            options = try DiagnosticOptions(parsed)
        } catch {
            return Console.fail(error.message + "", help: help)
        }
        guard !parsed.positionalPaths.isEmpty else { return Console.fail("fmt needs at least one file", help: help) }
        let check = parsed.has("--check")
        var status = Console.ExitStatus.success
        for argument in parsed.positionalPaths {
            for path in stylesheets(under: argument) {
                status = worse(status, format(path, check: check, options: options))
            }
        }
        return status
    }

    /// The stylesheets a FILE argument names: the file itself, or for a
    /// folder every `.less` file below it, sorted, as `gofmt` and
    /// `swift-format -r` take a folder. Hidden folders and `.build` are
    /// skipped, and symbolic links to folders not followed (no cycles).
    static func stylesheets(under path: FilePath) -> [FilePath] {
        var status = stat()
        guard path.bytes != Array("-".utf8), path.withCString({ stat($0, &status) }) == 0,
              status.st_mode & S_IFMT == S_IFDIR else { return [path] }
        var found: [FilePath] = []
        collect(path, into: &found, depth: 0)
        return found
    }

    private static func collect(_ folder: FilePath, into found: inout [FilePath], depth: Int) {
        guard depth < 64, let folderEntries = FileSystem.entries(ofFolder: folder) else { return }
        var entries: [(name: [UInt8], isFolder: Bool)] = []
        for entry in folderEntries {
            let name = entry.name
            guard name.first != UInt8(ascii: "."), name != Array(".build".utf8) else { continue }
            var status = stat()
            let child = folder.appending(FilePath(bytes: name))
            guard child.withCString({ lstat($0, &status) }) == 0 else { continue }
            let kind = status.st_mode & S_IFMT
            if kind == S_IFDIR {
                entries.append((name, true))
            } else if name.count > 5, name.suffix(5) == Array(".less".utf8)[...], kind == S_IFREG || kind == S_IFLNK {
                entries.append((name, false))
            }
        }
        for entry in entries.sorted(by: { $0.name.lexicographicallyPrecedes($1.name) }) {
            let child = folder.appending(FilePath(bytes: entry.name))
            if entry.isFolder { collect(child, into: &found, depth: depth + 1) } else { found.append(child.normalized) }
        }
    }

    /// Formats (or, with `check`, checks) one file.
    private static func format(_ path: FilePath, check: Bool, options: DiagnosticOptions) -> Console.ExitStatus {
        let isStandardInput = path.bytes == Array("-".utf8)
        // The file as it was before reading: it is replaced only if it is still so.
        let before = isStandardInput ? nil : FileSnapshot.take(path)
        if let before, before.isReadOnly, !check {
            return Console.fail("\(path): read-only; not formatted (make it writable to format it)")
        }
        let read = isStandardInput ? FileSystem.readStream(0) : FileSystem.readFile(path)
        let bytes: [UInt8]
        switch read {
        case .failure(let error):
            return Console.fail("cannot read '\(isStandardInput ? "standard input" : path.description)': \(error.reason)")
        case .success(let contents): bytes = contents
        }
        let name = isStandardInput ? "<stdin>" : path.description
        switch StylesheetFormatter.format(SourceFile(path: name, bytes: bytes)) {
        case .syntaxErrors(let errors):
            options.report(errors)
            // The diagnostics say it; in text, a line says what became of the file.
            if options.format == .text { Console.writeError("\(name): not formatted: it has syntax errors\n") }
            return .inputErrors
        case .refused(let reason):
            Console.writeError("\(name): not formatted: \(reason)\n")
            return .inputErrors
        case .formatted(let layout):
            if isStandardInput {
                if !check { Console.writeOut(bytes: layout) }
                return check && layout != bytes ? notInLayout(name) : .success
            }
            guard layout != bytes else { return .success }
            if check { return notInLayout(name) }
            return write(layout, to: path, replacing: bytes, readAs: before)
        }
    }

    private static func notInLayout(_ name: String) -> Console.ExitStatus {
        Console.writeOut(name + "\n")
        return .inputErrors
    }

    /// Replaces the file with its layout, unless something wrote to it
    /// since it was read (`original`, when it looked like `before`): then
    /// the file is left as it is, so no one's write is lost.
    private static func write(_ layout: [UInt8], to path: FilePath, replacing original: [UInt8],
                              readAs before: FileSnapshot?) -> Console.ExitStatus {
        switch OutputFile.create(path) {
        case .failure(let error): return Console.fail(error.message)
        case .success(let file):
            file.write(layout[...])
            // Checked last, just before the file is replaced: its status and its bytes.
            let unchanged = before != nil && FileSnapshot.take(path) == before
                && (try? FileSystem.readFile(path).get()) == original
            guard unchanged else {
                file.discard()
                return Console.fail("\(path): changed while being formatted; left as it is (run reflc fmt again)")
            }
            if let problem = file.commit() { return Console.fail(problem) }
            return .success
        }
    }

    /// The status that says more: file trouble over input errors over success.
    private static func worse(_ first: Console.ExitStatus, _ second: Console.ExitStatus) -> Console.ExitStatus {
        first.rawValue >= second.rawValue ? first : second
    }
}
