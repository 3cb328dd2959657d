#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// The Language Server Protocol's base protocol on two file descriptors
/// (standard input and output by default): each message is
/// `Content-Length: N` (other headers ignored), an empty line, and N bytes
/// of JSON.
///
/// Reading never blocks longer than asked (the server waits for input or
/// for its next debounced job, whichever comes first). Bad framing — a
/// header without `Content-Length`, a header block over 8 KiB, a body over
/// the limit — is reported once and skipped, and reading goes on with the
/// next message.
public final class FileDescriptorTransport: MessageTransport {
    /// The largest message read: far above a 100 MB stylesheet sent whole.
    public static let maximumMessageSize = 256 << 20
    /// The largest header block.
    public static let maximumHeaderSize = 8 << 10

    private let input: Int32
    private let output: Int32
    private var buffer: [UInt8] = []
    /// Where unread input starts in `buffer`.
    private var start = 0
    /// Bytes of an oversized message still to be skipped.
    private var skipping = 0
    public private(set) var isClosed = false
    public private(set) var sendFailed = false

    public init(input: Int32 = 0, output: Int32 = 1) {
        self.input = input
        self.output = output
    }

    public func receive(waitingAtMost milliseconds: Int32) -> [IncomingMessage] {
        var found = takeMessages()
        guard found.isEmpty, !isClosed else { return found }
        var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        guard ready > 0 else { return [] }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = Descriptor.read(input, into: &chunk)
        if count < 0 {
            if errno == EAGAIN { return [] }
            isClosed = true
            return []
        }
        if count == 0 {
            isClosed = true
            return []
        }
        append(chunk[0..<count])
        found = takeMessages()
        return found
    }

    private func append(_ bytes: ArraySlice<UInt8>) {
        var bytes = bytes
        if skipping > 0 {
            let skipped = min(skipping, bytes.count)
            skipping -= skipped
            bytes = bytes.dropFirst(skipped)
        }
        if start > 0 && start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Every complete message in the buffer.
    private func takeMessages() -> [IncomingMessage] {
        var found: [IncomingMessage] = []
        while skipping == 0, let headerEnd = headerEnd() {
            let header = String(decoding: buffer[start..<headerEnd], as: UTF8.self)
            let bodyStart = headerEnd + 4
            guard let length = Self.contentLength(in: header) else {
                found.append(.malformed("a message header without a valid Content-Length"))
                start = bodyStart
                continue
            }
            guard length <= Self.maximumMessageSize else {
                found.append(.malformed("a message of \(length) bytes, over the limit of \(Self.maximumMessageSize)"))
                let available = buffer.count - bodyStart
                skipping = max(0, length - available)
                start = min(buffer.count, bodyStart + length)
                continue
            }
            guard buffer.count - bodyStart >= length else { break }
            found.append(.message(Array(buffer[bodyStart..<bodyStart + length])))
            start = bodyStart + length
        }
        if skipping == 0 && buffer.count - start > Self.maximumHeaderSize && headerEnd() == nil {
            found.append(.malformed("a message header longer than \(Self.maximumHeaderSize) bytes"))
            start = buffer.count
        }
        if start > 1 << 20 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return found
    }

    /// The offset of the `\r\n\r\n` ending the header that starts the unread input.
    private func headerEnd() -> Int? {
        guard buffer.count - start >= 4 else { return nil }
        let limit = min(buffer.count - 3, start + Self.maximumHeaderSize)
        var index = start
        while index < limit {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 { return index }
            index += 1
        }
        return nil
    }

    private static func contentLength(in header: String) -> Int? {
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            let value = parts[1].trimmingSpaces
            guard let length = Int(value), length >= 0 else { return nil }
            return length
        }
        return nil
    }

    public func send(_ message: JSON) {
        guard !sendFailed else { return }
        let body = message.pieces
        let header = Array("Content-Length: \(body.reduce(0) { $0 + $1.count })\r\n\r\n".utf8)
        for piece in [header] + body where !piece.isEmpty {
            if Descriptor.writeAll(piece[...], to: output) != nil {
                sendFailed = true
                return
            }
        }
    }

}

extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " || text.first == "\t" { text.removeFirst() }
        while text.last == " " || text.last == "\t" { text.removeLast() }
        return text
    }
}
