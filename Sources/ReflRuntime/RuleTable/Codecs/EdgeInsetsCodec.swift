
/// `edge-insets(top, left, bottom, right)`: `{"type":"edgeInsets","top":2,"left":1,"bottom":4,"right":3}`;
/// record `w0`–`w3` those numbers.
enum EdgeInsetsCodec: NumberFieldsCodec {
    static let kind = StyleValueKind.edgeInsets
    static let jsonType: StaticString = "edgeInsets"
    static let binaryKind: UInt8 = 11
    static let fieldNames: [StaticString] = ["top", "left", "bottom", "right"]

    static func numbers(of value: StyleValue) -> NumberFields {
        guard case .edgeInsets(let top, let left, let bottom, let right) = value else { preconditionFailure("not edge insets") }
        return NumberFields(top, left, bottom, right)
    }

    static func value(from numbers: NumberFields) -> StyleValue {
        .edgeInsets(top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
    }
}
