import ReflEval
import ReflTools

/// `reflc lsp`: the language server, on standard input and output.
enum LspCommand {
    static let help = """
        usage: reflc lsp [--stdio]

        A Language Server Protocol server on standard input and output, for
        editors: diagnostics as you type (with quick fixes), hover, go to
        definition, find references, completion, document symbols, color
        swatches and pickers, and formatting (as 'reflc fmt'). An editor starts
        it; README.md shows the set-up for VS Code, Neovim and Helix.

        options:
          --stdio                talk over standard input and output, as always;
                                 accepted for the clients that pass it
                                 (vscode-languageclient's stdio transport)

        Include folders (as -I) come from the client's initializationOptions:
        {"includePaths": ["path", ...]}.

        exit status: 0 after the client's shutdown and exit, 1 when the client
        exits without shutdown or closes the input first
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        // `--stdio` names the one transport there is.
        switch Arguments.forCommand(arguments, valued: [], switches: ["--stdio"], help: help) {
        case .failure(let status): return status
        case .success(let parsed):
            guard parsed.positional.isEmpty else { return Console.fail("lsp takes no arguments", help: help) }
        }
        let server = LanguageServer(transport: FileDescriptorTransport(), version: Main.version)
        return server.run() == 0 ? .success : .inputErrors
    }
}
