import Testing
@testable import ReflRuntime

/// The rendered form of diagnostics: location line, source line, caret,
/// fix-it and notes, with columns counted in Unicode scalars.
struct DiagnosticRendererTests {
    let file = SourceFile(path: "main.less", text: "UIView {\n\tcolor: ré\n  width: 1\n}\n")

    func render(_ message: Message, _ range: SourceRange, notes: [Diagnostic.Note] = []) -> String {
        var renderer = DiagnosticRenderer()
        return renderer.render(Diagnostic(message, file: file, range: range, notes: notes))
    }

    @Test func caretUnderRangeKeepsTabs() {
        // "ré" starts at byte 17 on line 2; the tab counts as one column.
        #expect(render(.error(.expectedToken, "unknown color 'ré'"), SourceRange(17, 20)) == """
            main.less:2:9: error: unknown color 'ré'
            \tcolor: ré
            \t       ^~

            """)
    }

    @Test func fixItIsShownUnderTheInsertionPoint() {
        #expect(render(.error(.expectedToken, "expected ';' after declaration, found '}'", fixIt: FixIt(replacement: ";")), .at(31)) == """
            main.less:3:11: error: expected ';' after declaration, found '}'
              width: 1
                      ^
                      ;

            """)
    }

    /// A fix-it that replaces more than the caret marks (a key and its
    /// value for the value's error) is shown under what it replaces; one
    /// that starts on another line, under the caret.
    @Test func aFixItIsShownUnderWhatItReplaces() {
        // "color: ré" starts at byte 10 (after the tab), "ré" at 17.
        let replacing = FixIt(replacement: "tint-color: red", range: SourceRange(10, 20))
        #expect(render(.error(.expectedToken, "unknown color 'ré'", fixIt: replacing), SourceRange(17, 20)) == """
            main.less:2:9: error: unknown color 'ré'
            \tcolor: ré
            \t       ^~
            \ttint-color: red

            """)
        let fromAnotherLine = FixIt(replacement: "red", range: SourceRange(0, 20))
        #expect(render(.error(.expectedToken, "unknown color 'ré'", fixIt: fromAnotherLine), SourceRange(17, 20)).hasSuffix("""
            \t       ^~
            \t       red

            """))
    }

    @Test func notesFollowTheirDiagnostic() {
        let note = Diagnostic.Note("to match this '{'", file: file, range: SourceRange(7, 8))
        #expect(render(.error(.expectedToken, "expected '}'"), .at(33), notes: [note]) == """
            main.less:4:2: error: expected '}'
            }
             ^
            main.less:1:8: note: to match this '{'
            UIView {
                   ^

            """)
    }

    @Test func summaryCountsErrorsAndWarnings() {
        #expect(DiagnosticRenderer.summary(errors: 2, warnings: 1) == "1 warning and 2 errors generated.")
        #expect(DiagnosticRenderer.summary(errors: 1, warnings: 0) == "1 error generated.")
        #expect(DiagnosticRenderer.summary(errors: 0, warnings: 3) == "3 warnings generated.")
        #expect(DiagnosticRenderer.summary(errors: 0, warnings: 0) == nil)
    }

    @Test func longLinesAreWindowedAroundTheCaret() {
        let long = SourceFile(path: "long.less", text: String(repeating: "a", count: 5000) + "$")
        var renderer = DiagnosticRenderer()
        let text = renderer.render(Diagnostic(.error(.expectedToken, "bad"), file: long, range: SourceRange(5000, 5001)))
        let lines = text.split(separator: "\n")
        #expect(lines[0] == "long.less:1:5001: error: bad")
        #expect(lines[1].count < 200)
        #expect(lines[1].hasPrefix("..."))
        #expect(lines[2].count == lines[1].count)
        #expect(lines[2].hasSuffix("^"))
    }

    @Test func aLineEndsAtLFAtCRLFAndAtALoneCR() {
        // Eight lines, as an editor sees them (a tab and a VT end none); the table reads 8 bytes at a time, then the tail ("q").
        let text = "a\nbc\r\nd\r\re\r\rfgh\tj\u{0B}lmnop\rq"
        let table = LineTable(SourceFile(path: "ends.less", text: text))
        let offsets = [0, 2, 3, 4, 6, 7, 8, 9, 10, 11, 22, 23]
        #expect(offsets.map { table.location(of: $0).line } == [1, 2, 2, 2, 3, 3, 4, 5, 5, 6, 7, 7])
        #expect(table.location(of: 4) == (2, 3))  // the CR of a CR LF is the end of its line
        #expect((0..<7).map { SourceFile(path: "ends.less", text: text).text(table.lineRange(at: $0)) }
                == ["a", "bc", "d", "", "e", "", "fgh\tj\u{0B}lmnop"])
        #expect(SourceFile(path: "ends.less", text: text).text(table.lineRange(at: 7)) == "q")
    }

    @Test func lineTableColumnsCountScalars() {
        let table = LineTable(file)
        #expect(table.location(of: 0) == (1, 1))
        #expect(table.location(of: 9) == (2, 1))
        #expect(table.location(of: 20) == (2, 11))  // after the 2-byte 'é'
        #expect(table.location(of: 35) == (5, 1))
    }
}
