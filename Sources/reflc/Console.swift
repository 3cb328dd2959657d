#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// Writing to the standard streams, and the exit statuses of
/// Docs/CommandLine.md. Every write is checked: a failed or short write to
/// stdout or stderr (a full disk, `/dev/full`, a closed pipe) makes the run
/// end with status 2 (see `Main`), never 0.
enum Console {
    /// 0 success, 1 the input has errors, 2 usage or file-system trouble.
    /// It is an `Error` so a step can end a command with its status.
    enum ExitStatus: Int32, Error {
        case success = 0
        case inputErrors = 1
        case usageOrIO = 2
    }

    /// Why a write to stdout (or stderr) failed, the first time one did.
    nonisolated(unsafe) private(set) static var outputFailure: (stream: String, reason: String)?

    static func writeOut(_ text: String) { writeOut(bytes: Array(text.utf8)) }

    /// Whether standard output is a terminal (where bytes that are not text do not belong).
    static var standardOutputIsTerminal: Bool { isatty(1) != 0 }
    static func writeError(_ text: String) { send(Array(text.utf8), to: 2, named: "standard error") }
    static func writeOut(bytes: [UInt8]) { send(bytes, to: 1, named: "standard output") }

    private static func send(_ bytes: [UInt8], to descriptor: Int32, named stream: String) {
        guard outputFailure == nil || outputFailure?.stream != stream else { return }
        if let reason = Descriptor.writeAll(bytes[...], to: descriptor), outputFailure == nil {
            outputFailure = (stream, reason)
        }
    }

    /// The status a command ends with, once its writes are known: a failed
    /// write to a standard stream turns any status into 2, with a message
    /// (on stderr, when stderr still works).
    static func finish(_ status: ExitStatus) -> ExitStatus {
        guard let failure = outputFailure else { return status }
        if failure.stream != "standard error" {
            let message = "reflc: error: cannot write to \(failure.stream): \(failure.reason)\n"
            _ = Descriptor.writeAll(Array(message.utf8)[...], to: 2)
        }
        return .usageOrIO
    }

    /// `reflc: error: message` for problems that are not in a stylesheet.
    /// A usage error: the message, and where the command's help is (as git
    /// and swift do), not the whole help.
    static func fail(_ message: String, help: String) -> ExitStatus {
        fail(message + "\n" + whereHelpIs(help))
    }

    /// `run 'reflc build --help' for usage`, the command read from its
    /// help's `usage: reflc COMMAND` line.
    static func whereHelpIs(_ help: String) -> String {
        let words = help.split(whereSeparator: { $0 == " " || $0 == "\n" })
        if let index = words.firstIndex(of: "reflc"), index + 1 < words.count, words[index + 1].first?.isLetter == true,
           words[index + 1] != "COMMAND" {
            return "run 'reflc \(words[index + 1]) --help' for usage"
        }
        return "run 'reflc --help' for usage"
    }

    static func fail(_ message: String, status: ExitStatus = .usageOrIO) -> ExitStatus {
        writeError("reflc: error: \(message)\n")
        return status
    }
}
