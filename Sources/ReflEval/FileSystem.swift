#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The few file-system operations the compiler needs, on POSIX calls
/// directly: errors come back as plain reasons ("is a directory", "no such
/// file or directory") that diagnostics can quote, and the library an app
/// embeds does not need Foundation.
public enum FileSystem {
    /// Why a file could not be read, in words a message can quote.
    public struct ReadError: Error, Sendable, Equatable {
        /// The reason, lowercase: "permission denied".
        public var reason: String
    }

    /// The whole contents of the file at `path`.
    public static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(ReadError(reason: lastErrorReason())) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadError(reason: lastErrorReason())) }
        if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(ReadError(reason: "is a directory")) }
        // A FIFO or a device (`/dev/zero`, `/dev/stdin`) could block or never end.
        if (status.st_mode & S_IFMT) != S_IFREG { return .failure(ReadError(reason: "is not a regular file")) }
        // Read straight into an array sized from `fstat` (not zeroed first); a
        // file that grows meanwhile is read on in chunks.
        // A large file is read in parts on the processors at once: the copy
        // out of the page cache is the cost, and it divides.
        var failure: ReadError?
        var bytes = [UInt8](unsafeUninitializedCapacity: max(Int(status.st_size), 0)) { buffer, initialized in
            let partCount = buffer.count >= largeFileSize ? min(Concurrency.processorCount, 4) : 1
            let partSize = (buffer.count + partCount - 1) / max(partCount, 1)
            let parts = (0..<partCount).map { part in
                FilePart(range: min(buffer.count, part * partSize)..<min(buffer.count, (part + 1) * partSize))
            }
            Concurrency.run(partCount) { part in
                parts[part].read(from: descriptor, into: buffer)
            }
            // Only a whole prefix counts: a part that stopped early means the file shrank.
            initialized = 0
            for part in parts {
                if let error = part.error { failure = ReadError(reason: error) }
                initialized = part.range.lowerBound + part.count
                if part.count < part.range.count { break }
            }
        }
        if let failure { return .failure(failure) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var grown = bytes.count == Int(status.st_size)  // else the end was reached early
        while grown {
            let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return .failure(ReadError(reason: lastErrorReason())) }
            grown = count > 0
            bytes.append(contentsOf: chunk[0..<max(count, 0)])
        }
        return .success(bytes)
    }

    /// Files from this size on are read in parallel parts.
    static let largeFileSize = 4 << 20

    /// One part of a file being read: its byte range, how much of it was
    /// read, and the error that stopped it.
    private final class FilePart {
        let range: Range<Int>
        private(set) var count = 0
        private(set) var error: String?

        init(range: Range<Int>) { self.range = range }

        func read(from descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) {
            while count < range.count {
                let read = pread(descriptor, buffer.baseAddress! + range.lowerBound + count, range.count - count,
                                 off_t(range.lowerBound + count))
                if read < 0 && errno == EINTR { continue }
                if read < 0 { error = FileSystem.lastErrorReason() }
                if read <= 0 { return }
                count += read
            }
        }
    }

    /// The canonical absolute path of an existing file (symbolic links and
    /// `..` resolved), used to recognize one file reached by two paths.
    public static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The text of the current `errno`, lowercased as diagnostics are.
    static func lastErrorReason() -> String {
        let text = String(cString: strerror(errno))
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// Path arithmetic on `/`-separated strings.
public enum PathName {
    /// The folder part of `path` (`""` for a bare file name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `relative` resolved against `directory`, with `.` and `..` folded
    /// where that does not climb above the start of a relative path.
    public static func join(_ directory: String, _ relative: String) -> String {
        if relative.hasPrefix("/") || directory.isEmpty { return normalize(relative) }
        return normalize(directory + "/" + relative)
    }

    /// Folds `a/./b` and `a/x/../b`; keeps leading `..` of relative paths.
    public static func normalize(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == ".." && isAbsolute && parts.isEmpty {
                continue
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }

    /// `path` relative to `base` when it lies below it, else `path` itself
    /// (both normalized first, so `./main.less` in `.` is `main.less`).
    public static func relative(_ path: String, to base: String) -> String {
        let path = normalize(path)
        let base = base.isEmpty ? "." : normalize(base)
        if base == "." { return path }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
