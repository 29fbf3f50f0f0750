@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TestSupport
import Testing
@testable import TidingsApp

/// `n` and `p` look in the store for the next unread article while the marks just made may not
/// be written yet (on a loaded machine the write comes later): the marks are laid over the
/// store's rows, so that the article just read is never found unread again.
@MainActor
@Suite struct UnreadJumpMarksTests {
    private let rendering = StoreQuery.ArticleRendering(preferences: ReaderPreferences(), fullArticle: FullArticleOptions())

    /// Two feeds of three unread articles each, in a real cache; the first feed's list and rows
    /// (newest first).
    private func makeList() throws -> (TestStore, ItemListScreen, [ItemRow]) {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed"), Subscription(url: "https://b.example/feed")])
        try test.addItems(3, to: "https://a.example/feed", title: "A") { "A\($0)" }
        try test.addItems(3, to: "https://b.example/feed", title: "B") { "B\($0)" }
        let feeds = try test.store.feedList()
        let feed = try #require(feeds.first(where: { $0.displayTitle == "A" }))
        let rows = try test.store.items(inFeed: feed.id)
        return (test, ItemListScreen(store: test.store, feed: feed), rows)
    }

    private func markedRead(_ rows: [ItemRow]) -> PendingMarks {
        var marks = PendingMarks()
        for row in rows { _ = marks.add(.read(row.id, feed: row.feedID, isRead: true, wasRead: false)) }
        return marks
    }

    private func jumpTitle(_ query: StoreQuery, in store: FeedStore) throws -> String? {
        guard case .unreadJump(let jump) = try query.answer(from: store) else {
            Issue.record("not an unread jump")
            return nil
        }
        return jump?.row.title
    }

    @Test func roundingTheFeedsListPassesOverArticlesMarkedReadAndNotYetWritten() throws {
        let (test, list, rows) = try makeList()
        #expect(rows.map(\.title) == ["A2", "A1", "A0"])
        let scan = list.unreadScan(from: rows[2].id, forward: true)
        // The store has every article unread: round the list, the first is found.
        #expect(try jumpTitle(.unreadArticleInList(scan, forward: true, rendering, acrossFeeds: false, PendingMarks()), in: test.store) == "A2")
        // All three read, not yet written: none is left (the one just read among them).
        #expect(try jumpTitle(.unreadArticleInList(scan, forward: true, rendering, acrossFeeds: false, markedRead(rows)), in: test.store) == nil)
        #expect(try jumpTitle(.unreadArticleInList(scan, forward: true, rendering, acrossFeeds: false, markedRead([rows[0], rows[2]])),
                              in: test.store) == "A1")
        // Across the feeds, on to the other feed.
        #expect(try jumpTitle(.unreadArticleInList(scan, forward: true, rendering, acrossFeeds: true, markedRead(rows)), in: test.store) == "B2")
    }

    @Test func theJumpAcrossFeedsPassesOverArticlesMarkedReadAndNotYetWritten() throws {
        let (test, _, rows) = try makeList()
        #expect(try jumpTitle(.unreadArticle(from: nil, forward: true, rendering, PendingMarks()), in: test.store) == "A2")
        #expect(try jumpTitle(.unreadArticle(from: nil, forward: true, rendering, markedRead([rows[0], rows[1]])), in: test.store) == "A0")
        #expect(try jumpTitle(.unreadArticle(from: nil, forward: true, rendering, markedRead(rows)), in: test.store) == "B2")
        #expect(try jumpTitle(.unreadArticle(from: rows[2].id, forward: false, rendering, markedRead([rows[0], rows[1]])), in: test.store) == nil)
    }
}
