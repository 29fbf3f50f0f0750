import FeedModel
import Foundation
import Testing

@testable import FeedStore

@Suite struct SearchTests {
    let url = "https://a.example/feed"

    private func store(with items: [Item]) throws -> (TemporaryCache, FeedStore) {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.upsert(Sample.feed(items, title: "Searchable"), forFeedURL: url)
        return (cache, store)
    }

    @Test func findsWordsInTitleAuthorAndTextIgnoringCaseDiacriticsAndTags() throws {
        let (_, store) = try store(with: [
            Item(id: "1", title: "Café opening", author: "Zoë Brown", published: Sample.date(hours: 1),
                 summary: "<p>A new <a href=\"https://x.example/\">bakery</a> on Main&nbsp;Street &amp; more</p>"),
            Item(id: "2", title: "Weather", published: Sample.date(hours: 2), content: "<div class=\"rain\">Rain all day</div>"),
        ])
        let titles = { (words: String) in try store.search(words: words).map { $0.title ?? "" } }
        #expect(try titles("cafe") == ["Café opening"])
        #expect(try titles("ZOE") == ["Café opening"])
        #expect(try titles("bakery street") == ["Café opening"])
        #expect(try titles("rain") == ["Weather"])
        #expect(try titles("href").isEmpty)
        #expect(try titles("div").isEmpty)
        #expect(try titles("bakery weather").isEmpty)
        #expect(try store.search(words: "rain").first?.feedTitle == "Searchable")
    }

    @Test func findsJapaneseWordsOfTwoAndThreeCharacters() throws {
        let (_, store) = try store(with: [
            Item(id: "1", title: "東京都の天気", published: Sample.date(hours: 1), summary: "<p>明日は晴れるでしょう。</p>"),
            Item(id: "2", title: "京都の祭り", published: Sample.date(hours: 2), summary: "<p>祇園祭が始まりました</p>"),
            Item(id: "3", title: "English only", published: Sample.date(hours: 3)),
        ])
        let titles = { (words: String) in try store.search(words: words).map { $0.title ?? "" } }
        #expect(try titles("天気") == ["東京都の天気"])
        #expect(try titles("東京都") == ["東京都の天気"])
        #expect(try titles("京都") == ["京都の祭り", "東京都の天気"])
        #expect(try titles("晴れる") == ["東京都の天気"])
        #expect(try titles("祇園祭") == ["京都の祭り"])
        #expect(try titles("都京").isEmpty, "characters must be adjacent and in order")
        #expect(try titles("京都 祭り") == ["京都の祭り"])
    }

    @Test func resultsAreNewestFirstAndPaged() throws {
        let (_, store) = try store(with: (0..<25).map {
            Sample.item("\($0)", hours: Double($0), title: "Harbour news \($0)")
        })
        let first = try store.search(words: "harbour", ItemPageRequest(limit: 10))
        #expect(first.map(\.title) == (15..<25).reversed().map { "Harbour news \($0)" })
        let second = try store.search(words: "harbour", ItemPageRequest(after: first.last?.cursor, limit: 10))
        #expect(second.map(\.title) == (5..<15).reversed().map { "Harbour news \($0)" })
        let byOffset = try store.search(words: "harbour", ItemPageRequest(offset: 20, limit: 10))
        #expect(byOffset.map(\.title) == (0..<5).reversed().map { "Harbour news \($0)" })
        let feedID = try store.feedList()[0].id
        try store.markItem(first[0].id, read: true)
        #expect(try store.search(words: "harbour", inFeed: feedID, ItemPageRequest(unreadOnly: true, limit: 1)).first?.id == first[1].id)
    }

    @Test func userInputNeverBreaksTheQuery() throws {
        let (_, store) = try store(with: [
            Item(id: "1", title: "C++ and \"quotes\" OR NEAR", published: Sample.date(hours: 1)),
        ])
        for input in ["\"", "\"\"\"", "OR", "AND NOT", "NEAR(", "a*", "*", "title:c", "^c", "(", ")", "-",
                      "c++", "\"quotes", "'; DROP TABLE item; --", "{searchTitle}: x", "   ", "", "!!!", "\u{0}"] {
            _ = try store.search(words: input)
        }
        #expect(try store.search(words: "quotes\"").count == 1)
        #expect(try store.search(words: "or").count == 1, "OR is searched as a word, not an operator")
        #expect(SearchQuery.match(forUserWords: "  ") == nil)
        #expect(SearchQuery.match(forUserWords: "!!! ???") == nil)
        #expect(SearchQuery.match(forUserWords: "say \"hi\"") == "\"say\" \"\"\"hi\"\"\"")
        #expect(SearchQuery.match(forUserWords: "東京") == "\" 東  京 \"")
        #expect(SearchQuery.match(forUserWords: "swi", prefixLastWord: true) == "\"swi\"*")
        #expect(try store.search(match: "\"c\" AND \"quotes\"").count == 1)
        #expect(try store.search(match: SearchQuery.match(forUserWords: "quo", prefixLastWord: true)!).count == 1)
        #expect(throws: StoreError.self) { try store.search(match: "AND AND (") }
    }

