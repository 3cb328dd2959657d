import ReflEval
import ReflLexer

/// `reflc tokens FILE`: the lexer's view of a file, one token per line.
enum TokensCommand {
    static let help = """
        usage: reflc tokens FILE

        Prints every token of FILE with its line:column, then any lexical
        errors, on stdout; the errors are also reported as file:line:column
        diagnostics on stderr (exit 1).
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let parsed: Arguments
        switch Arguments.forCommand(arguments, valued: [], switches: [], help: help) {
        case .failure(let status): return status
        case .success(let read): parsed = read
        }
        guard parsed.positional.count == 1 else { return Console.fail("tokens takes one file", help: help) }
        let path = parsed.positionalPaths[0]
        switch FileSystem.readFile(path) {
        case .failure(let error):
            return Console.fail("cannot read '\(path)': \(error.reason)")
        case .success(let bytes):
            let file = SourceFile(path: path.description, bytes: bytes)
            let (tokens, diagnostics) = Lexer.tokenize(file)
            Console.writeOut(TokenDump.dump(file, tokens: tokens, diagnostics: diagnostics))
            guard diagnostics.hasErrors else { return .success }
            // The listing is the lexer's view; the diagnostics are what every command reports, where every command reports them.
            var renderer = DiagnosticRenderer()
            Console.writeError(renderer.render(diagnostics))
            return .inputErrors
        }
    }
}
