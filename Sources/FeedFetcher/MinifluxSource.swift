import FeedModel
import FeedParser
import Foundation

/// A `SyncSource` that speaks Miniflux's own REST API (`/v1/…`), newsboat's `urls-source
/// "miniflux"`.
///
/// Requests, under the instance's address (`https://rss.example.org`):
/// - `GET /v1/feeds`: the feeds, each in one category (its tag);
/// - `GET /v1/entries?order=id&direction=asc&after_entry_id=N&limit=…`: the articles newer than
///   the newest the cache has, page by page (each page starts after the last id of the one
///   before, so entries that change meanwhile shift nothing); `status=unread` and
///   `starred=true` on the first sync, `changed_after` on the next ones: the state of every
///   article (Miniflux has no list of ids), which also brings the unread and starred articles
///   the cache lacks;
/// - `GET /v1/feeds/{id}/entries?…&limit=N`: a feed's newest articles (`miniflux-min-items`);
/// - `PUT /v1/entries` (`entry_ids`, `status`): reads and unreads, one request per run of one
///   kind; `PUT /v1/entries/{id}/bookmark` toggles a star, so it is sent only for an article whose
///   star on the server differs from the one wanted (`GET /v1/entries/{id}` first);
/// - `PUT /v1/feeds/{id}/mark-all-as-read`, or `PUT /v1/entries` with the ids of the unread
///   articles the server had before the mark when newer ones arrived since;
/// - `POST /v1/feeds`, `PUT /v1/feeds/{id}` (`title`, `category_id`), `DELETE /v1/feeds/{id}`,
///   and `GET`/`POST /v1/categories`: feeds managed from here.
///
///     let source = MinifluxSource(endpoint: URL(string: "https://rss.example.org")!,
///                                 credentials: .token(apiToken))
///     let feeds = try source.subscriptions()
///     let articles = try source.articles(newerThan: 0)
///
/// Calls block and are serialised on one connection; the instance may be shared between threads.
/// Neither the password nor the token appears in a URL, a failure, a description or a mirror.
public final class MinifluxSource: SyncSource, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The instance's address, under which `/v1/` is.
    public let endpoint: URL
    /// When set, the first sync asks for only this many of each feed's newest articles (and
    /// every unread and starred one): newsboat's `miniflux-min-items`. Nil asks for all of them.
    public let minItems: Int?
    private let credentials: MinifluxCredentials
    private let connection: RESTConnection
    private let lock = NSLock()
    /// The entries that `articleStates` read (under `lock`): the articles asked for by id next
    /// are among them. Kept as the server sent them: only those asked for are sanitised.
    private var stateEntries: [Int64: MinifluxResponse.Entry] = [:]

    /// The size cap of one answer: a page of 250 articles of a few KB each.
    public static let maxAnswerBytes = 16 << 20
    /// Entries asked for in one page, and ids in one `PUT /v1/entries`.
    static let pageSize = 250

    /// - Parameter maxAnswerBytes: the size cap of one answer; tests shrink it.
    public init(endpoint: URL, credentials: MinifluxCredentials, minItems: Int? = nil, options: FetchOptions = FetchOptions(),
                maxAnswerBytes: Int = MinifluxSource.maxAnswerBytes) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.minItems = minItems.flatMap { $0 > 0 ? $0 : nil }
        connection = RESTConnection(root: RESTConnection.root(of: endpoint, apiPath: "v1"), api: "Miniflux API",
                                    header: credentials.header, secrets: credentials.secrets, options: options, maxBytes: maxAnswerBytes)
    }

    public var description: String {
        "Miniflux API at \(CredentialRedaction.redact(endpoint.absoluteString)) \(credentials)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["endpoint": endpoint, "credentials": credentials.description]) }

    // MARK: SyncSource

    public func subscriptions() throws(SyncFailure) -> [SyncedFeed] {
        try decode(connection.get("feeds"), MinifluxResponse.feeds).map { feed in
            SyncedFeed(id: feed.id, title: feed.title, url: feed.url, siteURL: feed.siteURL,
                       tags: feed.category.map { [$0] } ?? [], lastUpdated: feed.checkedAt)
        }
    }

    public func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle] {
        if id == 0, let minItems {
            var articles: [SyncedArticle] = []
            for feed in try subscriptions() {
                let page = try decode(connection.get("feeds/\(feed.id)/entries", [("order", "id"), ("direction", "desc"),
                                                                                  ("limit", String(minItems))]),
                                      MinifluxResponse.entries)
                articles += page.entries.map(article)
            }
            return articles.sorted { $0.id < $1.id }
        }
        return try entries([], after: id).map(article)
    }

    public func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        lock.lock()
        var articles = ids.compactMap { stateEntries[$0] }.map(article)
        lock.unlock()
        for id in ids.subtracting(articles.map(\.id)).sorted() {
            guard let entry = try entry(id) else { continue }
            articles.append(article(entry))
        }
        return articles.sorted { $0.id < $1.id }
    }

    public func articleStates() throws(SyncFailure) -> SyncedArticleStates {
        let unread = try entries([("status", "unread")], after: 0)
        let starred = try entries([("starred", "true")], after: 0)
        lock.lock()
        stateEntries = Dictionary((unread + starred).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        lock.unlock()
        return SyncedArticleStates(unreadIDs: Set(unread.map(\.id)), starredIDs: Set(starred.map(\.id)))
    }

    /// After a first sync, only the entries whose state changed since the last one
    /// (`changed_after`, Miniflux's `changed_at` moves with every read, unread and star), applied
    /// to the cache's states. The server's clock decides `changed_at`, so the last sync's time is
    /// moved to it by the offset that the `Date` of its answers shows (the feed list is read
    /// first), and the window starts `clockMargin` seconds earlier still: for the `Date`'s whole
    /// seconds and a change made while the last sync ran. Without a `Date`, the margin is
    /// `unknownClockMargin`.
    public func articleStates(changedSince since: Date?, cached: SyncedArticleStates) throws(SyncFailure) -> SyncedArticleStates {
        guard let since else { return try articleStates() }
        let offset = connection.serverClockOffset
        let serverSince = since.addingTimeInterval(offset ?? 0).timeIntervalSince1970
        let margin = offset == nil ? MinifluxSource.unknownClockMargin : MinifluxSource.clockMargin
        let after = max(1, Int64(serverSince.rounded(.down)) - margin)
        let changed = try entries([("changed_after", String(after))], after: 0)
        var states = cached
        for article in changed {
            if article.isRead { states.unreadIDs.remove(article.id) } else { states.unreadIDs.insert(article.id) }
            if article.isStarred { states.starredIDs.insert(article.id) } else { states.starredIDs.remove(article.id) }
        }
        lock.lock()
        stateEntries = Dictionary(changed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        lock.unlock()
        return states
    }

    /// Seconds before the last sync (on the server's clock) that `changed_after` starts at.
    static let clockMargin: Int64 = 120
    /// The same when the server's answers have no `Date`.
    static let unknownClockMargin: Int64 = 600

    @discardableResult
    public func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange] {
        var skipped: [SyncChange] = []
        var index = changes.startIndex
        while index < changes.endIndex {
            switch changes[index] {
            case .feedRead(let id, let before):
                if try !markFeedRead(id, before: before) { skipped.append(changes[index]) }
                index += 1
            case .published, .unpublished:
                skipped.append(changes[index])  // Miniflux has no published state
                index += 1
            case .read, .unread:
                // A run of reads (or of unreads) is one request.
                let status = MinifluxSource.readMark(changes[index])?.status
                var ids: [Int64] = []
                while index < changes.endIndex, ids.count < MinifluxSource.pageSize,
                    let mark = MinifluxSource.readMark(changes[index]), mark.status == status {
                    ids.append(mark.id)
                    index += 1
                }
                if try !setStatus(status ?? "read", of: ids) { skipped += ids.map { status == "unread" ? .unread($0) : .read($0) } }
            case .starred, .unstarred:
                // A run of stars: the last one of each article wins, and only a difference is
                // toggled, so that sending the run again changes nothing.
                var wanted: [(id: Int64, starred: Bool)] = []
                while index < changes.endIndex {
                    let change = changes[index]
                    guard case let (id, starred)? = MinifluxSource.star(change) else { break }
                    wanted.removeAll { $0.id == id }
                    wanted.append((id, starred))
                    index += 1
                }
                for (id, starred) in wanted {
                    guard let entry = try entry(id) else {
                        skipped.append(starred ? .starred(id) : .unstarred(id))
                        continue
                    }
                    if entry.isStarred != starred { try connection.send("PUT", "entries/\(id)/bookmark") }
                }
            }
        }
        return skipped
    }

    // MARK: Feeds

    public func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64 {
        let categoryID = try category(for: tags)
        let body: Data
        do {
            body = try connection.send("POST", "feeds", json: ["feed_url": url, "category_id": categoryID ?? 0])
        } catch .refused(_, _, let why) {
            throw .feedChangeRefused(host: connection.hostLabel, why: why)
        }
        let id = try decode(body, MinifluxResponse.feedID)
        if let title, !title.isEmpty { try rename(feed: id, to: title) }
        return id
    }

    public func unsubscribe(feed id: Int64) throws(SyncFailure) {
        try changeFeed(id) { () throws(SyncFailure) in try connection.send("DELETE", "feeds/\(id)") }
    }

    public func rename(feed id: Int64, to title: String) throws(SyncFailure) {
        try changeFeed(id) { () throws(SyncFailure) in try connection.send("PUT", "feeds/\(id)", json: ["title": title]) }
    }

    /// Moves the feed to the category named by the one tag (made when missing); no tag puts it
    /// back in the first category, where Miniflux puts feeds added without one. Miniflux keeps a
    /// feed in exactly one category: more than one tag is refused.
    public func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure) {
        let categoryID: Int64
        if let named = try category(for: tags) {
            categoryID = named
        } else {
            guard let first = try decode(connection.get("categories"), MinifluxResponse.categories).first else {
                throw .feedChangeRefused(host: connection.hostLabel, why: "it has no category to put the feed in")
            }
            categoryID = first.id
        }
        try changeFeed(id) { () throws(SyncFailure) in try connection.send("PUT", "feeds/\(id)", json: ["category_id": categoryID]) }
    }

    /// The id of the category that `tags` names, made when the server lacks it; nil for no tag.
    private func category(for tags: [String]) throws(SyncFailure) -> Int64? {
        let names = Array(Set(tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        guard let name = names.first else { return nil }
        guard names.count == 1 else {
            throw .feedChangeRefused(host: connection.hostLabel, why: "Miniflux keeps a feed in one category; give it one tag")
        }
        let categories = try decode(connection.get("categories"), MinifluxResponse.categories)
        if let found = categories.first(where: { $0.title == name })
            ?? categories.first(where: { $0.title.lowercased() == name.lowercased() }) {
            return found.id
        }
        do {
            return try decode(connection.send("POST", "categories", json: ["title": name]), MinifluxResponse.category).id
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

    /// Marks read the articles of feed `id` that the server had before `before`; false when the
    /// server has no such feed.
    ///
    /// `mark-all-as-read` marks everything the feed has now, so it is used only when every
    /// unread article is older than the mark; otherwise the older ones are marked by id.
    private func markFeedRead(_ id: Int64, before: Date) throws(SyncFailure) -> Bool {
        let unread: [MinifluxResponse.Entry]
        do {
            unread = try entryPages("feeds/\(id)/entries", [("status", "unread")], after: 0)
        } catch .refused(_, 400, _), .refused(_, 404, _), .httpStatus(_, 404) {
            return false  // Miniflux: 400 "invalid feed ID" for a feed it does not have.
        }
        let older = unread.filter { ($0.created ?? .distantPast) < before }.map(\.id)
        if older.count == unread.count {
            guard !unread.isEmpty else { return true }
            do {
                try connection.send("PUT", "feeds/\(id)/mark-all-as-read")
            } catch .refused(_, 404, _), .httpStatus(_, 404) {
                return false
            }
            return true
        }
        for start in stride(from: 0, to: older.count, by: MinifluxSource.pageSize) {
            _ = try setStatus("read", of: Array(older[start..<min(start + MinifluxSource.pageSize, older.count)]))
        }
        return true
    }

    /// `PUT /v1/entries`; false when the server has none of the entries any more (Miniflux
    /// answers 500 "store: nothing has been updated" then, which must not stop the other marks).
    private func setStatus(_ status: String, of ids: [Int64]) throws(SyncFailure) -> Bool {
        do {
            try connection.send("PUT", "entries", json: ["entry_ids": ids, "status": status])
            return true
        } catch .refused(_, 500, let why) where why.hasSuffix("nothing has been updated") {
            return false
        }
    }

    private static func readMark(_ change: SyncChange) -> (status: String, id: Int64)? {
        switch change {
        case .read(let id): ("read", id)
        case .unread(let id): ("unread", id)
        default: nil
        }
    }

    private static func star(_ change: SyncChange) -> (Int64, Bool)? {
        switch change {
        case .starred(let id): (id, true)
        case .unstarred(let id): (id, false)
        default: nil
        }
    }

    // MARK: Entries

    /// Every entry matching `filter` with an id above `id`, in ascending id order.
    private func entries(_ filter: [(name: String, value: String)], after id: Int64) throws(SyncFailure) -> [MinifluxResponse.Entry] {
        try entryPages("entries", filter, after: id)
    }

    /// The pages of `GET /v1/PATH` in id order, each starting after the last id of the one before.
    private func entryPages(_ path: String, _ filter: [(name: String, value: String)], after id: Int64) throws(SyncFailure)
        -> [MinifluxResponse.Entry] {
        var entries: [MinifluxResponse.Entry] = []
        var lastID = id
        while true {
            let query = filter + [("order", "id"), ("direction", "asc"), ("limit", String(MinifluxSource.pageSize))]
                + (lastID > 0 ? [("after_entry_id", String(lastID))] : [])
            let page = try decode(connection.get(path, query), MinifluxResponse.entries)
            entries += page.entries
            // A server that ignored after_entry_id would send the same page forever.
            guard page.entries.count == MinifluxSource.pageSize, let last = page.entries.last?.id, last > lastID else { break }
            lastID = last
        }
        return entries
    }

    /// `GET /v1/entries/{id}`; nil when the server does not have it (any more).
    private func entry(_ id: Int64) throws(SyncFailure) -> MinifluxResponse.Entry? {
        do {
            return try decode(connection.get("entries/\(id)"), MinifluxResponse.entry)
        } catch .refused(_, 404, _), .httpStatus(_, 404) {
            return nil
        }
    }

    // MARK: Answers

    private func decode<T>(_ body: Data, _ decoder: (Data) throws(MinifluxResponse.Unexpected) -> T) throws(SyncFailure) -> T {
        do {
            return try decoder(body)
        } catch {
            throw .notSyncEndpoint(api: connection.http.api, host: connection.hostLabel, why: error.why)
        }
    }

    /// The article for an entry, its HTML sanitised with its own address as the base.
    private func article(_ entry: MinifluxResponse.Entry) -> SyncedArticle {
        SyncedArticle(id: entry.id, feedID: entry.feedID, title: entry.title, author: entry.author,
                      html: HTMLSanitizer.sanitize(entry.html, base: entry.url), url: entry.url,
                      isRead: entry.isRead, isStarred: entry.isStarred, published: entry.published)
    }
}
