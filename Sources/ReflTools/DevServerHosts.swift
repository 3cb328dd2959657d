#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// The names a request's `Host` may give for the dev server to answer it.
///
/// A web page the developer visits can make the browser fetch from any
/// address, and by DNS rebinding even under a name of the page's own; the
/// browser then sends that name as `Host`. Answering only to the names this
/// machine goes by keeps such a page from reading the styles and paths.
struct DevServerHosts {
    private var names: Set<String> = ["localhost"]

    /// This machine's names and interface addresses, and `allowed`.
    init(allowed: [String]) {
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let name = Self.normalized(Self.text(buffer))
            if !name.isEmpty {
                names.insert(name)
                if !name.hasSuffix(".local") { names.insert(name + ".local") }
            }
        }
        for address in StreamSockets.interfaceAddresses() { names.insert(Self.normalized(address)) }
        for name in allowed { names.insert(Self.normalized(name)) }
    }

    /// Whether a request whose `Host` header is `header` is answered.
    func accepts(_ header: String) -> Bool {
        let name = Self.normalized(Self.hostName(header))
        return names.contains(name) || name.hasSuffix(".localhost") || Self.isLoopbackLiteral(name)
    }

    /// The name in a `Host` header: without the port, an IPv6 address without its brackets.
    static func hostName(_ header: String) -> String {
        if header.hasPrefix("["), let close = header.firstIndex(of: "]") {
            return String(header[header.index(after: header.startIndex)..<close])
        }
        if let colon = header.lastIndex(of: ":"), header.firstIndex(of: ":") == colon { return String(header[..<colon]) }
        return header
    }

    /// Lowercased, without a trailing dot or an IPv6 zone (`%en0`).
    static func normalized(_ name: String) -> String {
        var name = name.lowercased()
        if let percent = name.firstIndex(of: "%") { name = String(name[..<percent]) }
        if name.hasSuffix(".") { name.removeLast() }
        return name
    }

    /// `127.x.x.x`, `::1` or `::ffff:127.x.x.x` written as an address.
    static func isLoopbackLiteral(_ name: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, name, &v6) == 1 else { return false }
        return StreamSockets.isLoopback(v6)
    }

    /// A C string from a buffer, up to its first NUL.
    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
