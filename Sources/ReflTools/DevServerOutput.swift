/// What a dev server client is still to be sent: a queue of byte arrays and
/// how far into the first one the client has read.
///
/// A table or an event is queued as the array the server holds, never
/// copied: a Swift array shares its storage until someone changes it, and
/// nobody changes a published table. So a thousand clients reading a 14 MB
/// table cost one table, plus a reference and an offset each.
struct DevServerOutput {
    private(set) var pieces: [[UInt8]] = []
    private var offset = 0

    var isEmpty: Bool { pieces.isEmpty }

    /// Bytes not yet sent.
    var pending: Int { pieces.reduce(0) { $0 + $1.count } - offset }

    mutating func append(_ piece: [UInt8]) {
        if !piece.isEmpty { pieces.append(piece) }
    }

    /// Calls `send` with the next unsent bytes; what it returns (a count
    /// sent, or a negative error) is returned, and the count is consumed.
    mutating func send(_ send: (UnsafeRawBufferPointer) -> Int) -> Int {
        guard let first = pieces.first else { return 0 }
        let sent = first.withUnsafeBytes { send(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
        guard sent > 0 else { return sent }
        offset += sent
        if offset == first.count {
            pieces.removeFirst()
            offset = 0
        }
        return sent
    }

    /// Whether `bytes` (by identity of its storage, not its content) is queued.
    func holds(_ bytes: [UInt8]) -> Bool {
        let identity = Self.identity(of: bytes)
        return pieces.contains { Self.identity(of: $0) == identity }
    }

    /// The storage of an array, to tell shared copies apart without comparing bytes.
    static func identity(of bytes: [UInt8]) -> UnsafeRawPointer? {
        bytes.withUnsafeBytes { $0.baseAddress }
    }
}
