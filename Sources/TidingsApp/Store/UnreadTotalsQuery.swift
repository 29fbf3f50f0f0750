import Configuration
import FeedStore

/// How many articles are unread, in how many feeds: counted before a reload and after it, for
/// the notification.
struct UnreadTotalsQuery: StoreQuery {
    func answer(from store: FeedStore) throws -> UnreadTotals {
        let feeds = try store.feedList()
        return UnreadTotals(feeds: feeds.count { $0.unreadCount > 0 }, articles: feeds.reduce(0) { $0 + $1.unreadCount })
    }

    /// The route says whether the counts are those after the reload.
    static func message(_ result: StoreResult<UnreadTotals>, route: Bool) -> ReaderMessage {
        .unreadTotalsRead(afterReload: route, result)
    }
}
