import ReflEval
import ReflLexer
import ReflParser

/// `reflc parse FILE`: the syntax tree of one file, or its syntax errors.
enum ParseCommand {
    static let help = """
        usage: reflc parse FILE

        Prints the syntax tree of FILE (exit 0), or its syntax errors as
        file:line:column diagnostics on stderr (exit 1). Imports are not
        followed and nothing is evaluated: this shows what the parser saw.
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let parsed: Arguments
        switch Arguments.forCommand(arguments, valued: [], switches: [], help: help) {
        case .failure(let status): return status
        case .success(let read): parsed = read
        }
        guard parsed.positional.count == 1 else { return Console.fail("parse takes one file", help: help) }
        let path = parsed.positionalPaths[0]
        let bytes: [UInt8]
        switch FileSystem.readFile(path) {
        case .failure(let error): return Console.fail("cannot read '\(path)': \(error.reason)")
        case .success(let read): bytes = read
        }
        let result = Parser.parse(SourceFile(path: path.description, bytes: bytes))
        if result.diagnostics.hasErrors {
            var renderer = DiagnosticRenderer()
            Console.writeError(renderer.render(result.diagnostics))
            return .inputErrors
        }
        Console.writeOut(ASTDump.dump(result.syntax))
        return .success
    }
}
