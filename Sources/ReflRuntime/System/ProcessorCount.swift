#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many processors this process may use: the processors online, fewer
/// when the process is pinned to some of them (its affinity mask: `taskset`,
/// a container's cpuset) or given a CPU quota (a cgroup's `cpu.max` or
/// `cpu.cfs_quota_us`: a CI runner's "2 CPUs" on a larger machine). Starting
/// a thread per online processor there would only make the threads wait for
/// each other.
enum ProcessorCount {
    /// The count for this process, at least 1.
    static func current() -> Int {
        var count = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        #if os(Linux)
        if let status = readText("/proc/self/status"), let allowed = affinityCount(status: status) {
            count = min(count, allowed)
        }
        if let quota = cgroupQuota() { count = min(count, quota) }
        #endif
        return max(1, count)
    }

    /// The processors in the `Cpus_allowed:` mask of `/proc/self/status`
    /// (hexadecimal words separated by commas), or nil when there is none.
    static func affinityCount(status: String) -> Int? {
        for line in status.split(separator: "\n") where line.hasPrefix("Cpus_allowed:") {
            var count = 0
            for character in line.dropFirst("Cpus_allowed:".count) {
                guard let digit = character.hexDigitValue else { continue }
                count += digit.nonzeroBitCount
            }
            return count > 0 ? count : nil
        }
        return nil
    }

    /// Processors a cgroup quota allows: `quota / period` rounded up, from
    /// `cpu.max` (cgroup v2: `"max 100000"` or `"200000 100000"`) or from
    /// v1's separate quota (`-1` for none) and period; nil when unlimited.
    static func quotaCount(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return (quota + period - 1) / period
    }

    /// `cpu.max`'s two numbers, or nil for `max` or anything else.
    static func quotaCount(cpuMax: String) -> Int? {
        let parts = cpuMax.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard parts.count >= 2, let quota = Int(parts[0]), let period = Int(parts[1]) else { return nil }
        return quotaCount(quota: quota, period: period)
    }

    #if os(Linux)
    /// The tightest quota of this process's cgroup and the groups above it.
    private static func cgroupQuota() -> Int? {
        guard let membership = readText("/proc/self/cgroup") else { return nil }
        var found: [Int] = []
        for line in membership.split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            var group = String(fields[2])
            while true {
                let suffix = group == "/" ? "" : group
                if fields[0] == "0", let text = readText("/sys/fs/cgroup" + suffix + "/cpu.max"), let quota = quotaCount(cpuMax: text) {
                    found.append(quota)
                }
                if fields[1].split(separator: ",").contains("cpu"),
                   let quota = readText("/sys/fs/cgroup/cpu" + suffix + "/cpu.cfs_quota_us").flatMap(number),
                   let period = readText("/sys/fs/cgroup/cpu" + suffix + "/cpu.cfs_period_us").flatMap(number),
                   let count = quotaCount(quota: quota, period: period) {
                    found.append(count)
                }
                guard group != "/", let slash = group.lastIndex(of: "/") else { break }
                group = slash == group.startIndex ? "/" : String(group[..<slash])
            }
        }
        return found.min()
    }

    private static func number(_ text: String) -> Int? {
        Int(text.filter { !$0.isWhitespace })
    }
    #endif

    /// A small text file (such as those of `/proc`), or nil.
    private static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        while bytes.count < 1 << 16, let chunk = Descriptor.read(descriptor, upTo: 4096), !chunk.isEmpty {
            bytes.append(contentsOf: chunk)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
