
/// An image. `image('name')`: `{"type":"image","name":"icon"}`, with
/// `"capInsets":EDGE_INSETS` and `"rendering":"template"` (or `"original"`)
/// when given; `image(COLOR or GRADIENT)`: `{"type":"image","fill":VALUE}`;
/// `symbol('heart.fill', 17pt, semibold, large)`:
/// `{"type":"image","symbol":"heart.fill","pointSize":17,"weight":"semibold","scale":"large"}`
/// (the last three when given).
///
/// Record `small` 0: `w0` the name, `wide` bit 0 `w1` the cap insets (an
/// edge-insets value), bits 1–2 the rendering (1 original, 2 template);
/// `small` 1: `w0` the fill (a color or gradient value); `small` 2: `w0` the
/// symbol's name, `wide` bit 0 `w1` its point size's number code, bits 1–4
/// its weight + 1, bits 5–6 its scale + 1.
enum ImageCodec: ValueCodec {
    static let kind = StyleValueKind.image
    static let jsonType: StaticString = "image"
    static let binaryKind: UInt8 = 15

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .image(let image) = value else { preconditionFailure("not an image") }
        switch image {
        case .named(let name, let capInsets, let rendering):
            writer.raw("{\"type\":\"image\",\"name\":")
            writer.string(name)
            if let capInsets {
                writer.raw(",\"capInsets\":")
                writer.value(.edgeInsets(top: capInsets.top, left: capInsets.left, bottom: capInsets.bottom, right: capInsets.right))
            }
            if let rendering {
                writer.raw(",\"rendering\":")
                writer.string(rendering.rawValue)
            }
        case .fill(let fill):
            writer.raw("{\"type\":\"image\",\"fill\":")
            writer.value(fill)
        case .symbol(let symbol):
            writer.raw("{\"type\":\"image\",\"symbol\":")
            writer.string(symbol.name)
            if let pointSize = symbol.pointSize {
                writer.raw(",\"pointSize\":")
                writer.number(pointSize)
            }
            if let weight = symbol.weight {
                writer.raw(",\"weight\":")
                writer.string(weight.rawValue)
            }
            if let scale = symbol.scale {
                writer.raw(",\"scale\":")
                writer.string(scale.rawValue)
            }
        }
        writer.raw("}")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var name: String?, symbol: String?, rendering: ImageRendering?, capInsets: EdgeInsets?
        var pointSize: Double?, weight: FontWeight?, scale: Symbol.Scale?
        var fill: (value: StyleValue, at: Int)?
        try reader.members(of: object) { reader, key throws(TableReadFailure) in
            switch key {
            case "name": name = try reader.string()
            case "symbol": symbol = try reader.string()
            case "rendering": rendering = try reader.keyword(ImageRendering.self)
            case "capInsets":
                let at = reader.offset
                guard case .edgeInsets(let top, let left, let bottom, let right) = try reader.value() else {
                    throw reader.failure("expected edge insets", at: at)
                }
                capInsets = EdgeInsets(top: top, left: left, bottom: bottom, right: right)
            case "pointSize": pointSize = try reader.number()
            case "weight": weight = try reader.keyword(FontWeight.self)
            case "scale": scale = try reader.keyword(Symbol.Scale.self)
            case "fill":
                let at = reader.offset
                fill = (try reader.value(), at)
            default: return false
            }
            return true
        }
        if let name { return .image(.named(name, capInsets: capInsets, rendering: rendering)) }
        if let symbol { return .image(.symbol(Symbol(name: symbol, pointSize: pointSize, weight: weight, scale: scale))) }
        let filled = try object.required(fill, "fill")
        switch filled.value {
        case .color, .gradient: return .image(.fill(filled.value))
        default: throw reader.failure("an image is filled with a color or a gradient", at: filled.at)
        }
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .image(let image) = value else { preconditionFailure("not an image") }
        switch image {
        case .named(let name, let capInsets, let rendering):
            var wide: UInt16 = 0
            var words: ValueWords = [writer.string(name)]
            if let capInsets {
                wide |= 1
                words.append(writer.value(.edgeInsets(top: capInsets.top, left: capInsets.left, bottom: capInsets.bottom, right: capInsets.right)))
            }
            if let rendering { wide |= UInt16(ImageRendering.allCases.firstIndex(of: rendering)! + 1) << 1 }
            return BinaryValueFields(wide: wide, words: words)
        case .fill(let fill):
            return BinaryValueFields(small: 1, words: [writer.value(fill)])
        case .symbol(let symbol):
            var wide: UInt16 = 0
            var words: ValueWords = [writer.string(symbol.name)]
            if let pointSize = symbol.pointSize {
                wide |= 1
                words.append(writer.number(pointSize))
            }
            if let weight = symbol.weight { wide |= UInt16(FontWeight.allCases.firstIndex(of: weight)! + 1) << 1 }
            if let scale = symbol.scale { wide |= UInt16(Symbol.Scale.allCases.firstIndex(of: scale)! + 1) << 5 }
            return BinaryValueFields(small: 2, wide: wide, words: words)
        }
    }

    /// Case `index - 1` of `Keyword`, or nil for 0.
    private static func keyword<Keyword: CaseIterable>(_: Keyword.Type, _ index: UInt16) -> Keyword? where Keyword.AllCases == [Keyword] {
        index == 0 ? nil : Keyword.allCases[Int(index) - 1]
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        switch fields.small {
        case 0:
            fields.renumber(.string, word: 0, through: ids)
            if fields.wide & 1 != 0 { fields.renumber(.value, word: 1, through: ids) }
        case 1:
            fields.renumber(.value, word: 0, through: ids)
        default:
            fields.renumber(.string, word: 0, through: ids)
            if fields.wide & 1 != 0 { fields.renumber(.number, word: 1, through: ids) }
        }
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        let wide = record.wide
        switch record.small {
        case 0:
            var capInsets: EdgeInsets?
            if wide & 1 != 0, case .edgeInsets(let top, let left, let bottom, let right) = record.value(1) {
                capInsets = EdgeInsets(top: top, left: left, bottom: bottom, right: right)
            }
            return .image(.named(record.string(0), capInsets: capInsets, rendering: keyword(ImageRendering.self, (wide >> 1) & 3)))
        case 1:
            return .image(.fill(record.value(0)))
        default:
            return .image(.symbol(Symbol(name: record.string(0), pointSize: wide & 1 != 0 ? record.number(1) : nil,
                                         weight: keyword(FontWeight.self, (wide >> 1) & 15),
                                         scale: keyword(Symbol.Scale.self, (wide >> 5) & 3))))
        }
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        let wide = record.wide
        switch record.small {
        case 0:
            try record.string(0, "image name")
            try record.check(wide >> 3 == 0 && (wide >> 1) & 3 <= UInt16(ImageRendering.allCases.count), "an image with flags \(wide)")
            if wide & 1 != 0 {
                let insets = try record.earlierValue(1, "the image's cap insets")
                try record.check(insets == EdgeInsetsCodec.binaryKind, "an image's cap insets that are not edge insets")
            }
        case 1:
            let fill = try record.earlierValue(0, "the image fill")
            try record.check(fill == ColorCodec.binaryKind || fill == GradientCodec.binaryKind,
                             "an image filled with something other than a color or gradient")
        case 2:
            try record.string(0, "symbol name")
            try record.check(wide >> 7 == 0 && (wide >> 1) & 15 <= UInt16(FontWeight.allCases.count)
                             && (wide >> 5) & 3 <= UInt16(Symbol.Scale.allCases.count), "a symbol with flags \(wide)")
            if wide & 1 != 0 { try record.check(record.isNumber(record.word(1)), "the symbol's point size does not exist") }
        default:
            throw record.fail("an image of kind \(record.small)")
        }
    }
}
