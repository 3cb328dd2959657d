import BenchmarkSupport
import ReflEval
import ReflLexer
import ReflParser

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `PhaseBench FILE [--runs N]`: where the time of `reflc build` goes, phase
/// by phase, on one stylesheet without imports: reading the file, lexing it
/// alone, parsing it (lexing included), compiling it into a table in memory
/// (parsing, variables, rules), and building it as `reflc build` does
/// (compiling with the JSON written as it goes); then copying the JSON's
/// bytes once (`memcpy`), the floor any writer of that many bytes stands on;
/// and laying the compiled table out in the binary form.
/// Prints one `phase=... median_seconds=...` line per phase (medians of N
/// runs, default 5). Run it under `taskset -c 0` for one core.
@main
struct PhaseBench {
    static func main() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var runs = 5
        if let flag = arguments.firstIndex(of: "--runs"), flag + 1 < arguments.count {
            runs = max(1, Int(arguments[flag + 1]) ?? runs)
            arguments.removeSubrange(flag...(flag + 1))
        }
        guard arguments.count == 1, !arguments[0].hasPrefix("-") else {
            exitWithUsage("usage: PhaseBench FILE [--runs N]", arguments: arguments)
        }
        let path = FilePath(arguments[0])
        var bytes: [UInt8] = []
        report("read", runs) { bytes = (try? FileSystem.readFile(path).get()) ?? []; return bytes.count }
        guard !bytes.isEmpty else {
            printError("PhaseBench: cannot read \(path)")
            exit(1)
        }
        let file = SourceFile(path: path.description, bytes: bytes)
        report("lex", runs) { Lexer.tokenize(file).tokens.count }
        report("parse", runs) { Parser.parse(file).syntax.items.count }
        var table: RuleTable?
        report("compile", runs) { table = Compiler.compile(source: file).ruleTable; return table?.rules.count ?? -1 }
        report("binary layout", runs) { (try? table?.binaryBytes())??.count ?? -1 }
        var json: [UInt8] = []
        report("build", runs) {
            let output = ByteArrayOutput()
            _ = Compiler.build(source: file, importsRelativeTo: path, writingJSONTo: output)
            json = output.bytes
            return json.count
        }
        var copy = [UInt8](repeating: 0, count: json.count)
        report("memcpy of the JSON", runs) {
            copy.withUnsafeMutableBytes { target in json.withUnsafeBytes { source in
                _ = memcpy(target.baseAddress!, source.baseAddress!, source.count)
            } }
            return Int(copy[copy.count / 2])
        }
        print("source_bytes=\(bytes.count) json_bytes=\(json.count)")
    }

    /// Runs `work` `runs` times and prints the median; `work` returns a
    /// number derived from its result, so that the work cannot be skipped.
    static func report(_ phase: String, _ runs: Int, _ work: () -> Int) {
        var times: [Double] = []
        var checksum = 0
        for _ in 0..<runs {
            let start = now()
            checksum &+= work()
            times.append(now() - start)
        }
        times.sort()
        print("phase=\(phase.replacingSpaces) median_seconds=\(times[times.count / 2]) checksum=\(checksum)")
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension String {
    var replacingSpaces: String { String(map { $0 == " " ? "-" : $0 }) }
}
