import Foundation
import Testing
@testable import ReflRuntime

/// Buffers written together (`ByteBuffer.drain(_:to:)`, how `reflc build
/// -o FILE` writes a table) arrive whole and in order.
struct GatheredWriteTests {
    /// Buffers of `sizes` bytes, each of its own repeated letter.
    static func buffers(_ sizes: [Int]) -> [ByteBuffer] {
        sizes.enumerated().map { index, size in
            let buffer = ByteBuffer()
            buffer.append(ArraySlice(repeating: UInt8(ascii: "a") + UInt8(index % 26), count: size))
            return buffer
        }
    }

    @Test func manyBuffersLargerThanAPipeHoldsArriveWholeAndInOrder() throws {
        // More buffers than one call takes (64), empty ones among them, and
        // more bytes than a pipe holds (64 KiB), read meanwhile.
        let sizes = [100_000, 1, 0, 70_000, 3, 250_000, 65_536] + (0..<150).map { $0 * 37 % 1000 }
        let buffers = Self.buffers(sizes)
        let expected = buffers.flatMap(\.bytes)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let readingEnd = ends[0], writingEnd = ends[1]
        let received = Received()
        let finished = DispatchSemaphore(value: 0)
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 10_000)
            while true {
                let count = read(readingEnd, &chunk, chunk.count)
                if count <= 0 { break }
                received.bytes += chunk[0..<count]
            }
            finished.signal()
        }
        reader.start()
        let problem = ByteBuffer.drain(buffers, to: writingEnd)
        close(writingEnd)  // the reader sees the end
        #expect(finished.wait(timeout: .now() + 30) == .success)
        close(readingEnd)
        #expect(problem == nil)
        #expect(received.bytes.count == expected.count)
        #expect(received.bytes == expected)
        #expect(buffers.allSatisfy { $0.count == 0 })  // emptied
    }

    @Test func aFailedWriteSaysWhyAndStillEmptiesTheBuffers() throws {
        let buffers = Self.buffers([10, 20])
        let descriptor = open("/dev/full", O_WRONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(ByteBuffer.drain(buffers, to: descriptor) == "no space left on device")
        #expect(buffers.allSatisfy { $0.count == 0 })
    }

    @Test func exchangedContentsChangeHandsWithoutACopy() {
        let full = Self.buffers([5])[0]
        let empty = ByteBuffer(capacity: 1 << 16)
        empty.exchangeContents(with: full)
        #expect(empty.bytes == Array("aaaaa".utf8))
        #expect(full.count == 0 && full.reservedCapacity == 1 << 16)
        full.append(ArraySlice("b".utf8))
        #expect(full.bytes == [UInt8(ascii: "b")])
    }
}

/// The bytes the reading thread got: read once it has signalled that it is done.
private final class Received: @unchecked Sendable {
    var bytes: [UInt8] = []
}
