import FeedModel
import FeedStore

/// What the cache loses when the reader quits, as newsboat does: the deleted articles' text
/// (`purge-deleted`), read articles with `delete-read-articles-on-quit` (but for starred ones
/// and those flagged with `keep-forever-if-flagged-with`), and the feeds that left the urls file
/// with `cleanup-on-quit yes`.
struct QuitTidying: Hashable, Sendable {
    var deletesReadArticles = false
    var keeping = ArticleFlags.none
    var removesUnsubscribedFeeds = false

    func apply(to store: FeedStore) throws {
        if deletesReadArticles { try store.deleteReadArticles(keeping: keeping) }
        try store.purgeDeleted()
        if removesUnsubscribedFeeds { try store.removeUnsubscribedFeeds() }
    }
}
