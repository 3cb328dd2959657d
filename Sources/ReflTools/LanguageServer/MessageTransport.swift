/// How the language server talks with its client: it takes the messages
/// that came and sends its own. `FileDescriptorTransport` is the protocol's
/// framing on standard input and output (`reflc lsp`); `InMemoryTransport`
/// hands messages over in the same process (a host that embeds the server,
/// tests).
public protocol MessageTransport: AnyObject {
    /// Waits at most `milliseconds` (-1: until something comes) and returns
    /// the messages complete by then, in order.
    func receive(waitingAtMost milliseconds: Int32) -> [IncomingMessage]
    /// Sends one message.
    func send(_ message: JSON)
    /// The input has ended: no message will come any more.
    var isClosed: Bool { get }
    /// Sending failed (the client went away): the server stops.
    var sendFailed: Bool { get }
}

/// What came from the client.
public enum IncomingMessage: Sendable {
    /// A message's JSON text.
    case message([UInt8])
    /// Input that is no message (bad framing); the reason, in words.
    case malformed(String)
}
