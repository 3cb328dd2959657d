
/// A bare word: `{"type":"identifier","value":"lightGrayColor"}`; record `w0` the word.
enum IdentifierCodec: StringFieldCodec {
    static let kind = StyleValueKind.identifier
    static let jsonType: StaticString = "identifier"
    static let binaryKind: UInt8 = 20
    static let fieldName: StaticString = "value"

    static func text(of value: StyleValue) -> String {
        guard case .identifier(let word) = value else { preconditionFailure("not an identifier") }
        return word
    }

    static func value(from text: String) -> StyleValue { .identifier(text) }
}
