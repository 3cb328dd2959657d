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
    @exclusivity(unchecked) @usableFromInline package private(set) var count = 0
    @exclusivity(unchecked) @usableFromInline var capacity = 16
    @exclusivity(unchecked) @usableFromInline var values: UnsafeMutablePointer<StyleValue>
    @exclusivity(unchecked) @usableFromInline var ranges: UnsafeMutablePointer<SourceRange>

    package init() {
        values = .allocate(capacity: capacity)
        ranges = .allocate(capacity: capacity)
    }

    deinit {
        values.deinitialize(count: count)
        values.deallocate()
        ranges.deallocate()
    }

    @inlinable
    package func push(_ value: consuming StyleValue, at range: SourceRange) {
        if count == capacity { grow() }
        (values + count).initialize(to: value)
        ranges[count] = range
        count += 1
    }

    /// Removes the arguments from `newCount` on.
    @inlinable
    package func pop(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "popped past the stack")
        (values + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// The argument at `index`, read in place (a copy of a value costs
    /// more than most functions' use of it).
    @inlinable
    package subscript(index: Int) -> StyleValue {
        unsafeAddress {
            precondition(index >= 0 && index < count, "outside the stack")
            return UnsafePointer(values + index)
        }
    }

    @inlinable
    package func range(at index: Int) -> SourceRange {
        precondition(index >= 0 && index < count, "outside the stack")
        return ranges[index]
    }

    @usableFromInline
    func grow() {
        let largerValues = UnsafeMutablePointer<StyleValue>.allocate(capacity: capacity * 2)
        largerValues.moveInitialize(from: values, count: count)
        values.deallocate()
        values = largerValues
        let largerRanges = UnsafeMutablePointer<SourceRange>.allocate(capacity: capacity * 2)
        largerRanges.update(from: ranges, count: count)
        ranges.deallocate()
        ranges = largerRanges
        capacity *= 2
    }
}
