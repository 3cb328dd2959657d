#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Recognizes one file reached by two paths (`a/../b.less` and `b.less`, a
/// link to a folder): each path's canonical form, absolute with symbolic
/// links resolved.
///
/// `realpath` checks every component of a path, so calling it for each
/// import through deep folders costs the depth per import. The canonical
/// form of each folder is kept instead, and a new folder costs one `lstat`
/// of its last component below its parent's known form: the imports of a
/// stylesheet cost time linear in their number and depth.
final class CanonicalPaths {
    private var folders: [FilePath: FilePath] = [:]
    /// Where a path's last component is looked at (see `FolderDescriptors`).
    private let descriptors: FolderDescriptors

    init(descriptors: FolderDescriptors) {
        self.descriptors = descriptors
    }
    private lazy var workingDirectory: FilePath? = Self.currentDirectory()

    /// The canonical form of `path`, or nil when it cannot be found.
    func canonical(_ path: FilePath) -> FilePath? {
        guard !path.isUnusable else { return nil }
        var absolute = path
        if !path.isAbsolute {
            guard let workingDirectory else { return nil }
            absolute = workingDirectory.appending(path)
        }
        absolute = absolute.normalized
        guard let folder = canonicalFolder(absolute.directory) else { return nil }
        return resolved(folder.appending(absolute.lastComponent))
    }

    /// The canonical form of the absolute, normalized folder `folder`:
    /// from the nearest ancestor already known, down one component at a time.
    private func canonicalFolder(_ folder: FilePath) -> FilePath? {
        var pending: [FilePath] = []
        var known = folder
        while folders[known] == nil && known.bytes != [UInt8(ascii: "/")] {
            pending.append(known)
            known = known.directory
        }
        var resolved = folders[known] ?? FilePath("/")
        for path in pending.reversed() {
            guard let next = self.resolved(resolved.appending(path.lastComponent)) else { return nil }
            folders[path] = next
            resolved = next
        }
        return resolved
    }

    /// `path` itself when its last component is no symbolic link, else
    /// what `realpath` makes of it (links are rare: the common case costs
    /// one `lstat`).
    private func resolved(_ path: FilePath) -> FilePath? {
        var status = stat()
        let (folder, name) = descriptors.location(of: path)
        let isLink = name.withCString { fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW) } == 0 && (status.st_mode & S_IFMT) == S_IFLNK
        guard isLink else { return path }
        return FileSystem.realPath(path)
    }

    private static func currentDirectory() -> FilePath? {
        FileSystem.currentDirectory()
    }
}
