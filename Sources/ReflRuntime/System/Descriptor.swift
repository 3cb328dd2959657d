#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes on file descriptors (files, pipes, sockets, the
/// standard streams) with the bytes in arrays: the system calls take
/// pointers, and those stay here, each call given exactly the room its
/// array has. Each call is retried when a signal interrupts it.
package enum Descriptor {
    /// Reads what is there, up to `buffer.count` bytes, into the start of
    /// `buffer`: how many were read, 0 at the end, -1 on an error (`errno`
    /// says which).
    package static func read(_ descriptor: Int32, into buffer: inout [UInt8]) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Reads up to `limit` bytes: what was read, empty at the end, nil on an error.
    package static func read(_ descriptor: Int32, upTo limit: Int) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = read(descriptor, into: &buffer)
        guard count >= 0 else { return nil }
        buffer.removeSubrange(count...)
        return buffer
    }

    /// Writes some of `bytes`: how many were written, -1 on an error.
    package static func write(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> Int {
        while true {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            return written
        }
    }

    /// Writes all of `bytes`, however many calls it takes; why it could
    /// not, or nil.
    package static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> String? {
        bytes.withUnsafeBytes { writeAll(gathering: [$0], to: descriptor) }
    }

    /// Writes all of `parts`, one after the other, with `writev`: many
    /// parts in one system call; why they could not all be written, or nil.
    package static func writeAll(gathering parts: [UnsafeRawBufferPointer], to descriptor: Int32) -> String? {
        writeAll(gathering: parts) { vectors in writev(descriptor, vectors.baseAddress, Int32(vectors.count)) }
    }

    /// `writeAll(gathering:to:)` through `write`, which is given the parts
    /// still to write (from where the last call stopped, at most 64 of them:
    /// far below any system's IOV_MAX) and returns how many bytes it wrote,
    /// or -1 with `errno` set. A call may write fewer bytes than it is given
    /// (a signal, a full disk), ending inside a part: the next begins there.
    package static func writeAll(gathering parts: [UnsafeRawBufferPointer], with write: (UnsafeBufferPointer<iovec>) -> Int) -> String? {
        var vectors = parts.compactMap { part in
            part.isEmpty ? nil : iovec(iov_base: UnsafeMutableRawPointer(mutating: part.baseAddress), iov_len: part.count)
        }
        var first = 0
        while first < vectors.count {
            let end = min(vectors.count, first + 64)
            let written = vectors.withUnsafeBufferPointer { vectors in write(UnsafeBufferPointer(rebasing: vectors[first..<end])) }
            if written < 0 && errno == EINTR { continue }
            if written < 0 { return FileSystem.lastErrorReason() }
            if written == 0 { return "nothing could be written" }
            // Past the parts written whole, into the one written in part.
            var left = written
            while first < vectors.count && left >= vectors[first].iov_len {
                left -= vectors[first].iov_len
                first += 1
            }
            if left > 0 {
                vectors[first].iov_base += left
                vectors[first].iov_len -= left
            }
        }
        return nil
    }

    /// Gives the file `descriptor` its first `bytes` of space at once
    /// (Linux's `fallocate`, which also makes the file that long): whether it
    /// was asked for. The space may have been given in part even when the
    /// call fails (a full disk), so a file asked for is cut to what was
    /// written before anyone reads it. Nothing is asked for elsewhere.
    package static func preallocate(_ descriptor: Int32, bytes: Int) -> Bool {
        #if os(Linux)
        guard let fallocate = linuxFallocate else { return false }
        while fallocate(descriptor, 0, 0, off_t(bytes)) != 0 && errno == EINTR {}
        return true
        #else
        return false
        #endif
    }

    #if os(Linux)
    /// The C library's `fallocate`, which Swift's Glibc module leaves out
    /// (C declares it for `_GNU_SOURCE` only); nil where `dlsym` cannot find
    /// it (a static build with musl). Not `posix_fallocate`: where the file
    /// system cannot allocate ahead, that one writes a zero into every block.
    private static let linuxFallocate: (@convention(c) (Int32, Int32, off_t, off_t) -> Int32)? = {
        // RTLD_DEFAULT, which is a null handle in glibc: the symbol wherever it is loaded from.
        guard let symbol = dlsym(nil, "fallocate") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32, off_t, off_t) -> Int32).self)
    }()
    #endif

    /// Sends some of `bytes` on a connected socket without raising SIGPIPE
    /// when the peer has gone: how many were sent, -1 on an error (`errno`
    /// says which; EAGAIN when a non-blocking socket is full).
    package static func send(_ bytes: ArraySlice<UInt8>, on socket: Int32) -> Int {
        guard !bytes.isEmpty else { return 0 }
        while true {
            let sent = bytes.withUnsafeBytes { bytes in
                #if canImport(Darwin)
                Darwin.send(socket, bytes.baseAddress, bytes.count, 0)  // SO_NOSIGPIPE is set on the socket
                #else
                Glibc.send(socket, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
                #endif
            }
            if sent < 0 && errno == EINTR { continue }
            return sent
        }
    }
}

// At file level: inside `Descriptor`, its own `read` and `write` would hide the system's.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
