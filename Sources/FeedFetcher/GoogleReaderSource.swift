import FeedModel
import FeedParser
import Foundation

/// A `SyncSource` that speaks the Google Reader API, which FreshRSS (`…/api/greader.php`),
/// Miniflux, Inoreader, The Old Reader and BazQux serve.
///
/// Requests, under the endpoint (`https://rss.example.org/api/greader.php`):
/// - `accounts/ClientLogin` (POST `Email`, `Passwd`) once, then `Authorization: GoogleLogin auth=…`;
///   `reader/api/0/token` for the write token `T` when the first change is sent;
/// - `subscription/list`: the feeds, their labels as tags;
/// - `stream/items/ids` of the reading list, newest first (`n=`, `c=` continuations), down to the
///   newest id the cache has; of the reading list without the read (`xt=…/read`) and of
///   `…/starred`: the state of every article;
/// - `stream/items/contents` (POST, many `i=`): the articles, 250 per request;
/// - `edit-tag` (many `i=`, `a=`/`r=` `…/read` or `…/starred`) and `mark-all-as-read` (`s=feed/…`,
///   `ts=` in microseconds): the marks made here, consecutive marks of one kind in one request;
/// - `subscription/quickadd` and `subscription/edit` (`ac=subscribe|unsubscribe|edit`, `t=`,
///   `a=`/`r=` `user/-/label/…`): feeds managed from here.
///
///     let source = GoogleReaderSource(endpoint: URL(string: "https://rss.example.org/api/greader.php")!,
///                                     login: "alice", password: apiPassword)
///     let feeds = try source.subscriptions()
///     let articles = try source.articles(newerThan: 0)
///
/// Calls block and are serialised on one connection; the instance may be shared between threads.
/// Neither the password nor the tokens appear in a URL, a failure, a description or a mirror.
public final class GoogleReaderSource: SyncSource, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The configured address, under which `accounts/ClientLogin` and `reader/api/0/…` are.
    public let endpoint: URL
    public let login: String
    /// When set, the first sync asks for only this many of each feed's newest articles (and
    /// every unread and starred one): newsboat's `…-min-items`. Nil asks for all of them.
    public let minItems: Int?
    private let connection: GoogleReaderConnection
    /// The item ids as the server spells them (The Old Reader's are not numbers).
    private let itemIDMap: GoogleReaderItemIDs
    private let lock = NSLock()
    /// Stream ids (`feed/…`) by the feed ids given out (under `lock`), for the requests about a feed.
    private var streamIDs: [Int64: String] = [:]

    /// The size cap of one answer: 250 articles of a few KB, or the id lists of 100 000 articles.
    public static let maxAnswerBytes = 16 << 20
    /// Articles asked for in one `stream/items/contents`, and ids in one `edit-tag`.
    static let batchSize = 250
    /// Ids asked for in one `stream/items/ids` page.
    static let idPageSize = 10_000

    static let readingList = "user/-/state/com.google/reading-list"
    static let read = "user/-/state/com.google/read"
    static let starred = "user/-/state/com.google/starred"

    /// - Parameters:
    ///   - namesItems: the server names its items with ids that are not numbers (The Old Reader's
    ///     ObjectIds): marks queued before this process read any are sent once their names are
    ///     learnt from the reading list. Such ids are read whatever this says.
    ///   - maxAnswerBytes: the size cap of one answer; tests shrink it.
    public init(endpoint: URL, login: String, password: String, app: InoreaderApp? = nil, minItems: Int? = nil,
                namesItems: Bool = false, options: FetchOptions = FetchOptions(),
                maxAnswerBytes: Int = GoogleReaderSource.maxAnswerBytes) {
        self.endpoint = endpoint
        self.login = login
        self.minItems = minItems.flatMap { $0 > 0 ? $0 : nil }
        itemIDMap = GoogleReaderItemIDs(named: namesItems)
        connection = GoogleReaderConnection(endpoint: endpoint, user: login, password: password, app: app, options: options,
                                            maxBytes: maxAnswerBytes)
    }

    public var description: String {
        "Google Reader API at \(CredentialRedaction.redact(endpoint.absoluteString)) as \(login)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["endpoint": endpoint, "login": login]) }

    // MARK: SyncSource

    public func subscriptions() throws(SyncFailure) -> [SyncedFeed] {
        let list = try decode(connection.get("subscription/list"), GoogleReaderResponse.subscriptions)
        return list.map { subscription in
            SyncedFeed(id: feedID(subscription.streamID), title: subscription.title, url: subscription.url,
                       siteURL: subscription.siteURL, tags: Array(Set(subscription.labels)).sorted())
        }
    }

    public func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle] {
        if id == 0, let minItems {
            var ids: [Int64] = []
            for feed in try subscriptions() {
                ids += try itemIDs([("s", streamID(feed.id)), ("n", String(minItems))], pages: 1)
            }
            return try articles(withIDs: Set(ids))
        }
        // Newest first, so that the pages stop at the first id the cache has: a sync with nothing
        // new costs one short page.
        var newer: [Int64] = []
        var continuation: String?
        var pageSize = id == 0 ? GoogleReaderSource.idPageSize : 100
        repeat {
            let page = try decode(connection.get("stream/items/ids", [("s", GoogleReaderSource.readingList), ("n", String(pageSize))]
                                                 + (continuation.map { [("c", $0)] } ?? [])), idPage)
            let fresh = page.ids.filter { $0 > id }
            newer += fresh
            if fresh.count < page.ids.count { break }
            continuation = page.continuation
            pageSize = GoogleReaderSource.idPageSize
        } while continuation != nil
        return try articles(withIDs: Set(newer))
    }

    public func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        let names = try itemNames(ids)
        let sorted = names.keys.sorted()
        var articles: [SyncedArticle] = []
        for start in stride(from: 0, to: sorted.count, by: GoogleReaderSource.batchSize) {
            let batch = sorted[start..<min(start + GoogleReaderSource.batchSize, sorted.count)]
            let form = batch.compactMap { names[$0].map { (name: "i", value: $0) } }
            // Never nil: without `goneIsNil` a refusal throws.
            let items = try decode(connection.post("stream/items/contents", form)!) { body throws(GoogleReaderResponse.Unexpected) in
                try GoogleReaderResponse.items(body, itemIDMap)
            }
            articles += items.filter { ids.contains($0.id) }.map(article)
        }
        var seen = Set<Int64>()
        return articles.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public func articleStates() throws(SyncFailure) -> SyncedArticleStates {
        let unread = try itemIDs([("s", GoogleReaderSource.readingList), ("xt", GoogleReaderSource.read)])
        let starred = try itemIDs([("s", GoogleReaderSource.starred)])
        return SyncedArticleStates(unreadIDs: Set(unread), starredIDs: Set(starred))
    }

    @discardableResult
    public func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange] {
        var skipped: [SyncChange] = []
        var index = changes.startIndex
        while index < changes.endIndex {
            if case .feedRead(let id, let before) = changes[index] {
                let microseconds = Int64((before.timeIntervalSince1970 * 1_000_000).rounded(.down))
                let form = [("s", try streamID(id)), ("ts", String(microseconds))]
                if try connection.post("mark-all-as-read", form, goneIsNil: true) == nil { skipped.append(changes[index]) }
                index += 1
                continue
            }
            if changes[index].isPublishing {
                skipped.append(changes[index])  // no published state in this API
                index += 1
                continue
            }
            // A run of marks of one kind (read, unread, starred, unstarred) is one edit-tag: the
            // order between kinds is kept, so the last mark of an article still wins.
            let (field, state) = GoogleReaderSource.editTag(changes[index])
            var run: [SyncChange] = []
            while index < changes.endIndex, run.count < GoogleReaderSource.batchSize,
                GoogleReaderSource.editTag(changes[index]) == (field, state), changes[index].articleID != nil {
                run.append(changes[index])
                index += 1
            }
            // An item the server does not name (any more) is skipped.
            let names = try itemNames(Set(run.compactMap(\.articleID)))
            skipped += run.filter { names[$0.articleID ?? 0] == nil }
            let form = run.compactMap { $0.articleID.flatMap { names[$0] } }.map { (name: "i", value: $0) }
            if !form.isEmpty { _ = try connection.post("edit-tag", form + [(field, state)]) }
        }
        return skipped
    }

    // MARK: Feeds

    public func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64 {
        let body = try connection.post("subscription/quickadd", [("quickadd", url)])!
        let streamID: String
        switch try decode(body, GoogleReaderResponse.quickadd) {
        case .success(let id): streamID = id
        case .failure(let refusal): throw .feedChangeRefused(host: connection.hostLabel, why: refusal.why)
        }
        let id = feedID(streamID)
        if let title, !title.isEmpty { try rename(feed: id, to: title) }
        if !tags.isEmpty { try setTags(tags, feed: id) }
        return id
    }

    public func unsubscribe(feed id: Int64) throws(SyncFailure) {
        try edit(feed: id, [("ac", "unsubscribe")])
    }

    public func rename(feed id: Int64, to title: String) throws(SyncFailure) {
        try edit(feed: id, [("ac", "edit"), ("t", title)])
    }

    /// Removes the labels the feed should not have, then adds the missing ones, one request each:
    /// servers whose feeds have one folder (FreshRSS, Miniflux) move the feed at each step.
    public func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure) {
        let stream = try streamID(id)
        let current = Set(try subscriptions().first { $0.id == id }?.tags ?? [])
        let wanted = Set(tags)
        for label in current.subtracting(wanted).sorted() {
            try edit(feed: id, [("ac", "edit"), ("r", "user/-/label/\(label)")], stream: stream)
        }
        for label in tags where !current.contains(label) {
            try edit(feed: id, [("ac", "edit"), ("a", "user/-/label/\(label)")], stream: stream)
        }
    }

    /// One `subscription/edit` of the feed `id`; a refusal (FreshRSS: 400 for a feed it lacks)
    /// is `feedChangeRefused`.
    private func edit(feed id: Int64, _ form: [(name: String, value: String)], stream: String? = nil) throws(SyncFailure) {
        let stream = if let stream { stream } else { try streamID(id) }
        guard try connection.post("subscription/edit", [("s", stream)] + form, goneIsNil: true) != nil else {
            throw .feedChangeRefused(host: connection.hostLabel, why: "it has no feed \(stream)")
        }
    }

    // MARK: Ids

    /// Every id of a stream, page after page (at most `pages`).
    private func itemIDs(_ query: [(name: String, value: String)], pages: Int = .max) throws(SyncFailure) -> [Int64] {
        var ids: [Int64] = []
        var continuation: String?
        var seen = Set<String>()
        for _ in 0..<pages {
            let hasCount = query.contains { $0.name == "n" }
            let page = try decode(connection.get("stream/items/ids", query + (hasCount ? [] : [("n", String(GoogleReaderSource.idPageSize))])
                                                 + (continuation.map { [("c", $0)] } ?? [])), idPage)
            ids += page.ids
            // A server that ignored `c` would send the same page forever.
            guard let next = page.continuation, !page.ids.isEmpty, seen.insert(next).inserted else { break }
            continuation = next
        }
        return ids
    }

    /// Decodes a page of `stream/items/ids`, learning the names of the items.
    private func idPage(_ body: Data) throws(GoogleReaderResponse.Unexpected) -> GoogleReaderResponse.ItemIDs {
        try GoogleReaderResponse.itemIDs(body, itemIDMap)
    }

    /// How requests name each of `ids`. A server that names its items (The Old Reader) is asked
    /// for its reading list's ids first when this process has not read some of them; those it
    /// does not list (gone) have no name.
    private func itemNames(_ ids: Set<Int64>) throws(SyncFailure) -> [Int64: String] {
        if itemIDMap.namesItems, ids.contains(where: { itemIDMap.text($0) == nil }) {
            _ = try itemIDs([("s", GoogleReaderSource.readingList)])
        }
        var names: [Int64: String] = [:]
        for id in ids {
            if let name = itemIDMap.text(id) { names[id] = name }
        }
        return names
    }

    /// The feed id given out for a stream id: its number for `feed/123`, otherwise a stable hash of
    /// the stream id (Inoreader and BazQux name feeds by their URL). Remembered for `streamID`.
    private func feedID(_ streamID: String) -> Int64 {
        let id = GoogleReaderSource.feedID(streamID)
        lock.lock()
        streamIDs[id] = streamID
        lock.unlock()
        return id
    }

    static func feedID(_ streamID: String) -> Int64 {
        if streamID.hasPrefix("feed/"), let number = Int64(streamID.dropFirst(5)), number > 0 { return number }
        // FNV-1a, 64 bits, made positive: the same in every process, unlike `Hasher`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in streamID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int64(bitPattern: hash & UInt64(Int64.max))
    }

    /// The stream id of a feed id; the subscription list is read when this process has not seen it.
    private func streamID(_ id: Int64) throws(SyncFailure) -> String {
        lock.lock()
        let known = streamIDs[id]
        lock.unlock()
        if let known { return known }
        _ = try subscriptions()
        lock.lock()
        defer { lock.unlock() }
        return streamIDs[id] ?? "feed/\(id)"
    }

    // MARK: Marks

    /// The `a=`/`r=` field of a mark and its state.
    private static func editTag(_ change: SyncChange) -> (String, String) {
        switch change {
        case .read: ("a", read)
        case .unread: ("r", read)
        case .starred: ("a", starred)
        case .unstarred: ("r", starred)
        case .feedRead, .published, .unpublished: ("", "")
        }
    }

    // MARK: Answers

    private func decode<T>(_ body: Data, _ decoder: (Data) throws(GoogleReaderResponse.Unexpected) -> T) throws(SyncFailure) -> T {
        do {
            return try decoder(body)
        } catch {
            throw .notSyncEndpoint(api: connection.http.api, host: connection.hostLabel, why: error.why)
        }
    }

    /// The article for an item, its HTML sanitised with its own address as the base.
    private func article(_ item: GoogleReaderResponse.Item) -> SyncedArticle {
        SyncedArticle(id: item.id, feedID: feedID(item.feedStreamID), title: item.title, author: item.author,
                      html: HTMLSanitizer.sanitize(item.html, base: item.url), url: item.url,
                      isRead: item.isRead, isStarred: item.isStarred,
                      published: item.published.flatMap { $0 > 0 ? Date(timeIntervalSince1970: TimeInterval($0)) : nil })
    }
}
