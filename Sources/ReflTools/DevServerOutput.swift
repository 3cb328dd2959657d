/// What a dev server client is still to be sent: a queue of byte arrays and
/// how far into the first one the client has read.
///
/// A table or an event is queued as the array the server holds, never
/// copied: a Swift array shares its storage until someone changes it, and
/// nobody changes a published table. So a thousand clients reading a 14 MB
/// table cost one table, plus a reference and an offset each.
struct DevServerOutput {
    /// One queued array, and the table it is when it is one (its ETag and
    /// form), which tells a superseded table from the current one.
    struct Piece {
        let bytes: [UInt8]
        let table: TableIdentity?
    }

    /// A published table: the build's ETag, and which form.
    struct TableIdentity: Hashable {
        let etag: String
        let isBinary: Bool
    }

    private(set) var pieces: [Piece] = []
    private var offset = 0

    var isEmpty: Bool { pieces.isEmpty }

    /// Bytes not yet sent.
    var pending: Int { pieces.reduce(0) { $0 + $1.bytes.count } - offset }

    mutating func append(_ piece: [UInt8], table: TableIdentity? = nil) {
        if !piece.isEmpty { pieces.append(Piece(bytes: piece, table: table)) }
    }

    /// Calls `send` with the next unsent bytes; what it returns (a count
    /// sent, or a negative error) is returned, and the count is consumed.
    mutating func send(_ send: (ArraySlice<UInt8>) -> Int) -> Int {
        guard let first = pieces.first?.bytes else { return 0 }
        let sent = send(first[offset...])
        guard sent > 0 else { return sent }
        offset += sent
        if offset == first.count {
            pieces.removeFirst()
            offset = 0
        }
        return sent
    }
}
