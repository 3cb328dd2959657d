extension ComputedStyle {
    /// `{"properties":{KEY:VALUE,...},"important":[KEY,...]}`, keys sorted,
    /// as `reflc resolve` prints it.
    public func jsonBytes() -> [UInt8] {
        let writer = JSONWriter()
        writer.raw("{\"properties\":{")
        for (index, name) in properties.keys.sorted().enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(name)
            writer.raw(":")
            writer.value(properties[name]!)
        }
        writer.raw("},\"important\":[")
        for (index, name) in importantProperties.sorted().enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(name)
        }
        writer.raw("]}\n")
        return writer.buffer
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
