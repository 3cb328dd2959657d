/// Renders diagnostics the way compilers print them:
///
///     main.less:3:12: error: expected ';' after declaration, found 'font'
///         color: red
///                   ^
///                   ;
///
/// The first line is `path:line:column: severity: message`, then the source
/// line, a caret line marking the range (`^~~~`), and, for a fix-it, the
/// suggested text under the place it belongs. Notes follow in the same shape.
public struct DiagnosticRenderer {
    /// Lines longer than this are shown as a window around the caret.
    static let maximumShownColumns = 160
    private var lineTables: [ObjectIdentifier: LineTable] = [:]
    /// Whether to color the output with ANSI escapes, as compilers do on a
    /// terminal: the place and severity in bold (errors red, warnings
    /// magenta, notes cyan), the caret and fix-it green.
    public var usesColor = false

    public init(usesColor: Bool = false) {
        self.usesColor = usesColor
    }

    /// `text` in the ANSI style `code` when coloring.
    private func styled(_ text: String, _ code: String) -> String {
        usesColor ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    /// The `LineTable` of `file`, built once per file.
    public mutating func lineTable(for file: SourceFile) -> LineTable {
        let key = ObjectIdentifier(file)
        if let table = lineTables[key] { return table }
        let table = LineTable(file)
        lineTables[key] = table
        return table
    }

    /// The full text of one diagnostic with its notes, ending in a newline.
    public mutating func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        renderEntry(into: &out, file: diagnostic.file, range: diagnostic.range,
                    severity: diagnostic.severity.rawValue, message: diagnostic.message,
                    fixIt: diagnostic.fixIt)
        for note in diagnostic.notes {
            renderEntry(into: &out, file: note.file, range: note.range, severity: "note",
                        message: note.message, fixIt: nil)
        }
        return out
    }

    /// All diagnostics, then a count line such as `2 errors and 1 warning
    /// generated.`; with `omitted` errors or warnings (found past a limit and
    /// not kept), the line counts them too and says how to see them.
    public mutating func render(_ diagnostics: [Diagnostic], omittedErrors: Int = 0, omittedWarnings: Int = 0) -> String {
        var out = diagnostics.map { render($0) }.joined()
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.filter { $0.severity == .warning }.count
        if var summary = Self.summary(errors: errors + omittedErrors, warnings: warnings + omittedWarnings) {
            if omittedErrors + omittedWarnings > 0 {
                summary.removeLast()  // the period
                summary += "; \(errors + warnings) shown, \(omittedErrors + omittedWarnings) more not shown "
                    + "(raise the limit with --error-limit N, or 0 for no limit)."
            }
            out += summary + "\n"
        }
        return out
    }

    /// The part of a line worth decoding for display: the whole line when it
    /// is short, else a byte window around the caret (cut at scalar
    /// boundaries), so a diagnostic on a megabyte-long line costs no more
    /// than one on a short line.
    static func window(_ line: SourceRange, around caret: Int, in bytes: [UInt8]) -> SourceRange {
        let reach = 4 * maximumShownColumns
        guard line.count > 2 * reach else { return line }
        var start = max(line.start, caret - reach)
        var end = min(line.end, caret + reach)
        while start > line.start && start < bytes.count && bytes[start] & 0xC0 == 0x80 { start -= 1 }
        while end < line.end && bytes[end] & 0xC0 == 0x80 { end += 1 }
        return SourceRange(start, end)
    }

    static func summary(errors: Int, warnings: Int) -> String? {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        switch (errors, warnings) {
        case (0, 0): return nil
        case (_, 0): return plural(errors, "error") + " generated."
        case (0, _): return plural(warnings, "warning") + " generated."
        default: return plural(warnings, "warning") + " and " + plural(errors, "error") + " generated."
        }
    }

    private mutating func renderEntry(into out: inout String, file: SourceFile, range: SourceRange,
                                      severity: String, message: String, fixIt: FixIt?) {
        let table = lineTable(for: file)
        let start = min(range.start, file.bytes.count)
        let (line, column) = table.location(of: start)
        let severityStyle = ["error": "1;31", "warning": "1;35", "note": "1;36"][severity] ?? "1"
        out += styled("\(file.path):\(line):\(column):", "1") + " " + styled("\(severity):", severityStyle) + " "
            + styled(message, "1") + "\n"
        let lineRange = table.lineRange(at: line - 1)
        let end = min(max(range.end, start + (range.isEmpty ? 0 : 1)), lineRange.end)
        let window = Self.window(lineRange, around: start, in: file.bytes)
        let shown = SourceLine(file: file, line: window, isCutBefore: window.start > lineRange.start,
                               isCutAfter: window.end < lineRange.end)
        out += shown.excerpt(caretStart: start, caretEnd: max(end, start), fixIt: fixIt?.replacement, fixItStart: fixIt?.range?.start) {
            styled($0, "32")
        }
    }
}

