#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// The `reflc` command: a thin layer over the ReflEval library that reads
/// arguments and files, prints results and diagnostics, and sets the exit
/// status (0 success, 1 errors in the input, 2 usage or file trouble).
enum Main {
    static let version = "reflc 0.1.0"

    static let help = """
        reflc — compiler and evaluator for Reflektor stylesheets

        usage: reflc COMMAND [ARGUMENTS]

        commands:
          build INPUT.less [-o OUT]        compile a stylesheet and its imports into a rule table
                                           (JSON, or --format binary for the table an app ships)
          resolve INPUT --class NAME ...   compute the style of a view from a stylesheet or rule table
          watch INPUT.less -o OUT          rebuild OUT whenever the stylesheet changes (--serve: for devices)
          gen-swift INPUT [-o OUT.swift]   the stylesheet's variables and selector names as Swift constants
          fmt FILE... [--check]            rewrite stylesheets in the canonical layout
          lsp                              a language server for editors, over stdin and stdout
          parse FILE                       print the syntax tree of one file
          tokens FILE                      print the tokens of one file

        options:
          -h, --help       show this help (also: reflc COMMAND --help)
          --version        show the version

        exit status: 0 success, 1 the input has errors, 2 usage error or file trouble
        """

    static func run(_ arguments: [FilePath]) -> Console.ExitStatus {
        guard let command = arguments.first?.description else {
            Console.writeError(help + "\n")
            return .usageOrIO
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "build": return BuildCommand.run(rest)
        case "resolve": return ResolveCommand.run(rest)
        case "watch": return WatchCommand.run(rest)
        case "gen-swift": return GenSwiftCommand.run(rest)
        case "fmt": return FmtCommand.run(rest)
        case "lsp": return LspCommand.run(rest)
        case "parse": return ParseCommand.run(rest)
        case "tokens": return TokensCommand.run(rest)
        case "--help", "-h", "help":
            Console.writeOut(help + "\n")
            return .success
        case "--version", "version":
            Console.writeOut(version + "\n")
            return .success
        default:
            let commands = ["build", "resolve", "watch", "gen-swift", "fmt", "lsp", "parse", "tokens", "help", "version"]
                + (command.hasPrefix("-") ? ["--help", "--version"] : [])
            let suggestion = Suggestions.didYouMean(command, in: commands)
            return Console.fail("unknown command '\(command)'\(suggestion)\nrun 'reflc --help' for the list of commands")
        }
    }
}

/// The arguments as the bytes the system passed (`CommandLine.arguments`
/// would replace bytes that are not UTF-8, naming other files).
let rawArguments = FileSystem.argumentBytes().map(FilePath.init(bytes:))
// A write to a closed pipe fails with EPIPE (and is reported) instead of
// killing the process with no word.
signal(SIGPIPE, SIG_IGN)
// Ctrl-C and `kill` end reflc even when the parent started it with them
// blocked (a blocked mask is inherited, and some process launchers leave one).
var stopSignals = sigset_t()
sigemptyset(&stopSignals)
for stopSignal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopSignals, stopSignal) }
sigprocmask(SIG_UNBLOCK, &stopSignals, nil)
exit(Console.finish(Main.run(rawArguments)).rawValue)
