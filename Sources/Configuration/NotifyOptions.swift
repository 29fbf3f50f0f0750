import Foundation

/// newsboat's notifications after a reload (`notify-program`, `notify-format`, `notify-always`,
/// `notify-beep`, `notify-screen`, `notify-xterm`): what is said, and where.
///
/// As in newsboat, a reload notifies when it leaves more unread articles or more feeds with
/// unread articles than before it, or after every reload with `notify-always`.
public struct NotifyOptions: Sendable, Equatable {
    /// `notify-program` split into words as `browser` is, never by a shell; the message is added
    /// as its last argument. Nil: no program.
    public var program: [String]?
    public var format = NotifyOptions.defaultFormat
    public var always = false
    public var beeps = false
    public var usesScreen = false
    public var usesXterm = false

    /// newsboat's, with Tidings' name.
    public static let defaultFormat = "Tidings: finished reload, %f unread feeds (%n unread articles total)"

    public init() {}

    /// The options with a leading `~/` of the program made the home directory (`environment`'s
    /// `HOME`), as newsboat users write `notify-program ~/bin/notify.sh`.
    public func resolved(environment: [String: String]) -> NotifyOptions {
        var resolved = self
        if var words = program, let first = words.first {
            words[0] = ArticleActionOptions.expand(first, home: environment["HOME"] ?? NSHomeDirectory())
            resolved.program = words
        }
        return resolved
    }

    /// Whether a reload notifies anywhere at all.
    public var isEnabled: Bool { program != nil || beeps || usesScreen || usesXterm }

    /// The notification after a reload that went from `before` to `after`; nil when there is
    /// nothing to say (nothing new, and not `notify-always`).
    public func message(before: UnreadTotals, after: UnreadTotals) -> String? {
        guard always || after.feeds > before.feeds || after.articles > before.articles else { return nil }
        return ListFormat(format, kind: .notification).text { letter in
            switch letter {
            case "f": return String(after.feeds)
            case "n": return String(after.articles)
            case "d": return String(max(0, after.articles - before.articles))
            case "D": return String(max(0, after.feeds - before.feeds))
            default: return ""
            }
        }
    }
}

/// How many articles are unread, and in how many feeds.
public struct UnreadTotals: Sendable, Equatable {
    public var feeds: Int
    public var articles: Int

    public init(feeds: Int, articles: Int) {
        self.feeds = feeds
        self.articles = articles
    }
}
