/// Where the reader's repeating timers (the reload spinner, auto-reload) come from.
///
/// The reader uses ``DispatchTimerSource``; a headless test gives a clock it moves by hand, so
/// that a tick due in a minute is sent when the test says the minute has passed, not after one.
@MainActor
public protocol TimerSource {
    /// Calls `tick` on the main queue every `interval`, the first time one interval from now,
    /// until the returned function is called. `leeway` is how late a tick may be, so that the
    /// system can wake the process for several at once.
    func repeating(every interval: Duration, leeway: Duration, _ tick: @escaping @MainActor () -> Void) -> @MainActor () -> Void
}
