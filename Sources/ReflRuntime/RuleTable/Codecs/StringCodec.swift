
/// `'text'`: `{"type":"string","value":"A string"}`; record `w0` the string.
enum StringCodec: StringFieldCodec {
    static let kind = StyleValueKind.string
    static let jsonType: StaticString = "string"
    static let binaryKind: UInt8 = 3
    static let fieldName: StaticString = "value"

    static func text(of value: StyleValue) -> String {
        guard case .string(let text) = value else { preconditionFailure("not a string") }
        return text
    }

    static func value(from text: String) -> StyleValue { .string(text) }
}
