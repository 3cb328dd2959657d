import Foundation
import Testing
import GoldenFiles
import ReflLexer
import ReflParser
@testable import ReflEval

/// Large files are parsed in pieces and their rules compiled on several
/// threads; the result must be exactly that of one thread.
struct ConcurrencyTests {
    /// The parse of the whole file, as text: the tree and every diagnostic.
    static func rendering(_ result: ParseResult) -> String {
        ASTDump.dump(result.syntax) + result.diagnostics.map { "\($0.range.start)-\($0.range.end) \($0.message)" }.joined(separator: "\n")
    }

    /// Every place a piece may be cut: just after a lone `}` line.
    static func cuts(in bytes: [UInt8]) -> [Int] {
        bytes.indices.filter { Parser.isCut($0, in: bytes) }
    }

    @Test func piecesThatEndCleanlyJoinIntoTheWholeFilesParse() throws {
        let fixtures = try Golden.inputs(in: "parse", matching: ".less") + Golden.inputs(in: "errors", matching: ".less")
        var joined = 0
        var refused = 0
        for path in try fixtures + FuzzCorpusTests.inputs() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path.hasPrefix("/") ? path : Golden.packageRoot + "/" + path)))
            let file = SourceFile(path: "piece.less", bytes: bytes)
            let whole = Self.rendering(Parser.parse(file))
            let cuts = Self.cuts(in: bytes)
            for cut in cuts {
                let pieces = [SourceRange(0, cut), SourceRange(cut, bytes.count)].map { Parser.parse(file, piece: $0) }
                guard let result = Parser.join(pieces) else {
                    refused += 1
                    continue
                }
                joined += 1
                #expect(Self.rendering(result) == whole, "\(path) cut at \(cut)")
            }
            if cuts.count >= 2 {
                let ranges = [SourceRange(0, cuts[0]), SourceRange(cuts[0], cuts[cuts.count - 1]), SourceRange(cuts[cuts.count - 1], bytes.count)]
                if let result = Parser.join(ranges.map { Parser.parse(file, piece: $0) }) {
                    #expect(Self.rendering(result) == whole, "\(path) in three pieces")
                }
            }
        }
        #expect(joined > 100, "too few inputs were cut cleanly to test anything")
        #expect(refused > 0, "no cut was refused: the check is not exercised")
    }

    @Test(arguments: [
        ("/*\n}\n*/ A { x: 1; }\n", true),            // in a comment
        ("A {\n  x: {\n}\n  y: 1;\n}\n", true),       // closing a nested block
        ("A { x: '\n}\n'; }\n", false),              // a string ends at its line: the '}' is real
        ("A { x: 1; }\n}\n B { y: 2; }\n", false),    // a stray '}', reported before the cut
        ("A {\r    x: 1;\r}\rB { y: 2; }\r", false),    // old Mac line ends: a lone '}' line is a cut too
        ("/*\r}\r*/ A { x: 1; }\r", true),            // in a comment, with those line ends
    ])
    func aCutIsJoinedOnlyWhereItIsAnItemBoundary(_ source: String, refused: Bool) throws {
        let file = SourceFile(path: "piece.less", text: source)
        let cut = try #require(Self.cuts(in: file.bytes).first)
        let joined = Parser.join([SourceRange(0, cut), SourceRange(cut, file.bytes.count)].map { Parser.parse(file, piece: $0) })
        #expect((joined == nil) == refused)
        if let joined { #expect(Self.rendering(joined) == Self.rendering(Parser.parse(file))) }
    }

    /// A stylesheet of `count` rules with includes, conditions (some through
    /// variables), warnings and errors of every phase spread through it.
    static func largeStylesheet(rules count: Int) -> String {
        var text = "@theme {\n  @accent: #ff8000;\n  @narrow: 'width < 400';\n  @broken: 'width <';\n}\n\n"
        text += "shared {\n  corner-radius: 4px;\n  border-color: @accent;\n}\n\n"
        for index in 0..<count {
            text += "App.View\(index):style\(index % 7) {\n  __include: shared;\n  alpha: 0.\(index % 10);\n"
            switch index % 9 {
            case 0: text += "  background-color: rgb(\(index % 256), 0, 0);\n"
            case 1: text += "  frame: rect(0, 0, \(index)px, 10px);\n  frame: rect(1, 1, 1, 1);\n"  // duplicate: warning
            case 2: text += "  tint-color: @acent;\n"  // undefined variable: error
            case 3: text += "  font: font('Helvetica', \(index % 30)pt)\n  alpha: 1;\n"  // missing ';': parse error
            case 4: text += "  text-alignment: centre;\n"  // a typo of a keyword: warning
            default: text += "  title-label--text: 'Title \(index)';\n"
            }
            text += "}\n\n"
            if index % 50 == 0 {
                text += "App.View\(index):__where {\n  __condition: @\(index % 100 == 0 ? "narrow" : "broken");\n  alpha: 0.5;\n}\n\n"
            }
        }
        return text
    }

    @Test func compilingOnSeveralThreadsGivesTheResultOfOne() throws {
        let source = SourceFile(path: "main.less", text: Self.largeStylesheet(rules: 3_000))
        #expect(source.bytes.count > 4 * ImportLoader.minimumPieceSize, "too small to be parsed in pieces")
        #expect(Parser.join(Parser.pieces(of: source, count: 3).map { Parser.parse(source, piece: $0) }) != nil,
                "the pieces must join, or the threads would not be exercised")
        func outcome(threads: Int) -> (diagnostics: String, table: [UInt8]?) {
            let result = Compiler.compile(source: source, threads: threads)
            var renderer = DiagnosticRenderer()
            return (renderer.render(result.diagnostics), result.ruleTable?.jsonBytes())
        }
        let serial = outcome(threads: 1)
        #expect(serial.diagnostics.contains("error: undefined variable '@acent'"))
        #expect(serial.diagnostics.contains("warning:"))
        #expect(serial.diagnostics.contains("expected ';'"))
        for threads in [2, 3] {
            let parallel = outcome(threads: threads)
            #expect(parallel.diagnostics == serial.diagnostics, "\(threads) threads")
        }
        // Without the errors there is a table, and it is the same too.
        let clean = SourceFile(path: "main.less", text: Self.largeStylesheet(rules: 3_000)
            .replacingOccurrences(of: "@acent", with: "@accent")
            .replacingOccurrences(of: "pt)\n", with: "pt);\n")
            .replacingOccurrences(of: "'width <'", with: "'width > 100'"))
        let cleanResult = Compiler.compile(source: clean, threads: 1)
        #expect(!cleanResult.hasErrors, "\(cleanResult.diagnostics.first?.message ?? "")")
        let serialTable = try #require(cleanResult.ruleTable?.jsonBytes())
        for threads in [2, 3] {
            let parallel = Compiler.compile(source: clean, threads: threads)
            #expect(parallel.ruleTable?.jsonBytes() == serialTable, "\(threads) threads")
            #expect(parallel.files.map(\.path) == ["main.less"], "a file parsed in parts is still one file")
        }
        // `reflc build`'s streaming writer, on this machine's processors, writes the same bytes.
        let folder = NSTemporaryDirectory() + "reflc-concurrency-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/main.less"
        try Data(clean.bytes).write(to: URL(fileURLWithPath: path))
        let streamed = ByteArrayOutput()
        let diagnostics = try Compiler.build(entryPath: FilePath(path), writingJSONTo: streamed).diagnostics
        #expect(!diagnostics.hasErrors)
        #expect(streamed.bytes.count == serialTable.count && streamed.bytes == serialTable)
        // The binary build lays runs of rules out on the threads that compile them, and joins them (on one thread it lays
        // each rule straight into the table): the same bytes too.
        let serialBinary = try cleanResult.ruleTable!.binaryBytes()
        for threads in [1, 2, 3] {
            let built = Compiler.buildBinary(source: clean, threads: threads)
            #expect(!built.result.hasErrors)
            #expect(try built.binary?.get() == serialBinary, "\(threads) threads")
        }
    }

    /// Each part's tree is given back once its rules are compiled, while
    /// the next parts' rules compile; rules in later parts still reach the
    /// conditions of variables defined in the first (the results above are
    /// those of one thread).
    @Test func eachPartsTreeIsReleasedOnceItsRulesAreCompiled() throws {
        let source = SourceFile(path: "main.less", text: Self.largeStylesheet(rules: 3_000))
        let program = Program(threads: 3)
        ImportLoader.load(entry: source, at: FilePath(source.path), into: program)
        #expect(program.files.count == 3, "the file must be parsed in parts")
        #expect(program.files.allSatisfy { !$0.syntax.items.isEmpty })
        _ = Compiler.lowerVariables(program)
        final class Rules { var count = 0 }
        var treesHeld: [Int] = []
        var delivered = 0
        RuleCompiler(program: program).compileRules(
            threads: 3, makeOutput: { Rules() }, add: { _, rules in rules.count += 1 },
            deliver: { rules in
                delivered += rules.count
                rules.count = 0
                treesHeld.append(program.files.count { !$0.syntax.items.isEmpty })
            })
        #expect(delivered > 3_000)
        #expect(treesHeld.first == 3 && Set(treesHeld) == [1, 2, 3], "trees held at each delivery: \(treesHeld)")
        #expect(zip(treesHeld, treesHeld.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(program.files.allSatisfy { $0.syntax.items.isEmpty && $0.syntax.declarations.isEmpty && $0.syntax.values.nodes.isEmpty })
    }

    /// One thread parses a file larger than a piece in pieces too, one
    /// after the other, so that their trees are released one by one.
    @Test func oneThreadParsesALargeFileInPieces() throws {
        let source = SourceFile(path: "main.less", text: (0..<40_000).map { "App.View\($0) {\n  alpha: 0.5;\n}\n" }.joined())
        #expect(source.bytes.count > ImportLoader.maximumPieceSize)
        #expect(ImportLoader.parse(source, threads: 1).count == 2)
        let serial = try #require(Compiler.compile(source: source, threads: 1).ruleTable)
        #expect(serial.rules.count == 40_000)
        #expect(Compiler.compile(source: source, threads: 2).ruleTable?.jsonBytes() == serial.jsonBytes())
    }

    /// One thread of a JSON build, which writes its table as it compiles,
    /// parses a large file whole (more threads still parse it in pieces):
    /// the same table, byte for byte.
    @Test func oneThreadOfAJSONBuildParsesALargeFileWhole() throws {
        let source = SourceFile(path: "main.less", text: (0..<40_000).map { "App.View\($0) {\n  alpha: 0.5;\n}\n" }.joined())
        #expect(ImportLoader.parse(source, threads: 1, writesAsItCompiles: true).count == 1)
        #expect(ImportLoader.parse(source, threads: 2, writesAsItCompiles: true).count == 2)
        let serial = try #require(Compiler.compile(source: source, threads: 1).ruleTable).jsonBytes()
        for threads in [1, 2] {
            let output = ByteArrayOutput()
            #expect(!Compiler.build(source: source, threads: threads, rulesLimit: .max, writesAsItCompiles: true,
                                    writingJSONTo: output).hasErrors)
            #expect(output.bytes == serial, "\(threads) threads")
        }
    }

    /// Only an output that sends its bytes on as they are written (a file)
    /// makes the build parse whole on one thread: one that holds them (an
    /// array, standard output) keeps the pieces, whose trees are released
    /// while its JSON grows.
    @Test func onlyAnOutputThatPassesItsBytesOnIsWrittenAsTheBuildCompiles() {
        final class Output: ByteBufferOutput {
            let passesBytesOn: Bool
            init(passesBytesOn: Bool) { self.passesBytesOn = passesBytesOn }
            func write(_ bytes: ArraySlice<UInt8>) {}
            func writeEmptying(_ buffer: ByteBuffer) { buffer.removeAll() }
        }
        #expect(!Compiler.writesAsItCompiles(into: ByteArrayOutput()))
        #expect(!Compiler.writesAsItCompiles(into: Output(passesBytesOn: false)))
        #expect(Compiler.writesAsItCompiles(into: Output(passesBytesOn: true)))
    }

    /// An `@import` in a later part of a file parsed in parts still places
    /// the imported rules before all of the file's own, as in one part.
    @Test func importsInAnyPartComeBeforeTheFilesRules() throws {
        let folder = NSTemporaryDirectory() + "reflc-parts-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Early { alpha: 0.1; }\n".write(toFile: folder + "/early.less", atomically: true, encoding: .utf8)
        try "Late { alpha: 0.2; }\n".write(toFile: folder + "/late.less", atomically: true, encoding: .utf8)
        let rules = (0..<8_000).map { "App.View\($0) {\n  alpha: 0.5;\n}\n" }
        let text = "@import 'early.less';\n" + rules[..<7_900].joined() + "@import 'late.less';\n" + rules[7_900...].joined()
        let source = SourceFile(path: folder + "/main.less", text: text)
        #expect(ImportLoader.parse(source, threads: 3).count == 3, "the file must be parsed in parts")
        let serial = try #require(Compiler.compile(source: source, threads: 1).ruleTable)
        #expect(serial.rules.prefix(2).map(\.selector.raw) == ["Early", "Late"])
        for threads in [2, 3] {
            #expect(Compiler.compile(source: source, threads: threads).ruleTable?.jsonBytes() == serial.jsonBytes())
        }
    }
}
