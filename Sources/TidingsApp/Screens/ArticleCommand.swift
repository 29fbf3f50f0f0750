import Configuration
import FeedStore

/// The commands that every list of articles (a feed's items, search results, Starred) answers
/// the same way, for its selected article.
enum ArticleCommand {
    /// The intent for `command` on the selected `item`; nil when the command is not one of
    /// these, or needs a selection and there is none.
    static func intent(for command: KeyCommand, selected item: ItemRow?) -> ReaderIntent? {
        switch command {
        case .open: return item.map { .openItem($0.id) }
        case .toggleRead: return item.map { .toggleRead($0.id) }
        case .toggleStarred: return item.map { .toggleStarred($0.id) }
        case .editFlags: return item.map { .editFlags($0.id) }
        case .deleteArticle: return item.map { .deleteArticle($0.id) }
        case .purgeDeleted: return .purgeDeleted
        case .openInBrowser:
            guard let item else { return nil }
            guard let link = item.link else { return .status("This article has no link") }
            return .openInBrowser(link)
        case .openInBrowserAndMarkRead:
            guard let item else { return nil }
            guard let link = item.link else { return .status("This article has no link") }
            return .openInBrowserAndMarkRead(link, item.id)
        case .articleFeed: return item.map { .showArticlesOfFeed($0.feedID, selecting: $0.id) }
        case .fetchFullArticle:
            guard let item else { return nil }
            guard let link = item.link else { return .status("This article has no link to fetch") }
            return .fetchFullArticle(item.id, link: link)
        // The body and enclosures are not in a list's rows: the article is read first.
        case .showURLs: return item.map { .withArticle($0.id, .showURLs) }
        case .enqueue: return item.map { .withArticle($0.id, .enqueue) }
        case .nextUnread: return .nextUnread(from: item?.id)
        case .randomUnread: return .randomUnread
        case .openInBrowserNoninteractively:
            guard let item else { return nil }
            guard let link = item.link else { return .status("This article has no link") }
            return .openInBrowserNoninteractively(link)
        case .openAllUnreadInBrowser: return item.map { .openAllUnread(ofFeed: $0.feedID, markingRead: false) }
        case .openAllUnreadInBrowserAndMarkRead: return item.map { .openAllUnread(ofFeed: $0.feedID, markingRead: true) }
        case .previousUnread: return .previousUnread(from: item?.id)
        case .bookmark:
            guard let item else { return nil }
            guard let link = item.link else { return .status("This article has no link") }
            return .bookmark(Bookmark(url: link, title: item.title ?? "", feedTitle: item.feedTitle))
        default: return nil
        }
    }
}
