import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Dispatch
import Foundation

/// The one-shot commands that edit or read the feed list: `tidings import`, `export`, `unread`
/// and `add`. Each returns what to print; errors are one line.
public enum FeedListCommands {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// Adds the feeds of an OPML file to the urls file (or subscribes to them on the feed server,
    /// see `FeedListCommands+Server`); feeds already listed are skipped. Returns the report line.
    public static func importOPML(from file: URL, paths: AppPaths) throws -> String {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw Failure(description: "cannot read \(file.path): \((error as NSError).localizedDescription)")
        }
        let imported: OPML.Import
        do {
            imported = try OPML.parse(data)
        } catch let error as OPML.ImportError {
            throw Failure(description: "\(file.path): \(error.description)")
        }
        let config = try Config.load(from: paths.configFile)
        if let account = try serverAccount(config) {
            return try importOPML(imported, account: account, config: config, paths: paths)
        }
        var urls = try UrlsFile.load(from: paths.urlsFile)
        var added = 0
        for subscription in imported.subscriptions where urls.add(subscription) { added += 1 }
        let alreadyListed = imported.subscriptions.count - added
        if added > 0 { try urls.write(to: paths.urlsFile) }
        var report = "imported \(added) feed\(added == 1 ? "" : "s") into \(paths.urlsFile.path)"
        var skipped: [String] = []
        if alreadyListed > 0 { skipped.append("\(alreadyListed) already listed") }
        if imported.duplicates > 0 { skipped.append("\(imported.duplicates) listed twice in the OPML file") }
        if !skipped.isEmpty { report += " (skipped: \(skipped.joined(separator: ", ")))" }
        return report
    }

    /// The urls file's feeds as an OPML document, with each feed's title and site as last fetched
    /// when the cache has them (other readers show `text` and link `htmlUrl`).
    public static func exportOPML(paths: AppPaths) throws -> String {
        let subscriptions = try UrlsFile.load(from: paths.urlsFile).subscriptions
        var fetched: [String: FeedListRow] = [:]
        // The urls file is the export; a cache that is missing or cannot be read only costs titles.
        if FileManager.default.fileExists(atPath: paths.cacheFile.path),
           let rows = try? FeedStore(path: paths.cacheFile.path).feedList() {
            fetched = Dictionary(rows.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return OPML.export(subscriptions, fetched: fetched)
    }

    /// The number of unread items in the listed (not hidden) feeds, as `newsboat -x print-unread`.
    public static func unreadCount(paths: AppPaths) throws -> Int {
        try paths.createDirectories()
        let store = try FeedStore(path: paths.cacheFile.path)
        let config = try Config.load(from: paths.configFile)
        // Under a feed server the cache lists the server's feeds: the urls file must not replace them.
        if !config.syncsWithServer {
            try store.syncSubscriptions(try UrlsFile.load(from: paths.urlsFile).subscriptions)
        }
        // Articles the killfile ignores are not counted, as the reader does not count them.
        try store.applyKillfile(config.killfile)
        return try store.feedList().reduce(0) { $0 + $1.unreadCount }
    }

    /// Appends a feed to the urls file (or subscribes to it on the feed server, see
    /// `FeedListCommands+Server`). Returns the report line.
    ///
    /// With `check`, the feed is fetched first, as `a` does in the reader: a location that cannot
    /// be fetched or holds no feed is refused with its reason and the urls file is left alone;
    /// a good feed's articles go into the cache at once.
    public static func add(url: String, tags: [String], check: Bool = true, paths: AppPaths) throws -> String {
        guard UrlsFile.isFeedLocation(url), !url.lowercased().hasPrefix("query:") else {
            throw Failure(description: "not a feed URL: \(DisplayName(url)) (expected http(s)://, file://, exec: or filter:)")
        }
        let config = try Config.load(from: paths.configFile)
        if let account = try serverAccount(config) {
            return try add(url: url, tags: tags, account: account, config: config, paths: paths)
        }
        var urls = try UrlsFile.load(from: paths.urlsFile)
        guard urls.add(Subscription(url: url, tags: tags)) else {
            throw Failure(description: "\(DisplayName(url)) is already in \(paths.urlsFile.path)")
        }
        guard check else {
            try urls.write(to: paths.urlsFile)
            return "added \(DisplayName(url)) to \(paths.urlsFile.path)"
        }
        let capture = try fetchForAdding(url, options: config.fetchOptions)
        try urls.write(to: paths.urlsFile)
        let articles = capture.feed.items.count == 1 ? "1 article" : "\(capture.feed.items.count) articles"
        do {
            try paths.createDirectories()
            let store = try FeedStore(path: paths.cacheFile.path)
            try store.syncSubscriptions(urls.subscriptions)
            try store.upsert(
                capture.feed, forFeedURL: url,
                validators: capture.validators,
                permanentRedirect: capture.permanentRedirect)
        } catch {
            return "added \(DisplayName(url)) to \(paths.urlsFile.path); its \(articles) could not be cached (\(error)): the next reload fetches them"
        }
        return "added \(DisplayName(url)) to \(paths.urlsFile.path) (\(articles))"
    }

    /// Fetches a feed without storing it; a failure is the one-line refusal.
    private static func fetchForAdding(_ url: String, options: FetchOptions) throws -> CapturingFeedCache.Capture {
        let capture = CapturingFeedCache()
        let summary = FeedFetcher(cache: capture, options: options)
            .reload([FetchRequest(url: url)], on: DispatchQueue(label: "tidings.add")) { _ in }
            .wait()
        if let failure = summary.failures.first {
            throw Failure(description: "not added: \(failure.reason)")
        }
        guard let captured = capture.capture else {
            throw Failure(description: "not added: nothing was received from \(DisplayName(url))")
        }
        return captured
    }
}
