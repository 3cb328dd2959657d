
/// `0.15s`, `150ms`: `{"type":"duration","seconds":0.15}`; record `w0` the
/// number of seconds (rule table version 3).
enum DurationCodec: NumberFieldsCodec {
    static let kind = StyleValueKind.duration
    static let jsonType: StaticString = "duration"
    static let binaryKind: UInt8 = 22
    static let fieldNames: [StaticString] = ["seconds"]

    static func numbers(of value: StyleValue) -> NumberFields {
        guard case .duration(let seconds) = value else { preconditionFailure("not a duration") }
        return NumberFields(seconds)
    }

    static func value(from numbers: NumberFields) -> StyleValue { .duration(seconds: numbers[0]) }
}
