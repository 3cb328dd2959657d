import ReflLexer

/// A small command-line reader: positional arguments and `--flag value`
/// options (also `--flag=value`), each option declared by the command that
/// reads it so an unknown flag is reported instead of ignored.
struct Arguments {
    /// A command line that does not fit the command, in words for the user.
    struct Problem: Error {
        var message: String
    }

    private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var switches: Set<String> = []

    /// Splits `arguments` given which options take a value and which are switches.
    init(_ arguments: [String], valued: Set<String>, switches allowedSwitches: Set<String>) throws(Problem) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
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
                let hint = Suggestions.closest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw Problem(message: "unknown option '\(name)'\(hint)")
            }
        }
    }

    func has(_ name: String) -> Bool { switches.contains(name) }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func last(_ name: String) -> String? { values[name]?.last }


    /// Reads a command's arguments; prints its help for `-h`/`--help`, or
    /// the problem and the help for a bad command line. Returns nil with the
    /// exit status when the command has nothing more to do.
    static func forCommand(_ arguments: [String], valued: Set<String>, switches: Set<String>,
                           help: String) -> Result<Arguments, Console.ExitStatus> {
        do {
            let parsed = try Arguments(arguments, valued: valued, switches: switches.union(["--help", "-h"]))
            if parsed.has("--help") || parsed.has("-h") {
                Console.writeOut(help + "\n")
                return .failure(.success)
            }
            return .success(parsed)
        } catch {
            return .failure(Console.fail(error.message + "\n\n" + help))
        }
    }
}
