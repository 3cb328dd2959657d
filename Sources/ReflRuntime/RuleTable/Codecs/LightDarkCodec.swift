
/// `light-dark(light, dark)`: `{"type":"lightDark","light":COLOR,"dark":COLOR}`;
/// record `w0` the light color value, `w1` the dark one.
enum LightDarkCodec: ValueCodec {
    static let kind = StyleValueKind.lightDark
    static let jsonType: StaticString = "lightDark"
    static let binaryKind: UInt8 = 21

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .lightDark(let light, let dark) = value else { preconditionFailure("not a light-dark color") }
        writer.raw("{\"type\":\"lightDark\",\"light\":")
        ColorCodec.write(light, to: writer)
        writer.raw(",\"dark\":")
        ColorCodec.write(dark, to: writer)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var light: Color?, dark: Color?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            let isLight: Bool
            switch key {
            case "light": isLight = true
            case "dark": isLight = false
            default: return false
            }
            let at = reader.offset
            guard case .color(let color) = try reader.value() else { throw reader.failure("expected a color", at: at) }
            if isLight { light = color } else { dark = color }
            return true
        }
        return .lightDark(light: try object.required(light, "light"), dark: try object.required(dark, "dark"))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .lightDark(let light, let dark) = value else { preconditionFailure("not a light-dark color") }
        return BinaryValueFields(words: [writer.value(.color(light)), writer.value(.color(dark))])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.value, word: 0, through: ids)
        fields.renumber(.value, word: 1, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        guard case .color(let light) = record.value(0), case .color(let dark) = record.value(1) else {
            preconditionFailure("checked at load: a light-dark value holds two colors")
        }
        return .lightDark(light: light, dark: dark)
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        for (word, role) in [(0, "the light color"), (1, "the dark color")] {
            let kind = try record.earlierValue(word, role)
            try record.check(kind == ColorCodec.binaryKind, "a light-dark value of something other than colors")
        }
    }
}
