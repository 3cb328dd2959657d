#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What the dev server and the live-reload client both do with a TCP
/// socket, where Darwin and Glibc spell it differently.
package enum StreamSockets {
    /// Hints for `getaddrinfo` that ask for TCP addresses of any family.
    package static func addressHints(flags: Int32 = 0) -> addrinfo {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
        hints.ai_socktype = SOCK_STREAM
        #else
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        hints.ai_flags = flags
        return hints
    }

    /// Makes `descriptor` (a socket or a pipe) non-blocking and closed on exec.
    package static func setNonBlocking(_ descriptor: Int32) {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }

    /// Makes a connected `socket` non-blocking, closed on exec and, on
    /// Darwin, silent when its peer has gone (Glibc asks for that per send,
    /// `MSG_NOSIGNAL`).
    package static func prepare(_ socket: Int32) {
        setNonBlocking(socket)
        #if canImport(Darwin)
        var yes: Int32 = 1
        _ = setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }
}
