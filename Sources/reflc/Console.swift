#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing to the standard streams, and the exit statuses of Docs/CommandLine.md.
enum Console {
    /// 0 success, 1 the input has errors, 2 usage or file-system trouble.
    /// It is an `Error` so a step can end a command with its status.
    enum ExitStatus: Int32, Error {
        case success = 0
        case inputErrors = 1
        case usageOrIO = 2
    }

    static func writeOut(_ text: String) { writeAll(Array(text.utf8), to: 1) }
    static func writeError(_ text: String) { writeAll(Array(text.utf8), to: 2) }
    static func writeOut(bytes: [UInt8]) { writeAll(bytes, to: 1) }

    /// Writes all of `bytes` to a file descriptor, retrying partial writes.
    /// Returns false when the stream is closed or broken.
    @discardableResult
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
    }

    @discardableResult
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    /// `reflc: error: message` for problems that are not in a stylesheet.
    static func fail(_ message: String, status: ExitStatus = .usageOrIO) -> ExitStatus {
        writeError("reflc: error: \(message)\n")
        return status
    }
}
