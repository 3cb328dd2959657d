#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// The HTTP/1.1 server of `reflc watch --serve`, for an app on a device
/// (which cannot read the Mac's files): the last good table, an event per
/// build, and the current diagnostics.
///
///     GET /styles.json    the last good JSON table, with an ETag (304 on If-None-Match)
///     GET /styles.reflb   the same table in the binary form
///     GET /events         Server-Sent Events: one `build` event per build
///     GET /diagnostics    the last build's diagnostics
///
/// One thread serves every client with `poll`, each socket non-blocking,
/// so a client that stops reading never delays a build or another client:
/// what it has not read waits in its own buffer, and past a bound it is
/// disconnected. Requests are bounded in size and header count; only GET
/// and HEAD are served.
public final class DevServer: @unchecked Sendable {
    public struct Failure: Error {
        public let message: String
    }

    /// What the last build left to serve.
    public struct Snapshot {
        public var build = 0
        /// The last good table (nil before the first good build), and its ETag.
        public var json: [UInt8]?
        public var binary: [UInt8]?
        public var etag = ""
        /// The last build's outcome, as the body of `/diagnostics`.
        public var report = "{\"build\":0,\"ok\":false,\"diagnostics\":[]}"
        /// The last build's event, as `/events` sends it.
        public var event = ""

        public init() {}
    }

    /// Bounds on what a client may cost (each is in the table of limits
    /// under `reflc watch` in Docs/CommandLine.md).
    static let maximumRequestBytes = 16 * 1024
    static let maximumHeaders = 100
    /// The request line (method, path, version): a longer one is answered 414.
    static let maximumRequestLineBytes = 8 * 1024
    /// Bytes a client may send after its request (nothing is read from a
    /// request body or an event stream) before it is closed, or, waiting
    /// for a response, no longer read until the response is sent.
    static let maximumIgnoredBytes = 16 * 1024
    /// After a response, the server's side is shut and what the client
    /// still sends is read and dropped, for at most this many seconds and
    /// bytes, until it closes: closed with bytes unread, the connection
    /// would be reset, and the client could lose the response (a 431 to a
    /// request of a megabyte, say) before reading it.
    static let drainTimeout = 10.0
    static let maximumDrainedBytes = 16 << 20
    static let maximumClients = 256
    /// Seconds a client has to send its request.
    static let requestTimeout = 10.0
    /// Seconds a client with a response or an event waiting may go without
    /// taking `minimumProgressBytes` of it before it is closed.
    static let stallTimeout = 30.0
    /// What a client must take to be making progress: a peer whose
    /// application reads nothing still takes a few hundred bytes now and
    /// then (its kernel makes room in its receive buffer), and must not
    /// keep its place by that.
    static let minimumProgressBytes = 16 * 1024
    /// With every client place taken, a new client takes the place of the
    /// one stalled longest (or still sending its request longest), if that
    /// one has been so this many seconds.
    static let evictionStall = 5.0
    /// Bytes of superseded tables kept for clients still reading them
    /// (each table counted once however many clients read it); past it,
    /// those clients are closed, the one stalled longest first.
    static let maximumRetainedBytes = 256 << 20
    /// The most an event should take; `reflc watch` sends the first
    /// diagnostics that fit and their count. A stream holds at most one event
    /// it has not read: a slow reader skips to the latest build.
    public static let maximumEventBytes = 64 * 1024
    /// Milliseconds the listener rests when no descriptor is left to accept with.
    static let acceptBackOffMilliseconds: Int32 = 250
    /// Seconds between keep-alive comments on an idle event stream.
    static let keepAliveInterval = 15.0

    public let address: String
    /// Whether the address bound is a loopback one (decided by the address, not its name).
    public let isLoopback: Bool
    private let hosts: DevServerHosts
    private let listener: Int32
    private let wakeReader: Int32
    private let wakeWriter: Int32
    private let lock = Lock()
    private var published = Snapshot()
    private var running = true
    /// A descriptor kept open to be given up when the process has no other:
    /// closed, it lets one waiting connection be accepted and told 503.
    private var reserve: Int32 = -1
    /// Until when the listener is not polled: accept cannot succeed (no
    /// descriptor left), and a listener left in the poll would wake it at once, forever.
    private var listenerPausedUntil = 0.0

