#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import ReflEval

/// The names of temporary files that exist right now, removed by SIGINT
/// and SIGTERM before the process ends: a signal handler may only call
/// async-signal-safe functions, so the names are kept as C strings in a
/// fixed table.
enum TemporaryNames {
    private static let capacity = 16
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        slots.initialize(repeating: nil, count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static var isInstalled = false

    static func register(_ path: FilePath) {
        installHandlers()
        for index in 0..<capacity where slots[index] == nil {
            slots[index] = path.withCString { strdup($0) }
            return
        }
    }

    static func unregister(_ path: FilePath) {
        for index in 0..<capacity {
            guard let slot = slots[index] else { continue }
            if path.withCString({ strcmp($0, slot) }) == 0 {
                slots[index] = nil
                free(slot)
                return
            }
        }
    }

    /// Removes every registered file (from a signal handler, too).
    static func removeAll() {
        for index in 0..<capacity {
            if let slot = slots[index] { unlink(slot) }
        }
    }

    /// When set (by `reflc watch`), SIGINT and SIGTERM write a byte here
    /// instead: the watcher ends after the build under way, which removes
    /// or renames its temporary file itself.
    nonisolated(unsafe) static var stopDescriptor: Int32 = -1

    /// Sends SIGINT and SIGTERM to `descriptor` (see `stopDescriptor`).
    static func deliverStopSignals(to descriptor: Int32) {
        stopDescriptor = descriptor
        isInstalled = true
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { _ in
                var byte: UInt8 = 1
                _ = write(TemporaryNames.stopDescriptor, &byte, 1)
            }
        }
    }

    private static func installHandlers() {
        guard !isInstalled else { return }
        isInstalled = true
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber) { received in
                TemporaryNames.removeAll()
                signal(received, SIG_DFL)
                raise(received)
            }
        }
    }
}
