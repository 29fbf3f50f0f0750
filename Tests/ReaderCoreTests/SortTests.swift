@testable import Configuration
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// `article-sort-order`, `feed-sort-order` and the `sort` / `rev-sort` question, on the screens.
@MainActor
@Suite struct SortTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    @Test func configReadsBothOrdersAndWarnsAboutBadOnes() {
        let config = Config(parsing: """
            article-sort-order title-desc
            feed-sort-order unreadarticlecount
            """)
        #expect(config.warnings.isEmpty)
        #expect(config[\.articleSortOrder].field == .title && config[\.articleSortOrder].isDescending)
        #expect(config[\.feedSortOrder] == FeedOrder(.unreadArticleCount, descending: true))
        #expect(Config()[\.articleSortOrder] == .newestFirst && Config()[\.feedSortOrder] == .urlsFile)
        #expect(Config(parsing: "article-sort-order date-asc")[\.articleSortOrder] == ItemOrder(.date, descending: false))
        // Widely shared configs sort feeds by `date`, which newsboat takes without a word.
        let byDate = Config(parsing: "feed-sort-order date-desc")
        #expect(byDate.warnings.isEmpty && byDate[\.feedSortOrder] == FeedOrder(.lastUpdated, descending: true))
        #expect(Config(parsing: "feed-sort-order date")[\.feedSortOrder] == FeedOrder(.lastUpdated, descending: true))

