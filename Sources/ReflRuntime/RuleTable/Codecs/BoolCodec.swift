
/// `true`, `false`: `{"type":"bool","value":true}`; record `small` 0 or 1.
enum BoolCodec: ValueCodec {
    static let kind = StyleValueKind.bool
    static let jsonType: StaticString = "bool"
    static let binaryKind: UInt8 = 4

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .bool(let flag) = value else { preconditionFailure("not a bool") }
        writer.raw("{\"type\":\"bool\",\"value\":")
        writer.bool(flag)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var flag: Bool?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            guard case "value" = key else { return false }
            flag = try reader.bool()
            return true
        }
        return .bool(try object.required(flag, "value"))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .bool(let flag) = value else { preconditionFailure("not a bool") }
        return BinaryValueFields(small: flag ? 1 : 0)
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {}

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .bool(record.small != 0)
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.check(record.small <= 1, "a bool of \(record.small)")
    }
}
