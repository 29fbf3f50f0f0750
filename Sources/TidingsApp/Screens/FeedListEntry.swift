import Configuration
import Foundation
import FeedStore

/// One row of the feed list: the "Starred" entry at its top, a query feed, a feed, or a heading
/// of the urls file between feeds.
public enum FeedListEntry: Sendable, Hashable {
    /// The articles that arrived since the reader's last session ended, with their counts.
    case newSince(Date, ItemCounts)
    /// The starred articles of every feed, with their counts.
    case starred(ItemCounts)
    /// A `query:` feed of the urls file, with its counts (nil until they are read).
    case query(QueryFeed, ItemCounts?)
    case feed(FeedListRow)
    /// A line of the urls file that is no feed (`"--- BLOGS ---"`): shown, never opened.
    case heading(UrlsHeading)

    /// The feed of a feed row; nil for the Starred entry.
    public var feed: FeedListRow? {
        if case .feed(let row) = self { row } else { nil }
    }

    /// True for the Starred entry.
    public var isStarred: Bool {
        if case .starred = self { true } else { false }
    }

    /// `rows` (feeds in the urls file's order) with `headings` each placed just above the first
    /// listed feed it precedes in the file, and after the last feed when none follows. A
    /// heading keeps its place when the feeds around it are not listed (read, hidden, filtered).
    static func placing(_ headings: [UrlsHeading], among rows: [FeedListRow], after entries: [FeedListEntry] = []) -> [FeedListEntry] {
        var entries = entries
        entries.reserveCapacity(entries.count + rows.count + headings.count)
        var waiting = headings[...]
        for row in rows {
            while let heading = waiting.first, heading.feedsBefore <= row.position {
                entries.append(.heading(heading))
                waiting = waiting.dropFirst()
            }
            entries.append(.feed(row))
        }
        entries.append(contentsOf: waiting.lazy.map { .heading($0) })
        return entries
    }

    /// What the status line says when a heading is opened or edited as if it were a feed.
    static func notAFeed(_ heading: UrlsHeading) -> String {
        let title = heading.title.trimmingCharacters(in: .whitespaces)
        return title.isEmpty
            ? "This blank row is a heading in the urls file, not a feed"
            : "\(Excerpt(title)) is a heading in the urls file, not a feed"
    }
}
