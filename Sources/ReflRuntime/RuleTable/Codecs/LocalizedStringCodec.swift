
/// `locale('KEY')`: `{"type":"localizedString","key":"KEY"}`; record `w0` the key.
enum LocalizedStringCodec: StringFieldCodec {
    static let kind = StyleValueKind.localizedString
    static let jsonType: StaticString = "localizedString"
    static let binaryKind: UInt8 = 12
    static let fieldName: StaticString = "key"

    static func text(of value: StyleValue) -> String {
        guard case .localizedString(let key) = value else { preconditionFailure("not a localized string") }
        return key
    }

    static func value(from text: String) -> StyleValue { .localizedString(key: text) }
}
