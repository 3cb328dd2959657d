
/// `point(x, y)`: `{"type":"point","x":1,"y":2}`; record `w0`, `w1` those numbers.
enum PointCodec: NumberFieldsCodec {
    static let kind = StyleValueKind.point
    static let jsonType: StaticString = "point"
    static let binaryKind: UInt8 = 9
    static let fieldNames: [StaticString] = ["x", "y"]

    static func numbers(of value: StyleValue) -> NumberFields {
        guard case .point(let x, let y) = value else { preconditionFailure("not a point") }
        return NumberFields(x, y)
    }

    static func value(from numbers: NumberFields) -> StyleValue { .point(x: numbers[0], y: numbers[1]) }
}
