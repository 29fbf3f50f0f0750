import FeedStore

/// A read the reader asks the runner for: the query, who takes the answer, and whether it waits
/// for the writes asked for before it.
struct StoreRead: Equatable, Sendable {
    var query: StoreQuery
    var reply: Reply
    /// Read once the writes asked for before are done: the feeds to reload must include those
    /// the urls file has just brought into the cache (at start, on a fresh cache, a read that
    /// overtook that write found no feed at all).
    var waitsForWrites = false

    /// Who takes the answer.
    enum Reply: Equatable, Sendable {
        /// A screen's read, numbered by the `StoreView` that keeps what to do with it.
        case screen(Int)
        /// Enter on an article: show it.
        case openArticle(ItemID)
        /// `u`, `E` on a list: do the action with the article.
        case articleAction(ReaderIntent.ArticleAction)
        /// `n`, `p`: show the article found.
        case unreadJump(forward: Bool)
        /// `r`, `R`, start, auto-reload: reload these feeds.
        case reload
        /// At start: sync now if the cache was never synced.
        case firstSync
        /// After a reload: fetch these full articles (`always-fetch-full-article`).
        case automaticFullArticles
        /// After a reload: queue these articles' enclosures for podboat (`podcast-auto-enqueue`).
        case newEpisodes
        /// `open-all-unread-in-browser`: open these unread articles (and mark them read).
        case openAllUnread(markingRead: Bool)
        /// Before a reload (or sync) and after it: the unread counts a notification compares.
        case unreadTotals(afterReload: Bool)
    }
}
