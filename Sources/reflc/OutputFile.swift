#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// The one writer of every file reflc writes (rule tables, depfiles,
/// formatted stylesheets). Bytes are collected first; nothing at the path
/// changes until `commit()`, and then, by what the path is:
///
/// - a regular file (or nothing yet): a temporary file beside it is renamed
///   over it, so the file is replaced at once, keeping its permission bits
///   (and owner, where allowed);
/// - a regular file with other hard links: rewritten in place from the
///   finished temporary file, so every link sees the new contents;
/// - a symbolic link: followed; the link stays and its target is written
///   as above (a dangling link's target is created);
/// - a FIFO, a device (`/dev/null`, `/dev/stdout`) or a socket: written
///   into, as no atomic replacement is possible there;
/// - a directory, or a file the build read (its input, an import): refused.
final class OutputFile: ByteBufferOutput {
    /// Why the output cannot be written, as a message for the user.
    struct OutputError: Error {
        let message: String
    }

    private enum Destination {
        /// Replaced by renaming (`keep` holds the permissions and owner of the file replaced).
        case replace(TemporaryFile, keep: stat?)
        /// A regular file with other links, rewritten in place at commit.
        case rewrite(TemporaryFile)
        /// A FIFO, device or socket, written into at commit.
        case stream([UInt8])
    }

    /// The path as given, for messages.
    let path: FilePath
    /// The path written to, symbolic links followed.
    private let target: FilePath
    private var destination: Destination
    /// The first write error, reported at commit.
    private var writeFailure: String?
    /// Buffers of bytes handed over and not yet written, in order, and how
    /// many bytes they hold. They are written together once they hold
    /// `gatherLimit`, in one system call, rather than one call per item of
    /// rules and one per comma between items (the 10 MB corpus's table was
    /// 400 writes of about 110 KB and 400 of one byte).
    private var gathered: [ByteBuffer] = []
    private var gatheredBytes = 0
    /// Buffers written and emptied, given in exchange for the next ones handed over.
    private var emptied: [ByteBuffer] = []
    private static let gatherLimit = 512 << 10
    /// Bytes written by `write` are gathered too, after the others in the
    /// last buffer, up to this many; more are written on their own.
    private static let smallWrite = 4 << 10
    /// Whether the temporary file was given its space ahead (`expect`); it
    /// is then cut to the bytes written before it takes the path.
    private var preallocated = false
    /// Below this many expected bytes no space is asked for ahead.
    private static let preallocationMinimum = 1 << 20

    private init(path: FilePath, target: FilePath, destination: Destination) {
        self.path = path
        self.target = target
        self.destination = destination
    }

    /// Prepares writing `path`, or says why it cannot be written. `inputs`
    /// are files known to be read (the entry file): writing over one is refused.
    static func create(_ path: FilePath, refusing inputs: [FilePath] = []) -> Result<OutputFile, OutputError> {
        func failure(_ reason: String) -> Result<OutputFile, OutputError> {
            .failure(OutputError(message: "cannot write '\(path)': \(reason)"))
        }
        guard !path.isUnusable else { return failure("no such file or directory") }
        let target: FilePath
        switch followLinks(path) {
        case .failure(let problem): return failure(problem.reason)
        case .success(let followed): target = followed
        }
        var status = stat()
        let exists = target.withCString { stat($0, &status) } == 0
        if exists, let input = inputs.first(where: { Self.isSameFile(status, $0) }) {
            return failure("it is an input of this build ('\(input)'); choose another output")
        }
        let kind = status.st_mode & S_IFMT
        if exists && kind == S_IFDIR { return failure("is a directory") }
        if exists && kind != S_IFREG {
            return .success(OutputFile(path: path, target: target, destination: .stream([])))
        }
        // A missing folder of the output is made, as lessc and sass do.
        if !exists, let problem = makeFolders(target.directory) { return failure(problem) }
        switch TemporaryFile.create(in: target.directory) {
        case .failure(let problem):
            // The file is written beside itself, then renamed over: the folder must take a new file.
            let folder = target.directory.description.isEmpty ? "." : target.directory.description
            return failure("cannot make a file in its folder '\(folder)' (\(problem.reason)), which writing it safely needs")
        case .success(let temporary):
            let destination: Destination = exists && status.st_nlink > 1 ? .rewrite(temporary) : .replace(temporary, keep: exists ? status : nil)
            return .success(OutputFile(path: path, target: target, destination: destination))
        }
    }

