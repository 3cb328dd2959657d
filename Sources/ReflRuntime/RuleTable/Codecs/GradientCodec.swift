
/// `linear-gradient(c1, c2, ...)`: `{"type":"gradient","colors":[COLOR, ...]}`;
/// record `w0` first value-list entry, `w1` count, each a color value.
enum GradientCodec: ValueCodec {
    static let kind = StyleValueKind.gradient
    static let jsonType: StaticString = "gradient"
    static let binaryKind: UInt8 = 6

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .gradient(let colors) = value else { preconditionFailure("not a gradient") }
        writer.raw("{\"type\":\"gradient\",\"colors\":[")
        for (index, color) in colors.enumerated() {
            if index > 0 { writer.raw(",") }
            ColorCodec.write(color, to: writer)
        }
        writer.raw("]}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var colors: [Color]?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            guard case "colors" = key else { return false }
            var read: [Color] = []
            try reader.items { reader throws(TableReadFailure) in
                let at = reader.offset
                guard case .color(let color) = try reader.value() else { throw reader.failure("expected a color", at: at) }
                read.append(color)
            }
            colors = read
            return true
        }
        return .gradient(try object.required(colors, "colors"))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .gradient(let colors) = value else { preconditionFailure("not a gradient") }
        let list = colors.map { writer.value(.color($0)) }
        return BinaryValueFields(words: [0, UInt32(list.count)], list: .init(section: .valueLists, entries: list, firstWord: 0))
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        .gradient(record.values(first: 0, count: 1).map { value -> Color in
            guard case .color(let color) = value else { preconditionFailure("checked at load: a gradient holds colors") }
            return color
        })
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        try record.ownValueList(first: 0, count: 1, allowed: { $0 == ColorCodec.binaryKind }, "a gradient of something other than colors")
    }
}
