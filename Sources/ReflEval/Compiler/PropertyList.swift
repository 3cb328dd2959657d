/// A rule's properties, in the order first set, each with its id in the
/// program's `PropertyNames`. Most rules have a handful, found by a linear
/// scan of the ids; past `indexThreshold` a hash index keeps a generated
/// rule with thousands of declarations linear to build.
struct PropertyList {
    private(set) var items: [Property] = []
    private(set) var ids: [Int32] = []
    private var index: [Int32: Int]?
    private static let indexThreshold = 24

    init(capacity: Int = 0) {
        items.reserveCapacity(capacity)
        ids.reserveCapacity(capacity)
    }

    func index(of id: Int32) -> Int? {
        if let index { return index[id] }
        return ids.firstIndex(of: id)
    }

    /// Adds `property` (whose name has `id`), or replaces the one with the
    /// same name in place.
    mutating func set(_ property: Property, id: Int32) {
        if let existing = index(of: id) {
            items[existing] = property
            return
        }
        items.append(property)
        ids.append(id)
        if index != nil {
            index![id] = items.count - 1
        } else if items.count > Self.indexThreshold {
            index = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        }
    }

    /// The properties of `other` whose names are not set yet.
    mutating func add(missingFrom other: PropertyList) {
        for (property, id) in zip(other.items, other.ids) where index(of: id) == nil { set(property, id: id) }
    }

    /// The properties sorted by name, given each name's rank. The list is
    /// left empty: its properties are moved, not copied.
    mutating func takeSortedByName(ranks: [Int32]) -> [Property] {
        var properties = items
        var propertyIDs = ids
        self = PropertyList()
        if properties.count <= 32 {
            // Insertion sort by swapping in place: a rule has a handful of
            // properties, and a buffer's swap moves values without copying
            // them (an array's copies each, with its reference counts).
            properties.withUnsafeMutableBufferPointer { properties in
                for next in properties.indices.dropFirst() {
                    var index = next
                    while index > 0 && ranks[Int(propertyIDs[index - 1])] > ranks[Int(propertyIDs[index])] {
                        properties.swapAt(index - 1, index)
                        propertyIDs.swapAt(index - 1, index)
                        index -= 1
                    }
                }
            }
        } else {
            let order = propertyIDs.indices.sorted { ranks[Int(propertyIDs[$0])] < ranks[Int(propertyIDs[$1])] }
            properties = order.map { properties[$0] }
            propertyIDs = order.map { propertyIDs[$0] }
        }
        return properties
    }
}
