import Configuration
import FeedFetcher
import FeedStore
import FilterLanguage
import Foundation

/// A read of the cache, as a value: what a screen or the reader wants to know. The runner answers
/// it off the main thread (``answer(from:)``) and the answer comes back as a message, so an
/// update's effects can be compared in tests and nothing but the runner touches SQLite.
///
/// Each case names its answer (``StoreAnswer``); a screen's own reads take the shape of what the
/// screen shows (its `Request` and `Snapshot`), and the screen type says how they are read.
enum StoreQuery: Equatable, Sendable {
    /// The feed list (and the Starred entry's counts) → `.feedList`.
    case feedList(FeedListScreen.Request)
    /// Counts of the articles each expression matches (the query feeds) → `.counts`.
    case counts([FilterExpression], now: Date)
    /// A feed's counts and the pages around its selection → `.itemList`.
    case itemList(ItemListScreen.Request)
    /// A feed's items narrowed by a typed title filter → `.filteredItemList`.
    case filteredItemList(ItemListScreen.FilterRequest)
    /// The Starred list or a query feed → `.crossFeedList`.
    case crossFeedList(CrossFeedListScreen.Request)
    /// One page of a list's rows → `.rows`.
    case itemPage(ItemPages, ItemPageRequest)
    /// The rows of these articles as stored now (their marks) → `.rows`.
    case itemRows([ItemID])
    /// One page of search results → `.rows`.
    case search(SearchQuery, ItemPageRequest)
    /// An article's text for its preview in a list → `.previewBody`.
    case previewBody(ItemID)
    /// How many articles wait to be indexed for search → `.count`.
    case articlesAwaitingIndex
    /// The tags and their counts → `.tags`.
    case tagSummaries
    /// An article, rendered to be shown → `.article`.
    case article(ItemID, ArticleRendering)
    /// The next (or previous) unread article from `from`, rendered, and its feed → `.unreadJump`;
    /// the marks not yet written are laid over the store's rows, so that an article just read
    /// is not found unread again.
    case unreadArticle(from: ItemID?, forward: Bool, ArticleRendering, PendingMarks)
    /// An unread article chosen at random, rendered, and its feed → `.unreadJump`.
    case randomUnreadArticle(ArticleRendering)
    /// The same, looked for first in a list of several feeds (see `UnreadListScan`) →
    /// `.unreadJump`, which says whether it was found there; across the feeds after it only
    /// when `acrossFeeds` (`goto-next-feed`).
    case unreadArticleInList(UnreadListScan, forward: Bool, ArticleRendering, acrossFeeds: Bool, PendingMarks)
    /// The feeds to reload: every one, or only those in `only` → `.feedsToFetch`; `localOnly`:
    /// not the feed server's (`sync-local-feeds`).
    case feedsToFetch(only: Set<FeedID>?, localOnly: Bool = false)
    /// Whether the cache was ever synced with this feed server account → `.hasSynced`.
    case hasSynced(account: String)
    /// How many articles are unread, in how many feeds (for notifications) → `.unreadTotals`.
    case unreadTotals
    /// Articles a reload stored since `since` that `always-fetch-full-article` covers →
    /// `.fullArticleCandidates`.
    case fullArticleCandidates(since: Date, FullArticleOptions)
    /// Articles a reload stored since `since` with an enclosure → `.episodes`.
    case newEpisodes(since: Date)

    /// How an article is rendered for the article view.
    struct ArticleRendering: Equatable, Sendable {
        var preferences: ReaderPreferences
        var fullArticle: FullArticleOptions
    }

