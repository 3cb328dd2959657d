import ReflEval
import ReflLexer

/// Diagnostics as JSON objects, one a line (`--diagnostics json`, and what
/// `reflc watch --serve` sends): severity, the stable code, the message,
/// where (1-based lines and columns, ends exclusive), notes and fix-its.
struct DiagnosticJSON {
    private var lineTables: [ObjectIdentifier: LineTable] = [:]

    /// `{"severity":...,"code":...,...}` for one diagnostic.
    mutating func object(_ diagnostic: Diagnostic) -> String {
        var fields = [
            "\"severity\":" + Self.quote(diagnostic.severity.rawValue),
            "\"code\":" + Self.quote(diagnostic.id),
            "\"message\":" + Self.quote(diagnostic.message),
            "\"file\":" + Self.quote(diagnostic.file.path),
            span(diagnostic.range, in: diagnostic.file),
        ]
        let notes = diagnostic.notes.map { note in
            "{\"message\":" + Self.quote(note.message) + ",\"file\":" + Self.quote(note.file.path) + "," + span(note.range, in: note.file) + "}"
        }
        fields.append("\"notes\":[" + notes.joined(separator: ",") + "]")
        let fixIts = diagnostic.fixIt.map { fixIt in
            ["{" + span(fixIt.range ?? diagnostic.range, in: diagnostic.file) + ",\"replacement\":" + Self.quote(fixIt.replacement) + "}"]
        } ?? []
        fields.append("\"fixIts\":[" + fixIts.joined(separator: ",") + "]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// JSON Lines: each diagnostic's object on a line of its own.
    mutating func lines(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { object($0) + "\n" }.joined()
    }

    /// A JSON array of the diagnostics' objects.
    mutating func array(_ diagnostics: [Diagnostic]) -> String {
        "[" + diagnostics.map { object($0) }.joined(separator: ",") + "]"
    }

    /// A JSON array of the first diagnostics whose objects fit in `limit`
    /// bytes (at least the first, so an event is never empty when a build failed).
    mutating func array(_ diagnostics: [Diagnostic], within limit: Int) -> String {
        var objects: [String] = []
        var size = 2
        for diagnostic in diagnostics {
            let text = object(diagnostic)
            if !objects.isEmpty && size + text.utf8.count + 1 > limit { break }
            objects.append(text)
            size += text.utf8.count + 1
        }
        return "[" + objects.joined(separator: ",") + "]"
    }

    /// `"line":L,"column":C,"endLine":L2,"endColumn":C2`.
    private mutating func span(_ range: SourceRange, in file: SourceFile) -> String {
        let key = ObjectIdentifier(file)
        let table = lineTables[key] ?? LineTable(file)
        lineTables[key] = table
        let start = table.location(of: min(range.start, file.bytes.count))
        let end = table.location(of: min(range.end, file.bytes.count))
        return "\"line\":\(start.line),\"column\":\(start.column),\"endLine\":\(end.line),\"endColumn\":\(end.column)"
    }

    /// `text` as a JSON string.
    static func quote(_ text: String) -> String {
        JSONEscaping.quoted(text)
    }
}
