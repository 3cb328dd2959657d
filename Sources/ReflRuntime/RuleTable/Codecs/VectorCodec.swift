
/// `vector(v, ...)`: `{"type":"vector","items":[VALUE, ...]}`; record `w0`
/// first value-list entry, `w1` count.
enum VectorCodec: ValueCodec {
    static let kind = StyleValueKind.vector
    static let jsonType: StaticString = "vector"
    static let binaryKind: UInt8 = 14

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .vector(let items) = value else { preconditionFailure("not a vector") }
        writer.raw("{\"type\":\"vector\",\"items\":")
        writer.values(items)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var items: [StyleValue]?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            guard case "items" = key else { return false }
            items = try reader.values()
            return true
        }
        return .vector(try object.required(items, "items"))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .vector(let items) = value else { preconditionFailure("not a vector") }
        let list = writer.beginList()
        for item in items {
            let id = writer.value(item)
            writer.appendToList(id)
        }
        return BinaryValueFields(words: [0, UInt32(items.count)], list: writer.endList(.valueLists, from: list, firstWord: 0))
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {}  // its one reference is its list

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .vector(record.values(first: 0, count: 1))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.ownValueList(first: 0, count: 1)
    }
}
