import FeedModel
import FilterLanguage
import Foundation
import Testing

@testable import FeedStore

/// Rules on arrival on a real cache file: each action, in the order written, once per article
/// (reloads and syncs alike), effects left for whoever reloaded and taken once, and a dry run
/// that changes nothing.
@Suite struct RuleTests {
    let alpha = "https://alpha.example/feed", beta = "https://beta.example/feed"

    private func rule(_ source: String, _ actions: ArticleRule.Action...) throws -> ArticleRule {
        ArticleRule(expression: try FilterParser.parse(source), source: source, actions: actions)
    }

    /// Four articles: two sponsored, two not.
    private func items(_ prefix: String, count: Int = 4) -> [Item] {
        (0..<count).map { index in
            Sample.item("\(prefix)\(index)", hours: Double(index), title: index.isMultiple(of: 2) ? "Sponsored: \(prefix)\(index)" : "Story \(prefix)\(index)")
        }
    }

    private func row(_ store: FeedStore, _ title: String) throws -> ItemRow {
        try #require(try store.items(matching: try FilterParser.parse("title = \"\(title)\"")).first)
    }

    @Test func eachActionOnTheArticleIsCarriedOutAsItArrives() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha, beta])
        store.useRules([
            try rule(#"title =~ "Sponsored""#, .markRead),
            try rule(#"title = "Story a1""#, .star),
            try rule(#"feedtitle = "Alpha""#, .tag("alpha-news"), .tag("mine")),
            try rule(#"title = "Story a3""#, .hide),
        ])
        let newCount = try store.upsert(Sample.feed(items("a"), title: "Alpha"), forFeedURL: alpha)
        try store.upsert(Sample.feed(items("b"), title: "Beta"), forFeedURL: beta)

        // The hidden one is not new; the sponsored ones are, though read.
        #expect(newCount == 3)
        #expect(try row(store, "Sponsored: a0").isRead && (try row(store, "Sponsored: b2")).isRead)
        #expect(try !row(store, "Story a1").isRead)
        #expect(try row(store, "Story a1").isStarred && !(try row(store, "Story b1")).isStarred)
        #expect(try store.items(matching: try FilterParser.parse(#"title = "Story a3""#)).isEmpty)
        // The feed's counts follow: a hidden article is not counted, read ones are not unread.
        let feeds = try store.feedList()
        #expect(feeds.map(\.totalCount) == [3, 4])
        #expect(feeds.map(\.unreadCount) == [1, 2])
        // `tags #` finds the articles a rule tagged, as it finds a feed's tags, in a query and in a
        // filter of one feed, and the rows carry their tags.
        let tagged = try store.items(matching: try FilterParser.parse(#"tags # "alpha-news""#))
        #expect(Set(tagged.compactMap(\.title)) == ["Sponsored: a0", "Story a1", "Sponsored: a2"])
        #expect(tagged.allSatisfy { Set($0.tags) == ["alpha-news", "mine"] })
        #expect(try store.items(matching: try FilterParser.parse(#"tags !# "alpha-news""#)).count == 4)
        #expect(try store.itemCount(matching: try FilterParser.parse(#"tags # "mine""#), inFeed: feeds[0].id) == 3)
        #expect(try store.counts(matching: [try FilterParser.parse(#"tags # "alpha-news""#)]) == [ItemCounts(unread: 1, total: 3)])
        #expect(try store.items(matching: try FilterParser.parse(#"tags =~ "^alpha-news mine$|^mine alpha-news$""#)).count == 3)
        // The killfile, applied again, does not show what a rule hid.
        #expect(try store.applyKillfile(.empty) == (0, 0))
        #expect(try store.feedList().map(\.totalCount) == [3, 4])
    }

    @Test func rulesActInTheOrderWrittenEachSeeingWhatTheOnesBeforeDid() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha])
        store.useRules([
            try rule(#"title =~ "Sponsored""#, .tag("ads")),
            try rule(#"tags # "ads""#, .star),
            try rule(#"unread = "yes""#, .markRead),
            // After the rule above, nothing is unread: this one matches nothing.
            try rule(#"unread = "yes""#, .tag("never")),
        ])
        try store.upsert(Sample.feed(items("a")), forFeedURL: alpha)
        let rows = try store.items(inFeed: try store.feedList()[0].id)
        #expect(rows.filter(\.isStarred).compactMap(\.title).sorted() == ["Sponsored: a0", "Sponsored: a2"])
        #expect(rows.allSatisfy { $0.isRead })
        #expect(try store.items(matching: try FilterParser.parse(#"tags # "never""#)).isEmpty)
    }

    @Test func aRuleNeverRunsTwiceForOneArticle() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha])
        store.useRules([try rule(#"title =~ "Sponsored""#, .markRead, .star, .notify)])
        try store.upsert(Sample.feed(items("a")), forFeedURL: alpha, at: Sample.date(hours: 10))
        #expect(try store.takeRuleEffects().count == 2)
        // The reader undoes what the rule did; the next reload of the same feed leaves it so.
        let sponsored = try row(store, "Sponsored: a0")
        try store.markItem(sponsored.id, read: false)
        try store.setStarred(false, item: sponsored.id)
        #expect(try store.upsert(Sample.feed(items("a", count: 5)), forFeedURL: alpha, at: Sample.date(hours: 11)) == 1)
        #expect(try !row(store, "Sponsored: a0").isRead && !(try row(store, "Sponsored: a0")).isStarred)
        // The article that is new this time meets the rule once: a4 is sponsored.
        #expect(try row(store, "Sponsored: a4").isRead)
        #expect(try store.takeRuleEffects().map(\.title) == ["Sponsored: a4"])
        // Stored again at the very same time: still known, still no rule.
        try store.upsert(Sample.feed(items("a", count: 5)), forFeedURL: alpha, at: Sample.date(hours: 11))
        #expect(try store.takeRuleEffects().isEmpty)
        #expect(try !row(store, "Sponsored: a0").isRead)
    }

    @Test func effectsWaitForWhoeverReloadedAndAreTakenOnce() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha])
        store.useRules([
            try rule(#"title = "Story a1""#, .notify, .fullText),
            try rule(#"title = "Story a3""#, .enqueue, .run(["echo", "%t|%u|%f|%a", "100%%", "%x"])),
        ])
        var episode = Sample.item("a3", hours: 3, title: "Story a3")
        episode.author = "Ann"
        episode.enclosures = [Enclosure(url: "https://alpha.example/a3.mp3", type: "audio/mpeg")]
        try store.upsert(Sample.feed(Array(items("a").prefix(3)) + [episode], title: "Alpha"), forFeedURL: alpha)

        let effects = try store.takeRuleEffects()
        try #require(effects.map(\.action) == [.notify, .fullText, .enqueue, .run(["echo", "%t|%u|%f|%a", "100%%", "%x"])])
        #expect(effects.map(\.title) == ["Story a1", "Story a1", "Story a3", "Story a3"])
        #expect(effects[2].enclosure == Enclosure(url: "https://alpha.example/a3.mp3", type: "audio/mpeg"))
        #expect(effects[0].feedTitle == "Alpha" && effects[0].link == "https://example.org/a1")
        // Each word one argument, the article's fields in place.
        #expect(effects[3].commandArguments == ["echo", "Story a3|https://example.org/a3|Alpha|Ann", "100%", "%x"])
        #expect(effects[0].commandArguments == nil)
        // Taken: gone. Another process (or the reader) finds none.
        #expect(try store.takeRuleEffects().isEmpty)
        #expect(try FeedStore(path: cache.path).takeRuleEffects().isEmpty)
    }

    @Test func theEffectsOfAnArticleDeletedMeanwhileAreDroppedThoseOfOneARuleHidKept() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha])
        store.useRules([try rule(#"title =~ "Story""#, .notify), try rule(#"title =~ "Sponsored""#, .hide, .notify)])
        try store.upsert(Sample.feed(items("a")), forFeedURL: alpha)
        try store.deleteArticle(try row(store, "Story a1").id)
        let titles = try store.takeRuleEffects().map(\.title)
        // In the order they arrived: a feed lists its newest first, and is stored oldest first.
        #expect(titles == ["Story a3", "Sponsored: a2", "Sponsored: a0"])
    }

    @Test func aSyncRunsTheRulesOnTheArticlesItBringsAndSendsTheirMarks() throws {
        let cache = try TemporaryCache()
        let store = try cache.open()
        let account = "fever https://rss.example.org/fever/ me@example.org"
        let feeds = [SyncedFeed(id: 10, title: "Alpha", url: alpha)]
        func article(_ id: Int64, _ title: String) -> SyncedArticle {
            SyncedArticle(id: id, feedID: 10, title: title, html: "<p>Body</p>", url: "https://alpha.example/\(id)", isRead: false,
                          published: Sample.date(hours: Double(id)))
        }
        store.useRules([try rule(#"title =~ "Sponsored""#, .markRead, .tag("ads"))])
        // The server says all three are unread: the rule's mark wins, and is queued for it.
        let outcome = try store.applySync(SyncBatch(
            account: account, feeds: feeds, articles: [article(1, "Sponsored one"), article(2, "Plain"), article(3, "Sponsored two")],
            states: SyncedArticleStates(unreadIDs: [1, 2, 3]), sentThrough: 0, fetchedAt: Sample.date(hours: 5)))
        #expect(outcome.newArticles == 3)
        #expect(try row(store, "Sponsored one").isRead && (try row(store, "Sponsored two")).isRead)
        #expect(try !row(store, "Plain").isRead)
        #expect(try store.queuedSyncChanges(account: account).changes == [.read(1), .read(3)])
        #expect(try store.items(matching: try FilterParser.parse(#"tags # "ads""#)).count == 2)
        // A later sync that still says unread (the marks not sent yet) changes nothing, and the
        // rules do not run again on what it sends again.
        try store.applySync(SyncBatch(
            account: account, feeds: feeds, articles: [article(1, "Sponsored one")],
            states: SyncedArticleStates(unreadIDs: [1, 2, 3]), sentThrough: 0, fetchedAt: Sample.date(hours: 6)))
        #expect(try store.queuedSyncChanges(account: account).changes == [.read(1), .read(3)])
    }

    @Test func theDryRunCountsWhatEachRuleMatchesAndChangesNothing() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha, beta])
        try store.upsert(Sample.feed(items("a"), title: "Alpha"), forFeedURL: alpha)
        try store.upsert(Sample.feed(items("b"), title: "Beta"), forFeedURL: beta)
        let rules = [
            try rule(#"title =~ "Sponsored""#, .markRead, .hide, .notify),
            try rule(#"feedtitle = "Alpha""#, .tag("alpha-news")),
            try rule(#"title = "nothing""#, .star),
        ]
        let generation = try store.generation()
        let matches = try store.ruleMatches(rules, titles: 2)
        #expect(matches.map(\.count) == [4, 4, 0])
        #expect(matches[0].titles == ["Sponsored: a2", "Sponsored: b2"] || matches[0].titles == ["Sponsored: b2", "Sponsored: a2"])
        #expect(matches[1].titles == ["Story a3", "Sponsored: a2"])
        #expect(matches[2].titles.isEmpty)
        #expect(try store.generation() == generation)
        #expect(try store.feedList().map(\.unreadCount) == [4, 4])
        #expect(try store.takeRuleEffects().isEmpty)
    }

    @Test func aRuleRunOnTheCacheIsUndone() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [alpha])
        try store.upsert(Sample.feed(items("a")), forFeedURL: alpha)
        try store.markItem(try row(store, "Sponsored: a0").id, read: true)
        let run = try store.runRule(try rule(#"title =~ "Sponsored""#, .markRead, .star, .tag("ads"), .notify))
        // a0 was read already: the rule did not change that.
        #expect(run.changes.markedRead.count == 1 && run.changes.starred.count == 2 && run.changes.tagged.count == 2)
        #expect(run.effects.map(\.action) == [.notify, .notify])
        #expect(try store.takeRuleEffects().isEmpty)
        #expect(try store.feedList()[0].unreadCount == 2)
        #expect(try store.undo(run.changes) == 5)
        let rows = try store.items(inFeed: try store.feedList()[0].id)
        #expect(rows.filter(\.isRead).compactMap(\.title) == ["Sponsored: a0"])
        #expect(!rows.contains { $0.isStarred } && rows.allSatisfy { $0.tags.isEmpty })
    }
}
