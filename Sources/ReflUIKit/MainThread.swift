#if canImport(UIKit)
import Darwin

/// Runs main-actor code (UIKit's) from a synchronous caller on the main
/// thread: UIKit's callbacks, and the applier, which styles views on the
/// main thread. `MainActor.assumeIsolated` says the same, but its check can
/// trap on systems before iOS 18 when the caller is not running in a task
/// (their concurrency runtime does not always take the main thread for the
/// main actor), and this layer runs from iOS 15. The check here is the
/// thread's; the closure is called as a plain one, which a main-actor
/// closure is on the main thread.
@inline(__always)
func onMainThread<Result>(_ body: @MainActor () -> Result) -> Result {
    precondition(pthread_main_np() == 1, "ReflUIKit styles views on the main thread only")
    return withoutActuallyEscaping(body) { body in
        unsafeBitCast(body, to: (() -> Result).self)()
    }
}
#endif
