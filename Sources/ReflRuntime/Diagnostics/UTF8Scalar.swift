/// UTF-8 validation at one position, shared by the lexer and the renderer.
///
/// Written out by hand because the lexer must say *where* the encoding is
/// broken (and go on), which the standard library's decoding does not tell.
public enum UTF8Scalar {
    /// The length of the well-formed UTF-8 sequence at `index` (1 to 4), or
    /// nil when the bytes there are not valid UTF-8: a stray continuation
    /// byte, a truncated sequence, an overlong form, an encoded surrogate
    /// (U+D800–U+DFFF) or a value above U+10FFFF.
    @inlinable @inline(__always)
    public static func length<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, at index: Int) -> Int? where Bytes.Index == Int {
        let lead = bytes[index]
        if lead < 0x80 { return 1 }
        let count = bytes.endIndex
        func continuation(_ offset: Int) -> UInt8? {
            let position = index + offset
            guard position < count, bytes[position] & 0xC0 == 0x80 else { return nil }
            return bytes[position]
        }
        switch lead {
        case 0xC2...0xDF:
            return continuation(1) == nil ? nil : 2
        case 0xE0...0xEF:
            guard let second = continuation(1), continuation(2) != nil else { return nil }
            if lead == 0xE0 && second < 0xA0 { return nil }  // overlong
            if lead == 0xED && second >= 0xA0 { return nil }  // surrogate
            return 3
        case 0xF0...0xF4:
            guard let second = continuation(1), continuation(2) != nil, continuation(3) != nil else { return nil }
            if lead == 0xF0 && second < 0x90 { return nil }  // overlong
            if lead == 0xF4 && second >= 0x90 { return nil }  // above U+10FFFF
            return 4
        default:
            return nil
        }
    }

    /// The scalar value of the well-formed sequence of `length` bytes at `index`.
    public static func value(in bytes: [UInt8], at index: Int, length: Int) -> UInt32 {
        let lead = UInt32(bytes[index])
        switch length {
        case 1: return lead
        case 2: return (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        case 3: return (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        default:
            return (lead & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
                | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
        }
    }
}
