/// A rule's properties by name, in the order first set. Most rules have a
/// handful, found by a linear scan; past `indexThreshold` a hash index keeps
/// a generated rule with thousands of declarations linear to build.
struct PropertyList {
    private(set) var items: [Property] = []
    private var index: [String: Int]?
    private static let indexThreshold = 24

    func index(of name: String) -> Int? {
        if let index { return index[name] }
        return items.firstIndex { $0.name == name }
    }

    /// Adds `property`, or replaces the one with the same name in place.
    mutating func set(_ property: Property) {
        if let existing = index(of: property.name) {
            items[existing] = property
            return
        }
        items.append(property)
        if index != nil {
            index![property.name] = items.count - 1
        } else if items.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: items.enumerated().map { ($1.name, $0) })
        }
    }
}
