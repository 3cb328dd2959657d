#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a watcher could not start (the system refused its resources).
public struct FileWatcherError: Error, Sendable, CustomStringConvertible {
    public var description: String
}

/// Tells when files change, by the platform's file events (inotify on
/// Linux, kqueue on macOS) or, when asked, by polling.
///
/// Events only wake the watcher: what changed is decided by comparing each
/// file's status (device, inode, size, modification and change times, or
/// its absence) with what it was, so every way an editor saves is seen the
/// same — writing in place, or writing a new file and renaming it over the
/// old one (vim, VS Code, Xcode) — and so is a file that appears where an
/// import was waiting for it. A file's folder is what is watched, which is
/// how a replaced or newly created file is noticed.
public final class FileWatcher: @unchecked Sendable {
    public enum Method: Sendable, Equatable {
        /// The platform's file events.
        case events
        /// A look at every file each `interval` seconds.
        case polling(interval: Double)
    }

    public let method: Method
    /// Written to (by `stop()`, or by a signal handler) to wake and end a wait.
    public let stopDescriptor: Int32
    private let stopReader: Int32
    private let events: PlatformEvents?
    private var stamps: [FilePath: Stamp] = [:]

    /// What a file's status says about its contents; nil fields for a file
    /// that does not exist.
    struct Stamp: Equatable {
        var exists = false
        var device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0
        var modified: (Int, Int) = (0, 0), changed: (Int, Int) = (0, 0)

        static func == (left: Stamp, right: Stamp) -> Bool {
            left.exists == right.exists && left.device == right.device && left.inode == right.inode && left.size == right.size
                && left.modified == right.modified && left.changed == right.changed
        }

        /// A stamp no file has, present or absent (no file has inode 0):
        /// recorded for a file that changed unseen, so that the next look
        /// reports it.
        static let unlikeAnyFile: Stamp = {
            var stamp = Stamp()
            stamp.exists = true
            return stamp
        }()

        /// The stamp of no file.
        private init() {}