    /// Makes `folder` and the folders above it that are missing (with the
    /// mode 0777 less the umask); the problem, if one cannot be made.
    private static func makeFolders(_ folder: FilePath) -> String? {
        var status = stat()
        if folder.bytes.isEmpty || folder.withCString({ stat($0, &status) }) == 0 {
            return folder.bytes.isEmpty || status.st_mode & S_IFMT == S_IFDIR ? nil : "'\(folder)' is not a folder"
        }
        let parent = folder.directory
        if parent != folder, let problem = makeFolders(parent) { return problem }
        if folder.withCString({ mkdir($0, 0o777) }) != 0 && errno != EEXIST {
            return "cannot make the folder '\(folder)': \(FileSystem.lastErrorReason())"
        }
        return nil
    }

    /// Says that about `bytes` will be written, before anything is. A new
    /// file (nothing at the path yet) of a MiB or more is given that much
    /// space at once, and cut to what was written at `commit`: on ext4 a file
    /// written block by block has each 4 KiB block reserved as it is written:
    /// 44 MB took 3 ms less to write into space allocated whole, and the 10 MB
    /// corpus's one-core build went from 0.1517 to 0.1500 s (over- or
    /// underestimating costs little: 0.2 ms for twice the space). A file that
    /// replaces another is written as before: ext4 flushes one renamed over
    /// another before the rename is committed, so that a crash cannot leave
    /// the path with neither table, and a file given its space ahead is not flushed.
    /// Only a file without a name (`O_TMPFILE`) is given space ahead: a
    /// named one that a SIGKILL left behind would keep all of it.
    func expect(bytes: Int) {
        guard !preallocated, bytes >= Self.preallocationMinimum, case .replace(let temporary, keep: nil) = destination,
              temporary.isUnnamed else { return }
        preallocated = Descriptor.preallocate(temporary.descriptor, bytes: bytes)
    }

    var passesBytesOn: Bool {
        switch destination {
        case .replace, .rewrite: true
        case .stream: false
        }
    }

    func write(_ bytes: ArraySlice<UInt8>) {
        guard writeFailure == nil else { return }
        switch destination {
        case .replace(let temporary, _), .rewrite(let temporary):
            if bytes.count <= Self.smallWrite {
                if gathered.isEmpty { gathered.append(emptied.popLast() ?? ByteBuffer()) }
                gathered[gathered.count - 1].append(bytes)
                gatheredBytes += bytes.count
                if gatheredBytes >= Self.gatherLimit { writeGathered(to: temporary.descriptor) }
                return
            }
            writeGathered(to: temporary.descriptor)
            if writeFailure == nil { writeFailure = Descriptor.writeAll(bytes, to: temporary.descriptor) }
        case .stream(var buffer):
            destination = .stream([])  // the buffer is extended uniquely, not copied
            buffer.append(contentsOf: bytes)
            destination = .stream(buffer)
        }
    }

    func writeEmptying(_ buffer: ByteBuffer) {
        switch destination {
        case .replace(let temporary, _), .rewrite(let temporary):
            guard writeFailure == nil else { return buffer.removeAll() }  // the first failure is the one reported
            // Its bytes are taken as they are, its memory exchanged for an emptied buffer's.
            let taken = emptied.popLast() ?? ByteBuffer(capacity: buffer.capacity)
            taken.exchangeContents(with: buffer)
            gathered.append(taken)
            gatheredBytes += taken.count
            if gatheredBytes >= Self.gatherLimit { writeGathered(to: temporary.descriptor) }
        case .stream:
            buffer.drain { write($0) }
        }
    }

    /// Writes the gathered bytes, unless a write has failed already.
    private func writeGathered(to descriptor: Int32) {
        guard !gathered.isEmpty else { return }
        if writeFailure == nil {
            writeFailure = ByteBuffer.drain(gathered, to: descriptor)
        } else {
            for buffer in gathered { buffer.removeAll() }
        }
        emptied.append(contentsOf: gathered)
        gathered.removeAll(keepingCapacity: true)
        gatheredBytes = 0
    }

