
/// `50%`: `{"type":"percent","value":50}`; record `w0` the number.
enum PercentCodec: NumberFieldsCodec {
    static let kind = StyleValueKind.percent
    static let jsonType: StaticString = "percent"
    static let binaryKind: UInt8 = 1
    static let fieldNames: [StaticString] = ["value"]

    static func numbers(of value: StyleValue) -> NumberFields {
        guard case .percent(let percent) = value else { preconditionFailure("not a percent") }
        return NumberFields(percent)
    }

    static func value(from numbers: NumberFields) -> StyleValue { .percent(numbers[0]) }
}