        init(of path: FilePath) {
            var status = stat()
            guard path.withCString({ stat($0, &status) }) == 0 else { return }
            exists = true
            device = UInt64(truncatingIfNeeded: status.st_dev)
            inode = UInt64(truncatingIfNeeded: status.st_ino)
            size = Int64(status.st_size)
            #if canImport(Darwin)
            modified = (Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec))
            changed = (Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec))
            #else
            modified = (Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec))
            changed = (Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec))
            #endif
        }
    }

    public init(method: Method = .events) throws(FileWatcherError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw FileWatcherError(description: "cannot make a pipe: \(FileSystem.lastErrorReason())") }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        stopReader = descriptors[0]
        stopDescriptor = descriptors[1]
        self.method = method
        if method == .events {
            do {
                events = try PlatformEvents()
            } catch {
                close(stopReader)
                close(stopDescriptor)
                throw error
            }
        } else {
            events = nil
        }
    }

    deinit {
        close(stopReader)
        close(stopDescriptor)
    }

    /// Watches exactly `files` from now on. A file already watched keeps the
    /// state it was last seen in — a change made while the caller was
    /// reading it (a save during a build) is still reported. A file new to
    /// the watch is measured from its present state; but a file the caller
    /// read as `readAs` says (its device and inode when the build read it)
    /// that has since been replaced or removed (an editor's save between
    /// the build's reading it and this call, which no event told, as the
    /// file was not watched yet) is reported as changed, a burst as any
    /// change during a build is. A save that rewrote it in place then is
    /// not seen until the next.
    public func watch(_ files: [FilePath], readAs identities: [(path: FilePath, identity: FileSystem.FileIdentity)] = []) {
        let absolute = files.map(Self.absolute)
        let read = Dictionary(identities.map { (Self.absolute($0.path), $0.identity) }, uniquingKeysWith: { first, _ in first })
        var changedSinceRead = false
        stamps = Dictionary(absolute.map { path in
            if let known = stamps[path] { return (path, known) }
            let now = Stamp(of: path)
            if let identity = read[path], !now.exists || now.device != identity.device || now.inode != identity.inode {
                changedSinceRead = true
                return (path, Stamp.unlikeAnyFile)
            }
            return (path, now)
        }, uniquingKeysWith: { first, _ in first })
        if changedSinceRead { changedWhileHandling = true }
        events?.watch(folders: Set(stamps.keys.map(\.directory)), files: Set(stamps.keys))
    }

    /// Waits until a watched file changes; returns the files that changed,
    /// or nil when `stop()` ended the wait.
    ///
    /// A change that comes while nothing is pending (the caller was waiting
    /// for it) is answered at once, as soon as its events pause for
    /// `firstSettle` seconds (the events of one save come together): the
    /// rebuild a user waits for starts without delay. A change that came
    /// while the caller was handling the last one (during its build: saves
    /// in a row, a branch switch, a formatter rewriting files) is part of a
    /// burst, answered once changes have been quiet for `settle` seconds, so
    /// that the burst ends with one answer for the settled files. A caller
    /// that says when it has handled a change (`handled()`) has a change
    /// that comes after that answered at once too, even one that comes
    /// before it asks again: a user who saves as soon as the table changes
    /// is not made to wait out a burst.
    public func nextChange(settle: Double = 0.05, firstSettle: Double = 0.005) -> [FilePath]? {
        while true {
            var now: [FilePath: Stamp]
            switch method {
            case .events:
                guard let events else { return nil }
                let pending = wait(for: events, timeout: 0)
                guard pending != .stopped else { return nil }
                let isBurst = changedWhileHandling ?? (pending == .activity)
                changedWhileHandling = nil
                if pending == .quiet && !isBurst {
                    guard wait(for: events, timeout: nil) != .stopped else { return nil }
                }
                let quietNeeded = isBurst ? settle : firstSettle
                settling: while true {
                    switch wait(for: events, timeout: quietNeeded) {
                    case .stopped: return nil
                    case .quiet: break settling
                    case .activity: continue
                    }
                }
                now = lookAtFiles()
            case .polling(let interval):
                guard sleep(interval) else { return nil }
                now = lookAtFiles()
                guard now != stamps else { continue }
                // Looked at again until two looks agree.
                while true {
                    guard sleep(settle) else { return nil }
                    let again = lookAtFiles()
                    if again == now { break }
                    now = again
                }
            }
            let changed = now.keys.filter { now[$0] != stamps[$0] }.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
            stamps = now
            events?.refresh(files: Set(changed))
            if !changed.isEmpty { return changed }
        }
    }

    /// Tells the watcher that the caller has handled the change
    /// `nextChange` last returned (or its first look at the files), up to
    /// making its result seen: a build calls it once it has read and
    /// compiled its files, before it reports or writes anything. A change
    /// pending now came during that work and is part of a burst; one that
    /// comes from now on, such as a save made as soon as the table changed,
    /// is a new change, answered at once. A caller that never says so has
    /// every change pending when it asks taken as part of a burst.
    public func handled() {
        guard case .events = method, let events else { return }
        // Or-ed: what a first call took off the events is not forgotten by a second.
        let pending = wait(for: events, timeout: 0) == .activity
        changedWhileHandling = changedWhileHandling == true || pending
    }

    /// Whether events about watched files (or a file `watch` found changed
    /// since it was read) came while the caller was handling the last
    /// change: set by `handled()` and `watch`, taken by `nextChange`. Nil
    /// while nothing has said so, when a change pending at `nextChange` is
    /// taken as part of a burst.
    private var changedWhileHandling: Bool?

    /// Ends a wait in `nextChange`, now or when it next starts. Safe to call
    /// from any thread; a signal handler writes a byte to `stopDescriptor`.
    public func stop() {
        var byte: UInt8 = 1
        _ = write(stopDescriptor, &byte, 1)
    }

    private enum Outcome { case activity, quiet, stopped }

    /// Waits up to `timeout` seconds (for ever when nil) for an event about
    /// a watched file.
    private func wait(for events: PlatformEvents, timeout: Double?) -> Outcome {
        // Other files' events (a busy folder above the project) wake the wait
        // but do not end it: the quiet a save needs is counted to the deadline.
        let deadline = timeout.map { MonotonicClock.now() + $0 }
        while true {
            let left = deadline.map { max(0, $0 - MonotonicClock.now()) }
            var descriptors = [pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: events.descriptor, events: Int16(POLLIN), revents: 0)]
            let result = poll(&descriptors, 2, left.map { Int32(($0 * 1000).rounded(.up)) } ?? -1)
            if result < 0 && errno == EINTR { continue }
            if descriptors[0].revents != 0 { return .stopped }
            if result <= 0 { return .quiet }
            if events.drain() { return .activity }
            if let left, left <= 0 { return .quiet }
        }
    }

    /// Sleeps `seconds`; false when a stop was asked for.
    private func sleep(_ seconds: Double) -> Bool {
        var descriptors = [pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
        return !(poll(&descriptors, 1, Int32((seconds * 1000).rounded(.up))) > 0 && descriptors[0].revents != 0)
    }

    private func lookAtFiles() -> [FilePath: Stamp] {
        Dictionary(uniqueKeysWithValues: stamps.keys.map { ($0, Stamp(of: $0)) })
    }

    /// `path`, absolute and normalized, as files are watched.
    private static func absolute(_ path: FilePath) -> FilePath {
        (path.isAbsolute ? path : workingDirectory.appending(path)).normalized
    }

    private static var workingDirectory: FilePath {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return FilePath("/") }
        return FilePath(bytes: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
    }
}

