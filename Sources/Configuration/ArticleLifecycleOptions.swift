import FeedModel
import FeedStore

/// newsboat's options for how long articles stay in the cache and what quitting tidies:
/// `keep-articles-days`, `keep-forever-if-flagged-with`, `delete-read-articles-on-quit`,
/// `cleanup-on-quit`, and `confirm-delete-all-articles` for `delete-all-articles`.
public struct ArticleLifecycleOptions: Sendable, Equatable {
    /// What `cleanup-on-quit` asks for.
    public enum Cleanup: String, Sendable, Equatable {
        /// Remove the feeds that left the urls file (and their articles) from the cache.
        case yes
        /// Leave them.
        case no
        /// Leave them, and say on quitting how many there are (newsboat's default).
        case nudge
    }

    /// `keep-articles-days`: articles older than this many days are deleted at each reload; 0:
    /// never.
    public var keepArticlesDays = 0
    /// `keep-forever-if-flagged-with`: articles carrying one of these flags are never deleted
    /// automatically (starred ones never are).
    public var keptFlags = ArticleFlags.none
    /// `delete-read-articles-on-quit`.
    public var deletesReadArticlesOnQuit = false
    /// `cleanup-on-quit`.
    public var cleanup = Cleanup.nudge
    /// `confirm-delete-all-articles`: ask before `delete-all-articles`.
    public var confirmsDeleteAll = true
    /// `reset-unread-on-update`: the feeds (their URLs) whose articles become unread again when a
    /// reload finds their title or text changed.
    public var resetUnreadFeedURLs: Set<String> = []

    public init() {}

    /// The options' names, for `:set` to know what it changes.
    public static let names: Set<String> = [
        "keep-articles-days", "keep-forever-if-flagged-with", "delete-read-articles-on-quit", "cleanup-on-quit",
        "confirm-delete-all-articles", "reset-unread-on-update",
    ]
}

extension Config {
    /// The lifecycle options as set.
    public var articleLifecycle: ArticleLifecycleOptions {
        var options = ArticleLifecycleOptions()
        options.keepArticlesDays = optionValue("keep-articles-days")?.number ?? 0
        options.keptFlags = ArticleFlags(optionValue("keep-forever-if-flagged-with")?.text ?? "")
        options.deletesReadArticlesOnQuit = optionValue("delete-read-articles-on-quit")?.isOn ?? false
        switch optionValue("cleanup-on-quit")?.text {
        case "yes"?, "true"?: options.cleanup = .yes
        case "no"?, "false"?: options.cleanup = .no
        default: options.cleanup = .nudge
        }
        options.confirmsDeleteAll = optionValue("confirm-delete-all-articles")?.isOn ?? true
        options.resetUnreadFeedURLs = Set((optionValue("reset-unread-on-update")?.text ?? "").split(separator: " ").map(String.init))
        return options
    }
}
