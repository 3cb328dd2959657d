
/// A kind stored as a few named numbers: in JSON as members of those
/// names, in a value record as number codes in `w0`, `w1`, … in that order.
protocol NumberFieldsCodec: ValueCodec {
    /// The JSON members, in the order of the record's words.
    static var fieldNames: [StaticString] { get }
    static func numbers(of value: StyleValue) -> NumberFields
    static func value(from numbers: NumberFields) -> StyleValue
}

extension NumberFieldsCodec {
    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        let numbers = numbers(of: value)
        writer.raw("{\"type\":\"")
        writer.raw(jsonType)
        writer.raw("\"")
        for index in fieldNames.indices {
            writer.raw(",\"")
            writer.raw(fieldNames[index])
            writer.raw("\":")
            writer.number(numbers[index])
        }
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        value(from: try reader.numbers(of: object, named: fieldNames))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        binaryFields(numbers(of: value), to: &writer)
    }

    /// The record of a value of these `numbers`: their number codes, in order.
    static func binaryFields(_ numbers: NumberFields, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        var words = ValueWords()
        for index in fieldNames.indices { words.append(writer.number(numbers[index])) }
        return BinaryValueFields(words: words)
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumberNumbers(0..<fieldNames.count, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        var numbers = NumberFields()
        for index in fieldNames.indices { numbers[index] = record.number(index) }
        return value(from: numbers)
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.numbers(fieldNames.count)
    }
}
