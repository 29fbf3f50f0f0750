import FeedModel
import FilterLanguage
import Foundation

extension FilterArticle {
    /// A new, unread article of a feed as the store would hold it.
    init(_ item: Item, sortDate: Date, feed: FilterFeed) {
        self.init(
            title: item.title, link: item.link, author: item.author, content: item.content ?? item.summary,
            guid: item.id, date: sortDate, enclosureURL: item.enclosures.first?.url,
            enclosureType: item.enclosures.first?.type, feedTitle: feed.title, feedLink: feed.link, feedURL: feed.url,
            feedDescription: feed.description, tags: feed.tags, unreadCount: feed.unreadCount, totalCount: feed.totalCount)
    }

    /// What a filter of the feed list sees of a feed's row: its feed attributes, the article's
    /// empty (the feed list refuses filters that test them, see `ListFilter.feedListRefusal`).
    public init(feed row: FeedListRow, now: Date) {
        self.init(
            date: now, feedTitle: row.displayTitle, feedLink: row.link, feedURL: row.url,
            feedDescription: row.description, tags: row.tags, unreadCount: row.unreadCount, totalCount: row.totalCount)
    }
}

/// A feed's values that filter expressions read (`feedtitle`, `tags`, …).
struct FilterFeed: Sendable {
    var url: String
    var title: String
    var link: String?
    var description: String?
    var tags: [String]
    var unreadCount: Int
    var totalCount: Int
}

