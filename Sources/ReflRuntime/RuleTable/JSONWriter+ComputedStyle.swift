extension ComputedStyle {
    /// `{"properties":{KEY:VALUE,...},"important":[KEY,...],"states":{STATE:{KEY:VALUE,...},...}}`
    /// as `reflc resolve` prints it: keys sorted bytewise, states in
    /// raw-value order, an important state property listed as `KEY[STATE]`.
    public func jsonBytes() -> [UInt8] {
        let writer = JSONWriter()
        writer.raw("{\"properties\":")
        Self.write(properties, to: writer)
        writer.raw(",\"important\":[")
        var important = Array(importantProperties)
        for (state, names) in importantStateProperties {
            important += names.map { "\($0)[\(state)]" }
        }
        for (index, name) in important.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(name)
        }
        writer.raw("],\"states\":{")
        for (index, state) in stateProperties.keys.sorted(by: { $0.rawValue < $1.rawValue }).enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(state.description)
            writer.raw(":")
            Self.write(stateProperties[state]!, to: writer)
        }
        writer.raw("}}\n")
        return writer.buffer
    }

    /// `{KEY:VALUE,...}`, keys sorted bytewise.
    private static func write(_ properties: [String: StyleValue], to writer: JSONWriter) {
        writer.raw("{")
        for (index, name) in properties.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(name)
            writer.raw(":")
            writer.value(properties[name]!)
        }
        writer.raw("}")
    }
}

extension StyleValue {
    /// The value's compact JSON text, as in the rule table.
    public var jsonText: String {
        let writer = JSONWriter()
        writer.value(self)
        return String(decoding: writer.buffer, as: UTF8.self)
    }
}
