#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a benchmark program's work: an error it throws (a file that cannot
/// be read or loaded) is printed with the program's name and the program
/// exits 1, where an error thrown out of `main` traps with a backtrace.
public func runReportingErrors(_ program: String, _ work: () throws -> Void) {
    do {
        try work()
    } catch {
        print("\(program): \(error)")
        exit(1)
    }
}
