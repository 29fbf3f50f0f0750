import Dispatch

/// Repeating timers as Dispatch timer sources on the main queue: the process sleeps between
/// ticks rather than polling.
public struct DispatchTimerSource: TimerSource {
    public init() {}

    public func repeating(every interval: Duration, leeway: Duration, _ tick: @escaping @MainActor () -> Void) -> @MainActor () -> Void {
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now() + Self.dispatchInterval(interval), repeating: Self.dispatchInterval(interval),
                       leeway: Self.dispatchInterval(leeway))
        timer.setEventHandler { MainActor.assumeIsolated { tick() } }
        timer.resume()
        return { timer.cancel() }
    }

    private static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        return .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
