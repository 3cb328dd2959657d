import ReflLexer

/// Decodes string tokens: strips the quotes and applies `\'`, `\"`, `\\`
/// and `\n` (the lexer has already reported any other escape).
public enum StringLiteral {
    public static func decode(_ bytes: [UInt8], _ range: SourceRange) -> String {
        guard range.count >= 1 else { return "" }
        let quote = bytes[range.start]
        var end = range.end
        if range.count >= 2 && bytes[end - 1] == quote { end -= 1 }
        let start = range.start + 1
        guard start < end else { return "" }
        let inner = bytes[start..<end]
        guard inner.contains(UInt8(ascii: "\\")) else { return String(decoding: inner, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(inner.count)
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") && index + 1 < end {
                let next = bytes[index + 1]
                out.append(next == UInt8(ascii: "n") ? UInt8(ascii: "\n") : next)
                index += 2
            } else {
                out.append(byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
