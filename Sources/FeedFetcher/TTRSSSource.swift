import FeedModel
import FeedParser
import Foundation

/// A `SyncSource` that speaks Tiny Tiny RSS's own JSON API (API level 15 and later): every call is
/// a JSON object POSTed to `…/api/`.
///
/// Calls:
/// - `login` (`user`, `password`) once, then the session id `sid` in every call; a call answered
///   `NOT_LOGGED_IN` (the session expired) logs in again once;
/// - `getFeeds` (`cat_id` -3: every real feed) and `getCategories`: the feeds, their category as tag;
/// - `getHeadlines` of all articles (`feed_id` -4) with `since_id`, `show_content`, pages of 200
///   (`limit`, `skip`): the articles; without content and with `view_mode` `unread`, and of the
///   starred (`feed_id` -1), and with `syncsPublished` of the published (`feed_id` -2): the state
///   of every article on the first sync;
/// - `getCounters` (each feed's unread and starred counts, the starred and published totals):
///   after the first sync, the lists are read again only where a count moved (see
///   `articleStates(changedSince:cached:)`);
/// - `getArticle` (`article_id` a comma list): the articles the cache lacks by id;
/// - `updateArticle` (`article_ids` a comma list, `field` 2 read / 0 starred / 1 published,
///   `mode` 0/1): the marks made here, consecutive marks of one kind in one call;
/// - `subscribeToFeed` (`feed_url`, `category_id` of an existing category) and `unsubscribeFeed`.
///
/// What the API cannot do: rename a feed, create a category or move a feed to another one
/// (`rename`/`setTags` say so in one line; do it on the server's pages). A feed marked read here
/// is marked read article by article (its unread articles dated before the time given), since
/// `catchupFeed` would also mark the articles that arrived after the user looked.
///
///     let source = TTRSSSource(url: URL(string: "https://rss.example.org/tt-rss/")!,
///                              login: "alice", password: password)
///     let feeds = try source.subscriptions()
///     let articles = try source.articles(newerThan: 0)
///
/// Calls block and are serialised on one connection; the instance may be shared between threads.
/// Neither the password nor the session id appears in a URL, a failure, a description or a mirror.
public final class TTRSSSource: SyncSource, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The configured address (`ttrss-url`): the server's own, under which `api/` is.
    public let url: URL
    public let login: String
    /// Whether the published state is read (`ttrss-flag-publish`): one more list per sync.
    public let syncsPublished: Bool
    private let connection: TTRSSConnection

    /// The size cap of one answer: 200 articles of a few KB.
    public static let maxAnswerBytes = 16 << 20
    /// Headlines per `getHeadlines` call: the most the server sends.
    static let pageSize = 200
    /// Ids in one `getArticle` or `updateArticle`.
    static let batchSize = 200

    /// The virtual feeds of the API.
    static let allArticles = -4
    static let starredArticles = -1
    static let publishedArticles = -2
    /// `getFeeds`' category for every real feed.
    static let allFeeds = -3

    /// - Parameters:
    ///   - url: the server's address; `api/` is added unless it already ends so.
    ///   - syncsPublished: read the published articles too (`articleStates().publishedIDs`);
    ///     without it that state is not asked for and stays nil.
    ///   - maxAnswerBytes: the size cap of one answer; tests shrink it.
    public init(url: URL, login: String, password: String, options: FetchOptions = FetchOptions(),
                syncsPublished: Bool = false, maxAnswerBytes: Int = TTRSSSource.maxAnswerBytes) {
        self.url = url
        self.login = login
        self.syncsPublished = syncsPublished
        connection = TTRSSConnection(apiURL: TTRSSSource.apiURL(url), user: login, password: password, options: options,
                                     maxBytes: maxAnswerBytes)
    }

    public var description: String {
        "Tiny Tiny RSS API at \(CredentialRedaction.redact(url.absoluteString)) as \(login)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["url": url, "login": login]) }

    /// `URL/api/`, or the address itself when it already names the API.
    static func apiURL(_ url: URL) -> URL {
        var base = url.absoluteString
        if let cut = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = String(base[..<cut]) }
        while base.hasSuffix("/") { base.removeLast() }
        if base.hasSuffix("/api") { return URL(string: base + "/") ?? url }
        return URL(string: base + "/api/") ?? url
    }

    /// Ends the session on the server. A later call logs in again.
    public func logout() throws(SyncFailure) {
        try connection.logout()
    }

    // MARK: SyncSource

    public func subscriptions() throws(SyncFailure) -> [SyncedFeed] {
        let feeds = try connection.decode(try connection.call("getFeeds", ["cat_id": TTRSSSource.allFeeds]), TTRSSResponse.feeds)
        let titles = try categoryTitles()
        return feeds.map { feed in
            let category = feed.categoryID > 0 ? titles[feed.categoryID].flatMap { $0.isEmpty ? nil : $0 } : nil
            return SyncedFeed(id: feed.id, title: feed.title, url: feed.url, tags: category.map { [$0] } ?? [],
                              lastUpdated: feed.lastUpdated.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil })
        }
    }

    public func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle] {
        try headlines(feed: TTRSSSource.allArticles, viewMode: "all_articles", since: max(0, id), content: true).map(article)
    }

    public func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        let sorted = ids.sorted()
        var articles: [SyncedArticle] = []
        for start in stride(from: 0, to: sorted.count, by: TTRSSSource.batchSize) {
            let batch = sorted[start..<min(start + TTRSSSource.batchSize, sorted.count)]
            let content = try connection.call("getArticle", ["article_id": batch.map(String.init).joined(separator: ",")])
            articles += try connection.decode(content, TTRSSResponse.headlines).filter { ids.contains($0.id) }.map(article)
        }
        var seen = Set<Int64>()
        return articles.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public func articleStates() throws(SyncFailure) -> SyncedArticleStates {
        let unread = try headlines(feed: TTRSSSource.allArticles, viewMode: "unread", since: 0, content: false)
        let starred = try headlines(feed: TTRSSSource.starredArticles, viewMode: "all_articles", since: 0, content: false)
        let published = syncsPublished
            ? try headlines(feed: TTRSSSource.publishedArticles, viewMode: "all_articles", since: 0, content: false) : nil
        // A page is read in the server's order (newest first), not by id: an article that changed
        // between two pages can show in both, or in neither; its state is then read again next sync.
        return SyncedArticleStates(unreadIDs: Set(unread.filter { !$0.isRead }.map(\.id)),
                                   starredIDs: Set(starred.filter(\.isStarred).map(\.id)),
                                   publishedIDs: published.map { Set($0.filter(\.isPublished).map(\.id)) })
    }

    /// After a first sync, only what changed, from `getCounters` and the cache's states: the
    /// unread articles above the newest one the cache has unread (`since_id`, without content:
    /// none when nothing is new), then, for each feed whose unread count on the server is not the
    /// cache's plus those, that feed's unread list again; the starred list only when a feed's
    /// starred count or the total moved, the published list only when its total moved. A read and
    /// an unread made elsewhere in one feed between two syncs cancel out in the counts: such a
    /// pair is seen when the feed's count next moves (the API has no list of ids, nor of changes).
    public func articleStates(changedSince since: Date?, cached: SyncedArticleStates) throws(SyncFailure) -> SyncedArticleStates {
        guard since != nil, let feedOf = cached.feedIDs else { return try articleStates() }
        let counters = try connection.decode(try connection.call("getCounters", [:]), TTRSSResponse.counters)

        let newestUnread = cached.unreadIDs.max() ?? 0
        let fresh = try headlines(feed: TTRSSSource.allArticles, viewMode: "unread", since: newestUnread, content: false).filter { !$0.isRead }
        let freshByFeed = Dictionary(grouping: fresh, by: \.feedID)
        let cachedUnreadByFeed = Dictionary(grouping: cached.unreadIDs) { feedOf[$0] ?? 0 }
        var unread = Set(fresh.map(\.id))
        for feed in Set(cachedUnreadByFeed.keys).union(counters.unreadByFeed.keys).union(freshByFeed.keys) {
            let kept = Set(cachedUnreadByFeed[feed] ?? [])
            let expected = kept.count + (freshByFeed[feed]?.count ?? 0)
            if feed > 0, counters.unreadByFeed[feed] ?? 0 != expected {
                unread.formUnion(try headlines(feed: Int(feed), viewMode: "unread", since: 0, content: false).filter { !$0.isRead }.map(\.id))
            } else {
                unread.formUnion(kept)
            }
        }

        let cachedStarredByFeed = Dictionary(grouping: cached.starredIDs) { feedOf[$0] ?? 0 }.mapValues(\.count)
        let starredMoved = counters.starred != cached.starredIDs.count
            || Set(cachedStarredByFeed.keys).union(counters.starredByFeed.keys).contains { feed in
                feed > 0 && (counters.starredByFeed[feed] ?? 0) != (cachedStarredByFeed[feed] ?? 0)
            }
        let starred = starredMoved
            ? Set(try headlines(feed: TTRSSSource.starredArticles, viewMode: "all_articles", since: 0, content: false).filter(\.isStarred).map(\.id))
            : cached.starredIDs

        var published: Set<Int64>?
        if syncsPublished {
            published = cached.publishedIDs.flatMap { counters.published == $0.count ? $0 : nil }
            if published == nil {
                published = Set(try headlines(feed: TTRSSSource.publishedArticles, viewMode: "all_articles", since: 0, content: false)
                    .filter(\.isPublished).map(\.id))
            }
        }
        return SyncedArticleStates(unreadIDs: unread, starredIDs: starred, publishedIDs: published)
    }

    @discardableResult
    public func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange] {
        var index = changes.startIndex
        while index < changes.endIndex {
            if case .feedRead(let feed, let before) = changes[index] {
                try markRead(feed: feed, before: before)
                index += 1
                continue
            }
            // A run of marks of one kind (read, unread, starred, published…) is one updateArticle:
            // the order between kinds is kept, so the last mark of an article still wins.
            let (field, mode) = TTRSSSource.update(changes[index])
            var ids: [Int64] = []
            while index < changes.endIndex, ids.count < TTRSSSource.batchSize,
                TTRSSSource.update(changes[index]) == (field, mode), let id = changes[index].articleID {
                ids.append(id)
                index += 1
            }
            try updateArticles(ids, field: field, mode: mode)
        }
        return []
    }

    // MARK: Feeds

    /// Subscribes (the server fetches the feed when it next updates). A category of `tags` must
    /// already exist on the server, and a title of one's own cannot be given: the API can neither
    /// create categories nor rename feeds, and it is said before anything is subscribed.
    public func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64 {
        if let title, !title.trimmingCharacters(in: .whitespaces).isEmpty { throw refusal("give a feed a title of its own") }
        var parameters: [String: Any] = ["feed_url": url]
        if !tags.isEmpty {
            parameters["category_id"] = try categoryID(tags)
        }
        let result = try connection.decode(try connection.call("subscribeToFeed", parameters), TTRSSResponse.subscription)
        switch result {
        case .success(let id?):
            return id
        case .success(nil):
            guard let feed = try subscriptions().first(where: { $0.url == url }) else {
                throw .feedChangeRefused(host: connection.hostLabel, why: "it subscribed but does not list the feed")
            }
            return feed.id
        case .failure(let refusal):
            throw .feedChangeRefused(host: connection.hostLabel, why: refusal.why)
        }
    }

    public func unsubscribe(feed id: Int64) throws(SyncFailure) {
        do {
            _ = try connection.call("unsubscribeFeed", ["feed_id": id])
        } catch .notSyncEndpoint(_, _, let why) where why.hasSuffix("FEED_NOT_FOUND") {
            throw .feedChangeRefused(host: connection.hostLabel, why: "it has no feed \(id)")
        }
    }

    public func rename(feed id: Int64, to title: String) throws(SyncFailure) {
        throw refusal("rename feeds")
    }

    public func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure) {
        throw refusal("move feeds between categories")
    }

    /// What the API cannot do, in one line that says where it can be done.
    private func refusal(_ what: String) -> SyncFailure {
        .feedChangeRefused(host: connection.hostLabel,
                           why: "Tiny Tiny RSS's API cannot \(what): do it on the server's own pages")
    }

    /// The id of the one existing category `tags` names.
    private func categoryID(_ tags: [String]) throws(SyncFailure) -> Int64 {
        guard tags.count == 1 else { throw refusal("put a feed in several categories") }
        guard let id = try categoryTitles().first(where: { $0.key > 0 && $0.value == tags[0] })?.key else {
            throw refusal("create the category \(tags[0])")
        }
        return id
    }

    /// Every category's title by id, empty ones included.
    private func categoryTitles() throws(SyncFailure) -> [Int64: String] {
        let categories = try connection.decode(try connection.call("getCategories", ["include_empty": true]), TTRSSResponse.categories)
        return Dictionary(categories.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: Headlines

    /// Every headline of a (virtual) feed above the id `since`, page after page, each once, in
    /// ascending id order.
    private func headlines(feed: Int, viewMode: String, since: Int64, content: Bool) throws(SyncFailure) -> [TTRSSResponse.Headline] {
        var headlines: [TTRSSResponse.Headline] = []
        var seen = Set<Int64>()
        var skip = 0
        while true {
            var parameters: [String: Any] = ["feed_id": feed, "view_mode": viewMode, "limit": TTRSSSource.pageSize, "skip": skip,
                                             "show_content": content, "include_attachments": false]
            if since > 0 { parameters["since_id"] = since }
            let page = try connection.decode(try connection.call("getHeadlines", parameters), TTRSSResponse.headlines)
            // A server that ignored `skip` would send the same page forever: only new ids count.
            let fresh = page.filter { $0.id > since && seen.insert($0.id).inserted }
            headlines += fresh
            if page.count < TTRSSSource.pageSize || fresh.isEmpty { break }
            skip += page.count
        }
        return headlines.sorted { $0.id < $1.id }
    }

    // MARK: Marks

    private func updateArticles(_ ids: [Int64], field: Int, mode: Int) throws(SyncFailure) {
        guard !ids.isEmpty else { return }
        _ = try connection.call("updateArticle", ["article_ids": ids.map(String.init).joined(separator: ","), "field": field, "mode": mode])
    }

    /// The feed's unread articles dated before `before` become read: those that arrived after the
    /// user looked stay unread (most are dated after it).
    private func markRead(feed: Int64, before: Date) throws(SyncFailure) {
        let unread = try headlines(feed: Int(feed), viewMode: "unread", since: 0, content: false)
        let cutoff = Int64(before.timeIntervalSince1970.rounded(.down))
        let ids = unread.filter { $0.feedID == feed && !$0.isRead && ($0.updated ?? 0) <= cutoff }.map(\.id)
        for start in stride(from: 0, to: ids.count, by: TTRSSSource.batchSize) {
            try updateArticles(Array(ids[start..<min(start + TTRSSSource.batchSize, ids.count)]), field: TTRSSSource.readField, mode: 0)
        }
    }

    /// `updateArticle`'s fields: 0 starred (`marked`), 1 published, 2 unread.
    static let starredField = 0
    static let publishedField = 1
    static let readField = 2

    /// The field and mode of a mark: the `unread` field is set to 0 for read.
    private static func update(_ change: SyncChange) -> (Int, Int) {
        switch change {
        case .read: (readField, 0)
        case .unread: (readField, 1)
        case .starred: (starredField, 1)
        case .unstarred: (starredField, 0)
        case .published: (publishedField, 1)
        case .unpublished: (publishedField, 0)
        case .feedRead: (-1, -1)
        }
    }

    /// The article for a headline, its HTML sanitised with its own address as the base.
    private func article(_ headline: TTRSSResponse.Headline) -> SyncedArticle {
        SyncedArticle(id: headline.id, feedID: headline.feedID, title: headline.title, author: headline.author,
                      html: HTMLSanitizer.sanitize(headline.html, base: headline.url), url: headline.url,
                      isRead: headline.isRead, isStarred: headline.isStarred,
                      published: headline.updated.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil })
    }
}
