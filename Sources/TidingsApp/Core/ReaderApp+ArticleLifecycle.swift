import Configuration
import FeedStore

/// What quitting does to the cache, as newsboat's options ask (see `QuitTidying`).
extension ReaderApp {
    /// The `.tidyOnQuit` effect to send before quitting, or none when there is nothing to tidy
    /// (or the cache cannot be written).
    var tidyingOnQuit: [ReaderEffect] {
        guard !settings.isCacheReadOnly else { return [] }
        let options = settings.lifecycle
        let tidying = QuitTidying(
            deletesReadArticles: options.deletesReadArticlesOnQuit, keeping: options.keptFlags,
            removesUnsubscribedFeeds: options.cleanup == .yes && settings.subscriptions != nil)
        guard hasDeletedArticles || tidying.deletesReadArticles || tidying.removesUnsubscribedFeeds else { return [] }
        return [.tidyOnQuit(tidying)]
    }
}
