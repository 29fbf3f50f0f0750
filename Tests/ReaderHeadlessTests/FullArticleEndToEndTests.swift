import Configuration
import FeedFetcher
import FeedStore
import Foundation
import TerminalUI
import ReaderTesting
import TestSupport
import Testing

/// `x` in the whole reader, headless: a feed of teasers whose links point at real article pages
/// (the extractor's fixtures) and at hostile ones, served on loopback.
@MainActor
@Suite(.serialized) struct FullArticleEndToEndTests {
    /// The extractor's test pages.
    nonisolated static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ArticleExtractionTests/Fixtures")

    /// A sentence of the news fixture's article that the feed's teaser does not have.
    nonisolated static let articleSentence = "Councillors in Portwenna voted unanimously"
    /// A word only the news fixture's page has.
    nonisolated static let pageOnlyWord = "Portwenna"
    nonisolated static let teaser = "Read more on our site."

    /// The hostile pages: path → feedserver route.
    nonisolated static func hostileRoutes() -> [String: [String: Any]] { [
        "/huge.html": ["headers": ["Content-Type": "text/html"], "prefix": "<html><body><p>",
                       "body": String(repeating: "word ", count: 200_000), "repeat": 70],
        // Compressed: the announced length says nothing, the cap stops the inflated stream.
        "/huge-gzip.html": ["headers": ["Content-Type": "text/html"], "prefix": "<html><body><p>",
                            "body": String(repeating: "word ", count: 200_000), "repeat": 70, "gzip": true],
        "/binary.bin": ["headers": ["Content-Type": "application/octet-stream"],
                        "body_base64": Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }).base64EncodedString()],
        "/paper.pdf": ["headers": ["Content-Type": "application/pdf"], "body": "%PDF-1.7\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n"],
        "/login.html": ["headers": ["Content-Type": "text/html"], "body": """
            <html><head><title>Sign in</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
            <form action="/login" method="post"><label>Email <input name="email"></label>
            <label>Password <input type="password" name="password"></label><button>Sign in</button></form>
            <p>Subscribers only. <a href="/subscribe">Subscribe</a></p><footer>© Example</footer></body></html>
            """],
        "/loop.html": ["redirect": "/loop.html"],
        "/escapes.html": ["headers": ["Content-Type": "text/html; charset=utf-8"], "body": """
            <html><head><title>Escapes\u{1b}]0;pwned\u{07}</title></head><body><article>
            <p>Terminal escapes in a page: \u{1b}[2J\u{1b}[31mred\u{1b}[0m and \u{9b}31m and &#27;[5m and \u{7f} must reach the screen
            as harmless text, or not at all. This paragraph is long enough, with commas, clauses, and words, to be taken
            for the article that it is, by the extractor's scoring, which wants a hundred and forty characters at least.</p>
            <p>Second paragraph, so that the article has more than one, and ends here.</p></article></body></html>
            """],
        "/trickle.html": ["headers": ["Content-Type": "text/html"], "body": String(repeating: "<p>slow</p>", count: 100), "drip": 0.2, "drip_bytes": 8],
        "/empty.html": ["headers": ["Content-Type": "text/html"], "body": "<!doctype html><html><head><title>Nothing</title></head><body></body></html>"],
    ] }

    /// A home whose feed has one teaser per page in `pages` (title → path on the page server),
    /// the last one the newest (so listed first, and selected when the feed opens).
    final class Home {
        let home: HeadlessHome
        let pages: LoopbackServer
        let feedURL: String

        /// - Parameter delay: seconds the page server waits before each answer.
        init(pages titles: [(title: String, path: String)], delay: Double = 0) throws {
            home = try HeadlessHome()
            let pageDirectory = home.root.appendingPathComponent("pages")
            try FileManager.default.createDirectory(at: pageDirectory, withIntermediateDirectories: true)
            for name in ["news-article.html", "blog-post.html"] {
                try FileManager.default.copyItem(at: FullArticleEndToEndTests.fixtures.appendingPathComponent(name),
                                                 to: pageDirectory.appendingPathComponent(name))
            }
            let pages = try LoopbackServer(routes: FullArticleEndToEndTests.hostileRoutes(), delay: delay,
                                           directory: pageDirectory.path, lifetime: 300)
            self.pages = pages
            let items = titles.enumerated().map { index, page in
                "<item><title>\(page.title)</title><link>\(pages.url(page.path))</link><guid>\(index):\(page.path)</guid>"
                    + "<pubDate>\(10 + index) Nov 2025 10:00:00 GMT</pubDate>"
                    + "<description>&lt;p&gt;\(FullArticleEndToEndTests.teaser)&lt;/p&gt;</description></item>"
            }.joined()
            try home.write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Teasers</title><link>\(pages.url("/"))</link>\(items)</channel></rss>",
                           to: "feeds/teasers.xml")
            feedURL = home.url("teasers")
            try home.subscribe([feedURL])
        }

        deinit { pages.stop() }

        /// The reader on this home with `config` (the full-article options) and short download
        /// limits (`timeout` seconds).
        @MainActor
        func startReader(config: String = "", timeout: Int = 10) throws -> HeadlessReader {
            try home.startReader(rows: 30, columns: 100, config: "connect-timeout 5\ndownload-timeout \(timeout)\n" + config)
        }
    }

    /// Reloads and opens the feed, whose newest article (`title`) is then selected.
    private func selectArticle(_ title: String, in reader: HeadlessReader) async throws {
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor(title))
        #expect(reader.lines[1].contains(title))
    }

    private func fullArticle(of title: String, in store: FeedStore) throws -> String? {
        let feed = try #require(try store.feedList().first)
        let id = try #require(try store.items(inFeed: feed.id).first { $0.title == title }?.id)
        return try store.fullArticle(forItem: id)
    }

    @Test func xShowsTheFullArticleXAgainTheFeedsTextAndSearchFindsThePage() async throws {
        let home = try Home(pages: [("Tuesday sourdough", "/blog-post.html"), ("Flood wall vote", "/news-article.html")])
        let reader = try home.startReader()
        try await selectArticle("Flood wall vote", in: reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Flood wall vote"))
        #expect(reader.text.contains(Self.teaser))

        reader.press(.character("x"))
        #expect(reader.text.contains("Fetching the full article…"))
        // Keys keep working meanwhile.
        reader.press(.character("?"))
        #expect(reader.lines[0].contains("Help"))
        reader.press(.character("q"))
        #expect(await reader.waitFor(Self.articleSentence))
        #expect(reader.text.contains("The full article from its page"))
        #expect(!reader.text.contains(Self.teaser))
        #expect(!reader.text.contains("Subscribe to our newsletter"))

        reader.press(.character("x"))
        #expect(reader.text.contains(Self.teaser))
        #expect(!reader.text.contains(Self.articleSentence))
        reader.press(.character("x"))
        #expect(reader.text.contains(Self.articleSentence))
        #expect(await reader.settle())
        #expect(try fullArticle(of: "Flood wall vote", in: reader.store)?.contains(Self.pageOnlyWord) == true)
        // Fetched as feeds are: the same user agent, compressed transfers accepted.
        let headers = try #require(try home.pages.headers(for: "/news-article.html").first)
        #expect(headers["user-agent"] == FetchOptions.defaultUserAgent)
        #expect(headers["accept-encoding"]?.contains("gzip") == true)
        #expect(headers["accept"]?.hasPrefix("text/html") == true)

        // The page's own words are found by search (`\` searches every article; `/` in the
        // article finds words in it).
        reader.press(.character("\\"))
        reader.type(Self.pageOnlyWord)
        reader.press(.enter)
        #expect(await reader.waitFor("Search: \(Self.pageOnlyWord)"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("Flood wall vote") && $0.contains("Teasers") })
        #expect(!reader.text.contains("Tuesday sourdough"))
        #expect(try reader.store.search(words: Self.pageOnlyWord).count == 1)
    }

    @Test func aCachedFullArticleOpensOfflineAndXShowsItWithoutFetching() async throws {
        let home = try Home(pages: [("Flood wall vote", "/news-article.html")])
        do {
            let reader = try home.startReader()
            try await selectArticle("Flood wall vote", in: reader)
            // From the item list: fetched and saved, the list stays.
            reader.press(.character("x"))
            #expect(await reader.waitFor("Full article saved: x in the article shows it"))
            #expect(await reader.settle())
            #expect(reader.lines[0].contains("Teasers"))
        }
        let requests = try home.pages.requests().filter { $0["path"] as? String == "/news-article.html" }.count
        #expect(requests == 1)
        home.pages.stop()

        // A new reader, the page server gone.
        let reader = try home.startReader()
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Flood wall vote"))
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Flood wall vote"))
        #expect(reader.text.contains(Self.teaser))
        reader.press(.character("x"))
        #expect(reader.text.contains(Self.articleSentence))
        #expect(!reader.text.contains("Fetching"))
        #expect(await reader.settle())
    }

    @Test func aLinkThatIsNoWebAddressIsNotFetched() async throws {
        let home = try Home(pages: [("Local link", "/news-article.html")])
        let feed = try String(contentsOf: home.home.feeds.appendingPathComponent("teasers.xml"), encoding: .utf8)
        try home.home.write(feed.replacingOccurrences(of: home.pages.url("/news-article.html"), with: "file:///etc/passwd"), to: "feeds/teasers.xml")
        let reader = try home.startReader()
        try await selectArticle("Local link", in: reader)
        reader.press(.character("x"))
        #expect(await reader.waitFor("No full article: the article's link is not an http or https address"))
        #expect(await reader.settle())
        #expect(try fullArticle(of: "Local link", in: reader.store) == nil)
    }

    /// Each bad page gives one line, stores nothing, and leaves the feed's text on screen.
    @Test(arguments: [
        ("/huge.html", "No full article: larger than 64 MiB; download stopped"),
        ("/huge-gzip.html", "No full article: larger than 64 MiB; download stopped"),
        ("/binary.bin", "No full article: not an HTML page (binary data)"),
        ("/paper.pdf", "No full article: not an HTML page (a PDF document)"),
        ("/login.html", "No full article: no article found on the page"),
        ("/loop.html", "No full article: more than 10 redirects (a redirect loop?)"),
        ("/empty.html", "No full article: no article found on the page"),
        ("/missing.html", "No full article: HTTP 404 Not Found"),
    ])
    func aBadPageSaysWhyInOneLineAndStoresNothing(path: String, message: String) async throws {
        let home = try Home(pages: [("Bad page", path)])
        let reader = try home.startReader()
        try await selectArticle("Bad page", in: reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Bad page"))
        reader.press(.character("x"))
        #expect(await reader.waitFor(message))
        #expect(reader.lines.last?.trimmingCharacters(in: .whitespaces).hasPrefix(message) == true)
        #expect(reader.text.contains(Self.teaser))
        #expect(await reader.settle())
        #expect(try fullArticle(of: "Bad page", in: reader.store) == nil)
        // x again tries again (nothing was kept), and says the same.
        reader.press(.character("x"))
        #expect(await reader.waitFor(message))
    }

    /// A script standing in for readability-lxml: writes HTML (with a script, which must not
    /// survive) around what it read.
    private func writeScript(_ body: String, in home: Home) throws -> String {
        let path = home.home.path("extract.sh")
        try ExecutableScript.write("#!/bin/sh\n" + body + "\n", to: path)
        return path
    }

    @Test func theFulltextCommandExtractsAndItsOutputIsSanitised() async throws {
        let home = try Home(pages: [("Flood wall vote", "/news-article.html")])
        let script = try writeScript("""
            bytes=$(wc -c)
            printf '<div><h2>From the command</h2><p>It read %s bytes of the page.</p><script>alert(1)</script><p onclick="x()">Clean.</p></div>' "$bytes"
            """, in: home)
        let reader = try home.startReader(config: "fulltext-command \"\(script)\"")
        try await selectArticle("Flood wall vote", in: reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Flood wall vote"))
        reader.press(.character("x"))
        #expect(await reader.waitFor("From the command"))
        let size = try Data(contentsOf: Self.fixtures.appendingPathComponent("news-article.html")).count
        #expect(reader.text.contains("It read \(size) bytes of the page."))
        #expect(await reader.settle())
        let stored = try #require(try fullArticle(of: "Flood wall vote", in: reader.store))
        #expect(!stored.contains("script") && !stored.contains("alert") && !stored.contains("onclick"))
    }

    @Test func aHangingFulltextCommandIsStoppedAtItsTimeout() async throws {
        let home = try Home(pages: [("Flood wall vote", "/news-article.html")])
        let script = try writeScript("exec sleep 60", in: home)
        let reader = try home.startReader(config: "fulltext-command \"\(script)\"\nfulltext-command-timeout 1")
        try await selectArticle("Flood wall vote", in: reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Flood wall vote"))
        reader.press(.character("x"))
        #expect(await reader.waitFor("No full article: fulltext-command did not finish within 1 s; it was stopped"))
        #expect(reader.text.contains(Self.teaser))
        #expect(await reader.settle())
        #expect(try fullArticle(of: "Flood wall vote", in: reader.store) == nil)
    }

    @Test func aFailingFulltextCommandSaysWhy() async throws {
        let home = try Home(pages: [("Flood wall vote", "/news-article.html")])
        let script = try writeScript("cat >/dev/null; echo 'no lxml' >&2; exit 3", in: home)
        let reader = try home.startReader(config: "fulltext-command \"\(script)\"")
        try await selectArticle("Flood wall vote", in: reader)
        reader.press(.character("x"))
        let message = "No full article: fulltext-command: extract.sh exited with status 3: no lxml"
        #expect(await reader.waitFor(message))
        #expect(reader.text.contains(message))
        #expect(await reader.settle())
        #expect(try fullArticle(of: "Flood wall vote", in: reader.store) == nil)
    }

    @Test func alwaysFetchStoresTheNewItemsOfMatchingFeedsAfterAReload() async throws {
        let home = try Home(pages: [("Flood wall vote", "/news-article.html"), ("Tuesday sourdough", "/blog-post.html"),
                                    ("Bad page", "/paper.pdf")])
        let reader = try home.startReader(config: #"always-fetch-full-article "teasers\.xml$""#)
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())
        #expect(try fullArticle(of: "Flood wall vote", in: reader.store)?.contains(Self.pageOnlyWord) == true)
        #expect(try fullArticle(of: "Tuesday sourdough", in: reader.store) != nil)
        #expect(try fullArticle(of: "Bad page", in: reader.store) == nil)
        // The page's words are searchable without anyone pressing x.
        #expect(try reader.store.search(words: Self.pageOnlyWord).count == 1)
        // The feed's articles open on their full article; x shows the feed's text.
        reader.press(.enter)
        #expect(await reader.waitFor("Flood wall vote"))
        reader.press(.character("G"), .enter)
        #expect(await reader.waitFor("Title: Flood wall vote"))
        #expect(await reader.waitFor(Self.articleSentence))
        #expect(!reader.text.contains(Self.teaser))
        reader.press(.character("x"))
        #expect(reader.text.contains(Self.teaser))
        reader.press(.character("q"), .character("q"))

        // A feed the expression does not name gets nothing.
        let other = try Home(pages: [("Flood wall vote", "/news-article.html")])
        let otherReader = try other.startReader(config: #"always-fetch-full-article "^https://elsewhere\.""#)
        #expect(await otherReader.settle())
        otherReader.press(.character("R"))
        #expect(await otherReader.waitFor("Reloaded 1 feed"))
        #expect(await otherReader.settle())
        #expect(try fullArticle(of: "Flood wall vote", in: otherReader.store) == nil)
    }

    @Test func aPageSlowerThanTheDownloadTimeoutIsGivenUpOn() async throws {
        let home = try Home(pages: [("Slow page", "/trickle.html")])
        let reader = try home.startReader(timeout: 1)
        try await selectArticle("Slow page", in: reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Slow page"))
        reader.press(.character("x"))
        #expect(await reader.waitFor("No full article: not downloaded within 1 s"))
        #expect(reader.text.contains(Self.teaser))
        #expect(await reader.settle())
        #expect(try fullArticle(of: "Slow page", in: reader.store) == nil)
    }

    @Test func alwaysFetchFetchesAFewPagesAtATime() async throws {
        let titles = (1...6).map { (title: "Story \($0)", path: $0 % 2 == 0 ? "/news-article.html" : "/blog-post.html") }
        let home = try Home(pages: titles, delay: 0.3)
        let reader = try home.startReader(config: "always-fetch-full-article \"teasers\"")
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        #expect(await reader.settle())
        for title in titles.map(\.title) {
            #expect(try fullArticle(of: title, in: reader.store) != nil, "\(title)")
        }
        let inFlight = try home.pages.maxInFlightByAddress().values.max() ?? 0
        #expect(inFlight >= 1 && inFlight <= FullArticleOptions.alwaysFetchConcurrency)
    }

    @Test func aPageFullOfTerminalEscapesReachesTheScreenAsText() async throws {
        let home = try Home(pages: [("Escapes", "/escapes.html")])
        let reader = try home.startReader()
        try await selectArticle("Escapes", in: reader)
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Escapes"))
        reader.press(.character("x"))
        #expect(await reader.waitFor("Second paragraph"))
        let controls = reader.text.unicodeScalars.filter { $0 != "\n" && $0.properties.generalCategory == .control }
        #expect(controls.isEmpty)
        #expect(await reader.settle())
        let stored = try #require(try fullArticle(of: "Escapes", in: reader.store))
        #expect(!stored.unicodeScalars.contains { $0 == "\u{1b}" || $0 == "\u{9b}" })
    }
}
