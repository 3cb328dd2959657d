/// Why a message's parameters are not what its method takes: the path of
/// the field (`contentChanges[3].range.start.character`) and what is wrong.
struct MalformedParams: Error, Equatable {
    let path: String
    let problem: String

    /// `textDocument.uri is missing`.
    var message: String { "\(path.isEmpty ? "params" : path) \(problem)" }
}

/// A value a message's parameters hold, read from its JSON once, when the
/// message comes; the handlers see only typed values.
protocol MessageDecodable {
    /// Reads `value`, found at `path` in the parameters (for the message
    /// that names a malformed field).
    init(from value: JSON, at path: String) throws(MalformedParams)
}

/// The members of a JSON object, read as the fields of a message.
///
/// A member that is `null` counts as missing, as the protocol's optional
/// fields are sent either way.
struct MessageFields {
    private let members: [String: JSON]
    private let path: String

    init(_ value: JSON, at path: String) throws(MalformedParams) {
        guard case .object(let members) = value else { throw MalformedParams(path: path, problem: "is not an object") }
        self.members = members
        self.path = path
    }

    private func path(of key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func required<Value: MessageDecodable>(_ key: String, as type: Value.Type = Value.self) throws(MalformedParams) -> Value {
        guard let value = try optional(key, as: type) else { throw MalformedParams(path: path(of: key), problem: "is missing") }
        return value
    }

    func optional<Value: MessageDecodable>(_ key: String, as type: Value.Type = Value.self) throws(MalformedParams) -> Value? {
        guard let value = members[key], value != .null else { return nil }
        return try Value(from: value, at: path(of: key))
    }

    /// The protocol's `uinteger` (0 to 2^31-1) at `key`: a line, a character.
    func uinteger(_ key: String) throws(MalformedParams) -> Int {
        guard let value = members[key] else { throw MalformedParams(path: path(of: key), problem: "is missing") }
        guard let number = value.int, (0...Self.maximumUInteger).contains(number) else {
            throw MalformedParams(path: path(of: key), problem: "is \(String(decoding: value.bytes, as: UTF8.self)), "
                                  + "not a whole number from 0 to \(Self.maximumUInteger)")
        }
        return number
    }

    /// The largest `uinteger`.
    static let maximumUInteger = Int(Int32.max)

    /// The fields of the object member `key`; an empty object when it is missing.
    func nested(_ key: String) throws(MalformedParams) -> MessageFields {
        guard let value = members[key], value != .null else { return try MessageFields([:], at: path(of: key)) }
        return try MessageFields(value, at: path(of: key))
    }
}

extension String: MessageDecodable {
    init(from value: JSON, at path: String) throws(MalformedParams) {
        guard let text = value.string else { throw MalformedParams(path: path, problem: "is not a string") }
        self = text
    }
}

extension Int: MessageDecodable {
    init(from value: JSON, at path: String) throws(MalformedParams) {
        guard let number = value.int else { throw MalformedParams(path: path, problem: "is not a whole number") }
        self = number
    }
}

extension Double: MessageDecodable {
    init(from value: JSON, at path: String) throws(MalformedParams) {
        guard let number = value.double else { throw MalformedParams(path: path, problem: "is not a number") }
        self = number
    }
}

extension Bool: MessageDecodable {
    init(from value: JSON, at path: String) throws(MalformedParams) {
        guard let flag = value.bool else { throw MalformedParams(path: path, problem: "is not true or false") }
        self = flag
    }
}

extension Array: MessageDecodable where Element: MessageDecodable {
    init(from value: JSON, at path: String) throws(MalformedParams) {
        guard let items = value.array else { throw MalformedParams(path: path, problem: "is not an array") }
        var decoded: [Element] = []
        decoded.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { decoded.append(try Element(from: item, at: "\(path)[\(index)]")) }
        self = decoded
    }
}

extension JSON: MessageDecodable {
    /// Any value, as it is (a field the server reads no further).
    init(from value: JSON, at path: String) throws(MalformedParams) {
        self = value
    }
}
