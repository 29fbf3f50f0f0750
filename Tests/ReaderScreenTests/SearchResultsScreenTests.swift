import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// Search results as drawn: rows naming their feed, the loading and failure rows, the notes on
/// articles not indexed yet, the prompt, narrow windows. What their keys do and how they follow
/// the cache is in ReaderCoreTests (SearchResultsKeysTests, SearchResultsPagingTests).
@MainActor
@Suite struct SearchResultsScreenTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
    }

    /// Two feeds: "Harbour News" with `count` items ("Harbour item N", newest = highest N),
    /// "Swift on Linux" (custom title) with two; the reader on the feed list.
    private func reader(harbourItems count: Int = 3, rows: Int = 7, columns: Int = 64, config: String = "") throws -> ReaderDriver {
        try home.writeSearchFeeds(harbourItems: count)
        let reader = try home.driver(config: config, rows: rows, columns: columns)
        reader.settle()
        return reader
    }


    private func results(_ reader: ReaderDriver) throws -> SearchResultsScreen {
        try #require(reader.state.top as? SearchResultsScreen)
    }

    private func detail(_ reader: ReaderDriver) throws -> String {
        try results(reader).title(reader.state.context).right
    }

    @Test func rowsNameTheirFeedNewestFirstWithDateAndUnreadMark() throws {
        let reader = try reader()
        reader.search("harbour")
        #expect(reader.lines[0].hasPrefix(" Search: harbour"))
        #expect(reader.lines[1] == "  Searching…")
        reader.settle()
        let rows = try results(reader).results.rows
        try reader.store.markItem(rows[1].id, read: true)
        // The store's generation changes: the rows' marks are read again.
        reader.noticeCacheChanges()
        try GoldenFrame(reader.frame).check("search-results")
        #expect(Array(reader.lines[1...5]) == [
            "N 2025-11-21  Harbour item 2  — Ann             Harbour News",
            "  2025-11-21  Harbour item 1                    Harbour News",
            "N 2025-11-21  Harbour item 0  — Ann             Harbour News",
            "N 2025-11-20  Kernel notes  — Bea               Swift on Linux",
            "",
        ])
        #expect(try detail(reader) == "4 articles")
        #expect(try results(reader).results.isComplete)
        #expect(reader.reads(of: SearchPageQuery.self).count == 1, "a short first page is the last")
    }

    @Test func filtersOnlyListTheirArticles() throws {
        let reader = try reader(rows: 5)
        reader.search(#"feed:"swift on linux""#)
        reader.settle()
        #expect(Array(reader.lines[1...3]) == [
            "N 2025-11-20  Kernel notes  — Bea               Swift on Linux",
            "N 2025-11-19  Concurrency                       Swift on Linux",
            "",
        ])
        #expect(try detail(reader) == "2 articles")
    }

    @Test func nothingFoundSaysSo() throws {
        let reader = try reader(rows: 4, columns: 80)
        reader.search("lighthouse")
        reader.settle()
        #expect(Array(reader.lines[1...2]) == ["No articles match “lighthouse”. Press / to change the search.", ""])
        #expect(try detail(reader) == "nothing found")
    }

    @Test func aSearchRunWhileAReloadsTextIsBeingIndexedSaysSo() throws {
        let reader = try reader()
        // A reload stored this article and has not indexed its text yet.
        let late = [Item(id: "b3", title: "Ferry times", published: TestStore.baseDate, summary: "<p>harbour closed</p>")]
        try reader.store.upsert(Feed(format: .rss20, title: "Blog", items: late), forFeedURL: ReaderHome.swiftBlog, indexingBodies: false)
        reader.search("harbour")
        reader.settle()
        #expect(try !results(reader).results.rows.contains { $0.title == "Ferry times" }, "its text is not in the index yet")
        #expect(try detail(reader) == "4 articles — still indexing the text of 1 new article")
        try reader.store.indexAllStoredBodies()
        reader.noticeCacheChanges()
        #expect(try detail(reader) == "4 articles — new articles indexed since: / Enter searches them too")
        // `/` asks again with the query typed: Enter runs it again.
        reader.settle(after: .character("/"), .enter)
        #expect(try results(reader).results.rows.contains { $0.title == "Ferry times" })
        #expect(try detail(reader) == "5 articles")
    }

    /// 350 matches in pages of 100: the list grows as the selection moves down, a "loading
    /// more…" row at the bottom while a page is read, and stops at the last match.
    @Test func resultsGrowPageByPageWithALoadingRow() throws {
        let reader = try reader(harbourItems: 349, rows: 12)
        reader.search("harbour")
        #expect(reader.reads(of: SearchPageQuery.self).count == 1)
        reader.settle()
        #expect(reader.lines[1].contains("Harbour item 348  — Ann") && reader.lines[1].hasSuffix("Harbour News"))
        #expect(try results(reader).results.rows.count == 100)
        #expect(try detail(reader) == "100+ articles")
        #expect(reader.reads(of: SearchPageQuery.self).count == 1, "the next page is not read while the end is far")

        // Page by page down past the last row read: the next page is asked for on the way, and
        // the selection stops on the loading row; when the page arrives it is on its first row.
        for _ in 0..<11 { reader.press(.pageDown) }
        let pages = reader.reads(of: SearchPageQuery.self)
        #expect(pages.count == 2)
        #expect(try pages.last?.request.after == results(reader).results.rows.last?.cursor)
        #expect(reader.lines[10] == "  loading more…")
        #expect(reader.lines[9].contains("Harbour item 249 "))
        #expect(try results(reader).selectedItem(reader.state.pendingMarks) == nil)
        reader.press(.enter)
        #expect(reader.reads(of: SearchPageQuery.self).count == 2, "Enter on the loading row asks for nothing")
        reader.settle()
        #expect(try results(reader).results.rows.count == 200)
        #expect(try results(reader).selectedItem(reader.state.pendingMarks)?.title == "Harbour item 248")
        #expect(!reader.lines.contains("  loading more…"))

        // End: the real last result — the pages up to it are read one after another (each asked
        // for when the one before has been drawn) and the selection follows to the end.
        reader.settle(after: .end)
        let list = try results(reader)
        #expect(list.results.rows.count == 350)
        #expect(list.results.isComplete)
        #expect(try detail(reader) == "350 articles")
        #expect(reader.lines[10].contains("Kernel notes  — Bea"))
        #expect(list.selectedItem(reader.state.pendingMarks)?.title == "Kernel notes")
        #expect(reader.reads(of: SearchPageQuery.self).count == 4, "the list stops growing at the end")
        let expected = (0..<349).reversed().map { "Harbour item \($0)" } + ["Kernel notes"]
        #expect(list.results.rows.map(\.title) == expected, "no gap and no repeat between pages")

        // Moving up stops following the end.
        reader.settle(after: .up)
        #expect(try results(reader).selectedItem(reader.state.pendingMarks)?.title == "Harbour item 0")
    }

    @Test func aFailedPageSaysWhyAndEnterTriesAgain() throws {
        let reader = try reader(rows: 4, columns: 140)
        reader.search("harbour")
        // The first page's read fails (the runner answers it so when the cache is locked).
        let ticket = try ScreenTicket(screen: results(reader).id, request: 1)
        var request = ItemPageRequest(limit: SearchResults.pageSize)
        request.foldsStories = true  // fold-duplicates yes
        let firstPage = try SearchPageQuery(query: SearchQuery("harbour"), request: request)
        #expect(reader.effects.contains(.read(firstPage, route: .searchPage(ticket))))
        reader.send(.rowsRead(.searchPage(ticket), .failure(StoreFailure(StoreError.busy(path: "/tmp/cache.db")))))
        #expect(reader.lines[1].hasPrefix("  Cannot read more results: the cache /tmp/cache.db is busy"))
        #expect(reader.lines[1].hasSuffix("(Enter tries again)"))
        reader.press(.enter)
        #expect(reader.state.top is SearchResultsScreen)
        #expect(reader.reads(of: SearchPageQuery.self).count == 2)
        reader.settle()
        #expect(try results(reader).results.rows.count == 4)
    }

    /// The prompt `/` opens: the status row shows what is typed, with the cursor after it.
    @Test func thePromptShowsTheTypedQueryWithTheCursor() throws {
        let reader = try reader(rows: 4, columns: 40)
        reader.press(.character("/"))
        reader.type("kern 東京")
        try GoldenFrame(reader.frame).check("search-prompt")
        #expect(reader.lines[3] == "Search: kern 東京")
        #expect(reader.frame.cursor == Position(row: 3, column: 17))

        // From the results, `/` asks again with the query already typed.
        reader.settle(after: .enter)
        reader.press(.character("/"))
        try GoldenFrame(reader.frame).check("search-prompt-again")
        #expect(reader.lines[0].hasPrefix(" Search: kern 東京"))
        #expect(reader.lines[3] == "Search: kern 東京")
    }

    @Test func narrowAndTinyWindowsNeverCutAWideCharacterOrOverflow() throws {
        let reader = try reader()
        try reader.store.upsert(Feed(format: .rss20, title: "ブログ", items: [
            Item(id: "j", title: "港の灯りについて", published: TestStore.baseDate.addingTimeInterval(86_400), summary: "<p>harbour</p>"),
        ]), forFeedURL: ReaderHome.swiftBlog)
        reader.search("harbour")
        reader.settle()
        for columns in 0...40 {
            for rows in 0...5 {
                reader.resize(rows: rows, columns: columns)
                #expect(reader.lines.allSatisfy { DisplayWidth.of($0) <= columns }, "\(rows)×\(columns)")
            }
        }
        reader.resize(rows: 3, columns: 40)
        #expect(reader.lines[1] == "N 2025-11-22  港の灯りにつ…   Swift on …")
    }

    @Test func datesFollowTheConfiguredFormat() throws {
        let reader = try reader(config: "datetime-format \"%d %b %H:%M\"\n")
        var context = reader.state.context
        #expect(SearchResultRowRenderer(context).articles.items.dateFormatter.string(from: TestStore.baseDate) == "21 Nov 04:40")
        context.timeZone = TimeZone(secondsFromGMT: 9 * 3600)!
        #expect(SearchResultRowRenderer(context).articles.items.dateFormatter.string(from: TestStore.baseDate) == "21 Nov 13:40")
    }
}
