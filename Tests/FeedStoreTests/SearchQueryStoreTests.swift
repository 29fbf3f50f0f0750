import FeedModel
import Foundation
import Testing

@testable import FeedStore

/// `FeedStore.search(_: SearchQuery)` against a real SQLite cache: each piece of the syntax,
/// then combinations, paging and hostile input.
@Suite struct SearchQueryStoreTests {
    static let lwn = "https://lwn.example/rss"
    static let swift = "https://swift.example/feed"
    static let german = "https://blog.example/de.xml"
    static let hidden = "https://hidden.example/feed"

    /// Four feeds (one hidden), newest item `c1`, oldest `a1`:
    ///
    /// | item | hours | feed | title / text |
    /// |---|---|---|---|
    /// | c1 | 6 | Überblick (Deutsch) | Kernel … |
    /// | a2 | 5 | LWN.net (linux, news) | Kernel release … systemd |
    /// | b2 | 4 | Swift on Linux (swift, linux) | Async kernel of truth |
    /// | a3 | 3 | LWN.net | Weekly edition |
    /// | b1 | 2 | Swift on Linux | … memory safety without rust |
    /// | a1 | 1 | LWN.net | Kernel memory safety work … rust |
    final class Fixture {
        let cache: TemporaryCache
        let store: FeedStore

        init() throws {
            cache = try TemporaryCache()
            store = try cache.open()
            try store.syncSubscriptions([
                Subscription(url: SearchQueryStoreTests.lwn, tags: ["linux", "news"]),
                Subscription(url: SearchQueryStoreTests.swift, tags: ["swift", "Linux"], customTitle: "Swift on Linux"),
                Subscription(url: SearchQueryStoreTests.german, tags: ["Deutsch"]),
                Subscription(url: SearchQueryStoreTests.hidden, tags: ["linux"], isHidden: true),
            ])
            try store.upsert(Sample.feed([
                Sample.item("a1", hours: 1, title: "Kernel memory safety work", summary: "<p>The kernel gets memory safety from rust.</p>"),
                Sample.item("a2", hours: 5, title: "Kernel release", summary: "<p>A new kernel with systemd changes.</p>"),
                Sample.item("a3", hours: 3, title: "Weekly edition", summary: "<p>Security updates.</p>"),
            ], title: "LWN.net"), forFeedURL: SearchQueryStoreTests.lwn)
            try store.upsert(Sample.feed([
                Sample.item("b1", hours: 2, title: "Swift 6 on Linux", summary: "<p>Swift: memory safety without rust.</p>"),
                Sample.item("b2", hours: 4, title: "Async kernel of truth", summary: "<p>Concurrency.</p>"),
            ], title: "Swift blog"), forFeedURL: SearchQueryStoreTests.swift)
            try store.upsert(Sample.feed([
                Sample.item("c1", hours: 6, title: "Überblick Kernel", summary: "<p>Ein Text über den Kernel.</p>"),
            ], title: "Überblick"), forFeedURL: SearchQueryStoreTests.german)
            try store.upsert(Sample.feed([
                Sample.item("d1", hours: 7, title: "Kernel in a hidden feed"),
            ], title: "Hidden"), forFeedURL: SearchQueryStoreTests.hidden)
        }

        /// The guids of the results of `text`, newest first.
        func found(_ text: String, _ request: ItemPageRequest = ItemPageRequest()) throws -> [String] {
            try store.search(SearchQuery(text), request).map { row in
                try #require(try store.item(row.id)).item.id ?? ""
            }
        }

        func itemID(_ guid: String) throws -> ItemID {
            let rows = try store.search(SearchQuery("unread:yes")) + store.search(SearchQuery("unread:no"))
            for row in rows where try store.item(row.id)?.item.id == guid { return row.id }
            throw StoreError.unknownFeed(url: guid)
        }
    }

    @Test func everyWordMustMatchNewestFirst() throws {
        let fixture = try Fixture()
        #expect(try fixture.found("kernel") == ["c1", "a2", "b2", "a1"])
        #expect(try fixture.found("KERNEL memory") == ["a1"])
        #expect(try fixture.found("kernel nowhere").isEmpty)
        #expect(try fixture.found("uber") == ["c1"], "diacritics are ignored")
    }

    @Test func exactPhrase() throws {
        let fixture = try Fixture()
        #expect(try fixture.found(#""memory safety""#) == ["b1", "a1"])
        #expect(try fixture.found(#""safety memory""#).isEmpty)
        #expect(try fixture.found(#""memory safety" swift"#) == ["b1"])
    }

