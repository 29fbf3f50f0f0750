import Testing
@testable import TidingsApp

/// The real timers, once: the headless reader's run on a manual clock.
@MainActor
@Suite struct DispatchTimerSourceTests {
    @Test(.timeLimit(.minutes(10))) func ticksRepeatOnTheMainQueue() async {
        let (ticks, tick) = AsyncStream.makeStream(of: Void.self)
        let stop = DispatchTimerSource().repeating(every: .milliseconds(10), leeway: .milliseconds(1)) {
            MainActor.preconditionIsolated()
            tick.yield()
        }
        var count = 0
        for await _ in ticks {
            count += 1
            if count == 3 { break }
        }
        stop()
        #expect(count == 3)
    }
}
