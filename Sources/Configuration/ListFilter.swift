import FeedStore
import Foundation

/// A filter expression in force on a list (newsboat's `set-filter` and `select-filter`): the
/// expression and how the title bar names it (the defined filter's name, or what was typed).
public struct ListFilter: Sendable, Hashable {
    public var expression: FilterExpression
    public var label: String

    public init(expression: FilterExpression, label: String) {
        self.expression = expression
        self.label = label
    }

    /// Whether the feed list keeps `row`: the expression tested on the feed's attributes
    /// (`feedtitle`, `rssurl`, `tags`, `unread_count`, …); article attributes read as empty.
    public func keeps(_ row: FeedListRow, now: Date = Date()) -> Bool {
        let article = FilterArticle(
            date: now, feedTitle: row.displayTitle, feedLink: row.link, feedURL: row.url, tags: row.tags,
            unreadCount: row.unreadCount, totalCount: row.totalCount)
        return expression.matches(article, now: now)
    }
}
