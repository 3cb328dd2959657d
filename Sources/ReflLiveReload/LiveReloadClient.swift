#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflRuntime

/// What the live-reload client reports.
public enum LiveReloadUpdate: Sendable {
    /// A new build's stylesheet (the first one on connecting, then one per
    /// successful build): hand it to the style manager.
    case stylesheet(Stylesheet)
    /// A build failed; the last good stylesheet stays in use.
    case buildFailed(LiveReloadFailure)
    /// The connection to the server was lost (or never made); the client
    /// tries again by itself, more slowly each time, up to every 2 s.
    case disconnected(reason: String)
}

/// A failed build as the dev server tells it.
public struct LiveReloadFailure: Sendable, Equatable, CustomStringConvertible {
    /// How many diagnostics the build had.
    public var count: Int
    /// The first of them, as `file:line:column: severity: message`; first
    /// of all, why the build failed when no diagnostic tells (the
    /// stylesheet cannot be read, the table cannot be written).
    public var diagnostics: [String]

    public var description: String {
        (count == 0 ? "the build failed" : "the build failed with \(count) diagnostic\(count == 1 ? "" : "s")")
            + diagnostics.map { "\n" + $0 }.joined()
    }
}

/// Follows `reflc watch --serve` from an app: listens to `/events`, fetches
/// `/styles.reflb` when a build brings a new table, reports a failed build
/// with its diagnostics (the last good stylesheet stays), and reconnects
/// when the server goes away or restarts. It runs on a thread of its own
/// over the system's sockets (no Foundation); `updates` is called on that
/// thread, so an app hops to the main thread to restyle:
///
/// ```swift
/// let client = LiveReloadClient(host: "my-mac.local", port: 8080) { update in
///     if case .stylesheet(let stylesheet) = update {
///         DispatchQueue.main.async { ReflStyling.replaceStylesheet(stylesheet) }
///     }
/// }
/// client.start()
/// ```
public final class LiveReloadClient: @unchecked Sendable {
    public let host: String
    public let port: Int
    private let updates: @Sendable (LiveReloadUpdate) -> Void
    private let lock = Lock()
    private var stopWriter: Int32 = -1
    private var running = false

    /// Seconds to connect, and to wait for any byte of an answer.
    static let connectTimeout = 5.0
    /// An event stream that sends nothing (not even the server's keep-alive
    /// comment, every 15 s) for this long is taken as gone.
    static let streamTimeout = 45.0

    public init(host: String, port: Int, updates: @escaping @Sendable (LiveReloadUpdate) -> Void) {
        self.host = host
        self.port = port
        self.updates = updates
    }

    deinit { stop() }

    /// Starts following the server (on a thread of its own); does nothing if started.
    public func start() {
        var descriptors: [Int32] = [-1, -1]
        let started: Bool = lock.withLock {
            guard !running, pipe(&descriptors) == 0 else { return false }
            running = true
            stopWriter = descriptors[1]
            return true
        }
        guard started else { return }
        let stopReader = descriptors[0]
        BackgroundThread.start { [self] in
            follow(stopReader: stopReader)
            close(stopReader)
        }
    }

    /// Stops following: the thread ends within moments, whatever it waits for.
    public func stop() {
        lock.withLock {
            guard running else { return }
            running = false
            var byte: UInt8 = 1
            _ = write(stopWriter, &byte, 1)
            close(stopWriter)
            stopWriter = -1
        }
    }

    private var isRunning: Bool { lock.withLock { running } }

    private func follow(stopReader: Int32) {
        var etag = ""
        var delay = 0.25
        var reported = false
        while isRunning {
            do throws(HTTPConnection.Failure) {
                try followEvents(stopReader: stopReader, etag: &etag) { reported = false; delay = 0.25 }
                guard isRunning else { return }
                if !reported { updates(.disconnected(reason: "the server closed the event stream")) }
            } catch {
                guard isRunning else { return }
                if !reported { updates(.disconnected(reason: error.description)) }
            }
            reported = true
            if HTTPConnection.wait(stopReader, events: Int16(POLLIN), stop: stopReader, timeout: delay) != .timedOut { return }
            delay = min(delay * 2, 2)
        }
    }

