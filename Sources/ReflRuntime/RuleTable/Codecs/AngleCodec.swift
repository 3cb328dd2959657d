
/// `90deg`, `2rad`: `{"type":"angle","radians":1.5708}`; record `w0` the radians.
enum AngleCodec: NumberFieldsCodec {
    static let kind = StyleValueKind.angle
    static let jsonType: StaticString = "angle"
    static let binaryKind: UInt8 = 2
    static let fieldNames: [StaticString] = ["radians"]

    static func numbers(of value: StyleValue) -> NumberFields {
        guard case .angle(let radians) = value else { preconditionFailure("not an angle") }
        return NumberFields(radians)
    }

    static func value(from numbers: NumberFields) -> StyleValue { .angle(radians: numbers[0]) }
}
