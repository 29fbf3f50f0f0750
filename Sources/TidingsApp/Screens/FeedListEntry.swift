import Configuration
import FeedStore

/// One row of the feed list: the "Starred" entry at its top, a query feed, or a feed.
public enum FeedListEntry: Sendable, Hashable {
    /// The starred articles of every feed, with their counts.
    case starred(ItemCounts)
    /// A `query:` feed of the urls file, with its counts (nil until they are read).
    case query(QueryFeed, ItemCounts?)
    case feed(FeedListRow)

    /// The feed of a feed row; nil for the Starred entry.
    public var feed: FeedListRow? {
        if case .feed(let row) = self { row } else { nil }
    }

    /// True for the Starred entry.
    public var isStarred: Bool {
        if case .starred = self { true } else { false }
    }
}
