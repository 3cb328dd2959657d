#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflRuntime

/// One HTTP/1.1 exchange with the dev server over a plain TCP socket: the
/// system's sockets rather than Foundation's networking, which is not the
/// same on Linux and iOS. Every wait is bounded, and so is every answer.
final class HTTPConnection {
    /// Why an exchange failed, in words for a log.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The parts of an answer before its body.
    struct Head {
        var status: Int
        var headers: [String: String]
    }

    /// Bytes of a status line and headers, at most.
    static let maximumHeadBytes = 16 * 1024
    /// Bytes of a body, at most: a table past this is refused.
    static let maximumBodyBytes = 256 * 1024 * 1024

    private let descriptor: Int32
    private let stop: Int32
    private var buffer: [UInt8] = []
    private var closed = false

    /// Connects to `host`:`port` within `timeout` seconds; `stop` is a
    /// descriptor that, when readable, ends any wait.
    init(host: String, port: Int, timeout: Double, stop: Int32) throws(Failure) {
        self.stop = stop
        guard case .success(let addresses) = SocketAddress.resolve(host: host, port: String(port)) else {
            throw Failure(description: "cannot find the address of '\(host)'")
        }
        var lastError = "no address"
        for address in addresses {
            let socket = address.makeSocket()
            guard socket >= 0 else { continue }
            StreamSockets.prepare(socket)
            if address.connect(socket) == 0 || errno == EINPROGRESS {
                switch Self.wait(socket, events: Int16(POLLOUT), stop: stop, timeout: timeout) {
                case .ready:
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 {
                        descriptor = socket
                        return
                    }
                    lastError = String(cString: strerror(error))
                case .timedOut: lastError = "no answer within \(Int(timeout)) s"
                case .stopped:
                    close(socket)
                    throw Failure(description: "stopped")
                }
            } else {
                lastError = String(cString: strerror(errno))
            }
            close(socket)
        }
        throw Failure(description: "cannot connect to \(host):\(port): \(lastError)")
    }

    deinit { close(descriptor) }

    /// Sends a `GET` for `path` with a `Host` header the server accepts.
    func get(_ path: String, host: String, port: Int, headers: [String: String] = [:], timeout: Double) throws(Failure) {
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var request = "GET \(path) HTTP/1.1\r\nHost: \(hostHeader)\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        var bytes = Array(request.utf8)[...]
        while !bytes.isEmpty {
            let sent = Descriptor.send(bytes, on: descriptor)
            if sent > 0 {
                bytes = bytes.dropFirst(sent)
                continue
            }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw Failure(description: "the request could not be sent")
            }
            try waitFor(Int16(POLLOUT), timeout: timeout)
        }
    }

    /// The status line and headers of the answer.
    func readHead(timeout: Double) throws(Failure) -> Head {
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer) {
                let text = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 4)
                return try Self.parseHead(text)
            }
            guard buffer.count <= Self.maximumHeadBytes else { throw Failure(description: "the answer's headers pass 16 KiB") }
            guard try fill(timeout: timeout) else { throw Failure(description: "the connection closed before the answer's headers ended") }
        }
    }

    /// A body of `length` bytes.
    func readBody(length: Int, timeout: Double) throws(Failure) -> [UInt8] {
        guard length <= Self.maximumBodyBytes else { throw Failure(description: "the answer's body (\(length) bytes) passes 256 MiB") }
        while buffer.count < length {
            guard try fill(timeout: timeout) else { throw Failure(description: "the connection closed after \(buffer.count) of \(length) bytes") }
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return body
    }

    /// The next line of a stream (without its line break); nil at its end.
    /// `timeout` bounds the wait for one line (the server sends a comment
    /// on an idle stream, so a silent one is gone).
    func readLine(timeout: Double) throws(Failure) -> String? {
        while true {
            if let end = buffer.firstIndex(of: 10) {
                var line = buffer[..<end]
                if line.last == 13 { line = line.dropLast() }
                let text = String(decoding: line, as: UTF8.self)
                buffer.removeFirst(end + 1)
                return text
            }
            guard buffer.count <= Self.maximumHeadBytes * 64 else { throw Failure(description: "a line of the event stream passes 1 MiB") }
            guard try fill(timeout: timeout) else { return nil }
        }
    }

    /// Reads what has arrived; false at the end of the stream.
    private func fill(timeout: Double) throws(Failure) -> Bool {
        guard !closed else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = Descriptor.read(descriptor, into: &chunk)
            if count > 0 {
                buffer.append(contentsOf: chunk[..<count])
                return true
            }
            if count == 0 {
                closed = true
                return false
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw Failure(description: "the connection failed: \(String(cString: strerror(errno)))")
            }
            try waitFor(Int16(POLLIN), timeout: timeout)
        }
    }

    private func waitFor(_ events: Int16, timeout: Double) throws(Failure) {
        switch Self.wait(descriptor, events: events, stop: stop, timeout: timeout) {
        case .ready: return
        case .timedOut: throw Failure(description: "the server sent nothing for \(Int(timeout)) s")
        case .stopped: throw Failure(description: "stopped")
        }
    }

    enum WaitOutcome { case ready, timedOut, stopped }

    static func wait(_ descriptor: Int32, events: Int16, stop: Int32, timeout: Double) -> WaitOutcome {
        let deadline = MonotonicClock.now() + timeout
        while true {
            var descriptors = [pollfd(fd: descriptor, events: events, revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            let left = max(0, deadline - MonotonicClock.now())
            let result = poll(&descriptors, 2, Int32((left * 1000).rounded(.up)))
            if result < 0 && errno == EINTR { continue }
            if descriptors[1].revents != 0 { return .stopped }
            if result > 0 { return .ready }
            if MonotonicClock.now() >= deadline { return .timedOut }
        }
    }

    /// `HTTP/1.1 200 OK` and `Name: value` lines.
    static func parseHead(_ text: String) throws(Failure) -> Head {
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]), (100...599).contains(status) else {
            throw Failure(description: "not an HTTP answer: '\(String(text.prefix(60)))'")
        }
        var headers: [String: String] = [:]
        for line in lines where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw Failure(description: "a malformed header line: '\(String(line.prefix(60)))'") }
            let name = line[..<colon].lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
        }
        return Head(status: status, headers: headers)
    }

    static func find(_ pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return start }
        }
        return nil
    }
}

private extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var text = self
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}
