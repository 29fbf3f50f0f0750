import FeedModel
import Foundation
import Testing

@testable import FeedStore

@Suite struct FeedOrderTests {
    /// Feeds in urls-file order: title, tags, total, unread, newest item and newest unread item
    /// (hours).
    let rows: [FeedListRow] = [
        row(1, "beta", tags: ["news"], total: 5, unread: 0, hours: 3, unreadHours: nil),
        row(2, "Alpha", tags: [], total: 9, unread: 2, hours: nil, unreadHours: nil),
        row(3, "gamma", tags: ["art", "news"], total: 5, unread: 7, hours: 8, unreadHours: 2),
        row(4, "delta", tags: ["zoo"], total: 1, unread: 2, hours: 1, unreadHours: 1),
    ]

    private static func row(
        _ id: Int64, _ title: String, tags: [String], total: Int, unread: Int, hours: Double?, unreadHours: Double?
    ) -> FeedListRow {
        FeedListRow(
            id: FeedID(rawValue: id), url: "https://\(id).example/", displayTitle: title, feedTitle: title, customTitle: nil,
            link: nil, tags: tags, unreadCount: unread, totalCount: total, lastError: nil, failureCount: 0,
            lastSuccessAt: nil, lastAttemptAt: nil,
            newestItemDate: hours.map { Date(timeIntervalSince1970: $0 * 3600) },
            newestUnreadItemDate: unreadHours.map { Date(timeIntervalSince1970: $0 * 3600) })
    }

    private func ids(_ order: FeedOrder) -> [Int64] {
        order.sorted(rows).map(\.id.rawValue)
    }

    @Test func eachFieldHasThePlainDefaultDirection() {
        #expect(ids(.urlsFile) == [1, 2, 3, 4])
        #expect(ids(FeedOrder(.title)) == [2, 1, 4, 3])
        #expect(ids(FeedOrder(.articleCount)) == [2, 1, 3, 4])
        #expect(ids(FeedOrder(.unreadArticleCount)) == [3, 2, 4, 1])
        #expect(ids(FeedOrder(.lastUpdated)) == [3, 1, 4, 2])
        // Feeds without unread articles last; beta's newer read article does not count.
        #expect(ids(FeedOrder(.latestUnread)) == [3, 4, 1, 2])
        // Untagged feeds last.
        #expect(ids(FeedOrder(.firstTag)) == [3, 1, 4, 2])
    }

    @Test func explicitDirectionsMeanWhatTheySay() {
        #expect(ids(FeedOrder(.none, descending: true)) == [4, 3, 2, 1])
        #expect(ids(FeedOrder(.title, descending: true)) == [3, 4, 1, 2])
        // Equal counts keep the urls file's order in both directions.
        #expect(ids(FeedOrder(.articleCount, descending: false)) == [4, 1, 3, 2])
        #expect(ids(FeedOrder(.lastUpdated, descending: false)) == [2, 4, 1, 3])
        #expect(ids(FeedOrder(.latestUnread, descending: false)) == [1, 2, 4, 3])
        #expect(ids(FeedOrder(.firstTag, descending: true)) == [4, 1, 3, 2])
    }
}
