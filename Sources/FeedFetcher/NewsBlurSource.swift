import FeedModel
import FeedParser
import Foundation

/// A `SyncSource` that speaks NewsBlur's API (`https://newsblur.com`, or `newsblur-url`),
/// newsboat's `urls-source "newsblur"`.
///
/// Requests, after `POST /api/login` (a session cookie, sent with each):
/// - `GET /reader/feeds?flat=true`: the feeds and their folders (`flat_folders`);
/// - `GET /reader/unread_story_hashes` and `GET /reader/starred_story_hashes`: the state of every
///   story, as story hashes (`FEED:HASH`);
/// - `GET /reader/feed/{id}?page=N` (6 stories a page): each feed's newest stories on the first
///   sync, `newsblur-min-items` of them (20 unless set; 0: every page);
/// - `GET /reader/river_stories?h=…` (100 hashes at most): the unread and starred stories the
///   cache lacks. NewsBlur lists stories by hash, not by arrival: a sync after the first asks for
///   nothing else, so a story read on another device before Tidings saw it is not fetched;
/// - `POST /reader/mark_story_hashes_as_read` (many `story_hash`), `mark_story_hash_as_unread`,
///   `mark_story_hash_as_starred`, `mark_story_hash_as_unstarred` (one each), and
///   `mark_feed_as_read` (`cutoff_timestamp`, `direction=older`): the marks;
/// - `POST /reader/add_url`, `delete_feed`, `rename_feed`, `add_folder`, `move_feed_to_folder`:
///   feeds managed from here.
///
/// A story's id here is its feed's id and the 24 bits of its hash (`(FEED << 24) | HASH`), which
/// give the hash back for the requests.
///
/// Calls block and are serialised on one connection; the instance may be shared between threads.
/// Neither the password nor the session cookie appears in a URL, failure, description or mirror.
public final class NewsBlurSource: SyncSource, @unchecked Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let endpoint: URL
    /// Stories asked for per feed on the first sync; nil for every page.
    public let minItems: Int?
    private let credentials: BasicCredentials
    private let connection: NewsBlurConnection
    private let lock = NSLock()
    /// The folder of each feed at the last feed list (under `lock`): moves name the folder left.
    private var folders: [Int64: String] = [:]

    /// NewsBlur's own address, `newsblur-url`'s default.
    public static let defaultEndpoint = URL(string: "https://newsblur.com")!
    public static let maxAnswerBytes = 16 << 20
    /// Stories a feed page holds (NewsBlur's), and hashes in one `river_stories` or mark request.
    static let storiesPerPage = 6
    static let hashBatch = 100
    /// newsboat's default for `newsblur-min-items`.
    public static let defaultMinItems = 20

    /// - Parameters:
    ///   - minItems: stories asked for per feed on the first sync (0: all of them).
    ///   - maxAnswerBytes: the size cap of one answer; tests shrink it.
    public init(endpoint: URL = NewsBlurSource.defaultEndpoint, credentials: BasicCredentials, minItems: Int = NewsBlurSource.defaultMinItems,
                options: FetchOptions = FetchOptions(), maxAnswerBytes: Int = NewsBlurSource.maxAnswerBytes) {
        self.endpoint = endpoint
        self.credentials = credentials
        self.minItems = minItems > 0 ? minItems : nil
        connection = NewsBlurConnection(endpoint: endpoint, credentials: credentials, options: options, maxBytes: maxAnswerBytes)
    }

    public var description: String { "NewsBlur API at \(CredentialRedaction.redact(endpoint.absoluteString)) \(credentials)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["endpoint": endpoint, "login": credentials.login]) }

    // MARK: Ids

    /// `(FEED << 24) | HASH` of a story hash `FEED:HASH` (six hex digits); nil for another form.
    static func storyID(_ hash: String) -> Int64? {
        let parts = hash.split(separator: ":")
        guard parts.count == 2, parts[1].count == 6, let feed = Int64(parts[0]), feed >= 0, feed < (1 << 38),
              let bits = Int64(parts[1], radix: 16)
        else { return nil }
        return feed << 24 | bits
    }

    /// The story hash of an id.
    static func storyHash(_ id: Int64) -> String {
        "\(id >> 24):" + String(format: "%06x", Int(id & 0xFF_FFFF))
    }

    // MARK: SyncSource

    public func subscriptions() throws(SyncFailure) -> [SyncedFeed] {
        let (feeds, folders) = try decode(connection.get("reader/feeds", [("flat", "true"), ("update_counts", "false")]),
                                          NewsBlurResponse.feeds)
        lock.lock()
        self.folders = folders.compactMapValues(\.first)
        lock.unlock()
        return feeds.map { feed in
            SyncedFeed(id: feed.id, title: feed.title, url: feed.url, siteURL: feed.link, tags: Array(Set(folders[feed.id] ?? [])).sorted())
        }
    }

    /// The first sync (`id` 0): each feed's newest stories, page by page; after it, none (the
    /// unread and starred stories come by hash).
    public func articles(newerThan id: Int64) throws(SyncFailure) -> [SyncedArticle] {
        guard id == 0 else { return [] }
        var articles: [SyncedArticle] = []
        for feed in try subscriptions() {
            var taken = 0
            for page in 1...400 {
                let stories = try decode(connection.get("reader/feed/\(feed.id)", [("page", String(page))]), NewsBlurResponse.stories)
                articles += stories.compactMap(article)
                taken += stories.count
                if stories.count < NewsBlurSource.storiesPerPage || minItems.map({ taken >= $0 }) == true { break }
            }
        }
        var seen = Set<Int64>()
        return articles.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public func articles(withIDs ids: Set<Int64>) throws(SyncFailure) -> [SyncedArticle] {
        let sorted = ids.sorted()
        var articles: [SyncedArticle] = []
        for start in stride(from: 0, to: sorted.count, by: NewsBlurSource.hashBatch) {
            let batch = sorted[start..<min(start + NewsBlurSource.hashBatch, sorted.count)]
            let stories = try decode(connection.get("reader/river_stories", batch.map { ("h", NewsBlurSource.storyHash($0)) }),
                                     NewsBlurResponse.stories)
            articles += stories.compactMap(article).filter { ids.contains($0.id) }
        }
        var seen = Set<Int64>()
        return articles.filter { seen.insert($0.id).inserted }.sorted { $0.id < $1.id }
    }

    public func articleStates() throws(SyncFailure) -> SyncedArticleStates {
        let unread = try decode(connection.get("reader/unread_story_hashes")) { body throws(NewsBlurResponse.Unexpected) in
            try NewsBlurResponse.hashes(body, key: "unread_feed_story_hashes")
        }
        let starred = try decode(connection.get("reader/starred_story_hashes")) { body throws(NewsBlurResponse.Unexpected) in
            try NewsBlurResponse.hashes(body, key: "starred_story_hashes")
        }
        return SyncedArticleStates(unreadIDs: Set(unread.compactMap(NewsBlurSource.storyID)),
                                   starredIDs: Set(starred.compactMap(NewsBlurSource.storyID)))
    }

    @discardableResult
    public func send(_ changes: [SyncChange]) throws(SyncFailure) -> [SyncChange] {
        var skipped: [SyncChange] = []
        var index = changes.startIndex
        while index < changes.endIndex {
            let change = changes[index]
            index += 1
            switch change {
            case .read:
                // A run of reads is one request.
                var run = [change]
                while index < changes.endIndex, run.count < NewsBlurSource.hashBatch, case .read = changes[index] {
                    run.append(changes[index])
                    index += 1
                }
                if try !mark("reader/mark_story_hashes_as_read", run.compactMap(\.articleID)) { skipped += run }
            case .unread(let id):
                if try !mark("reader/mark_story_hash_as_unread", [id]) { skipped.append(change) }
            case .starred(let id):
                if try !mark("reader/mark_story_hash_as_starred", [id]) { skipped.append(change) }
            case .unstarred(let id):
                if try !mark("reader/mark_story_hash_as_unstarred", [id]) { skipped.append(change) }
            case .feedRead(let id, let before):
                let form = [("feed_id", String(id)), ("cutoff_timestamp", String(Int64(before.timeIntervalSince1970.rounded(.down)))),
                            ("direction", "older")]
                if try refusal(connection.post("reader/mark_feed_as_read", form)) != nil { skipped.append(change) }
            case .published, .unpublished:
                skipped.append(change)  // no published state in this API
            }
        }
        return skipped
    }

    /// A mark of the stories `ids`; false when NewsBlur refused it (a story too old to mark
    /// unread, one it no longer has).
    private func mark(_ path: String, _ ids: [Int64]) throws(SyncFailure) -> Bool {
        try refusal(connection.post(path, ids.map { ("story_hash", NewsBlurSource.storyHash($0)) })) == nil
    }

    // MARK: Feeds

    public func subscribe(url: String, title: String?, tags: [String]) throws(SyncFailure) -> Int64 {
        let folder = try folderName(tags)
        let body = try connection.post("reader/add_url", [("url", url), ("folder", folder)])
        if let why = try refusal(body) { throw .feedChangeRefused(host: connection.hostLabel, why: why) }
        let id = try decode(body) { body throws(NewsBlurResponse.Unexpected) -> Int64 in
            guard let fields = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
                  let id = LenientJSON.integer((fields["feed"] as? [String: Any])?["id"])
            else { throw NewsBlurResponse.Unexpected(why: "the new feed is not in the answer") }
            return id
        }
        if let title, !title.isEmpty { try rename(feed: id, to: title) }
        return id
    }

    public func unsubscribe(feed id: Int64) throws(SyncFailure) {
        try change("reader/delete_feed", [("feed_id", String(id)), ("in_folder", try currentFolder(id))])
    }

    public func rename(feed id: Int64, to title: String) throws(SyncFailure) {
        try change("reader/rename_feed", [("feed_id", String(id)), ("feed_title", title)])
    }

    /// Moves the feed to the folder the one tag names (made when missing), or to the top level for
    /// no tag. A feed is moved between single folders here: more than one tag is refused.
    public func setTags(_ tags: [String], feed id: Int64) throws(SyncFailure) {
        let folder = try folderName(tags)
        let from = try currentFolder(id)
        if !folder.isEmpty {
            // An existing folder answers -1 ("already exists"), which is no reason to stop.
            _ = try connection.post("reader/add_folder", [("folder", folder)])
        }
        try change("reader/move_feed_to_folder", [("feed_id", String(id)), ("in_folder", from), ("to_folder", folder)])
    }

    /// The one folder `tags` name ("" for the top level).
    private func folderName(_ tags: [String]) throws(SyncFailure) -> String {
        let names = Array(Set(tags.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }))
        guard names.count <= 1 else {
            throw .feedChangeRefused(host: connection.hostLabel, why: "Tidings moves a NewsBlur feed into one folder; give it one tag")
        }
        return names.first ?? ""
    }

    /// The folder the feed is in now ("" for the top level); the feeds are read for it.
    private func currentFolder(_ id: Int64) throws(SyncFailure) -> String {
        let feeds = try subscriptions()
        guard feeds.contains(where: { $0.id == id }) else { throw .feedChangeRefused(host: connection.hostLabel, why: "it has no feed \(id)") }
        lock.lock()
        defer { lock.unlock() }
        return folders[id] ?? ""
    }

    private func change(_ path: String, _ form: [(name: String, value: String)]) throws(SyncFailure) {
        if let why = try refusal(connection.post(path, form)) { throw .feedChangeRefused(host: connection.hostLabel, why: why) }
    }

    // MARK: Answers

    private func refusal(_ body: Data) throws(SyncFailure) -> String? {
        try decode(body, NewsBlurResponse.refusal).map { FetchFailure.oneLine(String($0.prefix(200))) }
    }

    private func decode<T>(_ body: Data, _ decoder: (Data) throws(NewsBlurResponse.Unexpected) -> T) throws(SyncFailure) -> T {
        do {
            return try decoder(body)
        } catch {
            throw .notSyncEndpoint(api: connection.http.api, host: connection.hostLabel, why: error.why)
        }
    }

    /// The article for a story, its HTML sanitised with its own address as the base; nil for a
    /// hash not of the usual form.
    private func article(_ story: NewsBlurResponse.Story) -> SyncedArticle? {
        guard let id = NewsBlurSource.storyID(story.hash) else { return nil }
        return SyncedArticle(id: id, feedID: story.feedID, title: story.title, author: story.author,
                             html: HTMLSanitizer.sanitize(story.html, base: story.url), url: story.url,
                             isRead: story.isRead, isStarred: story.isStarred, published: story.published)
    }
}
