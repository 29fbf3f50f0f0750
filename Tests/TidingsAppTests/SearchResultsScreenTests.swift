@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// A page loader the test completes by hand: each page is read from the real store only when
/// the test says so, so paging is tested step by step, without threads or sleeps.
@MainActor
final class ManualSearchPageLoader: SearchPageLoader {
    struct Request {
        var query: SearchQuery
        var after: ItemCursor?
        var limit: Int
        var deliver: @MainActor @Sendable (Result<[ItemRow], any Error>) -> Void
    }

    let store: FeedStore
    private(set) var pending: [Request] = []
    private(set) var requestCount = 0

    init(store: FeedStore) {
        self.store = store
    }

    func loadPage(
        _ query: SearchQuery, after: ItemCursor?, limit: Int,
        deliver: @escaping @MainActor @Sendable (Result<[ItemRow], any Error>) -> Void
    ) {
        requestCount += 1
        pending.append(Request(query: query, after: after, limit: limit, deliver: deliver))
    }

    /// Reads the oldest pending page from the store and delivers it.
    func completeNext() throws {
        let request = try #require(pending.first)
        pending.removeFirst()
        request.deliver(Result { try store.search(request.query, ItemPageRequest(after: request.after, limit: request.limit)) })
    }

    /// Delivers `error` for the oldest pending page.
    func failNext(_ error: any Error) throws {
        let request = try #require(pending.first)
        pending.removeFirst()
        request.deliver(.failure(error))
    }
}

@MainActor
@Suite struct SearchResultsScreenTests {
    private let preferences = ReaderPreferences(timeZone: TimeZone(identifier: "UTC")!)
    static let news = "https://news.example/feed"
    static let blog = "https://blog.example/feed"

    /// Two feeds: "Harbour News" with `count` items ("Harbour item N", newest = highest N),
    /// "Swift on Linux" (custom title) with two.
    private func makeStore(harbourItems count: Int = 3) throws -> TestStore {
        let test = try TestStore(subscriptions: [
            Subscription(url: Self.news), Subscription(url: Self.blog, customTitle: "Swift on Linux"),
        ])
        try test.addItems(count, to: Self.news, title: "Harbour News") { "Harbour item \($0)" }
        let blogItems = [
            Item(id: "b1", title: "Kernel notes", link: "https://blog.example/1", author: "Bea",
                 published: TestStore.baseDate.addingTimeInterval(-86_400), summary: "<p>harbour lights</p>"),
            Item(id: "b2", title: "Concurrency", link: nil, published: TestStore.baseDate.addingTimeInterval(-2 * 86_400),
                 summary: "<p>Nothing about boats.</p>"),
        ]
        try test.store.upsert(Feed(format: .rss20, title: "Blog", items: blogItems), forFeedURL: Self.blog)
        return test
    }

    private func makeScreen(_ text: String, in test: TestStore, pageSize: Int = SearchResultSource.pageSize)
        throws -> (SearchResultsScreen, ManualSearchPageLoader) {
        let loader = ManualSearchPageLoader(store: test.store)
        let screen = SearchResultsScreen(query: try SearchQuery(text), store: test.store, loader: loader,
                                         pageSize: pageSize, preferences: preferences)
        return (screen, loader)
    }

    private func draw(_ screen: SearchResultsScreen, rows: Int = 5, columns: Int = 64) -> [String] {
        var grid = CellGrid(rows: rows, columns: columns)
        screen.render(into: &grid, in: grid.bounds)
        return grid.lines
    }

