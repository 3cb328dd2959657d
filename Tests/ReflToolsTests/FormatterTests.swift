import Foundation
import Testing
import GoldenFiles
import ReflLexer
import ReflParser
@testable import ReflTools
@testable import ReflEval

/// `reflc fmt`'s layout: golden files, and its promises over every fixture —
/// idempotent, and the same rule table before and after.
struct FormatterTests {
    /// The layout of `text`, or a failure naming why there is none.
    static func format(_ text: String, path: String = "test.less") -> String? {
        switch StylesheetFormatter.format(SourceFile(path: path, text: text)) {
        case .formatted(let bytes): return String(decoding: bytes, as: UTF8.self)
        case .syntaxErrors(let errors):
            Issue.record("syntax errors: \(errors.map(\.message))")
            return nil
        case .refused(let reason):
            Issue.record("refused: \(reason)")
            return nil
        }
    }

    /// `Fixtures/format/NAME.less` → `NAME.formatted`.
    @Test func formatFixtures() throws {
        for input in try Golden.inputs(in: "format", matching: ".less") {
            let file = try Golden.sourceFile(input)
            guard case .formatted(let bytes) = StylesheetFormatter.format(file) else {
                Issue.record("\(input) is not formatted")
                continue
            }
            #expect(Golden.mismatch(String(decoding: bytes, as: UTF8.self), against: input.replacingSuffix(".less", with: ".formatted")) == nil)
        }
    }

    @Test(arguments: [
        ("UIView{a:1}", "UIView {\n    a: 1;\n}\n"),
        ("UIView { a : f( 1 ,2 , g( 3 ) ) ; }", "UIView {\n    a: f(1, 2, g(3));\n}\n"),
        ("a:__where{__condition:'idiom  =  pad';}", "a:__where {\n    __condition: 'idiom  =  pad';\n}\n"),
        ("@a = #FFF;\n\n\n\n@b:  1.50px;", "@a: #FFF;\n\n@b: 1.50px;\n"),
        ("A{}B{}", "A {}\n\nB {}\n"),
        ("A { a: 1 ! important }", "A {\n    a: 1 !important;\n}\n"),
        ("A { a: @x - 2; b: @x*2; c: -2px; }", "A {\n    a: @x - 2;\n    b: @x*2;\n    c: -2px;\n}\n"),
        ("A { __include: B:c, D; }", "A {\n    __include: B:c, D;\n}\n"),
        ("A { t[ highlighted ,selected ]: red; }", "A {\n    t[highlighted, selected]: red;\n}\n"),
        ("\u{FEFF}A { a: 1; }\r\n", "A {\n    a: 1;\n}\n"),
        ("", ""),
        ("// only a comment", "// only a comment\n"),
        // A lone CR ends a line (old Mac line ends): a `//` comment ends there, and the layout's line ends are LF, in a comment too.
        ("// c\rA { a: 1; // one\r\r\r  b: 2; }\r", "// c\nA {\n    a: 1; // one\n\n    b: 2;\n}\n"),
        ("A {\r\n    /* two\r\n    lines\rand a third */\r\n    a: 1;\r\n}\r\n", "A {\n    /* two\n    lines\nand a third */\n    a: 1;\n}\n"),
        // After a `//` comment inside a value, the next gap has no comment and the value goes on one level deeper.
        ("A { a: rect(1, // one\n 2,3, 4); }", "A {\n    a: rect(1, // one\n        2, 3, 4);\n}\n"),
        ("A { a: f(1 /* x */, 2)  /* y */ ; }", "A {\n    a: f(1 /* x */, 2) /* y */;\n}\n"),
    ])
    func layout(source: String, expected: String) {
        #expect(Self.format(source) == expected)
    }

