@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// The screens and prompts of feed editing: the feed list's Starred entry and editing keys, the
/// tag list, the tag-limited feed list, the Starred list, and the prompts' text.
@MainActor
@Suite struct FeedEditingScreenTests {
    private static let utc = ReaderPreferences(timeZone: TimeZone(identifier: "UTC")!)

    private func makeStore() throws -> TestStore {
        let test = try TestStore(subscriptions: [
            Subscription(url: "https://a.example/feed", tags: ["news"], customTitle: "Alpha"),
            Subscription(url: "https://b.example/feed", tags: ["news", "long reads"]),
            Subscription(url: "https://c.example/feed", tags: ["secret"], isHidden: true),
            Subscription(url: "https://d.example/feed"),
        ])
        try test.addItems(3, to: "https://a.example/feed")
        try test.addItems(12, to: "https://b.example/feed", title: "Bravo", makeTitle: { "Bravo story \($0)" })
        try test.addItems(1, to: "https://c.example/feed", title: "Hidden")
        return test
    }

    private func items(of url: String, in test: TestStore) throws -> [ItemRow] {
        let feed = try #require(try test.store.feedList().first { $0.url == url })
        return try test.store.items(inFeed: feed.id)
    }

    // MARK: - Feed list

    @Test func starredEntryAppearsAtTheTopWithItsCountsOnceAnArticleIsStarred() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        #expect(screen.entries.count == 3, "no Starred entry without starred articles")

