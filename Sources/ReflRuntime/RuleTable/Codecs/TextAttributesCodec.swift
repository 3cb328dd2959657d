
/// `text-attributes(name: value, ...)`: `{"type":"textAttributes","font":FONT,"letterSpacing":NUMBER,...}`,
/// one member per attribute given, named as `TextAttribute.Name` in camel
/// case. Record: `wide` bit `i` set when attribute `i` of
/// `TextAttribute.Name.allCases` is given, `w0` first value-list entry,
/// `w1` count: the given attributes' values in that order (rule table version 3).
enum TextAttributesCodec: ValueCodec {
    static let kind = StyleValueKind.textAttributes
    static let jsonType: StaticString = "textAttributes"
    static let binaryKind: UInt8 = 26

    /// The JSON member of each name, in the order of `TextAttribute.Name.allCases`.
    static let memberNames: [StaticString] = [
        "font", "color", "backgroundColor", "letterSpacing", "lineHeightMultiple", "minimumLineHeight", "maximumLineHeight",
        "paragraphSpacing", "alignment", "underline", "strikethrough", "shadow",
    ]

    private static func index(of name: TextAttribute.Name) -> Int {
        TextAttribute.Name.allCases.firstIndex(of: name)!
    }

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .textAttributes(let attributes) = value else { preconditionFailure("not text attributes") }
        writer.raw("{\"type\":\"textAttributes\"")
        for attribute in attributes.attributes {
            writer.raw(",\"")
            writer.raw(memberNames[index(of: attribute.name)])
            writer.raw("\":")
            writer.value(attribute.value)
        }
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var read: [TextAttribute] = []
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            guard let position = memberNames.firstIndex(where: { $0 ~= key }) else { return false }
            let name = TextAttribute.Name.allCases[position]
            let at = reader.offset
            let value = try reader.value()
            guard name.accepts(value.kind) else { throw reader.failure("the text attribute '\(name.rawValue)' does not take \(value.kind)", at: at) }
            read.append(TextAttribute(name, value))
            return true
        }
        return .textAttributes(TextAttributes(read))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .textAttributes(let attributes) = value else { preconditionFailure("not text attributes") }
        var present: UInt16 = 0
        let list = writer.beginList()
        for attribute in attributes.attributes {
            present |= 1 << UInt16(index(of: attribute.name))
            let id = writer.value(attribute.value)
            writer.appendToList(id)
        }
        return BinaryValueFields(wide: present, words: [0, UInt32(attributes.attributes.count)],
                                 list: writer.endList(.valueLists, from: list, firstWord: 0))
    }

    /// The names whose bits are set in `present`, in order.
    private static func names(_ present: UInt16) -> [TextAttribute.Name] {
        TextAttribute.Name.allCases.enumerated().filter { present & (1 << UInt16($0.offset)) != 0 }.map(\.element)
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {}  // its one reference is its list

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .textAttributes(TextAttributes(zip(names(record.wide), record.values(first: 0, count: 1)).map { TextAttribute($0, $1) }))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        let present = record.wide
        try record.check(present >> UInt16(TextAttribute.Name.allCases.count) == 0, "text attributes with flags \(present)")
        let given = names(present)
        try record.check(Int(record.word(1)) == given.count, "text attributes with \(record.word(1)) values for \(given.count) attributes")
        try record.ownValueList(first: 0, count: 1, allowed: { position, kind in
            guard let valueKind = ValueCodecs.codec(forBinaryKind: kind)?.kind else { return false }
            return given[position].accepts(valueKind)
        }, "a text attribute of a kind it does not take")
    }
}
