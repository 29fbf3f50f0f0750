import Configuration
import FeedStore
import TerminalUI

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
        case .previousSearchResults: return .previousSearchResults
        default: return nil
        }
    }

    /// Where the selection of a list of articles goes once `command` was asked for on its
    /// selected row (`from`): the next row or the next unread one, as newsboat's
    /// `toggleitemread-jumps-to-next[-unread]` and `openbrowser-and-mark-jumps-to-next-unread`
    /// say; nil to stay. `row` gives the row at an index with its marks not yet written, nil
    /// past the pages in memory (the next unread row is looked for among those).
    static func selection(after command: KeyCommand, from selection: Int, count: Int, _ config: Config,
                          row: (Int) -> ItemRow?) -> Int? {
        switch command {
        case .toggleRead where config[\.toggleitemreadJumpsToNextUnread]:
            break
        case .toggleRead where config[\.toggleitemreadJumpsToNext]:
            return selection + 1 < count ? selection + 1 : nil
        case .openInBrowserAndMarkRead where config[\.openbrowserAndMarkJumpsToNextUnread]:
            break
        default:
            return nil
        }
        var index = selection + 1
        while index < count, let candidate = row(index) {
            if !candidate.isRead { return index }
            index += 1
        }
        return nil
    }

    /// The intent for `command` on the selected `item`, with the selection of a list of `count`
    /// rows moved as `selection(after:…)` says when there is one.
    static func perform(_ command: KeyCommand, selected item: ItemRow?, state: inout ListState, count: Int,
                        _ config: Config, row: (Int) -> ItemRow?) -> ReaderIntent? {
        let intent = intent(for: command, selected: item)
        if intent != nil, let next = selection(after: command, from: state.selection, count: count, config, row: row) {
            state.select(next, count: count)
        }
        return intent
    }

    /// `mark-all-above-as-read`: the rows above `selection`, as far as they are read (`row` gives
    /// nil for one not read from the cache yet).
    static func markAboveRead(_ selection: Int, row: (Int) -> ItemRow?) -> ReaderIntent {
        let rows = (0..<max(0, selection)).map(row)
        return .markAboveRead(rows.compactMap { $0?.id }, isComplete: !rows.contains { $0 == nil })
    }

    /// The id of the row after (or before) the row of `id`, for `next` and `prev`.
    static func article(besides index: Int?, forward: Bool, row: (Int) -> ItemRow?) -> ItemID? {
        guard let index else { return nil }
        return row(index + (forward ? 1 : -1))?.id
    }

    /// What `mark-as-read-on-hover` asks for once the selection has moved onto `item`.
    static func hoverIntent(onto item: ItemRow?, _ config: Config) -> ReaderIntent? {
        guard config[\.markAsReadOnHover], let item, !item.isRead else { return nil }
        return .markRead(item.id)
    }
}
