@testable import Configuration
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Lists that behave as newsboat's (issue 34): hidden feeds read through query feeds, filters of
/// the feed list on feed attributes, next/previous unread and mark-feed-read inside a query
/// feed, newsboat's list formats, and query feeds as first-class rows of the feed list.
@MainActor
@Suite struct NewsboatListsTests {
    /// A home with two listed feeds, two hidden ones (`"!"` and `"!Hidden"`, both newsboat's
    /// hidden marks) and a query feed of the articles whose title says "episode".
    private func podcastHome() throws -> ReaderHome {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19), ("Tech episode 4", 18)])
        try home.writeFeed("pods", title: "Quiet Podcasts", items: [("Episode 1", 17), ("Episode 2", 16)])
        try home.writeFeed("radio", title: "Secret Radio", items: [("Radio episode 9", 15)])
        try home.subscribe([
            home.url("news") + " local", home.url("tech"),
            home.url("pods") + #" audio "!""#, home.url("radio") + #" "!Hidden" audio"#,
            #""query:Episodes:title =~ \"episode\"" audio"#,
        ])
        return home
    }

    /// The reader on `home` with `config`, every feed reloaded.
    private func start(_ home: ReaderHome, config: String = "", columns: Int = 80) throws -> ReaderDriver {
        let reader = try home.driver(config: config, columns: columns)
        #expect(reader.state.settings.warnings.isEmpty, "\(reader.state.settings.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        return reader
    }

    // MARK: - §2 hidden feeds

    @Test func hiddenFeedsAreLeftOutOfTheFeedListButTheirArticlesAreInQueryFeeds() throws {
        let home = try podcastHome()
        let reader = try start(home)
        #expect(reader.text.contains("(4/4) Episodes"))
        // Both of newsboat's hidden marks hide: "!" and a tag starting with "!".
        #expect(!reader.text.contains("Quiet Podcasts"))
        #expect(!reader.text.contains("Secret Radio"))
        #expect(reader.lines.contains { $0.contains("Harbour News") })
        // The query feed finds the hidden feeds' articles.
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Radio episode 9"))
        #expect(reader.text.contains("Episode 1") && reader.text.contains("Episode 2") && reader.text.contains("Tech episode 4"))
        #expect(reader.lines[0].hasSuffix("4 unread, 4 total"))
        // A tag starting with "!" is the hidden mark, not a tag of the feed.
        let file = try UrlsFile.load(from: URL(fileURLWithPath: home.urlsPath))
        #expect(file.subscriptions.first { $0.url == home.url("radio") }?.tags == ["audio"])
    }

    // MARK: - §3 feed-list filters

    @Test func aFeedListFilterTestsFeedAttributesAndRefusesAnArticleAttribute() throws {
        let reader = try start(try podcastHome())
        #expect(reader.text.contains("(4/4) Episodes"))
        // An article's attribute is refused in one line, and the list stays as it was.
        reader.press(.character("f"))
        reader.type(#"unread = "yes""#)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Not a feed filter: unread is an article attribute; feeds have feedtitle"))
        #expect(!reader.lines[0].contains("filter:"))
        #expect(reader.lines.contains { $0.contains("Tech Notes") } && reader.lines.contains { $0.contains("Harbour News") })
        reader.press(.character("f"))
        reader.type(#"title =~ "harbour""#)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Not a feed filter: title is an article attribute"))
        // Feed attributes filter the feeds.
        reader.press(.character("f"))
        reader.type(#"feedtitle =~ "harbour" or tags # "local""#)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("(1 of 2)"))
        #expect(reader.lines.contains { $0.contains("Harbour News") })
        #expect(!reader.text.contains("Tech Notes"))
        reader.press(.control("g"))
        reader.press(.character("f"))
        reader.type(#"unread_count between 2:2 and total_count = 2"#)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("(2 of 2)"))
    }

    // MARK: - §5 mark-feed-read in a query feed

    @Test func markFeedReadInAQueryFeedMarksItsArticlesRead() throws {
        let home = try podcastHome()
        let reader = try start(home)
        #expect(reader.text.contains("(4/4) Episodes"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Radio episode 9"))
        // `A` marks what was first seen by the key's time; the store saw the articles at the wall clock's.
        reader.now = Date()
        reader.press(.character("A"))
        #expect(reader.text.contains("Marked 4 articles read"))
        // The rows stay, read (no unread mark).
        reader.settle()
        #expect(reader.lines[0].hasSuffix("0 unread, 4 total"))
        #expect(!reader.lines[1...4].contains { $0.hasPrefix("N") })
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("(0/4) Episodes"))
        #expect(reader.text.contains("(1/2) Tech Notes"))
        // The hidden feeds' articles are read too; the others are left alone.
        let unread = try reader.store.feedList(FeedListFilter()).reduce(0) { $0 + $1.unreadCount }
        #expect(unread == 3)
        let pods = try #require(try reader.store.feedsToFetch().first { $0.url == home.url("pods") })
        #expect(try reader.store.feed(pods.id)?.unreadCount == 0)
    }

    // MARK: - §4 next/previous unread stay in the list

    @Test func nextUnreadInAQueryFeedStaysInTheQueryFeed() throws {
        let reader = try start(try podcastHome())
        #expect(reader.text.contains("(4/4) Episodes"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Radio episode 9"))
        // The first row is "Tech episode 4"; the next unread article of the list is "Episode 1",
        // of a hidden feed, where across feeds it would be Tech Notes' "Kernel release".
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Tech episode 4"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("Title: Episode 1"))
        // Nothing unread above: p goes round from the bottom, as newsboat's does.
        reader.press(.character("p"))
        reader.settle()
        #expect(reader.text.contains("Title: Radio episode 9"))
        // From the list's last row, n goes round to its first unread row.
        reader.press(.character("q"), .end, .character("n"))
        reader.settle()
        #expect(reader.text.contains("Title: Episode 2"))
        // Back lands in the query feed.
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Episodes"))
        #expect(reader.lines[0].hasSuffix("0 unread, 4 total"))
        // With nothing unread left in the list, n goes on across feeds.
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("Title: Harbour festival"))
    }

    @Test func nextUnreadInSearchResultsStaysInTheResults() throws {
        let reader = try start(try podcastHome())
        #expect(reader.text.contains("(4/4) Episodes"))
        reader.press(.character("/"))
        reader.type("unread:yes")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Tech episode 4"))
        // Harbour festival, Ferry delayed, Kernel release, Tech episode 4: open the third.
        reader.press(.down, .down, .enter)
        reader.settle()
        #expect(reader.text.contains("Title: Kernel release"))
        reader.press(.character("p"))
        reader.settle()
        #expect(reader.text.contains("Title: Ferry delayed"))
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Search: unread:yes"))
    }

    // MARK: - §7 newsboat's list formats

    /// newsboat's own default `articlelist-format`.
    static let newsboatArticleFormat = "%4i %f %D %6L  %?T?|%-17T|  ?%t"

    @Test func newsboatsDefaultArticleFormatShowsLengthsAndTheFeedOnlyInListsOfSeveralFeeds() throws {
        let reader = try start(try podcastHome(), config: "articlelist-format \"\(Self.newsboatArticleFormat)\"\n", columns: 100)
        #expect(reader.text.contains("(4/4) Episodes"))
        // A feed's own list: no feed column, the text's size in bytes (newsboat's "NNN ").
        reader.press(.down, .enter)
        reader.settle()
        #expect(reader.lines[1].hasPrefix("   1 N   2025-11-21    32   Harbour festival"), "\(reader.text)")
        #expect(!reader.text.contains("|"))
        // A query feed: the article's feed between bars, padded to 17 columns.
        reader.press(.character("q"), .up, .enter)
        reader.settle()
        #expect(reader.lines[1].hasPrefix("   1 N   2025-11-18    30   |Tech Notes       |  Tech episode 4"), "\(reader.text)")
        #expect(reader.lines[4].contains("|Secret Radio     |  Radio episode 9"))
        // Search results too.
        reader.press(.character("/"))
        reader.type("festival")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("|Harbour News     |  Harbour festival"))
    }

    @Test func queryFeedRowsFollowFeedlistFormat() throws {
        let home = try podcastHome()
        let reader = try start(home, config: #"feedlist-format "%i|%t|%T|%u|%L""#, columns: 160)
        // A query feed's URL is its query line, as in newsboat.
        #expect(reader.lines[1].hasPrefix(#"1|Episodes|audio|(4/4)|query:Episodes:title =~ "episode""#), "\(reader.text)")
        #expect(reader.lines[2].hasPrefix("2|Harbour News|local|(2/2)|\(home.url("news"))"))
        #expect(reader.lines[3].hasPrefix("3|Tech Notes||(2/2)|"))
    }

    // MARK: - §8 query feeds as first-class feeds

    @Test func highlightsColourQueryFeedRows() throws {
        let reader = try start(try podcastHome(), config: """
            highlight feedlist "Episodes" red default
            highlight-feed "tags # \\"audio\\"" yellow default
            """ + "\n")
        // The selection on another row, so that the query feed's row shows its own colours.
        reader.press(.down)
        let frame = reader.frame
        #expect(frame.grid.lines[1].hasPrefix(" N (4/4) Episodes"))
        let red = try ThemeParser.style(from: ["red", "default"])
        let yellow = try ThemeParser.style(from: ["yellow", "default"])
        // highlight-feed colours the whole row; highlight feedlist the title it matches.
        #expect((0..<9).allSatisfy { frame.grid[1, $0].style == yellow })
        #expect((9..<17).allSatisfy { frame.grid[1, $0].style == red })
    }

    @Test func gotoFindsQueryFeeds() throws {
        let reader = try start(try podcastHome())
        #expect(reader.text.contains("(4/4) Episodes"))
        reader.press(.end)
        reader.press(.character(":"))
        reader.type("goto episodes")
        reader.press(.enter)
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Radio episode 9"))
        #expect(reader.lines[0].hasPrefix(" Episodes"))
    }

    @Test func queryFeedsBroughtByTheWelcomeScreenShowAtOnce() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        let newsboatUrls = "\(home.url("news"))\n\"query:Festivals:title =~ \\\"festival\\\"\"\n"
        try home.write(newsboatUrls, to: "newsboat/urls")
        let files = try #require(NewsboatFiles.find(environment: ["HOME": home.path(""), "XDG_CONFIG_HOME": home.path("")]))
        let reader = try home.driver { $0.newsboatFiles = files }
        reader.settle()
        reader.press(.character("i"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Festivals"), "\(reader.text)")
    }
}
