import FeedModel
import FilterLanguage
import Foundation
import GRDB
import Testing

@testable import FeedStore

/// The same story once, on a real cache file: which articles of different feeds become one story
/// as they arrive, folded pages and counts of the lists of several feeds, and marks of a story.
@Suite struct StoryTests {
    let alpha = "https://alpha.example/feed", beta = "https://beta.example/feed", gamma = "https://gamma.example/feed"
    let everything = try! FilterParser.parse(#"age >= 0"#)

    private func item(_ guid: String, _ title: String, link: String, hours: Double = 0, summary: String? = nil) -> Item {
        Item(id: guid, title: title, link: link, published: Sample.date(hours: hours), summary: summary ?? "<p>\(title)</p>")
    }

    /// The issue's case: Alpha and Beta carry the same story under links that differ by their
    /// `utm_` parameters (and scheme, `www.`, a trailing slash); Gamma carries other articles.
    private func threeFeeds(_ cache: TemporaryCache) throws -> FeedStore {
        let store = try cache.open(subscribing: [alpha, beta, gamma])
        try store.upsert(Sample.feed([
            item("a1", "The shared story", link: "https://www.news.example/2026/shared/?utm_source=alpha&utm_medium=rss", hours: 2),
            item("a2", "Only in Alpha", link: "https://alpha.example/2", hours: 1),
        ], title: "Alpha"), forFeedURL: alpha)
        try store.upsert(Sample.feed([
            item("b1", "Shared story, as Beta titles it", link: "http://news.example/2026/shared?utm_campaign=beta&fbclid=x#comments", hours: 3),
            item("b2", "Only in Beta", link: "https://beta.example/2", hours: 0),
        ], title: "Beta"), forFeedURL: beta)
        try store.upsert(Sample.feed([
            item("g1", "Gamma's own", link: "https://gamma.example/1", hours: 4),
            item("g2", "Gamma's other", link: "https://gamma.example/2?id=1", hours: 5),
        ], title: "Gamma"), forFeedURL: gamma)
        return store
    }

    private func storyIDs(_ store: FeedStore) throws -> [String: Int64?] {
        let queue = try DatabaseQueue(path: store.path)
        return try queue.read { db in
            Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT key, storyId FROM item").map { ($0["key"] as String, $0["storyId"] as Int64?) })
        }
    }

    @Test func theSameLinkWithOtherTrackingParametersIsOneStoryShownOnceWithItsCount() throws {
        let cache = try TemporaryCache()
        let store = try threeFeeds(cache)
        let stories = try storyIDs(store)
        #expect(stories["a1"]! != nil && stories["a1"]! == stories["b1"]!)
        #expect(["a2", "b2", "g1", "g2"].allSatisfy { stories[$0]! == nil })

        // Not folded: six rows. Folded: five, the shared story once, as its newest copy (Beta's),
        // with +1 and the feed that also carried it.
        #expect(try store.items(matching: everything).count == 6)
        let folded = try store.items(matching: everything, ItemPageRequest(foldsStories: true))
        #expect(folded.compactMap(\.title) == ["Gamma's other", "Gamma's own", "Shared story, as Beta titles it", "Only in Alpha", "Only in Beta"])
        #expect(folded.map(\.storyCopies) == [0, 0, 1, 0, 0])
        #expect(folded[2].storyFeeds == ["Alpha"] && folded[0].storyFeeds.isEmpty)
        // A query that lets only Alpha's copy through shows it, with no copy in the list.
        let alphaOnly = try store.items(matching: try FilterParser.parse(#"feedtitle = "Alpha""#), ItemPageRequest(foldsStories: true))
        #expect(alphaOnly.compactMap(\.title) == ["The shared story", "Only in Alpha"])
        #expect(alphaOnly.map(\.storyCopies) == [0, 0] && alphaOnly[0].storyFeeds == ["Beta"])
        // The counts of the folded query feed are those of its rows.
        #expect(try store.counts(matching: [everything], foldingStories: true) == [ItemCounts(unread: 5, total: 5)])
        #expect(try store.counts(matching: [everything]) == [ItemCounts(unread: 6, total: 6)])
        // A single feed's list folds nothing.
        let betaID = try store.feedList()[1].id
        #expect(try store.items(matching: everything, inFeed: betaID, ItemPageRequest(foldsStories: true)).map(\.storyCopies) == [0, 0])
        // The article view's "also in".
        #expect(try store.storyCopies(of: folded[2].id).map(\.feedTitle) == ["Alpha"])
        #expect(try store.storyCopies(of: folded[0].id).isEmpty)
    }

    @Test func readingAFoldedStoryMarksEveryCopyAndTheCountsStayExact() throws {
        let cache = try TemporaryCache()
        let store = try threeFeeds(cache)
        let shared = try #require(try store.items(matching: everything, ItemPageRequest(foldsStories: true)).first { $0.storyCopies == 1 })
        let changed = try store.markStories(containing: [shared.id], read: true)
        #expect(changed.count == 2)
        #expect(try store.feedList().map(\.unreadCount) == [1, 1, 2])
        #expect(try store.counts(matching: [everything], foldingStories: true) == [ItemCounts(unread: 4, total: 5)])
        #expect(try store.items(matching: everything, ItemPageRequest(unreadOnly: true, foldsStories: true)).count == 4)
        // Marked again: nothing changes. The changed articles marked back: as before.
        #expect(try store.markStories(containing: [shared.id], read: true).isEmpty)
        #expect(try store.markItems(changed, read: false) == 2)
        #expect(try store.feedList().map(\.unreadCount) == [2, 2, 2])
        // An article without copies is marked alone.
        let alone = try #require(try store.items(matching: everything).first { $0.title == "Only in Alpha" })
        #expect(try store.markStories(containing: [alone.id], read: true) == [alone.id])
    }

    @Test func starringStarsOneCopyAndStarredFoldsWhatIsStarredTwice() throws {
        let cache = try TemporaryCache()
        let store = try threeFeeds(cache)
        let copies = try store.items(matching: everything).filter { $0.title?.contains("hared") == true }
        try store.setStarred(true, item: copies[0].id)
        #expect(try store.starredItems(ItemPageRequest(foldsStories: true)).count == 1)
        #expect(try store.starredCounts(foldingStories: true) == ItemCounts(unread: 1, total: 1))
        try store.setStarred(true, item: copies[1].id)
        #expect(try store.starredItems().count == 2)
        let starred = try store.starredItems(ItemPageRequest(foldsStories: true))
        #expect(starred.count == 1 && starred[0].storyCopies == 1)
        #expect(try store.starredCounts(foldingStories: true) == ItemCounts(unread: 1, total: 1))
        #expect(try store.starredCounts() == ItemCounts(unread: 2, total: 2))
    }

    @Test func searchResultsAndNewSinceLastTimeFoldToo() throws {
        let cache = try TemporaryCache()
        let store = try threeFeeds(cache)
        #expect(try store.search(words: "shared").count == 2)
        #expect(try store.search(words: "shared", ItemPageRequest(foldsStories: true)).count == 1)
        #expect(try store.search(try SearchQuery("shared")).count == 2)
        #expect(try store.search(try SearchQuery("shared"), ItemPageRequest(foldsStories: true)).map(\.storyCopies) == [1])
        // Filters only (the rank walk), and filters that let few through (the sort).
        #expect(try store.search(try SearchQuery("unread:yes"), ItemPageRequest(foldsStories: true)).count == 5)
        #expect(try store.search(try SearchQuery("feed:alpha"), ItemPageRequest(foldsStories: true)).count == 2)
        let arrived = try store.items(arrivedAfter: .distantPast, ItemPageRequest(foldsStories: true))
        #expect(arrived.count == 5 && arrived.map(\.storyCopies).reduce(0, +) == 1)
        #expect(try store.arrivedCounts(after: .distantPast, foldingStories: true) == ItemCounts(unread: 5, total: 5))
    }

    @Test func titlesMakeOneStoryWithinFortyEightHoursOnly() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha, beta, gamma])
        try store.upsert(Sample.feed([
            item("a1", "Rust 1.80 is out: what's new", link: "https://alpha.example/1", hours: 0),
            item("a2", "Kernel 7.0 released today", link: "https://alpha.example/2", hours: 0),
            item("a3", "Weekly links", link: "https://alpha.example/3", hours: 0),
        ]), forFeedURL: alpha)
        try store.upsert(Sample.feed([
            // Case and punctuation aside, the same title, 47 hours later: one story.
            item("b1", "RUST 1.80 IS OUT — WHAT’S NEW?", link: "https://beta.example/1", hours: 47),
            // The same title 49 hours later: another story.
            item("b2", "Kernel 7.0 released today!", link: "https://beta.example/2", hours: 49),
            // Too short a title to make a story by itself.
            item("b3", "Weekly Links", link: "https://beta.example/3", hours: 1),
        ]), forFeedURL: beta)
        // Within its own feed, the same title is not another feed's copy.
        try store.upsert(Sample.feed([
            item("g1", "Gamma news of the day", link: "https://gamma.example/1", hours: 0),
            item("g2", "Gamma news of the day", link: "https://gamma.example/2", hours: 1),
        ]), forFeedURL: gamma)
        let stories = try storyIDs(store)
        #expect(stories["a1"]! != nil && stories["a1"]! == stories["b1"]!)
        #expect(["a2", "b2", "a3", "b3", "g1", "g2"].allSatisfy { stories[$0]! == nil })
    }