/// One source line (or the window of it around the caret) prepared for
/// display: printable characters, and the column of every byte so the caret
/// lands under the right character.
private struct SourceLine {
    let file: SourceFile
    let line: SourceRange
    /// The line goes on before or after `line`.
    let isCutBefore: Bool
    let isCutAfter: Bool

    /// The source line, the caret line and (for a fix-it) the suggestion
    /// line: under the text it replaces (`fixItStart`, when that is on the
    /// shown line), else under the caret.
    func excerpt(caretStart: Int, caretEnd: Int, fixIt: String?, fixItStart: Int?, marking mark: (String) -> String) -> String {
        let bytes = file.bytes
        // The byte offset where each shown character (Unicode scalar, or invalid byte) starts.
        var starts: [Int] = []
        starts.reserveCapacity(line.count)
        var index = line.start
        while index < line.end {
            starts.append(index)
            index += UTF8Scalar.length(in: bytes, at: index) ?? 1
        }
        let caretColumn = starts.firstIndex { $0 >= caretStart } ?? starts.count
        let caretEndColumn = starts.firstIndex { $0 >= caretEnd } ?? starts.count
        // Very long lines (minified or generated files) are cut to a window around the caret.
        let window = Self.window(count: starts.count, caret: caretColumn)
        let cutBefore = window.lowerBound > 0 || isCutBefore
        var source: [UInt8] = cutBefore ? Array("...".utf8) : []
        var caret: [UInt8] = cutBefore ? Array("   ".utf8) : []
        for column in window {
            let start = starts[column]
            let isTab = bytes[start] == UInt8(ascii: "\t")
            appendPrintable(at: start, to: &source)
            if column == caretColumn {
                caret.append(UInt8(ascii: "^"))
            } else if column > caretColumn && column < caretEndColumn {
                caret.append(UInt8(ascii: "~"))
            } else if column < caretColumn {
                caret.append(isTab ? UInt8(ascii: "\t") : UInt8(ascii: " "))
            }
        }
        if window.upperBound < starts.count || isCutAfter { source += Array("...".utf8) }
        if caretColumn >= window.upperBound { caret.append(UInt8(ascii: "^")) }
        let indent = caret.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        var out = String(decoding: source, as: UTF8.self) + "\n" + String(decoding: indent, as: UTF8.self)
            + mark(String(decoding: caret.dropFirst(indent.count), as: UTF8.self)) + "\n"
        if let fixIt, !fixIt.isEmpty {
            var fixIndent = Array(indent)
            if let fixItStart, fixItStart >= line.start, fixItStart <= line.end {
                let fixColumn = starts.firstIndex { $0 >= fixItStart } ?? starts.count
                if fixColumn >= window.lowerBound && fixColumn <= window.upperBound {
                    fixIndent = cutBefore ? Array("   ".utf8) : []
                    for column in window.lowerBound..<fixColumn {
                        fixIndent.append(bytes[starts[column]] == UInt8(ascii: "\t") ? UInt8(ascii: "\t") : UInt8(ascii: " "))
                    }
                }
            }
            out += String(decoding: fixIndent, as: UTF8.self) + mark(fixIt) + "\n"
        }
        return out
    }

    /// Copies the character at `start` for display. Control characters are
    /// shown as their Unicode picture (U+2400 block), so a NUL or an escape
    /// code in the source cannot garble the terminal; invalid bytes as U+FFFD.
    private func appendPrintable(at start: Int, to out: inout [UInt8]) {
        let bytes = file.bytes
        let byte = bytes[start]
        switch byte {
        case 0x09, 0x20..<0x7F:
            out.append(byte)
        case 0x00..<0x20:
            out.append(0xE2)  // U+2400 + byte
            out.append(0x90)
            out.append(0x80 + byte)
        case 0x7F:
            out.append(0xE2)  // U+2421
            out.append(0x90)
            out.append(0xA1)
        default:
            guard let length = UTF8Scalar.length(in: bytes, at: start) else {
                out.append(0xEF)  // U+FFFD
                out.append(0xBF)
                out.append(0xBD)
                return
            }
            for offset in 0..<length { out.append(bytes[start + offset]) }
        }
    }

    static func window(count: Int, caret: Int) -> Range<Int> {
        let width = DiagnosticRenderer.maximumShownColumns
        guard count > width else { return 0..<count }
        let start = max(0, min(caret - width / 2, count - width))
        return start..<min(count, start + width)
    }
}
