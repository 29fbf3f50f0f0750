import Configuration
import FeedModel
import FeedStore
import FilterLanguage
import Foundation
import TerminalUI

/// Whole rows coloured by `highlight-feed` and `highlight-article`.
extension Highlights {
    /// The style of a whole feed row, from the last `highlight-feed` rule that matches it.
    public func rowStyle(for row: FeedListRow, now: Date = Date()) -> Style? {
        guard !feedRules.isEmpty else { return nil }
        let feed = FilterArticle(feed: row, now: now)
        return feedRules.last { $0.expression.matches(feed, now: now) }?.style
    }

    /// The style of a whole article row, from the last `highlight-article` rule that matches it.
    /// `starFlag` is the letter `flags` shows for the star.
    public func rowStyle(for row: ItemRow, starFlag: Character = ArticleFlags.defaultStar, now: Date = Date()) -> Style? {
        guard !articleRules.isEmpty else { return nil }
        let article = FilterArticle(
            title: row.title, link: row.link, author: row.author, isRead: row.isRead, isStarred: row.isStarred,
            flags: row.flags, starFlag: starFlag, date: row.date, feedTitle: row.feedTitle, feedURL: "", tags: row.feedTags)
        return articleRules.last { $0.expression.matches(article, now: now) }?.style
    }
}
