import ReflEval
import ReflLexer

/// `reflc build INPUT.less [-o OUT] [--format json|binary]`: compile a
/// stylesheet and its imports into the rule table.
enum BuildCommand {
    static let help = """
        usage: reflc build INPUT.less [-o OUT] [--format json|binary] [--warnings-as-errors] [--error-limit N]

        Compiles INPUT.less and every file it imports into a typed rule table:
        JSON (the default), or binary, the form an app ships (it loads many
        times faster than JSON or source; see Docs/BinaryTable.md). Without
        -o, or with -o -, the table goes to stdout (a binary one only when
        stdout is not a terminal).

        All errors are reported in one run, as file:line:column diagnostics on
        stderr; warnings do not fail the build (unless --warnings-as-errors).
        OUT.json is replaced atomically and only on success: after a failed
        build it is exactly as it was. Its permissions are kept; a symbolic
        link stays a link and its target is written; a FIFO or device is
        written into. A directory, or a file the build reads, is refused.
        The same input gives the same bytes.

        options:
          -o, --output PATH      where to write the table ('-' for stdout)
          --format json|binary   the table's form (default json)
        \(DiagnosticOptions.help)
          -h, --help             show this help

        exit status: 0 success, 1 the stylesheet has errors, 2 usage error,
        unreadable input or unwritable output
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let command: CompilingCommand
        switch CompilingCommand.parse(arguments, name: "build", valued: ["-o", "--output", "--format"], switches: [], help: help) {
        case .failure(let status): return status
        case .success(let parsed): command = parsed
        }
        let parsed = command.arguments, options = command.options
        let format = parsed.last("--format") ?? "json"
        guard format == "json" || format == "binary" else {
            return Console.fail("unknown table format '\(format)'; expected json or binary\n\n" + help)
        }
        let output = parsed.lastPath("--output") ?? parsed.lastPath("-o")
        let path = output?.bytes == Array("-".utf8) ? nil : output
        if format == "binary" { return buildBinary(input: command.input, output: path, options: options) }
        return build(input: command.input, output: path, options: options)
    }

    /// Compiles, streaming the JSON into the output file (or into memory
    /// for stdout), and keeps it only if there is no error.
    static func build(input: FilePath, output: FilePath?, options: DiagnosticOptions) -> Console.ExitStatus {
        var file: OutputFile?
        if let output {
            switch OutputFile.create(output, refusing: [input]) {
            case .failure(let error): return Console.fail(error.message)
            case .success(let created): file = created
            }
        }
        let memory = ByteArrayOutput()
        let result: CompileResult
        do {
            result = try Compiler.build(entryPath: input, errorLimit: options.errorLimit, writingJSONTo: file ?? memory)
        } catch {
            file?.discard()
            return Console.fail(error.description)
        }
        guard !options.report(result) else {
            file?.discard()
            return .inputErrors
        }
        if let file {
            if let problem = file.commit(refusing: Array(zip(result.inputs, result.inputIdentities))) { return Console.fail(problem) }
        } else {
            Console.writeOut(bytes: memory.bytes)
        }
        return .success
    }

    /// Compiles, then writes the binary table (laid out from the whole
    /// table, so not streamed), keeping it only if there is no error.
    static func buildBinary(input: FilePath, output: FilePath?, options: DiagnosticOptions) -> Console.ExitStatus {
        if output == nil && Console.standardOutputIsTerminal {
            return Console.fail("a binary table is not written to a terminal; give -o FILE or redirect standard output")
        }
        var file: OutputFile?
        if let output {
            switch OutputFile.create(output, refusing: [input]) {
            case .failure(let error): return Console.fail(error.message)
            case .success(let created): file = created
            }
        }
        let result: CompileResult
        do {
            result = try Compiler.compile(entryPath: input, errorLimit: options.errorLimit)
        } catch {
            file?.discard()
            return Console.fail(error.description)
        }
        guard !options.report(result), let table = result.ruleTable else {
            file?.discard()
            return .inputErrors
        }
        let bytes: [UInt8]
        do {
            bytes = try table.binaryBytes()
        } catch {
            file?.discard()
            return Console.fail("cannot write '\(output?.description ?? "-")': \(error)")
        }
        guard let file else {
            Console.writeOut(bytes: bytes)
            return .success
        }
        bytes.withUnsafeBytes { file.write($0) }
        if let problem = file.commit(refusing: Array(zip(result.inputs, result.inputIdentities))) { return Console.fail(problem) }
        return .success
    }
}
