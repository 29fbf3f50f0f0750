/// What a filter expression can test: an article's own fields and its feed's, under newsboat's
/// names (`title`, `feedtitle`, `tags`, `age`, …).
///
/// Each attribute is a text, a number or a list of words (the feed's tags); the kind decides
/// which operators apply and how values compare (see `FilterExpression`).
public enum FilterAttribute: String, Sendable, Hashable, CaseIterable {
    case title, link, author, content, guid
    /// `yes` or `no`.
    case unread
    /// Whole days since the article's date (published, else updated, else first seen).
    case age
    /// The article's flags, sorted letters (`"as"`): the star is `s`, or the letter a sync
    /// source's `*-flag-star` names (see `ArticleFlags`).
    case flags
    case enclosureURL = "enclosure_url"
    case enclosureType = "enclosure_type"
    /// The feed's displayed title (its custom title first).
    case feedTitle = "feedtitle"
    /// The feed's website.
    case feedLink = "feedlink"
    /// The feed's URL as written in the urls file.
    case feedURL = "rssurl"
    /// The feed's description.
    case feedDescription = "description"
    case tags
    case unreadCount = "unread_count"
    case totalCount = "total_count"

    /// How an attribute's values compare.
    public enum Kind: Sendable {
        case text, number, words
    }

    public var kind: Kind {
        switch self {
        case .age, .unreadCount, .totalCount: .number
        case .tags: .words
        default: .text
        }
    }
}
