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

    /// The list without its hash index: a flattened rule's list is only
    /// read from then on, and the index of a long one costs more memory than
    /// its properties.
    consuming func finished() -> PropertyList {
        index = nil
        return self
    }

    /// Makes room for `extra` more properties.
    mutating func reserve(_ extra: Int) {
        items.reserveCapacity(items.count + extra)
        ids.reserveCapacity(ids.count + extra)
    }

    // Always inlined: the compiler stopped inlining it into `analyzeBody`
    // when the body grew, and a call for every declaration cost the 1 MB
    // corpus's build 1.5M instructions.
    @inline(__always)
    func index(of id: Int32) -> Int? {
        if let index { return index[id] }
        return ids.firstIndex(of: id)
    }

    /// Adds `property` (whose name has `id`), or replaces the one with the
    /// same name in place.
    mutating func set(_ property: consuming Property, id: Int32) {
        if let existing = index(of: id) {
            items[existing] = property
        } else {
            append(property, id: id)
        }
    }

    /// Adds `property`, whose name (`id`) is not in the list yet.
    mutating func append(_ property: consuming Property, id: Int32) {
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
        for position in other.ids.indices where index(of: other.ids[position]) == nil {
            append(other.items[position], id: other.ids[position])
        }
    }

    /// The plain properties sorted by name, and the control-state
    /// properties grouped by state (in raw-value order), each group sorted
    /// by name; `ranks` gives each name's rank. The list is left empty: its
    /// properties are moved, not copied.
    mutating func takeSorted(ranks: [Int32]) -> (properties: [Property], states: [StateProperties]) {
        var properties = items
        let order = Self.order(of: ids, ranks: ranks)
        self = PropertyList()
        properties.permute { Int(truncatingIfNeeded: order[$0] & 0xFFFF_FFFF) }
        // State properties sort after the plain ones, by state: cut them off.
        func state(_ position: Int) -> UInt64 { order[position] >> Self.stateShift }
        var states: [StateProperties] = []
        var end = properties.count
        while end > 0 && state(end - 1) != 0 {
            let group = state(end - 1)
            var start = end - 1
            while start > 0 && state(start - 1) == group { start -= 1 }
            states.append(StateProperties(state: ControlState(rawValue: Int(group)), properties: Array(properties[start..<end])))
            end = start
        }
        if end < properties.count {
            properties.removeSubrange(end...)
            states.reverse()
        }
        return (properties, states)
    }

    /// Where a property's states sit in its sort key: above the rank and position.
    private static let stateShift: UInt64 = 59

    /// Each property's states (bits 59–62), rank (bits 32–58) and position
    /// (low 32 bits), sorted: entry `k` then names the
    /// property that belongs at `k`. Sorting plain integers, an insertion
    /// sort for a handful.
    private static func order(of ids: [Int32], ranks: [Int32]) -> [UInt64] {
        var order = ids.indices.map { index in
            let id = ids[index]
            let rank = UInt64(UInt32(bitPattern: ranks[Int(PropertyNames.nameID(id))]))
            let states = UInt64(PropertyNames.states(id).rawValue)
            return states << stateShift | rank << 32 | UInt64(index)
        }
        if order.count > 32 {
            order.sort()
            return order
        }
        for next in order.indices.dropFirst() {
            let moving = order[next]
            var index = next
            while index > 0 && order[index - 1] > moving {
                order[index] = order[index - 1]
                index -= 1
            }
            order[index] = moving
        }
        return order
    }
}
