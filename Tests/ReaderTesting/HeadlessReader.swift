import Configuration
import FeedServices
import FeedStore
import Foundation
import TerminalUI
import TidingsApp

/// The whole reader on an in-memory terminal: a real store, a real fetcher, keys in, the
/// screen's text out. Tests drive the README's flows with it; `tidings-bench reader` times
/// keys with it.
///
/// Its waits resume on events — a frame drawn, a result reported back, the reader quitting —
/// never after a fixed time; their timeout is only a safety net for a test that would otherwise
/// hang. Its timers run on ``clock``, which moves only when a test moves it.
///
/// ```swift
/// let reader = try HeadlessReader(settings: settings)
/// await reader.settle()
/// reader.press(.enter)
/// await reader.settle()
/// #expect(reader.lines[1].contains("First article"))
/// ```
@MainActor
public final class HeadlessReader {
    public let terminal: GridTerminal
    /// The cache the reader reads, for a test to check what was written.
    public var store: FeedStore { runtime.store }
    public let runtime: ReaderRuntime
    /// The clock of the spinner's and auto-reload's timers: no tick comes until a test advances it.
    public let clock = ManualClock()
    /// The status the reader quit with, once it has.
    public private(set) var exitStatus: Int32?
    /// Waits suspended until the next event.
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// What must live as long as the reader: a test's temporary home holds the cache file, and
    /// SQLite opens new connections to it by name while the reader runs.
    public var dependencies: [AnyObject] = []

    /// Opens the cache and the urls file's feeds as `tidings` does, and draws the first frame.
    ///
    /// - Parameter detectedImageProtocol: what `image-protocol auto` found the terminal draws.
    public init(settings: ReaderSettings, rows: Int = 24, columns: Int = 80, environment: [String: String] = ProcessInfo.processInfo.environment,
                detectedImageProtocol: ImageProtocolChoice = .none) throws {
        let terminal = GridTerminal(rows: rows, columns: columns)
        self.terminal = terminal
        var settings = settings
        let store = try ReaderRuntime.openCache(for: &settings)
        // The reader's time is the real time (what the fetches record) moved on by the timers'
        // clock: a tick a minute on finds the feeds fetched at start a minute old.
        let clock = clock
        runtime = ReaderRuntime(settings: settings, store: store, terminal: terminal, environment: environment, timers: clock,
                                clock: { Date().addingTimeInterval(clock.now / .seconds(1)) }, detectedImageProtocol: detectedImageProtocol)
        runtime.exit = { [weak self] status in
            self?.exitStatus = status
            self?.resumeWaits()
        }
        runtime.inbox.reported = { [weak self] in self?.resumeWaits() }
        terminal.onFrame = { [weak self] _ in self?.resumeWaits() }
        runtime.start()
    }

    /// The screen's text, one string per row.
    public var lines: [String] { terminal.lines }

    /// The screen's text as one string, rows separated by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// True when nothing the reader started is still to report back.
    public var isIdle: Bool { runtime.isIdle }

    /// True while a reload runs.
    public var isReloading: Bool { runtime.isReloading }

    /// Types keys, one batch each.
    public func press(_ keys: Key...) {
        for key in keys { terminal.press([key]) }
    }

    /// Types `text`, one key per character.
    public func type(_ text: String) {
        for character in text { terminal.press([.character(character)]) }
    }

    /// How long the waits wait at most by default: a safety net, not a pause. Generous on purpose:
    /// answers reach the reader through the main queue, which `swift test` shares with every
    /// `@MainActor` test running at the same time; on a loaded 2-core machine that queue can be
    /// busy for a minute.
    public static let defaultTimeout = Duration.seconds(240)

    /// Waits until every read, write and fetch the reader started has reported back (and what
    /// those started in turn), and the frame showing their answers is drawn; false when `timeout`
    /// passes first.
    @discardableResult
    public func settle(timeout: Duration = HeadlessReader.defaultTimeout) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        repeat {
            guard await waitUntil(deadline: deadline, { isIdle }) else { return false }
            // What the last answers scheduled on the main queue (the frame showing them) runs
            // before this; if it started more work, wait for that too.
            await nextTurnOfTheMainQueue()
        } while !isIdle
        return true
    }

    /// Waits until the screen contains `text`; false when `timeout` passes first.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = HeadlessReader.defaultTimeout) async -> Bool {
        await waitUntil(timeout: timeout) { self.text.contains(text) }
    }

    /// Waits until the reader has quit; its exit status, or nil when `timeout` passes first.
    @discardableResult
    public func waitForExit(timeout: Duration = HeadlessReader.defaultTimeout) async -> Int32? {
        await waitUntil(timeout: timeout) { exitStatus != nil }
        return exitStatus
    }

    /// Waits until `condition` holds, checking it after each frame, each result reported back
    /// and the reader's exit; false when `timeout` passes first.
    @discardableResult
    public func waitUntil(timeout: Duration = HeadlessReader.defaultTimeout, _ condition: () -> Bool) async -> Bool {
        await waitUntil(deadline: ContinuousClock.now + timeout, condition)
    }

    private func waitUntil(deadline: ContinuousClock.Instant, _ condition: () -> Bool) async -> Bool {
        // The safety net: wakes the wait once the deadline has passed, if nothing else has.
        let safetyNet = Task { [weak self] in
            try await Task.sleep(until: deadline)
            self?.resumeWaits()
        }
        defer { safetyNet.cancel() }
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            await withCheckedContinuation { waiting.append($0) }
        }
        return true
    }

    private func resumeWaits() {
        let resumed = waiting
        waiting = []
        for wait in resumed { wait.resume() }
    }

    /// Returns once the main queue has run what was queued on it before the call.
    private func nextTurnOfTheMainQueue() async {
        await withCheckedContinuation { continuation in
            DispatchQueue.main.async { continuation.resume() }
        }
    }
}
