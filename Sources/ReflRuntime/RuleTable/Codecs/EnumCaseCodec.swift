
/// A UIKit enum keyword (`mode-center`):
/// `{"type":"enum","enum":"UIViewContentMode","case":"center","rawValue":4}`;
/// record `w0` the enum's name, `w1` the case's, `w2` the raw value (a whole number).
enum EnumCaseCodec: ValueCodec {
    static let kind = StyleValueKind.enumCase
    static let jsonType: StaticString = "enum"
    static let binaryKind: UInt8 = 17

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .enumCase(let enumCase) = value else { preconditionFailure("not an enum case") }
        writer.raw("{\"type\":\"enum\",\"enum\":")
        writer.string(enumCase.enumName)
        writer.raw(",\"case\":")
        writer.string(enumCase.caseName)
        writer.raw(",\"rawValue\":")
        writer.integer(enumCase.rawValue)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var enumName: String?, caseName: String?, rawValue: Int?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "enum": enumName = try reader.name()
            case "case": caseName = try reader.name()
            case "rawValue": rawValue = try reader.integer()
            default: return false
            }
            return true
        }
        return .enumCase(EnumCase(enumName: try object.required(enumName, "enum"), caseName: try object.required(caseName, "case"),
                                  rawValue: try object.required(rawValue, "rawValue")))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .enumCase(let enumCase) = value else { preconditionFailure("not an enum case") }
        return BinaryValueFields(words: [writer.string(enumCase.enumName), writer.string(enumCase.caseName),
                                         writer.number(Double(enumCase.rawValue))])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.string, word: 0, through: ids)
        fields.renumber(.string, word: 1, through: ids)
        fields.renumber(.number, word: 2, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .enumCase(EnumCase(enumName: record.string(0), caseName: record.string(1), rawValue: Int(record.number(2))))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.check(record.isString(record.word(0)) && record.isString(record.word(1)), "the enum's names do not exist")
        try record.check(record.isWholeNumber(2), "the enum's raw value is not a whole number")
    }
}