    /// Writes everything into place; returns an error message on failure
    /// (the file at the path is then as it was). `inputs` are the files the
    /// build read, with their identities: writing over one is refused.
    func commit(refusing inputs: [(path: FilePath, identity: FileSystem.FileIdentity)] = []) -> String? {
        var status = stat()
        let targetExists = target.withCString({ stat($0, &status) }) == 0
        if targetExists {
            let identity = FileSystem.FileIdentity(device: UInt64(truncatingIfNeeded: status.st_dev),
                                                   inode: UInt64(truncatingIfNeeded: status.st_ino))
            if let input = inputs.first(where: { $0.identity == identity }) {
                discard()
                return "cannot write '\(path)': it is an input of this build ('\(input.path)'); choose another output"
            }
        }
        switch destination {
        case .replace(let temporary, _), .rewrite(let temporary): writeGathered(to: temporary.descriptor)
        case .stream: break
        }
        let problem: String?
        switch destination {
        case .replace(let temporary, let keep):
            if let keep {
                // Owner first: changing it may clear the set-id bits that the mode then restores.
                _ = fchown(temporary.descriptor, keep.st_uid, keep.st_gid)
                _ = fchmod(temporary.descriptor, keep.st_mode & 0o7777)
            }
            // No fsync: like other compilers' outputs, the next build writes it
            // again; waiting for the disk would be most of a small build's time.
            // Moved while still open: an unnamed (O_TMPFILE) file is linked
            // through its descriptor. Local file systems report a full disk
            // at write, not at close.
            problem = writeFailure ?? cutToWritten(temporary.descriptor, replacing: targetExists) ?? temporary.move(to: target)
                ?? temporary.closeFile()
            if problem != nil { temporary.remove() }
        case .rewrite(let temporary):
            problem = writeFailure ?? copy(from: temporary)
            temporary.remove()
        case .stream(let bytes):
            problem = writeInto(bytes)
        }
        return problem.map { "cannot write '\(path)': \($0)" }
    }

    /// Leaves the path as it was.
    func discard() {
        gathered.removeAll()
        gatheredBytes = 0
        switch destination {
        case .replace(let temporary, _), .rewrite(let temporary): temporary.remove()
        case .stream: destination = .stream([])
        }
    }

    // MARK: - Writing into place

    /// Cuts a file given its space ahead (`expect`) to the bytes written,
    /// where the writes have left its offset; why it could not be, or nil.
    /// If a file has appeared at the path since (another build of the same
    /// output), this one goes to disk before it replaces that one, which
    /// ext4 ensures by itself only for a file not given its space ahead.
    private func cutToWritten(_ descriptor: Int32, replacing: Bool) -> String? {
        guard preallocated else { return nil }
        let written = lseek(descriptor, 0, SEEK_CUR)
        guard written >= 0 else { return FileSystem.lastErrorReason() }
        while ftruncate(descriptor, written) != 0 {
            if errno != EINTR { return FileSystem.lastErrorReason() }
        }
        if replacing && fsync(descriptor) != 0 && errno != EINTR { return FileSystem.lastErrorReason() }
        return nil
    }

    /// Copies the finished temporary file into the target, in place.
    private func copy(from temporary: TemporaryFile) -> String? {
        guard lseek(temporary.descriptor, 0, SEEK_SET) == 0 else { return FileSystem.lastErrorReason() }
        let descriptor = target.withCString { open($0, O_WRONLY | O_TRUNC | O_CLOEXEC) }
        guard descriptor >= 0 else { return FileSystem.lastErrorReason() }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Descriptor.read(temporary.descriptor, into: &chunk)
            if count < 0 { return closing(descriptor, FileSystem.lastErrorReason()) }
            if count == 0 { break }
            if let failure = Descriptor.writeAll(chunk[0..<count], to: descriptor) {
                return closing(descriptor, failure)
            }
        }
        return closing(descriptor, nil)
    }

    /// Writes `bytes` into a FIFO, device or socket.
    private func writeInto(_ bytes: [UInt8]) -> String? {
        let descriptor = target.withCString { open($0, O_WRONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return FileSystem.lastErrorReason() }
        return closing(descriptor, Descriptor.writeAll(bytes[...], to: descriptor))
    }

    /// Closes `descriptor`; the earlier problem, or the close's own.
    private func closing(_ descriptor: Int32, _ problem: String?) -> String? {
        let closed = close(descriptor) == 0 ? nil : FileSystem.lastErrorReason()
        return problem ?? closed
    }

    // MARK: - Paths

    /// `path` with symbolic links followed to what they name (which need
    /// not exist): a link stays a link, and what it names is written.
    static func followLinks(_ path: FilePath) -> Result<FilePath, TemporaryFile.Failure> {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard current.withCString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                return .success(current)
            }
            guard let destination = FileSystem.linkTarget(current) else {
                return .failure(TemporaryFile.Failure(reason: FileSystem.lastErrorReason()))
            }
            current = destination.isAbsolute ? destination : current.directory.appending(destination)
        }
        return .failure(TemporaryFile.Failure(reason: "too many levels of symbolic links"))
    }

    /// Whether `status` is that of the file at `path` (the same device and inode).
    private static func isSameFile(_ status: stat, _ path: FilePath) -> Bool {
        var other = stat()
        guard path.withCString({ stat($0, &other) }) == 0 else { return false }
        return other.st_dev == status.st_dev && other.st_ino == status.st_ino
    }
}
