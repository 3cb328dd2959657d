import ReflEval
import ReflLexer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The options of every command that compiles a stylesheet, about what it
/// reports, how, and what fails the run: `--warnings-as-errors` (also `-W
/// error`), `--error-limit N`, `--diagnostics text|json`, `--color
/// auto|always|never`, `-q`/`--quiet`.
struct DiagnosticOptions {
    static let valued: Set<String> = ["-W", "--error-limit", "--diagnostics", "--color"]
    static let switches: Set<String> = ["--warnings-as-errors", "-q", "--quiet"]

    /// Their lines in a command's help.
    static let help = """
          --warnings-as-errors   fail (exit 1) on any warning, as on an error (also: -W error)
          --error-limit N        show at most N errors and N warnings, counting the rest
                                 (default 1000; 0 for no limit)
          --diagnostics text|json
                                 diagnostics as text (default), or as JSON Lines: one object a
                                 line with its stable code (see Docs/Diagnostics.md)
          --color auto|always|never
                                 color text diagnostics (auto: when stderr is a terminal
                                 and NO_COLOR is not set)
          -q, --quiet            do not show warnings
        """

    enum Format { case text, json }

    /// Whether a warning fails the run.
    var warningsAsErrors = false
    /// How many errors (and warnings) are kept and shown; 0 for all.
    var errorLimit = Compiler.defaultErrorLimit
    var format = Format.text
    var usesColor = false
    /// Warnings are not shown (they still fail the run with --warnings-as-errors).
    var quiet = false

    init(_ arguments: Arguments) throws(Arguments.Problem) {
        warningsAsErrors = arguments.has("--warnings-as-errors")
        for value in arguments.all("-W") {
            guard value == "error" else { throw Arguments.Problem(message: "-W takes 'error', found '\(value)'") }
            warningsAsErrors = true
        }
        if let limit = arguments.last("--error-limit") {
            guard let number = Int(limit), number >= 0 else {
                throw Arguments.Problem(message: "--error-limit takes a whole number (0 for no limit), found '\(limit)'")
            }
            errorLimit = number
        }
        switch arguments.last("--diagnostics") {
        case nil, "text": format = .text
        case "json": format = .json
        case let other?: throw Arguments.Problem(message: "--diagnostics takes text or json, found '\(other)'"
                                                   + Suggestions.didYouMean(other, in: ["text", "json"]))
        }
        switch arguments.last("--color") {
        case nil, "auto": usesColor = isatty(2) != 0 && !Self.environmentSaysNoColor
        case "always": usesColor = true
        case "never": usesColor = false
        case let other?: throw Arguments.Problem(message: "--color takes auto, always or never, found '\(other)'"
                                                   + Suggestions.didYouMean(other, in: ["auto", "always", "never"]))
        }
        quiet = arguments.has("-q") || arguments.has("--quiet")
    }

    /// `NO_COLOR` set to anything (no-color.org), or a terminal that cannot color.
    private static var environmentSaysNoColor: Bool {
        if let value = getenv("NO_COLOR"), value.pointee != 0 { return true }
        if let term = getenv("TERM"), String(cString: term) == "dumb" { return true }
        return false
    }

    /// The diagnostics as this run reports them: with `--warnings-as-errors`,
    /// each warning is an error that says why; with `--quiet`, no warnings.
    func applied(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        let promoted = !warningsAsErrors ? diagnostics : diagnostics.map { diagnostic in
            guard diagnostic.severity == .warning else { return diagnostic }
            var promoted = diagnostic
            promoted.severity = .error
            promoted.message += " [--warnings-as-errors]"
            return promoted
        }
        return quiet ? promoted.filter { $0.severity != .warning } : promoted
    }

    /// Prints a compilation's diagnostics (as `applied(to:)` makes them) to
    /// stderr; returns whether the run has failed.
    func report(_ result: CompileResult) -> Bool {
        let shown = applied(to: result.diagnostics)
        let omittedErrors = result.omittedErrors + (warningsAsErrors ? result.omittedWarnings : 0)
        let omittedWarnings = warningsAsErrors || quiet ? 0 : result.omittedWarnings
        switch format {
        case .json:
            var encoder = DiagnosticJSON()
            if !shown.isEmpty { Console.writeError(encoder.lines(shown)) }
        case .text:
            if !shown.isEmpty || omittedErrors + omittedWarnings > 0 {
                var renderer = DiagnosticRenderer(usesColor: usesColor)
                Console.writeError(renderer.render(shown, omittedErrors: omittedErrors, omittedWarnings: omittedWarnings))
            }
        }
        return shown.hasErrors || omittedErrors > 0
    }

