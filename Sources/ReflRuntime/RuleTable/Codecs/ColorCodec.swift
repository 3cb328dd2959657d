
/// `#ff8000`, `rgba(...)`: `{"type":"color","rgba":[1,0.50196,0,1],"hex":"#ff8000ff"}`
/// (components 0...1; `hex` is for people and is not read back); record
/// `w0`–`w3` red, green, blue, alpha.
enum ColorCodec: ValueCodec {
    static let kind = StyleValueKind.color
    static let jsonType: StaticString = "color"
    static let binaryKind: UInt8 = 5

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .color(let color) = value else { preconditionFailure("not a color") }
        write(color, to: writer)
    }

    /// A color's JSON; a color written recently is copied from the writer's cache.
    static func write(_ color: Color, to writer: JSONWriter) {
        if let json = writer.colors.json(of: color) {
            writer.output.append(json)
            return
        }
        let start = writer.output.count
        writer.raw("{\"type\":\"color\",\"rgba\":[")
        writer.number(color.red)
        writer.raw(",")
        writer.number(color.green)
        writer.raw(",")
        writer.number(color.blue)
        writer.raw(",")
        writer.number(color.alpha)
        writer.raw("],\"hex\":")
        writer.hexColor(color)
        writer.raw("}")
        writer.colors.keep(writer.output, from: start, of: color)
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var components: NumberFields?
        try reader.members(of: object, expecting: ["rgba", "hex"]) { reader, key throws(TableReadFailure) in
            guard case "rgba" = key else { return false }
            let at = reader.offset
            var read = NumberFields()
            var count = 0
            try reader.items { reader throws(TableReadFailure) in
                let component = try reader.number()
                if count < 4 { read[count] = component }
                count += 1
            }
            guard count == 4 else { throw reader.failure("expected four components", at: at) }
            components = read
            return true
        }
        let rgba = try object.required(components, "rgba")
        return .color(Color(red: rgba[0], green: rgba[1], blue: rgba[2], alpha: rgba[3]))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .color(let color) = value else { preconditionFailure("not a color") }
        return binaryFields(color, to: &writer)
    }

    /// The record of `color`: its four components' number codes.
    static func binaryFields(_ color: Color, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        BinaryValueFields(words: [writer.number(color.red), writer.number(color.green), writer.number(color.blue),
                                  writer.number(color.alpha)])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumberNumbers(0..<4, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .color(Color(red: record.number(0), green: record.number(1), blue: record.number(2), alpha: record.number(3)))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.numbers(4)
    }
}
