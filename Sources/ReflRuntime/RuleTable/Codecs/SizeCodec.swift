
/// `size(width, height)`: `{"type":"size","width":1,"height":2}`; record `w0`, `w1` those numbers.
enum SizeCodec: NumberFieldsCodec {
    static let kind = StyleValueKind.size
    static let jsonType: StaticString = "size"
    static let binaryKind: UInt8 = 10
    static let fieldNames: [StaticString] = ["width", "height"]

    static func numbers(of value: StyleValue) -> NumberFields {
        guard case .size(let width, let height) = value else { preconditionFailure("not a size") }
        return NumberFields(width, height)
    }

    static func value(from numbers: NumberFields) -> StyleValue { .size(width: numbers[0], height: numbers[1]) }
}
