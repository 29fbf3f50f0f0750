@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `article-sort-order`, `feed-sort-order` and the `sort` / `rev-sort` question, on the screens.
@MainActor
@Suite struct SortTests {
    @Test func configReadsBothOrdersAndWarnsAboutBadOnes() {
        let config = Config(parsing: """
            article-sort-order title-desc
            feed-sort-order unreadarticlecount
            """)
        #expect(config.warnings.isEmpty)
        #expect(config.articleSortOrder.field == .title && config.articleSortOrder.isDescending)
        #expect(config.feedSortOrder == FeedOrder(.unreadArticleCount, descending: true))
        #expect(config.readerPreferences.articleSortOrder == config.articleSortOrder)
        #expect(config.readerPreferences.feedSortOrder == config.feedSortOrder)
        #expect(Config().articleSortOrder == .newestFirst && Config().feedSortOrder == .urlsFile)
        #expect(Config(parsing: "article-sort-order date-asc").articleSortOrder == ItemOrder(.date, descending: false))
        // Widely shared configs sort feeds by `date`, which newsboat takes without a word.
        let byDate = Config(parsing: "feed-sort-order date-desc")
        #expect(byDate.warnings.isEmpty && byDate.feedSortOrder == FeedOrder(.lastUpdated, descending: true))
        #expect(Config(parsing: "feed-sort-order date").feedSortOrder == FeedOrder(.lastUpdated, descending: true))

        let bad = Config(parsing: """
            article-sort-order size
            feed-sort-order title-up
            """)
        #expect(bad.warnings.map(\.message) == [
            "article-sort-order: unknown field \"size\" (date, title, flags, author, link, guid, random); default kept",
        ])
        // A direction other than `asc` is descending, as newsboat reads it (issue 45 §17).
        #expect(bad.articleSortOrder == .newestFirst && bad.feedSortOrder == FeedOrder(.title, descending: true))
    }

    @Test func theQuestionNamesTheFieldsAndTheirLettersChooseThem() throws {
        let articles = SortQuestion(subject: .articles, isReversed: false)
        #expect(articles.prompt == "Sort by (d)ate/(t)itle/(f)lags/(a)uthor/(l)ink/(g)uid/(r)andom?")
        #expect(SortQuestion(subject: .feeds, isReversed: true).prompt
                == "Reverse sort by (f)irsttag/(t)itle/(a)rticles/(u)nread/(l)ast/(n)one/n(e)w?")
        // A field whose first letter is taken is chosen by its next free one.
        #expect(SortQuestion(subject: .feeds, isReversed: false).answer(.character("e"))?.value == "latestunread-desc")
        #expect(SortQuestion(subject: .feeds, isReversed: false).answer(.character("l"))?.value == "lastupdated-desc")

        // The answer is a config line, applied as `:set` applies it.
        let title = try #require(articles.answer(.character("t")))
        #expect(title.option == "article-sort-order" && title.value == "title-asc" && title.done == "Sorted by title")
        var config = Config()
        _ = config.apply("\(title.option) \(title.value)")
        #expect(config.readerPreferences.articleSortOrder == ItemOrder(.title))
        // rev-sort: the other way round from each field's default.
        let oldest = try #require(SortQuestion(subject: .articles, isReversed: true).answer(.character("d")))
        #expect(oldest.value == "date-asc" && oldest.done == "Sorted by date, reversed")
        let fewest = try #require(SortQuestion(subject: .feeds, isReversed: true).answer(.character("a")))
        #expect(fewest.option == "feed-sort-order" && fewest.value == "articlecount-asc" && fewest.done == "Sorted by articlecount, reversed")
        _ = config.apply("\(fewest.option) \(fewest.value)")
        #expect(config.readerPreferences.feedSortOrder == FeedOrder(.articleCount, descending: false))
        // A key that is no choice is no answer.
        #expect(articles.answer(.character("z")) == nil)
        #expect(articles.answer(.escape) == nil)
    }

    @Test func sortKeysAreFreeAndAskInEveryListButSearchResults() throws {
        let keys = KeyMap.standard
        for context in [KeyMap.Context.feedList, .itemList, .searchResults] {
            #expect(keys.command(for: .character(">"), in: context) == .sort)
            #expect(keys.command(for: .character("<"), in: context) == .reverseSort)
        }
        var rebound = keys
        rebound.bind(.character("S"), to: KeyCommand(name: "rev-sort")!, in: .feedList)
        #expect(rebound.command(for: .character("S"), in: .feedList) == .reverseSort)

        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(3, to: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        #expect(ItemListScreen(store: test.store, feed: feed).handle(.character(">"))
                == .chooseSortOrder(SortQuestion(subject: .articles, isReversed: false)))
        #expect(FeedListScreen(store: test.store).handle(.character("<"))
                == .chooseSortOrder(SortQuestion(subject: .feeds, isReversed: true)))
        #expect(CrossFeedListScreen(starredIn: test.store).handle(.character(">"))
                == .chooseSortOrder(SortQuestion(subject: .articles, isReversed: false)))
    }

    @Test func anItemListTakesANewOrderAtOnceAndItsQuickFilterFollowsIt() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(4, to: "https://a.example/feed") { ["delta", "Alpha", "charlie", "bravo"][$0] }
        let feed = try #require(try test.store.feedList().first)
        let screen = ItemListScreen(store: test.store, feed: feed)
        #expect(titles(screen) == ["bravo", "charlie", "Alpha", "delta"])

        screen.takePreferences(ReaderPreferences(articleSortOrder: ItemOrder(.title)))
        #expect(titles(screen) == ["Alpha", "bravo", "charlie", "delta"])
        screen.takePreferences(ReaderPreferences(articleSortOrder: ItemOrder(.title, descending: true)))
        #expect(titles(screen) == ["delta", "charlie", "bravo", "Alpha"])

        // The quick filter lists its matches in the same order, and keeps the selection.
        _ = screen.handle(.character("g"))
        _ = screen.handle(.character("j"))
        #expect(screen.selectedItem?.title == "charlie")
        _ = screen.handle(.character("F"))
        _ = screen.handle(.character("r"))
        #expect(titles(screen) == ["charlie", "bravo"])
        #expect(screen.selectedItem?.title == "charlie")
    }

    @Test func theSelectedItemStaysSelectedWhereverTheNewOrderPutsIt() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(1_000, to: "https://a.example/feed")
        let feed = try #require(try test.store.feedList().first)
        let screen = ItemListScreen(store: test.store, feed: feed)
        var grid = CellGrid(rows: 10, columns: 40)
        screen.render(into: &grid, in: grid.bounds)
        #expect(screen.selectedItem?.title == "Item 999")
        // By title, "Item 999" is far beyond the pages read around the old selection.
        screen.takePreferences(ReaderPreferences(articleSortOrder: ItemOrder(.title)))
        let expected = try #require((0..<1_000).map { "Item \($0)" }.sorted().firstIndex(of: "Item 999"))
        #expect(expected > 3 * PagedItemSource.pageSize)
        #expect(screen.state.selection == expected)
        #expect(screen.selectedItem?.title == "Item 999")
    }

    @Test func starredListTakesANewOrder() throws {
        let test = try TestStore(subscriptions: [Subscription(url: "https://a.example/feed")])
        try test.addItems(3, to: "https://a.example/feed") { ["beta", "gamma", "Alpha"][$0] }
        let feedID = try #require(try test.store.feedList().first?.id)
        for item in try test.store.items(inFeed: feedID) { _ = try test.store.setStarred(true, item: item.id) }
        let screen = CrossFeedListScreen(starredIn: test.store)
        #expect(titles(screen) == ["Alpha", "gamma", "beta"])
        screen.takePreferences(ReaderPreferences(articleSortOrder: ItemOrder(.title)))
        #expect(titles(screen) == ["Alpha", "beta", "gamma"])
    }

    @Test func theFeedListSortsAndRefusesToMoveFeedsOutOfFileOrder() throws {
        let test = try TestStore(subscriptions: [
            Subscription(url: "https://a.example/feed"), Subscription(url: "https://b.example/feed"),
            Subscription(url: "https://c.example/feed"),
        ])
        try test.addItems(1, to: "https://a.example/feed", title: "Zebra")
        try test.addItems(3, to: "https://b.example/feed", title: "Mango")
        try test.addItems(2, to: "https://c.example/feed", title: "apple")
        let screen = FeedListScreen(store: test.store)
        screen.refresh()
        #expect(screen.rows.map(\.displayTitle) == ["Zebra", "Mango", "apple"])

        screen.takePreferences(ReaderPreferences(feedSortOrder: FeedOrder(.title)))
        #expect(screen.rows.map(\.displayTitle) == ["apple", "Mango", "Zebra"])
        #expect(screen.handle(.character("J")) == .status(
            "Feeds are sorted by title: moving a feed needs the urls file's order (sort, then n)"))
        screen.takePreferences(ReaderPreferences(feedSortOrder: FeedOrder(.articleCount)))
        #expect(screen.rows.map(\.displayTitle) == ["Mango", "apple", "Zebra"])

        // Reversed file order still moves feeds: a swap with the neighbour on screen.
        screen.takePreferences(ReaderPreferences(feedSortOrder: FeedOrder(.none, descending: true)))
        #expect(screen.rows.map(\.displayTitle) == ["apple", "Mango", "Zebra"])
        _ = screen.handle(.character("g"))
        guard case .moveFeed? = screen.handle(.character("J")) else {
            Issue.record("J did not move the feed")
            return
        }
    }

    /// The titles the screen shows, top to bottom, among `known`.
    private func titles(_ screen: some ReaderScreen, known: [String] = ["Alpha", "bravo", "charlie", "delta", "beta", "gamma"]) -> [String] {
        var grid = CellGrid(rows: 6, columns: 60)
        screen.render(into: &grid, in: grid.bounds)
        return grid.lines.compactMap { line in known.first { line.contains($0) } }
    }
}
