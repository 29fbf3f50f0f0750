@testable import Configuration
import FeedStore
import FilterLanguage
import Foundation
import Testing
@testable import TidingsApp

@Suite struct PendingMarksTests {
    private let feed = FeedID(7)

    private func row(_ id: Int64, isRead: Bool = false, isStarred: Bool = false) -> ItemRow {
        ItemRow(id: ItemID(id), feedID: feed, feedTitle: "https://me:secret@example.org/feed", title: "Item \(id)", link: nil, author: nil,
                date: Date(timeIntervalSince1970: 0), isRead: isRead, isStarred: isStarred, hasEnclosures: false)
    }

    private func feedRow(unread: Int, total: Int) -> FeedListRow {
        FeedListRow(id: feed, url: "https://me:secret@example.org/feed", displayTitle: "https://me:secret@example.org/feed",
                    feedTitle: nil, customTitle: nil, link: nil, tags: [], unreadCount: unread, totalCount: total,
                    lastError: nil, failureCount: 0, lastSuccessAt: nil, lastAttemptAt: nil)
    }

    @Test func rowsShowTheMarksAndApplyingTwiceChangesNothing() {
        var marks = PendingMarks()
        _ = marks.add(.read(ItemID(1), feed: feed, isRead: true, wasRead: false))
        _ = marks.add(.starred(ItemID(2), isStarred: true, wasStarred: false))
        let once = marks.apply(to: row(1))
        #expect(once.isRead && !once.isStarred)
        #expect(marks.apply(to: once) == once)
        #expect(marks.apply(to: row(2)).isStarred)
        #expect(marks.apply(to: row(3)) == row(3))
    }

    @Test func countsAreAdjustedOnlyInCountsReadBeforeTheWrite() {
        var marks = PendingMarks()
        let number = marks.add(.read(ItemID(1), feed: feed, isRead: true, wasRead: false))
        #expect(marks.apply(to: feedRow(unread: 5, total: 9), readAt: 10).unreadCount == 4)
        marks.written(through: number, generation: 12)
        // Read before the write: still adjusted; read after: already counted by the store.
        #expect(marks.apply(to: feedRow(unread: 5, total: 9), readAt: 11).unreadCount == 4)
        #expect(marks.apply(to: feedRow(unread: 4, total: 9), readAt: 12).unreadCount == 4)
        marks.remove(through: number)
        #expect(marks.isEmpty)
    }

    @Test func markingAFeedReadEmptiesItsCountAndItsRows() {
        var marks = PendingMarks()
        _ = marks.add(.feedRead(feed, seenBy: Date()))
        #expect(marks.apply(to: feedRow(unread: 5, total: 9), readAt: 1).unreadCount == 0)
        #expect(marks.apply(to: row(4)).isRead)
    }

    /// The list's rows take each feed's marks in order: an `A` empties a count, and what is
    /// marked after it counts from zero; an undo's articles count in each of their feeds.
    @Test func aListOfFeedsTakesEachFeedsMarksInOrder() {
        let other = FeedID(8)
        var marks = PendingMarks()
        _ = marks.add(.read(ItemID(1), feed: feed, isRead: true, wasRead: false))
        _ = marks.add(.feedRead(feed, seenBy: Date()))
        _ = marks.add(.read(ItemID(2), feed: feed, isRead: false, wasRead: true))
        _ = marks.add(.itemsRead([ItemID(3): other, ItemID(4): other, ItemID(5): feed], isRead: false))
        _ = marks.add(.read(ItemID(6), feed: other, isRead: true, wasRead: true))
        var second = feedRow(unread: 1, total: 3)
        second.id = other
        let rows = marks.apply(to: [feedRow(unread: 5, total: 9), second, feedRow(unread: 2, total: 2)], readAt: 1)
        // 5 − 1, then 0, + 1 + 1; the other feed 1 + 2, at most its total; a count at its total stays.
        #expect(rows.map(\.unreadCount) == [2, 3, 2])
    }

    @Test func starsMoveTheStarredCount() {
        var marks = PendingMarks()
        _ = marks.add(.starred(ItemID(1), isStarred: true, wasStarred: false))
        _ = marks.add(.starred(ItemID(2), isStarred: false, wasStarred: true))
        _ = marks.add(.starred(ItemID(3), isStarred: true, wasStarred: false))
        #expect(marks.apply(to: ItemCounts(unread: 0, total: 4), readAt: 1).total == 5)
    }

    @Test func journalLinesRoundTripAndBrokenLinesAreSkipped() throws {
        let marks: [ItemMark] = [
            .read(ItemID(12), feed: FeedID(3), isRead: true, wasRead: false),
            .starred(ItemID(13), isStarred: false, wasStarred: true),
            .feedRead(FeedID(4), seenBy: Date(timeIntervalSince1970: 1_763_700_000.5)),
        ]
        for mark in marks { #expect(ItemMark(journalLine: Substring(mark.journalLine)) == mark) }
        // A query feed's `A`: its expression, spaces and quotes included, comes back whole (the
        // rows it showed only mattered on screen).
        let source = #"title =~ "harbour news" and age between 0:7"#
        let expression = try FilterParser.parse(source)
        let now = Date(timeIntervalSince1970: 1_763_700_000.25), seenBy = Date(timeIntervalSince1970: 1_763_700_001.5)
        let query = ItemMark.queryRead(expression, source: source, now: now, seenBy: seenBy, shown: [ItemID(5)])
        #expect(ItemMark(journalLine: Substring(query.journalLine))
            == .queryRead(expression, source: source, now: now, seenBy: seenBy, shown: []))
        for broken in ["read 12 3 1", "star x 1 0", "feed-read 4", "", "unknown 1 2", "query-read 1 2", "query-read 1 2 title ="] {
            #expect(ItemMark(journalLine: Substring(broken)) == nil)
        }
    }

    @Test func namesNeverShowCredentials() {
        #expect(row(1).feedName.text == "https://***@example.org/feed")
        #expect(feedRow(unread: 0, total: 0).name.text == "https://***@example.org/feed")
        #expect(DisplayName("Plain title").description == "Plain title")
    }
}
