/// Work items done by several threads and handed on in order.
///
/// Threads take item numbers 0, 1, 2, … as they become free (so a slow item
/// never holds the others up), and leave each finished result in its slot.
/// The *delivering* thread — the one that started the work — also passes
/// the finished results, in item order, to `deliver` as soon as they are
/// next in line, between items of its own. At most `window` items are taken
/// but not yet delivered, so results in waiting stay few however many there
/// are in all.
final class OrderedPipeline<Result> {
    private let lock = Lock()
    /// How many items there are, unless `stopTaking` ends them sooner.
    private var count: Int
    private let window: Int
    private var nextToTake = 0
    private var nextToDeliver = 0
    private var finished: [Result?]

    init(count: Int, window: Int) {
        self.count = count
        self.window = max(1, window)
        finished = Array(repeating: nil, count: count)
    }

    /// The next item for a worker thread; nil when all are taken. Waits
    /// while the window is full.
    func take() -> Int? {
        lock.withLock {
            while nextToTake < count && nextToTake - nextToDeliver >= window { lock.wait() }
            guard nextToTake < count else { return nil }
            nextToTake += 1
            return nextToTake - 1
        }
    }

    /// The next item for the delivering thread, after it delivered what is
    /// ready; nil when all are taken (then call `deliverRest`).
    func takeDelivering(_ deliver: (Result) -> Void) -> Int? {
        deliverReady(deliver, waitForAll: false)
        return lock.withLock {
            guard nextToTake < count else { return nil }
            nextToTake += 1
            return nextToTake - 1
        }
    }

    /// Takes no item after those already taken: they are still finished
    /// and delivered.
    func stopTaking() {
        lock.withLock {
            count = nextToTake
            lock.signalAll()
        }
    }

    /// Leaves the result of `item`.
    func finish(_ item: Int, _ result: Result) {
        lock.withLock {
            finished[item] = result
            lock.signalAll()
        }
    }

    /// Delivers every remaining result, waiting for those still being worked on.
    func deliverRest(_ deliver: (Result) -> Void) {
        deliverReady(deliver, waitForAll: true)
    }

    private func deliverReady(_ deliver: (Result) -> Void, waitForAll: Bool) {
        while true {
            // Take the results that are next in line out under the lock; deliver them outside it.
            let ready: [Result] = lock.withLock {
                if waitForAll {
                    while nextToDeliver < count && finished[nextToDeliver] == nil { lock.wait() }
                }
                var ready: [Result] = []
                while nextToDeliver < count, let result = finished[nextToDeliver] {
                    ready.append(result)
                    finished[nextToDeliver] = nil
                    nextToDeliver += 1
                }
                if !ready.isEmpty { lock.signalAll() }  // the window has room again
                return ready
            }
            for result in ready { deliver(result) }
            if ready.isEmpty || !waitForAll || nextToDeliverIsDone { return }
        }
    }

    private var nextToDeliverIsDone: Bool {
        lock.withLock { nextToDeliver >= count }
    }
}
