#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a benchmark program's work: an error it throws (a file that cannot
/// be read or loaded) is printed to standard error with the program's name
/// and the program exits 1, where an error thrown out of `main` traps with
/// a backtrace.
public func runReportingErrors(_ program: String, _ work: () throws -> Void) {
    do {
        try work()
    } catch {
        printError("\(program): \(error)")
        exit(1)
    }
}

/// Ends a program whose arguments (`CommandLine.arguments` without the
/// program's name) are not what `usage` describes, as a command-line tool
/// does: asked for help (`--help`, `-h`), with the usage on standard output
/// and status 0; otherwise with it on standard error and status 2.
public func exitWithUsage(_ usage: String, arguments: [String]) -> Never {
    if arguments.contains("--help") || arguments.contains("-h") {
        print(usage)
        exit(0)
    }
    printError(usage)
    exit(2)
}

/// A line on standard error, which `scripts/bench.sh` does not read for figures.
public func printError(_ line: String) {
    var text = line + "\n"
    // Through the descriptor: the C library's `stderr` is a shared global that Swift 6 refuses.
    text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}
