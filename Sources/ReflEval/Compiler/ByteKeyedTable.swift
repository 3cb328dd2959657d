import ReflLexer

/// Values found from the bytes of their names, without making a String: the
/// names interned in a `ByteStringTable`, the values by the names' ids. For
/// the names a stylesheet's values are looked up by on every use: keywords,
/// functions, variables.
struct ByteKeyedTable<Value> {
    private var names = ByteStringTable()
    private var values: [Value] = []

    init() {}

    /// A table of the entries of `dictionary`.
    init(_ dictionary: [String: Value]) {
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) { set(value, for: name) }
    }

    /// The value named by `range` of `source`, or nil.
    func value(namedBy range: SourceRange, in source: [UInt8]) -> Value? {
        names.id(of: source, range).map { values[Int($0)] }
    }

    /// Makes `value` the value of `name`.
    mutating func set(_ value: Value, for name: String) {
        let id = Int(names.intern(Array(name.utf8)[...]))
        if id == values.count { values.append(value) } else { values[id] = value }
    }
}

extension ByteKeyedTable: Sendable where Value: Sendable {}
