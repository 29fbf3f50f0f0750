import Configuration
import FeedStore
import FilterLanguage
import Foundation

extension ListFilter {
    /// Whether the feed list keeps `row`: the expression tested on the feed's attributes
    /// (`feedtitle`, `rssurl`, `tags`, `unread_count`, …; see `feedListRefusal`).
    public func keeps(_ row: FeedListRow, now: Date = Date()) -> Bool {
        expression.matches(FilterArticle(feed: row, now: now), now: now)
    }
}
