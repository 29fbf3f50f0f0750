import FeedModel
import FeedStore
import Foundation
import ReaderTesting
import TestSupport
import Testing
@testable import TidingsApp

/// The store runner against a real SQLite file: each effect is run as the reader runs it, and
/// the test waits for the message it posts back (an event), never for time to pass.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct StoreRunnerTests {
    static let alpha = "https://a.example/feed", bravo = "https://b.example/feed"

    /// A runner on a fresh cache with these feeds in the urls file and the cache.
    @MainActor
    final class Fixture {
        let cache: TestStore
        let harness: RunnerHarness
        let runner: StoreRunner
        let urlsPath: String

        init(subscriptions: [Subscription], busyTimeout: TimeInterval = FeedStore.defaultBusyTimeout) throws {
            cache = try TestStore(subscriptions: subscriptions, busyTimeout: busyTimeout)
            urlsPath = cache.directory.appendingPathComponent("urls").path
            try subscriptions.map(\.url).joined(separator: "\n").write(toFile: urlsPath, atomically: true, encoding: .utf8)
            harness = RunnerHarness()
            runner = StoreRunner(store: cache.store, urlsPath: urlsPath, inbox: harness.inbox)
        }
    }

    @Test func aReadIsAnsweredFromTheCacheWithItsOwnTypedMessage() async throws {
        let fixture = try Fixture(subscriptions: [Subscription(url: Self.alpha), Subscription(url: Self.bravo)])
        fixture.runner.run(.read(StoreRead(FeedsToFetchQuery(only: nil), route: ReaderRoute(), lane: .key)))
        let targets = await fixture.harness.next { message -> [FeedFetchTarget]? in
            guard case .feedsToFetchRead(.success(let targets)) = message else { return nil }
            return targets
        }
        #expect(targets?.map(\.url).sorted() == [Self.alpha, Self.bravo])
    }

    @Test func writtenMarksAreInTheStoreWhenTheyAreReportedAndTheJournalIsEmptied() async throws {
        let fixture = try Fixture(subscriptions: [Subscription(url: Self.alpha)])
        try fixture.cache.addItems(2, to: Self.alpha)
        let store = fixture.cache.store
        let feed = try #require(try store.feedList().first)
        let item = try #require(try store.items(inFeed: feed.id).first)
        var queued = 0
        fixture.runner.marksQueued = { queued += 1 }
        fixture.runner.run(.writeMarks([NumberedMark(number: 1, mark: .read(item.id, feed: feed.id, isRead: true, wasRead: false))]))
        #expect(queued == 1, "a feed server is told once the marks are queued")
        let written = await fixture.harness.next { message -> Int? in
            guard case .marksWritten(let through, _, _) = message else { return nil }
            return through
        }
        #expect(written == 1)
        #expect(try store.item(item.id)?.isRead == true)
        #expect(try store.feedList().first?.unreadCount == 1)
        #expect(MarkJournal(cachePath: store.path).leftOver().isEmpty)
    }

    /// Marks a run could not write (the process was killed while another held the writer) are in
    /// the journal, and the next start writes them before anything else.
    @Test func marksLeftInTheJournalAreWrittenAtTheNextStart() async throws {
        let fixture = try Fixture(subscriptions: [Subscription(url: Self.alpha)])
        try fixture.cache.addItems(1, to: Self.alpha)
        let store = fixture.cache.store
        let feed = try #require(try store.feedList().first)
        let item = try #require(try store.items(inFeed: feed.id).first)
        MarkJournal(cachePath: store.path).append([.read(item.id, feed: feed.id, isRead: true, wasRead: false)])
        fixture.runner.run(.writeLeftOverMarks)
        _ = await fixture.harness.next { message -> Void? in if case .storeChanged = message { () } else { nil } }
        #expect(try store.item(item.id)?.isRead == true)
        #expect(MarkJournal(cachePath: store.path).leftOver().isEmpty)
    }

    /// A read that waits for the writes asked for before it is answered only once they are done,
    /// even while another connection holds the writer; a plain read is answered meanwhile.
    @Test func aReadAfterWritesComesAfterThem() async throws {
        // The write waits for the lock until the test releases it, however slowly a loaded
        // machine delivers the plain read's answer: not the 10 s of a real cache.
        let fixture = try Fixture(subscriptions: [Subscription(url: Self.alpha)], busyTimeout: 600)
        let release = try CacheWriteLock.hold(fixture.cache.store.path)
        fixture.runner.run(.syncSubscriptions([Subscription(url: Self.alpha), Subscription(url: Self.bravo)], besideServer: false))
        fixture.runner.run(.read(StoreRead(FeedsToFetchQuery(only: nil), route: ReaderRoute(), lane: .afterWrites)))
        fixture.runner.run(.read(StoreRead(HasSyncedQuery(account: "nobody"), route: ReaderRoute(), lane: .key)))
        // The plain read is answered first: had the other not waited, it would have come before.
        let first = await fixture.harness.next { message -> String? in
            switch message {
            case .hasSyncedRead: "plain"
            case .feedsToFetchRead: "after writes"
            default: nil
            }
        }
        #expect(first == "plain")
        release()
        let targets = await fixture.harness.next { message -> [FeedFetchTarget]? in
            guard case .feedsToFetchRead(.success(let targets)) = message else { return nil }
            return targets
        }
        #expect(targets?.map(\.url).sorted() == [Self.alpha, Self.bravo], "the urls file's new feed is in the answer")
    }

    @Test func anEditOfTheUrlsFileChangesTheFileThenTheStore() async throws {
        let fixture = try Fixture(subscriptions: [Subscription(url: Self.alpha)])
        fixture.runner.run(.editUrlsFile(UrlsFileEdit(change: .setTags(url: Self.alpha, ["news", "daily"]), done: "Tagged")))
        let outcome = await fixture.harness.next { message -> UrlsFileEditOutcome? in
            guard case .urlsFileEdited(let outcome) = message else { return nil }
            return outcome
        }
        #expect(outcome?.changed == true)
        #expect(outcome?.message == "Tagged")
        #expect(try String(contentsOfFile: fixture.urlsPath, encoding: .utf8).contains("news daily"))
        #expect(try fixture.cache.store.feedList().first?.tags == ["news", "daily"])
    }

    @Test func quittingTidiesTheCacheAfterTheWritesBeforeIt() async throws {
        let fixture = try Fixture(subscriptions: [Subscription(url: Self.alpha)])
        try fixture.cache.addItems(2, to: Self.alpha)
        let store = fixture.cache.store
        let feed = try #require(try store.feedList().first)
        let item = try #require(try store.items(inFeed: feed.id).first)
        fixture.runner.run(.writeMarks([NumberedMark(number: 1, mark: .read(item.id, feed: feed.id, isRead: true, wasRead: false))]))
        fixture.runner.run(.tidyOnQuit(QuitTidying(deletesReadArticles: true, keeping: .none, removesUnsubscribedFeeds: false)))
        fixture.runner.finish()
        #expect(try store.items(inFeed: feed.id).map(\.id) != [], "the unread article stays")
        #expect(try store.item(item.id) == nil, "the article marked read just before quitting is deleted")
    }

    @Test func aReadOnlyCacheSaysMarksCannotBeSaved() async throws {
        let fixture = try Fixture(subscriptions: [Subscription(url: Self.alpha)])
        try fixture.cache.addItems(1, to: Self.alpha)
        let path = fixture.cache.store.path
        let readOnly = try FeedStore(path: path, access: .readOnly)
        let runner = StoreRunner(store: readOnly, urlsPath: fixture.urlsPath, inbox: fixture.harness.inbox)
        let feed = try #require(try readOnly.feedList().first)
        let item = try #require(try readOnly.items(inFeed: feed.id).first)
        runner.run(.writeMarks([NumberedMark(number: 1, mark: .read(item.id, feed: feed.id, isRead: true, wasRead: false))]))
        let status = await fixture.harness.nextStatus()
        #expect(status?.hasPrefix("Not saved:") == true)
        #expect(MarkJournal(cachePath: path).leftOver().isEmpty, "kept for no later start: this user cannot write the cache then either")
    }

}
