import BenchmarkSupport
import ReflEval

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `LoadBench FILE... [--seconds S]`: for each file (a stylesheet, a JSON or
/// a binary rule table), loads it into a `Stylesheet` ready to resolve —
/// bytes on disk to answers, as an app does at launch — over and over for
/// about S seconds (default 1), and prints `FILE median_seconds=… loads=…`.
/// In one process, so that start-up does not hide a load of a few
/// milliseconds.
@main
struct LoadBench {
    static func main() {
        runReportingErrors("LoadBench", run)
    }

    static func run() throws {
        var arguments = Array(CommandLine.arguments.dropFirst())
        var seconds = 1.0
        if let flag = arguments.firstIndex(of: "--seconds"), flag + 1 < arguments.count {
            seconds = Double(arguments[flag + 1]) ?? seconds
            arguments.removeSubrange(flag...(flag + 1))
        }
        guard !arguments.isEmpty, !arguments.contains(where: { $0.hasPrefix("-") }) else {
            exitWithUsage("usage: LoadBench FILE... [--seconds S]", arguments: arguments)
        }
        for path in arguments {
            var times: [Double] = []
            var checksum = 0
            let start = now()
            repeat {
                let loadStart = now()
                let stylesheet = try Stylesheet(contentsOfFile: path)
                times.append(now() - loadStart)
                checksum &+= stylesheet.resolve(StyleQuery(className: "UIView")).properties.count
            } while now() - start < seconds || times.count < 5
            times.sort()
            print("\(path) median_seconds=\(times[times.count / 2]) loads=\(times.count) checksum=\(checksum)")
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