        let alpha = try items(of: "https://a.example/feed", in: test)
        let bravo = try items(of: "https://b.example/feed", in: test)
        try test.store.setStarred(true, item: alpha[0].id)
        try test.store.setStarred(true, item: bravo[5].id)
        try test.store.markItem(bravo[5].id, read: true)
        try screen.refresh()
        var grid = CellGrid(rows: 5, columns: 32)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            " N (1/2)   Starred",
            " N (3/3)   Alpha",
            " N (11/12) Bravo",
            "   (0/0)   https://d.example/fe…",
            "",
        ])
        // The counts in the title bar are the feeds', not the starred articles'.
        #expect(screen.titleDetail == "14 unread in 3 feeds")
        #expect(screen.rows.count == 3)
    }

    @Test func selectionIndexesTheEntriesAndFollowsItsRowWhenStarredComesAndGoes() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 6, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        _ = screen.handle(.character("j"))
        #expect(screen.selectedFeed?.url == "https://b.example/feed")

        // The Starred entry appears above: the same feed stays selected.
        let alpha = try items(of: "https://a.example/feed", in: test)
        try test.store.setStarred(true, item: alpha[1].id)
        try screen.refresh()
        #expect(screen.state.selection == 2)
        #expect(screen.selectedFeed?.url == "https://b.example/feed")
        #expect(screen.handle(.enter) == .openFeed(screen.rows[1].id))

        // The Starred entry opens the starred list and is no feed to edit.
        _ = screen.handle(.home)
        #expect(screen.selectedEntry?.isStarred == true)
        #expect(screen.selectedFeed == nil)
        #expect(screen.handle(.enter) == .showStarred)
        #expect(screen.handle(.character("r")) == nil)
        #expect(screen.handle(.character("e")) == .status("Select a feed to rename (the Starred entry is not one)"))
        #expect(screen.handle(.character("D")) == .status("Select a feed to delete (the Starred entry is not one)"))
        #expect(screen.handle(.character("J")) == .status("Select a feed to move (the Starred entry is not one)"))
        // n/p do not depend on the selection.
        #expect(screen.handle(.character("n")) == .nextUnread(from: nil))

        // select(feed:) (after n/p or adding a feed) finds the feed's row, not its index in `rows`.
        screen.select(feed: screen.rows[2].id)
        #expect(screen.selectedFeed?.url == "https://d.example/feed")
        #expect(screen.state.selection == 3)

        // The last star goes: the entry goes, the selection stays on its feed.
        try test.store.setStarred(false, item: alpha[1].id)
        try screen.refresh()
        #expect(screen.entries.count == 3)
        #expect(screen.selectedFeed?.url == "https://d.example/feed")
    }

    @Test func editingKeysBecomeIntentsForTheSelectedFeed() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 6, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        let (alpha, bravo, delta) = (screen.rows[0].id, screen.rows[1].id, screen.rows[2].id)
        #expect(screen.handle(.character("a")) == .addFeed(tag: nil))
        #expect(screen.handle(.character("e")) == .renameFeed(alpha))
        #expect(screen.handle(.character("T")) == .editTags(alpha))
        #expect(screen.handle(.character("D")) == .deleteFeed(alpha))
        #expect(screen.handle(.character("t")) == .showTags)
        // Moving swaps with the neighbour in the list (the hidden feed between is not one).
        #expect(screen.handle(.character("K")) == .status("This feed is already at the top"))
        #expect(screen.handle(.character("J")) == .moveFeed(alpha, past: bravo))
        _ = screen.handle(.end)
        #expect(screen.handle(.character("J")) == .status("This feed is already at the bottom"))
        #expect(screen.handle(.character("K")) == .moveFeed(delta, past: bravo))
        #expect(screen.handle(.character("q")) == .quit)
        #expect(screen.handle(.escape) == nil)
    }

    @Test func moveInTheStoreShowsInTheListWithTheSelectionOnTheMovedFeed() throws {
        let test = try makeStore()
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 6, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.handle(.character("J")) == .moveFeed(screen.rows[0].id, past: screen.rows[1].id))
        // What ReaderApp does with the intent: the urls file's order reaches the store.
        var file = UrlsFile(parsing: "https://a.example/feed news \"~Alpha\"\n# between\nhttps://b.example/feed news \"long reads\"\nhttps://c.example/feed secret \"!\"\nhttps://d.example/feed\n")
        let swapped = file.swapFeeds("https://a.example/feed", "https://b.example/feed")
        #expect(swapped)
        try test.store.syncSubscriptions(file.subscriptions)
        try screen.refresh()
        #expect(screen.rows.map(\.url) == ["https://b.example/feed", "https://a.example/feed", "https://d.example/feed"])
        #expect(screen.selectedFeed?.url == "https://a.example/feed")
    }

    @Test func emptyFeedListSaysHowToAddAFeed() throws {
        let test = try TestStore(subscriptions: [])
        let screen = FeedListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 2, columns: 80)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "No feeds yet: press a to add one by its URL (or run `tidings add URL`).")
        #expect(screen.handle(.character("a")) == .addFeed(tag: nil))
        #expect(screen.handle(.character("e")) == nil)
    }

    // MARK: - Tags

    @Test func tagListShowsEachTagWithItsFeedsAndUnreadArticles() throws {
        let test = try makeStore()
        let screen = TagListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 4, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "N long reads  1 feed, 12 unread",
            "N news        2 feeds, 15 unread",
            "",
            "",
        ])
        #expect(screen.title == "Tidings — Tags")
        #expect(screen.titleDetail == "2 tags")
        #expect(grid[0, 0].style.attributes.contains(.reverse))
        #expect(screen.handle(.enter) == .showTag("long reads"))
        _ = screen.handle(.character("j"))
        #expect(screen.handle(.enter) == .showTag("news"))
        #expect(screen.handle(.character("q")) == .back)
        #expect(screen.handle(.escape) == .back)
        #expect(screen.handle(.character("Q")) == .quit)
        #expect(screen.handle(.character("?")) == .showHelp)

        // Read articles leave the unread count; the selected tag stays selected.
        let bravo = try #require(try test.store.feedList().first { $0.url == "https://b.example/feed" })
        try test.store.markFeed(bravo.id, read: true)
        try screen.refresh()
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "  long reads  1 feed")
        #expect(screen.selectedTag?.tag == "news")
    }

    @Test func tagListWithoutTagsExplainsHowToTagAFeed() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        let screen = TagListScreen(store: test.store)
        try screen.refresh()
        var grid = CellGrid(rows: 2, columns: 90)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "No feed has tags yet: to tag one, select a feed in the feed list and press T.")
        #expect(screen.handle(.enter) == nil)
    }

    @Test func feedListOfOneTagShowsItsFeedsAndGoesBack() throws {
        let test = try makeStore()
        let alpha = try items(of: "https://a.example/feed", in: test)
        try test.store.setStarred(true, item: alpha[0].id)
        let screen = FeedListScreen(store: test.store, tag: "long reads")
        try screen.refresh()
        var grid = CellGrid(rows: 3, columns: 30)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.title == "Tidings — Feeds tagged long reads")
        #expect(grid.lines == [" N (12/12) Bravo", "", ""], "only the tag's feeds, no Starred entry")
        #expect(screen.handle(.enter) == .openFeed(screen.rows[0].id))
        #expect(screen.handle(.character("q")) == .back)
        #expect(screen.handle(.escape) == .back)
        #expect(screen.handle(.left) == .back)
        #expect(screen.handle(.character("Q")) == .quit)
        // A feed added here gets the tag, so that it shows here.
        #expect(screen.handle(.character("a")) == .addFeed(tag: "long reads"))

        let gone = FeedListScreen(store: test.store, tag: "nothing")
        try gone.refresh()
        gone.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "No feed is tagged nothing any…")
    }

    // MARK: - Starred

    @Test func starredListShowsStarredArticlesNewestFirstWithTheirFeeds() throws {
        let test = try makeStore()
        let alpha = try items(of: "https://a.example/feed", in: test)
        let bravo = try items(of: "https://b.example/feed", in: test)
        try test.store.setStarred(true, item: alpha[2].id)
        try test.store.setStarred(true, item: bravo[0].id)
        try test.store.markItem(alpha[2].id, read: true)
        let screen = CrossFeedListScreen(starredIn: test.store, preferences: Self.utc)
        try screen.refresh()
        var grid = CellGrid(rows: 3, columns: 48)
        screen.render(into: &grid, in: grid.bounds)
        #expect(grid.lines == [
            "N*2025-11-21  Bravo story 11        Bravo",
            " *2025-11-21  Item 0  — Ann         Alpha",
            "",
        ])
        #expect(screen.title == "Starred")
        #expect(screen.titleDetail == "1 unread, 2 starred")

        #expect(screen.handle(.enter) == .openItem(bravo[0].id))
        #expect(screen.handle(.character("s")) == .toggleStarred(bravo[0].id))
        #expect(screen.handle(.character("N")) == .toggleRead(bravo[0].id))
        #expect(screen.handle(.character("n")) == .nextUnread(from: bravo[0].id))
        #expect(screen.handle(.character("r")) == .reloadFeed(bravo[0].feedID))
        #expect(screen.handle(.character("q")) == .back)

        // Unstarred, it leaves the list; the next one is selected.
        try test.store.setStarred(false, item: bravo[0].id)
        try screen.refresh()
        #expect(screen.selectedItem?.id == alpha[2].id)
        #expect(screen.counts == ItemCounts(unread: 0, total: 1))
    }

    @Test func starredListIsPagedAndSaysHowToStar() throws {
        let test = try makeStore()
        try test.addItems(250, to: "https://d.example/feed", title: "Delta")
        for item in try items(of: "https://d.example/feed", in: test) { try test.store.setStarred(true, item: item.id) }
        let more = try #require(try test.store.feedList().first { $0.url == "https://d.example/feed" })
        for item in try test.store.items(inFeed: more.id, ItemPageRequest(offset: 100, limit: 200)) {
            try test.store.setStarred(true, item: item.id)
        }
        let screen = CrossFeedListScreen(starredIn: test.store, preferences: Self.utc)
        try screen.refresh()
        var grid = CellGrid(rows: 4, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.counts.total == 250)
        _ = screen.handle(.end)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.selectedItem?.title == "Item 0")
        _ = screen.handle(.pageUp)
        #expect(screen.selectedItem?.title == "Item 4")

        let empty = CrossFeedListScreen(starredIn: try TestStore(subscriptions: []).store)
        try empty.refresh()
        empty.render(into: &grid, in: grid.bounds)
        #expect(grid.lines[0] == "No starred articles: press s on an article to star it.")
    }

    @Test func itemListAndArticleStarWithS() throws {
        let test = try makeStore()
        let feed = try #require(try test.store.feedList().first)
        let list = ItemListScreen(store: test.store, feed: feed)
        var grid = CellGrid(rows: 4, columns: 40)
        list.render(into: &grid, in: grid.bounds)
        let item = try #require(list.selectedItem)
        #expect(list.handle(.character("s")) == .toggleStarred(item.id))
        let article = ArticleScreen(item: try #require(try test.store.item(item.id)))
        #expect(article.handle(.character("s")) == .toggleStarred(item.id))
    }

    // MARK: - Prompts

    @Test func promptsShowInTheStatusRowWithTheirText() throws {
        let test = try makeStore()
        let feeds = FeedListScreen(store: test.store)
        try feeds.refresh()
        let navigation = NavigationController<ReaderIntent>(root: feeds)
        navigation.statusHint = "?:Help"
        var grid = CellGrid(rows: 5, columns: 40)

        navigation.prompt = LineEditor(prompt: "Add feed URL: ")
        var cursor = navigation.render(into: &grid)
        #expect(grid.lines[4] == "Add feed URL:")
        #expect(cursor == Position(row: 4, column: 14))

        navigation.prompt = LineEditor(prompt: "Tags: ", text: ReaderApp.tagsPromptText(["news", "long reads"]))
        cursor = navigation.render(into: &grid)
        #expect(grid.lines[4] == #"Tags: news "long reads""#)
        #expect(cursor == Position(row: 4, column: 24))

        navigation.prompt = nil
        navigation.statusMessage = "Fetching https://new.example/feed…"
        cursor = navigation.render(into: &grid)
        #expect(cursor == nil)
        #expect(grid.lines[4].hasPrefix(" Fetching https://new.example/feed…"))
        #expect(grid.lines[1] == " N (3/3)   Alpha", "the list stays usable while a feed is fetched")
    }

    @Test func tagsTypedAtThePromptFollowTheUrlsFileRules() {
        #expect(ReaderApp.tagsPromptText([]) == "")
        #expect(ReaderApp.tagsPromptText(["a", "two words", "#hash"]) == ##"a "two words" "#hash" "##)
        func parsed(_ text: String) -> [String]? { try? ReaderApp.parseTags(text).get() }
        #expect(parsed(#"news "long reads" news  tech "#) == ["news", "long reads", "tech"])
        #expect(parsed("   ") == [])
        #expect(parsed(ReaderApp.tagsPromptText(["a", "two words", "#hash"])) == ["a", "two words", "#hash"])
        for bad in ["~title", "ok !", #""unterminated"#, "#comment", "ok #comment", #""""#] {
            #expect(parsed(bad) == nil, "\(bad)")
        }
        if case .failure(let refusal) = ReaderApp.parseTags("x ~Title") {
            #expect(refusal.description == "~Title cannot be a tag (the urls file reads ~ as a title and ! as hidden)")
        } else {
            Issue.record("~Title was accepted as a tag")
        }
    }
}
