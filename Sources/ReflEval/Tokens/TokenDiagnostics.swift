import ReflLexer

/// What reading design-token files finds: diagnostics at a byte of a JSON
/// file, shown with its line and caret like a stylesheet's.
final class TokenDiagnostics {
    private(set) var diagnostics: [Diagnostic] = []

    func error(_ file: SourceFile, _ offset: Int, _ text: String, code: DiagnosticCode = .tokenValue) {
        add(.error(code, text), file, offset)
    }

    func warning(_ file: SourceFile, _ offset: Int, _ text: String, code: DiagnosticCode = .tokenValue) {
        add(.warning(code, text), file, offset)
    }

    /// Where a number out of range was read past (as `null`): already reported.
    private var readPast: Set<Int> = []

    /// What has been reported, so that a part of a file read twice (a
    /// resolver's modifier listed twice in `resolutionOrder`) is reported once.
    private var reported: Set<String> = []

    private func add(_ message: Message, _ file: SourceFile, _ offset: Int) {
        guard !readPast.contains(offset) else { return }
        guard reported.insert("\(ObjectIdentifier(file).hashValue) \(offset) \(message.severity) \(message.id) \(message.text)").inserted else { return }
        diagnostics.append(Diagnostic(message, file: file, range: Self.extent(of: offset, in: file.bytes)))
    }

    /// The JSON value of `file`; nil, with an error at the fault, when it is
    /// not JSON. A number out of range, or a key given twice, is an error at
    /// its place, and the rest of the file is still read (the number as
    /// `null`, which nothing reports again; the key's first value).
    func parseJSON(_ file: SourceFile) -> JSONNode? {
        let (parsed, problems) = JSONNode.parseReadingOn(file.bytes)
        for problem in problems {
            // A key given twice (the problem is at its quote) is the file's; a number out of range, its token's value.
            let isKey = problem.offset < file.bytes.count && file.bytes[problem.offset] == UInt8(ascii: "\"")
            add(.error(isKey ? .tokenFile : .tokenValue, problem.message), file, problem.offset)
            readPast.insert(problem.offset)
        }
        switch parsed {
        case .success(let node): return node
        case .failure(let failure):
            add(.error(.tokenFile, "malformed design-token file: \(failure.message)"), file, failure.offset)
            return nil
        }
    }

    /// The range a diagnostic at `offset` underlines: a whole string or
    /// number or literal, else the one character (the `{` of an object).
    static func extent(of offset: Int, in bytes: [UInt8]) -> SourceRange {
        guard offset < bytes.count else { return SourceRange(bytes.count, bytes.count) }
        var end = offset + 1
        if bytes[offset] == UInt8(ascii: "\"") {
            while end < bytes.count && bytes[end] != UInt8(ascii: "\"") {
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            end = min(end + 1, bytes.count)
        } else if bytes[offset] != UInt8(ascii: "{") && bytes[offset] != UInt8(ascii: "[") {
            let stops: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "),
                                     UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")]
            while end < bytes.count && !stops.contains(bytes[end]) { end += 1 }
        }
        return SourceRange(offset, end)
    }
}