    @Test func editedAndDroppedItemsLeaveTheIndex() throws {
        let (_, store) = try store(with: [Sample.item("1", hours: 1, title: "Lighthouse keeper")])
        #expect(try store.search(words: "lighthouse").count == 1)
        try store.upsert(Sample.feed([Sample.item("1", hours: 1, title: "Harbour master")]), forFeedURL: url)
        #expect(try store.search(words: "lighthouse").isEmpty)
        #expect(try store.search(words: "harbour").count == 1)
        // A changed date moves the item in the index too.
        try store.upsert(Sample.feed([Sample.item("1", hours: 7, title: "Harbour master")]), forFeedURL: url)
        #expect(try store.search(words: "harbour").first?.date == Sample.date(hours: 7))
        let id = try #require(try store.search(words: "harbour").first?.id)
        try store.deleteItem(id)
        #expect(try store.search(words: "harbour").isEmpty)
        try store.rebuildSearchIndex()
        #expect(try store.search(words: "harbour").isEmpty)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func itemsDatedOutsideTheRankRangeOrUndatedStayFindableAndLeaveTheIndexCleanly() throws {
        // The upsert computes each new row's index key itself (debug builds check it against
        // the stored column); an edit removes the old key, which must be the one indexed.
        let dates: [Date?] = [
            Date(timeIntervalSince1970: -300_000_000.5), nil, Date(timeIntervalSince1970: 9e9),
            Date(timeIntervalSince1970: 1_700_000_000.999),
        ]
        let items = { (word: String) in
            dates.enumerated().map { Item(id: "\($0.offset)", title: "\(word) \($0.offset)", published: $0.element) }
        }
        let (_, store) = try store(with: items("lighthouse"))
        #expect(try store.search(words: "lighthouse").count == 4)
        try store.upsert(Sample.feed(items("harbour")), forFeedURL: url)
        #expect(try store.search(words: "lighthouse").isEmpty)
        #expect(try store.search(words: "harbour").count == 4)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func aReloadsArticleTextIsIndexedAfterItAndTheIndexStaysExact() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        let feed = { (first: String) in
            Sample.feed([
                Sample.item("1", hours: 1, title: first, summary: "<p>Foghorn tonight</p>"),
                Sample.item("2", hours: 2, title: "Harbour", summary: "<p>Spring tides</p>"),
            ])
        }
        try store.upsert(feed("Lighthouse"), forFeedURL: url, indexingBodies: false)
        let titles = { (words: String) in try store.search(words: words).map { $0.title ?? "" } }
        #expect(try titles("lighthouse") == ["Lighthouse"], "titles are indexed as they are stored")
        #expect(try titles("foghorn").isEmpty, "the text waits")
        #expect(try store.articlesAwaitingIndex() == 2)

        // Edited and dropped while waiting: what was indexed (no text) is what is removed, or
        // the old title would still match the new row.
        try store.upsert(feed("Lamp room"), forFeedURL: url, indexingBodies: false)
        #expect(try titles("lighthouse").isEmpty)
        let harbour = try #require(try store.search(words: "harbour").first?.id)
        #expect(try store.deleteItem(harbour))
        #expect(try store.articlesAwaitingIndex() == 1)

        let generation = try store.generation()
        #expect(try store.indexStoredBodies(limit: 5) == 0)
        #expect(try store.generation() > generation, "the last batch tells the screens")
        #expect(try titles("foghorn") == ["Lamp room"])
        #expect(try titles("tides").isEmpty && titles("harbour").isEmpty)
        #expect(try store.articlesAwaitingIndex() == 0)

        // Indexed whole now: an edit and a delete remove the text too.
        try store.upsert(Sample.feed([Sample.item("1", hours: 1, title: "Lamp room", summary: "<p>Calm sea</p>")]), forFeedURL: url)
        #expect(try titles("foghorn").isEmpty && titles("calm") == ["Lamp room"])

        // Waiting articles are indexed by a rebuild too, and by batches of any size.
        try store.upsert(Sample.feed((3...7).map { Sample.item("\($0)", hours: Double($0), summary: "<p>Gale \($0)</p>") }), forFeedURL: url, indexingBodies: false)
        #expect(try store.indexStoredBodies(limit: 2) == 3)
        #expect(try titles("gale").count == 2)
        try store.rebuildSearchIndex()
        #expect(try store.articlesAwaitingIndex() == 0 && titles("gale").count == 5)
        #expect(try store.indexStoredBodies() == 0)
        #expect(try store.integrityProblems().isEmpty)
    }

    @Test func unsubscribedAndHiddenFeedsAreNotSearched() throws {
        let (_, store) = try store(with: [Sample.item("1", hours: 1, title: "Lighthouse")])
        try store.syncSubscriptions([Subscription(url: url, isHidden: true)])
        #expect(try store.search(words: "lighthouse").isEmpty)
        try store.syncSubscriptions([])
        #expect(try store.search(words: "lighthouse").isEmpty)
        try store.syncSubscriptions([Subscription(url: url)])
        #expect(try store.search(words: "lighthouse").count == 1)
    }

    @Test func searchTextSegmentsOnlyUnspacedScripts() {
        #expect(SearchText.segment("plain text") == "plain text")
        #expect(SearchText.segment("Swiftで書く") == "Swift で  書  く ")
        #expect(SearchText.fromHTML("<p>a&lt;b &#x41;&#66;<!-- <x> --></p>") == " a<b AB ")
        #expect(SearchText.fromHTML("5 < 6 &unknown; &") == "5 < 6 &unknown; &")
    }
}
