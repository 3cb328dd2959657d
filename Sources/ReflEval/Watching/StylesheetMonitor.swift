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
        let (stylesheet, files) = try Self.load(FilePath(path))
        current = stylesheet
        watcher.watch(files)
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
            switch Result(catching: { () throws(StylesheetError) in try Self.load(path) }) {
            case .success(let (stylesheet, files)):
                watcher.watch(files)
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
    /// for source the files it imports and those its imports wait for.
    private static func load(_ path: FilePath) throws(StylesheetError) -> (Stylesheet, [FilePath]) {
        if TableFormat.isBinaryTable(atPath: path) { return (try Stylesheet(contentsOfFile: path), [path]) }
        let bytes: [UInt8]
        switch FileSystem.readFile(path) {
        case .success(let read): bytes = read
        case .failure(let error): throw StylesheetError(diagnostics: [], reason: "cannot read '\(path)': \(error.reason)")
        }
        if TableFormat.detect(bytes) == .json { return (try Stylesheet(ruleTableJSON: bytes, path: path.description), [path]) }
        let result = Compiler.compile(source: SourceFile(path: path.description, bytes: bytes), importsRelativeTo: path)
        let files = [path] + result.inputs + result.missingInputs
        guard let table = result.ruleTable else {
            throw StylesheetError(diagnostics: result.diagnostics, watchedFiles: files)
        }
        return (Stylesheet(table: table), files)
    }

    private static func files(of path: FilePath, error: StylesheetError) -> [FilePath] {
        [path] + error.watchedFiles
    }
}

/// How a reloaded stylesheet differs from the one before, for the views an
/// app has on screen: whether a view's style changed, and what to reset.
public struct StylesheetChanges: Sendable {
    public let previous: Stylesheet
    public let current: Stylesheet

    public init(previous: Stylesheet, current: Stylesheet) {
        self.previous = previous
        self.current = current
    }

    /// What changed for the view `query` describes.
    public func changes(for query: StyleQuery) -> StyleChanges {
        StyleChanges(before: previous.resolve(query), after: current.resolve(query))
    }
}

/// The difference between a view's style before and after a reload, by
/// property (control-state properties included).
public struct StyleChanges: Sendable, Equatable {
    /// A property for one control state (`.normal` for a plain property).
    public struct Key: Sendable, Hashable, Comparable, CustomStringConvertible {
        public var name: String
        public var state: ControlState

        public init(_ name: String, state: ControlState = .normal) {
            self.name = name
            self.state = state
        }

        public static func < (left: Key, right: Key) -> Bool {
            (left.state.rawValue, left.name) < (right.state.rawValue, right.name)
        }

        /// `titleColor`, or `titleColor[highlighted]`.
        public var description: String { state == .normal ? name : "\(name)[\(state)]" }
    }

    /// Properties set now that were not set before.
    public var added: [Key]
    /// Properties set before and now, to another value (or importance).
    public var changed: [Key]
    /// Properties set before that the new stylesheet no longer sets: the
    /// app resets them, as a style no longer applies them.
    public var removed: [Key]

    /// Whether the view's computed style changed at all.
    public var isChanged: Bool { !(added.isEmpty && changed.isEmpty && removed.isEmpty) }

    public init(before: ComputedStyle, after: ComputedStyle) {
        func entries(_ style: ComputedStyle) -> [Key: (StyleValue, Bool)] {
            var entries: [Key: (StyleValue, Bool)] = [:]
            for (name, value) in style.properties {
                entries[Key(name)] = (value, style.importantProperties.contains(name))
            }
            for (state, properties) in style.stateProperties {
                for (name, value) in properties {
                    entries[Key(name, state: state)] = (value, style.importantStateProperties[state]?.contains(name) ?? false)
                }
            }
            return entries
        }
        let old = entries(before), new = entries(after)
        added = new.keys.filter { old[$0] == nil }.sorted()
        removed = old.keys.filter { new[$0] == nil }.sorted()
        changed = new.keys.filter { key in old[key].map { $0.0 != new[key]!.0 || $0.1 != new[key]!.1 } ?? false }.sorted()
    }
}