        let bad = Config(parsing: """
            article-sort-order size
            feed-sort-order title-up
            """)
        #expect(bad.warnings.map(\.message) == [
            "article-sort-order: unknown field \"size\" (date, title, flags, author, link, guid, random); default kept",
        ])
        // A direction other than `asc` is descending, as newsboat reads it (issue 45 §17).
        #expect(bad[\.articleSortOrder] == .newestFirst && bad[\.feedSortOrder] == FeedOrder(.title, descending: true))
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
        #expect(config[\.articleSortOrder] == ItemOrder(.title))
        // rev-sort: the other way round from each field's default.
        let oldest = try #require(SortQuestion(subject: .articles, isReversed: true).answer(.character("d")))
        #expect(oldest.value == "date-asc" && oldest.done == "Sorted by date, reversed")
        let fewest = try #require(SortQuestion(subject: .feeds, isReversed: true).answer(.character("a")))
        #expect(fewest.option == "feed-sort-order" && fewest.value == "articlecount-asc" && fewest.done == "Sorted by articlecount, reversed")
        _ = config.apply("\(fewest.option) \(fewest.value)")
        #expect(config[\.feedSortOrder] == FeedOrder(.articleCount, descending: false))
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

        try home.subscribe(["https://a.example/feed"])
        let cache = try home.cache()
        try cache.addItems(3, to: "https://a.example/feed")
        let feed = try #require(try cache.feedList().first)
        _ = try cache.setStarred(true, item: try #require(try cache.items(inFeed: feed.id).first).id)
        let reader = try home.driver()
        reader.settle()
        let articles = SortQuestion(subject: .articles, isReversed: false).prompt
        // The feed list (under the Starred entry), the feed's articles, Starred.
        reader.press(.down)
        reader.press(.character("<"))
        #expect(reader.lines.last?.hasPrefix(" " + SortQuestion(subject: .feeds, isReversed: true).prompt) == true)
        reader.press(.escape)
        reader.settle(after: .enter)
        reader.press(.character(">"))
        #expect(reader.lines.last?.hasPrefix(" " + articles) == true)
        reader.press(.escape)
        reader.press(.character("q"))
        reader.settle(after: .up, .enter)
        #expect((reader.state.top as? CrossFeedListScreen)?.articles == .starred)
        reader.press(.character(">"))
        #expect(reader.lines.last?.hasPrefix(" " + articles) == true)
    }

    @Test func anItemListTakesANewOrderAtOnceAndItsQuickFilterFollowsIt() throws {
        let reader = try itemList(titles: ["delta", "Alpha", "charlie", "bravo"])
        #expect(titles(reader) == ["bravo", "charlie", "Alpha", "delta"])

        reader.settle(after: .character(">"), .character("t"))
        #expect(titles(reader) == ["Alpha", "bravo", "charlie", "delta"])
        reader.settle(after: .character("<"), .character("t"))
        #expect(titles(reader) == ["delta", "charlie", "bravo", "Alpha"])

        // The quick filter lists its matches in the same order, and keeps the selection.
        reader.settle(after: .character("g"), .character("j"))
        #expect(selectedTitle(reader) == "charlie")
        reader.press(.character("F"))
        reader.settle(after: .character("r"))
        #expect(titles(reader) == ["charlie", "bravo"])
        #expect(selectedTitle(reader) == "charlie")
    }

    @Test func theSelectedItemStaysSelectedWhereverTheNewOrderPutsIt() throws {
        let reader = try itemList(count: 1_000)
        #expect(selectedTitle(reader) == "Item 999")
        // By title, "Item 999" is far beyond the pages read around the old selection.
        reader.settle(after: .character(">"), .character("t"))
        let expected = try #require((0..<1_000).map { "Item \($0)" }.sorted().firstIndex(of: "Item 999"))
        #expect(expected > 3 * PagedItems.pageSize)
        #expect((reader.state.top as? ItemListScreen)?.state.selection == expected)
        #expect(selectedTitle(reader) == "Item 999")
    }

    @Test func starredListTakesANewOrder() throws {
        try home.subscribe(["https://a.example/feed"])
        let cache = try home.cache()
        try cache.addItems(3, to: "https://a.example/feed") { ["beta", "gamma", "Alpha"][$0] }
        let feedID = try #require(try cache.feedList().first?.id)
        for item in try cache.items(inFeed: feedID) { _ = try cache.setStarred(true, item: item.id) }
        let reader = try home.driver()
        reader.settle()
        reader.settle(after: .enter)
        #expect((reader.state.top as? CrossFeedListScreen)?.articles == .starred)
        #expect(titles(reader) == ["Alpha", "gamma", "beta"])
        reader.settle(after: .character(">"), .character("t"))
        #expect(titles(reader) == ["Alpha", "beta", "gamma"])
    }

    @Test func theFeedListSortsAndRefusesToMoveFeedsOutOfFileOrder() throws {
        try home.subscribe(["https://a.example/feed", "https://b.example/feed", "https://c.example/feed"])
        let cache = try home.cache()
        try cache.addItems(1, to: "https://a.example/feed", title: "Zebra")
        try cache.addItems(3, to: "https://b.example/feed", title: "Mango")
        try cache.addItems(2, to: "https://c.example/feed", title: "apple")
        let reader = try home.driver()
        reader.settle()
        let known = ["Zebra", "Mango", "apple"]
        #expect(titles(reader, known: known) == ["Zebra", "Mango", "apple"])

        reader.settle(after: .character(">"), .character("t"))
        #expect(titles(reader, known: known) == ["apple", "Mango", "Zebra"])
        reader.press(.character("J"))
        #expect(reader.state.message == "Feeds are sorted by title: moving a feed needs the urls file's order (sort, then n)")
        reader.settle(after: .character(">"), .character("a"))
        #expect(titles(reader, known: known) == ["Mango", "apple", "Zebra"])

        // Reversed file order still moves feeds: a swap with the neighbour on screen.
        reader.settle(after: .character("<"), .character("n"))
        #expect(titles(reader, known: known) == ["apple", "Mango", "Zebra"])
        reader.press(.character("g"))
        _ = reader.takeEffects()
        reader.press(.character("J"))
        #expect(reader.effects.contains { if case .store(.editUrlsFile) = $0 { true } else { false } }, "J did not move the feed")
    }

    /// The reader on the list of the feed's articles, titled `titles` (the last one newest) or
    /// "Item N".
    private func itemList(titles: [String]? = nil, count: Int? = nil) throws -> ReaderDriver {
        try home.subscribe(["https://a.example/feed"])
        try home.cache().addItems(titles?.count ?? count ?? 0, to: "https://a.example/feed") { titles?[$0] ?? "Item \($0)" }
        let reader = try home.driver()
        reader.settle()
        reader.settle(after: .enter)
        return reader
    }

    private func selectedTitle(_ reader: ReaderDriver) -> String? {
        (reader.state.top as? ItemListScreen)?.selectedItem(reader.state.pendingMarks)?.title
    }

    /// The titles the screen shows, top to bottom, among `known`.
    private func titles(_ reader: ReaderDriver, known: [String] = ["Alpha", "bravo", "charlie", "delta", "beta", "gamma"]) -> [String] {
        reader.lines.dropFirst().compactMap { line in known.first { line.contains($0) } }
    }
}
