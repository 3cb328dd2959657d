/// Property keys as written (`avatar-view--background-color`) become key
/// paths (`avatarView.backgroundColor`): `--` separates key-path parts and
/// each `-` capitalizes the letter after it. Keys already in camelCase are
/// kept as they are.
enum PropertyName {
    static func keyPath(_ key: String) -> String {
        guard key.utf8.contains(UInt8(ascii: "-")) else { return key }
        var out: [UInt8] = []
        out.reserveCapacity(key.utf8.count)
        let bytes = Array(key.utf8)
        var index = 0
        var capitalizeNext = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "-") {
                if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-") && !out.isEmpty {
                    out.append(UInt8(ascii: "."))
                    capitalizeNext = false
                    index += 2
                    continue
                }
                capitalizeNext = !out.isEmpty && out.last != UInt8(ascii: ".")
                index += 1
                continue
            }
            if capitalizeNext && byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") {
                out.append(byte - 32)
            } else {
                out.append(byte)
            }
            capitalizeNext = false
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
