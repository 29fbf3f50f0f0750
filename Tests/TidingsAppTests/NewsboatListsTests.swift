@testable import Configuration
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import Testing
@testable import TidingsApp

/// Lists that behave as newsboat's (issue 34): hidden feeds read through query feeds, filters of
/// the feed list on feed attributes, next/previous unread and mark-feed-read inside a query
/// feed, newsboat's list formats, and query feeds as first-class rows of the feed list.
@MainActor
@Suite(.serialized) struct NewsboatListsTests {
    /// A home with two listed feeds, two hidden ones (`"!"` and `"!Hidden"`, both newsboat's
    /// hidden marks) and a query feed of the articles whose title says "episode".
    private func podcastHome() throws -> HeadlessHome {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 19), ("Tech episode 4", 18)])
        try home.serve("pods", title: "Quiet Podcasts", items: [("Episode 1", 17), ("Episode 2", 16)])
        try home.serve("radio", title: "Secret Radio", items: [("Radio episode 9", 15)])
        try home.subscribe([
            home.url("news") + " local", home.url("tech"),
            home.url("pods") + #" audio "!""#, home.url("radio") + #" "!Hidden" audio"#,
            #""query:Episodes:title =~ \"episode\"" audio"#,
        ])
        return home
    }

    private func startReader(_ home: HeadlessHome, rows: Int = 24, columns: Int = 80,
                             preferences: ReaderPreferences = ReaderPreferences()) throws -> HeadlessReader {
        let file = try UrlsFile.load(from: URL(fileURLWithPath: home.urlsPath))
        return try home.startReader(rows: rows, columns: columns, preferences: preferences) { $0.queryFeeds = file.queryFeeds }
    }

    /// Reloads every feed and waits until the query feed counts what it found.
    private func reloadAll(_ reader: HeadlessReader, until text: String) async {
        reader.press(.character("R"))
        #expect(await reader.waitFor(text))
        #expect(await reader.settle())
    }

    // MARK: - §2 hidden feeds

    @Test func hiddenFeedsAreLeftOutOfTheFeedListButTheirArticlesAreInQueryFeeds() async throws {
        let home = try podcastHome()
        let reader = try startReader(home)
        #expect(await reader.settle())
        await reloadAll(reader, until: "(4/4) Episodes")
        // Both of newsboat's hidden marks hide: "!" and a tag starting with "!".
        #expect(!reader.text.contains("Quiet Podcasts"))
        #expect(!reader.text.contains("Secret Radio"))
        #expect(reader.lines.contains { $0.contains("Harbour News") })
        // The query feed finds the hidden feeds' articles.
        reader.press(.enter)
        #expect(await reader.waitFor("Radio episode 9"))
        #expect(reader.text.contains("Episode 1") && reader.text.contains("Episode 2") && reader.text.contains("Tech episode 4"))
        #expect(reader.lines[0].hasSuffix("4 unread, 4 total"))
        // A tag starting with "!" is the hidden mark, not a tag of the feed.
        let file = try UrlsFile.load(from: URL(fileURLWithPath: home.urlsPath))
        #expect(file.subscriptions.first { $0.url == home.url("radio") }?.tags == ["audio"])
    }
}

extension NewsboatListsTests {
    // MARK: - §3 feed-list filters

