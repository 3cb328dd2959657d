import ReflEval

/// `--config FILE`: a target's `reflc.json`, which the build plugin passes
/// to every command, so that the file is an input of the build and a change
/// of it builds again.
///
///     {
///       "format": "binary",              // the table's form: "json" (default) or "binary"
///       "includePaths": ["../Shared"],   // -I, relative to this file's folder
///       "warningsAsErrors": true,        // -W error
///       "deploymentTarget": "15.0"       // --deployment-target
///     }
///
/// Options on the command line win over the file's.
struct BuildConfiguration {
    /// The file it was read from.
    var file = FilePath("reflc.json")
    var format: String?
    var includePaths: [FilePath] = []
    var warningsAsErrors = false
    var deploymentTarget: OSVersion?

    static let keys = ["format", "includePaths", "warningsAsErrors", "deploymentTarget"]

    /// The configuration in `path`, or the message naming what is wrong and where.
    struct Problem: Error {
        let message: String
        /// The file could not be read (exit 2, as for any unreadable input),
        /// rather than read and found wrong (exit 1).
        var isUnreadable = false
    }

    static func read(_ path: FilePath) -> Result<BuildConfiguration, Problem> {
        let bytes: [UInt8]
        switch FileSystem.readFile(path) {
        case .failure(let error): return .failure(Problem(message: "\(path): error: cannot read it: \(error.reason)", isUnreadable: true))
        case .success(let read): bytes = read
        }
        let source = SourceFile(path: path.description, bytes: bytes)
        let lines = LineTable(source)
        func problem(_ message: String, at offset: Int) -> Problem {
            let (line, column) = lines.location(of: min(offset, bytes.count))
            return Problem(message: "\(path):\(line):\(column): error: \(message)")
        }
        let root: JSONNode
        switch JSONNode.parse(bytes) {
        case .failure(let error): return .failure(problem("not valid JSON: \(error.message)", at: error.offset))
        case .success(let node): root = node
        }
        guard case .object(let members) = root.kind else {
            return .failure(problem("expected an object such as {\"format\": \"binary\"}", at: root.offset))
        }
        var configuration = BuildConfiguration()
        configuration.file = path
        // Every mistake of the file in one run, as a stylesheet's are.
        var problems: [Problem] = []
        for (key, value) in members {
            switch (key, value.kind) {
            case ("format", .string(let format)) where format == "json" || format == "binary":
                configuration.format = format
            case ("format", .string(let format)):
                problems.append(problem("'format' is \"json\" or \"binary\", found \"\(format)\""
                                        + Suggestions.didYouMean(format, in: ["json", "binary"]), at: value.offset))
            case ("format", _):
                problems.append(problem("'format' is \"json\" or \"binary\"", at: value.offset))
            case ("includePaths", .array(let items)):
                for item in items {
                    guard case .string(let folder) = item.kind else {
                        problems.append(problem("'includePaths' lists folders as strings", at: item.offset))
                        continue
                    }
                    let written = FilePath(folder)
                    configuration.includePaths.append(written.isAbsolute ? written : path.directory.appending(written))
                }
            case ("includePaths", _):
                problems.append(problem("'includePaths' is a list of folders, relative to this file's folder", at: value.offset))
            case ("warningsAsErrors", .bool(let flag)):
                configuration.warningsAsErrors = flag
            case ("warningsAsErrors", _):
                problems.append(problem("'warningsAsErrors' is true or false", at: value.offset))
            case ("deploymentTarget", .string(let written)):
                guard let version = OSVersion(written) else {
                    problems.append(problem("'deploymentTarget' is an iOS version such as \"15.0\", found \"\(written)\"", at: value.offset))
                    continue
                }
                configuration.deploymentTarget = version
            case ("deploymentTarget", _):
                problems.append(problem("'deploymentTarget' is an iOS version as a string, such as \"15.0\"", at: value.offset))
            default:
                let suggestion = Suggestions.closest(to: key, in: keys).map { "did you mean '\($0)'? " } ?? ""
                problems.append(problem("unknown key '\(key)'; \(suggestion)the keys are \(keys.joined(separator: ", "))",
                                        at: keyOffset(before: value.offset, in: bytes)))
            }
        }
        guard problems.isEmpty else { return .failure(Problem(message: problems.map(\.message).joined(separator: "\n"))) }
        return .success(configuration)
    }

    /// Where the key of the member whose value starts at `offset` starts:
    /// back over the `:` and the key's quotes.
    private static func keyOffset(before offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset - 1
        func skipSpace() { while index > 0 && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index -= 1 } }
        skipSpace()
        guard index > 0, bytes[index] == UInt8(ascii: ":") else { return offset }
        index -= 1
        skipSpace()
        guard index > 0, bytes[index] == UInt8(ascii: "\"") else { return offset }
        index -= 1
        while index > 0 && !(bytes[index] == UInt8(ascii: "\"") && bytes[index - 1] != UInt8(ascii: "\\")) { index -= 1 }
        return index
    }
}
