import FeedModel
import FeedStore
import TestSupport

/// The homes several test files of ReaderCoreTests and ReaderScreenTests start from: the same
/// feeds for the tests of what a screen draws and of what its keys do.
extension ReaderHome {
    /// Five feeds: one renamed ("My renamed feed", 3 articles), one with a Japanese title (12),
    /// one hidden (1), one whose title holds escape sequences (2), one whose reload failed.
    func writeFeedListFeeds() throws {
        try subscribe([
            #"https://a.example/feed "~My renamed feed""#, "https://b.example/feed", #"https://c.example/feed "!""#,
            "https://d.example/feed", "https://e.example/feed",
        ])
        let cache = try cache()
        try cache.addItems(3, to: "https://a.example/feed", title: "Ignored own title")
        try cache.addItems(12, to: "https://b.example/feed", title: "日本語のニュース🎌")
        try cache.addItems(1, to: "https://c.example/feed", title: "Hidden")
        try cache.addItems(2, to: "https://d.example/feed", title: "Evil\u{1B}[2J title\u{07}")
        try cache.recordFailure(forFeedURL: "https://e.example/feed", reason: "HTTP 404")
    }

    /// The feeds of the feed-editing tests: Alpha (renamed, tagged news, 3 articles "Item N"),
    /// Bravo (tagged news and "long reads", 12 articles "Bravo story N"), a hidden feed tagged
    /// secret, and a feed without articles.
    func writeEditingFeeds() throws {
        try subscribe([
            #"https://a.example/feed news "~Alpha""#, #"https://b.example/feed news "long reads""#,
            #"https://c.example/feed secret "!""#, "https://d.example/feed",
        ])
        let cache = try cache()
        try cache.addItems(3, to: "https://a.example/feed")
        try cache.addItems(12, to: "https://b.example/feed", title: "Bravo", makeTitle: { "Bravo story \($0)" })
        try cache.addItems(1, to: "https://c.example/feed", title: "Hidden")
    }

    static let harbourNews = "https://news.example/feed"
    static let swiftBlog = "https://blog.example/feed"

    /// The search tests' feeds: "Harbour News" with `count` articles ("Harbour item N", newest =
    /// highest N), "Swift on Linux" (a custom title) with "Kernel notes" (about harbour lights,
    /// by Bea, a day before) and "Concurrency" (two days before, no link).
    func writeSearchFeeds(harbourItems count: Int = 3) throws {
        try subscribe([Self.harbourNews, Self.swiftBlog + #" "~Swift on Linux""#])
        let cache = try cache()
        try cache.addItems(count, to: Self.harbourNews, title: "Harbour News") { "Harbour item \($0)" }
        let blogItems = [
            Item(id: "b1", title: "Kernel notes", link: "https://blog.example/1", author: "Bea",
                 published: TestStore.baseDate.addingTimeInterval(-86_400), summary: "<p>harbour lights</p>"),
            Item(id: "b2", title: "Concurrency", link: nil, published: TestStore.baseDate.addingTimeInterval(-2 * 86_400),
                 summary: "<p>Nothing about boats.</p>"),
        ]
        try cache.upsert(Feed(format: .rss20, title: "Blog", items: blogItems), forFeedURL: Self.swiftBlog)
    }

    /// The search tests' feeds (`writeSearchFeeds`), the reader on the feed list in 7 × 64 cells.
    @MainActor
    func searchReader() throws -> ReaderDriver {
        try writeSearchFeeds()
        let reader = try driver(rows: 7, columns: 64)
        reader.settle()
        return reader
    }

    /// "Harbour News" (Ferry delayed, New quay opens, Storm warning: the 20th to the 22nd) and
    /// "Tech Notes" (Kernel release, the 19th), in that order: the layout and mouse tests' feeds.
    func writeHarbourAndTech() throws {
        try writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21), ("Storm warning", 22)])
        try writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try subscribe([url("news"), url("tech")])
    }

    /// The reader with `config`, its feeds reloaded once (`R`), on the feed list.
    @MainActor
    func reloadedDriver(config: String = "", rows: Int = 24, columns: Int = 80) throws -> ReaderDriver {
        let reader = try driver(config: config, rows: rows, columns: columns)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        return reader
    }

    /// A urls file with headings (`"--- NEWS ---"`, a blank one, `~~~~BLOGS~~~~`, one tagged
    /// tech, a hidden one) between four feeds, one of them hidden.
    static let urlsWithHeadings = #"""
        "--- NEWS ---"
        https://a.example/feed news
        " "
        ~~~~BLOGS~~~~
        https://b.example/feed
        https://c.example/feed "!"
        "--- Tech ---" tech
        https://d.example/feed tech
        "never shown" "!"
        """#

    /// ``urlsWithHeadings`` as the urls file, Alpha, Bravo and Delta with 2, 1 and 3 articles.
    func writeFeedsUnderHeadings() throws {
        try write(Self.urlsWithHeadings + "\n", to: "urls")
        let cache = try cache()
        try cache.addItems(2, to: "https://a.example/feed", title: "Alpha")
        try cache.addItems(1, to: "https://b.example/feed", title: "Bravo")
        try cache.addItems(3, to: "https://d.example/feed", title: "Delta")
    }

    /// The reader showing one article: "日本語の記事 — Release" by Ann Author, of the feed
    /// "Example News" (a custom title), linked to https://a.example/posts/1, with `content`;
    /// `prepare` may add to the cache before the reader opens it.
    @MainActor
    func article(content: String, title: String = "日本語の記事 — Release", link: String? = "https://a.example/posts/1",
                 enclosures: [Enclosure] = [], config: String = "", rows: Int = 24, columns: Int = 80,
                 prepare: (FeedStore) throws -> Void = { _ in }) throws -> ReaderDriver {
        try subscribe([#"https://a.example/feed "~Example News""#])
        let item = Item(id: "one", title: title, link: link, author: "Ann Author",
                        published: TestStore.baseDate, content: content, enclosures: enclosures)
        let cache = try cache()
        try cache.upsert(Feed(format: .atom10, title: "Own title", items: [item]), forFeedURL: "https://a.example/feed")
        try prepare(cache)
        let reader = try driver(config: config, rows: rows, columns: columns)
        reader.settle()
        reader.settle(after: .enter)
        reader.settle(after: .enter)
        return reader
    }
}
