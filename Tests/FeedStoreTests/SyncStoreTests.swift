import FeedModel
import FeedStore
import Foundation
import Testing

/// The cache's side of syncing with a feed server: server ids, the durable queue of marks, the
/// id lists applied as differences, and the rule that a mark not yet sent wins.
@Suite struct SyncStoreTests {
    static let account = "fever https://rss.example.org/fever/ me@example.org"
    static let fetchedAt = Date(timeIntervalSince1970: 1_750_000_000)

    static let feeds = [
        SyncedFeed(id: 10, title: "Alpha", url: "https://alpha.example/feed", siteURL: "https://alpha.example/", tags: ["Tech"]),
        SyncedFeed(id: 20, title: "Beta", url: "https://beta.example/feed", tags: ["News", "Tech"]),
    ]

    static func article(_ id: Int64, feed: Int64, read: Bool = false) -> SyncedArticle {
        SyncedArticle(id: id, feedID: feed, title: "Article \(id)", html: "<p>Body \(id)</p>",
                      url: "https://example.org/\(id)", isRead: read,
                      published: fetchedAt.addingTimeInterval(-Double(id) * 60))
    }

    static func batch(articles: [SyncedArticle] = [], unread: Set<Int64>, starred: Set<Int64> = [],
                      sentThrough: Int64 = 0, account: String = account) -> SyncBatch {
        SyncBatch(account: account, feeds: feeds, articles: articles,
                  states: SyncedArticleStates(unreadIDs: unread, starredIDs: starred),
                  sentThrough: sentThrough, fetchedAt: fetchedAt)
    }

    /// A cache after a first sync of articles 1–3 (Alpha) and 4 (Beta), 2 read on the server.
    private func syncedStore(_ cache: TemporaryCache) throws -> FeedStore {
        let store = try cache.open()
        let articles = [Self.article(1, feed: 10), Self.article(2, feed: 10), Self.article(3, feed: 10), Self.article(4, feed: 20)]
        let outcome = try store.applySync(Self.batch(articles: articles, unread: [1, 3, 4], starred: [4]))
        #expect(outcome.newArticles == 4)
        // Arriving read or starred is not a change of state.
        #expect(outcome.changedStates == 0)
        return store
    }

    private func items(_ store: FeedStore, _ feedTitle: String) throws -> [ItemRow] {
        let feed = try #require(try store.feedList().first { $0.displayTitle == feedTitle })
        return try store.items(inFeed: feed.id).sorted { $0.title ?? "" < $1.title ?? "" }
    }

    @Test func theServersFeedsAndStatesLandAndOnlyDifferencesAreWritten() throws {
        let cache = try TemporaryCache()
        let store = try syncedStore(cache)
        let feeds = try store.feedList()
        #expect(feeds.map(\.displayTitle) == ["Alpha", "Beta"])
        #expect(feeds.map(\.tags) == [["Tech"], ["News", "Tech"]])
        #expect(feeds.map(\.unreadCount) == [2, 1])
        #expect(try items(store, "Alpha").map(\.isRead) == [false, true, false])
        #expect(try items(store, "Beta").map(\.isStarred) == [true])
        #expect(try store.syncCursor(account: Self.account) == SyncCursor(sinceID: 4, knownArticleIDs: [1, 2, 3, 4]))

        // The same lists again: nothing to write.
        #expect(try store.applySync(Self.batch(unread: [1, 3, 4], starred: [4])) == SyncOutcome(feeds: 2))
        // Read elsewhere: only that article changes.
        #expect(try store.applySync(Self.batch(unread: [3, 4], starred: [4])).changedStates == 1)
        #expect(try store.feedList().map(\.unreadCount) == [1, 1])
    }

    @Test func marksOnSyncedArticlesAreQueuedInTheCacheAndLocalOnesAreNot() throws {
        let cache = try TemporaryCache()
        let store = try syncedStore(cache)
        let alpha = try items(store, "Alpha")
        try store.markItem(alpha[0].id, read: true)
        try store.markItem(alpha[0].id, read: true)  // no change: nothing queued
        try store.setStarred(true, item: alpha[2].id)
        try store.markItem(alpha[1].id, read: false)
        let beta = try #require(try store.feedList().first { $0.displayTitle == "Beta" })
        try store.markFeedRead(beta.id, seenBy: Self.fetchedAt.addingTimeInterval(3600))

        // Durable: another connection (a restarted reader) reads the same queue.
        let reopened = try FeedStore(path: cache.path)
        let queued = try reopened.queuedSyncChanges(account: Self.account)
        #expect(queued.changes == [.read(1), .starred(3), .unread(2), .feedRead(20, before: Self.fetchedAt)])
        // Another account's sync must not send them.
        #expect(try reopened.queuedSyncChanges(account: "fever https://other.example/fever/ me").isEmpty)

        try reopened.dropSyncChanges(through: queued.through)
        #expect(try reopened.queuedSyncChanges(account: Self.account).isEmpty)

        // Everything read at once: each synced article that changes is queued.
        try reopened.markAllFeeds(read: true)
        #expect(try reopened.queuedSyncChanges(account: Self.account).changes == [.read(2), .read(3)])
    }

