import ReflEval
import ReflLexer

/// `reflc build INPUT.less [-o OUT.json]`: compile a stylesheet and its
/// imports into the rule table.
enum BuildCommand {
    static let help = """
        usage: reflc build INPUT.less [-o OUT.json] [--warnings-as-errors]

        Compiles INPUT.less and every file it imports into a typed rule table
        (JSON). Without -o, or with -o -, the table goes to stdout.

        All errors are reported in one run, as file:line:column diagnostics on
        stderr; warnings do not fail the build (unless --warnings-as-errors). The output file is replaced
        atomically and only on success: after a failed build an existing
        OUT.json is exactly as it was. The same input gives the same bytes.

        options:
          -o, --output PATH      where to write the table ('-' for stdout)
        \(DiagnosticOptions.help)
          -h, --help             show this help

        exit status: 0 success, 1 the stylesheet has errors, 2 usage error,
        unreadable input or unwritable output
        """

    static func run(_ arguments: [String]) -> Console.ExitStatus {
        let parsed: Arguments
        switch Arguments.forCommand(arguments, valued: Set(["-o", "--output"]).union(DiagnosticOptions.valued),
                                    switches: DiagnosticOptions.switches, help: help) {
        case .failure(let status): return status
        case .success(let read): parsed = read
        }
        let options: DiagnosticOptions
        do {
            options = try DiagnosticOptions(parsed)
        } catch {
            return Console.fail(error.message + "\n\n" + help)
        }
        guard parsed.positional.count == 1 else {
            return Console.fail((parsed.positional.isEmpty ? "build needs an input file" : "build takes one input file")
                                + "\n\n" + help)
        }
        let outputPath = parsed.last("--output") ?? parsed.last("-o") ?? "-"
        return build(input: parsed.positional[0], outputPath: outputPath, options: options)
    }

    /// Compiles, streaming the JSON into a temporary file beside the output
    /// (or into memory for stdout), and keeps it only if there is no error.
    static func build(input: String, outputPath: String, options: DiagnosticOptions) -> Console.ExitStatus {
        var file: AtomicOutputFile?
        if outputPath != "-" {
            switch AtomicOutputFile.create(outputPath) {
            case .failure(let error): return Console.fail(error.message)
            case .success(let created): file = created
            }
        }
        let memory = ByteArrayOutput()
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try Compiler.build(entryPath: input, writingJSONTo: file.map { $0 as any ByteOutput } ?? memory).diagnostics
        } catch {
            file?.discard()
            return Console.fail(error.description)
        }
        guard !options.report(diagnostics) else {
            file?.discard()
            return .inputErrors
        }
        if let file {
            if let problem = file.commit() { return Console.fail(problem) }
        } else {
            Console.writeOut(bytes: memory.bytes)
        }
        return .success
    }
}
