/// Carries out the reader's timers and watches (``TimerEffect``): the reload spinner's turns,
/// auto-reload, and the watch on the cache file that notices writes by other processes. The
/// process sleeps between ticks: no polling.
@MainActor
final class TimerRunner {
    private let timers: any TimerSource
    private let inbox: ReaderInbox
    private let cachePath: String
    /// Each stops its timer.
    private var stopSpinner: (@MainActor () -> Void)?
    private var stopAutoReload: (@MainActor () -> Void)?
    private var cacheWatcher: CacheWatcher?

    /// - Parameter timers: where the ticks come from (Dispatch timers, or a test's clock moved
    ///   by hand).
    init(timers: any TimerSource, cachePath: String, inbox: ReaderInbox) {
        self.timers = timers
        self.cachePath = cachePath
        self.inbox = inbox
    }

    func run(_ effect: TimerEffect) {
        switch effect {
        case .spinner(let running):
            stopSpinner?()
            stopSpinner = running ? repeating(every: .milliseconds(150), leeway: .milliseconds(50), .spinnerTick) : nil
        case .autoReload(let minutes):
            stopAutoReload?()
            stopAutoReload = minutes.map { repeating(every: .seconds($0 * 60), leeway: .seconds(5), .autoReloadTick) }
        case .watchCache:
            // A `tidings reload` from cron shows up with no key pressed; the generation read after
            // tells whether anything the screens show has changed.
            let inbox = inbox
            cacheWatcher = CacheWatcher(cachePath: cachePath) { inbox.post(.cacheFileChanged) }
        }
    }

    private func repeating(every interval: Duration, leeway: Duration, _ message: ReaderMessage) -> @MainActor () -> Void {
        let inbox = inbox
        return timers.repeating(every: interval, leeway: leeway) { inbox.post(message) }
    }

    /// Stops every timer and the watch.
    func stop() {
        run(.spinner(running: false))
        run(.autoReload(minutes: nil))
        cacheWatcher = nil
    }
}
