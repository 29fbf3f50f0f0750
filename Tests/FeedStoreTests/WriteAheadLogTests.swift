import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// The write-ahead log's bounds (issue 45 §3); the binary's tests measure it after reloads and
/// on a full disk (`TidingsAppTests/WriteAheadLogTests`).
@Suite struct StoreWriteAheadLogTests {
    @Test func everyConnectionTruncatesTheLogWhenItStartsOver() throws {
        let store = try TemporaryCache().open()
        let writerLimit = try store.pool.write { db in try Int.fetchOne(db, sql: "PRAGMA journal_size_limit") }
        let readerLimit = try store.read { db in try Int.fetchOne(db, sql: "PRAGMA journal_size_limit") }
        #expect(writerLimit == FeedStore.logSizeLimit && readerLimit == FeedStore.logSizeLimit)
    }

    @Test func aCheckpointEmptiesALogLongerThanTheLimitAndKeepsWhatWasWritten() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://a.example/feed"])
        let items = (0..<600).map { Item(id: "\($0)", title: "Story \($0)", summary: String(repeating: "text ", count: 400)) }
        _ = try store.upsert(Feed(format: .rss20, title: "A", items: items), forFeedURL: "https://a.example/feed")
        #expect(FeedStore.fileSize(store.logPath) > Int64(FeedStore.logSizeLimit))
        #expect(store.checkpoint())
        #expect(FeedStore.fileSize(store.logPath) == 0)
        #expect(try store.feedList().first?.totalCount == 600)
    }

    /// A short log is left as it is: an emptied one would make the next opening write (GRDB writes
    /// into an empty log), a copied one would be copied again by the next process.
    @Test func aShortLogIsLeftAsItIs() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://a.example/feed"])
        store.checkpoint()  // The new cache's tables, a longer log.
        _ = try store.upsert(Feed(format: .rss20, title: "A", items: [Item(id: "1", title: "Story")]), forFeedURL: "https://a.example/feed")
        let log = FeedStore.fileSize(store.logPath)
        #expect(log > 0 && log <= Int64(FeedStore.logSizeLimit))
        #expect(store.checkpoint())
        #expect(FeedStore.fileSize(store.logPath) == log)
        #expect(try FeedStore(path: cache.path).feedList().first?.totalCount == 1)
    }

    @Test func aReadOnlyCacheHasNoLogToGiveBack() throws {
        let cache = try TemporaryCache()
        _ = try cache.open()
        let store = try FeedStore(path: cache.path, access: .readOnly)
        #expect(!store.checkpoint())
    }
}
