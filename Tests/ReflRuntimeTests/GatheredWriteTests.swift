import Foundation
import Testing
@testable import ReflRuntime

/// Buffers written together (`ByteBuffer.drain(_:to:)`, how `reflc build
/// -o FILE` writes a table) arrive whole and in order, also when a system
/// call writes only part of what it is given.
struct GatheredWriteTests {
    /// Bytes that differ from their neighbours and from those of other
    /// parts, so that a byte out of place changes what arrives.
    static func pattern(_ part: Int, _ size: Int) -> [UInt8] {
        (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ part &* 13 &+ $0 >> 8) }
    }

    /// Buffers of `sizes` bytes, each of its own `pattern`.
    static func buffers(_ sizes: [Int]) -> [ByteBuffer] {
        sizes.enumerated().map { index, size in
            let buffer = ByteBuffer()
            buffer.append(ArraySlice(pattern(index, size)))
            return buffer
        }
    }

    /// Calls that write fewer bytes than they are given, sometimes ending
    /// inside a part, and now and then fail as a signal makes them (EINTR):
    /// every byte still arrives once, in order.
    @Test func writesThatStopPartWayGoOnFromWhereTheyStopped() {
        let sizes = [100, 1, 0, 5_000, 3, 64, 0, 999] + (0..<140).map { $0 * 37 % 300 }
        let parts = sizes.enumerated().map { Self.pattern($0, $1) }
        let expected = parts.flatMap { $0 }
        let memory = parts.map { part -> UnsafeMutableRawBufferPointer in
            let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: max(part.count, 1), alignment: 1)
            memory.copyBytes(from: part)
            return memory
        }
        defer { for part in memory { part.deallocate() } }
        let allowances = [1, 7, 250, 3, 40, 64, 2, 99]
        var received: [UInt8] = []
        var calls = 0, interrupted = 0, mostParts = 0
        let problem = Descriptor.writeAll(gathering: zip(memory, parts).map { UnsafeRawBufferPointer(rebasing: $0[0..<$1.count]) }) { vectors in
            calls += 1
            mostParts = max(mostParts, vectors.count)
            if calls % 5 == 0 {
                interrupted += 1
                errno = EINTR
                return -1
            }
            var allowance = allowances[calls % allowances.count]
            var written = 0
            for vector in vectors where allowance > 0 {
                let count = min(allowance, vector.iov_len)
                received += UnsafeRawBufferPointer(start: vector.iov_base, count: count)
                written += count
                allowance -= count
            }
            return written
        }
        #expect(problem == nil)
        #expect(received.count == expected.count)
        #expect(received == expected)
        #expect(interrupted > 10 && mostParts == 64)
    }

    @Test func aCallThatFailsSaysWhy() {
        let part = [UInt8](repeating: 1, count: 10)
        let problem = part.withUnsafeBytes { bytes in
            Descriptor.writeAll(gathering: [bytes]) { _ in
                errno = ENOSPC
                return -1
            }
        }
        #expect(problem == "no space left on device")
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
        #expect(empty.bytes == Self.pattern(0, 5))
        #expect(full.count == 0 && full.capacity == 1 << 16)
        full.append(ArraySlice("b".utf8))
        #expect(full.bytes == [UInt8(ascii: "b")])
    }
}

/// The bytes the reading thread got: read once it has signalled that it is done.
private final class Received: @unchecked Sendable {
    var bytes: [UInt8] = []
}

/// Appends to the JSON writer's buffer copy short runs as overlapping words
/// (`ByteBuffer.copy`), and a string's last bytes as its last word
/// (`appendQuoted`): every length up to past the longest such run, after
/// every offset within a word, leaves exactly the bytes appended, in order,
/// with nothing before them changed and nothing after them written (the
/// reserved space after them keeps its marker bytes). The source runs end
/// where their array ends, so that a read past them is a read past the
/// array (which `swift test --sanitize=address` reports).
struct ByteBufferAppendTests {
    static let marker: UInt8 = 0xCD

    /// Reserves `extra` bytes after what `buffer` holds and fills them with the marker.
    static func markSpace(after buffer: ByteBuffer, _ extra: Int) {
        buffer.reserve(extra)
        buffer.write(maximum: extra) { window in
            for index in 0..<window.count { window[index] = marker }
            return 0
        }
    }

    /// Whether the `extra` bytes after what `buffer` holds still hold the marker.
    static func spaceIsMarked(after buffer: ByteBuffer, _ extra: Int) -> Bool {
        var marked = true
        buffer.write(maximum: extra) { window in
            for index in 0..<window.count where window[index] != marker { marked = false }
            return 0
        }
        return marked
    }

    @Test func appendsOfEveryLengthCopyEveryByte() {
        let source = (0..<80).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for offset in 0..<8 {
            for length in 0...70 {
                let buffer = ByteBuffer(capacity: 16)
                let prefix = [UInt8](repeating: 0xEE, count: offset)
                buffer.append(prefix[...])
                Self.markSpace(after: buffer, length + 40)
                let run = source[(source.count - length)...]
                buffer.append(run)
                #expect(buffer.bytes == prefix + Array(run), "offset \(offset), length \(length)")
                #expect(Self.spaceIsMarked(after: buffer, 40), "written past the end: offset \(offset), length \(length)")
            }
        }
    }

    @Test func quotedStringsOfEveryLengthWriteNothingPastTheirEnd() {
        for offset in 0..<8 {
            for length in 0...40 {
                let buffer = ByteBuffer(capacity: 16)
                buffer.append([UInt8](repeating: 0xEE, count: offset)[...])
                Self.markSpace(after: buffer, length + 2 + 40)
                let text = String(repeating: "a", count: length)
                #expect(buffer.appendQuoted(text, wordNeedsEscape: JSONWriter.needsEscape, byteNeedsEscape: JSONEscaping.needsEscape))
                #expect(buffer.bytes == [UInt8](repeating: 0xEE, count: offset) + Array(("\"" + text + "\"").utf8))
                #expect(Self.spaceIsMarked(after: buffer, 40), "written past the end: offset \(offset), length \(length)")
            }
        }
    }
}