    @Test func nearDuplicateTextsAreOneStoryWhenAsked() throws {
        let words = (0..<120).map { "word\($0 * 7919 % 1000)" }
        let text = "<p>" + words.joined(separator: " ") + "</p>"
        // The same wire story, re-titled, with its last words cut and one word changed.
        var edited = words.dropLast(3)
        edited[60] = "changed"
        let nearText = "<p>" + edited.joined(separator: " ") + "</p>"
        let otherText = "<p>" + (0..<120).map { "other\($0 * 104729 % 997)" }.joined(separator: " ") + "</p>"
        let feeds = { (store: FeedStore) in
            try store.upsert(Sample.feed([self.item("a1", "Agency: the storm reaches the coast", link: "https://alpha.example/1", summary: text)]),
                             forFeedURL: self.alpha)
            try store.upsert(Sample.feed([
                self.item("b1", "Storm hits coastal towns", link: "https://beta.example/1", hours: 5, summary: nearText),
                self.item("b2", "Something else entirely", link: "https://beta.example/2", hours: 5, summary: otherText),
            ]), forFeedURL: self.beta)
        }
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha, beta])
        store.useNearDuplicates(true)
        try feeds(store)
        let stories = try storyIDs(store)
        let hashes = [text, nearText, otherText].map { SimilarityHash.of(html: $0)! }
        #expect(SimilarityHash.areNear(hashes[0], hashes[1]) && !SimilarityHash.areNear(hashes[0], hashes[2]))
        #expect(stories["a1"]! != nil && stories["a1"]! == stories["b1"]!)
        #expect(stories["b2"]! == nil)
        // Off (the default), the texts are not compared.
        let plainCache = try TemporaryCache()
        let plain = try plainCache.open(subscribing: [alpha, beta])
        try feeds(plain)
        #expect(try storyIDs(plain).values.allSatisfy { $0 == nil })
    }

    @Test func foldedPagesHoldEveryStoryOnceAcrossPages() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha, beta, gamma])
        // 30 stories; every third carried by all three feeds, every other by two, dates spread.
        for (feedIndex, url) in [alpha, beta, gamma].enumerated() {
            let items = (0..<30).compactMap { story -> Item? in
                let carriers = story % 3 == 0 ? 3 : story % 2 == 0 ? 2 : 1
                guard feedIndex < carriers else { return nil }
                return item("\(feedIndex)-\(story)", "Story number \(story) of the day", link: "https://news.example/\(story)?utm_source=\(feedIndex)",
                            hours: Double(story) + Double(feedIndex) / 10)
            }
            try store.upsert(Sample.feed(items), forFeedURL: url)
        }
        #expect(try store.items(matching: everything, ItemPageRequest(limit: 1000)).count == 10 * 3 + 10 * 2 + 10)
        for pageSize in [1, 4, 7] {
            var seen: [String] = []
            var copies = 0
            var request = ItemPageRequest(limit: pageSize, foldsStories: true)
            while true {
                let page = try store.items(matching: everything, request)
                guard let last = page.last else { break }
                seen += page.compactMap(\.title)
                copies += page.map(\.storyCopies).reduce(0, +)
                request.after = last.cursor
            }
            #expect(seen == (0..<30).reversed().map { "Story number \($0) of the day" })
            #expect(copies == 10 * 2 + 10)
        }
        #expect(try store.counts(matching: [everything], foldingStories: true) == [ItemCounts(unread: 30, total: 30)])
    }

    @Test func anOlderCacheGetsItsStoriesWhenUpgraded() throws {
        let cache = try TemporaryCache()
        do {
            let pool = try DatabasePool(path: cache.path)
            try StoreSchema.migrator.migrate(pool, upTo: "v11: article flags")
            try pool.write { db in
                try db.execute(sql: """
                    INSERT INTO feed (id, url) VALUES (1, 'https://alpha.example/feed'), (2, 'https://beta.example/feed');
                    INSERT INTO item (feedId, key, title, link, firstSeenAt, lastSeenAt, sortDate) VALUES
                        (1, 'a', 'Alpha''s copy of it', 'https://news.example/x?utm_source=a', 1, 1, 1),
                        (2, 'b', 'Beta''s copy of it', 'https://www.news.example/x/', 2, 2, 2),
                        (2, 'c', 'Something else here', 'https://news.example/y', 2, 2, 2);
                    """)
            }
        }
        let store = try FeedStore(path: cache.path)
        let stories = try storyIDs(store)
        #expect(stories["a"]! == 1 && stories["b"]! == 1 && stories["c"]! == nil)
    }

    /// The indexes find near-duplicates by their bands: any two fingerprints near enough to be
    /// one story share one, whichever bits differ (checked against the whole comparison).
    @Test func nearFingerprintsAlwaysShareABand() {
        // The worst cases: as many bits as may differ, each in a band of its own.
        let bands = Array(SimilarityHash.bands)
        for spared in bands {
            let flipped = bands.filter { $0 != spared }.prefix(SimilarityHash.maximumDistance)
            let second = flipped.reduce(Int64(0)) { $0 ^ (1 << Int64(8 * $1)) }
            #expect(SimilarityHash.areNear(0, second))
            #expect(bands.contains { SimilarityHash.band($0, of: 0) == SimilarityHash.band($0, of: second) }, "\(flipped)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let first = Int64(bitPattern: generator.next())
            var second = first
            for _ in 0..<Int.random(in: 0...SimilarityHash.maximumDistance, using: &generator) {
                second ^= 1 << Int64.random(in: 0..<64, using: &generator)
            }
            #expect(SimilarityHash.areNear(first, second))
            #expect(SimilarityHash.bands.contains { SimilarityHash.band($0, of: first) == SimilarityHash.band($0, of: second) })
        }
    }
}
