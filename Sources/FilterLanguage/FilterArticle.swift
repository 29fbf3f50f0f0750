import FeedModel
import Foundation

/// What a filter expression sees of one article and its feed, for evaluation in Swift
/// (`FilterExpression.matches`): articles that are not stored yet, such as those a reload is
/// about to store (the killfile's download mode).
public struct FilterArticle: Sendable, Hashable {
    public var title: String?
    public var link: String?
    public var author: String?
    /// The content, else the summary (HTML as the feed sent it).
    public var content: String?
    public var guid: String?
    public var isRead: Bool
    public var isStarred: Bool
    /// The flags besides the star's (see `ArticleFlags`).
    public var flags: ArticleFlags
    /// The letter `flags` shows for the star.
    public var starFlag: Character
    /// Published, else updated, else first seen.
    public var date: Date
    public var enclosureURL: String?
    public var enclosureType: String?
    public var feedTitle: String
    public var feedLink: String?
    public var feedURL: String
    public var feedDescription: String?
    /// The feed's tags, then the article's own (those rules on arrival gave it, `ItemRow.tags`):
    /// `tags # "NAME"` matches either, as in SQL.
    public var tags: [String]
    public var unreadCount: Int
    public var totalCount: Int

    public init(
        title: String? = nil, link: String? = nil, author: String? = nil, content: String? = nil, guid: String? = nil,
        isRead: Bool = false, isStarred: Bool = false, flags: ArticleFlags = .none, starFlag: Character = ArticleFlags.defaultStar,
        date: Date, enclosureURL: String? = nil,
        enclosureType: String? = nil, feedTitle: String, feedLink: String? = nil, feedURL: String,
        feedDescription: String? = nil, tags: [String] = [], unreadCount: Int = 0, totalCount: Int = 0
    ) {
        self.title = title
        self.link = link
        self.author = author
        self.content = content
        self.guid = guid
        self.isRead = isRead
        self.isStarred = isStarred
        self.flags = flags
        self.starFlag = starFlag
        self.date = date
        self.enclosureURL = enclosureURL
        self.enclosureType = enclosureType
        self.feedTitle = feedTitle
        self.feedLink = feedLink
        self.feedURL = feedURL
        self.feedDescription = feedDescription
        self.tags = tags
        self.unreadCount = unreadCount
        self.totalCount = totalCount
    }

    /// The attribute's value: text, a number, or the words of a list.
    package func value(of attribute: FilterAttribute, now: Date) -> FilterAttributeValue {
        switch attribute {
        case .title: .text(title ?? "")
        case .link: .text(link ?? "")
        case .author: .text(author ?? "")
        case .content: .text(content ?? "")
        case .guid: .text(guid ?? "")
        case .unread: .text(isRead ? "no" : "yes")
        case .age: .number(Double(FilterArticle.age(of: date.timeIntervalSince1970, now: now.timeIntervalSince1970)))
        case .flags: .text(ArticleFlags.of(stored: flags.letters, isStarred: isStarred, star: starFlag).letters)
        case .enclosureURL: .text(enclosureURL ?? "")
        case .enclosureType: .text(enclosureType ?? "")
        case .feedTitle: .text(feedTitle)
        case .feedLink: .text(feedLink ?? "")
        case .feedURL: .text(feedURL)
        case .feedDescription: .text(feedDescription ?? "")
        case .tags: .words(tags)
        case .unreadCount: .number(Double(unreadCount))
        case .totalCount: .number(Double(totalCount))
        }
    }

    /// Whole days from `date` to `now` (both in seconds since 1970), as SQLite's integer
    /// division computes it (towards zero).
    package static func age(of date: Double, now: Double) -> Int64 {
        Int64(((now - date) / 86400).rounded(.towardZero))
    }
}

/// One attribute's value for Swift evaluation.
package enum FilterAttributeValue {
    case text(String)
    case number(Double)
    case words([String])
}
