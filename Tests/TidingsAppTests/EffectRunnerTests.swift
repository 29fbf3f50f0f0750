@testable import Configuration
@testable import FeedServices
import FeedModel
import FeedStore
import Foundation
import GRDB
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// The runner's effects against a real SQLite file: each effect is run as the reader runs it,
/// and the test waits for the message it sends back (an event), never for time to pass.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct EffectRunnerTests {
    static let alpha = "https://a.example/feed", bravo = "https://b.example/feed"

    /// A runner on a fresh cache, its messages delivered to `messages` in order.
    @MainActor
    final class Harness {
        let cache: TestStore
        let runner: EffectRunner
        let messages: AsyncStream<ReaderMessage>
        let urlsPath: String

        init(subscriptions: [Subscription], busyTimeout: TimeInterval = FeedStore.defaultBusyTimeout) throws {
            cache = try TestStore(subscriptions: subscriptions, busyTimeout: busyTimeout)
            urlsPath = cache.directory.appendingPathComponent("urls").path
            try subscriptions.map(\.url).joined(separator: "\n").write(toFile: urlsPath, atomically: true, encoding: .utf8)
            let settings = ReaderSettings(
                urlsPath: urlsPath, subscriptions: subscriptions, cachePath: cache.directory.appendingPathComponent("cache.db").path,
                logPath: cache.directory.appendingPathComponent("log").path)
            runner = EffectRunner(store: cache.store, settings: settings, cache: StoreFeedCache(store: cache.store),
                                  terminal: GridTerminal(rows: 10, columns: 40)) { _ in }
            let (stream, continuation) = AsyncStream<ReaderMessage>.makeStream()
            messages = stream
            runner.send = { continuation.yield($0) }
        }

        /// The first message sent from now on that `matches` accepts.
        func next<T>(_ matches: (ReaderMessage) -> T?) async -> T? {
            for await message in messages {
                if let found = matches(message) { return found }
            }
            return nil
        }
    }

    @Test func aReadIsAnsweredFromTheCacheAsAMessage() async throws {
        let harness = try Harness(subscriptions: [Subscription(url: Self.alpha), Subscription(url: Self.bravo)])
        let read = StoreRead(query: .feedsToFetch(only: nil), reply: .reload)
        harness.runner.run([.load(read)])
        let targets = await harness.next { message -> [FeedFetchTarget]? in
            guard case .loaded(read, .success(.feedsToFetch(let targets))) = message else { return nil }
            return targets
        }
        #expect(targets?.map(\.url).sorted() == [Self.alpha, Self.bravo])
    }

    @Test func writtenMarksAreInTheStoreWhenTheyAreReported() async throws {
        let harness = try Harness(subscriptions: [Subscription(url: Self.alpha)])
        try harness.cache.addItems(2, to: Self.alpha)
        let feed = try #require(try harness.cache.store.feedList().first)
        let item = try #require(try harness.cache.store.items(inFeed: feed.id).first)
        harness.runner.run([.writeMarks([NumberedMark(number: 1, mark: .read(item.id, feed: feed.id, isRead: true, wasRead: false))])])
        let written = await harness.next { message -> Int? in
            guard case .marksWritten(let through, _) = message else { return nil }
            return through
        }
        #expect(written == 1)
        #expect(try harness.cache.store.item(item.id)?.isRead == true)
        #expect(try harness.cache.store.feedList().first?.unreadCount == 1)
    }

    /// A read that waits for the writes asked for before it is answered only once they are done,
    /// even while another connection holds the writer; a plain read is answered meanwhile.
    @Test func aReadThatWaitsForWritesComesAfterThem() async throws {
        // The write waits for the lock until the test releases it, however slowly a loaded
        // machine delivers the plain read's answer: not the 10 s of a real cache.
        let harness = try Harness(subscriptions: [Subscription(url: Self.alpha)], busyTimeout: 600)
        let release = try Self.holdWriteLock(of: harness.cache.directory.appendingPathComponent("cache.db").path)
        let waiting = StoreRead(query: .feedsToFetch(only: nil), reply: .reload, waitsForWrites: true)
        let plain = StoreRead(query: .hasSynced(account: "nobody"), reply: .firstSync)
        harness.runner.run([
            .syncSubscriptions([Subscription(url: Self.alpha), Subscription(url: Self.bravo)]), .load(waiting), .load(plain),
        ])
        // The plain read is answered first: had the waiting one not waited, it would have come
        // before it (they would share the same queue, in order).
        let first = await harness.next { message -> StoreRead.Reply? in
            guard case .loaded(let read, _) = message else { return nil }
            return read.reply
        }
        #expect(first == .firstSync)
        release()
        let targets = await harness.next { message -> [FeedFetchTarget]? in
            guard case .loaded(waiting, .success(.feedsToFetch(let targets))) = message else { return nil }
            return targets
        }
        #expect(targets?.map(\.url).sorted() == [Self.alpha, Self.bravo], "the urls file's new feed is in the answer")
    }

    @Test func anEditOfTheUrlsFileChangesTheFileThenTheStore() async throws {
        let harness = try Harness(subscriptions: [Subscription(url: Self.alpha)])
        harness.runner.run([.editUrlsFile(UrlsFileEdit(change: .setTags(url: Self.alpha, ["news", "daily"]), done: "Tagged"))])
        let outcome = await harness.next { message -> UrlsFileEditOutcome? in
            guard case .urlsFileEdited(let outcome) = message else { return nil }
            return outcome
        }
        #expect(outcome?.changed == true)
        #expect(outcome?.message == "Tagged")
        #expect(try String(contentsOfFile: harness.urlsPath, encoding: .utf8).contains("news daily"))
        #expect(try harness.cache.store.feedList().first?.tags == ["news", "daily"])
    }

    /// Holds the cache's write lock from another connection (as a `tidings reload` from cron
    /// does, moving the generation) until the returned function is called.
    static func holdWriteLock(of cachePath: String) throws -> @Sendable () -> Void {
        let other = try DatabaseQueue(path: cachePath)
        let locked = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            try? other.writeWithoutTransaction { db in
                try db.execute(sql: "UPDATE storeState SET generation = generation + 1")
                try db.execute(sql: "BEGIN IMMEDIATE")
                try db.execute(sql: "UPDATE storeState SET generation = generation + 1")
                locked.signal()
                release.wait()
                try db.execute(sql: "COMMIT")
            }
        }
        locked.wait()
        return { release.signal() }
    }
}