    /// One connection to `/events`, for as long as it lasts.
    private func followEvents(stopReader: Int32, etag: inout String, connected: () -> Void) throws(HTTPConnection.Failure) {
        let events = try HTTPConnection(host: host, port: port, timeout: Self.connectTimeout, stop: stopReader)
        try events.get("/events", host: host, port: port, headers: ["Accept": "text/event-stream"], timeout: Self.connectTimeout)
        let head = try events.readHead(timeout: Self.connectTimeout)
        guard head.status == 200, head.headers["content-type"]?.hasPrefix("text/event-stream") == true else {
            throw HTTPConnection.Failure(description: "/events answered \(head.status)" + (head.status == 421 ? " (this host name is not allowed: start reflc watch with --allow-host \(host))" : ""))
        }
        connected()
        var data = ""
        var isBuild = false
        while let line = try events.readLine(timeout: Self.streamTimeout) {
            if line.isEmpty {
                if isBuild, !data.isEmpty { try handleBuild(data, stopReader: stopReader, etag: &etag) }
                data = ""
                isBuild = false
            } else if line.hasPrefix("event:") {
                isBuild = line.dropFirst(6).drop { $0 == " " } == "build"
            } else if line.hasPrefix("data:") {
                data += (data.isEmpty ? "" : "\n") + String(line.dropFirst(5).drop { $0 == " " })
            }
        }
    }

    /// A `build` event: `{"build":N,"ok":true,"etag":"..."}` or a failure with its diagnostics.
    private func handleBuild(_ data: String, stopReader: Int32, etag: inout String) throws(HTTPConnection.Failure) {
        guard case .success(let event) = JSONNode.parse(Array(data.utf8)), case .object(let members) = event.kind else {
            throw HTTPConnection.Failure(description: "a malformed build event")
        }
        func member(_ name: String) -> JSONNode.Kind? { members.first { $0.key == name }?.value.kind }
        guard case .bool(let ok)? = member("ok") else { throw HTTPConnection.Failure(description: "a build event without \"ok\"") }
        guard ok else {
            var count = 0
            if case .number(let number)? = member("count") { count = Int(number) }
            var lines: [String] = []
            if case .string(let error)? = member("error") { lines.append("error: " + error) }
            if case .array(let diagnostics)? = member("diagnostics") {
                lines += diagnostics.compactMap(Self.diagnosticLine)
            }
            updates(.buildFailed(LiveReloadFailure(count: count, diagnostics: lines)))
            return
        }
        guard case .string(let newTag)? = member("etag"), newTag != etag else { return }
        let table = try HTTPConnection(host: host, port: port, timeout: Self.connectTimeout, stop: stopReader)
        try table.get("/styles.reflb", host: host, port: port, timeout: Self.connectTimeout)
        let head = try table.readHead(timeout: Self.connectTimeout)
        guard head.status == 200 else { throw HTTPConnection.Failure(description: "/styles.reflb answered \(head.status)") }
        guard let length = head.headers["content-length"].flatMap({ Int($0) }), length >= 0 else {
            throw HTTPConnection.Failure(description: "/styles.reflb has no Content-Length")
        }
        let bytes = try table.readBody(length: length, timeout: Self.connectTimeout)
        do {
            let stylesheet = try Stylesheet(ruleTable: bytes, path: "http://\(host):\(port)/styles.reflb")
            etag = head.headers["etag"] ?? newTag
            updates(.stylesheet(stylesheet))
        } catch {
            updates(.buildFailed(LiveReloadFailure(count: 1, diagnostics: ["the table served is damaged: \(error)"])))
        }
    }

    /// `file:line:column: severity: message` of a diagnostic as JSON.
    static func diagnosticLine(_ node: JSONNode) -> String? {
        guard case .object(let fields) = node.kind else { return nil }
        func text(_ name: String) -> String? {
            if case .string(let value)? = fields.first(where: { $0.key == name })?.value.kind { return value }
            return nil
        }
        func number(_ name: String) -> Int? {
            if case .number(let value)? = fields.first(where: { $0.key == name })?.value.kind { return Int(value) }
            return nil
        }
        guard let message = text("message") else { return nil }
        let place = [text("file"), number("line").map(String.init), number("column").map(String.init)].compactMap { $0 }.joined(separator: ":")
        return (place.isEmpty ? "" : place + ": ") + (text("severity") ?? "error") + ": " + message
    }
}