    /// Prints diagnostics that are not from a compilation (a malformed table).
    /// At most `errorLimit` are shown, as a compilation's are; the rest are counted.
    func report(_ diagnostics: [Diagnostic]) {
        var shown = applied(to: diagnostics)
        var omittedErrors = 0, omittedWarnings = 0
        if errorLimit > 0 && shown.count > errorLimit {
            omittedErrors = shown[errorLimit...].filter { $0.severity == .error }.count
            omittedWarnings = shown.count - errorLimit - omittedErrors
            shown.removeSubrange(errorLimit...)
        }
        guard !shown.isEmpty else { return }
        switch format {
        case .json:
            var encoder = DiagnosticJSON()
            Console.writeError(encoder.lines(shown))
        case .text:
            var renderer = DiagnosticRenderer(usesColor: usesColor)
            Console.writeError(renderer.render(shown, omittedErrors: omittedErrors, omittedWarnings: omittedWarnings))
        }
    }
}

/// What every command that compiles one input reads first: its arguments
/// (with the diagnostic options), the options, the input (`-` for standard
/// input) and the include folders (`-I`).
struct CompilingCommand {
    let arguments: Arguments
    let options: DiagnosticOptions
    let input: FilePath
    let includePaths: [FilePath]
    /// `--deployment-target V`: the iOS version properties are checked against.
    let deploymentTarget: OSVersion?
    /// `--config FILE`: what a target's `reflc.json` sets.
    let configuration: BuildConfiguration?

    static let valued: Set<String> = ["-I", "--include-path", "--deployment-target", "--config"]

    /// The help lines of the input options.
    static let inputHelp = """
          -I, --include-path DIR an import not found beside its importer is looked for in DIR
                                 (repeatable; in order)
          --deployment-target V  warn about UIKit properties unavailable or deprecated at
                                 iOS V (such as 15.0)
          --config FILE          read options from a reflc.json (format, includePaths,
                                 warningsAsErrors, deploymentTarget); the command line wins
        """

    /// Reads `arguments` for the command `name`; on failure, the exit status
    /// (the problem and the help printed).
    static func parse(_ arguments: [FilePath], name: String, valued: Set<String>, switches: Set<String> = [],
                      help: String) -> Result<CompilingCommand, Console.ExitStatus> {
        let parsed: Arguments
        switch Arguments.forCommand(arguments, valued: valued.union(DiagnosticOptions.valued).union(Self.valued),
                                    switches: switches.union(DiagnosticOptions.switches), help: help) {
        case .failure(let status): return .failure(status)
        case .success(let read): parsed = read
        }
        var options: DiagnosticOptions
        do {
            options = try DiagnosticOptions(parsed)
        } catch {
            return .failure(Console.fail(error.message + "", help: help))
        }
        var configuration: BuildConfiguration?
        if let file = parsed.lastPath("--config") {
            switch BuildConfiguration.read(file) {
            case .failure(let problem):
                if let unreadable = problem.unreadable {
                    Console.writeError(unreadable + "\n")
                    return .failure(.usageOrIO)
                }
                // Printed as the options say, as a stylesheet's mistakes are.
                options.report(problem.diagnostics)
                return .failure(.inputErrors)
            case .success(let read): configuration = read
            }
        }
        if configuration?.warningsAsErrors == true { options.warningsAsErrors = true }
        guard parsed.positionalPaths.count == 1 else {
            return .failure(Console.fail((parsed.positional.isEmpty ? "\(name) needs an input file" : "\(name) takes one input file")
                                         + "", help: help))
        }
        let includes = parsed.allPaths("-I") + parsed.allPaths("--include-path") + (configuration?.includePaths ?? [])
        var deploymentTarget = configuration?.deploymentTarget
        if let written = parsed.last("--deployment-target") {
            guard let version = OSVersion(written) else {
                return .failure(Console.fail("--deployment-target takes an iOS version such as 15.0, found '\(written)'", help: help))
            }
            deploymentTarget = version
        }
        return .success(CompilingCommand(arguments: parsed, options: options, input: parsed.positionalPaths[0], includePaths: includes,
                                         deploymentTarget: deploymentTarget, configuration: configuration))
    }

    /// Whether the input is standard input (`-`).
    var readsStandardInput: Bool { input.bytes == Array("-".utf8) }