    @Test func rowsNameTheirFeedNewestFirstWithDateAndUnreadMark() throws {
        let test = try makeStore()
        let (screen, loader) = try makeScreen("harbour", in: test)
        #expect(screen.title == "Search: harbour")
        #expect(draw(screen).first == "  Searching…")
        try loader.completeNext()
        let rows = screen.rows
        try test.store.markItem(rows[1].id, read: true)
        // What the reader does when the store's generation changes.
        screen.refresh()
        #expect(draw(screen) == [
            "N 2025-11-21  Harbour News  Harbour item 2  — Ann",
            "  2025-11-21  Harbour News  Harbour item 1",
            "N 2025-11-21  Harbour News  Harbour item 0  — Ann",
            "N 2025-11-20  Swift on Li…  Kernel notes  — Bea",
            "",
        ])
        #expect(screen.titleDetail == "4 articles")
        #expect(screen.isComplete)
        #expect(loader.requestCount == 1, "a short first page is the last")
    }

    @Test func filtersOnlyListTheirArticles() throws {
        let test = try makeStore()
        let (screen, loader) = try makeScreen(#"feed:"swift on linux""#, in: test)
        try loader.completeNext()
        #expect(draw(screen, rows: 3) == [
            "N 2025-11-20  Swift on Li…  Kernel notes  — Bea",
            "N 2025-11-19  Swift on Li…  Concurrency",
            "",
        ])
        #expect(screen.titleDetail == "2 articles")
    }

    @Test func nothingFoundSaysSo() throws {
        let test = try makeStore()
        let (screen, loader) = try makeScreen("lighthouse", in: test)
        try loader.completeNext()
        #expect(draw(screen, rows: 2, columns: 80) == ["No articles match “lighthouse”. Press / to change the search.", ""])
        #expect(screen.titleDetail == "nothing found")
        #expect(screen.handle(.enter) == nil)
    }

    @Test func aSearchRunWhileAReloadsTextIsBeingIndexedSaysSo() throws {
        let test = try makeStore()
        let late = [Item(id: "b3", title: "Ferry times", published: TestStore.baseDate, summary: "<p>harbour closed</p>")]
        try test.store.upsert(Feed(format: .rss20, title: "Blog", items: late), forFeedURL: Self.blog, indexingBodies: false)
        let (screen, loader) = try makeScreen("harbour", in: test)
        try loader.completeNext()
        #expect(!screen.rows.contains { $0.title == "Ferry times" }, "its text is not in the index yet")
        #expect(screen.titleDetail == "4 articles — still indexing the text of 1 new article")
        try test.store.indexAllStoredBodies()
        screen.refresh()
        #expect(screen.titleDetail == "4 articles — new articles indexed since: / Enter searches them too")
        let (again, againLoader) = try makeScreen("harbour", in: test)
        try againLoader.completeNext()
        #expect(again.rows.contains { $0.title == "Ferry times" })
        #expect(again.titleDetail == "5 articles")
    }

    /// 350 matches in pages of 100: the list grows as the selection moves down, a "loading
    /// more…" row at the bottom while a page is read, and stops at the last match.
    @Test func resultsGrowPageByPageWithALoadingRow() throws {
        let test = try makeStore(harbourItems: 349)
        let (screen, loader) = try makeScreen("harbour", in: test)
        #expect(loader.pending.count == 1)
        try loader.completeNext()
        var lines = draw(screen, rows: 10)
        #expect(lines[0].hasSuffix("Harbour item 348  — Ann"))
        #expect(screen.rows.count == 100)
        #expect(screen.titleDetail == "100+ articles")
        #expect(loader.pending.isEmpty, "the next page is not read while the end is far")

        // Page by page down past the last row read: the next page is asked for on the way, and
        // the selection stops on the loading row; when the page arrives it is on its first row.
        for _ in 0..<11 { _ = screen.handle(.pageDown) }
        #expect(loader.pending.count == 1)
        #expect(loader.pending.first?.after == screen.rows.last?.cursor)
        lines = draw(screen, rows: 10)
        #expect(lines[9] == "  loading more…")
        #expect(lines[8].hasSuffix("Harbour item 249"))
        #expect(screen.selectedItem == nil)
        #expect(screen.handle(.enter) == nil)
        try loader.completeNext()
        lines = draw(screen, rows: 10)
        #expect(screen.rows.count == 200)
        #expect(screen.selectedItem?.title == "Harbour item 248")
        #expect(!lines.contains("  loading more…"))

        // End: the real last result — the pages up to it are read one after another (each asked
        // for when the one before has been drawn) and the selection follows to the end.
        _ = screen.handle(.end)
        while !loader.pending.isEmpty {
            try loader.completeNext()
            lines = draw(screen, rows: 10)
        }
        #expect(screen.rows.count == 350)
        #expect(screen.isComplete)
        #expect(screen.titleDetail == "350 articles")
        #expect(lines[9].hasSuffix("Kernel notes  — Bea"))
        #expect(screen.selectedItem?.title == "Kernel notes")
        #expect(loader.requestCount == 4, "the list stops growing at the end")
        let expected = (0..<349).reversed().map { "Harbour item \($0)" } + ["Kernel notes"]
        #expect(screen.rows.map(\.title) == expected, "no gap and no repeat between pages")

        // Moving up stops following the end.
        _ = screen.handle(.up)
        _ = draw(screen, rows: 10)
        #expect(screen.selectedItem?.title == "Harbour item 0")
    }

    @Test func aPageForAScreenThatIsGoneIsDropped() throws {
        let test = try makeStore()
        let loader = ManualSearchPageLoader(store: test.store)
        weak var gone: SearchResultsScreen?
        do {
            let screen = SearchResultsScreen(query: try SearchQuery("harbour"), store: test.store, loader: loader, preferences: preferences)
            var updates = 0
            screen.onUpdate = { updates += 1 }
            gone = screen
            #expect(updates == 0)
        }
        #expect(gone == nil, "a pending page does not keep the screen alive")
        try loader.completeNext()
    }

    @Test func anUpdateIsAnnouncedWhenAPageArrives() throws {
        let test = try makeStore()
        let (screen, loader) = try makeScreen("harbour", in: test)
        var updates = 0
        screen.onUpdate = { updates += 1 }
        try loader.completeNext()
        #expect(updates == 1)
    }

    @Test func aFailedPageSaysWhyAndEnterTriesAgain() throws {
        let test = try makeStore()
        let (screen, loader) = try makeScreen("harbour", in: test)
        try loader.failNext(StoreError.busy(path: "/tmp/cache.db"))
        let lines = draw(screen, rows: 2, columns: 140)
        #expect(lines[0].hasPrefix("  Cannot read more results: the cache /tmp/cache.db is busy"))
        #expect(lines[0].hasSuffix("(Enter tries again)"))
        #expect(screen.handle(.enter) == nil)
        #expect(loader.pending.count == 1)
        try loader.completeNext()
        #expect(screen.rows.count == 4)
    }

    @Test func marksFollowTheStoreAndTheSelectionStays() throws {
        let test = try makeStore()
        let (screen, loader) = try makeScreen("harbour", in: test)
        try loader.completeNext()
        _ = draw(screen)
        _ = screen.handle(.down)
        _ = screen.handle(.down)
        let selected = try #require(screen.selectedItem)
        // What opening the article does (ReaderApp.openArticle), then Back to the results.
        try test.store.markItem(selected.id, read: true)
        screen.refresh()
        let lines = draw(screen)
        #expect(screen.selectedItem?.id == selected.id)
        #expect(screen.state.selection == 2)
        #expect(lines[2] == "  2025-11-21  Harbour News  Harbour item 0  — Ann")
        // New matching articles do not move the rows under the cursor.
        try test.addItems(5, to: Self.news, title: "Harbour News") { "Harbour item \($0)" }
        _ = draw(screen)
        #expect(screen.selectedItem?.id == selected.id)
        #expect(screen.rows.count == 4)
    }

    @Test func keysBecomeIntents() throws {
        let test = try makeStore()
        let (screen, loader) = try makeScreen("harbour -boats", in: test)
        try loader.completeNext()
        _ = draw(screen)
        let first = try #require(screen.selectedItem)
        #expect(screen.handle(.enter) == .openItem(first.id))
        #expect(screen.handle(.character("/")) == .openSearch(text: "harbour -boats"))
        #expect(screen.handle(.character("N")) == .toggleRead(first.id))
        #expect(screen.handle(.character("o")) == .openInBrowser("https://example.org/2"))
        #expect(screen.handle(.character("r")) == .reloadFeed(first.feedID))
        #expect(screen.handle(.character("R")) == .reloadAll)
        #expect(screen.handle(.character("?")) == .showHelp)
        #expect(screen.handle(.character("n")) == .nextUnread(from: first.id))
        #expect(screen.handle(.character("q")) == .back)
        #expect(screen.handle(.escape) == .back)
        #expect(screen.handle(.character("Q")) == .quit)
        _ = screen.handle(.end)
        #expect(screen.selectedItem?.title == "Kernel notes")
    }

    @Test func slashOpensTheSearchOnEveryScreen() throws {
        let test = try makeStore()
        let feed = try #require(try test.store.feedList().first)
        let item = try #require(try test.store.item(try test.store.items(inFeed: feed.id)[0].id))
        #expect(FeedListScreen(store: test.store, preferences: preferences).handle(.character("/")) == .openSearch(text: ""))
        #expect(ItemListScreen(store: test.store, feed: feed, preferences: preferences).handle(.character("/")) == .openSearch(text: ""))
        #expect(ArticleScreen(item: item, preferences: preferences).handle(.character("/")) == .openSearch(text: ""))
        #expect(HelpScreen(for: .feedList).handle(.character("/")) == .openSearch(text: ""))
    }

    /// The prompt `/` opens: the status row shows what is typed, with the cursor after it.
    @Test func thePromptShowsTheTypedQueryWithTheCursor() throws {
        let test = try makeStore()
        let navigation = NavigationController<ReaderIntent>(root: FeedListScreen(store: test.store, preferences: preferences))
        navigation.prompt = LineEditor(prompt: ReaderApp.searchPrompt)
        for key: Key in [.character("k"), .character("e"), .character("r"), .character("n"), .character(" "), .character("東"), .character("京")] {
            var editor = try #require(navigation.prompt)
            #expect(editor.handle(key) == .editing)
            navigation.prompt = editor
        }
        var grid = CellGrid(rows: 4, columns: 40)
        let cursor = navigation.render(into: &grid)
        #expect(grid.lines[3] == "Search: kern 東京")
        #expect(cursor == Position(row: 3, column: 17))

        // From the results, `/` asks again with the query already typed.
        let (screen, _) = try makeScreen("kern 東京", in: test)
        guard case .openSearch(let text)? = screen.handle(.character("/")) else {
            Issue.record("/ does not open the search")
            return
        }
        navigation.push(screen)
        navigation.prompt = LineEditor(prompt: ReaderApp.searchPrompt, text: text)
        navigation.render(into: &grid)
        #expect(grid.lines[0].hasPrefix(" Search: kern 東京"))
        #expect(grid.lines[3] == "Search: kern 東京")
    }

    @Test func narrowAndTinyWindowsNeverCutAWideCharacterOrOverflow() throws {
        let test = try makeStore()
        try test.store.upsert(Feed(format: .rss20, title: "ブログ", items: [
            Item(id: "j", title: "港の灯りについて", published: TestStore.baseDate.addingTimeInterval(86_400), summary: "<p>harbour</p>"),
        ]), forFeedURL: Self.blog)
        let (screen, loader) = try makeScreen("harbour", in: test)
        try loader.completeNext()
        for columns in 0...40 {
            for rows in 0...3 {
                let lines = draw(screen, rows: rows, columns: columns)
                #expect(lines.allSatisfy { DisplayWidth.of($0) <= columns })
            }
        }
        #expect(draw(screen, rows: 1, columns: 40) == ["N 2025-11-22  Swift o…  港の灯りについて"])
    }

    @Test func datesFollowTheConfiguredFormat() throws {
        var custom = preferences
        custom.dateTimeFormat = "%d %b %H:%M"
        let renderer = SearchResultRowRenderer(preferences: custom)
        #expect(renderer.formatted(TestStore.baseDate) == "21 Nov 04:40")
        custom.timeZone = TimeZone(secondsFromGMT: 9 * 3600)!
        #expect(SearchResultRowRenderer(preferences: custom).formatted(TestStore.baseDate) == "21 Nov 13:40")
    }
}
