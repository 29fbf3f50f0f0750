import Configuration
import FeedModel
import FeedParser
import FeedStore
import FilterLanguage
import Foundation

/// `tidings feeds`: how each feed's fetches go (`--failing`, `--stale`), what settings hold for
/// one feed (`--settings`), and adopting the addresses feeds moved to (`--adopt-moved`).
extension FeedListCommands {
    /// Which feeds `tidings feeds` lists.
    public struct HealthFilter: Sendable, Equatable {
        /// Those whose last fetch failed.
        public var failing = false
        /// Those with nothing new for this many days; nil: not asked.
        public var staleDays: Int?

        public init(failing: Bool = false, staleDays: Int? = nil) {
            self.failing = failing
            self.staleDays = staleDays
        }

        /// True when it lists `feed` at `now`: every feed when nothing is asked, else the feeds
        /// either asked kind takes.
        func lists(_ feed: FeedHealth, at now: Date) -> Bool {
            if !failing && staleDays == nil { return true }
            return (failing && feed.isFailing) || (staleDays.map { feed.isStale(at: now, days: $0) } ?? false)
        }
    }

    /// The feeds `filter` lists, one line each, tab-separated, in urls-file order (no heading,
    /// for scripts): URL (without credentials), title, last success, last error, failures in a
    /// row, next automatic fetch, why not sooner, moved to, newest article. Times are UTC
    /// (`2026-12-06T14:05:00Z`); a field with nothing to say is empty.
    public static func feedHealth(_ filter: HealthFilter, paths: AppPaths, at now: Date = Date(),
                                  readOnly notice: (String) -> Void = { _ in }) throws -> String {
        let config = try Config.load(from: paths.configFile)
        let store = try openForReading(paths: paths, starFlag: config.starFlag, notice: notice)
        if !store.isReadOnly {
            // The urls file as it is now, and each feed's own reload-time.
            if config.feedListSource.server == nil {
                try store.syncSubscriptions(try UrlsFile.load(from: paths.urlsFile).subscriptions)
            }
            try store.applyFeedOptions(config, at: now)
        }
        return try store.feedHealth().filter { filter.lists($0, at: now) }.map(healthLine).map { $0 + "\n" }.joined()
    }

    /// One feed's line of `feedHealth`.
    static func healthLine(_ health: FeedHealth) -> String {
        let next = health.nextFetch(.automatic)
        let fields: [String?] = [
            CredentialRedaction.redact(health.feed.url), health.feed.displayTitle, health.feed.lastSuccessAt.map(FeedJSON.dateText),
            health.feed.lastError, health.feed.failureCount > 0 ? String(health.feed.failureCount) : nil,
            next.map { FeedJSON.dateText($0.until) }, next?.reason.rawValue, health.movedTo.map(CredentialRedaction.redact),
            health.feed.newestItemDate.map(FeedJSON.dateText),
        ]
        return fields.map { field in tabless(field ?? "") }.joined(separator: "\t")
    }

    /// Text from a feed or a server as one field of a tab-separated line: control characters
    /// (tabs and line breaks among them) become spaces.
    static func tabless(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }))
    }

    /// What holds for the feed at `url` (as the urls file writes it, its scheme and host in any
    /// case): each option `feed-option` may set, as a config line writes it, with the line that
    /// set it (`# default`, `# line 3`, `# line 7: feed-option "tags # \"slow\""`).
    public static func settings(of url: String, paths: AppPaths, at now: Date = Date()) throws -> String {
        let config = try Config.load(from: paths.configFile)
        guard let subscription = try UrlsFile.load(from: paths.urlsFile).listed(url: url) else {
            throw Failure(description: "no feed \(CredentialRedaction.redact(url)) in \(paths.urlsFile.path)")
        }
        let feed = try storedFeed(subscription, paths: paths).map { FilterArticle(feed: $0, now: now) }
            ?? FilterArticle(date: now, feedTitle: subscription.customTitle ?? subscription.url, feedURL: subscription.url, tags: subscription.tags)
        let options = OptionTable.all.filter { $0.scope == .perFeed }
        let lines = options.map { option -> (String, String) in
            let (text, sources) = config.settingText(option, for: feed, now: now)
            return ("\(option.name) \(text.isEmpty ? "\"\"" : text)", sources.isEmpty ? "default" : sources.map(describe).joined(separator: "; "))
        }
        let width = lines.map(\.0.count).max() ?? 0
        return lines.map { line, source in line.padding(toLength: width + 2, withPad: " ", startingAt: 0) + "# " + source + "\n" }.joined()
    }

    /// The feed's row in the cache, for its title and tags as filters see them; nil when the
    /// cache has none (never reloaded) or cannot be read.
    private static func storedFeed(_ subscription: Subscription, paths: AppPaths) throws -> FeedListRow? {
        let path = paths.cacheFile.path
        guard FileManager.default.fileExists(atPath: path),
              let store = try? FeedStore(path: path, access: FeedStore.possibleAccess(toCacheAt: path))
        else { return nil }
        return try store.feedHealth().first { $0.feed.url == subscription.url }?.feed
    }

    private static func describe(_ source: Config.SettingSource) -> String {
        switch source {
        case .defaultValue: "default"
        case .configLine(let line): "line \(line)"
        case .feedOption(let line, let selector): "line \(line): feed-option \(NewsboatTokenizer.quoteIfNeeded(CredentialRedaction.redact(selector.description)))"
        }
    }

    /// Writes into the urls file the addresses feeds moved to (two fetches in a row permanently
    /// redirected there, see `FeedHealth.movedTo`): each line keeps its tags, title, hidden mark
    /// and comment, only its URL changes, and the feed keeps its articles and read state.
    /// Returns what changed, a line per feed (`moved: https://old… → https://new…`).
    public static func adoptMoved(paths: AppPaths) throws -> String {
        let config = try Config.load(from: paths.configFile)
        guard config.feedListSource.server == nil || config.feedListSource.fetchesFeeds else {
            throw Failure(description: "the feed server lists the feeds; there is no urls file to rewrite")
        }
        var urls = try UrlsFile.load(from: paths.urlsFile)
        try paths.createDirectories()
        let store = try FeedStore(path: paths.cacheFile.path, starFlag: config.starFlag)
        try store.syncSubscriptions(urls.subscriptions, keepingServerFeeds: config.feedListSource.server != nil)
        var report: [String] = []
        var adopted: [(from: String, to: String)] = []
        for health in try store.feedHealth(localOnly: true) {
            guard let target = health.movedTo, let subscription = urls.subscription(url: health.feed.url) else { continue }
            do {
                try store.adoptMove(ofFeedURL: subscription.url)
            } catch let error as StoreError {
                report.append("not moved: \(CredentialRedaction.redact(subscription.url)): \(error)")
                continue
            }
            var moved = subscription
            moved.url = target
            urls.update(moved, replacing: subscription.url)
            adopted.append((subscription.url, target))
            report.append("moved: \(CredentialRedaction.redact(subscription.url)) → \(CredentialRedaction.redact(target))")
        }
        guard !adopted.isEmpty else { return report.isEmpty ? "no feed has moved\n" : report.map { $0 + "\n" }.joined() }
        do {
            try urls.write(to: paths.urlsFile)
        } catch {
            // The cache follows the file: put it back as the file still says.
            for move in adopted { try? store.revertMove(from: move.to, to: move.from) }
            throw error
        }
        return report.map { $0 + "\n" }.joined()
    }
}
