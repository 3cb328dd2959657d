#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The read end of the pipe whose one byte the first `SIGBUS` handler
/// takes (see `FileSystem.endingOnBusError`); -1 outside it. Set before the
/// handler is installed and after it is removed, read only by the handler.
nonisolated(unsafe) private var busErrorToken: Int32 = -1

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

    /// The largest file reflc reads: 1 GiB. Far above any stylesheet (the
    /// 50 MB benchmark is a twentieth of it), and it keeps every offset in a
    /// file, and the number of distinct names a file can hold, within the
    /// compiler's 32-bit tables.
    public static let maximumFileSize = 1 << 30

    /// The whole contents of the file at `path`.
    public static func readFile(_ path: String) -> Result<[UInt8], ReadError> {
        readFile(FilePath(path))
    }

    /// The whole contents of the file at `path`, as it was when opened: a
    /// file that grows while it is read is read up to the size it had then.
    public static func readFile(_ path: FilePath) -> Result<[UInt8], ReadError> {
        readFile(path, folders: nil).map(\.bytes)
    }

    /// Which file a path names: two paths name the same file when their
    /// identities are equal (the same device and inode).
    public struct FileIdentity: Hashable, Sendable {
        public let device: UInt64
        public let inode: UInt64

        public init(device: UInt64, inode: UInt64) {
            self.device = device
            self.inode = inode
        }
    }

    /// `readFile`, with the file's identity; opened relative to its folder's
    /// descriptor in `folders` when given.
    package static func readFile(_ path: FilePath, folders: FolderDescriptors?) -> Result<(bytes: [UInt8], identity: FileIdentity), ReadError> {
        var bytes: [UInt8] = []
        let read = withOpenFile(path, folders: folders) { descriptor, size -> Result<Void, ReadError> in
            var failure: ReadError?
            // Read straight into an array sized from `fstat` (not zeroed first).
            bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
                if size >= largeFileSize { HugePages.advise(UnsafeMutableRawBufferPointer(buffer)) }
                switch readContents(descriptor, into: buffer) {
                case .success(let count): initialized = count
                case .failure(let error):
                    initialized = 0
                    failure = error
                }
            }
            return failure.map { .failure($0) } ?? .success(())
        }
        return read.map { (bytes, $0) }
    }

    /// Whether something exists at `path` (relative to its folder's
    /// descriptor in `folders` when given).
    package static func exists(_ path: FilePath, folders: FolderDescriptors?) -> Bool {
        guard !path.isUnusable else { return false }
        let (folder, name) = folders?.location(of: path) ?? (AT_FDCWD, path)
        var status = stat()
        return name.withCString { fstatat(folder, $0, &status, 0) } == 0
    }

    /// The first `count` bytes of the regular file at `path` (fewer when it
    /// is shorter); nil when it cannot be opened or is not a regular file.
    package static func readStart(of path: FilePath, count: Int) -> [UInt8]? {
        var start: [UInt8]?
        let opened = withOpenFile(path, folders: nil) { descriptor, _ -> Result<Void, ReadError> in
            start = Descriptor.read(descriptor, upTo: count) ?? []
            return .success(())
        }
        if case .failure = opened { return nil }
        return start
    }

    /// The file at `path` mapped into memory, read-only, when it is a
    /// regular file of `largeFileSize` or more; nil otherwise (a smaller
    /// file, or one that cannot be opened or mapped: reading it says why).
    ///
    /// A large rule table is read where the page cache holds it: read into
    /// fresh memory, every page costs the kernel a page of zeros before the
    /// copy overwrites it (the 10 MB benchmark corpus's 44 MB JSON table:
    /// 17 to 50 ms on one core of a virtual machine, against 3 ms to map it).
    /// A program that shortens the file while it is mapped makes a read
    /// past its new end a `SIGBUS`: `endingOnBusError` turns that into a message.
    package static func mapLargeFile(_ path: FilePath) -> MappedFile? {
        var mapped: MappedFile?
        _ = withOpenFile(path, folders: nil) { descriptor, size -> Result<Void, ReadError> in
            guard size >= largeFileSize else { return .success(()) }
            #if os(Linux)
            // Every page entered at once, rather than a fault for each few.
            let flags = MAP_PRIVATE | MAP_POPULATE
            #else
            let flags = MAP_PRIVATE
            #endif
            guard let base = mmap(nil, size, PROT_READ, flags, descriptor, 0),
                  base != UnsafeMutableRawPointer(bitPattern: -1) else { return .success(()) }
            mapped = MappedFile(base: base, count: size)
            return .success(())
        }
        return mapped
    }

    /// Calls `body` with a `SIGBUS`, which a mapped file shortened under
    /// the process gives, ending the process with a message and exit
    /// status 2 rather than a crash; the signal's previous action (the
    /// runtime's crash report) is put back after. For the command-line
    /// tool, around its read of a mapped file: a library leaves signals to its app.
    package static func endingOnBusError<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        // The threads reading the file in parallel can fault at once: the
        // message is written by the one whose handler takes the pipe's one
        // byte (a read of a pipe is atomic), and any other waits for the
        // exit; each wrote it before, twice in a test's run of six.
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
            var token: UInt8 = 1
            _ = write(ends[1], &token, 1)
            busErrorToken = ends[0]
        }
        var previous = sigaction()
        sigaction(SIGBUS, nil, &previous)
        _ = signal(SIGBUS) { _ in
            // Only what a signal handler may call: a literal's bytes, read, write, pause, _exit.
            var token: UInt8 = 0
            if busErrorToken < 0 || read(busErrorToken, &token, 1) == 1 {
                let message: StaticString = "reflc: error: an input file was shortened while it was read; run the command again once the file is written\n"
                _ = write(2, message.utf8Start, message.utf8CodeUnitCount)
                _exit(2)
            }
            while true { pause() }
        }
        defer {
            sigaction(SIGBUS, &previous, nil)
            busErrorToken = -1
            for end in ends where end >= 0 { close(end) }
        }
        return try body()
    }

    /// Opens the regular file at `path` and calls `body` with its
    /// descriptor and size; refuses directories, FIFOs, devices and files
    /// past the size limit.
    private static func withOpenFile(_ path: FilePath, folders: FolderDescriptors?,
                                     _ body: (Int32, Int) -> Result<Void, ReadError>) -> Result<FileIdentity, ReadError> {
        guard !path.isUnusable else { return .failure(ReadError(reason: "no such file or directory")) }
        let (folder, name) = folders?.location(of: path) ?? (AT_FDCWD, path)
        // O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused below.
        let descriptor = name.withCString { openat(folder, $0, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(ReadError(reason: lastErrorReason())) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(ReadError(reason: lastErrorReason())) }
        if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(ReadError(reason: "is a directory")) }
        // A FIFO or a device (`/dev/zero`, `/dev/stdin`) could block or never end.
        if (status.st_mode & S_IFMT) != S_IFREG { return .failure(ReadError(reason: "is not a regular file")) }
        let size = max(Int(status.st_size), 0)
        guard size <= maximumFileSize else {
            return .failure(ReadError(reason: "is larger than the 1 GiB limit on input files"))
        }
        let identity = FileIdentity(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino))
        return body(descriptor, size).map { identity }
    }

    /// Reads an open regular file into `buffer`, sized from `fstat`; how
    /// many bytes it read (fewer if the file shrank). A large file is read
    /// in parts on the processors at once: the copy out of the page cache
    /// is the cost, and it divides.
    private static func readContents(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Result<Int, ReadError> {
        let partCount = buffer.count >= largeFileSize ? min(Concurrency.processorCount, 4) : 1
        let partSize = (buffer.count + partCount - 1) / max(partCount, 1)
        let parts = (0..<partCount).map { part in
            FilePart(range: min(buffer.count, part * partSize)..<min(buffer.count, (part + 1) * partSize))
        }
        Concurrency.run(partCount) { part in
            parts[part].read(from: descriptor, into: buffer)
        }
        // Only a whole prefix counts: a part that stopped early means the file shrank.
        var count = 0
        for part in parts {
            if let error = part.error { return .failure(ReadError(reason: error)) }
            count = part.range.lowerBound + part.count
            if part.count < part.range.count { break }
        }
        return .success(count)
    }

    /// Files from this size on are read in parallel parts.
    static let largeFileSize = 4 << 20

    /// Reads a whole stream (standard input), up to `maximumFileSize`.
    public static func readStream(_ descriptor: Int32) -> Result<[UInt8], ReadError> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Descriptor.read(descriptor, into: &chunk)
            if count < 0 { return .failure(ReadError(reason: lastErrorReason())) }
            if count == 0 { return .success(bytes) }
            guard bytes.count + count <= maximumFileSize else {
                return .failure(ReadError(reason: "is larger than the 1 GiB limit on input files"))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

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

    /// `path` with every symbolic link and `.`/`..` resolved (`realpath`);
    /// nil when it does not exist or cannot be resolved.
    package static func realPath(_ path: FilePath) -> FilePath? {
        guard !path.isUnusable else { return nil }
        return path.withCString { pointer -> FilePath? in
            guard let resolved = realpath(pointer, nil) else { return nil }
            defer { free(resolved) }
            return FilePath(bytes: bytes(ofCString: resolved))
        }
    }

    /// The process's working folder.
    package static func currentDirectory() -> FilePath? {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        return FilePath(bytes: bytes(ofCString: pointer))
    }

    /// What the symbolic link at `path` holds; nil when it is not a link or cannot be read.
    package static func linkTarget(_ path: FilePath) -> FilePath? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = path.withCString { link in
            buffer.withUnsafeMutableBytes { readlink(link, $0.baseAddress!.assumingMemoryBound(to: CChar.self), $0.count - 1) }
        }
        guard count > 0 else { return nil }
        return FilePath(bytes: Array(buffer[0..<count]))
    }

    /// One entry of a folder: its name's bytes and what the folder says it is.
    package struct FolderEntry {
        package let name: [UInt8]
        /// From the entry's type, where the file system gives one (else false: `lstat` the path to know).
        package let isFolder: Bool
    }

    /// The entries of the folder at `path`, `.` and `..` left out, up to
    /// `limit` of them; nil when it cannot be opened.
    package static func entries(ofFolder path: FilePath, limit: Int = .max) -> [FolderEntry]? {
        guard let directory = path.withCString({ opendir($0) }) else { return nil }
        defer { closedir(directory) }
        var entries: [FolderEntry] = []
        while entries.count < limit, let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [UInt8(ascii: ".")] || name == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            entries.append(FolderEntry(name: name, isFolder: Int32(entry.pointee.d_type) == Int32(DT_DIR)))
        }
        return entries
    }

    /// The process's arguments after its name, as the bytes the system
    /// passed (`CommandLine.arguments` replaces bytes that are not UTF-8).
    package static func argumentBytes() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { bytes(ofCString: CommandLine.unsafeArgv[$0]!) }
    }

    /// The bytes of a NUL-terminated C string the system returned.
    package static func bytes(ofCString pointer: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
    }

    /// The text of the current `errno`, lowercased as diagnostics are.
    public static func lastErrorReason() -> String {
        let text = String(cString: strerror(errno))
        guard let first = text.first else { return text }
        return first.lowercased() + text.dropFirst()
    }
}

