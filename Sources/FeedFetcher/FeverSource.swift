import FeedModel
import FeedParser
import Foundation

/// A `SyncSource` that speaks the Fever API, which Miniflux, FreshRSS, CommaFeed, Tiny Tiny RSS
/// (through its plugin) and coldsweat serve.
///
/// Every request is a POST to the endpoint with `?api&COMMAND` as its query and the API key (the
/// MD5 of `EMAIL:PASSWORD`) in the form body: the key never appears in a URL, a failure or a
/// description. The password itself is not kept.
///
///     let source = FeverSource(endpoint: URL(string: "https://rss.example.org/fever/")!,
///                              email: "me@example.org", password: password)
///     let feeds = try source.subscriptions()           // groups become tags
///     let articles = try source.articles(newerThan: 0) // 50 per request, until none is left
///
/// Calls block and are serialised on one connection; the instance may be shared between threads.
/// One answer may be at most `maxAnswerBytes`; each request gets `FetchOptions.connectTimeout` to
/// connect (and as the longest silence) and `FetchOptions.timeout` in all.
public final class FeverSource: SyncSource, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The configured address (`fever-url`), e.g. `https://rss.example.org/fever/`.
    public let endpoint: URL
    /// The login (`fever-login`).
    public let email: String
    private let apiKey: FeverAPIKey
    private let connection: SyncConnection

    /// The size cap of one answer. A page holds 50 articles; the id lists of 100 000 articles are
    /// under 1 MiB.
    public static let maxAnswerBytes = 16 << 20

    /// The number of articles a Fever server sends per `items` request, and asks for at most in
    /// one `with_ids`.
    static let pageSize = 50

    public init(endpoint: URL, email: String, password: String, options: FetchOptions = FetchOptions()) {
        self.endpoint = endpoint
        self.email = email
        apiKey = FeverAPIKey(email: email, password: password)
        connection = SyncConnection(endpoint: endpoint, api: "Fever API", options: options, maxBytes: FeverSource.maxAnswerBytes)
    }

    public var description: String { "Fever API at \(CredentialRedaction.redact(endpoint.absoluteString)) as \(email)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["endpoint": endpoint, "email": email]) }

    // MARK: SyncSource

    public func subscriptions() throws(SyncFailure) -> [SyncedFeed] {
        let feedsAnswer = try call("feeds")
        let groupsAnswer = try call("groups")
        let groupTitles = Dictionary(groupsAnswer.groups.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        var tags: [Int64: Set<String>] = [:]
        for pair in groupsAnswer.feedsGroups + feedsAnswer.feedsGroups {
            guard let title = groupTitles[pair.groupID], !title.isEmpty else { continue }
            for feedID in pair.feedIDs { tags[feedID, default: []].insert(title) }
        }
        return feedsAnswer.feeds.map { feed in
            SyncedFeed(id: feed.id, title: feed.title, url: feed.url, siteURL: feed.siteURL,
                       tags: (tags[feed.id] ?? []).sorted(),
                       lastUpdated: feed.lastUpdatedOnTime.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil })
        }
    }

    public func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle] {
        var since = max(0, id)
        var articles: [SyncedArticle] = []
        var seen = Set<Int64>()
        while true {
            let page = try call("items&since_id=\(since)").items
            // A server that ignored since_id would send the same page forever: only ids above it count.
            let fresh = page.filter { $0.id > since && seen.insert($0.id).inserted }
            guard let highest = fresh.map(\.id).max() else { break }
            articles += fresh.map(FeverSource.article)
            since = highest
        }
        return articles.sorted { $0.id < $1.id }
    }

    public func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        let sorted = ids.sorted()
        var articles: [SyncedArticle] = []
        for start in stride(from: 0, to: sorted.count, by: FeverSource.pageSize) {
            let batch = sorted[start..<min(start + FeverSource.pageSize, sorted.count)]
            let items = try call("items&with_ids=\(batch.map(String.init).joined(separator: ","))").items
            articles += items.filter { ids.contains($0.id) }.map(FeverSource.article)
        }
        var seen = Set<Int64>()
        return articles.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public func articleStates() throws(SyncFailure) -> SyncedArticleStates {
        let unread = try call("unread_item_ids")
        let saved = try call("saved_item_ids")
        guard let unreadIDs = unread.unreadItemIDs, let savedIDs = saved.savedItemIDs else {
            throw .notSyncEndpoint(api: connection.api, host: connection.hostLabel, why: "the answer has no unread_item_ids or saved_item_ids")
        }
        return SyncedArticleStates(unreadIDs: Set(unreadIDs), starredIDs: Set(savedIDs))
    }

    @discardableResult
    public func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange] {
        guard !changes.isEmpty else { return [] }
        // Checks the login first: after that, a 404 for a mark can only mean that its article or
        // feed is gone, not that the address is wrong.
        _ = try call("")
        var skipped: [SyncChange] = []
        for change in changes {
            var form: [(name: String, value: String)]
            switch change {
            case .read(let id): form = [("mark", "item"), ("as", "read"), ("id", String(id))]
            case .unread(let id): form = [("mark", "item"), ("as", "unread"), ("id", String(id))]
            case .starred(let id): form = [("mark", "item"), ("as", "saved"), ("id", String(id))]
            case .unstarred(let id): form = [("mark", "item"), ("as", "unsaved"), ("id", String(id))]
            case .feedRead(let id, let before):
                let seconds = Int64(before.timeIntervalSince1970.rounded(.down))
                form = [("mark", "feed"), ("as", "read"), ("id", String(id)), ("before", String(seconds))]
            case .published, .unpublished:
                skipped.append(change)  // Fever has no published state
                continue
            }
            if try call("", form: form, goneIsNil: true) == nil { skipped.append(change) }
        }
        return skipped
    }

    // MARK: Feeds: managed on the server's own pages

    public var feedManagementRefusal: SyncFailure? { .cannotManageFeeds(api: connection.api) }

    public func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64 {
        throw .cannotManageFeeds(api: connection.api)
    }

    public func unsubscribe(feed id: Int64) throws(SyncFailure) {
        throw .cannotManageFeeds(api: connection.api)
    }

    public func rename(feed id: Int64, to title: String) throws(SyncFailure) {
        throw .cannotManageFeeds(api: connection.api)
    }

    public func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure) {
        throw .cannotManageFeeds(api: connection.api)
    }

    // MARK: Requests

    /// POSTs `?api` plus `command` with the key and `form`, and checks the answer.
    private func call(_ command: String) throws(SyncFailure) -> FeverResponse {
        // Never nil when `goneIsNil` is false.
        try call(command, form: [], goneIsNil: false)!
    }

    /// POSTs `?api` plus `command` with the key and `form`, and checks the answer: a Fever
    /// answer with `auth: 1` and a success status. With `goneIsNil`, a 404 returns nil.
    private func call(_ command: String, form: [(name: String, value: String)], goneIsNil: Bool) throws(SyncFailure) -> FeverResponse? {
        let host = connection.hostLabel
        let answer = try connection.post(FeverSource.url(endpoint, query: command.isEmpty ? "api" : "api&\(command)"),
                                         form: [("api_key", apiKey.hex)] + form)
        if goneIsNil && answer.status == 404 { return nil }
        let response: FeverResponse
        do {
            response = try FeverResponse(body: answer.body)
        } catch {
            if !(200..<300).contains(answer.status) { throw .httpStatus(host: host, code: answer.status) }
            throw .notSyncEndpoint(api: connection.api, host: host, why: error.why)
        }
        // Some servers say `auth: 0` with 401 or 403: the login is what is wrong, not the address.
        guard response.isAuthenticated else { throw .wrongCredentials(host: host) }
        guard (200..<300).contains(answer.status) else { throw .httpStatus(host: host, code: answer.status) }
        return response
    }

    /// The article for an item, its HTML sanitised with its own address as the base.
    private static func article(_ item: FeverResponse.Item) -> SyncedArticle {
        SyncedArticle(id: item.id, feedID: item.feedID, title: item.title, author: item.author,
                      html: HTMLSanitizer.sanitize(item.html, base: item.url), url: item.url,
                      isRead: item.isRead, isStarred: item.isSaved,
                      published: item.createdOnTime.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil })
    }

    /// The endpoint with `query` as its query string, replacing a bare `api` the user may have
    /// written into the address and keeping any other parameter.
    static func url(_ endpoint: URL, query: String) -> URL {
        guard var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else { return endpoint }
        let kept = (components.percentEncodedQuery ?? "").split(separator: "&")
            .filter { !$0.isEmpty && $0 != "api" && !$0.hasPrefix("api=") }
        components.percentEncodedQuery = (kept.map(String.init) + [query]).joined(separator: "&")
        components.fragment = nil
        return components.url ?? endpoint
    }
}
