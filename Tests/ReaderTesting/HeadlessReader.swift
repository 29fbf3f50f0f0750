import FeedServices
import FeedStore
import Foundation
import TerminalUI
import TidingsApp

/// The whole reader on an in-memory terminal: a real store, a real fetcher, keys in, the
/// screen's text out. Tests drive the README's flows with it; `tidings-bench reader` times
/// keys with it.
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
    public let store: FeedStore
    public let app: ReaderApp
    private let runner: EffectRunner
    /// The status the reader quit with, once it has.
    public private(set) var exitStatus: Int32?
    /// What must live as long as the reader: a test's temporary home holds the cache file, and
    /// SQLite opens new connections to it by name while the reader runs.
    public var dependencies: [AnyObject] = []

    /// Opens the cache and the urls file's feeds as `tidings` does, and draws the first frame.
    public init(settings: ReaderSettings, rows: Int = 24, columns: Int = 80, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        store = try FeedStore(path: settings.cachePath)
        let terminal = GridTerminal(rows: rows, columns: columns)
        self.terminal = terminal
        app = ReaderApp(settings: settings, terminal: terminal, environment: environment)
        runner = EffectRunner(store: store, settings: settings, cache: StoreFeedCache(store: store), terminal: terminal) { _ in }
        runner.exit = { [weak self] status in self?.exitStatus = status }
        app.start(with: runner)
    }

    /// The screen's text, one string per row.
    public var lines: [String] { terminal.lines }

    /// The screen's text as one string, rows separated by newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// True when nothing the reader started is still to report back.
    public var isIdle: Bool { runner.isIdle }

    /// True while a reload runs.
    public var isReloading: Bool { app.isReloading }

    /// Types keys, one batch each.
    public func press(_ keys: Key...) {
        for key in keys { terminal.press([key]) }
    }

    /// Types `text`, one key per character.
    public func type(_ text: String) {
        for character in text { terminal.press([.character(character)]) }
    }

    /// How long `settle` and `waitFor` wait by default. Generous on purpose: answers reach the
    /// reader through the main queue, which `swift test` shares with every `@MainActor` test
    /// running at the same time; on a loaded 2-core machine that queue can be busy for a minute.
    public static let defaultTimeout = Duration.seconds(240)

    /// Waits until every read, write and fetch the reader started has reported back (and what
    /// those started in turn); false when `timeout` passes first.
    @discardableResult
    public func settle(timeout: Duration = HeadlessReader.defaultTimeout) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var idleChecks = 0
        while clock.now < deadline {
            if isIdle {
                idleChecks += 1
                // Idle twice in a row, with the main queue drained between: nothing is in flight.
                if idleChecks >= 2 { return true }
            } else {
                idleChecks = 0
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }

    /// Waits until the screen contains `text`; false when `timeout` passes first.
    @discardableResult
    public func waitFor(_ text: String, timeout: Duration = HeadlessReader.defaultTimeout) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if self.text.contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }
}
