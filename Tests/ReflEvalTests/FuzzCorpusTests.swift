import Foundation
import Testing
import GoldenFiles
import ReflLexer
import ReflParser
@testable import ReflEval

/// Replays the committed fuzzing corpus (`Fuzz/corpus/*`) and the inputs of
/// every problem found so far (`Fuzz/regressions`) through the same
/// checks as the fuzz targets, so CI guards them without building the
/// libFuzzer package.
struct FuzzCorpusTests {
    static func inputs() throws -> [String] {
        let fuzz = Golden.packageRoot + "/Fuzz"
        var paths: [String] = []
        for folder in ["regressions"] + ((try? FileManager.default.contentsOfDirectory(atPath: fuzz + "/corpus")) ?? []).map({ "corpus/" + $0 }) {
            let directory = fuzz + "/" + folder
            for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where !name.hasPrefix(".") {
                paths.append(directory + "/" + name)
            }
        }
        return paths.sorted()
    }

    @Test func everyCorpusInputEndsInDiagnosticsOrARoundTrippingTable() throws {
        let paths = try Self.inputs()
        #expect(!paths.isEmpty, "the fuzz corpus is missing")
        for path in paths {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            let file = SourceFile(path: "/nonexistent-reflc-fuzz/fuzz.less", bytes: bytes)
            let (tokens, _) = Lexer.tokenize(file)
            #expect(tokens.last?.kind == .endOfFile && tokens.last?.range.end == bytes.count, "\(path)")
            _ = ASTDump.dump(Parser.parse(file).syntax)
            let result = Compiler.compile(source: file)
            var renderer = DiagnosticRenderer()
            _ = renderer.render(result.diagnostics)
            if let table = result.ruleTable {
                #expect(try Stylesheet(ruleTableJSON: table.jsonBytes()).table == table, "\(path)")
                #expect(try Stylesheet(ruleTable: table.binaryBytes()).table == Self.withoutViews(table), "\(path)")
            }
        }
    }

    /// What the binary form keeps of `table`: all but its `@view` declarations.
    static func withoutViews(_ table: RuleTable) -> RuleTable {
        var kept = table
        kept.views = ViewSchema()
        return kept
    }

    /// The table reader's fuzz target, replayed: each input loads as a
    /// table (JSON or binary) and then answers, or is refused with a message.
    @Test func everyCorpusInputLoadsAsATableOrIsRefused() throws {
        for path in try Self.inputs() {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            do {
                let stylesheet = try Stylesheet(ruleTable: bytes, path: "fuzz.reflb")
                let table = stylesheet.table
                for rule in table.rules.prefix(8) {
                    let query = StyleQuery(className: rule.selector.className ?? rule.selector.trait ?? "UIView",
                                           traits: Set([rule.selector.trait].compactMap { $0 }))
                    _ = stylesheet.resolve(query)
                    _ = stylesheet.explain(query)
                }
                #expect(try Stylesheet(ruleTable: table.binaryBytes()).table == Self.withoutViews(table), "\(path)")
            } catch {
                #expect(!String(describing: error).isEmpty, "\(path)")
            }
        }
    }
}
