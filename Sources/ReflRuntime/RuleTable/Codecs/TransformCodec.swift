
/// `transform-scale(x, y)`, `transform-rotate(angle)`, `transform-translate(x, y)`:
/// `{"type":"transform","op":"scale","x":2,"y":2}` (`rotate` has `radians`);
/// record `small` 0 scale, 1 rotate, 2 translate; `w0`, `w1` the numbers.
enum TransformCodec: ValueCodec {
    static let kind = StyleValueKind.transform
    static let jsonType: StaticString = "transform"
    static let binaryKind: UInt8 = 13

    /// The operations, in the order of their codes.
    private enum Operation: UInt8 { case scale, rotate, translate }

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .transform(let transform) = value else { preconditionFailure("not a transform") }
        switch transform {
        case .scale(let x, let y):
            writer.raw("{\"type\":\"transform\",\"op\":\"scale\"")
            writer.field(",\"x\":", x)
            writer.field(",\"y\":", y)
        case .rotate(let radians):
            writer.raw("{\"type\":\"transform\",\"op\":\"rotate\"")
            writer.field(",\"radians\":", radians)
        case .translate(let x, let y):
            writer.raw("{\"type\":\"transform\",\"op\":\"translate\"")
            writer.field(",\"x\":", x)
            writer.field(",\"y\":", y)
        }
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var op: (name: String, at: Int)?
        var x: Double?, y: Double?, radians: Double?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "op":
                let at = reader.offset
                op = (try reader.name(), at)
            case "x": x = try reader.number()
            case "y": y = try reader.number()
            case "radians": radians = try reader.number()
            default: return false
            }
            return true
        }
        let operation = try object.required(op, "op")
        switch operation.name {
        case "scale": return .transform(.scale(x: try object.required(x, "x"), y: try object.required(y, "y")))
        case "rotate": return .transform(.rotate(radians: try object.required(radians, "radians")))
        case "translate": return .transform(.translate(x: try object.required(x, "x"), y: try object.required(y, "y")))
        default: throw reader.failure("unknown transform '\(operation.name)'", at: operation.at)
        }
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .transform(let transform) = value else { preconditionFailure("not a transform") }
        switch transform {
        case .scale(let x, let y): return BinaryValueFields(small: Operation.scale.rawValue, words: [writer.number(x), writer.number(y)])
        case .rotate(let radians): return BinaryValueFields(small: Operation.rotate.rawValue, words: [writer.number(radians)])
        case .translate(let x, let y):
            return BinaryValueFields(small: Operation.translate.rawValue, words: [writer.number(x), writer.number(y)])
        }
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        fields.renumberNumbers(0..<(fields.small == Operation.rotate.rawValue ? 1 : 2), through: ids)
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        switch Operation(rawValue: record.small)! {
        case .scale: return .transform(.scale(x: record.number(0), y: record.number(1)))
        case .rotate: return .transform(.rotate(radians: record.number(0)))
        case .translate: return .transform(.translate(x: record.number(0), y: record.number(1)))
        }
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        guard let operation = Operation(rawValue: record.small) else { throw record.fail("unknown transform \(record.small)") }
        try record.numbers(operation == .rotate ? 1 : 2)
    }
}
