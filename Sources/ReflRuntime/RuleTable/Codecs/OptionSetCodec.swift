
/// UIKit option keywords (`flexible-width, flexible-height`):
/// `{"type":"optionSet","optionSet":"UIViewAutoresizing","options":["flexibleWidth","flexibleHeight"],"rawValue":18}`;
/// record `w0` the set's name, `w1` first string-list entry, `w2` count,
/// `w3` the raw value (a whole number).
enum OptionSetCodec: ValueCodec {
    static let kind = StyleValueKind.optionSet
    static let jsonType: StaticString = "optionSet"
    static let binaryKind: UInt8 = 18

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .optionSet(let options) = value else { preconditionFailure("not an option set") }
        writer.raw("{\"type\":\"optionSet\",\"optionSet\":")
        writer.string(options.setName)
        writer.raw(",\"options\":[")
        for (index, option) in options.options.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(option)
        }
        writer.raw("],\"rawValue\":")
        writer.integer(options.rawValue)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var setName: String?, options: [String]?, rawValue: Int?
        try reader.members(of: object, expecting: ["optionSet", "options", "rawValue"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "optionSet": setName = try reader.name()
            case "rawValue": rawValue = try reader.integer()
            case "options":
                var names: [String] = []
                try reader.items { reader throws(TableReadFailure) in names.append(try reader.name()) }
                options = names
            default: return false
            }
            return true
        }
        return .optionSet(OptionSetValue(setName: try object.required(setName, "optionSet"), options: try object.required(options, "options"),
                                         rawValue: try object.required(rawValue, "rawValue")))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .optionSet(let options) = value else { preconditionFailure("not an option set") }
        let list = writer.beginList()
        for option in options.options {
            let id = writer.string(option)
            writer.appendToList(id)
        }
        return BinaryValueFields(words: [writer.string(options.setName), 0, UInt32(options.options.count), writer.number(Double(options.rawValue))],
                                 list: writer.endList(.stringLists, from: list, firstWord: 1))
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.string, word: 0, through: ids)
        fields.renumber(.number, word: 3, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .optionSet(OptionSetValue(setName: record.string(0), options: record.strings(first: 1, count: 2), rawValue: Int(record.number(3))))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.string(0, "option set name")
        try record.check(record.isWholeNumber(3), "the option set's raw value is not a whole number")
        try record.ownStringList(first: 1, count: 2)
    }
}