    /// Reads the answer from `store`; runs off the main thread.
    func answer(from store: FeedStore) throws -> StoreAnswer {
        switch self {
        case .feedList(let request):
            return .feedList(try FeedListScreen.read(request, from: store))
        case .counts(let expressions, let now):
            return .counts(try store.counts(matching: expressions, now: now))
        case .itemList(let request):
            return .itemList(try ItemListScreen.read(request, from: store))
        case .filteredItemList(let request):
            return .filteredItemList(try ItemListScreen.read(request, from: store))
        case .crossFeedList(let request):
            return .crossFeedList(try CrossFeedListScreen.read(request, from: store))
        case .itemPage(let pages, let request):
            return .rows(try pages.rows(from: store, request))
        case .itemRows(let ids):
            return .rows(try store.itemRows(ids))
        case .search(let query, let request):
            return .rows(try store.search(query, request))
        case .previewBody(let id):
            return .previewBody(ItemPreviews.body(of: try store.item(id)))
        case .articlesAwaitingIndex:
            return .count(try store.articlesAwaitingIndex())
        case .tagSummaries:
            return .tags(try store.tagSummaries())
        case .article(let id, let rendering):
            return .article(try LoadedArticle.load(id, from: store, rendering))
        case .unreadArticle(let from, let forward, let rendering, let marks):
            func adjacent(to id: ItemID?) throws -> ItemRow? {
                forward ? try store.nextUnread(after: id) : try store.previousUnread(before: id)
            }
            var found = try adjacent(to: from)
            while let row = found, marks.apply(to: row).isRead { found = try adjacent(to: row.id) }
            guard let row = found else { return .unreadJump(nil) }
            let article = try LoadedArticle.load(row.id, from: store, rendering)
            return .unreadJump(UnreadJump(row: row, feed: try store.feed(row.feedID), article: article))
        case .randomUnreadArticle(let rendering):
            guard let row = try store.randomUnread() else { return .unreadJump(nil) }
            let article = try LoadedArticle.load(row.id, from: store, rendering)
            return .unreadJump(UnreadJump(row: row, feed: try store.feed(row.feedID), article: article))
        case .unreadArticleInList(let scan, let forward, let rendering, let acrossFeeds, let marks):
            guard let row = try scan.unreadRow(forward: forward, in: store, marks: marks) else {
                guard acrossFeeds else { return .unreadJump(nil) }
                return try StoreQuery.unreadArticle(from: nil, forward: forward, rendering, marks).answer(from: store)
            }
            let article = try LoadedArticle.load(row.id, from: store, rendering)
            return .unreadJump(UnreadJump(row: row, feed: try store.feed(row.feedID), article: article, isInList: true))
        case .feedsToFetch(let only, let localOnly):
            return .feedsToFetch(try store.feedsToFetch(localOnly: localOnly).filter { only?.contains($0.id) ?? true })
        case .hasSynced(let account):
            return .hasSynced(try store.lastSync(account: account) != nil)
        case .unreadTotals:
            let feeds = try store.feedList()
            return .unreadTotals(UnreadTotals(feeds: feeds.count { $0.unreadCount > 0 }, articles: feeds.reduce(0) { $0 + $1.unreadCount }))
        case .fullArticleCandidates(let since, let options):
            // Read widely, then keep the matching feeds' items: other feeds' new items must not
            // use up the limit.
            let items = try store.itemsWithoutFullArticle(firstSeenSince: since, limit: 20 * FullArticleOptions.alwaysFetchLimit)
            let isCovered = options.alwaysFetchFilter()
            return .fullArticleCandidates(Array(items.filter { isCovered($0.feedURL) }.prefix(FullArticleOptions.alwaysFetchLimit)))
        case .newEpisodes(let since):
            return .episodes(try store.itemsWithEnclosures(firstSeenSince: since, limit: 500))
        }
    }
}

/// What a ``StoreQuery`` found.
enum StoreAnswer: Sendable {
    case feedList(FeedListScreen.Snapshot)
    case counts([ItemCounts])
    case itemList(ItemListScreen.Snapshot)
    case filteredItemList(ItemListScreen.FilterSnapshot)
    case crossFeedList(CrossFeedListScreen.Snapshot)
    case rows([ItemRow])
    case previewBody(ArticleBody)
    case count(Int)
    case tags([TagSummary])
    /// Nil when the article is no longer in the cache.
    case article(LoadedArticle?)
    /// Nil when there is no such article.
    case unreadJump(UnreadJump?)
    case feedsToFetch([FeedFetchTarget])
    case hasSynced(Bool)
    case unreadTotals(UnreadTotals)
    case fullArticleCandidates([FeedStore.FullArticleCandidate])
    case episodes([StoredItem])

    /// An answer of another kind than its query's: a mistake in the reader, reported as a
    /// failed read rather than a crash.
    struct Mismatch: Error, CustomStringConvertible {
        var description: String { "the cache's answer did not fit the question" }
    }
}
