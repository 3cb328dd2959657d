import Testing
@testable import ReflRuntime

/// Arrays reserved to be filled from their start (a parse's nodes and
/// declarations), whose memory is advised for huge pages from 8 MiB on.
struct ReservedArrayTests {
    /// Below and above 8 MiB (elements of 16 bytes): the array is empty,
    /// holds what is appended without growing, and reserving again in a
    /// filled array reserves as `reserveCapacity` does.
    @Test(arguments: [10, 1 << 20])
    func aReservedArrayHoldsWhatIsAppended(count: Int) {
        var array: [SIMD2<Int64>] = []
        array.reserve(fillingFromStart: count)
        #expect(array.isEmpty && array.capacity >= count)
        let capacity = array.capacity
        for index in 0..<count { array.append(SIMD2(Int64(index), -Int64(index))) }
        #expect(array.capacity == capacity, "filled without growing")
        #expect(array.enumerated().allSatisfy { $1 == SIMD2(Int64($0), -Int64($0)) })
        array.reserve(fillingFromStart: count * 2)
        #expect(array.count == count && array.capacity >= count * 2)
        #expect(array.last == SIMD2(Int64(count - 1), -Int64(count - 1)))
    }
}
