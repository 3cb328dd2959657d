
/// `condition('...')`: `{"type":"condition","condition":CONDITION}`; record
/// `w0` a condition index.
enum ConditionValueCodec: ValueCodec {
    static let kind = StyleValueKind.condition
    static let jsonType: StaticString = "condition"
    static let binaryKind: UInt8 = 16

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .condition(let condition) = value else { preconditionFailure("not a condition") }
        writer.raw("{\"type\":\"condition\",\"condition\":")
        writer.condition(condition)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var condition: Condition?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            guard case "condition" = key else { return false }
            condition = try reader.condition()
            return true
        }
        return .condition(try object.required(condition, "condition"))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .condition(let condition) = value else { preconditionFailure("not a condition") }
        return BinaryValueFields(words: [writer.condition(condition)])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.condition, word: 0, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .condition(record.table.condition(record.word(0)))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        // Conditions come later in the file: checked against their count, which is known.
        try record.check(Int(record.word(0)) < record.conditionCount, "condition \(record.word(0)) does not exist")
    }
}
