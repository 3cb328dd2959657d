#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// What `stat` says of a file, to tell whether it changed between two
/// moments (`reflc fmt` reads a file, formats it, and replaces it only if
/// nothing wrote to it meanwhile) and whether its mode lets it be written.
struct FileSnapshot: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64
    let mode: UInt32

    /// The file at `path` now; nil when it cannot be examined.
    static func take(_ path: FilePath) -> FileSnapshot? {
        var status = stat()
        guard path.withCString({ stat($0, &status) }) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return FileSnapshot(device: UInt64(truncatingIfNeeded: status.st_dev), inode: UInt64(truncatingIfNeeded: status.st_ino),
                            size: Int64(status.st_size), modifiedSeconds: Int64(modified.tv_sec),
                            modifiedNanoseconds: Int64(modified.tv_nsec), mode: UInt32(status.st_mode))
    }

    /// Whether the mode gives nobody write permission: a file its owner made
    /// read-only (0444), which editors and gofmt leave alone. Checked by
    /// the mode, not by `access`, which says yes to root whatever the mode.
    var isReadOnly: Bool { mode & 0o222 == 0 }
}