    /// Listens on `host:port` (port 0: one the system picks; `address` says
    /// which), answering requests whose `Host` is this machine, one of its
    /// addresses or one of `allowedHosts` (421 otherwise).
    public init(host: String, port: UInt16, allowedHosts: [String] = []) throws(Failure) {
        let first: SocketAddress
        switch SocketAddress.resolve(host: host, port: String(port), passive: true) {
        case .success(let addresses): first = addresses[0]
        case .failure(let failure): throw Failure(message: "cannot serve on '\(host):\(port)': \(failure.reason)")
        }
        let socket = first.makeSocket()
        guard socket >= 0 else { throw Failure(message: "cannot serve: \(FileSystem.lastErrorReason())") }
        var yes: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard first.bind(socket), listen(socket, 64) == 0 else {
            let reason = FileSystem.lastErrorReason()
            close(socket)
            throw Failure(message: "cannot serve on '\(host):\(port)': \(reason)")
        }
        StreamSockets.setNonBlocking(socket)
        listener = socket
        isLoopback = first.numericHost.map(DevServerHosts.isLoopbackLiteral) ?? false
        hosts = DevServerHosts(allowed: allowedHosts)
        address = Self.boundAddress(socket, host: host)
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { throw Failure(message: "cannot serve: \(FileSystem.lastErrorReason())") }
        wakeReader = descriptors[0]
        wakeWriter = descriptors[1]
        StreamSockets.setNonBlocking(wakeReader)
        StreamSockets.setNonBlocking(wakeWriter)
        reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
    }

    deinit {
        if reserve >= 0 { close(reserve) }
        close(listener)
        close(wakeReader)
        close(wakeWriter)
    }

    /// Serves on a thread of its own until `stop()`.
    public func start() {
        BackgroundThread.start { [self] in serve() }
    }

    /// Makes `snapshot` what is served from now on; `/events` clients get its event.
    public func publish(_ snapshot: Snapshot) {
        lock.withLock { published = snapshot }
        wake()
    }

    public func stop() {
        lock.withLock { running = false }
        wake()
    }

    private func wake() {
        var byte: UInt8 = 1
        _ = write(wakeWriter, &byte, 1)
    }

    // MARK: - The loop

    private final class Client {
        let socket: Int32
        var request: [UInt8] = []
        var output = DevServerOutput()
        var isAnswered = false
        var isEventStream = false
        /// The build whose event this event stream was last given.
        var eventBuild = -1
        var closesAfterWriting = false
        /// The client shut down its side: no more to read, but what it asked for is still sent.
        var readClosed = false
        /// When the server shut its side after the response (see `drainTimeout`).
        var drainingSince: Double?
        /// Bytes received after the request, which nothing reads.
        var ignoredBytes = 0
        let connected: Double
        /// When the client last took a byte, or was given something to take.
        var lastProgress: Double
        /// Bytes written to the socket, and of them the most the client was
        /// seen to have taken (acknowledged): a stall is measured by what the
        /// client takes, not by what the kernel accepts into its buffers,
        /// which may take a few bytes more now and then from a client that
        /// reads nothing.
        var written = 0
        var taken = 0
        /// `taken` when progress was last noted.
        var takenAtProgress = 0

        init(socket: Int32, now: Double) {
            self.socket = socket
            connected = now
            lastProgress = now
        }

        /// Whether what the client sends is left unread until its response
        /// is sent (it sent more than `maximumIgnoredBytes` after its request).
        var pausesReading: Bool {
            closesAfterWriting && drainingSince == nil && ignoredBytes > DevServer.maximumIgnoredBytes
        }

