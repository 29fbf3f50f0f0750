import FeedStore
import Foundation
@testable import ReaderDriving
import Testing
@testable import TidingsApp

/// `n` and `p` look in the store for the next unread article while the marks just made may not
/// be written yet (on a loaded machine the write comes later): the marks are laid over the
/// store's rows, so that the article just read is never found unread again. The reads are
/// those `n` and `p` ask for, answered from a real cache with marks that are not in it.
@MainActor
@Suite struct UnreadJumpMarksTests {
    /// Two feeds of three unread articles each, reloaded; the reader in the first feed's list,
    /// and its rows (newest first).
    private func makeList() throws -> (ReaderHome, ReaderDriver, ItemListScreen, [ItemRow]) {
        let home = try ReaderHome()
        try home.writeFeed("a", title: "A", items: [("A0", 18), ("A1", 19), ("A2", 20)])
        try home.writeFeed("b", title: "B", items: [("B0", 15), ("B1", 16), ("B2", 17)])
        try home.subscribe([home.url("a"), home.url("b")])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.home, .enter)
        reader.settle()
        let list = try #require(reader.state.top as? ItemListScreen)
        return (home, reader, list, try reader.storedArticles(ofFeed: "A"))
    }

    private func markedRead(_ rows: [ItemRow]) -> PendingMarks {
        var marks = PendingMarks()
        for row in rows { _ = marks.add(.read(row.id, feed: row.feedID, isRead: true, wasRead: false)) }
        return marks
    }

    /// The title of the article `kind` finds, going forward unless told otherwise.
    private func jumpTitle(_ reader: ReaderDriver, _ kind: UnreadJumpQuery.Kind, forward: Bool = true, _ marks: PendingMarks) throws -> String? {
        let query = UnreadJumpQuery(kind: kind, forward: forward, rendering: reader.state.articleRendering, marks: marks)
        return try query.answer(from: reader.store)?.row.title
    }

    @Test func roundingTheFeedsListPassesOverArticlesMarkedReadAndNotYetWritten() throws {
        let (_, reader, list, rows) = try makeList()
        #expect(rows.map(\.title) == ["A2", "A1", "A0"])
        let scan = list.unreadScan(from: rows[2].id, forward: true, reader.state.context)
        // The store has every article unread: round the list, the first is found.
        #expect(try jumpTitle(reader, .inList(scan, acrossFeeds: false), PendingMarks()) == "A2")
        // All three read, not yet written: none is left (the one just read among them).
        #expect(try jumpTitle(reader, .inList(scan, acrossFeeds: false), markedRead(rows)) == nil)
        #expect(try jumpTitle(reader, .inList(scan, acrossFeeds: false), markedRead([rows[0], rows[2]])) == "A1")
        // Across the feeds, on to the other feed.
        #expect(try jumpTitle(reader, .inList(scan, acrossFeeds: true), markedRead(rows)) == "B2")
    }

    @Test func theJumpAcrossFeedsPassesOverArticlesMarkedReadAndNotYetWritten() throws {
        let (_, reader, _, rows) = try makeList()
        #expect(try jumpTitle(reader, .acrossFeeds(from: nil), PendingMarks()) == "A2")
        #expect(try jumpTitle(reader, .acrossFeeds(from: nil), markedRead([rows[0], rows[1]])) == "A0")
        #expect(try jumpTitle(reader, .acrossFeeds(from: nil), markedRead(rows)) == "B2")
        #expect(try jumpTitle(reader, .acrossFeeds(from: rows[2].id), forward: false, markedRead([rows[0], rows[1]])) == nil)
    }
}
