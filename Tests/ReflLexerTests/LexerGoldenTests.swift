import Testing
import GoldenFiles
import ReflLexer

/// `Fixtures/lex/NAME.less` → `NAME.tokens`: every token with its line,
/// column, kind and text, then the lexical diagnostics.
/// `REFLC_UPDATE_GOLDENS=1` rewrites the expected files.
struct LexerGoldenTests {
    @Test func lexFixtures() throws {
        let inputs = try Golden.inputs(in: "lex", matching: ".less")
        #expect(!inputs.isEmpty)
        for input in inputs {
            let actual = TokenDump.dump(try Golden.sourceFile(input))
            #expect(Golden.mismatch(actual, against: input.replacingSuffix(".less", with: ".tokens")) == nil)
        }
    }
}