        /// Seconds the client has kept its place without use: since it
        /// connected while its request has not come, or with output waiting
        /// that it has not taken any of.
        func stalled(now: Double) -> Double {
            if !isAnswered { return now - connected }
            return output.isEmpty ? 0 : now - lastProgress
        }

        func queue(_ bytes: [UInt8], table: DevServerOutput.TableIdentity? = nil, now: Double) {
            if output.isEmpty { lastProgress = now }
            output.append(bytes, table: table)
        }
    }

    private func serve() {
        var clients: [Client] = []
        var snapshot = lock.withLock { published }
        var event = Array(snapshot.event.utf8)
        while lock.withLock({ running }) {
            let paused = listenerPausedUntil > MonotonicClock.now()
            var descriptors = [pollfd(fd: paused ? -1 : listener, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeReader, events: Int16(POLLIN), revents: 0)]
            for client in clients {
                var events = client.readClosed || client.pausesReading ? Int16(0) : Int16(POLLIN)
                if !client.output.isEmpty { events |= Int16(POLLOUT) }
                descriptors.append(pollfd(fd: client.socket, events: events, revents: 0))
            }
            let wait = Self.milliseconds(untilNextDeadlineOf: clients, now: MonotonicClock.now())
            _ = poll(&descriptors, nfds_t(descriptors.count), paused ? min(wait, Self.acceptBackOffMilliseconds) : wait)
            let now = MonotonicClock.now()
            if descriptors[1].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while Descriptor.read(wakeReader, into: &drain) > 0 {}
                let newer = lock.withLock { published }
                if newer.build != snapshot.build { event = Array(newer.event.utf8) }
                snapshot = newer
            }
            var dropped = Set<Int32>()
            for (index, client) in clients.enumerated() {
                let revents = descriptors[index + 2].revents
                noteTaken(client, now: now)
                if revents & Int16(POLLIN | POLLHUP | POLLERR) != 0, !client.readClosed, !receive(client, snapshot: snapshot, now: now) { dropped.insert(client.socket) }
                // A client that half-closed and then went (a reset): nothing can be
                // sent to it, and poll would report it at once, forever.
                if client.readClosed, revents & Int16(POLLHUP | POLLERR) != 0 { dropped.insert(client.socket) }
                if !client.output.isEmpty, !send(client, now: now) { dropped.insert(client.socket) }
                // A stream is given the latest event once it has taken the
                // last (a slow reader skips builds, never queues them), and at
                // once: in the pass that sent it its headers or the event
                // before, not when the loop next wakes, which may be seconds later.
                if client.isEventStream && client.output.isEmpty && !dropped.contains(client.socket) {
                    if client.eventBuild != snapshot.build {
                        client.queue(event, now: now)
                        client.eventBuild = snapshot.build
                    } else if now - client.lastProgress > Self.keepAliveInterval {
                        client.queue(Array(": keep-alive\n\n".utf8), now: now)
                    }
                    if !client.output.isEmpty, !send(client, now: now) { dropped.insert(client.socket) }
                }
                if client.output.isEmpty && client.closesAfterWriting {
                    if client.readClosed {
                        dropped.insert(client.socket)
                    } else if client.drainingSince == nil {
                        shutdown(client.socket, Int32(SHUT_WR))
                        client.drainingSince = now
                    }
                }
                if let since = client.drainingSince, now - since > Self.drainTimeout { dropped.insert(client.socket) }
                if !client.isAnswered && now - client.connected > Self.requestTimeout { dropped.insert(client.socket) }
                if client.stalled(now: now) > Self.stallTimeout { dropped.insert(client.socket) }
            }
            dropped.formUnion(overRetained(clients, snapshot: snapshot, now: now))
            for client in clients where dropped.contains(client.socket) { close(client.socket) }
            clients.removeAll { dropped.contains($0.socket) }
            if !dropped.isEmpty { listenerPausedUntil = 0 }  // a descriptor is free again
            if descriptors[0].revents != 0 { accept(into: &clients, now: now) }
        }
        for client in clients { close(client.socket) }
    }

    /// How long the loop may sleep when nothing happens: until the first
    /// client's request, drain or stall timeout, or its stream's keep-alive,
    /// comes due (a millisecond after, as the checks want the time past),
    /// and at most a minute. Builds, connections and bytes wake it sooner.
    private static func milliseconds(untilNextDeadlineOf clients: [Client], now: Double) -> Int32 {
        var next = 60.0
        for client in clients {
            if !client.isAnswered { next = min(next, client.connected + requestTimeout - now) }
            if let since = client.drainingSince { next = min(next, since + drainTimeout - now) }
            if client.isAnswered && !client.output.isEmpty { next = min(next, client.lastProgress + stallTimeout - now) }
            if client.isEventStream && client.output.isEmpty { next = min(next, client.lastProgress + keepAliveInterval - now) }
        }
        return Int32(max(0, (next * 1000).rounded(.up)) + 1)
    }

    /// The clients to close so that superseded tables kept for them stay
    /// within `maximumRetainedBytes`: the ones stalled longest first.
    private func overRetained(_ clients: [Client], snapshot: Snapshot, now: Double) -> Set<Int32> {
        typealias Table = DevServerOutput.TableIdentity
        let current = [Table(etag: snapshot.etag, isBinary: false), Table(etag: snapshot.etag, isBinary: true)]
        var sizes: [Table: Int] = [:]
        var holders: [(client: Client, tables: [Table])] = []
        for client in clients where !client.isEventStream {
            let tables = client.output.pieces.compactMap { piece -> Table? in
                guard let table = piece.table, !current.contains(table) else { return nil }
                sizes[table] = piece.bytes.count
                return table
            }
            if !tables.isEmpty { holders.append((client, tables)) }
        }
        var retained = sizes.values.reduce(0, +)
        guard retained > Self.maximumRetainedBytes else { return [] }
        var closing = Set<Int32>()
        var holdersOf: [Table: Int] = [:]
        for holder in holders { for table in holder.tables { holdersOf[table, default: 0] += 1 } }
        for holder in holders.sorted(by: { $0.client.stalled(now: now) > $1.client.stalled(now: now) }) where retained > Self.maximumRetainedBytes {
            closing.insert(holder.client.socket)
            for table in holder.tables {
                holdersOf[table]! -= 1
                if holdersOf[table] == 0 { retained -= sizes[table]! }
            }
        }
        return closing
    }

    private func accept(into clients: inout [Client], now: Double) {
        while true {
            let socket = acceptConnection(listener)
            guard socket >= 0 else {
                if errno == EMFILE || errno == ENFILE { refuseForWantOfDescriptors(now: now) }
                return
            }
            StreamSockets.prepare(socket)
            if clients.count >= Self.maximumClients, let stalled = clients.firstIndex(where: { $0.drainingSince != nil })
                ?? clients.indices.max(by: { clients[$0].stalled(now: now) < clients[$1].stalled(now: now) }),
               clients[stalled].drainingSince != nil || clients[stalled].stalled(now: now) >= Self.evictionStall {
                // A client that takes nothing (or is done) must not keep one that reads out.
                close(clients[stalled].socket)
                clients.remove(at: stalled)
            }
            guard clients.count < Self.maximumClients else {
                let busy = Array("HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8)
                _ = Descriptor.send(busy[...], on: socket)
                close(socket)
                continue
            }
            clients.append(Client(socket: socket, now: now))
        }
    }

    /// No descriptor is left for a new client: the one waiting is told 503
    /// through the reserve descriptor, and the listener rests a moment (or
    /// until a client closes) rather than wake the loop at once, forever.
    private func refuseForWantOfDescriptors(now: Double) {
        if reserve >= 0 {
            close(reserve)
            let socket = acceptConnection(listener)
            if socket >= 0 {
                let body = "reflc watch has no file descriptor left; try again shortly\n"
                let busy = Array(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
                                  + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
                _ = Descriptor.send(busy[...], on: socket)
                close(socket)
            }
            reserve = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        listenerPausedUntil = now + Double(Self.acceptBackOffMilliseconds) / 1000
    }

    /// Reads what the client sent; false when it is gone or broke the rules.
    private func receive(_ client: Client, snapshot: Snapshot, now: Double) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = Descriptor.read(client.socket, into: &buffer)
            if count == 0 {
                // The end of the request side (a half-close, as `shutdown(SHUT_WR)`
                // does) is not the end of the response: finish writing it.
                client.readClosed = true
                if !client.isAnswered && !client.request.isEmpty {
                    answer(client, status: "400 Bad Request", body: "the request ended before the empty line that ends its header\n", now: now)
                }
                return client.isAnswered
            }
            if count < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
            // Once answered, what a client sends is ignored (nothing but GET is
            // served), up to a bound: a client streaming on must not be read forever.
            // An event stream past it is closed; a response is sent first (see `drainTimeout`).
            guard !client.isAnswered else {
                client.ignoredBytes += count
                if client.ignoredBytes <= Self.maximumIgnoredBytes { continue }
                if !client.closesAfterWriting || client.ignoredBytes > Self.maximumDrainedBytes { return false }
                if client.pausesReading { return true }
                continue
            }
            client.request.append(contentsOf: buffer[0..<count])
            let lineStart = Self.requestLineStart(client.request)
            if (client.request[lineStart...].firstIndex(of: 0x0A) ?? client.request.count) - lineStart > Self.maximumRequestLineBytes {
                answer(client, status: "414 URI Too Long",
                       body: "the request line is longer than \(Self.maximumRequestLineBytes) bytes; the server's paths are short: /styles.json, /events\n",
                       now: now)
            } else if let end = Self.headerEnd(client.request) {
                respond(to: Array(client.request[0..<end]), client, snapshot: snapshot, now: now)
                client.request = []
            } else if client.request.count > Self.maximumRequestBytes {
                answer(client, status: "431 Request Header Fields Too Large", body: "the request is too large\n", now: now)
            }
        }
    }

    private func send(_ client: Client, now: Double) -> Bool {
        let sent = client.output.send { Descriptor.send($0, on: client.socket) }
        if sent < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR }
        client.written += sent
        // Where the system does not say what the client has taken, what the kernel accepts stands for it.
        if sent > 0 && !StreamSockets.countsUnacknowledgedBytes { client.lastProgress = now }
        return true
    }

    /// Notes the bytes the client has taken (its peer acknowledged) since
    /// it was last looked at: progress, when there are enough. A slow reader
    /// makes progress at its pace, though the kernel reports the socket
    /// writable only once a third of its send buffer (megabytes) is free.
    private func noteTaken(_ client: Client, now: Double) {
        guard client.written > client.taken, let queued = StreamSockets.unacknowledgedBytes(client.socket) else { return }
        client.taken = max(client.taken, client.written - queued)
        // All it was given, or `minimumProgressBytes` more since the last progress.
        if queued == 0 || client.taken - client.takenAtProgress >= Self.minimumProgressBytes {
            client.takenAtProgress = client.taken
            client.lastProgress = now
        }
    }

    // MARK: - HTTP

    /// The end of the request's header (after the blank line), if it has come.
    /// Empty lines before the request line are skipped, as RFC 9112 (2.2)
    /// asks of a server; they count toward the request's size limit.
    static func headerEnd(_ bytes: [UInt8]) -> Int? {
        var index = requestLineStart(bytes)
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count && bytes[index + 1] == 0x0A { return index + 2 }
                if index + 2 < bytes.count && bytes[index + 1] == 0x0D && bytes[index + 2] == 0x0A { return index + 3 }
            }
            index += 1
        }
        return nil
    }

    /// Where the request line starts: after the empty lines before it.
    static func requestLineStart(_ bytes: [UInt8]) -> Int {
        var index = 0
        while index < bytes.count && (bytes[index] == 0x0D || bytes[index] == 0x0A) { index += 1 }
        return index
    }

    /// The version of `HTTP/1.1` and the like: `HTTP/`, a digit, a dot and a
    /// digit (RFC 9112 2.3); nil for anything else.
    static func httpVersion(_ text: Substring) -> (major: Int, minor: Int)? {
        let bytes = Array(text.utf8)
        guard bytes.count == 8, bytes.starts(with: Array("HTTP/".utf8)), bytes[6] == UInt8(ascii: "."),
              case let major = bytes[5], case let minor = bytes[7],
              (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(major), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(minor)
        else { return nil }
        return (Int(major - UInt8(ascii: "0")), Int(minor - UInt8(ascii: "0")))
    }

    /// Whether an `If-None-Match` list names `etag`: compared weakly, as
    /// RFC 9110 asks (`W/"x"` matches `"x"`), or `*` for any.
    static func ifNoneMatch(_ condition: String, matches etag: String) -> Bool {
        func opaque(_ tag: Substring) -> Substring { tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        let tags = condition.split(separator: ",").map { Substring($0.trimmedOfSpaces()) }
        return tags.contains("*") || tags.contains { opaque($0) == opaque(Substring(etag)) }
    }

    private func respond(to header: [UInt8], _ client: Client, snapshot: Snapshot, now: Double) {
        // Lines end with CRLF or LF; a CR anywhere else is refused (RFC 9112 2.2),
        // so that no two readers of the request could split it differently.
        var lines: [String] = []
        for var line in header.split(separator: 0x0A, omittingEmptySubsequences: true) {
            if line.last == 0x0D { line = line.dropLast() }
            guard !line.contains(0x0D) else {
                answer(client, status: "400 Bad Request", body: "a CR inside a line of the request; lines end with CRLF or LF\n", now: now)
                return
            }
            if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
        }
        // `METHOD SP PATH SP HTTP/d.d`, one space apart (RFC 9112 3).
        let parts = lines.first?.split(separator: " ", omittingEmptySubsequences: false) ?? []
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty, let version = Self.httpVersion(parts[2]),
              lines.count <= Self.maximumHeaders + 1 else {
            answer(client, status: "400 Bad Request", body: "expected 'GET PATH HTTP/1.1' and at most \(Self.maximumHeaders) headers\n", now: now)
            return
        }
        guard version.major == 1 else {
            answer(client, status: "505 HTTP Version Not Supported", body: "this server speaks HTTP/1.1; the request was HTTP/\(version.major).\(version.minor)\n", now: now)
            return
        }
        let method = String(parts[0])
        let path = String(parts[1].prefix { $0 != "?" })
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            // `Name: value`, the name without spaces (RFC 9112 5.1), and one
            // Host (3.2): what is read as the Host is the Host checked.
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0 == " " || $0 == "\t" }),
                  case let name = line[..<colon].lowercased(), name != "host" || headers[name] == nil else {
                let shown = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value < 0x7F }.prefix(80).map(Character.init))
                answer(client, status: "400 Bad Request", body: "a malformed or repeated header line: '\(shown)'; expected 'Name: value'\n", now: now)
                return
            }
            headers[name] = line[line.index(after: colon)...].trimmedOfSpaces()
        }
        if let host = headers["host"], !hosts.accepts(host) {
            // Whatever the page behind this name is, it is not a client of this server (see DevServerHosts).
            let shown = String(host.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F }.prefix(200).map(Character.init))
            answer(client, status: "421 Misdirected Request",
                   body: "reflc watch does not answer to the host '\(shown)'; to allow it, run reflc watch with --allow-host \(DevServerHosts.hostName(shown))\n",
                   now: now)
            return
        }
        let routes = ["/", "/styles.json", "/styles.reflb", "/events", "/diagnostics"]
        guard routes.contains(path) else {
            answer(client, status: "404 Not Found", body: "no such route; try /styles.json, /styles.reflb, /events or /diagnostics\n", now: now)
            return
        }
        guard method == "GET" || method == "HEAD" else {
            answer(client, status: "405 Method Not Allowed", extraHeaders: "Allow: GET, HEAD\r\n", body: "only GET and HEAD are served\n", now: now)
            return
        }
        let isHead = method == "HEAD"
        switch path {
        case "/styles.json", "/styles.reflb":
            guard let table = path == "/styles.json" ? snapshot.json : snapshot.binary else {
                answer(client, status: "503 Service Unavailable", extraHeaders: "Retry-After: 1\r\n",
                       body: "no table yet: the first build is under way, or no build has succeeded (see /diagnostics)\n", isHead: isHead, now: now)
                return
            }
            let tag = "ETag: \(snapshot.etag)\r\nCache-Control: no-cache\r\n"
            if let condition = headers["if-none-match"], Self.ifNoneMatch(condition, matches: snapshot.etag) {
                answer(client, status: "304 Not Modified", extraHeaders: tag, body: nil, now: now)
                return
            }
            answer(client, status: "200 OK", contentType: path == "/styles.json" ? "application/json" : "application/octet-stream",
                   extraHeaders: tag, bytes: table, table: DevServerOutput.TableIdentity(etag: snapshot.etag, isBinary: path != "/styles.json"),
                   isHead: isHead, now: now)
        case "/diagnostics":
            answer(client, status: "200 OK", contentType: "application/json", extraHeaders: "Cache-Control: no-cache\r\n",
                   body: snapshot.report + "\n", isHead: isHead, now: now)
        case "/events":
            client.isAnswered = true
            // The stream has no length: it ends when the connection closes, which the headers say.
            client.queue(Array(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n"
                                + "Connection: close\r\n\r\n").utf8), now: now)
            if isHead {
                client.closesAfterWriting = true
                return
            }
            client.isEventStream = true
            // The stream starts with the current state (the loop queues it), then an event per build.
            client.queue(Array("retry: 1000\n\n".utf8), now: now)
        default:
            answer(client, status: "200 OK", contentType: "text/plain; charset=utf-8",
                   body: "reflc watch: GET /styles.json, /styles.reflb, /events (Server-Sent Events), /diagnostics\n", isHead: isHead, now: now)
        }
    }

    private func answer(_ client: Client, status: String, contentType: String = "text/plain; charset=utf-8",
                        extraHeaders: String = "", body: String?, isHead: Bool = false, now: Double) {
        answer(client, status: status, contentType: contentType, extraHeaders: extraHeaders, bytes: body.map { Array($0.utf8) },
               isHead: isHead, now: now)
    }

    /// Queues the answer; `bytes` (a table) is queued as it is, shared, not copied.
    private func answer(_ client: Client, status: String, contentType: String, extraHeaders: String, bytes: [UInt8]?,
                        table: DevServerOutput.TableIdentity? = nil, isHead: Bool, now: Double) {
        var head = "HTTP/1.1 \(status)\r\n"
        if let bytes { head += "Content-Type: \(contentType)\r\nContent-Length: \(bytes.count)\r\n" }
        head += extraHeaders + "Connection: close\r\n\r\n"
        client.isAnswered = true
        client.queue(Array(head.utf8), now: now)
        if let bytes, !isHead { client.queue(bytes, table: table, now: now) }
        client.closesAfterWriting = true
    }

    // MARK: - Sockets

    /// `host:port` as bound (the port the system picked for port 0).
    private static func boundAddress(_ socket: Int32, host: String) -> String {
        let port = StreamSockets.boundPort(socket)
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

// At file level: inside the server, its own `accept` would hide the system's.
private func acceptConnection(_ listener: Int32) -> Int32 {
    accept(listener, nil, nil)
}

private extension StringProtocol {
    /// Without leading and trailing spaces and tabs.
    func trimmedOfSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
