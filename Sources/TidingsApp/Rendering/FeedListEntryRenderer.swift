import Configuration
import FeedStore
import TerminalUI

/// Draws the feed list's rows: feeds as `FeedRowRenderer` draws them, and the Starred entry in
/// the same columns, so that its counts line up with the feeds' counts. A query feed, once
/// counted, is drawn as a feed is — `feedlist-format`, `highlight feedlist` and
/// `highlight-feed` included — its URL being its `query:` line, as in newsboat. So is a heading of
/// the urls file, as a feed with no articles titled with its text.
///
/// ```
///  N (2/5)   Starred
///  N (3/120) Example feed
/// ```
struct FeedListEntryRenderer: RowRenderer {
    var feeds: FeedRowRenderer

    func render(_ entry: FeedListEntry, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        switch entry {
        case .feed(let row):
            feeds.render(row, isSelected: isSelected, into: &grid, in: area)
        case .starred(let counts):
            renderBuiltIn("Starred", counts: counts, id: FeedID(0), isSelected: isSelected, into: &grid, in: area)
        case .newSince(_, let counts):
            renderBuiltIn(CrossFeedArticles.newSinceTitle, counts: counts, id: Self.newSinceID, isSelected: isSelected, into: &grid, in: area)
        case .query(let feed, let counts?):
            feeds.render(Self.row(for: feed, counts: counts), isSelected: isSelected, into: &grid, in: area)
        case .query(let feed, nil):
            renderEntry(feed.title, counts: nil, into: &grid, in: area)
        case .heading(let heading):
            feeds.render(Self.row(for: heading), isSelected: isSelected, into: &grid, in: area)
        }
    }

    /// The id of the "New since last time" entry among the rows (Starred is 0).
    static let newSinceID = FeedID(-1)

    /// An entry of the reader's own (Starred, New since last time): as a feed row in a
    /// `feedlist-format`, else its title after its counts.
    private func renderBuiltIn(_ title: String, counts: ItemCounts, id: FeedID, isSelected: Bool, into grid: inout CellGrid, in area: Rect) {
        if feeds.format != nil {
            feeds.render(Self.row(title: title, url: "", tags: [], counts: counts, id: id), isSelected: isSelected, into: &grid, in: area)
        } else {
            renderEntry(title, counts: counts, into: &grid, in: area)
        }
    }

    /// A heading of the urls file as a feed-list row, as newsboat draws it: a feed with no
    /// articles whose title (and URL, for `%L`) is its text, with its tags (for `%T`, `%?T?`).
    static func row(for heading: UrlsHeading) -> FeedListRow {
        row(title: heading.title, url: heading.text, tags: heading.tags, counts: .zero, id: headingID(heading))
    }

    /// The id that stands for a heading among the feed list's rows: negative, and below every
    /// query feed's, so that it is no stored feed's nor a query feed's.
    static func headingID(_ heading: UrlsHeading) -> FeedID {
        FeedID(-(Int64(1) << 32) - Int64(heading.line))
    }

    /// A query feed as a feed-list row. Its id is its own (negative: never a stored feed's),
    /// so that `%i` finds its place.
    static func row(for feed: QueryFeed, counts: ItemCounts) -> FeedListRow {
        row(title: feed.title, url: "query:\(feed.title):\(feed.source)", tags: feed.tags, counts: counts, id: queryID(feed))
    }

    /// The id that stands for a query feed among the feed list's rows.
    static func queryID(_ feed: QueryFeed) -> FeedID {
        FeedID(-Int64(feed.line))
    }

    private static func row(title: String, url: String, tags: [String], counts: ItemCounts, id: FeedID) -> FeedListRow {
        FeedListRow(
            id: id, url: url, displayTitle: title, feedTitle: title, customTitle: nil, link: nil, tags: tags,
            unreadCount: counts.unread, totalCount: counts.total, lastError: nil, failureCount: 0, lastSuccessAt: nil, lastAttemptAt: nil)
    }

    /// A row that is not a feed: the unread mark, the counts (`(…)` until they are read) in
    /// the feeds' count column, the title.
    private func renderEntry(_ title: String, counts: ItemCounts?, into grid: inout CellGrid, in area: Rect) {
        let unread = counts?.unread ?? 0
        var column = grid.put(" ", row: area.row, column: area.column, limit: area.right)
        column = grid.put(unread > 0 ? "N" : " ", row: area.row, column: column, style: .bold, limit: area.right)
        let text = counts.map(Self.countText) ?? "(…)"
        let padded = text + String(repeating: " ", count: max(0, feeds.countWidth - text.count))
        column = grid.put(" " + padded + " ", row: area.row, column: column, limit: area.right)
        let style = unread > 0 ? feeds.theme.listUnread : feeds.theme.listNormal
        grid.put(StyledText(title, style: style).truncated(toWidth: area.right - column), row: area.row, column: column, limit: area.right)
    }

    func selectionStyle(for entry: FeedListEntry) -> Style? {
        switch entry {
        case .feed(let row): return feeds.selectionStyle(for: row)
        case .starred(let counts), .newSince(_, let counts), .query(_, let counts?):
            return counts.unread > 0 ? feeds.theme.listFocusUnread : feeds.theme.listFocus
        case .query(_, nil), .heading: return feeds.theme.listFocus
        }
    }

    /// The `(unread/total)` text of the Starred entry.
    static func countText(_ counts: ItemCounts) -> String {
        "(\(counts.unread)/\(counts.total))"
    }
}
