#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks Linux to back a large buffer that is about to be filled with
/// 2 MiB pages rather than 4 KiB ones: one page fault per 2 MiB instead of
/// 512, each of which costs more than the copy into its page. Only buffers
/// written from their start are advised (the file being read, the binary
/// table being put together, a large parse's nodes and declarations): a
/// huge page is made resident when the writes reach it, so at most one
/// more is held than the 4 KiB pages would hold. Where transparent huge
/// pages are off, or on another system, it does nothing.
package enum HugePages {
    /// The huge page size on x86-64 and arm64 Linux.
    static let size = 2 << 20

    /// Advises the whole 2 MiB pages inside `buffer`, when there are any.
    package static func advise(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let base = buffer.baseAddress, buffer.count >= 2 * size else { return }
        let start = (UInt(bitPattern: base) + UInt(size - 1)) & ~UInt(size - 1)
        let end = (UInt(bitPattern: base) + UInt(buffer.count)) & ~UInt(size - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        // A refusal (huge pages disabled, an old kernel) only leaves the small pages.
        _ = madvise(aligned, Int(end - start), MADV_HUGEPAGE)
        #endif
    }
}