#if os(Linux)
/// inotify: one watch per folder, for the events that change an entry.
///
/// A folder that does not exist — not yet (an import waiting in a folder
/// still to be made), or no longer (deleted or renamed away by a branch
/// switch, or by a generator that makes it anew) — is waited for in the
/// nearest folder above it that exists, for the name that leads down to
/// it; when that name appears, the folder is watched at once, before the
/// files are looked at. Every folder above a watched one is watched too,
/// for the name leading down alone (its entries made, deleted or renamed):
/// renaming a folder further up (`mv gen gen.old` with `gen/sub` watched)
/// sends no event to the folders below it, whose watches move with them. A
/// file that is a symbolic link is also watched where the link leads, as an
/// edit of that file is an event of its folder.
final class PlatformEvents {
    let descriptor: Int32
    /// The files to watch, as `watch` was last given them.
    private var files: Set<FilePath> = []
    private var watches: [FilePath: Int32] = [:]
    /// The names that matter in each watched folder, by watch: the watched
    /// files there, and the names leading down to a watched or missing folder.
    private var names: [Int32: Set<[UInt8]>] = [:]

    /// What a file's own folder is watched for: any change of an entry.
    private static let entryChanges = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM
                                             | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)
    /// What a folder above is watched for: entries made, deleted or renamed
    /// (not every write to its other files).
    private static let namesChanging = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF
                                              | IN_ONLYDIR)

    init() throws(FileWatcherError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else {
            throw FileWatcherError(description: "cannot watch files (\(FileSystem.lastErrorReason())); use --poll")
        }
    }

    deinit { close(descriptor) }

    func watch(folders: Set<FilePath>, files: Set<FilePath>) {
        self.files = files
        update()
    }

    func refresh(files: Set<FilePath>) {}

    /// Watches the folder of each file (and of each file a link of it leads
    /// to), or the nearest existing folder above a missing one, and every
    /// folder above; drops the watches no longer needed. Each folder is
    /// watched anew by its path: a folder renamed away and another put in
    /// its place is watched where it now is, not where it went.
    private func update() {
        var masks: [FilePath: UInt32] = [:]
        var wantedNames: [FilePath: Set<[UInt8]>] = [:]
        for file in files.flatMap(Self.linkChain) {
            var folder = file.directory, name = file.lastComponent.bytes
            var isNearest = true  // the file's folder, or the nearest one above it that exists
            while true {
                wantedNames[folder, default: []].insert(name)
                masks[folder, default: 0] |= isNearest ? Self.entryChanges : Self.namesChanging
                if isNearest && Self.isFolder(folder) { isNearest = false }
                guard folder.directory != folder else { break }
                name = folder.lastComponent.bytes
                folder = folder.directory
            }
        }
        var added: [FilePath: Int32] = [:]
        var masksByWatch: [Int32: UInt32] = [:]
        names = [:]
        for (folder, mask) in masks.sorted(by: { $0.key.bytes.lexicographicallyPrecedes($1.key.bytes) }) {
            // Two paths of one folder (through a link) share a watch: its mask is both of theirs.
            let watch = folder.withCString { inotify_add_watch(descriptor, $0, mask) }
            guard watch >= 0 else { continue }
            if let earlier = masksByWatch[watch], earlier | mask != mask {
                _ = folder.withCString { inotify_add_watch(descriptor, $0, earlier | mask) }
            }
            masksByWatch[watch, default: 0] |= mask
            added[folder] = watch
            names[watch, default: []].formUnion(wantedNames[folder] ?? [])
        }
        let kept = Set(added.values)
        for watch in Set(watches.values) where !kept.contains(watch) { inotify_rm_watch(descriptor, watch) }
        watches = added
    }

    private static func isFolder(_ path: FilePath) -> Bool {
        var status = stat()
        return path.withCString { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `file`, and the files its symbolic links lead to, one after another.
    private static func linkChain(_ file: FilePath) -> [FilePath] {
        var chain = [file]
        while chain.count < 40, let last = chain.last, let target = FileSystem.linkTarget(last) {
            chain.append(last.directory.appending(target))
        }
        return chain
    }

    /// Reads the pending events; whether one concerns a watched file.
    func drain() -> Bool {
        var relevant = false, structural = false
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = Descriptor.read(descriptor, into: &buffer)
            guard count > 0 else { break }
            var offset = 0
            // `struct inotify_event`: wd, mask, cookie, len (four 32-bit fields), then the name.
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let watch = buffer.loadNative(Int32.self, at: offset + MemoryLayout<inotify_event>.offset(of: \.wd)!)
                let mask = buffer.loadNative(UInt32.self, at: offset + MemoryLayout<inotify_event>.offset(of: \.mask)!)
                let length = Int(buffer.loadNative(UInt32.self, at: offset + MemoryLayout<inotify_event>.offset(of: \.len)!))
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
                let name = Array(nameBytes.prefix { $0 != 0 })
                if mask & UInt32(IN_MOVE_SELF | IN_IGNORED) != 0 {
                    // The folder went away (a watch moves with a folder renamed away):
                    // whatever is at its path from now on is watched anew.
                    if mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor, watch) }
                    for (folder, dead) in watches where dead == watch { watches[folder] = nil }
                }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 || mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0
                    || names[watch]?.contains(name) == true {
                    relevant = true
                    // Only an entry made, deleted or renamed can change which folders to watch:
                    // a save in place does not cost a look at every folder of a large project.
                    if mask & UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB) == 0 { structural = true }
                }
                offset += headerSize + length
            }
        }
        if structural { update() }
        return relevant
    }
}
#elseif canImport(Darwin)
/// kqueue: each watched file and each folder is opened for events; a file
/// replaced by renaming is opened again at the next `refresh`.
final class PlatformEvents {
    let descriptor: Int32
    private var opened: [FilePath: Int32] = [:]

