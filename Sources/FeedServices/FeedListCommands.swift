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
        var addedQueries = 0
        var queriesListed = 0
        var skipped: [String] = []
        var unreadable: [String] = imported.skipped.map(\.description)
        // In the document's order, each with the line it was exported from when it still says
        // the same, and the comments, blank lines and headings above it when it is added: a urls
        // file exported then imported comes back as it was.
        for entry in imported.entries {
            let before = urls.lines.count
            switch entry.item {
            case .feed(let subscription):
                if urls.add(subscription, asWritten: entry.line) { added += 1 }
            case .query(let query):
                do throws(UrlsFile.QueryRefusal) {
                    try urls.addQuery(title: query.title, expression: query.expression, tags: query.tags, asWritten: entry.line)
                    addedQueries += 1
                } catch .alreadyListed {
                    queriesListed += 1
                } catch {
                    unreadable.append("query feed \(Excerpt(query.title)): \(error)")
                }
            }
            if urls.lines.count > before { urls.insertLines(entry.linesBefore, at: before) }
        }
        if added + addedQueries > 0 { urls.insertLines(imported.linesAfter, at: urls.lines.count) }
        let alreadyListed = imported.subscriptions.count - added
        if added + addedQueries > 0 { try urls.write(to: paths.urlsFile) }
        var report = "imported \(added) feed\(added == 1 ? "" : "s")"
        if addedQueries > 0 { report += " and \(addedQueries) query feed\(addedQueries == 1 ? "" : "s")" }
        report += " into \(paths.urlsFile.path)"
        if alreadyListed + queriesListed > 0 { skipped.append("\(alreadyListed + queriesListed) already listed") }
        if imported.duplicates > 0 { skipped.append("\(imported.duplicates) listed twice in the OPML file") }
        skipped += unreadable
        if !skipped.isEmpty { report += " (skipped: \(skipped.joined(separator: "; ")))" }
        return report
    }

    /// The urls file's feeds as an OPML document, with each feed's title and site as last fetched
    /// when the cache has them (other readers show `text` and link `htmlUrl`).
    public static func exportOPML(paths: AppPaths) throws -> String {
        let urls = try UrlsFile.load(from: paths.urlsFile)
        var fetched: [String: FeedListRow] = [:]
        // The urls file is the export; a cache that is missing or cannot be read only costs
        // titles. One this user cannot write is read as it is.
        let path = paths.cacheFile.path
        if FileManager.default.fileExists(atPath: path),
           let rows = try? FeedStore(path: path, access: FeedStore.possibleAccess(toCacheAt: path)).feedList(.includingHidden) {
            fetched = Dictionary(rows.map { ($0.url, $0) }, uniquingKeysWith: { first, _ in first })
        }
        let (entries, linesAfter) = OPML.entries(of: urls)
        return OPML.export(entries, linesAfter: linesAfter, fetched: fetched)
    }

    /// The number of unread items in the listed (not hidden) feeds, as `newsboat -x print-unread`.
    ///
    /// A cache this user cannot write (another user's, a read-only mount) is read as it is:
    /// `readOnly` is told its one-line notice, and the urls file's feeds and the killfile are
    /// applied to what is counted instead of being written to the cache.
    public static func unreadCount(paths: AppPaths, readOnly notice: (String) -> Void = { _ in }) throws -> Int {
        let config = try Config.load(from: paths.configFile)
        let store = try openForReading(paths: paths, starFlag: config.starFlag, notice: notice)
        guard !store.isReadOnly else {
            var rows = try store.feedList()
            if config.feedListSource.server == nil {
                let listed = Set(try UrlsFile.load(from: paths.urlsFile).subscriptions.filter { !$0.isHidden }.map(\.url))
                rows = rows.filter { listed.contains($0.url) }
            }
            return rows.reduce(0) { $0 + $1.unreadCount }
        }
        // Under a feed server the cache lists the server's feeds: the urls file must not replace them.
        if config.feedListSource.server == nil {
            try store.syncSubscriptions(try UrlsFile.load(from: paths.urlsFile).subscriptions)
        }
        // Articles the killfile ignores are not counted, as the reader does not count them.
        try store.applyKillfile(config.killfile)
        return try store.unreadCount()
    }

    /// Opens the cache for a command that only reads it: read-only (saying so through `notice`)
    /// when this user cannot write it, else as usual (made on first use).
    /// `starFlag` is the letter the killfile's `flags` tests take for the star.
    static func openForReading(paths: AppPaths, starFlag: Character, notice: (String) -> Void) throws -> FeedStore {
        let path = paths.cacheFile.path
        guard FeedStore.possibleAccess(toCacheAt: path) == .readOnly else {
            try paths.createDirectories()
            return try FeedStore(path: path, starFlag: starFlag)
        }
        let store = try FeedStore(path: path, access: .readOnly, starFlag: starFlag)
        notice(readOnlyNotice(path))
        return store
    }

    /// The one line that says a cache was opened read-only.
    public static func readOnlyNotice(_ path: String) -> String {
        "the cache \(path) is read-only here: opened for reading only, nothing is saved"
    }

    /// Appends a feed to the urls file (or subscribes to it on the feed server, see
    /// `FeedListCommands+Server`). Returns the report line.
    ///
    /// An address typed without its scheme (`example.org/feed`) is read as the reader's `a` reads
    /// it: HTTPS first, then plain HTTP if that cannot be fetched. A feed already listed is refused
    /// even when its scheme or host is written in another case (`FeedAddress`).
    ///
    /// With `check`, the feed is fetched first, as `a` does in the reader: a location that cannot
    /// be fetched or holds no feed is refused with its reason and the urls file is left alone;
    /// a good feed's articles go into the cache at once. A web page that is not a feed is searched
    /// for the feeds it announces (`FeedLinkDiscovery`): one is added; several are listed, one per
    /// line, for the user to choose from, and nothing is added.
    public static func add(url typed: String, tags: [String], check: Bool = true, paths: AppPaths) throws -> String {
        var candidates = [typed]
        if !UrlsFile.isFeedLocation(typed), let address = FeedAddress.schemeless(typed) {
            candidates = ["https://" + address, "http://" + address]
        }
        let url = candidates[0]
        guard UrlsFile.isFeedLocation(url), !url.lowercased().hasPrefix("query:") else {
            throw Failure(description: "not a feed URL: \(DisplayName(typed)) (expected http(s)://, file://, exec: or filter:)")
        }
        let config = try Config.load(from: paths.configFile)
        if let account = try serverAccount(config) {
            return try add(url: url, tags: tags, account: account, config: config, paths: paths)
        }
        var urls = try UrlsFile.load(from: paths.urlsFile)
        for candidate in candidates { try refuseIfListed(candidate, in: urls, paths: paths) }
        guard check else {
            urls.add(Subscription(url: url, tags: tags))
            try urls.write(to: paths.urlsFile)
            return "added \(DisplayName(url)) to \(paths.urlsFile.path)"
        }
        let (fetchedURL, capture) = try fetchForAdding(candidates, options: config.fetchOptions)
        // A feed found on a web page may be listed already under its own address.
        try refuseIfListed(fetchedURL, in: urls, paths: paths)
        urls.add(Subscription(url: fetchedURL, tags: tags))
        try urls.write(to: paths.urlsFile)
        let articles = capture.feed.items.count == 1 ? "1 article" : "\(capture.feed.items.count) articles"
        do {
            try paths.createDirectories()
            let store = try FeedStore(path: paths.cacheFile.path, starFlag: config.starFlag)
            try store.syncSubscriptions(urls.subscriptions)
            try store.upsert(
                capture.feed, forFeedURL: fetchedURL,
                validators: capture.validators,
                permanentRedirect: capture.permanentRedirect)
        } catch {
            return "added \(DisplayName(fetchedURL)) to \(paths.urlsFile.path); its \(articles) could not be cached (\(error)): the next reload fetches them"
        }
        return "added \(DisplayName(fetchedURL)) to \(paths.urlsFile.path) (\(articles))"
    }

    private static func refuseIfListed(_ url: String, in urls: UrlsFile, paths: AppPaths) throws {
        guard let listed = urls.listed(url: url) else { return }
        let written = listed.url == url ? "" : " (as \(DisplayName(listed.url)))"
        throw Failure(description: "\(DisplayName(url)) is already in \(paths.urlsFile.path)\(written)")
    }

    /// Fetches the first of `candidates` that can be fetched, without storing it; a web page is
    /// searched for the feed it announces. Returns the feed's address and what was received; a
    /// failure is the one-line refusal.
    private static func fetchForAdding(_ candidates: [String], options: FetchOptions) throws -> (String, CapturingFeedCache.Capture) {
        var firstFailure: FetchFailure?
        for url in candidates {
            switch fetch(url, options: options) {
            case .success(let capture):
                return (url, capture)
            case .failure(.parse(let why)) where url.lowercased().hasPrefix("http"):
                // The server answered with something that is no feed: perhaps the site's page.
                return try fetchAnnouncedFeed(of: url, options: options, notAFeed: why)
            case .failure(let failure):
                firstFailure = firstFailure ?? failure
            }
        }
        throw Failure(description: "not added: \(firstFailure.map { "\($0)" } ?? "nothing was received")")
    }

    /// The one feed the page at `url` announces, fetched; several are listed to choose from.
    private static func fetchAnnouncedFeed(of url: String, options: FetchOptions, notAFeed: String) throws -> (String, CapturingFeedCache.Capture) {
        let page = DownloadedPage()
        let download = PageDownload.start(url: url, options: options) { result in page.finish(result) }
        withExtendedLifetime(download) { page.wait() }
        guard case .success(let downloaded)? = page.result else {
            throw Failure(description: "not added: \(notAFeed)")
        }
        let feeds = FeedLinkDiscovery.feeds(in: downloaded.bytes, at: downloaded.url ?? URL(string: url))
        switch feeds.count {
        case 0:
            throw Failure(description: "not added: \(notAFeed) (and the page announces no feed)")
        case 1:
            switch fetch(feeds[0].url, options: options) {
            case .success(let capture): return (feeds[0].url, capture)
            case .failure(let failure): throw Failure(description: "not added: \(DisplayName(feeds[0].url)), the page's feed: \(failure)")
            }
        default:
            let lines = feeds.map { feed in
                DisplayName(feed.url).text + (feed.title.map { "  \(Excerpt($0))" } ?? "")
            }
            throw Failure(description: "not added: \(DisplayName(url)) announces \(feeds.count) feeds; add one of them:\n"
                + lines.joined(separator: "\n"))
        }
    }

    /// Fetches a feed without storing it.
    private static func fetch(_ url: String, options: FetchOptions) -> Result<CapturingFeedCache.Capture, FetchFailure> {
        let capture = CapturingFeedCache()
        let summary = FeedFetcher(cache: capture, options: options)
            .reload([FetchRequest(url: url)], on: DispatchQueue(label: "tidings.add")) { _ in }
            .wait()
        if let failure = summary.failures.first { return .failure(failure.reason) }
        guard let captured = capture.capture else { return .failure(.network("nothing was received from \(DisplayName(url))")) }
        return .success(captured)
    }
}

/// A page download's result, waited for by a one-shot command.
private final class DownloadedPage: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var value: Result<PageDownload.Page, FetchFailure>?

    var result: Result<PageDownload.Page, FetchFailure>? { lock.withLock { value } }

    func finish(_ result: Result<PageDownload.Page, FetchFailure>) {
        lock.withLock { value = result }
        done.signal()
    }

    func wait() { done.wait() }
}
