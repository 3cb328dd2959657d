
/// A function the compiler does not know, kept for host plugins:
/// `{"type":"call","name":"constraint","args":[VALUE, ...]}`; record `w0`
/// the name, `w1` first value-list entry, `w2` count.
enum CallCodec: ValueCodec {
    static let kind = StyleValueKind.call
    static let jsonType: StaticString = "call"
    static let binaryKind: UInt8 = 19

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .call(let name, let arguments) = value else { preconditionFailure("not a call") }
        writer.raw("{\"type\":\"call\",\"name\":")
        writer.string(name)
        writer.raw(",\"args\":")
        writer.values(arguments)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var name: String?
        var arguments: [StyleValue]?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "name": name = try reader.name()
            case "args": arguments = try reader.values()
            default: return false
            }
            return true
        }
        return .call(name: try object.required(name, "name"), arguments: try object.required(arguments, "args"))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .call(let name, let arguments) = value else { preconditionFailure("not a call") }
        let list = writer.beginList()
        for argument in arguments {
            let id = writer.value(argument)
            writer.appendToList(id)
        }
        return BinaryValueFields(words: [writer.string(name), 0, UInt32(arguments.count)],
                                 list: writer.endList(.valueLists, from: list, firstWord: 1))
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.string, word: 0, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .call(name: record.string(0), arguments: record.values(first: 1, count: 2))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.string(0, "function name")
        try record.ownValueList(first: 1, count: 2)
    }
}
