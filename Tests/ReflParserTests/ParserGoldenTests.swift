import Testing
import GoldenFiles
import ReflLexer
import ReflParser

/// `Fixtures/parse/NAME.less` → `NAME.ast`: the syntax tree dump, or the
/// rendered diagnostics of a file that does not parse.
/// `REFLC_UPDATE_GOLDENS=1` rewrites the expected files.
struct ParserGoldenTests {
    @Test func parseFixtures() throws {
        let inputs = try Golden.inputs(in: "parse", matching: ".less")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let file = try Golden.sourceFile(input)
            let result = Parser.parse(file)
            var renderer = DiagnosticRenderer()
            let actual = result.diagnostics.isEmpty ? ASTDump.dump(result.syntax) : renderer.render(result.diagnostics)
            #expect(Golden.mismatch(actual, against: input.replacingSuffix(".less", with: ".ast")) == nil)
        }
    }
}
