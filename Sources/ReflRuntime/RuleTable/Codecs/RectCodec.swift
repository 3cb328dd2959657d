
/// `rect(x, y, width, height)`: `{"type":"rect","x":0,"y":0,"width":100,"height":200}`;
/// record `w0`–`w3` those numbers.
enum RectCodec: NumberFieldsCodec {
    static let kind = StyleValueKind.rect
    static let jsonType: StaticString = "rect"
    static let binaryKind: UInt8 = 8
    static let fieldNames: [StaticString] = ["x", "y", "width", "height"]

    static func numbers(of value: StyleValue) -> NumberFields {
        guard case .rect(let x, let y, let width, let height) = value else { preconditionFailure("not a rect") }
        return NumberFields(x, y, width, height)
    }

    static func value(from numbers: NumberFields) -> StyleValue {
        .rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }
}
