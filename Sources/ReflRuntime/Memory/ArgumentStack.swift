/// The compiler's argument lists, on one stack in one block of memory: a
/// call pushes its arguments (each value with the range it was written
/// at), its function reads them, and they are popped, so that a call
/// allocates nothing once the stack has grown. Every access is checked
/// against the stack's count.
package final class ArgumentStack {
    // Not checked for exclusive access at run time (an array held by a
    // class would be, at every change, which cost more than lowering the
    // call): no method lets a caller's code run while it changes them.
    // Inlinable where the compiler lowers calls.
    @exclusivity(unchecked) @usableFromInline var storedCount = 0
    @exclusivity(unchecked) @usableFromInline var capacity = 16
    @exclusivity(unchecked) @usableFromInline var values: UnsafeMutablePointer<StyleValue>
    @exclusivity(unchecked) @usableFromInline var ranges: UnsafeMutablePointer<SourceRange>

    /// How many arguments the stack holds. Read through this accessor: a
    /// read of the stored property itself from another module is checked
    /// for exclusive access after all (1.5M instructions of the 1 MB
    /// corpus's build, one check per call lowered).
    @inlinable
    package var count: Int { storedCount }

    package init() {
        values = .allocate(capacity: capacity)
        ranges = .allocate(capacity: capacity)
    }

    deinit {
        values.deinitialize(count: storedCount)
        values.deallocate()
        ranges.deallocate()
    }

    @inlinable
    package func push(_ value: consuming StyleValue, at range: SourceRange) {
        if storedCount == capacity { grow() }
        (values + storedCount).initialize(to: value)
        ranges[storedCount] = range
        storedCount += 1
    }

    /// Removes the arguments from `newCount` on. Most arguments are numbers,
    /// colors and the like, which hold nothing counted: those are left as
    /// they are (overwritten by the next push) rather than destroyed through
    /// the value's generic witness, about 60 instructions each.
    @inlinable
    package func pop(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= storedCount, "popped past the stack")
        for index in newCount..<storedCount where !values[index].holdsNothingCounted {
            (values + index).deinitialize(count: 1)
        }
        storedCount = newCount
    }

    /// The argument at `index`, read in place (a copy of a value costs
    /// more than most functions' use of it).
    @inlinable
    package subscript(index: Int) -> StyleValue {
        unsafeAddress {
            precondition(index >= 0 && index < storedCount, "outside the stack")
            return UnsafePointer(values + index)
        }
    }

    @inlinable
    package func range(at index: Int) -> SourceRange {
        precondition(index >= 0 && index < storedCount, "outside the stack")
        return ranges[index]
    }

    @usableFromInline
    func grow() {
        let largerValues = UnsafeMutablePointer<StyleValue>.allocate(capacity: capacity * 2)
        largerValues.moveInitialize(from: values, count: storedCount)
        values.deallocate()
        values = largerValues
        let largerRanges = UnsafeMutablePointer<SourceRange>.allocate(capacity: capacity * 2)
        largerRanges.update(from: ranges, count: storedCount)
        ranges.deallocate()
        ranges = largerRanges
        capacity *= 2
    }
}
