#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The few concurrency tools the rule phase needs (see
/// `RuleCompiler.compileRules`): running a fixed set of work items at once,
/// and a lock for the one cache the threads share.
package enum Concurrency {
    /// How many threads are worth starting: the processors this process
    /// may use (see `ProcessorCount`), at most 8.
    package static let processorCount = min(8, ProcessorCount.current())

    /// Calls `work(0)` … `work(count - 1)` at the same time, on up to `count`
    /// threads (the calling one among them), and returns when all are done.
    ///
    /// Not checked by the compiler: each call must write only state of its
    /// own, and read only state nobody writes until all calls are done, or
    /// that the calls hand over in an order they agree on under a lock
    /// (as `OrderedPipeline` does).
    package static func run(_ count: Int, _ work: (Int) -> Void) {
        if count == 1 { return work(0) }
        withoutActuallyEscaping(work) { work in
            let shared = UncheckedSendable(value: work)
            DispatchQueue.concurrentPerform(iterations: count) { shared.value($0) }
        }
    }

    /// Calls `first` and `second` at the same time when this process may
    /// use more than one processor, one after the other otherwise; returns
    /// when both are done. The same rules as `run(_:_:)` hold.
    package static func run(_ first: () -> Void, alongside second: () -> Void) {
        guard processorCount > 1 else {
            first()
            return second()
        }
        run(2) { $0 == 0 ? first() : second() }
    }

    private struct UncheckedSendable<Value>: @unchecked Sendable {
        let value: Value
    }
}

/// The one clock: seconds on a monotonic clock (never set back), for
/// timeouts, debouncing and measuring.
package enum MonotonicClock {
    package static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
