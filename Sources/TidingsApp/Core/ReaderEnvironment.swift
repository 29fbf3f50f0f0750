import Configuration
import Foundation

/// What the reader's `update` knows of the world outside, given as data rather than read: the
/// process's environment, the time of the message, and what was looked up once at start (the
/// browser found on `PATH`, podboat's queue file). A test makes one by hand.
struct ReaderEnvironment: Sendable {
    /// The process's environment (`HOME`, `DISPLAY`, `VISUAL`, `PAGER`…).
    var variables: [String: String]
    /// The time the message being handled arrived at.
    var now: Date
    /// The browser to use when the `browser` option is not set: `$BROWSER`'s first usable
    /// entry, else `xdg-open`, `lynx` or `w3m`, found on `PATH` when the reader started.
    var defaultBrowser: BrowserCommand?
    /// podboat's queue file when `queue-file` is not set: newsboat's, where it was found at start
    /// (see `ArticleActionOptions.newsboatQueueFile`).
    var defaultQueueFile: String

    init(variables: [String: String] = [:], now: Date = Date(timeIntervalSince1970: 0), defaultBrowser: BrowserCommand? = nil,
         defaultQueueFile: String? = nil) {
        self.variables = variables
        self.now = now
        self.defaultBrowser = defaultBrowser
        self.defaultQueueFile = defaultQueueFile ?? (variables["HOME"] ?? NSHomeDirectory()) + "/.newsboat/queue"
    }

    /// The home directory, as `~` stands for it.
    var home: String { variables["HOME"] ?? NSHomeDirectory() }

    /// Looks up the default browser on `environment`'s `PATH`: once, at start, outside `update`.
    static func findDefaultBrowser(in environment: [String: String]) -> BrowserCommand? {
        try? BrowserCommand.resolve(configured: nil, environment: environment)
    }
}
