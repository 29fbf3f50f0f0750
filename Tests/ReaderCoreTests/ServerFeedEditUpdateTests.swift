import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Feeds edited under a feed server: the edit is an effect for the server, the answer a message.
@MainActor
struct ServerFeedEditUpdateTests {
    /// A reader whose feeds come from the feed server `source`, with the feed "News" in its
    /// cache, after a sync (answered by the test).
    static func reader(_ source: any SyncSource) throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.subscribe([])
        let reader = try home.driver { settings in
            settings.feedListSource = .server(SyncServer(service: .freshrss), withLocalFeeds: false)
            settings.syncAccount = .success(SyncAccount(source: source, identity: "test"))
        }
        // What a sync stored before.
        try reader.store.syncSubscriptions([Subscription(url: "https://news.example/feed.xml")])
        try reader.store.upsert(Feed(format: .rss20, title: "News", items: []), forFeedURL: "https://news.example/feed.xml")
        reader.settle()
        #expect(reader.fetchEffects == [.sync], "the cache has never synced")
        reader.send(.syncFinished(.success(SyncOutcome())))
        reader.settle()
        #expect(reader.text.contains("(0/0) News"), "\(reader.text)")
        return (home, reader)
    }

    /// The effects but the reads, the logs and the looks for other processes' writes.
    static func actions(_ effects: [ReaderEffect]) -> [ReaderEffect] {
        ReaderUpdateTests.actions(effects).filter { $0 != .store(.checkGeneration) }
    }

    @Test func deletingAFeedAsksTheServerAndItsAnswerShows() throws {
        let (_, reader) = try Self.reader(GoogleReaderSource(endpoint: URL(string: "http://127.0.0.1:9/api/greader.php")!, login: "me", password: "p"))
        let feed = try #require(try reader.store.feedList().first)
        #expect(Self.actions(reader.send(.keys([.character("D")]))).isEmpty)
        #expect(reader.text.contains("Delete News?"))
        let edit = ServerFeedEdit(change: .delete(feed.id), done: "Deleted News on the feed server")
        #expect(Self.actions(reader.send(.keys([.character("y")]))) == [.fetch(.manageServerFeed(edit))])
        // One at a time, as syncs are.
        #expect(Self.actions(reader.send(.keys([.character("R")]))).isEmpty)
        let answered = reader.send(.serverFeedEdited(edit, .failure(SyncFailureLine(line: "cannot reach the feed server 127.0.0.1:9"))))
        #expect(answered.contains(.store(.checkGeneration)))
        #expect(reader.text.contains("Not changed: cannot reach the feed server 127.0.0.1:9"))
    }

    @Test func aFeverServerRefusesFeedEditsInOneLineBeforeAsking() throws {
        let (_, reader) = try Self.reader(FeverSource(endpoint: URL(string: "http://127.0.0.1:9/fever/")!, email: "me", password: "p"))
        #expect(Self.actions(reader.send(.keys([.character("a")]))).isEmpty)
        #expect(reader.text.contains("the Fever API cannot add, rename, tag or delete feeds"))
        #expect(reader.state.prompt == nil)
    }
}