    /// The files an output must not overwrite before the build has read them.
    var entryFiles: [FilePath] { readsStandardInput ? [] : [input] }

    /// The size of the entry files as they are now (0 for what cannot be
    /// seen): what a build's output is expected to be, a few times over.
    var entryFileBytes: Int {
        entryFiles.reduce(0) { total, path in
            var status = stat()
            return total + (path.withCString { stat($0, &status) } == 0 ? max(Int(status.st_size), 0) : 0)
        }
    }

    /// Standard input as the entry file, named `<stdin>`, its imports read
    /// from the working directory.
    private func standardInput() -> Result<SourceFile, Console.ExitStatus> {
        switch FileSystem.readStream(0) {
        case .failure(let error): return .failure(Console.fail("cannot read standard input: \(error.reason)"))
        case .success(let bytes): return .success(SourceFile(path: "<stdin>", bytes: bytes))
        }
    }

    /// Compiles the input into a table in memory.
    func compile() -> Result<CompileResult, Console.ExitStatus> {
        compiling(source: { source in
            Compiler.compile(source: source, importsRelativeTo: FilePath("<stdin>"), errorLimit: options.errorLimit,
                             includePaths: includePaths, deploymentTarget: deploymentTarget)
        }, file: { () throws(EntryFileError) in
            try Compiler.compile(entryPath: input, errorLimit: options.errorLimit, includePaths: includePaths,
                                 deploymentTarget: deploymentTarget)
        })
    }

    /// Compiles the input, laying the binary table out as it goes (`Compiler.buildBinary`).
    func buildBinary() -> Result<(result: CompileResult, binary: Result<BinaryTableFile, BinaryTableError>?), Console.ExitStatus> {
        compiling(source: { source in
            Compiler.buildBinaryFile(source: source, importsRelativeTo: FilePath("<stdin>"), errorLimit: options.errorLimit,
                                     includePaths: includePaths, deploymentTarget: deploymentTarget)
        }, file: { () throws(EntryFileError) in
            try Compiler.buildBinaryFile(entryPath: input, errorLimit: options.errorLimit, includePaths: includePaths,
                                         deploymentTarget: deploymentTarget)
        })
    }

    /// Compiles the input, writing the JSON table to `output` as it goes.
    func build(writingJSONTo output: any ByteOutput) -> Result<CompileResult, Console.ExitStatus> {
        compiling(source: { source in
            Compiler.build(source: source, importsRelativeTo: FilePath("<stdin>"), errorLimit: options.errorLimit,
                           includePaths: includePaths, deploymentTarget: deploymentTarget, writingJSONTo: output)
        }, file: { () throws(EntryFileError) in
            try Compiler.build(entryPath: input, errorLimit: options.errorLimit, includePaths: includePaths,
                               deploymentTarget: deploymentTarget, writingJSONTo: output)
        })
    }

    /// `source` on standard input's text when the input is `-`, else `file`;
    /// a failure to read either is said and becomes the exit status.
    private func compiling<Output>(source: (SourceFile) -> Output,
                                   file: () throws(EntryFileError) -> Output) -> Result<Output, Console.ExitStatus> {
        if readsStandardInput { return standardInput().map(source) }
        do {
            return .success(try file())
        } catch {
            return .failure(Console.fail(error.description))
        }
    }
}

extension CompilingCommand {
    /// How the loader compiles source for this command.
    var loadOptions: StylesheetLoader.Options {
        var load = StylesheetLoader.Options(errorLimit: options.errorLimit, includePaths: includePaths, deploymentTarget: deploymentTarget)
        load.mapsLargeJSONTables = true  // a SIGBUS meanwhile ends reflc with a message
        return load
    }

    /// Prints what loading the input reported; the stylesheet, or the exit
    /// status when it has errors (warnings turned into errors included).
    func report(_ loaded: LoadedStylesheet) -> Result<Stylesheet, Console.ExitStatus> {
        if let compilation = loaded.compilation {
            guard !options.report(compilation), let stylesheet = loaded.stylesheet else { return .failure(.inputErrors) }
            return .success(stylesheet)
        }
        if let stylesheet = loaded.stylesheet { return .success(stylesheet) }
        if loaded.format == nil, let failure = loaded.failure { return .failure(Console.fail(failure)) }
        if loaded.diagnostics.isEmpty {
            Console.writeError((loaded.failure ?? "cannot load '\(input)'") + "\n")
        } else {
            options.report(loaded.diagnostics)
        }
        return .failure(.inputErrors)
    }
}
