#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Open descriptors of the folders imports are read from, so that a file is
/// opened (and a path component checked) relative to its folder: the kernel
/// then walks one or two components, not every folder from the working
/// directory down. Imports that go one folder deeper each time (2,000
/// levels) would otherwise cost the depth for every import.
///
/// At most `capacity` folders are kept open, the oldest closed first; a
/// folder whose parent is open is opened from it.
package final class FolderDescriptors {
    private static let capacity = 32
    private var descriptors: [FilePath: Int32] = [:]
    private var order: [FilePath] = []

    package init() {}

    deinit {
        for descriptor in descriptors.values { close(descriptor) }
    }

    /// A descriptor of `folder` (a normalized path; empty or `.` for the
    /// working directory), or nil when it cannot be opened.
    func descriptor(of folder: FilePath) -> Int32? {
        if folder.bytes.isEmpty || folder.bytes == [UInt8(ascii: ".")] { return AT_FDCWD }
        if let descriptor = descriptors[folder] { return descriptor }
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC
        let descriptor: Int32
        if let parent = descriptors[folder.directory], folder.lastComponent.bytes != [UInt8(ascii: "."), UInt8(ascii: ".")] {
            descriptor = folder.lastComponent.withCString { openat(parent, $0, flags) }
        } else {
            descriptor = folder.withCString { open($0, flags) }
        }
        guard descriptor >= 0 else { return nil }
        if order.count == Self.capacity {
            let oldest = order.removeFirst()
            if let evicted = descriptors.removeValue(forKey: oldest) { close(evicted) }
        }
        descriptors[folder] = descriptor
        order.append(folder)
        return descriptor
    }

    /// The folder descriptor and the name to use for `path` in a call
    /// taking both (`openat`, `fstatat`); the working directory and the
    /// whole path when its folder cannot be opened.
    package func location(of path: FilePath) -> (folder: Int32, name: FilePath) {
        if let folder = descriptor(of: path.directory), !path.lastComponent.bytes.isEmpty { return (folder, path.lastComponent) }
        return (AT_FDCWD, path)
    }
}
