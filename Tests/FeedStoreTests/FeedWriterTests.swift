import Dispatch
import FeedModel
import Foundation
import GRDB
import Testing

@testable import FeedStore

@Suite struct FeedWriterTests {
    static let urls = (0..<24).map { "https://\($0).example/feed.xml" }

    static func update(_ number: Int, items: Int = 5) -> FeedUpdate {
        let feed = Sample.feed((0..<items).map { Sample.item("\(number)-\($0)", hours: Double($0)) }, title: "Feed \(number)")
        return FeedUpdate(PreparedFeed(feed), forFeedURL: urls[number])
    }

    @Test func aBatchStoresEachFeedAsItsOwnUpsertWould() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: Array(Self.urls.prefix(3)))
        let results = store.upsert([Self.update(0, items: 2), Self.update(1, items: 3), Self.update(2, items: 1)])
        #expect(try results.map { try $0.get() } == [2, 3, 1])
        let rows = try store.feedList()
        #expect(rows.map(\.displayTitle) == ["Feed 0", "Feed 1", "Feed 2"])
        #expect(rows.map(\.totalCount) == [2, 3, 1] && rows.map(\.unreadCount) == [2, 3, 1])
        // Stored as a reload stores: the text waits for `indexStoredBodies`, titles do not.
        #expect(try store.articlesAwaitingIndex() == 6)
        #expect(try store.search(words: "Title 1-2").count == 1)
        // Again: nothing new, as with `upsert` one by one.
        #expect(try store.upsert([Self.update(0, items: 2), Self.update(1, items: 4)]).map { try $0.get() } == [0, 1])
    }

    @Test func aFeedThatCannotBeStoredFailsAloneInItsBatch() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [Self.urls[0], Self.urls[2]])
        let results = store.upsert([Self.update(0), Self.update(1), Self.update(2)])
        #expect(try results[0].get() == 5 && results[2].get() == 5)
        #expect(throws: StoreError.unknownFeed(url: Self.urls[1])) { try results[1].get() }
        #expect(try store.feedList().map(\.totalCount) == [5, 5])
    }

    @Test func feedsStoredFromManyThreadsAtOnceAllLandWithTheirOwnCounts() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: Self.urls)
        let writer = FeedWriter(store: store)
        let counts = Counts(Self.urls.count)
        DispatchQueue.concurrentPerform(iterations: Self.urls.count) { number in
            counts.set(number, Result { try writer.store(Self.update(number, items: number + 1)) })
        }
        #expect(try counts.values.map { try $0!.get() } == Array(1...Self.urls.count))
        #expect(try store.feedList().map(\.totalCount) == Array(1...Self.urls.count))
        #expect(writer.busyTime > .zero)
        // A feed removed from the urls file meanwhile fails alone, with the store's error.
        #expect(throws: StoreError.unknownFeed(url: "https://gone.example/")) {
            try writer.store(FeedUpdate(PreparedFeed(Sample.feed([])), forFeedURL: "https://gone.example/"))
        }
    }

    /// Results written by several threads.
    private final class Counts: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [Result<Int, any Error>?]

        init(_ count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ result: Result<Int, any Error>) { lock.withLock { slots[index] = result } }
        var values: [Result<Int, any Error>?] { lock.withLock { slots } }
    }
}