    @Test func aMarkNotYetSentWinsOverTheServersOlderStateAndTheServerWinsOnceItIsSent() throws {
        let cache = try TemporaryCache()
        let store = try syncedStore(cache)
        let first = try #require(try items(store, "Alpha").first)  // article 1, unread
        let sent = try store.queuedSyncChanges(account: Self.account)
        // Made while the sync was reading the server: the server's list still says unread.
        try store.markItem(first.id, read: true)
        try store.applySync(Self.batch(unread: [1, 3, 4], starred: [4], sentThrough: sent.through))
        #expect(try items(store, "Alpha")[0].isRead)
        let waiting = try store.queuedSyncChanges(account: Self.account)
        #expect(waiting.changes == [.read(1)])

        // Sent at the next sync: from then on the server's state is the truth.
        try store.applySync(Self.batch(unread: [1, 3, 4], starred: [4], sentThrough: waiting.through))
        #expect(try !items(store, "Alpha")[0].isRead)
        #expect(try store.queuedSyncChanges(account: Self.account).isEmpty)
    }

    /// Tiny Tiny RSS's published state as the letter `ttrss-flag-publish` names, kept among the
    /// article's own flags: the server's list sets and clears it, a change made here is queued
    /// and wins until it is sent, and a source that did not read the state leaves it alone.
    @Test func thePublishLetterFollowsTheServerAndItsChangesHereAreQueued() throws {
        let cache = try TemporaryCache()
        _ = try syncedStore(cache)
        let store = try FeedStore(path: cache.path, publishFlag: "p")
        func letters() throws -> [String] { try items(store, "Alpha").map(\.flags.letters) }  // articles 1, 2, 3
        func batch(published: Set<Int64>?, sentThrough: Int64 = 0) -> SyncBatch {
            var batch = Self.batch(unread: [1, 3, 4], starred: [4], sentThrough: sentThrough)
            batch.states.publishedIDs = published
            return batch
        }
        let alpha = try items(store, "Alpha")
        try store.setFlags(ArticleFlags("ab"), item: alpha[0].id)
        #expect(try store.queuedSyncChanges(account: Self.account).isEmpty)

        // Published on the server: the letter joins the article's others.
        #expect(try store.applySync(batch(published: [1, 2])).changedStates == 2)
        #expect(try letters() == ["abp", "p", ""])
        #expect(try store.syncedStates(account: Self.account).publishedIDs == [1, 2])
        // A source that did not read the published state changes nothing.
        #expect(try store.applySync(batch(published: nil)).changedStates == 0)
        #expect(try letters() == ["abp", "p", ""])

        // Set and cleared here: queued, and they win over the server's older list until sent.
        try store.setFlags(ArticleFlags("p"), item: alpha[2].id)
        try store.setFlags(.none, item: alpha[1].id)
        try store.setFlags(ArticleFlags("abp"), item: alpha[0].id)  // no change: nothing queued
        let queued = try store.queuedSyncChanges(account: Self.account)
        #expect(queued.changes == [.published(3), .unpublished(2)])
        try store.applySync(batch(published: [1, 2]))
        #expect(try letters() == ["abp", "", "p"])

        // Once sent, the server is the truth: unpublished there, the letter goes, the others stay.
        try store.applySync(batch(published: [1, 3], sentThrough: queued.through))
        #expect(try store.queuedSyncChanges(account: Self.account).isEmpty)
        #expect(try letters() == ["abp", "", "p"])
        #expect(try store.applySync(batch(published: [])).changedStates == 2)
        #expect(try letters() == ["ab", "", ""])

        // Without a publish letter, `p` is an ordinary flag: nothing is queued for it.
        let plain = try FeedStore(path: cache.path)
        try plain.setFlags(ArticleFlags("p"), item: alpha[1].id)
        #expect(try plain.queuedSyncChanges(account: Self.account).isEmpty)
    }

    @Test func anotherAccountStartsAfreshAndFeedsTheServerDropsLeaveTheList() throws {
        let cache = try TemporaryCache()
        let store = try syncedStore(cache)
        try store.markItem(try items(store, "Alpha")[0].id, read: true)
        let other = "fever https://other.example/fever/ me@example.org"
        #expect(try store.syncCursor(account: other) == SyncCursor())
        try store.applySync(SyncBatch(account: other, feeds: [Self.feeds[1]], articles: [],
                                      states: SyncedArticleStates(), sentThrough: 0, fetchedAt: Self.fetchedAt))
        #expect(try store.feedList().map(\.displayTitle) == ["Beta"])
        #expect(try store.queuedSyncChanges(account: other).isEmpty)
        #expect(try store.syncCursor(account: other) == SyncCursor())
    }
}
