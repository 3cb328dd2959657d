
/// `image('name')` or `image(COLOR or GRADIENT)`: `{"type":"image","name":"icon"}`
/// or `{"type":"image","fill":COLOR_OR_GRADIENT}`; record `small` 0 with
/// `w0` the name, or 1 with `w0` the fill (a color or gradient value).
enum ImageCodec: ValueCodec {
    static let kind = StyleValueKind.image
    static let jsonType: StaticString = "image"
    static let binaryKind: UInt8 = 15

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        switch value {
        case .image(.named(let name)):
            writer.raw("{\"type\":\"image\",\"name\":")
            writer.string(name)
        case .image(.fill(let fill)):
            writer.raw("{\"type\":\"image\",\"fill\":")
            writer.value(fill)
        default: preconditionFailure("not an image")
        }
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var name: String?
        var fill: (value: StyleValue, at: Int)?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "name": name = try reader.string()
            case "fill":
                let at = reader.offset
                fill = (try reader.value(), at)
            default: return false
            }
            return true
        }
        if let name { return .image(.named(name)) }
        let filled = try object.required(fill, "fill")
        switch filled.value {
        case .color, .gradient: return .image(.fill(filled.value))
        default: throw reader.failure("an image is filled with a color or a gradient", at: filled.at)
        }
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        switch value {
        case .image(.named(let name)): return BinaryValueFields(words: [writer.string(name)])
        case .image(.fill(let fill)): return BinaryValueFields(small: 1, words: [writer.value(fill)])
        default: preconditionFailure("not an image")
        }
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .image(record.small == 0 ? .named(record.string(0)) : .fill(record.value(0)))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.check(record.small <= 1, "an image of kind \(record.small)")
        guard record.small == 1 else { return try record.string(0, "image name") }
        let fill = try record.earlierValue(0, "the image fill")
        try record.check(fill == ColorCodec.binaryKind || fill == GradientCodec.binaryKind,
                         "an image filled with something other than a color or gradient")
    }
}
