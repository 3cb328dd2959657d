#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// A file written beside its target and moved over it when complete.
///
/// On Linux it is made with `O_TMPFILE`: it has no name until it is linked
/// into place, so a build that is killed (even by SIGKILL) leaves nothing
/// behind. Elsewhere, or on a file system without `O_TMPFILE`, it has a
/// name (`.reflc-XXXXXX`, short, so that no valid output name is pushed past
/// the 255-byte limit on names), which SIGINT and SIGTERM remove (see
/// `TemporaryNames`).
final class TemporaryFile {
    private(set) var descriptor: Int32
    private let folder: FilePath
    /// Its name, when it has one (not made with `O_TMPFILE`).
    private var name: FilePath?

    /// Whether it has no name (`O_TMPFILE`): then nothing of it outlives
    /// the process, whatever ends it.
    var isUnnamed: Bool { name == nil }

    private init(descriptor: Int32, folder: FilePath, name: FilePath?) {
        self.descriptor = descriptor
        self.folder = folder
        self.name = name
    }

    /// A new empty file in `folder` (the working directory when empty),
    /// created with `mode` less the umask; or why it cannot be.
    /// Why a temporary file could not be made.
    struct Failure: Error {
        let reason: String
    }

    static func create(in folder: FilePath, mode: mode_t = 0o666) -> Result<TemporaryFile, Failure> {
        let directory = folder.bytes.isEmpty ? FilePath(".") : folder
        #if os(Linux)
        // O_TMPFILE is __O_TMPFILE | O_DIRECTORY; the C macro does not reach Swift.
        let unnamed = directory.withCString { open($0, O_RDWR | 0o20000000 | O_DIRECTORY | O_CLOEXEC, mode) }
        if unnamed >= 0 { return .success(TemporaryFile(descriptor: unnamed, folder: folder, name: nil)) }
        #endif
        for _ in 0..<100 {
            let candidate = Self.freshName(in: folder)
            TemporaryNames.register(candidate)
            let descriptor = candidate.withCString { open($0, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
            if descriptor >= 0 { return .success(TemporaryFile(descriptor: descriptor, folder: folder, name: candidate)) }
            let reason = FileSystem.lastErrorReason()
            TemporaryNames.unregister(candidate)
            if errno != EEXIST { return .failure(Failure(reason: reason)) }
        }
        return .failure(Failure(reason: "no free temporary name"))
    }

    /// Gives the finished file the name `target`, replacing what is there
    /// in one step (`rename`); returns why it could not.
    func move(to target: FilePath) -> String? {
        if let name {
            guard Self.renameFile(name, to: target) else { return FileSystem.lastErrorReason() }
            TemporaryNames.unregister(name)
            self.name = nil
            return nil
        }
        #if os(Linux)
        // Linked under a fresh name (a link cannot replace a file), then renamed over the target.
        let source = FilePath("/proc/self/fd/\(descriptor)")
        for _ in 0..<100 {
            let candidate = Self.freshName(in: folder)
            TemporaryNames.register(candidate)
            let linked = source.withCString { from in candidate.withCString { linkat(AT_FDCWD, from, AT_FDCWD, $0, AT_SYMLINK_FOLLOW) } }
            if linked == 0 {
                defer { TemporaryNames.unregister(candidate) }
                guard Self.renameFile(candidate, to: target) else {
                    let reason = FileSystem.lastErrorReason()
                    _ = candidate.withCString { unlink($0) }
                    return reason
                }
                return nil
            }
            TemporaryNames.unregister(candidate)
            if errno != EEXIST { return FileSystem.lastErrorReason() }
        }
        #endif
        return "no free temporary name"
    }

    /// Closes the file, reporting a deferred write error.
    func closeFile() -> String? {
        guard descriptor >= 0 else { return nil }
        let result = close(descriptor)
        descriptor = -1
        return result == 0 ? nil : FileSystem.lastErrorReason()
    }

    /// Closes and removes the file (an unnamed one simply goes away).
    func remove() {
        _ = closeFile()
        if let name {
            _ = name.withCString { unlink($0) }
            TemporaryNames.unregister(name)
            self.name = nil
        }
    }

    private static func renameFile(_ name: FilePath, to target: FilePath) -> Bool {
        name.withCString { from in target.withCString { rename(from, $0) } } == 0
    }

    private static func freshName(in folder: FilePath) -> FilePath {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        let suffix = (0..<6).map { _ in letters[Int.random(in: 0..<letters.count)] }
        let file = FilePath(bytes: Array(".reflc-".utf8) + suffix)
        return folder.bytes.isEmpty ? file : FilePath(bytes: folder.bytes + [UInt8(ascii: "/")] + file.bytes)
    }
}
