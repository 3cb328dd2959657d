import ReflEval
import ReflLexer

/// `reflc build INPUT.less [-o OUT] [--format json|binary|tokens]`: compile
/// a stylesheet and its imports into the rule table (or its variables into
/// a design-token file).
enum BuildCommand {
    static let help = """
        usage: reflc build INPUT.less [-o OUT] [--format json|binary|tokens] [--depends FILE] [-I DIR]...
                           [--warnings-as-errors] [--error-limit N] [--diagnostics text|json]
                           [--color auto|always|never] [-q]

        Compiles INPUT.less (or standard input, given as -) and every file it
        imports into a typed rule table:
        JSON (the default), or binary, the form an app ships (it loads many
        times faster than JSON or source; see Docs/BinaryTable.md). Without
        -o, or with -o -, the table goes to stdout (a binary one only when
        stdout is not a terminal). --format tokens writes the stylesheet's
        variables instead, as a design-token file (see Docs/DesignTokens.md).

        All errors are reported in one run, as file:line:column diagnostics on
        stderr; warnings do not fail the build (unless --warnings-as-errors).
        OUT.json is replaced atomically and only on success: after a failed
        build it is exactly as it was. Its permissions are kept; a symbolic
        link stays a link and its target is written; a FIFO or device is
        written into. A directory, or a file the build reads, is refused.
        The same input gives the same bytes.

        options:
          -o, --output PATH      where to write the table ('-' for stdout)
          --format json|binary|tokens
                                 the table's form (default json), or tokens
          --depends FILE         also write a Makefile depfile 'OUT: INPUT IMPORT...' listing
                                 every file the build read (on success only)
        \(CompilingCommand.inputHelp)
        \(DiagnosticOptions.help)
          -h, --help             show this help

        exit status: 0 success, 1 the stylesheet has errors, 2 usage error,
        unreadable input or unwritable output
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        let command: CompilingCommand
        switch CompilingCommand.parse(arguments, name: "build", valued: ["-o", "--output", "--format", "--depends"], help: help) {
        case .failure(let status): return status
        case .success(let parsed): command = parsed
        }
        let parsed = command.arguments
        let format = parsed.last("--format") ?? command.configuration?.format ?? "json"
        guard format == "json" || format == "binary" || format == "tokens" else {
            return Console.fail("unknown table format '\(format)'; expected json, binary or tokens"
                                + Suggestions.didYouMean(format, in: ["json", "binary", "tokens"]), help: help)
        }
        let output = parsed.lastPath("--output") ?? parsed.lastPath("-o")
        let path = output?.bytes == Array("-".utf8) ? nil : output
        if format == "binary" && path == nil && Console.standardOutputIsTerminal {
            return Console.fail("a binary table is not written to a terminal; give -o FILE or redirect standard output", help: help)
        }
        // The build plugin names the output by the form reflc.json asked for
        // when the build was planned; SwiftPM and Xcode plan again only when
        // the target's files change, not when reflc.json does.
        if let configuration = command.configuration, parsed.last("--format") == nil, let path,
           let planned = path.description.hasSuffix(".reflb") ? "binary" : path.description.hasSuffix(".json") ? "json" : nil,
           planned != (configuration.format ?? "json") {
            return Console.fail("the build plans '\(path.lastComponent)' (\(planned)) but \(configuration.file.lastComponent) asks for the \(format) table; "
                                + "the plan is made again after a clean: run 'swift package clean' (Xcode: Product > Clean Build Folder)",
                                status: .inputErrors)
        }
        let depends = parsed.lastPath("--depends")
        if depends?.bytes == Array("-".utf8) {
            return Console.fail("--depends takes the path of the depfile to write, not '-'", help: help)
        }
        return build(command, output: path, format: format, depends: depends)
    }

    /// Compiles and writes the table — JSON streamed into the output as it
    /// is compiled, binary laid out rule by rule as it is compiled and
    /// written section by section at the end, tokens from the whole table — keeping it
    /// only if there is no error; then the depfile.
    static func build(_ command: CompilingCommand, output: FilePath?, format: String, depends: FilePath?) -> Console.ExitStatus {
        let binary = format == "binary", tokens = format == "tokens"
        var file: OutputFile?
        if let output {
            switch OutputFile.create(output, refusing: command.entryFiles) {
            case .failure(let error): return Console.fail(error.message)
            case .success(let created): file = created
            }
            // A binary table's size is known once it is laid out; a JSON table
            // is 4 to 8 times its source (4.3 for the benchmark's).
            if !binary && !tokens { file?.expect(bytes: 5 * min(command.entryFileBytes, (1 << 30) / 5)) }
        }
        let memory = ByteArrayOutput()
        var result: CompileResult
        var laidOut: Result<BinaryTableFile, BinaryTableError>?
        if binary {
            switch command.buildBinary() {
            case .failure(let status):
                file?.discard()
                return status
            case .success(let built): (result, laidOut) = built
            }
        } else {
            switch tokens ? command.compile() : command.build(writingJSONTo: file ?? memory) {
            case .failure(let status):
                file?.discard()
                return status
            case .success(let compiled): result = compiled
            }
        }
        var exported: [UInt8] = []
        if tokens, let table = result.ruleTable {
            let export = DesignTokenExport.document(variables: table.variables, descriptions: result.variableDescriptions)
            exported = export.bytes
            result.diagnostics += export.omitted.map { omission in omittedWarning(omission, in: result) }
        }
        guard !command.options.report(result), !tokens || result.ruleTable != nil, !binary || laidOut != nil else {
            file?.discard()
            return .inputErrors
        }
        var bytes = memory.bytes
        if tokens {
            bytes = exported
            file.map { file in file.write(bytes[...]) }
        } else if let laidOut {
            switch laidOut {
            case .success(let laid):
                // Written to a file section by section: the table is not put together in one array first.
                if let file {
                    file.expect(bytes: laid.count)
                    laid.write(to: file)
                } else {
                    bytes = laid.takeBytes()
                }
            case .failure(let error):
                file?.discard()
                return Console.fail("cannot write '\(output?.description ?? "-")': \(error)")
            }
        }
        if let file {
            if let problem = file.commit(refusing: result.inputsAsRead) { return Console.fail(problem) }
        } else {
            Console.writeOut(bytes: bytes)
        }
        if let depends {
            return writeDepfile(depends, target: output, inputs: result.inputs, refusing: result.inputsAsRead)
        }
        return .success
    }

    /// The warning that `omission`'s variable is left out of the tokens, at its definition.
    private static func omittedWarning(_ omission: DesignTokenExport.Omission, in result: CompileResult) -> Diagnostic {
        let place = result.variableDefinitions[omission.variable]
        let file = place?.file ?? result.files.last ?? SourceFile(path: "-", bytes: [])
        return Diagnostic(.warning(.tokenExport, "@\(omission.variable) is left out of the tokens: \(omission.reason)"),
                          file: file, range: place?.range ?? SourceRange(0, 0))
    }

    /// `OUT: IN DEP...` — a Makefile rule saying the table depends on every
    /// file the build read, for Xcode script phases, ninja and make.
    static func writeDepfile(_ path: FilePath, target: FilePath?, inputs: [FilePath],
                             refusing read: [(path: FilePath, identity: FileSystem.FileIdentity)]) -> Console.ExitStatus {
        let line = escape(target?.description ?? "-") + ":" + inputs.map { " " + escape($0.description) }.joined() + "\n"
        switch OutputFile.create(path, refusing: inputs) {
        case .failure(let error): return Console.fail(error.message)
        case .success(let file):
            file.write(Array(line.utf8)[...])
            if let problem = file.commit(refusing: read) { return Console.fail(problem) }
            return .success
        }
    }

    /// A path as a Makefile rule must spell it: spaces and `#` escaped, `$` doubled.
    static func escape(_ path: String) -> String {
        var out = ""
        for character in path {
            switch character {
            case " ", "#", "\\": out += "\\" + String(character)
            case "$": out += "$$"
            default: out.append(character)
            }
        }
        return out
    }
}
