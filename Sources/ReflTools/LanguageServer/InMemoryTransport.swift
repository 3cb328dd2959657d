#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A transport in memory, for a server run in the host's own process and
/// thread: the host queues the client's messages, lets the server serve
/// them (`LanguageServer.serve(waitingAtMost:)`), and takes what it sent.
///
/// Nothing can come while the server waits, so a wait is only time passing
/// (for debounced diagnostics): `receive` sleeps that long when the queue
/// is empty, and never longer.
public final class InMemoryTransport: MessageTransport {
    private var queue: [IncomingMessage] = []
    private var sent: [JSON] = []
    public private(set) var isClosed = false
    public let sendFailed = false

    public init() {}

    /// Queues a message of the client.
    public func push(_ message: JSON) { queue.append(.message(message.bytes)) }

    /// Queues a message's text as it is, JSON or not.
    public func push(text: [UInt8]) { queue.append(.message(text)) }

    /// Queues input that is no message, as bad framing gives.
    public func pushMalformed(_ reason: String) { queue.append(.malformed(reason)) }

    /// Ends the input, as a client that closes its side.
    public func close() { isClosed = true }

    /// The messages the server sent since the last call, in order, each as
    /// a client reads it (its text parsed again).
    public func takeSent() -> [JSON] {
        defer { sent.removeAll() }
        return sent
    }

    public func receive(waitingAtMost milliseconds: Int32) -> [IncomingMessage] {
        if queue.isEmpty && milliseconds > 0 && !isClosed {
            var time = timespec(tv_sec: Int(milliseconds / 1000), tv_nsec: Int(milliseconds % 1000) * 1_000_000)
            nanosleep(&time, nil)
        }
        defer { queue.removeAll() }
        return queue
    }

    public func send(_ message: JSON) {
        // Through the text: what a client would read, `.encoded` answers included.
        let text = message.bytes
        sent.append((try? JSON.parse(text)) ?? ["notJSON": .string(String(decoding: text, as: UTF8.self))])
    }
}
