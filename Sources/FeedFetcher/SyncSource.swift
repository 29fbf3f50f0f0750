import Foundation

/// A feed server that keeps the subscriptions, the articles and their read and starred state for
/// every device of its user: the alternative to the urls file (`urls-source`).
///
/// A sync asks for the subscriptions, for the articles newer than the newest one it already has,
/// and for the ids of the unread and the starred articles; it sends the changes made here
/// (`send(_:)`) first, so that the state it then reads already includes them. Each service is one
/// type: `FeverSource` speaks the Fever API (Miniflux, FreshRSS, CommaFeed, Tiny Tiny RSS, coldsweat).
///
///     let source = FeverSource(endpoint: URL(string: "https://rss.example.org/fever/")!,
///                              email: "me@example.org", password: password)
///     try source.send(queuedChanges)
///     let feeds = try source.subscriptions()
///     let states = try source.articleStates()
///     let articles = try source.articles(newerThan: newestKnownID,
///                                        including: states.unreadIDs.union(states.starredIDs).subtracting(knownIDs))
///
/// Every call blocks until the server has answered (or the request failed): call it off the main
/// thread. A failure is a `SyncFailure`, whose description is one line without the password.
public protocol SyncSource: Sendable {
    /// The feeds the user subscribes to, each with its groups (folders, categories) as tags.
    func subscriptions() throws(SyncFailure) -> [SyncedFeed]

    /// Every article whose id is greater than `id` (0 for all of them), in ascending id order,
    /// read page by page until the server has no more.
    func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle]

    /// The articles with these ids that still exist on the server, in ascending id order: for the
    /// unread or starred articles that the cache lacks.
    func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle]

    /// The ids of the unread and of the starred articles, all of them.
    func articleStates() throws(SyncFailure) -> SyncedArticleStates

    /// Applies the changes on the server, in order.
    ///
    /// A change that the server has nothing to apply to (the article or feed is gone) is skipped
    /// and returned. On a failure nothing tells which changes were applied: send the whole batch
    /// again later, since applying a change twice, in the same order, leaves the same state.
    @discardableResult
    func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange]
}

extension SyncSource {
    /// The articles newer than `id`, plus those of `wanted` (typically the unread and starred ids
    /// that the cache lacks) that paging did not return.
    ///
    /// Some servers do not page in id order: coldsweat returns each page in the order of its
    /// subscriptions, so the highest id of a page can pass over articles that no page returns.
    /// Asking for the wanted ids afterwards costs nothing where paging was complete.
    public func articles(newerThan id: Int64, including wanted: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        var articles = try self.articles(newerThan: id)
        let missing = wanted.subtracting(articles.map(\.id))
        guard !missing.isEmpty else { return articles }
        articles += try self.articles(withIDs: missing)
        var seen = Set<Int64>()
        return articles.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }
}

/// A feed as a sync source lists it.
public struct SyncedFeed: Sendable, Hashable {
    /// The server's id for the feed.
    public var id: Int64
    public var title: String
    /// The feed's own address (RSS, Atom…), as the server fetches it.
    public var url: String
    /// The web site the feed belongs to, when the server knows it.
    public var siteURL: String?
    /// The titles of the server's groups (folders, categories) holding the feed, sorted.
    public var tags: [String]
    /// When the server last refreshed the feed.
    public var lastUpdated: Date?

    public init(id: Int64, title: String, url: String, siteURL: String? = nil, tags: [String] = [], lastUpdated: Date? = nil) {
        self.id = id
        self.title = title
        self.url = url
        self.siteURL = siteURL
        self.tags = tags
        self.lastUpdated = lastUpdated
    }
}

/// An article as a sync source delivers it, its HTML already sanitised.
public struct SyncedArticle: Sendable, Hashable {
    /// The server's id for the article: ids grow as the server adds articles.
    public var id: Int64
    /// The `SyncedFeed.id` of its feed.
    public var feedID: Int64
    public var title: String
    public var author: String?
    /// The body, through `HTMLSanitizer` with `url` as the base of relative links.
    public var html: String
    /// The article's web page.
    public var url: String?
    public var isRead: Bool
    public var isStarred: Bool
    /// When the article was published, as the server knows it.
    public var published: Date?

    public init(id: Int64, feedID: Int64, title: String, author: String? = nil, html: String, url: String? = nil,
                isRead: Bool = false, isStarred: Bool = false, published: Date? = nil) {
        self.id = id
        self.feedID = feedID
        self.title = title
        self.author = author
        self.html = html
        self.url = url
        self.isRead = isRead
        self.isStarred = isStarred
        self.published = published
    }
}

/// The read and starred state of every article on the server, as two id sets.
public struct SyncedArticleStates: Sendable, Hashable {
    /// The articles not read yet; every other article is read.
    public var unreadIDs: Set<Int64>
    /// The starred (Fever: saved) articles.
    public var starredIDs: Set<Int64>

    public init(unreadIDs: Set<Int64> = [], starredIDs: Set<Int64> = []) {
        self.unreadIDs = unreadIDs
        self.starredIDs = starredIDs
    }
}

/// A change made in the reader that a sync source must apply.
public enum SyncChange: Sendable, Hashable, CustomStringConvertible {
    /// The article `id` was read.
    case read(Int64)
    /// The article `id` was marked unread.
    case unread(Int64)
    /// The article `id` was starred.
    case starred(Int64)
    /// The article `id` lost its star.
    case unstarred(Int64)
    /// Every article of feed `id` that the server had before `before` was read: pass the time of
    /// the sync that delivered the articles the user saw, so that newer ones stay unread.
    case feedRead(Int64, before: Date)

    public var description: String {
        switch self {
        case .read(let id): "read \(id)"
        case .unread(let id): "unread \(id)"
        case .starred(let id): "starred \(id)"
        case .unstarred(let id): "unstarred \(id)"
        case .feedRead(let id, let before): "feed \(id) read before \(Int64(before.timeIntervalSince1970.rounded(.down)))"
        }
    }
}

/// Why a sync failed. `description` is one line fit for the status bar and stderr: it names the
/// server but never the password, the API key or raw bytes from the network.
public enum SyncFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection: refused, host not found, TLS handshake failed, connection lost.
    case unreachable(host: String, why: String)
    /// The server did not answer within the time allowed.
    case timedOut(host: String, seconds: TimeInterval)
    /// The server refused the login (Fever: `auth: 0`).
    case wrongCredentials(host: String)
    /// The address answers, but not as the sync API does.
    case notSyncEndpoint(host: String, why: String)
    /// The server answered with an error status.
    case httpStatus(host: String, code: Int)
    /// An answer passed the size cap; the request was stopped.
    case tooLarge(host: String, limit: Int)

    public var description: String {
        let text: String
        switch self {
        case .unreachable(let host, let why):
            text = "cannot reach the feed server \(host): \(why)"
        case .timedOut(let host, let seconds):
            text = "no answer from the feed server \(host) within \(FetchFailure.format(seconds)) s"
        case .wrongCredentials(let host):
            text = "the feed server \(host) refused the login: wrong e-mail or password"
        case .notSyncEndpoint(let host, let why):
            text = "not a Fever API at \(host): \(why)"
        case .httpStatus(let host, let code):
            text = "the feed server \(host) answered HTTP \(code) \(FetchFailure.reasonPhrase(for: code))"
        case .tooLarge(let host, let limit):
            text = "an answer of the feed server \(host) is larger than \(FetchFailure.formatBytes(limit)); sync stopped"
        }
        return FetchFailure.oneLine(CredentialRedaction.redact(text))
    }
}
