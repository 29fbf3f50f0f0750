import FeedStore
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The feed list's Starred entry: the selection indexes the entries and follows its row when the
/// entry comes and goes; the entry opens the Starred list and is no feed to edit.
@MainActor
@Suite struct StarredEntryTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeEditingFeeds()
    }

    @Test func selectionIndexesTheEntriesAndFollowsItsRowWhenStarredComesAndGoes() throws {
        let reader = try home.driver(rows: 8, columns: 40)
        reader.settle()
        let list = { reader.state.feedList }
        let selectedFeed = { list()?.selectedFeed(reader.state.context) }
        reader.press(.character("j"))
        #expect(selectedFeed()?.url == "https://b.example/feed")

        // The Starred entry appears above: the same feed stays selected.
        let alpha = try reader.store.items(ofFeed: "https://a.example/feed")
        _ = try reader.store.setStarred(true, item: alpha[1].id)
        reader.noticeCacheChanges()
        #expect(list()?.state.selection == 2)
        #expect(selectedFeed()?.url == "https://b.example/feed")
        reader.settle(after: .enter)
        #expect((reader.state.top as? ItemListScreen)?.feed.url == "https://b.example/feed")
        reader.press(.character("q"))

        // The Starred entry opens the starred list and is no feed to edit.
        reader.press(.home)
        #expect(list()?.selectedEntry(reader.state.context)?.isStarred == true)
        #expect(selectedFeed() == nil)
        reader.settle(after: .enter)
        #expect((reader.state.top as? CrossFeedListScreen)?.articles == .starred)
        reader.press(.character("q"))
        #expect(reader.reloadedURLs(by: .character("r")) == [])
        reader.press(.character("e"))
        #expect(reader.state.message == "Select a feed to rename (the Starred entry is not one)")
        reader.press(.character("D"))
        #expect(reader.state.message == "Select a feed to delete (the Starred entry is not one)")
        reader.press(.character("J"))
        #expect(reader.state.message == "Select a feed to move (the Starred entry is not one)")
        // n/p do not depend on the selection.
        reader.press(.character("n"))
        #expect(reader.reads(of: UnreadJumpQuery.self).last?.kind == .acrossFeeds(from: nil))
        reader.settle()
        while reader.state.navigation.screens.count > 1 { reader.press(.character("q")) }

        // Selecting a feed by its URL (after n/p, or adding a feed) finds the feed's row, not its
        // index among the feeds.
        reader.state.selectInFeedLists(feedURL: "https://d.example/feed")
        #expect(selectedFeed()?.url == "https://d.example/feed")
        #expect(list()?.state.selection == 3)

        // The last star goes: the entry goes, the selection stays on its feed.
        _ = try reader.store.setStarred(false, item: alpha[1].id)
        reader.noticeCacheChanges()
        #expect(list()?.entries(reader.state.context).count == 3)
        #expect(selectedFeed()?.url == "https://d.example/feed")
    }
}
