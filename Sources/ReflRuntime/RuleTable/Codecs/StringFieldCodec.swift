
/// A kind stored as one string: in JSON as the member `fieldName`, in a
/// value record as `w0`.
protocol StringFieldCodec: ValueCodec {
    static var fieldName: StaticString { get }
    static func text(of value: StyleValue) -> String
    static func value(from text: String) -> StyleValue
}

extension StringFieldCodec {
    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        writer.raw("{\"type\":\"")
        writer.raw(jsonType)
        writer.raw("\",\"")
        writer.raw(fieldName)
        writer.raw("\":")
        writer.string(text(of: value))
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var text: String?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            guard fieldName ~= key else { return false }
            text = try reader.string()
            return true
        }
        return value(from: try object.required(text, "\(fieldName)"))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        BinaryValueFields(words: [writer.string(text(of: value))])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.string, word: 0, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        value(from: record.string(0))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.string(0)
    }
}
