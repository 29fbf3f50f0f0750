import TidingsApp

/// Timers whose time passes when a test says so: the headless reader's spinner and auto-reload
/// tick when the test calls ``advance(by:)``, so that a tick a minute away is tested without
/// waiting a minute, and "not yet" is a fact rather than a guess about how slow the machine is.
///
/// ```swift
/// reader.clock.advance(by: .seconds(59))   // no tick was due: none was sent
/// reader.clock.advance(by: .seconds(1))    // auto-reload's tick was sent, at once
/// ```
@MainActor
public final class ManualClock: TimerSource {
    /// How much time has passed since the clock was made.
    public private(set) var now = Duration.zero
    private var timers: [Int: Timer] = [:]
    private var nextNumber = 0

    private struct Timer {
        var due: Duration
        let interval: Duration
        let tick: @MainActor () -> Void
    }

    public init() {}

    /// How many timers run (not stopped).
    public var runningTimers: Int { timers.count }

    /// The leeway is ignored: ticks come exactly when due.
    public func repeating(every interval: Duration, leeway: Duration, _ tick: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        let number = nextNumber
        nextNumber += 1
        timers[number] = Timer(due: now + interval, interval: interval, tick: tick)
        return { [weak self] in self?.timers[number] = nil }
    }

    /// Moves time on by `duration`, sending each tick that falls due meanwhile, in the order
    /// they fall due (timers started or stopped by a tick count from that tick's time).
    public func advance(by duration: Duration) {
        let end = now + duration
        while let (number, timer) = nextDue(by: end) {
            now = timer.due
            timers[number]?.due += timer.interval
            timer.tick()
        }
        now = end
    }

    /// The first timer due by `end` (the first started, between timers due at once).
    private func nextDue(by end: Duration) -> (Int, Timer)? {
        timers.filter { $0.value.due <= end }
            .min { ($0.value.due, $0.key) < ($1.value.due, $1.key) }
            .map { ($0.key, $0.value) }
    }
}
