import FeedModel
import FeedParser
import Foundation

/// A `SyncSource` that speaks Nextcloud News's API v1-2 (`/index.php/apps/news/api/v1-2/`),
/// newsboat's `urls-source "ocnews"`.
///
/// Requests, under the Nextcloud address (`https://cloud.example.org`), with HTTP basic
/// authentication on each:
/// - `GET feeds` and `GET folders`: the feeds, each in one folder (its tag), and the account's
///   newest item id;
/// - `GET items?type=3&getRead=true&batchSize=250&offset=N`: every item, newest first, each page
///   below the lowest id of the one before: the first sync (the API has no list of ids, so the
///   items read for the states are the articles too);
/// - `GET items/updated?lastModified=T&type=3`: the items new or changed since the last sync
///   (their `lastModified` moves with every read, unread and star): the next syncs. With nothing
///   new it returns no item;
/// - `PUT items/read/multiple`, `items/unread/multiple` (`{"items": [ids]}`), `items/star/multiple`,
///   `items/unstar/multiple` (`{"items": [{"feedId", "guidHash"}]}`): the marks, one request per
///   run of one kind; `PUT feeds/{id}/read` (`newestItemId`): a feed marked read;
/// - `POST feeds`, `DELETE feeds/{id}`, `PUT feeds/{id}/rename`, `PUT feeds/{id}/move`,
///   `POST folders`: feeds managed from here.
///
///     let source = NextcloudNewsSource(endpoint: URL(string: "https://cloud.example.org")!,
///                                      credentials: BasicCredentials(login: "me", password: password))
///
/// Calls block and are serialised on one connection; the instance may be shared between threads.
/// The password appears in no URL, failure, description or mirror.
public final class NextcloudNewsSource: SyncSource, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The Nextcloud address, under which `index.php/apps/news/api/v1-2/` is.
    public let endpoint: URL
    private let credentials: BasicCredentials
    private let connection: RESTConnection
    private let lock = NSLock()
    /// The items the last read of states brought (under `lock`), by id: the articles asked for
    /// next are among them. Kept as the server sent them: only those asked for are sanitised.
    private var recentItems: [Int64: NextcloudNewsResponse.Item]?
    /// Each item's feed and guid hash (under `lock`), as stars name them.
    private var starKeys: [Int64: StarKey] = [:]
    /// The account's newest item id when the feeds were last read (under `lock`): a feed marked
    /// read is read up to it, so that items that arrived since stay unread.
    private var newestItemID: Int64?

    /// How a star names an item.
    private struct StarKey: Hashable {
        var feedID: Int64
        var guidHash: String
    }

    /// The size cap of one answer: a page of 250 items of a few KB each.
    public static let maxAnswerBytes = 16 << 20
    /// Items asked for in one page, and ids in one mark request.
    static let pageSize = 250
    /// The API's path under the Nextcloud address.
    static let apiPath = "index.php/apps/news/api/v1-2"

    /// - Parameter maxAnswerBytes: the size cap of one answer; tests shrink it.
    public init(endpoint: URL, credentials: BasicCredentials, options: FetchOptions = FetchOptions(),
                maxAnswerBytes: Int = NextcloudNewsSource.maxAnswerBytes) {
        self.endpoint = endpoint
        self.credentials = credentials
        connection = RESTConnection(root: RESTConnection.root(of: endpoint, apiPath: NextcloudNewsSource.apiPath),
                                    api: "Nextcloud News API", header: credentials.header, secrets: credentials.secrets,
                                    options: options, maxBytes: maxAnswerBytes)
    }

    public var description: String {
        "Nextcloud News API at \(CredentialRedaction.redact(endpoint.absoluteString)) \(credentials)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["endpoint": endpoint, "login": credentials.login]) }

    // MARK: SyncSource

    public func subscriptions() throws(SyncFailure) -> [SyncedFeed] {
        let (feeds, newest) = try decode(connection.get("feeds"), NextcloudNewsResponse.feeds)
        let folders = Dictionary(try decode(connection.get("folders"), NextcloudNewsResponse.folders).map { ($0.id, $0.name) },
                                 uniquingKeysWith: { first, _ in first })
        lock.lock()
        newestItemID = newest
        lock.unlock()
        return feeds.map { feed in
            SyncedFeed(id: feed.id, title: feed.title, url: feed.url, siteURL: feed.link,
                       tags: feed.folderID.flatMap { folders[$0] }.map { [$0] } ?? [])
        }
    }

    public func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle] {
        lock.lock()
        let kept = recentItems
        lock.unlock()
        // The states were read in this sync: the new items are among what was read.
        if let kept { return kept.values.filter { $0.id > id }.sorted { $0.id < $1.id }.map(article) }
        return try itemPages(downTo: id).map(article).sorted { $0.id < $1.id }
    }

    public func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        lock.lock()
        let kept = recentItems ?? [:]
        lock.unlock()
        var items = ids.compactMap { kept[$0] }
        for id in ids.subtracting(items.map(\.id)).sorted() {
            if let item = try item(id) { items.append(item) }
        }
        return items.sorted { $0.id < $1.id }.map(article)
    }

    /// Every item, read page by page (the API lists whole items, not ids).
    public func articleStates() throws(SyncFailure) -> SyncedArticleStates {
        let items = try itemPages(downTo: 0)
        keep(items)
        return SyncedArticleStates(unreadIDs: Set(items.filter(\.isUnread).map(\.id)), starredIDs: Set(items.filter(\.isStarred).map(\.id)))
    }

    /// After a first sync, only the items new or changed since the last one
    /// (`items/updated?lastModified=`), applied to the cache's states. The server's clock dates
    /// a change: the last sync's time is moved to it by the offset its `Date` header shows (the
    /// feed list is read first), and the window opens `clockMargin` seconds earlier still.
    public func articleStates(changedSince since: Date?, cached: SyncedArticleStates) throws(SyncFailure) -> SyncedArticleStates {
        guard let since else { return try articleStates() }
        let offset = connection.serverClockOffset
        let serverSince = since.addingTimeInterval(offset ?? 0).timeIntervalSince1970
        let margin = offset == nil ? MinifluxSource.unknownClockMargin : MinifluxSource.clockMargin
        let after = max(1, Int64(serverSince.rounded(.down)) - margin)
        let changed = try decode(connection.get("items/updated", [("lastModified", String(after)), ("type", "3"), ("id", "0")]),
                                 NextcloudNewsResponse.items)
        keep(changed)
        var states = cached
        for item in changed {
            if item.isUnread { states.unreadIDs.insert(item.id) } else { states.unreadIDs.remove(item.id) }
            if item.isStarred { states.starredIDs.insert(item.id) } else { states.starredIDs.remove(item.id) }
        }
        return states
    }

    @discardableResult
    public func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange] {
        var skipped: [SyncChange] = []
        var index = changes.startIndex
        while index < changes.endIndex {
            let change = changes[index]
            let kind = NextcloudNewsSource.markPath(change)
            guard let kind else {
                index += 1
                if case .feedRead(let id, _) = change {
                    if try !markFeedRead(id) { skipped.append(change) }
                } else {
                    skipped.append(change)  // no published state in this API
                }
                continue
            }
            // A run of one kind is one request.
            var run: [SyncChange] = []
            while index < changes.endIndex, run.count < NextcloudNewsSource.pageSize, NextcloudNewsSource.markPath(changes[index]) == kind {
                run.append(changes[index])
                index += 1
            }
            let ids = run.compactMap(\.articleID)
            if kind.hasPrefix("items/read") || kind.hasPrefix("items/unread") {
                try connection.send("PUT", kind, json: ["items": ids])
                continue
            }
            let keys = try starKeys(for: Set(ids))
            skipped += run.filter { keys[$0.articleID ?? 0] == nil }
            let named = ids.compactMap { keys[$0] }.map { ["feedId": $0.feedID, "guidHash": $0.guidHash] as [String: Any] }
            if !named.isEmpty { try connection.send("PUT", kind, json: ["items": named]) }
        }
        return skipped
    }

    // MARK: Feeds

    public func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64 {
        let folderID = try folder(for: tags)
        let body: Data
        do {
            body = try connection.send("POST", "feeds", json: ["url": url, "folderId": folderID.map { $0 as Any } ?? NSNull()])
        } catch .refused(_, _, let why) {
            throw .feedChangeRefused(host: connection.hostLabel, why: why)
        }
        guard let id = try decode(body, NextcloudNewsResponse.feeds).feeds.first?.id else {
            throw .notSyncEndpoint(api: connection.http.api, host: connection.hostLabel, why: "the new feed is not in the answer")
        }
        if let title, !title.isEmpty { try rename(feed: id, to: title) }
        return id
    }

    public func unsubscribe(feed id: Int64) throws(SyncFailure) {
        try changeFeed(id) { () throws(SyncFailure) in try connection.send("DELETE", "feeds/\(id)") }
    }

    public func rename(feed id: Int64, to title: String) throws(SyncFailure) {
        try changeFeed(id) { () throws(SyncFailure) in try connection.send("PUT", "feeds/\(id)/rename", json: ["feedTitle": title]) }
    }

    /// Moves the feed to the folder the one tag names (made when missing), or to the root for no
    /// tag. Nextcloud News keeps a feed in one folder: more than one tag is refused.
    public func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure) {
        let folderID = try folder(for: tags)
        try changeFeed(id) { () throws(SyncFailure) in
            try connection.send("PUT", "feeds/\(id)/move", json: ["folderId": folderID.map { $0 as Any } ?? NSNull()])
        }
    }

    /// The id of the folder `tags` names, made when the server lacks it; nil (the root) for none.
    private func folder(for tags: [String]) throws(SyncFailure) -> Int64? {
        let names = Array(Set(tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        guard let name = names.first else { return nil }
        guard names.count == 1 else {
            throw .feedChangeRefused(host: connection.hostLabel, why: "Nextcloud News keeps a feed in one folder; give it one tag")
        }
        if let found = try decode(connection.get("folders"), NextcloudNewsResponse.folders).first(where: { $0.name == name }) {
            return found.id
        }
        do {
            return try decode(connection.send("POST", "folders", json: ["name": name]), NextcloudNewsResponse.folders).first?.id
        } catch .refused(_, _, let why) {
            throw .feedChangeRefused(host: connection.hostLabel, why: why)
        }
    }

    /// Runs a change of the feed `id`; a feed the server lacks (404) or a change it refuses is
    /// `feedChangeRefused`.
    private func changeFeed(_ id: Int64, _ change: () throws(SyncFailure) -> Data) throws(SyncFailure) {
        do {
            _ = try change()
        } catch .refused(_, 404, _), .httpStatus(_, 404) {
            throw .feedChangeRefused(host: connection.hostLabel, why: "it has no feed \(id)")
        } catch .refused(_, _, let why) {
            throw .feedChangeRefused(host: connection.hostLabel, why: why)
        }
    }

    // MARK: Marks

    /// `PUT feeds/{id}/read` up to the newest item the last feed list showed (the feeds are read
    /// first when this process has not); false when the server has no such feed.
    private func markFeedRead(_ id: Int64) throws(SyncFailure) -> Bool {
        lock.lock()
        var newest = newestItemID
        lock.unlock()
        if newest == nil {
            _ = try subscriptions()
            lock.lock()
            newest = newestItemID
            lock.unlock()
        }
        guard let newest else { return true }  // no item at all: nothing to read
        do {
            try connection.send("PUT", "feeds/\(id)/read", json: ["newestItemId": newest])
            return true
        } catch .refused(_, 404, _), .httpStatus(_, 404) {
            return false
        }
    }

    /// The request path of a mark; nil for a feed read or a published state.
    private static func markPath(_ change: SyncChange) -> String? {
        switch change {
        case .read: "items/read/multiple"
        case .unread: "items/unread/multiple"
        case .starred: "items/star/multiple"
        case .unstarred: "items/unstar/multiple"
        case .feedRead, .published, .unpublished: nil
        }
    }

    /// How stars name each of `ids`: from the items read in this process, else read one by one.
    private func starKeys(for ids: Set<Int64>) throws(SyncFailure) -> [Int64: StarKey] {
        lock.lock()
        var keys = starKeys.filter { ids.contains($0.key) }
        lock.unlock()
        for id in ids.subtracting(keys.keys).sorted() {
            if let item = try item(id) { keys[id] = StarKey(feedID: item.feedID, guidHash: item.guidHash) }
        }
        return keys
    }

    // MARK: Items

    /// Every item with an id above `id`, newest first, page by page.
    private func itemPages(downTo id: Int64) throws(SyncFailure) -> [NextcloudNewsResponse.Item] {
        var items: [NextcloudNewsResponse.Item] = []
        var offset: Int64 = 0
        while true {
            let page = try decode(connection.get("items", [("type", "3"), ("id", "0"), ("getRead", "true"),
                                                           ("batchSize", String(NextcloudNewsSource.pageSize)),
                                                           ("offset", String(offset))]),
                                  NextcloudNewsResponse.items)
            items += page.filter { $0.id > id }
            // A server that ignored `offset` would send the same page forever.
            guard page.count == NextcloudNewsSource.pageSize, let lowest = page.map(\.id).min(), lowest > id,
                  offset == 0 || lowest < offset
            else { break }
            offset = lowest
        }
        keepStarKeys(items)
        return items
    }

    /// The item `id`, from a page of one below `id + 1`; nil when the server does not have it.
    private func item(_ id: Int64) throws(SyncFailure) -> NextcloudNewsResponse.Item? {
        let page = try decode(connection.get("items", [("type", "3"), ("id", "0"), ("getRead", "true"), ("batchSize", "1"),
                                                       ("offset", String(id + 1))]),
                              NextcloudNewsResponse.items)
        keepStarKeys(page)
        return page.first { $0.id == id }
    }

    private func keep(_ items: [NextcloudNewsResponse.Item]) {
        keepStarKeys(items)
        lock.lock()
        recentItems = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        lock.unlock()
    }

    private func keepStarKeys(_ items: [NextcloudNewsResponse.Item]) {
        lock.lock()
        for item in items { starKeys[item.id] = StarKey(feedID: item.feedID, guidHash: item.guidHash) }
        lock.unlock()
    }

    // MARK: Answers

    private func decode<T>(_ body: Data, _ decoder: (Data) throws(NextcloudNewsResponse.Unexpected) -> T) throws(SyncFailure) -> T {
        do {
            return try decoder(body)
        } catch {
            throw .notSyncEndpoint(api: connection.http.api, host: connection.hostLabel, why: error.why)
        }
    }

    /// The article for an item, its HTML sanitised with its own address as the base.
    private func article(_ item: NextcloudNewsResponse.Item) -> SyncedArticle {
        SyncedArticle(id: item.id, feedID: item.feedID, title: item.title, author: item.author,
                      html: HTMLSanitizer.sanitize(item.html, base: item.url), url: item.url,
                      isRead: !item.isUnread, isStarred: item.isStarred, published: item.published)
    }
}
