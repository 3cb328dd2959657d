import Dispatch
import ReflParser

/// Keeps a stylesheet loaded from a file up to date: loads it (a `.less`
/// file with its imports, or a rule table of either form), watches the
/// files it came from, and reloads it when one changes, telling each
/// subscriber. This is how an app running in the simulator, which reads the
/// Mac's files directly, restyles itself on save:
///
///     let monitor = try StylesheetMonitor(contentsOfFile: "/Users/me/App/Styles/main.less")
///     apply(monitor.stylesheet)
///     for await update in monitor.updates() {
///         switch update {
///         case .reloaded(let stylesheet, let changes): restyle(with: stylesheet, changes)
///         case .failed(let error): print(error)  // the last good stylesheet stays in use
///         }
///     }
///
/// A failed reload leaves `stylesheet` as it was; the next save is tried
/// again. The monitor watches until `stop()` (or until it is released).
public final class StylesheetMonitor: @unchecked Sendable {
    /// What a reload brought.
    public enum Update: Sendable {
        /// The file (or one it imports) changed and loaded: the new stylesheet,
        /// and how it differs from the one before.
        case reloaded(Stylesheet, StylesheetChanges)
        /// The file changed but does not load (its diagnostics); the stylesheet
        /// before stays current.
        case failed(StylesheetError)
    }

    /// The file the stylesheet is loaded from.
    public let path: FilePath
    private let watcher: FileWatcher
    private let lock = Lock()
    private var current: Stylesheet
    private var subscribers: [Int: AsyncStream<Update>.Continuation] = [:]
    private var nextSubscriber = 0
    private var stopped = false
    /// Signalled when the watching loop has ended.
    private let finished = DispatchSemaphore(value: 0)

    /// Loads the file at `path` (a first load that fails throws, as
    /// `Stylesheet(contentsOfFile:)` does) and starts watching it.
    public init(contentsOfFile path: String, method: FileWatcher.Method = .events) throws(StylesheetError) {
        self.path = FilePath(path)
        do {
            watcher = try FileWatcher(method: method)
        } catch {
            throw StylesheetError(diagnostics: [], reason: error.description)
        }
        // Measured before the load reads it: a save during the load is not missed.
        watcher.watch([FilePath(path)])
        let (stylesheet, files, read) = try Self.load(FilePath(path))
        current = stylesheet
        watcher.watch(files, readAs: read)
        DispatchQueue.global().async { [self] in watchLoop() }
    }

    deinit {
        watcher.stop()
    }

    /// The stylesheet as last loaded successfully.
    public var stylesheet: Stylesheet {
        lock.withLock { current }
    }

    /// Each reload from now on, until `stop()`. Every call makes a stream of
    /// its own: several parts of an app may follow the reloads.
    public func updates() -> AsyncStream<Update> {
        AsyncStream { continuation in
            let id: Int? = lock.withLock {
                guard !stopped else { return nil }
                nextSubscriber += 1
                subscribers[nextSubscriber] = continuation
                return nextSubscriber
            }
            guard let id else {
                continuation.finish()
                return
            }
            continuation.onTermination = { [weak self] _ in
                guard let self else { return }
                _ = self.lock.withLock { self.subscribers.removeValue(forKey: id) }
            }
        }
    }

    /// Stops watching and ends every stream of updates.
    public func stop() {
        let ending: [AsyncStream<Update>.Continuation] = lock.withLock {
            stopped = true
            defer { subscribers = [:] }
            return Array(subscribers.values)
        }
        watcher.stop()
        for continuation in ending { continuation.finish() }
    }

    private func watchLoop() {
        defer { finished.signal() }
        while watcher.nextChange() != nil {
            let update: Update
            let loaded = Result(catching: { () throws(StylesheetError) in try Self.load(path) })
            // Loaded: a save made once the subscribers are told is a new change.
            watcher.handled()
            switch loaded {
            case .success(let (stylesheet, files, read)):
                watcher.watch(files, readAs: read)
                let previous: Stylesheet = lock.withLock {
                    defer { current = stylesheet }
                    return current
                }
                update = .reloaded(stylesheet, StylesheetChanges(previous: previous, current: stylesheet))
            case .failure(let error):
                // The files of the failed load are watched: fixing any of them is what comes next.
                watcher.watch(Self.files(of: path, error: error))
                update = .failed(error)
            }
            let receivers = lock.withLock { Array(subscribers.values) }
            for continuation in receivers { continuation.yield(update) }
        }
    }

    /// The stylesheet at `path` and the files to watch for it: the file, and
    /// for source the files it imports and those its imports wait for; and
    /// which file each one read was (see `FileWatcher.watch(_:readAs:)`).
    private static func load(_ path: FilePath) throws(StylesheetError)
        -> (Stylesheet, [FilePath], [(path: FilePath, identity: FileSystem.FileIdentity)]) {
        let loaded = StylesheetLoader.load(path)
        guard let stylesheet = loaded.stylesheet else { throw loaded.error }
        let read = loaded.compilation?.inputsAsRead ?? []
        return (stylesheet, loaded.files, read)
    }

    private static func files(of path: FilePath, error: StylesheetError) -> [FilePath] {
        error.watchedFiles.isEmpty ? [path] : error.watchedFiles
    }
}
