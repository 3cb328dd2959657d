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

    /// Why the configuration in a file cannot be used.
    struct Problem: Error {
        /// What is wrong in the file, each at its place (as a stylesheet's
        /// mistakes are, and printed the same way); empty when the file could
        /// not be read.
        var diagnostics: [Diagnostic] = []
        /// Why the file could not be read (exit 2, as for any unreadable
        /// input), rather than read and found wrong (exit 1).
        var unreadable: String?
    }

    static func read(_ path: FilePath) -> Result<BuildConfiguration, Problem> {
        let bytes: [UInt8]
        switch FileSystem.readFile(path) {
        case .failure(let error): return .failure(Problem(unreadable: "reflc: error: cannot read '\(path)': \(error.reason)"))
        case .success(let read): bytes = read
        }
        let source = SourceFile(path: path.description, bytes: bytes)
        func problem(_ message: String, at offset: Int, replacement: String? = nil) -> Problem {
            let start = min(offset, bytes.count)
            let range = SourceRange(start, tokenEnd(from: start, in: bytes))
            let fixIt = replacement.map { FixIt(replacement: $0) }
            return Problem(diagnostics: [Diagnostic(.error(.malformedConfiguration, message, fixIt: fixIt), file: source, range: range)])
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
                let suggestion = Suggestions.closest(to: format, in: ["json", "binary"])
                problems.append(problem("'format' is \"json\" or \"binary\", found \"\(format)\""
                                        + Suggestions.didYouMean(format, in: ["json", "binary"]), at: value.offset,
                                        replacement: suggestion.map { "\"\($0)\"" }))
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
                let closest = Suggestions.closest(to: key, in: keys)
                let suggestion = closest.map { "did you mean '\($0)'? " } ?? ""
                // No fix when the key meant is set already: applied, it would repeat a key.
                let isSet = members.contains { $0.key == closest }
                problems.append(problem("unknown key '\(key)'; \(suggestion)the keys are \(keys.joined(separator: ", "))",
                                        at: keyOffset(before: value.offset, in: bytes), replacement: isSet ? nil : closest.map { "\"\($0)\"" }))
            }
        }
        guard problems.isEmpty else { return .failure(Problem(diagnostics: problems.flatMap(\.diagnostics))) }
        return .success(configuration)
    }

    /// Where the JSON token at `offset` ends: past a string's closing quote,
    /// past a number's or a word's last character; one byte on for a
    /// bracket or anything else, so that a caret marks it. Never past the
    /// end of the line (a line break itself is marked by an empty range).
    private static func tokenEnd(from offset: Int, in bytes: [UInt8]) -> Int {
        guard offset < bytes.count, bytes[offset] != 0x0A, bytes[offset] != 0x0D else { return offset }
        var index = offset + 1
        if bytes[offset] == UInt8(ascii: "\"") {
            func endsLine(_ at: Int) -> Bool { at >= bytes.count || bytes[at] == 0x0A || bytes[at] == 0x0D }
            while !endsLine(index) && bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") && !endsLine(index + 1) ? 2 : 1
            }
            return index < bytes.count && bytes[index] == UInt8(ascii: "\"") ? index + 1 : index
        }
        func isWordByte(_ byte: UInt8) -> Bool {  // numbers, true, false, null, and a bare word written by mistake
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "_")].contains(byte)
        }
        guard isWordByte(bytes[offset]) else { return index }
        while index < bytes.count && isWordByte(bytes[index]) { index += 1 }
        return index
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
