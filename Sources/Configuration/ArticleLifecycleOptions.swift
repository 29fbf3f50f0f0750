import FeedModel
import FeedModel

/// newsboat's options for how long articles stay in the cache and what quitting tidies:
/// `keep-articles-days`, `keep-forever-if-flagged-with`, `delete-read-articles-on-quit`,
/// `cleanup-on-quit`, and `confirm-delete-all-articles` for `delete-all-articles`.
public struct ArticleLifecycleOptions: Sendable, Equatable {
    /// `keep-articles-days`: articles older than this many days are deleted at each reload; 0:
    /// never.
    public var keepArticlesDays = 0
    /// `keep-forever-if-flagged-with`: articles carrying one of these flags are never deleted
    /// automatically (starred ones never are).
    public var keptFlags = ArticleFlags.none
    /// `delete-read-articles-on-quit`.
    public var deletesReadArticlesOnQuit = false
    /// `cleanup-on-quit`.
    public var cleanup = CleanupOnQuit.nudge
    /// `confirm-delete-all-articles`: ask before `delete-all-articles`.
    public var confirmsDeleteAll = true
    /// `reset-unread-on-update`: the feeds (their URLs) whose articles become unread again when a
    /// reload finds their title or text changed.
    public var resetUnreadFeedURLs: Set<String> = []

    public init() {}

}

extension Config {
    /// The lifecycle options as set.
    public var articleLifecycle: ArticleLifecycleOptions {
        var options = ArticleLifecycleOptions()
        options.keepArticlesDays = self[\.keepArticlesDays]
        options.keptFlags = ArticleFlags(self[\.keepForeverIfFlaggedWith].joined())
        options.deletesReadArticlesOnQuit = self[\.deleteReadArticlesOnQuit]
        options.cleanup = self[\.cleanupOnQuit]
        options.confirmsDeleteAll = self[\.confirmDeleteAllArticles]
        options.resetUnreadFeedURLs = Set(self[\.resetUnreadOnUpdate])
        return options
    }
}
