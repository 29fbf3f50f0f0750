import FeedModel
import Foundation
import Testing

@testable import FeedStore

/// Issue 41 in the store: what each feed's fetches leave behind (`feedHealth`), which feeds a
/// reload takes (`feedsToFetch(_:at:)`), each rule on a clock the test sets, and what a feed's
/// own settings do to the articles it brings (`max-items`, `mark-read-on-arrival`).
@Suite struct FeedHealthTests {
    let url = "https://a.example/feed.xml"
    let sibling = "https://a.example/other.xml"
    let elsewhere = "https://b.example/feed.xml"
    let t0 = Sample.date(hours: 0)
    let minute: Double = 60

    private func at(minutes: Double) -> Date { t0.addingTimeInterval(minutes * minute) }

    private func health(_ store: FeedStore, _ url: String) throws -> FeedHealth {
        try #require(try store.feedHealth().first { $0.feed.url == url })
    }

    private func due(_ store: FeedStore, _ kind: ReloadKind, at now: Date) throws -> [String] {
        try store.feedsToFetch(kind, at: now).map(\.url)
    }

    @Test func anAutomaticReloadWaitsTheLongestOfReloadTimeTTLAndTheServersFreshness() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url, sibling, elsewhere])
        try store.applyFeedPolicies([:], fallback: FeedPolicy(reloadInterval: 60 * minute))
        #expect(try due(store, .automatic, at: t0) == [url, sibling, elsewhere], "never fetched: due")

        var ttlFeed = Sample.feed([Sample.item("1", hours: 0)])
        ttlFeed.updateInterval = 120 * minute
        try store.upsert(ttlFeed, forFeedURL: url, at: t0)
        try store.upsert(Sample.feed([Sample.item("2", hours: 0)]), forFeedURL: sibling, timing: ServerTiming(freshFor: 180 * minute), at: t0)
        try store.upsert(Sample.feed([Sample.item("3", hours: 0)]), forFeedURL: elsewhere, at: t0)

        #expect(try health(store, url).nextFetch(.automatic) == FetchWait(until: at(minutes: 120), reason: .feedTTL))
        #expect(try health(store, sibling).nextFetch(.automatic) == FetchWait(until: at(minutes: 180), reason: .serverCache))
        #expect(try health(store, elsewhere).nextFetch(.automatic) == FetchWait(until: at(minutes: 60), reason: .reloadTime))
        #expect(try due(store, .automatic, at: at(minutes: 5)).isEmpty, "five minutes later nothing is due")
        #expect(try due(store, .manual, at: at(minutes: 5)) == [url, sibling, elsewhere], "a manual reload takes every feed")
        #expect(try due(store, .automatic, at: at(minutes: 60)) == [elsewhere])
        #expect(try due(store, .automatic, at: at(minutes: 120)) == [url, elsewhere])
        #expect(try due(store, .automatic, at: at(minutes: 180)) == [url, sibling, elsewhere])
    }

    @Test func aReloadOnTheSameTimerIsNotSkippedForTheSecondsItsFetchTook() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.applyFeedPolicies([url: FeedPolicy(reloadInterval: 15 * minute)], fallback: FeedPolicy(reloadInterval: 3600))
        // Cron started at t0, the fetch ended and was recorded 3 s later; cron comes back at 15 min.
        try store.upsert(Sample.feed([Sample.item("1", hours: 0)]), forFeedURL: url, at: t0.addingTimeInterval(3))
        #expect(try due(store, .automatic, at: at(minutes: 15)) == [url])
        #expect(try due(store, .automatic, at: at(minutes: 13)).isEmpty, "only the last tenth of the wait counts as over")
    }

    @Test func retryAfterHoldsEveryReloadAndA429HoldsItsWholeHost() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url, sibling, elsewhere])
        try store.applyFeedPolicies([:], fallback: FeedPolicy(reloadInterval: 60 * minute))
        try store.recordFailure(forFeedURL: url, reason: "HTTP 429 Too Many Requests", timing: ServerTiming(retryAfter: 3600, isHostWide: true), at: t0)
        try store.recordFailure(forFeedURL: elsewhere, reason: "HTTP 503", timing: ServerTiming(retryAfter: 600), at: t0)

        #expect(try due(store, .manual, at: at(minutes: 5)).isEmpty, "no reload asks a server that asked to wait, nor its host for a 429")
        #expect(try health(store, sibling).nextFetch(.manual) == FetchWait(until: at(minutes: 60), reason: .retryAfter))
        #expect(try due(store, .manual, at: at(minutes: 10)) == [elsewhere], "a 503 holds for its feed alone")
        #expect(try due(store, .manual, at: at(minutes: 60)) == [url, sibling, elsewhere])
        let failing = try health(store, url)
        #expect(failing.feed.lastError == "HTTP 429 Too Many Requests" && failing.feed.failureCount == 1)
        #expect(failing.serverWaitUntil == at(minutes: 60))

        // A success ends the feed's own wait.
        try store.upsert(Sample.feed([Sample.item("1", hours: 0)]), forFeedURL: elsewhere, at: at(minutes: 11))
        #expect(try health(store, elsewhere).serverWaitUntil == nil)
        // No server makes Tidings wait more than a day.
        try store.recordFailure(forFeedURL: elsewhere, reason: "HTTP 503", timing: ServerTiming(retryAfter: 9e9), at: t0)
        #expect(try health(store, elsewhere).serverWaitUntil == t0.addingTimeInterval(FeedHealth.longestWait))
    }

    @Test func aFeedThatKeepsFailingBacksOffUpToADayAndASuccessEndsIt() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.applyFeedPolicies([:], fallback: FeedPolicy(reloadInterval: 60 * minute))
        var waits: [Double] = []
        for _ in 1...7 {
            try store.recordFailure(forFeedURL: url, reason: "HTTP 500", at: t0)
            let wait = try #require(try health(store, url).nextFetch(.automatic))
            #expect(wait.reason == .backOff)
            waits.append(wait.until.timeIntervalSince(t0) / minute)
        }
        #expect(waits == [60, 120, 240, 480, 960, 1440, 1440])
        #expect(try due(store, .manual, at: at(minutes: 1)) == [url], "a manual reload does not back off")
        try store.upsert(Sample.feed([Sample.item("1", hours: 0)]), forFeedURL: url, at: t0)
        #expect(try health(store, url).nextFetch(.automatic) == FetchWait(until: at(minutes: 60), reason: .reloadTime))
    }

    @Test func aNotModifiedAnswerKeepsTheServersFreshness() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url])
        try store.applyFeedPolicies([:], fallback: FeedPolicy(reloadInterval: 60 * minute))
        try store.recordNotModified(forFeedURL: url, timing: ServerTiming(freshFor: 4 * 3600), at: t0)
        #expect(try health(store, url).nextFetch(.automatic) == FetchWait(until: at(minutes: 240), reason: .serverCache))
    }

    @Test func maxItemsKeepsAFeedToItsNumberOnArrivalAndMarkReadOnArrivalStoresNewArticlesRead() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url, elsewhere])
        try store.applyFeedPolicies(
            [url: FeedPolicy(reloadInterval: 3600, maxItems: 3), elsewhere: FeedPolicy(reloadInterval: 3600, markReadOnArrival: true)],
            fallback: FeedPolicy(reloadInterval: 3600))
        let ten = (0..<10).map { Sample.item("\($0)", hours: Double($0)) }
        #expect(try store.upsert(Sample.feed(ten), forFeedURL: url, at: t0) == 3)
        let feedID = try health(store, url).id
        #expect(try store.items(inFeed: feedID).map(\.title) == ["Title 9", "Title 8", "Title 7"])
        #expect(try health(store, url).feed.unreadCount == 3)
        // The same document again: the arrivals dropped do not come back as new.
        #expect(try store.upsert(Sample.feed(ten), forFeedURL: url, at: at(minutes: 60)) == 0)
        // A new article: unread ones already listed stay, the limit counts from the newest.
        #expect(try store.upsert(Sample.feed(ten + [Sample.item("10", hours: 10)]), forFeedURL: url, at: at(minutes: 120)) == 1)
        #expect(try store.items(inFeed: feedID).count == 4)

        #expect(try store.upsert(Sample.feed(ten), forFeedURL: elsewhere, at: t0) == 10)
        let read = try health(store, elsewhere).feed
        #expect(read.totalCount == 10 && read.unreadCount == 0)
        #expect(try store.items(inFeed: read.id).allSatisfy(\.isRead))
    }

    @Test func aConfirmedMoveIsAdoptedAsTheFeedsURLKeepingItsArticles() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url, elsewhere])
        let target = "https://a.example/new.xml"
        try store.upsert(Sample.feed([Sample.item("1", hours: 0)]), forFeedURL: url, permanentRedirect: target, at: t0)
        #expect(try health(store, url).movedTo == nil, "one redirect is not a move yet")
        try store.upsert(Sample.feed([Sample.item("1", hours: 0)]), forFeedURL: url, permanentRedirect: target, at: t0)
        #expect(try health(store, url).movedTo == target)
        #expect(try store.feedsToFetch().first { $0.url == url }?.fetchURL == target)

        #expect(try store.adoptMove(ofFeedURL: url) == target)
        let moved = try health(store, target)
        #expect(moved.movedTo == nil && moved.feed.totalCount == 1)
        #expect(try store.adoptMove(ofFeedURL: target) == nil, "nothing more to adopt")
        try store.revertMove(from: target, to: url)
        #expect(try health(store, url).movedTo == target)

        // Another feed at the new address already: refused, nothing changes.
        try store.syncSubscriptions([Subscription(url: url), Subscription(url: target)])
        #expect(throws: StoreError.urlTaken(url: target)) { try store.adoptMove(ofFeedURL: url) }
        #expect(try health(store, url).movedTo == target)
    }

    @Test func aFeedIsStaleWhenItsNewestArticleIsOlderThanTheDaysAsked() throws {
        let cache = try TemporaryCache()
        let store = try cache.open(subscribing: [url, elsewhere])
        try store.upsert(Sample.feed([Sample.item("1", hours: 0)]), forFeedURL: url, at: t0)
        let later = t0.addingTimeInterval(91 * 86_400)
        #expect(try health(store, url).isStale(at: later, days: 90))
        #expect(try !health(store, url).isStale(at: later, days: 100))
        #expect(try !health(store, elsewhere).isStale(at: later, days: 90), "a feed without articles is empty, not stale")
        #expect(try health(store, url).feed.newestItemDate == t0)
    }
}
