
/// `font('Name', 16pt)`, `font('system', 17pt, semibold)`, `font(headline)`:
/// `{"type":"font","name":"Arial","size":NUMBER_OR_PERCENT,"system":false}`,
/// with `"weight"` and `"textStyle"` when given. Record: `w0` the name,
/// `w1` the size; `small` bit 0 system font, bit 1 size in percent, bits
/// 2–3 the unit; `wide` low byte weight + 1, high byte text style + 1.
enum FontCodec: ValueCodec {
    static let kind = StyleValueKind.font
    static let jsonType: StaticString = "font"
    static let binaryKind: UInt8 = 7

    private static let systemBit: UInt8 = 1
    private static let percentBit: UInt8 = 2

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .font(let font) = value else { preconditionFailure("not a font") }
        writer.raw("{\"type\":\"font\",\"name\":")
        writer.string(font.name)
        writer.raw(",\"size\":")
        switch font.size {
        case .points(let points, let unit): writer.value(.number(points, unit: unit))
        case .percent(let percent): writer.value(.percent(percent))
        }
        writer.raw(",\"system\":")
        writer.bool(font.isSystem)
        if let weight = font.weight {
            writer.raw(",\"weight\":")
            writer.string(weight.rawValue)
        }
        if let textStyle = font.textStyle {
            writer.raw(",\"textStyle\":")
            writer.string(textStyle.rawValue)
        }
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var name: String?, isSystem: Bool?, weight: FontWeight?, textStyle: TextStyle?
        var size: (value: StyleValue, at: Int)?
        try reader.members(of: object, expecting: ["name", "size", "system", "weight", "textStyle"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "name": name = try reader.name()
            case "size":
                let at = reader.offset
                size = (try reader.value(), at)
            case "system": isSystem = try reader.bool()
            case "weight": weight = try reader.keyword(FontWeight.self)
            case "textStyle": textStyle = try reader.keyword(TextStyle.self)
            default: return false
            }
            return true
        }
        let written = try object.required(size, "size")
        let fontSize: Font.Size
        switch written.value {
        case .number(let points, let unit): fontSize = .points(points, unit: unit)
        case .percent(let percent): fontSize = .percent(percent)
        default: throw reader.failure("expected a number or percent value", at: written.at)
        }
        if textStyle != nil, case .percent = fontSize {
            throw reader.failure("a font with a text style takes a size in points", at: written.at)
        }
        return .font(Font(name: try object.required(name, "name"), size: fontSize, isSystem: try object.required(isSystem, "system"),
                          weight: weight, textStyle: textStyle))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .font(let font) = value else { preconditionFailure("not a font") }
        var fields = BinaryValueFields()
        switch font.size {
        case .points(let points, let unit):
            fields.words = [writer.string(font.name), writer.number(points)]
            fields.small = BinaryFormat.unitCode(unit) << 2
        case .percent(let percent):
            fields.words = [writer.string(font.name), writer.number(percent)]
            fields.small = percentBit
        }
        if font.isSystem { fields.small |= systemBit }
        fields.wide = UInt16(font.weight.map { BinaryFormat.code($0) + 1 } ?? 0)
            | UInt16(font.textStyle.map { BinaryFormat.code($0) + 1 } ?? 0) << 8
        return fields
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.string, word: 0, through: ids)
        fields.renumber(.number, word: 1, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        let flags = record.small, size = record.number(1)
        let fontSize: Font.Size = flags & percentBit != 0 ? .percent(size) : .points(size, unit: BinaryFormat.unit(flags >> 2)!)
        let weight = UInt8(record.wide & 0xFF), textStyle = UInt8(record.wide >> 8)
        return .font(Font(name: record.string(0), size: fontSize, isSystem: flags & systemBit != 0,
                          weight: weight == 0 ? nil : BinaryFormat.keyword(weight - 1, as: FontWeight.self),
                          textStyle: textStyle == 0 ? nil : BinaryFormat.keyword(textStyle - 1, as: TextStyle.self)))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        let small = record.small
        try record.string(0, "font name")
        try record.check(record.isNumber(record.word(1)), "the font size does not exist")
        let isPercent = small & percentBit != 0
        try record.check(small >> 4 == 0 && BinaryFormat.unit(small >> 2) != nil && !(isPercent && small >> 2 != 0),
                         "font flags \(small) are not valid")
        let weight = UInt8(record.wide & 0xFF), textStyle = UInt8(record.wide >> 8)
        try record.check(weight == 0 || BinaryFormat.keyword(weight - 1, as: FontWeight.self) != nil, "unknown font weight \(weight)")
        try record.check(textStyle == 0 || BinaryFormat.keyword(textStyle - 1, as: TextStyle.self) != nil,
                         "unknown text style \(textStyle)")
        try record.check(!(isPercent && textStyle != 0), "a font with a text style takes a size in points")
    }
}
