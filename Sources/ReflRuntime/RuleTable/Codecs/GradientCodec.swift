
/// `linear-gradient(...)`: `{"type":"gradient","colors":[COLOR, ...]}`, with
/// `"angle"` (radians, CSS's convention) or `"corner"` (`"top right"`) when
/// the direction is not CSS's default `to bottom`, and `"locations"` (0 to
/// 1, one per color) when the colors are not evenly spaced.
///
/// Record: `w0` first value-list entry, `w1` count: the colors, then, with
/// `small` bit 0, as many numbers (the locations); `small` bit 1: `w2` is
/// the angle's number code; bit 2: `w2` is a corner (bit 0 right, bit 1
/// bottom). Tables before version 3 have neither: to bottom.
enum GradientCodec: ValueCodec {
    static let kind = StyleValueKind.gradient
    static let jsonType: StaticString = "gradient"
    static let binaryKind: UInt8 = 6

    private static let locationsBit: UInt8 = 1, angleBit: UInt8 = 2, cornerBit: UInt8 = 4

    static func writeJSON(_ value: StyleValue, to writer: JSONWriter) {
        guard case .gradient(let gradient) = value else { preconditionFailure("not a gradient") }
        writer.raw("{\"type\":\"gradient\"")
        switch gradient.direction {
        case .angle(let radians) where radians != Double.pi:
            writer.raw(",\"angle\":")
            writer.number(radians)
        case .corner(let toRight, let toBottom):
            writer.raw(",\"corner\":")
            writer.string(cornerName(toRight: toRight, toBottom: toBottom))
        case .angle:
            break
        }
        writer.raw(",\"colors\":[")
        for (index, color) in gradient.colors.enumerated() {
            if index > 0 { writer.raw(",") }
            ColorCodec.write(color, to: writer)
        }
        writer.raw("]")
        if let locations = gradient.locations {
            writer.raw(",\"locations\":[")
            for (index, location) in locations.enumerated() {
                if index > 0 { writer.raw(",") }
                writer.number(location)
            }
            writer.raw("]")
        }
        writer.raw("}")
    }

    /// `"top right"`: the corner a gradient runs to.
    static func cornerName(toRight: Bool, toBottom: Bool) -> String {
        (toBottom ? "bottom " : "top ") + (toRight ? "right" : "left")
    }

    static func readJSON(_ object: JSONObjectStart, from reader: inout TableJSONReader) throws(TableReadFailure) -> StyleValue {
        var colors: [Color]?, locations: (values: [Double], at: Int)?
        var direction = Gradient.Direction.toBottom
        try reader.members(of: object, expecting: ["angle", "corner", "colors", "locations"]) { reader, key throws(TableReadFailure) in
            switch key {
            case "colors":
                var read: [Color] = []
                try reader.items { reader throws(TableReadFailure) in
                    let at = reader.offset
                    guard case .color(let color) = try reader.value() else { throw reader.failure("expected a color", at: at) }
                    read.append(color)
                }
                colors = read
            case "locations":
                let at = reader.offset
                var read: [Double] = []
                try reader.items { reader throws(TableReadFailure) in read.append(try reader.number()) }
                locations = (read, at)
            case "angle":
                direction = .angle(try reader.number())
            case "corner":
                let at = reader.offset
                let name = try reader.string()
                let corners = [(false, false), (true, false), (false, true), (true, true)]
                guard let corner = corners.first(where: { cornerName(toRight: $0.0, toBottom: $0.1) == name }) else {
                    throw reader.failure("expected a corner: \"top left\", \"top right\", \"bottom left\" or \"bottom right\"", at: at)
                }
                direction = .corner(toRight: corner.0, toBottom: corner.1)
            default: return false
            }
            return true
        }
        let read = try object.required(colors, "colors")
        if let locations, locations.values.count != read.count {
            throw reader.failure("expected one location per color (\(read.count))", at: locations.at)
        }
        return .gradient(Gradient(colors: read, direction: direction, locations: locations?.values))
    }

    static func writeBinary(_ value: StyleValue, to writer: inout BinaryTableWriter) -> BinaryValueFields {
        guard case .gradient(let gradient) = value else { preconditionFailure("not a gradient") }
        let list = writer.beginList()
        for color in gradient.colors {
            let id = writer.value(.color(color))
            writer.appendToList(id)
        }
        var small: UInt8 = 0
        if let locations = gradient.locations {
            small |= locationsBit
            for location in locations {
                let id = writer.value(.number(location, unit: nil))
                writer.appendToList(id)
            }
        }
        var directionWord: UInt32 = 0
        switch gradient.direction {
        case .angle(let radians) where radians != Double.pi:
            small |= angleBit
            directionWord = writer.number(radians)
        case .corner(let toRight, let toBottom):
            small |= cornerBit
            directionWord = (toRight ? 1 : 0) | (toBottom ? 2 : 0)
        case .angle:
            break
        }
        let owned = writer.endList(.valueLists, from: list, firstWord: 0)
        return BinaryValueFields(small: small, words: [0, UInt32(owned.count), directionWord], list: owned)
    }

    static func renumberBinary(_ fields: inout BinaryValueFields, through ids: BinaryRenumbering) {
        if fields.small & angleBit != 0 { fields.renumber(.number, word: 2, through: ids) }
    }

    static func readBinary(_ record: BinaryValueRecord) -> StyleValue {
        let items = record.values(first: 0, count: 1)
        let hasLocations = record.small & locationsBit != 0
        let colorCount = hasLocations ? items.count / 2 : items.count
        let colors = items[..<colorCount].map { value -> Color in
            guard case .color(let color) = value else { preconditionFailure("checked at load: a gradient's colors") }
            return color
        }
        let locations = hasLocations ? items[colorCount...].map { value -> Double in
            guard case .number(let number, _) = value else { preconditionFailure("checked at load: a gradient's locations") }
            return number
        } : nil
        var direction = Gradient.Direction.toBottom
        if record.small & angleBit != 0 { direction = .angle(record.number(2)) }
        if record.small & cornerBit != 0 { direction = .corner(toRight: record.word(2) & 1 != 0, toBottom: record.word(2) & 2 != 0) }
        return .gradient(Gradient(colors: colors, direction: direction, locations: locations))
    }

    static func checkBinary(_ record: inout BinaryValueCheck) throws(BinaryTableError) {
        let small = record.small
        try record.check(small & ~(locationsBit | angleBit | cornerBit) == 0 && small & (angleBit | cornerBit) != (angleBit | cornerBit),
                         "a gradient with flags \(small)")
        if small & angleBit != 0 { try record.check(record.isNumber(record.word(2)), "the gradient's angle does not exist") }
        if small & cornerBit != 0 { try record.check(record.word(2) <= 3, "a gradient to corner \(record.word(2))") }
        let count = Int(record.word(1))
        let hasLocations = small & locationsBit != 0
        try record.check(!hasLocations || count % 2 == 0, "a gradient with \(count) entries for its colors and locations")
        let colorCount = hasLocations ? count / 2 : count
        try record.ownValueList(first: 0, count: 1, allowed: { position, kind in
            kind == (position < colorCount ? ColorCodec.binaryKind : NumberCodec.binaryKind)
        }, "a gradient of something other than colors and locations")
    }
}
