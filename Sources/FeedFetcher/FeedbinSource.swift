import FeedModel
import FeedParser
import Foundation

/// A `SyncSource` that speaks Feedbin's API v2 (`https://api.feedbin.com/v2/`, or a self-hosted
/// Feedbin's `feedbin-url`), newsboat's `urls-source "feedbin"`.
///
/// Requests, each with HTTP basic authentication, every path ending in `.json`:
/// - `GET subscriptions` and `GET taggings`: the feeds and their tags (a feed may have several);
/// - `GET unread_entries` and `GET starred_entries`: the ids of the unread and starred entries;
/// - `GET entries?since=DATE&per_page=100&page=N`: the entries Feedbin stored since the last sync
///   (none when nothing is new); every page of `GET entries` on the first sync;
///   `GET entries?ids=…` (100 at most): the unread or starred ones the cache lacks;
/// - `DELETE`/`POST unread_entries` and `POST`/`DELETE starred_entries` (1 000 ids at most): the
///   marks, one request per run of one kind; a feed marked read is its unread entries stored
///   before the mark (`GET feeds/{id}/entries?read=false`) marked read by id, since Feedbin has
///   no call for it;
/// - `POST subscriptions` (201 made, 302 already there, 300 several feeds, 404 none),
///   `PATCH`/`DELETE subscriptions/{id}`, `POST taggings`, `DELETE taggings/{id}`: feeds managed
///   from here.
///
///     let source = FeedbinSource(endpoint: URL(string: "https://api.feedbin.com")!,
///                                credentials: BasicCredentials(login: "me@example.org", password: password))
///
/// Calls block and are serialised on one connection; the instance may be shared between threads.
/// The password appears in no URL, failure, description or mirror.
public final class FeedbinSource: SyncSource, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// The API's address (`feedbin-url`), under which `v2/` is.
    public let endpoint: URL
    private let credentials: BasicCredentials
    private let connection: RESTConnection
    private let lock = NSLock()
    /// The subscription id of each feed (under `lock`): renaming and deleting name the
    /// subscription, the entries name the feed.
    private var subscriptionIDs: [Int64: Int64] = [:]
    /// Where the entries stored since the last sync start, on the server's clock (under `lock`):
    /// set when the states are read for a cache synced before.
    private var entriesSince: Date?

    /// Feedbin's own address, `feedbin-url`'s default.
    public static let defaultEndpoint = URL(string: "https://api.feedbin.com")!
    /// The size cap of one answer.
    public static let maxAnswerBytes = 16 << 20
    /// Entries in one page (Feedbin's limit), and ids in one `entries?ids=`.
    static let pageSize = 100
    /// Ids in one mark request (Feedbin's limit).
    static let markBatch = 1_000

    /// - Parameter maxAnswerBytes: the size cap of one answer; tests shrink it.
    public init(endpoint: URL = FeedbinSource.defaultEndpoint, credentials: BasicCredentials, options: FetchOptions = FetchOptions(),
                maxAnswerBytes: Int = FeedbinSource.maxAnswerBytes) {
        self.endpoint = endpoint
        self.credentials = credentials
        connection = RESTConnection(root: RESTConnection.root(of: endpoint, apiPath: "v2"), api: "Feedbin API",
                                    header: credentials.header, secrets: credentials.secrets, suffix: ".json",
                                    options: options, maxBytes: maxAnswerBytes)
    }

    public var description: String {
        "Feedbin API at \(CredentialRedaction.redact(endpoint.absoluteString)) \(credentials)"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["endpoint": endpoint, "login": credentials.login]) }

    // MARK: SyncSource

    public func subscriptions() throws(SyncFailure) -> [SyncedFeed] {
        let subscriptions = try decode(connection.get("subscriptions"), FeedbinResponse.subscriptions)
        var tags: [Int64: [String]] = [:]
        for tagging in try decode(connection.get("taggings"), FeedbinResponse.taggings) where !tagging.name.isEmpty {
            tags[tagging.feedID, default: []].append(tagging.name)
        }
        lock.lock()
        subscriptionIDs = Dictionary(subscriptions.map { ($0.feedID, $0.id) }, uniquingKeysWith: { first, _ in first })
        lock.unlock()
        return subscriptions.map { subscription in
            SyncedFeed(id: subscription.feedID, title: subscription.title, url: subscription.feedURL, siteURL: subscription.siteURL,
                       tags: Array(Set(tags[subscription.feedID] ?? [])).sorted())
        }
    }

    /// The entries with an id above `id`: those stored since the last sync when the states read
    /// before told when that was, else every page of entries down to `id`.
    public func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle] {
        lock.lock()
        let since = entriesSince
        lock.unlock()
        let query = since.map { [("since", FeedbinSource.dateText($0))] } ?? []
        return try entryPages("entries", query, downTo: id).filter { $0.id > id }.map(article).sorted { $0.id < $1.id }
    }

    public func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        let sorted = ids.sorted()
        var articles: [SyncedArticle] = []
        for start in stride(from: 0, to: sorted.count, by: FeedbinSource.pageSize) {
            let batch = sorted[start..<min(start + FeedbinSource.pageSize, sorted.count)]
            let entries = try decode(connection.get("entries", [("ids", batch.map(String.init).joined(separator: ","))]),
                                     FeedbinResponse.entries)
            articles += entries.filter { ids.contains($0.id) }.map(article)
        }
        var seen = Set<Int64>()
        return articles.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public func articleStates() throws(SyncFailure) -> SyncedArticleStates {
        let unread = try decode(connection.get("unread_entries"), FeedbinResponse.ids)
        let starred = try decode(connection.get("starred_entries"), FeedbinResponse.ids)
        return SyncedArticleStates(unreadIDs: Set(unread), starredIDs: Set(starred))
    }

    /// The id lists, and, for a cache synced before, where the new entries start: the last sync's
    /// time moved to the server's clock (the feed list is read first), less `clockMargin`.
    public func articleStates(changedSince since: Date?, cached: SyncedArticleStates) throws(SyncFailure) -> SyncedArticleStates {
        let states = try articleStates()
        let offset = connection.serverClockOffset
        let margin = TimeInterval(offset == nil ? MinifluxSource.unknownClockMargin : MinifluxSource.clockMargin)
        lock.lock()
        entriesSince = since.map { $0.addingTimeInterval((offset ?? 0) - margin) }
        lock.unlock()
        return states
    }

    @discardableResult
    public func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange] {
        var skipped: [SyncChange] = []
        var index = changes.startIndex
        while index < changes.endIndex {
            let change = changes[index]
            guard let (method, path) = FeedbinSource.markRequest(change) else {
                index += 1
                if case .feedRead(let id, let before) = change {
                    if try !markFeedRead(id, before: before) { skipped.append(change) }
                } else {
                    skipped.append(change)  // no published state in this API
                }
                continue
            }
            var ids: [Int64] = []
            while index < changes.endIndex, ids.count < FeedbinSource.markBatch,
                  let request = FeedbinSource.markRequest(changes[index]), request == (method, path), let id = changes[index].articleID {
                ids.append(id)
                index += 1
            }
            // Feedbin answers with the ids it changed; the others are gone (or not the user's).
            let done = Set(try decode(connection.send(method, path, json: [path: ids]), FeedbinResponse.ids))
            skipped += ids.filter { !done.contains($0) }.map { FeedbinSource.change(method, path, $0) }
        }
        return skipped
    }

    // MARK: Feeds

    public func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64 {
        let answer = try connection.answer("POST", "subscriptions", json: ["feed_url": url])
        let why: String
        switch answer.status {
        case 200..<300:
            let subscription = try decode(answer.body, FeedbinResponse.subscription)
            lock.lock()
            subscriptionIDs[subscription.feedID] = subscription.id
            lock.unlock()
            if let title, !title.isEmpty { try rename(feed: subscription.feedID, to: title) }
            if !tags.isEmpty { try setTags(tags, feed: subscription.feedID) }
            return subscription.feedID
        case 302: why = "it is subscribed to that feed already"
        case 300: why = "several feeds are at that address: " + FeedbinResponse.choices(answer.body).prefix(3).joined(separator: ", ")
        case 404: why = "it found no feed at that address"
        default: throw .httpStatus(host: connection.hostLabel, code: answer.status)
        }
        throw .feedChangeRefused(host: connection.hostLabel, why: why)
    }

    public func unsubscribe(feed id: Int64) throws(SyncFailure) {
        let subscription = try subscriptionID(id)
        try changeFeed(id) { () throws(SyncFailure) in try connection.send("DELETE", "subscriptions/\(subscription)") }
    }

    public func rename(feed id: Int64, to title: String) throws(SyncFailure) {
        let subscription = try subscriptionID(id)
        try changeFeed(id) { () throws(SyncFailure) in try connection.send("PATCH", "subscriptions/\(subscription)", json: ["title": title]) }
    }

    /// Deletes the feed's taggings it should not have, then makes the missing ones.
    public func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure) {
        _ = try subscriptionID(id)
        let wanted = Set(tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        let current = try decode(connection.get("taggings"), FeedbinResponse.taggings).filter { $0.feedID == id }
        for tagging in current where !wanted.contains(tagging.name) {
            try changeFeed(id) { () throws(SyncFailure) in try connection.send("DELETE", "taggings/\(tagging.id)") }
        }
        for name in wanted.subtracting(current.map(\.name)).sorted() {
            try changeFeed(id) { () throws(SyncFailure) in try connection.send("POST", "taggings", json: ["feed_id": id, "name": name]) }
        }
    }

    /// The subscription of the feed `id`; the subscriptions are read when this process has not.
    private func subscriptionID(_ id: Int64) throws(SyncFailure) -> Int64 {
        lock.lock()
        var known = subscriptionIDs[id]
        lock.unlock()
        if known == nil {
            _ = try subscriptions()
            lock.lock()
            known = subscriptionIDs[id]
            lock.unlock()
        }
        guard let known else { throw .feedChangeRefused(host: connection.hostLabel, why: "it has no feed \(id)") }
        return known
    }

    /// Runs a change of the feed `id`; one the server refuses (403, 404) is `feedChangeRefused`.
    private func changeFeed(_ id: Int64, _ change: () throws(SyncFailure) -> Data) throws(SyncFailure) {
        do {
            _ = try change()
        } catch .refused(_, let code, _), .httpStatus(_, let code) where code == 403 || code == 404 {
            throw .feedChangeRefused(host: connection.hostLabel, why: "it has no feed \(id)")
        } catch .refused(_, _, let why) {
            throw .feedChangeRefused(host: connection.hostLabel, why: why)
        }
    }

    // MARK: Marks

    /// Marks read the unread entries of feed `id` that Feedbin stored before `before`; false when
    /// the server has no such feed.
    private func markFeedRead(_ id: Int64, before: Date) throws(SyncFailure) -> Bool {
        let unread: [FeedbinResponse.Entry]
        do {
            unread = try entryPages("feeds/\(id)/entries", [("read", "false")], downTo: 0)
        } catch .refused(_, let code, _), .httpStatus(_, let code) where code == 403 || code == 404 {
            return false
        }
        let older = unread.filter { ($0.created ?? .distantPast) < before }.map(\.id)
        for start in stride(from: 0, to: older.count, by: FeedbinSource.markBatch) {
            let batch = Array(older[start..<min(start + FeedbinSource.markBatch, older.count)])
            try connection.send("DELETE", "unread_entries", json: ["unread_entries": batch])
        }
        return true
    }

    /// The method and path of a mark's request; nil for a feed read or a published state.
    private static func markRequest(_ change: SyncChange) -> (String, String)? {
        switch change {
        case .read: ("DELETE", "unread_entries")
        case .unread: ("POST", "unread_entries")
        case .starred: ("POST", "starred_entries")
        case .unstarred: ("DELETE", "starred_entries")
        case .feedRead, .published, .unpublished: nil
        }
    }

    /// The mark a request sends for `id`.
    private static func change(_ method: String, _ path: String, _ id: Int64) -> SyncChange {
        switch (method, path) {
        case ("DELETE", "unread_entries"): .read(id)
        case ("POST", "unread_entries"): .unread(id)
        case ("POST", "starred_entries"): .starred(id)
        default: .unstarred(id)
        }
    }

    // MARK: Entries

    /// The pages of `GET PATH` (newest first, 100 each), until a page ends at or below `id`, or
    /// the last page (a short one, or Feedbin's 404 past the last).
    private func entryPages(_ path: String, _ query: [(name: String, value: String)], downTo id: Int64) throws(SyncFailure)
        -> [FeedbinResponse.Entry] {
        var entries: [FeedbinResponse.Entry] = []
        for page in 1... {
            let body: Data
            do {
                body = try connection.get(path, query + [("per_page", String(FeedbinSource.pageSize)), ("page", String(page))])
            } catch .httpStatus(_, 404) where page > 1 {
                break
            } catch .refused(_, 404, _) where page > 1 {
                break
            }
            let entriesOfPage = try decode(body, FeedbinResponse.entries)
            entries += entriesOfPage
            guard entriesOfPage.count == FeedbinSource.pageSize, let lowest = entriesOfPage.map(\.id).min(), lowest > id,
                  page < 10_000
            else { break }
        }
        return entries
    }

    /// A date as Feedbin writes them, to the microsecond in UTC.
    static func dateText(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let whole = formatter.string(from: Date(timeIntervalSince1970: seconds)).dropLast()  // the Z
        let micros = min(999_999, Int(((date.timeIntervalSince1970 - seconds) * 1_000_000).rounded()))
        return "\(whole).\(String(format: "%06d", micros))Z"
    }

    // MARK: Answers

    private func decode<T>(_ body: Data, _ decoder: (Data) throws(FeedbinResponse.Unexpected) -> T) throws(SyncFailure) -> T {
        do {
            return try decoder(body)
        } catch {
            throw .notSyncEndpoint(api: connection.http.api, host: connection.hostLabel, why: error.why)
        }
    }

    /// The article for an entry, its HTML sanitised with its own address as the base.
    private func article(_ entry: FeedbinResponse.Entry) -> SyncedArticle {
        SyncedArticle(id: entry.id, feedID: entry.feedID, title: entry.title, author: entry.author,
                      html: HTMLSanitizer.sanitize(entry.html, base: entry.url), url: entry.url,
                      isRead: false, isStarred: false, published: entry.published)
    }
}
