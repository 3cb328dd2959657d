import ReflEval
import ReflLexer

/// `reflc tokens FILE`: the lexer's view of a file, one token per line.
enum TokensCommand {
    static let help = """
        usage: reflc tokens FILE

        Prints every token of FILE with its line:column, then any lexical
        errors. Exit 1 when there are lexical errors.
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        if arguments.contains("--help") || arguments.contains("-h") {
            Console.writeOut(help + "\n")
            return .success
        }
        guard arguments.count == 1 else { return Console.fail("tokens takes one file", help: help) }
        let path = arguments[0]
        switch FileSystem.readFile(path) {
        case .failure(let error):
            return Console.fail("cannot read '\(path)': \(error.reason)")
        case .success(let bytes):
            let file = SourceFile(path: path.description, bytes: bytes)
            Console.writeOut(TokenDump.dump(file))
            return Lexer.tokenize(file).diagnostics.hasErrors ? .inputErrors : .success
        }
    }
}