    @Test func excludedWordsAndPhrases() throws {
        let fixture = try Fixture()
        #expect(try fixture.found("kernel -rust") == ["c1", "a2", "b2"])
        #expect(try fixture.found("kernel -rust -systemd") == ["c1", "b2"])
        #expect(try fixture.found(#"kernel -"memory safety""#) == ["c1", "a2", "b2"])
        #expect(try fixture.found(#"kernel -"safety memory""#) == ["c1", "a2", "b2", "a1"])
    }

    @Test func feedByTitleUrlOrCustomTitleIgnoringCaseAndAccents() throws {
        let fixture = try Fixture()
        #expect(try fixture.found("feed:lwn") == ["a2", "a3", "a1"], "a part of the title, any case")
        #expect(try fixture.found(#"feed:"Swift on Linux""#) == ["b2", "b1"], "the custom title")
        #expect(try fixture.found(#"feed:"swift on""#) == ["b2", "b1"])
        #expect(try fixture.found("feed:swift.example") == ["b2", "b1"], "the URL")
        #expect(try fixture.found("feed:uberblick") == ["c1"])
        #expect(try fixture.found("feed:ÜBERBLICK kernel") == ["c1"])
        #expect(try fixture.found("feed:blog").isEmpty == false)
        #expect(try fixture.found("feed:lwn feed:überblick") == ["c1", "a2", "a3", "a1"], "any of the feeds named")
        #expect(try fixture.found("feed:nosuchfeed").isEmpty)
        #expect(try fixture.found("feed:hidden").isEmpty, "hidden feeds are never searched")
    }

    @Test func tagIsTheWholeTagIgnoringCase() throws {
        let fixture = try Fixture()
        #expect(try fixture.found("tag:linux") == ["a2", "b2", "a3", "b1", "a1"])
        #expect(try fixture.found("tag:LINUX kernel") == ["a2", "b2", "a1"])
        #expect(try fixture.found("tag:linux tag:swift") == ["b2", "b1"], "every tag named")
        #expect(try fixture.found("tag:lin").isEmpty)
        #expect(try fixture.found(#"tag:"deutsch""#) == ["c1"])
    }

    @Test func unreadYesAndNo() throws {
        let fixture = try Fixture()
        try fixture.store.markItem(fixture.itemID("a2"), read: true)
        try fixture.store.markItem(fixture.itemID("c1"), read: true)
        #expect(try fixture.found("kernel unread:yes") == ["b2", "a1"])
        #expect(try fixture.found("kernel unread:no") == ["c1", "a2"])
        #expect(try fixture.found("unread:no") == ["c1", "a2"])
        #expect(try fixture.found("kernel", ItemPageRequest(unreadOnly: true)) == ["b2", "a1"])
    }

    @Test func combinations() throws {
        let fixture = try Fixture()
        try fixture.store.markItem(fixture.itemID("b2"), read: true)
        #expect(try fixture.found("kernel -rust tag:linux unread:yes") == ["a2"])
        #expect(try fixture.found(#""memory safety" -swift feed:lwn"#) == ["a1"])
        #expect(try fixture.found("tag:linux -kernel") == ["a3", "b1"], "exclusions narrow a query of filters")
        #expect(try fixture.found("tag:linux unread:yes") == ["a2", "a3", "b1", "a1"])
        #expect(try fixture.found("feed:swift tag:news").isEmpty, "no feed is both")
    }

    @Test func japaneseAndPlainWordSearchStillWork() throws {
        let fixture = try Fixture()
        try fixture.store.upsert(Sample.feed([
            Item(id: "j1", title: "東京都の天気", published: Sample.date(hours: 8), summary: "<p>明日は晴れ</p>"),
        ], title: "Überblick"), forFeedURL: Self.german)
        #expect(try fixture.found("天気") == ["j1"])
        #expect(try fixture.found("東京都 feed:uberblick") == ["j1"])
        #expect(try fixture.found("京都 -晴れ").isEmpty)
        #expect(try fixture.store.search(words: "kernel").count == 4)
    }