/// Path arithmetic on `/`-separated strings (see `FilePath` for paths
/// that need not be UTF-8).
public enum PathName {
    /// The folder part of `path` (`""` for a bare file name).
    public static func directory(of path: String) -> String {
        FilePath(path).directory.description
    }

    /// `relative` resolved against `directory`, with `.` and `..` folded
    /// where that does not climb above the start of a relative path.
    public static func join(_ directory: String, _ relative: String) -> String {
        FilePath(directory).appending(FilePath(relative)).description
    }

    /// Folds `a/./b` and `a/x/../b`; keeps leading `..` of relative paths.
    public static func normalize(_ path: String) -> String {
        FilePath(path).normalized.description
    }

    /// `path` relative to `base` when it lies below it, else `path` itself.
    public static func relative(_ path: String, to base: String) -> String {
        FilePath(path).relative(to: FilePath(base)).description
    }
}

/// A file mapped read-only into memory (`FileSystem.mapLargeFile`), unmapped
/// when the object goes. Its bytes never change through it.
package final class MappedFile: @unchecked Sendable {
    private let base: UnsafeMutableRawPointer
    package let count: Int

    fileprivate init(base: UnsafeMutableRawPointer, count: Int) {
        self.base = base
        self.count = count
    }

    deinit { munmap(base, count) }

    /// Calls `body` with a view of the file's bytes, valid during the call.
    package func reading<Result, Failure: Error>(_ body: (ByteView) throws(Failure) -> Result) throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(ByteView(base: UnsafePointer(base.assumingMemoryBound(to: UInt8.self)), count: count))
    }

    /// The file's bytes, copied into an array.
    package var bytes: [UInt8] {
        defer { withExtendedLifetime(self) {} }
        return [UInt8](UnsafeRawBufferPointer(start: base, count: count))
    }
}
