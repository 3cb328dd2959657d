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
        let ids = self.ids
        self = PropertyList()
        var states: [StateProperties] = []
        // The order and the marks live on the stack: a rule has a handful of properties.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: ids.count) { order in
            Self.order(of: ids, ranks: ranks, into: order)
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: ids.count) { placed in
                placed.initialize(repeating: false)
                properties.withUnsafeMutableBufferPointer { buffer in
                    guard let base = buffer.baseAddress else { return }
                    // Applies the order cycle by cycle, moving each value once:
                    // copying a property costs reference counting, moving it does not.
                    func source(_ position: Int) -> Int { Int(truncatingIfNeeded: order[position] & 0xFFFF_FFFF) }
                    for start in order.indices where !placed[start] && source(start) != start {
                        let first = (base + start).move()
                        var position = start
                        while source(position) != start {
                            (base + position).moveInitialize(from: base + source(position), count: 1)
                            placed[position] = true
                            position = source(position)
                        }
                        (base + position).initialize(to: first)
                        placed[position] = true
                    }
                }
            }
            // State properties sort after the plain ones, by state: cut them off.
            guard let last = order.last, last >> Self.stateShift != 0 else { return }
            var end = properties.count
            while end > 0 {
                let state = order[end - 1] >> Self.stateShift
                guard state != 0 else { break }
                var start = end - 1
                while start > 0 && order[start - 1] >> Self.stateShift == state { start -= 1 }
                states.append(StateProperties(state: ControlState(rawValue: Int(state)), properties: Array(properties[start..<end])))
                end = start
            }
            properties.removeSubrange(end...)
            states.reverse()
        }
        return (properties, states)
    }

    /// Where a property's states sit in its sort key: above the rank and position.
    private static let stateShift: UInt64 = 59

    /// Fills `order` with each property's states (bits 59–62), rank (bits
    /// 32–58) and position (low 32 bits), sorted: entry `k` then names the
    /// property that belongs at `k`. Sorting plain integers, an insertion
    /// sort for a handful.
    private static func order(of ids: [Int32], ranks: [Int32], into order: UnsafeMutableBufferPointer<UInt64>) {
        for index in order.indices {
            let id = ids[index]
            let rank = UInt64(UInt32(bitPattern: ranks[Int(PropertyNames.nameID(id))]))
            let states = UInt64(PropertyNames.states(id).rawValue)
            order.initializeElement(at: index, to: states << stateShift | rank << 32 | UInt64(index))
        }
        if order.count > 32 {
            var order = order  // the same memory; `sort` is declared mutating
            order.sort()
            return
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
    }
}
