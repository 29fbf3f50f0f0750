import FeedModel
import FeedStore
import Foundation

/// An article read and rendered, to be shown or acted on; nil when it is no longer in the cache.
struct ArticleQuery: StoreQuery {
    var item: ItemID
    var rendering: ArticleRendering
    /// To open it where it was left: the time the place is read at (nil: not read).
    var placeAt: Date?

    func answer(from store: FeedStore) throws -> LoadedArticle? {
        var loaded = try LoadedArticle.load(item, from: store, rendering)
        if let placeAt { loaded?.place = try store.readingPlace(item: item, now: placeAt) }
        return loaded
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
