import FeedModel
import Foundation

/// A feed server that keeps the subscriptions, the articles and their read and starred state for
/// every device of its user: the alternative to the urls file (`urls-source`).
///
/// A sync asks for the subscriptions, for the articles newer than the newest one it already has,
/// and for the ids of the unread and the starred articles; it sends the changes made here
/// (`send(_:)`) first, so that the state it then reads already includes them. Each service is one
/// type: `FeverSource` speaks the Fever API (Miniflux, FreshRSS, CommaFeed, Tiny Tiny RSS, coldsweat),
/// `GoogleReaderSource` the Google Reader API (FreshRSS, Miniflux, Inoreader, BazQux),
/// `MinifluxSource` Miniflux's own API, `TTRSSSource` Tiny Tiny RSS's own API, `NextcloudNewsSource`
/// Nextcloud News's, `NewsBlurSource` NewsBlur's, `FeedbinSource` Feedbin's.
///
/// With a sync source the feeds are managed on the server: `subscribe`, `unsubscribe`, `rename`
/// and `setTags` change them there, and the next sync shows the change. An API that cannot
/// (Fever) throws `SyncFailure.cannotManageFeeds`.
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

    /// The same, for a cache that was last synced at `since` and holds the states `cached`: a
    /// source whose server can list what changed since then (Miniflux's `changed_after`, Nextcloud
    /// News's `items/updated`) or count it (Tiny Tiny RSS's counters) reads only that; the others
    /// read everything (`articleStates()`, the default).
    func articleStates(changedSince since: Date?, cached: SyncedArticleStates) throws(SyncFailure) -> SyncedArticleStates

    /// Applies the changes on the server, in order.
    ///
    /// A change that the server has nothing to apply to (the article or feed is gone) is skipped
    /// and returned. On a failure nothing tells which changes were applied: send the whole batch
    /// again later, since applying a change twice, in the same order, leaves the same state.
    @discardableResult
    func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange]

    /// Subscribes to the feed at `url`, with `title` instead of the feed's own when given, in
    /// the groups `tags`; returns the server's id for the feed.
    func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64

    /// Unsubscribes from the feed `id`; its articles go with it on the server.
    func unsubscribe(feed id: Int64) throws(SyncFailure)

    /// Gives the feed `id` a title of the user's choosing.
    func rename(feed id: Int64, to title: String) throws(SyncFailure)

    /// Puts the feed `id` in exactly the groups (folders, labels) `tags`.
    func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure)

    /// Why feeds cannot be managed through this API (`cannotManageFeeds`), asked before the
    /// user types a feed's address; nil when they can (the default).
    var feedManagementRefusal: SyncFailure? { get }
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

/// Why a sync failed. `description` is one line fit for the status bar and stderr: it names the
/// server but never the password, the API key or raw bytes from the network.
public enum SyncFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// No connection: refused, host not found, TLS handshake failed, connection lost.
    case unreachable(host: String, why: String)
    /// The server did not answer within the time allowed.
    case timedOut(host: String, seconds: TimeInterval)
    /// The server refused the login (Fever: `auth: 0`; Google Reader: 401 from ClientLogin).
    case wrongCredentials(host: String)
    /// The address answers, but not as the sync API (`api`, e.g. "Fever API") does.
    case notSyncEndpoint(api: String, host: String, why: String)
    /// The server answered with an error status.
    case httpStatus(host: String, code: Int)
    /// The server answered with an error status and said why (Miniflux's `error_message`).
    case refused(host: String, code: Int, why: String)
    /// An answer passed the size cap; the request was stopped.
    case tooLarge(host: String, limit: Int)
    /// The API has no way to add, rename, tag or delete feeds (Fever).
    case cannotManageFeeds(api: String)
    /// The server refused to add a feed, rename it or change its groups; `why` is its reason when
    /// it gave one.
    case feedChangeRefused(host: String, why: String)

    public var description: String {
        let text: String
        switch self {
        case .unreachable(let host, let why):
            text = "cannot reach the feed server \(host): \(why)"
        case .timedOut(let host, let seconds):
            text = "no answer from the feed server \(host) within \(FetchFailure.format(seconds)) s"
        case .wrongCredentials(let host):
            text = "the feed server \(host) refused the login: wrong e-mail or password"
        case .notSyncEndpoint(let api, let host, let why):
            text = "not a \(api) at \(host): \(why)"
        case .httpStatus(let host, let code):
            text = "the feed server \(host) answered HTTP \(code) \(FetchFailure.reasonPhrase(for: code))"
        case .refused(let host, let code, let why):
            text = "the feed server \(host) answered HTTP \(code) \(FetchFailure.reasonPhrase(for: code)): \(why)"
        case .tooLarge(let host, let limit):
            text = "an answer of the feed server \(host) is larger than \(FetchFailure.formatBytes(limit)); sync stopped"
        case .cannotManageFeeds(let api):
            text = "the \(api) cannot add, rename, tag or delete feeds: do it on the feed server's own pages"
        case .feedChangeRefused(let host, let why):
            text = "the feed server \(host) refused the change: \(why)"
        }
        return FetchFailure.oneLine(CredentialRedaction.redact(text))
    }
}

extension SyncSource {
    public var feedManagementRefusal: SyncFailure? { nil }

    public func articleStates(changedSince since: Date?, cached: SyncedArticleStates) throws(SyncFailure) -> SyncedArticleStates {
        try articleStates()
    }
}