    @Test func aFeedListFilterTestsFeedAttributesAndRefusesAnArticleAttribute() async throws {
        let home = try podcastHome()
        let reader = try startReader(home)
        #expect(await reader.settle())
        await reloadAll(reader, until: "(4/4) Episodes")
        // An article's attribute is refused in one line, and the list stays as it was.
        reader.press(.character("f"))
        reader.type(#"unread = "yes""#)
        reader.press(.enter)
        #expect(await reader.waitFor("Not a feed filter: unread is an article attribute; feeds have feedtitle"))
        #expect(!reader.lines[0].contains("filter:"))
        #expect(reader.lines.contains { $0.contains("Tech Notes") } && reader.lines.contains { $0.contains("Harbour News") })
        reader.press(.character("f"))
        reader.type(#"title =~ "harbour""#)
        reader.press(.enter)
        #expect(await reader.waitFor("Not a feed filter: title is an article attribute"))
        // Feed attributes filter the feeds.
        reader.press(.character("f"))
        reader.type(#"feedtitle =~ "harbour" or tags # "local""#)
        reader.press(.enter)
        #expect(await reader.waitFor("(1 of 2)"))
        #expect(reader.lines.contains { $0.contains("Harbour News") })
        #expect(!reader.text.contains("Tech Notes"))
        reader.press(.control("g"))
        reader.press(.character("f"))
        reader.type(#"unread_count between 2:2 and total_count = 2"#)
        reader.press(.enter)
        #expect(await reader.waitFor("(2 of 2)"))
    }
}

extension NewsboatListsTests {
    // MARK: - §5 mark-feed-read in a query feed

    @Test func markFeedReadInAQueryFeedMarksItsArticlesRead() async throws {
        let home = try podcastHome()
        let reader = try startReader(home)
        #expect(await reader.settle())
        await reloadAll(reader, until: "(4/4) Episodes")
        reader.press(.enter)
        #expect(await reader.waitFor("Radio episode 9"))
        #expect(await reader.settle())
        reader.press(.character("A"))
        #expect(await reader.waitFor("Marked 4 articles read"))
        // The rows stay, read (no unread mark).
        #expect(await reader.waitUntil { reader.lines[0].hasSuffix("0 unread, 4 total") })
        #expect(!reader.lines[1...4].contains { $0.hasPrefix("N") })
        reader.press(.character("q"))
        #expect(await reader.waitFor("(0/4) Episodes"))
        #expect(await reader.waitFor("(1/2) Tech Notes"))
        // The hidden feeds' articles are read too; the others are left alone.
        #expect(await reader.settle())
        let unread = try reader.store.feedList(FeedListFilter()).reduce(0) { $0 + $1.unreadCount }
        #expect(unread == 3)
        let pods = try #require(try reader.store.feedsToFetch().first { $0.url == home.url("pods") })
        #expect(try reader.store.feed(pods.id)?.unreadCount == 0)
    }
}

extension NewsboatListsTests {
    // MARK: - §4 next/previous unread stay in the list

    @Test func nextUnreadInAQueryFeedStaysInTheQueryFeed() async throws {
        let home = try podcastHome()
        let reader = try startReader(home)
        #expect(await reader.settle())
        await reloadAll(reader, until: "(4/4) Episodes")
        reader.press(.enter)
        #expect(await reader.waitFor("Radio episode 9"))
        #expect(await reader.settle())
        // The first row is "Tech episode 4"; the next unread article of the list is "Episode 1",
        // of a hidden feed, where across feeds it would be Tech Notes' "Kernel release".
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Tech episode 4"))
        reader.press(.character("n"))
        #expect(await reader.waitFor("Title: Episode 1"))
        // Nothing unread above: p goes round from the bottom, as newsboat's does.
        reader.press(.character("p"))
        #expect(await reader.waitFor("Title: Radio episode 9"))
        // From the list's last row, n goes round to its first unread row.
        reader.press(.character("q"), .end, .character("n"))
        #expect(await reader.waitFor("Title: Episode 2"))
        // Back lands in the query feed.
        reader.press(.character("q"))
        #expect(await reader.waitUntil { reader.lines[0].hasPrefix(" Episodes") })
        #expect(await reader.settle())
        #expect(reader.lines[0].hasSuffix("0 unread, 4 total"))
        // With nothing unread left in the list, n goes on across feeds.
        reader.press(.character("n"))
        #expect(await reader.waitFor("Title: Harbour festival"))
    }

    @Test func nextUnreadInSearchResultsStaysInTheResults() async throws {
        let home = try podcastHome()
        let reader = try startReader(home)
        #expect(await reader.settle())
        await reloadAll(reader, until: "(4/4) Episodes")
        reader.press(.character("/"))
        reader.type("unread:yes")
        reader.press(.enter)
        #expect(await reader.waitFor("Tech episode 4"))
        #expect(await reader.settle())
        // Harbour festival, Ferry delayed, Kernel release, Tech episode 4: open the third.
        reader.press(.down, .down, .enter)
        #expect(await reader.waitFor("Title: Kernel release"))
        reader.press(.character("p"))
        #expect(await reader.waitFor("Title: Ferry delayed"))
        reader.press(.character("q"))
        #expect(await reader.waitUntil { reader.lines[0].hasPrefix(" Search: unread:yes") })
    }
}

extension NewsboatListsTests {
    // MARK: - §7 newsboat's list formats

    /// newsboat's own default `articlelist-format`.
    static let newsboatArticleFormat = "%4i %f %D %6L  %?T?|%-17T|  ?%t"

    @Test func newsboatsDefaultArticleFormatShowsLengthsAndTheFeedOnlyInListsOfSeveralFeeds() async throws {
        let config = Config(parsing: "articlelist-format \"\(Self.newsboatArticleFormat)\"\n")
        #expect(config.warnings.isEmpty)
        let home = try podcastHome()
        let reader = try startReader(home, columns: 100, preferences: config.readerPreferences)
        #expect(await reader.settle())
        await reloadAll(reader, until: "(4/4) Episodes")
        // A feed's own list: no feed column, the text's size in bytes (newsboat's "NNN ").
        reader.press(.down, .enter)
        #expect(await reader.waitFor("Ferry delayed"))
        #expect(await reader.settle())
        #expect(reader.lines[1].hasPrefix("   1 N   2025-11-21    32   Harbour festival"), "\(reader.text)")
        #expect(!reader.text.contains("|"))
        // A query feed: the article's feed between bars, padded to 17 columns.
        reader.press(.character("q"), .up, .enter)
        #expect(await reader.waitFor("Radio episode 9"))
        #expect(await reader.settle())
        #expect(reader.lines[1].hasPrefix("   1 N   2025-11-18    30   |Tech Notes       |  Tech episode 4"), "\(reader.text)")
        #expect(reader.lines[4].contains("|Secret Radio     |  Radio episode 9"))
        // Search results too.
        reader.press(.character("/"))
        reader.type("festival")
        reader.press(.enter)
        #expect(await reader.waitFor("|Harbour News     |  Harbour festival"))
    }

    @Test func queryFeedRowsFollowFeedlistFormat() async throws {
        let home = try podcastHome()
        var preferences = ReaderPreferences()
        preferences.feedListFormat = "%i|%t|%T|%u|%L"
        let reader = try startReader(home, columns: 120, preferences: preferences)
        #expect(await reader.settle())
        await reloadAll(reader, until: "1|Episodes|audio|(4/4)")
        // A query feed's URL is its query line, as in newsboat.
        #expect(reader.lines[1].hasPrefix(#"1|Episodes|audio|(4/4)|query:Episodes:title =~ "episode""#))
        #expect(reader.lines[2].hasPrefix("2|Harbour News|local|(2/2)|\(home.url("news"))"))
        #expect(reader.lines[3].hasPrefix("3|Tech Notes||(2/2)|"))
    }
}

extension NewsboatListsTests {
    // MARK: - §8 query feeds as first-class feeds

    @Test func highlightsColourQueryFeedRows() throws {
        let config = Config(parsing: """
            highlight feedlist "Episodes" red default
            highlight-feed "tags # \\"audio\\"" yellow default
            """ + "\n")
        #expect(config.warnings.isEmpty)
        let feed = try #require(UrlsFile(parsing: #""query:Episodes:title =~ \"episode\"" audio"# + "\n").queryFeeds.first)
        let renderer = FeedListEntryRenderer(feeds: FeedRowRenderer(
            reloading: [], spinnerFrame: "*", countWidth: 5, theme: .standard, highlights: config.highlights))
        var grid = CellGrid(rows: 1, columns: 30)
        renderer.render(.query(feed, ItemCounts(unread: 4, total: 4)), isSelected: false, into: &grid, in: Rect(row: 0, column: 0, height: 1, width: 30))
        #expect(grid.lines[0].hasPrefix(" N (4/4) Episodes"))
        let red = try ThemeParser.style(from: ["red", "default"])
        let yellow = try ThemeParser.style(from: ["yellow", "default"])
        // highlight-feed colours the whole row; highlight feedlist the title it matches.
        #expect((0..<9).allSatisfy { grid[0, $0].style == yellow })
        #expect((9..<17).allSatisfy { grid[0, $0].style == red })
    }

    @Test func gotoFindsQueryFeeds() async throws {
        let home = try podcastHome()
        let reader = try startReader(home)
        #expect(await reader.settle())
        await reloadAll(reader, until: "(4/4) Episodes")
        reader.press(.end)
        reader.press(.character(":"))
        reader.type("goto episodes")
        reader.press(.enter)
        reader.press(.enter)
        #expect(await reader.waitFor("Radio episode 9"))
        #expect(reader.lines[0].hasPrefix(" Episodes"))
    }

    @Test func queryFeedsBroughtByTheWelcomeScreenShowAtOnce() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        let newsboatUrls = "\(home.url("news"))\n\"query:Festivals:title =~ \\\"festival\\\"\"\n"
        try FileManager.default.createDirectory(atPath: home.path("newsboat"), withIntermediateDirectories: true)
        try home.write(newsboatUrls, to: "newsboat/urls")
        let files = try #require(NewsboatFiles.find(environment: ["HOME": home.path(""), "XDG_CONFIG_HOME": home.path("")]))
        let reader = try home.startReader(newsboat: files)
        reader.press(.character("i"))
        #expect(await reader.waitFor("(1/1) Festivals"), "\(reader.text)")
        #expect(await reader.settle())
    }
}
