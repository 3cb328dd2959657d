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

    /// The bytes written to `socket` that its peer has not acknowledged
    /// yet (unsent, or sent and not acknowledged): what the peer has taken
    /// is what was written less this. Nil where the system does not say
    /// (Linux's `SIOCOUTQ` does).
    package static func unacknowledgedBytes(_ socket: Int32) -> Int? {
        #if os(Linux)
        var queued: Int32 = 0
        guard ioctl(socket, UInt(TIOCOUTQ), &queued) == 0 else { return nil }
        return Int(queued)
        #else
        return nil
        #endif
    }

    /// Whether `unacknowledgedBytes` answers on this system.
    package static let countsUnacknowledgedBytes: Bool = {
        #if os(Linux)
        return true
        #else
        return false
        #endif
    }()

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

/// One address `getaddrinfo` found, copied out of its list: what a socket
/// is made, bound or connected with.
package struct SocketAddress {
    package let family: Int32
    package let type: Int32
    package let protocolNumber: Int32
    fileprivate let storage: sockaddr_storage
    fileprivate let length: socklen_t

    /// The addresses of `host` and `port` for TCP, in the system's order;
    /// the resolver's reason when there are none. `passive`: for listening
    /// (a numeric port only).
    package struct Unresolved: Error {
        package let reason: String
    }

    package static func resolve(host: String, port: String, passive: Bool = false) -> Result<[SocketAddress], Unresolved> {
        var hints = StreamSockets.addressHints(flags: passive ? AI_PASSIVE | AI_NUMERICSERV : 0)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, port, &hints, &list)
        guard status == 0 else { return .failure(Unresolved(reason: String(cString: gai_strerror(status)))) }
        defer { freeaddrinfo(list) }
        var found: [SocketAddress] = []
        var next = list
        while let entry = next {
            next = entry.pointee.ai_next
            guard let address = entry.pointee.ai_addr, Int(entry.pointee.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen))) }
            found.append(SocketAddress(family: entry.pointee.ai_family, type: entry.pointee.ai_socktype,
                                       protocolNumber: entry.pointee.ai_protocol, storage: storage, length: entry.pointee.ai_addrlen))
        }
        return found.isEmpty ? .failure(Unresolved(reason: "no address")) : .success(found)
    }

    /// A new socket of this address's family and type; -1 on an error.
    package func makeSocket() -> Int32 {
        systemSocket(family, type, protocolNumber)
    }

    /// Binds `socket` to this address; whether it worked (`errno` says why not).
    package func bind(_ socket: Int32) -> Bool {
        withSockaddr { systemBind(socket, $0, length) } == 0
    }

    /// Starts connecting `socket` here: 0, or -1 with `errno` (EINPROGRESS
    /// for a non-blocking socket still connecting).
    package func connect(_ socket: Int32) -> Int32 {
        withSockaddr { systemConnect(socket, $0, length) }
    }

    /// The address as text (`127.0.0.1`, `::1`); nil for a family other than IPv4 and IPv6.
    package var numericHost: String? {
        withSockaddr { StreamSockets.numericHost($0) }
    }

    private func withSockaddr<Result>(_ body: (UnsafePointer<sockaddr>) -> Result) -> Result {
        withUnsafeBytes(of: storage) { body($0.baseAddress!.assumingMemoryBound(to: sockaddr.self)) }
    }
}

extension StreamSockets {
    /// The port `socket` is bound to (the one the system picked for port 0).
    package static func boundPort(_ socket: Int32) -> UInt16 {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
        }
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: storage) { raw in
            family == AF_INET6 ? UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port)
                : UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port)
        }
    }

    /// The addresses of this machine's network interfaces, as text.
    package static func interfaceAddresses() -> [String] {
        var interfaces: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&interfaces) == 0 else { return [] }
        defer { freeifaddrs(interfaces) }
        var found: [String] = []
        var next = interfaces
        while let interface = next {
            if let address = interface.pointee.ifa_addr, let text = numericHost(address) { found.append(text) }
            next = interface.pointee.ifa_next
        }
        return found
    }

    /// Whether the 16 bytes of an IPv6 address are `::1`, or `::ffff:127.x.x.x`.
    package static func isLoopback(_ address: in6_addr) -> Bool {
        withUnsafeBytes(of: address) { bytes in
            let isMapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
            return bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1 || isMapped && bytes[12] == 127
        }
    }

    /// An IPv4 or IPv6 address as text; nil for another family.
    fileprivate static func numericHost(_ address: UnsafePointer<sockaddr>) -> String? {
        let family = Int32(address.pointee.sa_family)
        guard family == AF_INET || family == AF_INET6 else { return nil }
        let length = family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
        var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, socklen_t(length), &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

// At file level: inside the types above, their own names would hide the system's.
private func systemSocket(_ family: Int32, _ type: Int32, _ protocolNumber: Int32) -> Int32 {
    socket(family, type, protocolNumber)
}

private func systemBind(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    bind(socket, address, length)
}

private func systemConnect(_ socket: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    connect(socket, address, length)
}
