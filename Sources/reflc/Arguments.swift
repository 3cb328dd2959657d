import ReflEval
import ReflLexer

/// A small command-line reader: positional arguments and `--flag value`
/// options (also `--flag=value`, and a one-letter option's value written
/// against it, `-Werror` and `-Ishared`, as compilers take them), each option
/// declared by the command that reads it so an unknown flag is reported
/// instead of ignored.
///
/// Arguments are kept as the bytes the system passed: a file name need not
/// be UTF-8, and a `String` would name another file (see `FilePath`).
struct Arguments {
    /// A command line that does not fit the command, in words for the user.
    struct Problem: Error {
        var message: String
    }

    /// The positional arguments, as given.
    private(set) var positionalPaths: [FilePath] = []
    private var values: [String: [FilePath]] = [:]
    private var switches: Set<String> = []

    /// Splits `arguments` given which options take a value and which are switches.
    init(_ arguments: [FilePath], valued: Set<String>, switches allowedSwitches: Set<String>) throws(Problem) {
        var index = 0
        let dash = UInt8(ascii: "-")
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument.bytes == [dash] || argument.bytes.first != dash {
                positionalPaths.append(argument)
                continue
            }
            var name = argument.description
            var inline: FilePath?
            if argument.bytes.count > 2, argument.bytes[1] != dash, argument.bytes[2] != UInt8(ascii: "="),
               valued.contains(String(name.prefix(2))) {
                inline = FilePath(bytes: Array(argument.bytes[2...]))
                name = String(name.prefix(2))
            } else if let equals = argument.bytes.firstIndex(of: UInt8(ascii: "=")) {
                name = FilePath(bytes: Array(argument.bytes[..<equals])).description
                inline = FilePath(bytes: Array(argument.bytes[(equals + 1)...]))
            }
            if allowedSwitches.contains(name) && inline == nil {
                switches.insert(name)
            } else if valued.contains(name) {
                if let inline {
                    values[name, default: []].append(inline)
                } else if index < arguments.count {
                    values[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw Problem(message: "option '\(name)' needs a value")
                }
            } else {
                let known = (Array(valued) + Array(allowedSwitches)).sorted()
                let hint = Suggestions.didYouMean(name, in: known)
                throw Problem(message: "unknown option '\(name)'\(hint)")
            }
        }
    }

    /// The positional arguments as text.
    var positional: [String] { positionalPaths.map(\.description) }

    func has(_ name: String) -> Bool { switches.contains(name) }
    func all(_ name: String) -> [String] { (values[name] ?? []).map(\.description) }
    func last(_ name: String) -> String? { values[name]?.last?.description }

    /// The last value of `name` as the bytes given (for a file name).
    func lastPath(_ name: String) -> FilePath? { values[name]?.last }

    /// Every value of `name` as the bytes given.
    func allPaths(_ name: String) -> [FilePath] { values[name] ?? [] }

    /// Reads a command's arguments; prints its help for `-h`/`--help`, or
    /// the problem and the help for a bad command line. Returns the exit
    /// status instead when the command has nothing more to do.
    static func forCommand(_ arguments: [FilePath], valued: Set<String>, switches: Set<String>,
                           help: String) -> Result<Arguments, Console.ExitStatus> {
        do {
            let parsed = try Arguments(arguments, valued: valued, switches: switches.union(["--help", "-h"]))
            if parsed.has("--help") || parsed.has("-h") {
                Console.writeOut(help + "\n")
                return .failure(.success)
            }
            return .success(parsed)
        } catch {
            return .failure(Console.fail(error.message + "", help: help))
        }
    }
}
