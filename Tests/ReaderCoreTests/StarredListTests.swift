import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Starring with `s`, and the Starred list: its keys, paging, articles leaving it when unstarred
/// (how it is drawn is in ReaderScreenTests' FeedEditingScreenTests).
@MainActor
@Suite struct StarredListTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeEditingFeeds()
    }

    private func starredList(rows: Int = 5) throws -> ReaderDriver {
        let reader = try home.driver(rows: rows, columns: 48)
        reader.settle()
        reader.settle(after: .enter)
        #expect((reader.state.top as? CrossFeedListScreen)?.articles == .starred)
        return reader
    }

    private func selected(_ reader: ReaderDriver) -> ItemRow? {
        (reader.state.top as? CrossFeedListScreen)?.selectedItem(reader.state.pendingMarks)
    }

    /// Alpha's oldest article (read) and Bravo's newest starred.
    private func starTwo() throws -> (alpha: ItemRow, bravo: ItemRow) {
        let cache = try home.cache()
        let alpha = try cache.items(ofFeed: "https://a.example/feed")[2]
        let bravo = try cache.items(ofFeed: "https://b.example/feed")[0]
        _ = try cache.setStarred(true, item: alpha.id)
        _ = try cache.setStarred(true, item: bravo.id)
        _ = try cache.markItem(alpha.id, read: true)
        return (alpha, bravo)
    }

    @Test func keysActOnTheSelectedStarredArticle() throws {
        let (_, bravo) = try starTwo()
        let reader = try starredList()
        #expect(selected(reader)?.id == bravo.id)
        reader.settle(after: .enter)
        #expect((reader.state.top as? ArticleScreen)?.item.id == bravo.id)
        reader.press(.character("q"))
        reader.press(.character("s"))
        #expect(reader.state.message == "Unstarred “Bravo story 11”; r drops it from this list")
        reader.press(.character("s"))
        #expect(reader.state.message == "Starred “Bravo story 11” again")
        // Read when it was opened.
        reader.press(.character("N"))
        #expect(reader.state.message == "Marked unread")
        reader.press(.character("n"))
        guard case .inList? = reader.reads(of: UnreadJumpQuery.self).last?.kind else {
            Issue.record("n did not look for the next unread starred article")
            return
        }
        reader.settle()
        reader.press(.character("q"))
        #expect(reader.reloadedURLs(by: .character("r")) == ["https://b.example/feed"])
        reader.press(.character("q"))
        #expect(reader.state.top is FeedListScreen)
    }

    @Test func anArticleUnstarredElsewhereLeavesTheListAndTheNextIsSelected() throws {
        let (alpha, bravo) = try starTwo()
        let reader = try starredList()
        _ = try reader.store.setStarred(false, item: bravo.id)
        reader.noticeCacheChanges()
        let list = try #require(reader.state.top as? CrossFeedListScreen)
        #expect(list.selectedItem(reader.state.pendingMarks)?.id == alpha.id)
        #expect(list.counts == ItemCounts(unread: 0, total: 1))
    }

    @Test func starredListIsPaged() throws {
        let cache = try home.cache()
        try cache.addItems(250, to: "https://d.example/feed", title: "Delta")
        for item in try cache.items(ofFeed: "https://d.example/feed") { _ = try cache.setStarred(true, item: item.id) }
        let delta = try #require(try cache.feedList().first { $0.url == "https://d.example/feed" })
        for item in try cache.items(inFeed: delta.id, ItemPageRequest(offset: 100, limit: 200)) {
            _ = try cache.setStarred(true, item: item.id)
        }
        let reader = try starredList(rows: 6)
        #expect((reader.state.top as? CrossFeedListScreen)?.counts.total == 250)
        reader.settle(after: .end)
        #expect(selected(reader)?.title == "Item 0")
        reader.settle(after: .pageUp)
        #expect(selected(reader)?.title == "Item 4")
    }

    @Test func sStarsFromTheItemListAndTheArticle() throws {
        let reader = try home.driver(rows: 6, columns: 40)
        reader.settle()
        reader.settle(after: .enter)
        reader.press(.character("s"))
        #expect(reader.state.message == "Starred: find it under Starred in the feed list")
        #expect(reader.lines[1].hasPrefix("N*"))
        reader.settle(after: .enter)
        #expect(reader.state.top is ArticleScreen)
        reader.press(.character("s"))
        #expect(reader.state.message == "Star removed")
    }
}