    @Test func pagesFollowEachOtherInBothPaths() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://big.example/feed"])
        try store.upsert(Sample.feed((0..<25).map {
            Sample.item("\($0)", hours: Double($0), title: "Harbour news \($0)")
        }, title: "Big"), forFeedURL: "https://big.example/feed")
        for text in ["harbour", "feed:big", "feed:big -lighthouse"] {
            let query = try SearchQuery(text)
            var titles: [String] = []
            var after: ItemCursor?
            while true {
                let page = try store.search(query, ItemPageRequest(after: after, limit: 10))
                titles += page.compactMap(\.title)
                guard page.count == 10, let last = page.last else { break }
                after = last.cursor
            }
            #expect(titles == (0..<25).reversed().map { "Harbour news \($0)" }, "\(text)")
        }
    }

    /// A query is listed by walking an index when its feeds hold many of the items, by checking
    /// and sorting its candidates when they hold few: the same rows either way.
    @Test func filtersListTheSameRowsWhicheverWayIsCheaper() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: ["https://big.example/feed", "https://small.example/feed"])
        try store.upsert(Sample.feed((0..<40).map { Sample.item("big\($0)", hours: Double($0) * 2) }, title: "Big"),
                         forFeedURL: "https://big.example/feed")
        try store.upsert(Sample.feed((0..<3).map { Sample.item("small\($0)", hours: Double($0) * 2 + 1) }, title: "Small"),
                         forFeedURL: "https://small.example/feed")
        let scope = { (text: String) in try store.read { db in try SearchScope.read(db, for: SearchQuery(text), unread: nil) } }
        #expect(try scope("feed:big").prefersRankWalk(pageSize: 5))
        #expect(try !scope("feed:small").prefersRankWalk(pageSize: 5))
        #expect(try scope("feed:small").candidateCount == 3 && scope("feed:small").itemCount == 43)

        #expect(try scope("title feed:big").prefersRankWalk(pageSize: 5))
        #expect(try !scope("title feed:small").prefersRankWalk(pageSize: 5))
        for (text, prefix, count) in [("feed:big", "Title big", 40), ("feed:small", "Title small", 3),
                                      ("title feed:big", "Title big", 40), ("title feed:small", "Title small", 3),
                                      ("summary -small3 feed:small", "Title small", 3)] {
            var titles: [String] = []
            var after: ItemCursor?
            while true {
                let page = try store.search(SearchQuery(text), ItemPageRequest(after: after, limit: 5))
                titles += page.compactMap(\.title)
                guard page.count == 5, let last = page.last else { break }
                after = last.cursor
            }
            #expect(titles == (0..<count).reversed().map { "\(prefix)\($0)" }, "\(text)")
        }
        #expect(try store.search(SearchQuery("title -big39 feed:big"), ItemPageRequest(limit: 5)).first?.title == "Title big38")
        #expect(try store.search(SearchQuery("title -small2 feed:small"), ItemPageRequest(limit: 5)).first?.title == "Title small1")
        let unread = try store.read { db in try SearchScope.read(db, for: SearchQuery("unread:yes"), unread: true) }
        #expect(unread.feedIDs == nil && unread.candidateCount == 43)
    }

    @Test func hostileInputNeverReachesFtsAsSyntax() throws {
        let fixture = try Fixture()
        let hostile = [
            #"kernel""#, #"" OR ""#, "NEAR(kernel rust, 1)", "kernel*", "^kernel", "searchTitle:kernel", "{searchBody}: x",
            "a AND OR NOT b", "kernel)", "(kernel", "-kernel kernel", "'; DROP TABLE item; --", "\u{0}kernel", "kernel\u{1B}[2J",
            #"feed:"a"b"c tag:"#, "tag:\u{0}", "unread:yes\"", "\"\"\"\"\"", "-\"\"",
        ]
        for text in hostile {
            guard let query = try? SearchQuery(text) else { continue }
            _ = try fixture.store.search(query)
        }
        #expect(try fixture.found("'; DROP TABLE item; --").isEmpty)
        #expect(try fixture.found("kernel").count == 4)
    }

    @Test func itemRowsShowTheStateAsItIsNow() throws {
        let fixture = try Fixture()
        let a1 = try fixture.itemID("a1")
        let b1 = try fixture.itemID("b1")
        try fixture.store.markItem(a1, read: true)
        _ = try fixture.store.setStarred(true, item: b1)
        let rows = try fixture.store.itemRows([a1, b1, ItemID(rawValue: 999_999)])
        #expect(rows.count == 2)
        #expect(rows.first { $0.id == a1 }?.isRead == true)
        #expect(rows.first { $0.id == b1 }?.isStarred == true)
        #expect(try fixture.store.itemRows([]).isEmpty)
    }
}
