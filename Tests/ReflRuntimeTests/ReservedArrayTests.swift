import Foundation
import Testing
@testable import ReflRuntime

/// Arrays reserved to be filled from their start (a parse's nodes and
/// declarations, a binary table), whose memory is advised for huge pages
/// once it can hold two (4 MiB).
struct ReservedArrayTests {
    /// Below and above 4 MiB (elements of 16 bytes): the array is empty,
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

    /// The memory of a 32 MiB array is advised for huge pages: the kernel
    /// marks that part of its mapping `hg` in `/proc/self/smaps` (Linux with
    /// transparent huge pages; elsewhere the test says why it checks nothing).
    @Test func aLargeReservedArrayIsAdvisedForHugePages() throws {
        #if os(Linux)
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else {
            print("skipped: this kernel has no transparent huge pages")
            return
        }
        var array: [UInt64] = []
        array.reserve(fillingFromStart: 4 << 20)
        array.append(1)
        // The middle of its memory: the advice covers the whole 2 MiB pages
        // inside the array, not the part before the first 2 MiB boundary.
        let address = array.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) } + UInt(array.capacity * 8 / 2)
        // Read to its end: the file reports no size, and a read by size stops short.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        let maps = String(decoding: handle.readDataToEndOfFile(), as: UTF8.self)
        var flags: String?
        var inMapping = false
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), fields.count >= 5 {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inMapping = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inMapping && line.hasPrefix("VmFlags:") {
                flags = String(line)
            }
        }
        let found = try #require(flags, "no mapping holds the array")
        #expect(found.split(separator: " ").contains("hg"), "\(found)")
        #else
        print("skipped: huge pages are advised on Linux only")
        #endif
    }
}
