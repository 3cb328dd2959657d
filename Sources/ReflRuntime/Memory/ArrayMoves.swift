extension Array {
    /// Puts at each position `k` the element that was at `source(k)`,
    /// `source` being a permutation of the indices: cycle by cycle, each
    /// element moved once, where copying would count references to all its
    /// parts (a rule's properties are sorted so).
    @inlinable
    package mutating func permute(taking source: (Int) -> Int) {
        var placed = [Bool](repeating: false, count: count)
        withUnsafeMutableBufferPointer { elements in
            guard let base = elements.baseAddress else { return }
            for start in elements.indices where !placed[start] && source(start) != start {
                let first = (base + start).move()
                var position = start
                while source(position) != start {
                    let next = source(position)
                    precondition(next >= 0 && next < elements.count && !placed[next], "not a permutation")
                    (base + position).moveInitialize(from: base + next, count: 1)
                    placed[position] = true
                    position = next
                }
                (base + position).initialize(to: first)
                placed[position] = true
            }
        }
    }
}

extension Array {
    /// Reserves room for `capacity` elements in an empty array that is to
    /// be filled from its start (a binary table put together, a large
    /// parse's nodes and declarations). Its memory is advised for huge pages
    /// when it can hold two or more (see `HugePages`): each 2 MiB the
    /// elements reach is then one page fault rather than 512, and the 2 MiB
    /// pages they do not reach are never made resident, so at most 2 MiB at
    /// each end is held that 4 KiB pages would not hold.
    package mutating func reserve(fillingFromStart capacity: Int) {
        guard isEmpty else { return reserveCapacity(capacity) }
        self = [Element](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            initialized = 0
        }
    }
}

extension Array {
    /// Moves the elements of `other` to the end of this array, in order,
    /// leaving `other` empty. No element is copied: they are moved out of
    /// `other` from its end into a temporary list (the size of `other`), in
    /// reverse, then out of that from its end, where appending them would
    /// copy each element, counting references to all its parts, and emptying
    /// `other` would release them again (reversing `other` in place copies
    /// them too). Room should be made beforehand for a long list.
    package mutating func appendMoving(_ other: inout [Element]) {
        var reversed: [Element] = []
        reversed.reserveCapacity(other.count)
        while let element = other.popLast() { reversed.append(element) }
        while let element = reversed.popLast() { append(element) }
    }
}