    @Test func lineCommentsInsideAValueStayApart() throws {
        let source = "MyView {\n    alpha: 1 // one\n    // two\n    ;\n}\n"
        guard case .formatted(let layout) = StylesheetFormatter.format(SourceFile(path: "c.less", text: source)) else {
            Issue.record("a valid file was not formatted")
            return
        }
        let text = String(decoding: layout, as: UTF8.self)
        #expect(text == "MyView {\n    alpha: 1 // one\n        // two\n        ;\n}\n")
        guard case .formatted(let again) = StylesheetFormatter.format(SourceFile(path: "c.less", bytes: layout)) else {
            Issue.record("the layout was not formatted")
            return
        }
        #expect(again == layout)
    }

    @Test func commentsStayWhereTheyStand() {
        let source = "A { // after the brace\n    a: 1; /* after a */\n\n    // before b\n    b: 2;\n    // before the end\n}\n"
        #expect(Self.format(source) == source)
        // Inside a value, a comment is spaced as the value's tokens are: no space before ',' or ')'.
        #expect(Self.format("A { a: f(1 /*in*/ , 2); b: f(1/*x*/); c: f(1,/*y*/2); }")
                    == "A {\n    a: f(1 /*in*/, 2);\n    b: f(1 /*x*/);\n    c: f(1, /*y*/ 2);\n}\n")
    }

    @Test func syntaxErrorsAreReportedAndNothingIsFormatted() {
        guard case .syntaxErrors(let errors) = StylesheetFormatter.format(SourceFile(path: "t.less", text: "A { a: 1 b: 2; }")) else {
            Issue.record("formatted a file with a syntax error")
            return
        }
        #expect(errors.map(\.message) == ["expected ';' after declaration, found 'b'"])
    }

    /// The layout is made while the file parses, of tokens that may not
    /// parse: a statement cut short at the end of the file stops there
    /// (what it writes is dropped, as the parse finds errors).
    @Test(arguments: [
        ("@a", "@a: ;\n"),
        ("@import", "@import ;\n"),
        ("A {", "A {\n"),
        ("A { b", "A {\n    b ;\n"),
        ("A { b[", "A {\n    b[ ;\n"),
        ("A { b: f(1,", "A {\n    b: f(1,;\n"),
        ("@view V:", "@view V: \n"),
        ("} ; ) A", "};) A \n"),
    ])
    func layoutOfTokensThatDoNotParse(source: String, expected: String) {
        let file = SourceFile(path: "t.less", text: source)
        var layout = FormatterLayout(bytes: file.bytes, tokens: Lexer.tokenize(file).tokens)
        layout.formatStylesheet()
        #expect(String(decoding: layout.output, as: UTF8.self) == expected)
    }

    /// Every prefix of a stylesheet (each statement cut at every byte) is
    /// laid out, and the layout of the whole is the formatter's.
    @Test func everyPrefixOfAStylesheetIsLaidOut() throws {
        let input = try #require(try Golden.inputs(in: "format", matching: ".less").first { $0.hasSuffix("layout.less") })
        let bytes = try Golden.sourceFile(input).bytes
        var whole: [UInt8] = []
        for end in 0...bytes.count {
            let file = SourceFile(path: "t.less", bytes: Array(bytes[..<end]))
            var layout = FormatterLayout(bytes: file.bytes, tokens: Lexer.tokenize(file).tokens)
            layout.formatStylesheet()
            whole = layout.output
        }
        #expect(Golden.mismatch(String(decoding: whole, as: UTF8.self), against: input.replacingSuffix(".less", with: ".formatted")) == nil)
    }

    /// Every fixture without syntax errors formats, formats to itself, and
    /// keeps its comments and tokens (the formatter checks those itself).
    @Test func everyFixtureFormatsIdempotently() throws {
        var formatted = 0
        for input in try Self.allFixtureStylesheets() {
            let file = try Golden.sourceFile(input)
            switch StylesheetFormatter.format(file) {
            case .syntaxErrors: continue
            case .refused(let reason): Issue.record("\(input): \(reason)")
            case .formatted(let bytes):
                formatted += 1
                guard case .formatted(let again) = StylesheetFormatter.format(SourceFile(path: input, bytes: bytes)) else {
                    Issue.record("\(input): the layout does not format")
                    continue
                }
                #expect(again == bytes, "\(input): formatting twice changes the file")
            }
        }
        #expect(formatted >= 30)
    }

    /// Every compiled fixture, formatted file by file in a copy of its
    /// folder, compiles to the same rule table (positions aside).
    @Test func formattingKeepsTheRuleTable() throws {
        for input in try Golden.inputs(in: "compile", matching: ".less") where input.hasSuffix("/main.less") {
            let folder = Golden.packageRoot + "/" + input.replacingSuffix("/main.less", with: "")
            let copy = NSTemporaryDirectory() + "reflc-fmt-" + UUID().uuidString
            try FileManager.default.copyItem(atPath: folder, toPath: copy)
            defer { try? FileManager.default.removeItem(atPath: copy) }
            var changed = 0
            for case let name as String in FileManager.default.enumerator(atPath: copy)! where name.hasSuffix(".less") {
                let path = copy + "/" + name
                let original = try Data(contentsOf: URL(fileURLWithPath: path))
                guard case .formatted(let bytes) = StylesheetFormatter.format(SourceFile(path: path, bytes: Array(original))) else {
                    Issue.record("\(input): \(name) is not formatted")
                    continue
                }
                if bytes != Array(original) { changed += 1 }
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            }
            let before = try Compiler.compile(entryPath: folder + "/main.less")
            let after = try Compiler.compile(entryPath: copy + "/main.less")
            #expect(Self.withoutPositions(before) == Self.withoutPositions(after), "\(input): \(changed) files changed")
        }
    }

    /// The table as JSON without the line and column of each rule.
    static func withoutPositions(_ result: CompileResult) -> String? {
        guard let table = result.ruleTable else { return nil }
        let json = String(decoding: table.jsonBytes(), as: UTF8.self)
        return json.replacingOccurrences(of: #""line": [0-9]+, "column": [0-9]+"#, with: "", options: .regularExpression)
    }

    /// The formatter's fuzz target, replayed on the committed fuzzing
    /// corpus (`Fuzz/corpus/*`, `Fuzz/regressions`): any bytes are formatted
    /// without a trap, a file with syntax errors is refused with them, and
    /// a layout formats to itself.
    @Test func everyFuzzCorpusInputFormatsOrIsRefused() throws {
        let fuzz = Golden.packageRoot + "/Fuzz"
        let folders = ["regressions"] + ((try? FileManager.default.contentsOfDirectory(atPath: fuzz + "/corpus")) ?? []).map { "corpus/" + $0 }
        var counts = [String: Int]()
        for folder in folders {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: fuzz + "/" + folder)) ?? [] where !name.hasPrefix(".") {
                let path = fuzz + "/" + folder + "/" + name
                let file = SourceFile(path: "fuzz.less", bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                switch StylesheetFormatter.format(file) {
                case .syntaxErrors(let errors):
                    counts["errors", default: 0] += 1
                    #expect(!errors.isEmpty, "\(path)")
                case .refused(let reason):
                    counts["refused", default: 0] += 1
                    Issue.record("\(path): \(reason)")
                case .formatted(let bytes):
                    counts["formatted", default: 0] += 1
                    guard case .formatted(let again) = StylesheetFormatter.format(SourceFile(path: "fuzz.less", bytes: bytes)) else {
                        Issue.record("\(path): the layout does not format")
                        continue
                    }
                    #expect(again == bytes, "\(path): formatting twice changes the file")
                }
            }
        }
        #expect(counts["formatted", default: 0] > 100)
    }

    static func allFixtureStylesheets() throws -> [String] {
        let root = Golden.packageRoot + "/Fixtures"
        return FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".less") }.sorted().map { "Fixtures/" + $0 }
    }
}
