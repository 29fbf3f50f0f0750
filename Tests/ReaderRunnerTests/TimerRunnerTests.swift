import FeedModel
import Foundation
import ReaderTesting
import TestSupport
import Testing
@testable import TidingsApp

/// The timer runner: the spinner's and auto-reload's ticks come as messages while their timers
/// run and stop when they are stopped (on a clock the test moves); a write to the cache by
/// another process is noticed without a key (real inotify on a real SQLite file).
@MainActor
@Suite(.timeLimit(.minutes(10))) struct TimerRunnerTests {
    @Test func autoReloadTicksEveryIntervalUntilStopped() async throws {
        let harness = RunnerHarness()
        let clock = ManualClock()
        let runner = TimerRunner(timers: clock, cachePath: "/nonexistent/cache.db", inbox: harness.inbox)
        runner.run(.autoReload(minutes: 5))
        clock.advance(by: .seconds(299))
        #expect(harness.inbox.outstanding == 0, "no tick before its time")
        clock.advance(by: .seconds(1))
        #expect(harness.inbox.outstanding == 1)
        #expect(await harness.next { if case .autoReloadTick = $0 { true } else { nil } } == true)
        runner.run(.autoReload(minutes: nil))
        #expect(clock.runningTimers == 0)
    }

    @Test func theSpinnerTurnsOnlyWhileAReloadRuns() async throws {
        let harness = RunnerHarness()
        let clock = ManualClock()
        let runner = TimerRunner(timers: clock, cachePath: "/nonexistent/cache.db", inbox: harness.inbox)
        runner.run(.spinner(running: true))
        runner.run(.spinner(running: true))
        #expect(clock.runningTimers == 1, "starting it again replaces it")
        clock.advance(by: .milliseconds(450))
        #expect(harness.inbox.outstanding == 3)
        runner.stop()
        #expect(clock.runningTimers == 0)
    }

    @Test func aWriteByAnotherProcessIsNoticed() async throws {
        let cache = try TestStore(subscriptions: [])
        let harness = RunnerHarness()
        let runner = TimerRunner(timers: ManualClock(), cachePath: cache.store.path, inbox: harness.inbox)
        runner.run(.watchCache)
        try cache.store.syncSubscriptions([Subscription(url: "https://a.example/feed")])
        #expect(await harness.next { if case .cacheFileChanged = $0 { true } else { nil } } == true)
        withExtendedLifetime(runner) {}
    }
}
