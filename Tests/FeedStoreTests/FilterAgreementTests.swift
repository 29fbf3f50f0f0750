import FeedModel
import FilterLanguage
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// SQLite (`FilterExpression.sql`) and Swift (`FilterExpression.matches`) must give the same
/// answer: the killfile's download mode decides in Swift what display mode hides in SQL.
@Suite struct FilterAgreementTests {
    let a = "https://a.example/feed", b = "https://b.example/feed"
    let now = Sample.date(hours: 24 * 10)

    @Test func sqlAndSwiftAgreeOnEveryOperatorAndAttribute() throws {
        let cache = try TemporaryCache()
        let store = try FeedStore(path: cache.path)
        try store.syncSubscriptions([
            Subscription(url: a, tags: ["news", "long reads"], customTitle: "Custom A"),
            Subscription(url: b),
        ])
        try store.upsert(Feed(format: .rss20, title: "A's own", link: "https://a.example/", subtitle: "About A", items: [
            Item(id: "1", title: "Sponsored: Café deals", link: "https://a.example/1", author: "Ann",
                 published: Sample.date(hours: 0), summary: "<p>buy now</p>",
                 enclosures: [Enclosure(url: "https://a.example/1.mp3", type: "audio/mpeg")]),
            Item(id: "2", title: "Rust 2.0 released", link: "https://a.example/2", published: Sample.date(hours: 24 * 3 + 1),
                 content: "<p>Memory safety</p>"),
            Item(id: "3", title: nil, link: "https://a.example/3", author: "Bob", published: Sample.date(hours: 24 * 9)),
        ]), forFeedURL: a)
        try store.upsert(Feed(format: .atom10, title: "Bee", items: [
            Item(id: "4", title: "東京の天気", author: "ann", published: Sample.date(hours: 24 * 7)),
            Item(id: "5", title: "café (decaf)", updated: Sample.date(hours: 24 * 8 + 5)),
        ]), forFeedURL: b)
        let rows = try store.items(inFeed: try store.feedList()[0].id)
        try store.markItem(rows[0].id, read: true)
        try store.setStarred(true, item: rows[1].id)
        // Tags of the articles' own (a rule's `tag`): one of A's, which has tags of its own, and one of B's.
        for tag in ["picked", "also"] {
            try store.runRule(ArticleRule(expression: try FilterParser.parse(#"guid = "2" or guid = "4""#), source: "", actions: [.tag(tag)]))
        }

        let expressions = [
            #"title = "Rust 2.0 released""#, #"title != "Rust 2.0 released""#, #"title =~ "CAFÉ|rust""#,
            #"title !~ "^s""#, #"title =~ "^RUST 2""#, #"title !~ "^sponsored: ""#, #"title =~ "^""#, #"title # "af""#, #"title !# "af""#, #"title = """#, #"title =~ "\(decaf\)$""#,
            #"author = "Ann""#, #"author =~ "^ann$""#, #"author # "nn""#, #"content =~ "memory""#, #"content # "buy""#,
            #"link =~ "/[12]$""#, #"guid = "3""#, #"unread = "yes""#, #"unread = "no""#, #"flags # "s""#,
            #"flags = """#, #"age = 6"#, #"age < 3"#, #"age > 6"#, #"age <= 2"#, #"age >= 9"#, #"age != 1"#,
            #"age between 1:3"#, #"age =~ "^[0-2]$""#, #"age !~ "9""#, #"enclosure_url =~ "mp3""#,
            #"enclosure_type = "audio/mpeg""#, #"feedtitle = "Custom A""#, #"feedtitle =~ "bee""#,
            #"feedlink # "a.example""#, #"rssurl = "https://b.example/feed""#, #"description = "About A""#,
            #"tags # "long reads""#, #"tags !# "news""#, #"tags = "news long reads""#, #"tags =~ "reads$""#,
            #"tags # "picked""#, #"tags !# "picked""#, #"tags = "news long reads also picked""#, #"tags = "also picked""#, #"tags =~ "^also""#,
            #"unread_count = 2"#, #"total_count > 2"#, #"unread_count between 0:1"#,
            #"(author =~ "ann" or tags # "news") and age > 1"#, #"title =~ "a" and not_an = "x""#,
        ]
        let articles = try storedArticles(store)
        for source in expressions {
            guard let expression = try? FilterParser.parse(source) else {
                #expect(source.contains("not_an"), "\(source) did not parse")
                continue
            }
            let bySQL = Set(try store.items(matching: expression, ItemPageRequest(limit: 100), now: now).map(\.id))
            let bySwift = Set(articles.filter { expression.matches($0.article, now: now) }.map(\.id))
            #expect(bySQL == bySwift, "\(source): SQL \(bySQL.sorted { $0.rawValue < $1.rawValue }) Swift \(bySwift.sorted { $0.rawValue < $1.rawValue })")
        }
        // The cases above are not trivially all or nothing.
        let titles = try store.items(matching: try FilterParser.parse(#"title =~ "CAFÉ|rust""#), now: now).map(\.title)
        #expect(Set(titles) == ["Sponsored: Café deals", "Rust 2.0 released", "café (decaf)"])
        let counts = try store.counts(matching: [try FilterParser.parse(#"author =~ "ann""#), try FilterParser.parse(#"age < 0"#)], now: now)
        #expect(counts == [ItemCounts(unread: 2, total: 2), .zero])
    }

    /// Every stored article as the Swift evaluation sees it.
    private func storedArticles(_ store: FeedStore) throws -> [(id: ItemID, article: FilterArticle)] {
        try store.read { db in
            try Row.fetchAll(db, sql: """
                SELECT item.*, \(FeedStore.displayTitleSQL("feed")) AS feedTitle, feed.link AS feedLink,
                    feed.url AS feedURL, feed.subtitle, feed.tags, feed.unreadCount, feed.totalCount,
                    (SELECT json_group_array(tag) FROM (SELECT tag FROM itemTag WHERE itemId = item.id ORDER BY tag)) AS articleTags
                FROM item JOIN feed ON feed.id = item.feedId WHERE item.isDeleted = 0
                """).map { row in
                let enclosures = FeedStore.decodeJSON([Enclosure].self, from: row["enclosures"], default: [])
                let content: String? = row["content"]
                let article = FilterArticle(
                    title: row["title"], link: row["link"], author: row["author"], content: content ?? row["summary"],
                    guid: row["guid"], isRead: row["isRead"], isStarred: row["isStarred"],
                    date: Date(timeIntervalSince1970: row["sortDate"]), enclosureURL: enclosures.first?.url,
                    enclosureType: enclosures.first?.type, feedTitle: row["feedTitle"], feedLink: row["feedLink"],
                    feedURL: row["feedURL"], feedDescription: row["subtitle"],
                    tags: FeedStore.decodeJSON([String].self, from: row["tags"], default: [])
                        + FeedStore.decodeJSON([String].self, from: row["articleTags"], default: []),
                    unreadCount: row["unreadCount"], totalCount: row["totalCount"])
                return (row["id"], article)
            }
        }
    }
}
