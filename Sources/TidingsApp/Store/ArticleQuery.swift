import FeedModel
import FeedStore

/// An article read and rendered, to be shown or acted on; nil when it is no longer in the cache.
struct ArticleQuery: StoreQuery {
    var item: ItemID
    var rendering: ArticleRendering

    func answer(from store: FeedStore) throws -> LoadedArticle? {
        try LoadedArticle.load(item, from: store, rendering)
    }

    static func message(_ result: StoreResult<LoadedArticle?>, route: ArticleRoute) -> ReaderMessage {
        .articleRead(route, result)
    }
}

/// What an article read from the cache is for.
enum ArticleRoute: Hashable, Sendable {
    /// Enter on it: show it.
    case open(ItemID)
    /// `u`, `E` on a list: do what the article view does with the same key.
    case action(ReaderIntent.ArticleAction)
    /// The selected row in a split layout: show it beside its list (not marked read).
    case preview(ItemID)
}
