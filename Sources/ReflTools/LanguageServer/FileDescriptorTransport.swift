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

    /// After a header without a valid `Content-Length`, whose body's length
    /// is unknown: the input is skipped up to the next `Content-Length`
    /// header, where the next message most likely starts.
    private var resynchronizing = false

    /// Every complete message in the buffer.
    private func takeMessages() -> [IncomingMessage] {
        var found: [IncomingMessage] = []
        reading: while skipping == 0 {
            if resynchronizing {
                switch nextContentLengthHeader() {
                case .found(let next):
                    start = next
                    resynchronizing = false
                case .incomplete(let candidate):
                    start = candidate  // looked at again when more has come
                    // A line longer than a header block is no header's.
                    guard buffer.count - start > Self.maximumHeaderSize else { break reading }
                    found.append(.malformed("a message header longer than \(Self.maximumHeaderSize) bytes"))
                    start += 1
                    continue
                case .none:
                    // Keep what could be the start of the header's name, split across reads.
                    start = max(start, buffer.count - (Self.contentLengthName.count - 1))
                    break reading
                }
            }
            // Line ends between messages (after a body, before a header) are no header.
            while start < buffer.count && (buffer[start] == 13 || buffer[start] == 10) { start += 1 }
            guard let (headerEnd, bodyStart) = headerEnd() else {
                guard buffer.count - start > Self.maximumHeaderSize else { break }
                // Reported once, and skipped as a header without a valid
                // Content-Length is, up to the next whole `Content-Length: N`
                // line: how much of it and of what follows came in this read
                // changes nothing, and a message after it in the same read is kept.
                found.append(.malformed("a message header longer than \(Self.maximumHeaderSize) bytes"))
                start += 1
                resynchronizing = true
                continue
            }
            guard let length = Self.contentLength(in: buffer[start..<headerEnd]) else {
                found.append(.malformed("a message header without a valid Content-Length"))
                // Looked for again from just after where this one started: it
                // may itself hold one after garbage (`junkContent-Length: 5`).
                start += 1
                resynchronizing = true
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
        if start > 1 << 20 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
        return found
    }

    /// Where the header that starts the unread input ends, and its body
    /// starts: after the empty line, `\r\n\r\n` as the protocol writes it,
    /// or `\n\n` as some clients do.
    private func headerEnd() -> (end: Int, body: Int)? {
        let limit = min(buffer.count, start + Self.maximumHeaderSize)
        var index = start
        while index < limit {
            if buffer[index] == 10 {
                if index + 1 < buffer.count && buffer[index + 1] == 10 { return (index, index + 2) }
                if index + 2 < buffer.count && buffer[index + 1] == 13 && buffer[index + 2] == 10 { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    private static let contentLengthName = Array("content-length:".utf8)

    private enum HeaderSearch {
        case found(Int)
        /// A `Content-Length:` whose line has not all come yet.
        case incomplete(Int)
        case none
    }

    /// Where the next header line `Content-Length: N` (the name in any case)
    /// starts in the unread input. Only a whole such line counts: the text
    /// `Content-Length: 5"` inside the skipped message's JSON is no header
    /// (a JSON string holds no raw line end), and taking it for one would
    /// report the message malformed a second time.
    private func nextContentLengthHeader() -> HeaderSearch {
        let name = Self.contentLengthName
        guard buffer.count - start >= name.count else { return .none }
        for index in start...(buffer.count - name.count) {
            var matches = true
            for offset in name.indices where buffer[index + offset] | 0x20 != name[offset] | 0x20 {
                matches = false
                break
            }
            guard matches else { continue }
            switch isLengthLine(name: index, from: index + name.count) {
            case true?: return .found(index)
            case nil: return .incomplete(index)
            case false?: continue
            }
        }
        return .none
    }

    /// Whether the line from `name` (where a `Content-Length:` starts) to its
    /// line end is one `contentLength(in:)` reads a length from: spaces, the
    /// number, spaces, `\n` or `\r\n`; the same test as a header's, so a line
    /// taken for a header is never reported malformed again (`99…9`, which
    /// overflows, or a `\r` in the name, which the search's case folding
    /// matches to `-`). Nil when the input stops before the line end.
    private func isLengthLine(name: Int, from index: Int) -> Bool? {
        var end = index
        while end < buffer.count && buffer[end] != 10 {
            let byte = buffer[end]
            // Nothing but what a length's line holds, so a long line that is no header is not waited for.
            guard byte == 32 || byte == 9 || byte == 13 || byte == 43 || (byte >= 48 && byte <= 57) else { return false }
            end += 1
        }
        guard end < buffer.count else { return nil }
        return Self.contentLength(in: buffer[name..<end]) != nil
    }

    /// The `Content-Length` of a header block, its lines ended by `\r\n` or `\n`
    /// (split as bytes: a `String` holds `\r\n` as one character).
    private static func contentLength(in header: ArraySlice<UInt8>) -> Int? {
        for bytes in header.split(separator: 10) {
            let line = String(decoding: bytes.last == 13 ? bytes.dropLast() : bytes, as: UTF8.self)[...]
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