    init() throws(FileWatcherError) {
        descriptor = kqueue()
        guard descriptor >= 0 else {
            throw FileWatcherError(description: "cannot watch files (\(FileSystem.lastErrorReason())); use --poll")
        }
    }

    deinit {
        for (_, file) in opened { close(file) }
        close(descriptor)
    }

    func watch(folders: Set<FilePath>, files: Set<FilePath>) {
        for (_, file) in opened { close(file) }
        opened = [:]
        refresh(files: folders.union(files))
    }

    /// Opens (again) every path not open, or open on a file that was replaced.
    func refresh(files: Set<FilePath>) {
        for path in files {
            if let old = opened[path] {
                close(old)
                opened[path] = nil
            }
            let file = path.withCString { open($0, O_EVTONLY | O_CLOEXEC) }
            guard file >= 0 else { continue }
            opened[path] = file
            var change = kevent(ident: UInt(file), filter: Int16(EVFILT_VNODE), flags: UInt16(EV_ADD | EV_CLEAR),
                                fflags: UInt32(NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME | NOTE_LINK | NOTE_REVOKE),
                                data: 0, udata: nil)
            _ = kevent(descriptor, &change, 1, nil, 0, nil)
        }
    }

    func drain() -> Bool {
        var events = [kevent](repeating: kevent(), count: 64)
        var timeout = timespec(tv_sec: 0, tv_nsec: 0)
        var any = false
        while true {
            let count = kevent(descriptor, nil, 0, &events, Int32(events.count), &timeout)
            guard count > 0 else { return any }
            any = true
        }
    }
}
#endif
