import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The feed list read again when the cache changes: the selected feed stays selected, feeds and
/// the Starred entry come and go with `show-read-feeds`.
@MainActor
@Suite struct FeedListRefreshTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeFeedListFeeds()
    }

    private func feedList(_ reader: ReaderDriver) throws -> FeedListScreen {
        try #require(reader.state.feedList)
    }

    @Test func theStarredEntryFollowsShowReadFeeds() throws {
        let reader = try home.driver(config: "show-read-feeds no")
        reader.settle()
        let feed = try #require(try feedList(reader).rows(reader.state.context).first)
        let item = try #require(try reader.store.items(inFeed: feed.id).first)
        _ = try reader.store.setStarred(true, item: item.id)
        reader.noticeCacheChanges()
        #expect(try feedList(reader).entries(reader.state.context).first?.isStarred == true, "a starred article is unread")
        try reader.store.markFeed(feed.id, read: true)
        reader.noticeCacheChanges()
        #expect(try !feedList(reader).entries(reader.state.context).contains { $0.isStarred }, "every starred article read: hidden like a read feed")
        let showingAll = try home.driver(config: "show-read-feeds yes")
        showingAll.settle()
        #expect(try feedList(showingAll).entries(showingAll.state.context).first?.isStarred == true)
    }

    @Test func refreshKeepsTheSelectedFeedAndCanHideReadFeeds() throws {
        let reader = try home.driver(config: "show-read-feeds no")
        reader.settle()
        let rows = try feedList(reader).rows(reader.state.context)
        #expect(rows.map(\.url) == ["https://a.example/feed", "https://b.example/feed", "https://d.example/feed"])
        reader.press(.end)
        try reader.store.markFeed(rows[0].id, read: true)
        reader.noticeCacheChanges()
        #expect(try feedList(reader).rows(reader.state.context).count == 2)
        #expect(try feedList(reader).selectedFeed(reader.state.context)?.url == "https://d.example/feed")
    }
}
