#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for a long-running loop (the watch server), apart
/// from the shared pool the compiler's parallel work runs on.
package enum BackgroundThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    package static func start(_ body: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let created = pthread_create(&thread, nil, { argument in
            let body = Unmanaged<Body>.fromOpaque(argument!).takeRetainedValue()
            body.run()
            return nil
        }, box)
        if created == 0 {
            #if canImport(Darwin)
            pthread_detach(thread!)
            #else
            pthread_detach(thread)
            #endif
        } else {
            // No thread: run here rather than not at all.
            Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
        }
    }
}
