
/// `asset-color('BrandGreen')`: `{"type":"assetColor","name":"BrandGreen"}`;
/// record `w0` the name (rule table version 3).
enum AssetColorCodec: StringFieldCodec {
    static let kind = StyleValueKind.assetColor
    static let jsonType: StaticString = "assetColor"
    static let binaryKind: UInt8 = 23
    static let fieldName: StaticString = "name"

    static func text(of value: StyleValue) -> String {
        guard case .assetColor(let name) = value else { preconditionFailure("not an asset color") }
        return name
    }

    static func value(from text: String) -> StyleValue { .assetColor(text) }
}
