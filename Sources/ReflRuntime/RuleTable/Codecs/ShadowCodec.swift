
/// `shadow(x, y, blur, color)`: `{"type":"shadow","x":0,"y":2,"blur":4,"color":COLOR}`
/// (the color plain, light-dark or an asset color); record `w0`–`w2` the
/// numbers, `w3` the color value (rule table version 3).
enum ShadowCodec: ValueCodec {
    static let kind = StyleValueKind.shadow
    static let jsonType: StaticString = "shadow"
    static let binaryKind: UInt8 = 24

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .shadow(let shadow) = value else { preconditionFailure("not a shadow") }
        writer.raw("{\"type\":\"shadow\",\"x\":")
        writer.number(shadow.offsetX)
        writer.raw(",\"y\":")
        writer.number(shadow.offsetY)
        writer.raw(",\"blur\":")
        writer.number(shadow.blur)
        writer.raw(",\"color\":")
        writer.value(shadow.color)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var x: Double?, y: Double?, blur: Double?, color: StyleValue?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "x": x = try reader.number()
            case "y": y = try reader.number()
            case "blur": blur = try reader.number()
            case "color": color = try reader.colorValue()
            default: return false
            }
            return true
        }
        return .shadow(Shadow(offsetX: try object.required(x, "x"), offsetY: try object.required(y, "y"),
                              blur: try object.required(blur, "blur"), color: try object.required(color, "color")))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .shadow(let shadow) = value else { preconditionFailure("not a shadow") }
        return BinaryValueFields(words: [writer.number(shadow.offsetX), writer.number(shadow.offsetY), writer.number(shadow.blur),
                                         writer.value(shadow.color)])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumberNumbers(0..<3, through: ids)
        fields.renumber(.value, word: 3, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .shadow(Shadow(offsetX: record.number(0), offsetY: record.number(1), blur: record.number(2), color: record.value(3)))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.numbers(3)
        try record.colorValue(3, "the shadow's color")
    }
}

/// `border(width, color)`: `{"type":"border","width":1,"color":COLOR}`;
/// record `w0` the width, `w1` the color value (rule table version 3).
enum BorderCodec: ValueCodec {
    static let kind = StyleValueKind.border
    static let jsonType: StaticString = "border"
    static let binaryKind: UInt8 = 25

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .border(let border) = value else { preconditionFailure("not a border") }
        writer.raw("{\"type\":\"border\",\"width\":")
        writer.number(border.width)
        writer.raw(",\"color\":")
        writer.value(border.color)
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var width: Double?, color: StyleValue?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "width": width = try reader.number()
            case "color": color = try reader.colorValue()
            default: return false
            }
            return true
        }
        return .border(Border(width: try object.required(width, "width"), color: try object.required(color, "color")))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .border(let border) = value else { preconditionFailure("not a border") }
        return BinaryValueFields(words: [writer.number(border.width), writer.value(border.color)])
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumber(.number, word: 0, through: ids)
        fields.renumber(.value, word: 1, through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .border(Border(width: record.number(0), color: record.value(1)))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.numbers(1)
        try record.colorValue(1, "the border's color")
    }
}

extension TableJSONReader {
    /// A color value: plain, light-dark or an asset color.
    mutating func colorValue() throws(TableReadFailure) -> StyleValue {
        let at = offset
        let value = try value()
        guard value.isAnyColor else { throw failure("expected a color", at: at) }
        return value
    }
}

extension BinaryValueCheck {
    /// Word `position` is an earlier color value: plain, light-dark or an asset color.
    mutating func colorValue(_ position: Int, _ what: String) throws(BinaryTableError) {
        let kind = try earlierValue(position, what)
        try check(ValueCodecs.isColorKind(kind), "\(what) is not a color")
    }
}

extension ValueCodecs {
    /// Whether a binary kind byte is a color's: plain, light-dark or an asset color.
    static func isColorKind(_ byte: UInt8) -> Bool {
        byte == ColorCodec.binaryKind || byte == LightDarkCodec.binaryKind || byte == AssetColorCodec.binaryKind
    }
}

extension StyleValue {
    /// Whether this is a color of any kind: plain, light-dark or an asset color.
    public var isAnyColor: Bool {
        switch self {
        case .color, .lightDark, .assetColor: return true
        default: return false
        }
    }
}
