
/// `12`, `12px`, `12pt`: `{"type":"number","value":12,"unit":"px"}` (no
/// `unit` for a bare number); record `small` the unit (0 none, 1 px, 2 pt), `w0` the number.
enum NumberCodec: ValueCodec {
    static let kind = StyleValueKind.number
    static let jsonType: StaticString = "number"
    static let binaryKind: UInt8 = 0

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .number(let number, let unit) = value else { preconditionFailure("not a number") }
        write(number, unit: unit, to: writer)
    }

    /// A number's JSON, from its parts.
    static func write(_ number: Double, unit: LengthUnit?, to writer: JSONWriter) {
        writer.raw("{\"type\":\"number\",\"value\":")
        writer.number(number)
        switch unit {
        case .px?: writer.raw(",\"unit\":\"px\"}")
        case .pt?: writer.raw(",\"unit\":\"pt\"}")
        case nil: writer.raw("}")
        }
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var number: Double?
        var unit: LengthUnit?
        try reader.members(of: object, expecting: ["value", "unit"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "value": number = try reader.number()
            case "unit": unit = try reader.keyword(LengthUnit.self)
            default: return false
            }
            return true
        }
        return .number(try object.required(number, "value"), unit: unit)
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .number(let number, let unit) = value else { preconditionFailure("not a number") }
        return BinaryValueFields(small: BinaryFormat.unitCode(unit), words: [writer.number(number)])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.number, word: 0, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .number(record.number(0), unit: BinaryFormat.unit(record.small)!)
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.check(BinaryFormat.unit(record.small) != nil, "unknown unit \(record.small)")
        try record.numbers(1)
    }
}
