import Configuration
import Dispatch
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import Logging

/// `tidings reload`: refreshes the feeds of the urls file without the full-screen reader (or
/// syncs with the feed server, then, with `sync-local-feeds`, refreshes the urls file's feeds).
///
/// On a terminal it draws one progress line (feeds done/total and the feed just finished) and
/// prints failures above it; otherwise it prints one line per feed. Either way it ends with a
/// summary. Ctrl-C cancels the reload promptly; what was stored stays stored.
///
/// A reload run from cron is automatic: it fetches only the feeds that are due (`FeedHealth`)
/// and says until when each other one waits; `--all` (a manual reload) fetches every feed
/// except one whose server asked to be left alone, and so does naming feeds.
public struct BatchReload {
    private static let logger = Logger(label: "tidings.reload")

    /// Which feeds to refresh: all of them, those carrying `tag`, and/or those named (by URL or by
    /// title, as the reader's quick filter matches titles: see `feeds(named:in:titles:)`).
    public var tag: String?
    public var names: [String]
    /// Whether the feeds that are not due are fetched too; named feeds always are.
    public var kind: ReloadKind
    /// Whether the new articles' text is added to the search index before the reload ends.
    /// Without it the reader adds it, in the background, when it next opens the cache (a search
    /// meanwhile finds the new articles by title and author, and says that text is still being
    /// indexed): indexing 20,000 articles' text took 1.3 s of a 3.1 s cold reload (issue 46).
    public var indexesText: Bool

    public init(tag: String? = nil, names: [String] = [], kind: ReloadKind = .automatic, indexesText: Bool = false) {
        self.tag = tag
        self.names = names
        self.kind = names.isEmpty ? kind : .manual
        self.indexesText = indexesText
    }

    /// The outcome, for the exit status.
    public enum Outcome: Equatable, Sendable {
        /// Every selected feed was refreshed or unchanged.
        case succeeded
        /// At least one feed failed.
        case someFailed
        /// The user interrupted the reload.
        case interrupted
    }

    public enum SelectionError: Error, CustomStringConvertible {
        case unknownName(String)
        case unknownTag(String)
        case noFeeds

        public var description: String {
            switch self {
            case .unknownName(let name): "no feed has the URL or title \"\(ReloadReporter.printable(name))\""
            case .unknownTag(let tag): "no feed has the tag \"\(ReloadReporter.printable(tag))\""
            case .noFeeds: "the urls file lists no feeds"
            }
        }
    }

    /// Runs the reload to its end, writing to standard output (and warnings to standard error);
    /// failures also go to `errorLog` when the config names one (`error-log`).
    public func run(paths: AppPaths, errorLog: ErrorLog? = nil, at now: Date = Date()) throws -> Outcome {
        try paths.createDirectories()
        let config = try Config.load(from: paths.configFile)
        if let path = config.errorLogPath { errorLog?.open(path: path) }
        let source = config.feedListSource
        guard let server = source.server else { return try reload(config: config, paths: paths, at: now) }
        let synced = try sync(server, config: config, paths: paths)
        // `sync-local-feeds`: the urls file's feeds are reloaded after the server's are synced.
        guard source.fetchesFeeds else { return synced }
        let reloaded = try reload(config: config, paths: paths, besideServer: true, at: now)
        return [synced, reloaded].contains(.interrupted) ? .interrupted : [synced, reloaded].contains(.someFailed) ? .someFailed : .succeeded
    }

    /// Fetches the urls file's feeds (`besideServer`: only those, not the feed server's, which
    /// stay as the sync left them; its warnings were written already).
    private func reload(config: Config, paths: AppPaths, besideServer: Bool = false, at now: Date) throws -> Outcome {
        let urls = try UrlsFile.load(from: paths.urlsFile)
        // `urls-source "opml"`: the OPML documents list the feeds instead of the urls file.
        var opml: OPMLFeedList.Loaded?
        if case .opml(let documents) = config.feedListSource { opml = OPMLFeedList.load(documents, options: config.fetchOptions) }
        let subscriptions = opml?.subscriptions ?? urls.subscriptions
        let fileProblems = opml?.problems ?? urls.problems.map { "urls file \($0)" }
        for warning in (besideServer ? [] : config.warnings.map(\.description)) + fileProblems {
            ReloadReporter.writeError("tidings: \(warning)")
        }

        let store = try FeedStore(path: paths.cacheFile.path, starFlag: config.starFlag)
        store.resetUnreadOnUpdate(feedURLs: config.articleLifecycle.resetUnreadFeedURLs)
        Self.useArrivalSettings(config, in: store)
        try store.syncSubscriptions(subscriptions, keepingServerFeeds: besideServer)
        // Hides what the killfile ignores among stored articles, and has the reload apply it.
        try store.applyKillfile(config.killfile)
        // Each feed's `reload-time`, `max-items` and `mark-read-on-arrival` (`feed-option`).
        try store.applyFeedOptions(config, at: now)
        let cache = StoreFeedCache(store: store)
        let feeds = try store.feedList()
        let titles = Dictionary(feeds.map { ($0.url, $0.displayTitle) }, uniquingKeysWith: { first, _ in first })
        let customTitles = Dictionary(feeds.compactMap { feed in
            feed.customTitle.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (feed.url, $0) }
        }, uniquingKeysWith: { first, _ in first })
        var plan = try config.fetchPlan(kind, store: store, localOnly: besideServer, at: now)
        // Beside a feed server, an empty urls file is no mistake.
        if besideServer && plan.targets.isEmpty && plan.waiting.isEmpty && tag == nil && names.isEmpty { return .succeeded }
        try select(&plan, from: subscriptions, titles: titles)
        let requests = plan.requests

        let reporter = ReloadReporter(
            total: requests.count, isTerminal: isatty(STDOUT_FILENO) == 1,
            // The custom title, else the one just fetched (a feed's first fetch has no other),
            // else the one stored; a feed without a title is shown by its URL, which may hold
            // credentials (`DisplayName` hides them).
            name: { url in
                let title = customTitles[url] ?? cache.fetchedTitle(for: url) ?? titles[url] ?? url
                return ReloadReporter.printable(DisplayName(title).text)
            })
        reporter.report(waiting: plan.waiting)
        let queue = DispatchQueue(label: "tidings.reload.events")
        let reload = FeedFetcher(cache: cache, options: config.fetchOptions)
            .reload(requests, on: queue) { event in
                reporter.report(event)
                if case .failed(let failure) = event.kind {
                    Self.logger.warning("reload of \(event.displayURL) failed: \(failure)")
                }
            }

        let interruption = Interruption()
        let signalSource = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        signal(SIGINT, SIG_IGN)
        signalSource.setEventHandler {
            interruption.happened = true
            reload.cancel()
        }
        signalSource.resume()
        let summary = reload.wait()
        signalSource.cancel()
        signal(SIGINT, SIG_DFL)

        // The reload stored titles only in the full-text index (see `StoreFeedCache`).
        if indexesText { try store.indexAllStoredBodies() }
        try Self.applyRetention(config, to: store)
        reporter.finish(summary, waiting: plan.waiting.count)
        try Self.carryOutRuleEffects(config, store: store)
        // Closing the cache empties the log only when no reader has it open.
        store.checkpoint()
        if interruption.happened { return .interrupted }
        return summary.failed > 0 ? .someFailed : .succeeded
    }

    /// `max-items` (each feed's, see `applyFeedOptions`) and `keep-articles-days` (with
    /// `keep-forever-if-flagged-with`), after a reload or a sync, as the reader applies them.
    private static func applyRetention(_ config: Config, to store: FeedStore) throws {
        // A feed's own limit is in its row; the global one for the feed server's feeds.
        let maxItems = config[\.maxItems]
        try store.applyRetention(defaultMaxItems: maxItems > 0 ? maxItems : nil)
        let lifecycle = config.articleLifecycle
        try store.deleteArticles(olderThanDays: lifecycle.keepArticlesDays, keeping: lifecycle.keptFlags)
    }

    /// What the articles a reload or a sync stores meet: the rules on arrival, and near-duplicate
    /// stories with `fold-near-duplicates`.
    private static func useArrivalSettings(_ config: Config, in store: FeedStore) {
        store.useRules(config.rules)
        store.useNearDuplicates(config[\.foldNearDuplicates])
    }

    /// Carries out the effects the rules left (those of this reload, and any an earlier one left
    /// untaken), then says in one line what became of them.
    private static func carryOutRuleEffects(_ config: Config, store: FeedStore) throws {
        let effects = try store.takeRuleEffects()
        guard !effects.isEmpty else { return }
        let report = RuleEffectRunner(store: store, config: config).run(effects)
        if let line = report.line { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
    }

    /// `urls-source` (a feed server): one sync with the feed server instead of fetching feeds (the urls
    /// file is not read unless `sync-local-feeds`, and names and tags do not apply to the server's
    /// feeds: the server syncs every feed at once). A failure is one line on standard error and
    /// changes nothing in the cache.
    private func sync(_ server: SyncServer, config: Config, paths: AppPaths) throws -> Outcome {
        for warning in config.warnings { ReloadReporter.writeError("tidings: \(warning)") }
        if tag != nil || !names.isEmpty {
            ReloadReporter.writeError(config.feedListSource.fetchesFeeds
                ? "tidings: a feed server syncs every feed at once; the names and tags given select among the urls file's feeds only"
                : "tidings: a feed server syncs every feed at once; the names and tags given are ignored")
        }
        let account: SyncAccount
        do throws(SyncSetupError) {
            account = try server.account(options: config.fetchOptions, syncsPublished: config.publishFlag != nil)
        } catch {
            ReloadReporter.writeError("tidings: \(error)")
            return .someFailed
        }
        let store = try FeedStore(path: paths.cacheFile.path, starFlag: config.starFlag, publishFlag: config.publishFlag)
        // Synced articles are hidden by the killfile as fetched ones are, and meet the rules.
        try store.applyKillfile(config.killfile)
        Self.useArrivalSettings(config, in: store)
        do {
            let outcome = try Synchronizer(account: account, store: store, keepingLocalFeeds: config.feedListSource.fetchesFeeds).sync()
            try Self.applyRetention(config, to: store)
            store.checkpoint()
            let articles = outcome.newArticles == 1 ? "1 new article" : "\(outcome.newArticles) new articles"
            let feeds = outcome.feeds == 1 ? "1 feed" : "\(outcome.feeds) feeds"
            // Unbuffered, as the reload's lines are: it comes before those of the local feeds (`sync-local-feeds`).
            FileHandle.standardOutput.write(Data("Synced with the feed server: \(feeds), \(articles), \(outcome.changedStates) marks changed\n".utf8))
            try Self.carryOutRuleEffects(config, store: store)
            return .succeeded
        } catch {
            ReloadReporter.writeError("tidings: sync failed: \(SyncFailureLine(error))")
            Self.logger.warning("sync failed: \(SyncFailureLine(error))")
            return .someFailed
        }
    }

    /// Keeps in `plan` the feeds the tag and names select (all of them without either).
    private func select(_ plan: inout FetchPlan, from subscriptions: [Subscription], titles: [String: String]) throws {
        guard !plan.targets.isEmpty || !plan.waiting.isEmpty else { throw SelectionError.noFeeds }
        var chosen = Set<String>()
        if let tag {
            let tagged = subscriptions.filter { $0.tags.contains(tag) }.map(\.url)
            guard !tagged.isEmpty else { throw SelectionError.unknownTag(tag) }
            chosen.formUnion(tagged)
        }
        for name in names {
            let matches = Self.feeds(named: name, in: subscriptions, titles: titles)
            guard !matches.isEmpty else { throw SelectionError.unknownName(name) }
            chosen.formUnion(matches)
        }
        if tag == nil && names.isEmpty { return }
        plan.targets.removeAll { !chosen.contains($0.url) }
        plan.waiting.removeAll { !chosen.contains($0.feed.feed.url) }
    }
}

extension BatchReload {
    /// The feeds `name` selects: the feed with that URL (its scheme and host in any case), else
    /// the feeds whose title (the custom one, else the fetched one) is `name`, else those whose
    /// title contains it — compared as the reader's quick filter compares, without case or
    /// diacritics (`ListText.folded`), so that `tidings reload cafe` finds "Café Society".
    static func feeds(named name: String, in subscriptions: [Subscription], titles: [String: String]) -> [String] {
        let byURL = subscriptions.filter { FeedAddress.isSame($0.url, name) }
        if !byURL.isEmpty { return byURL.map(\.url) }
        let wanted = ListText.folded(name.trimmingCharacters(in: .whitespaces))
        guard !wanted.isEmpty else { return [] }
        let titled = subscriptions.compactMap { subscription in
            (subscription.customTitle ?? titles[subscription.url]).map { (subscription.url, ListText.folded($0)) }
        }
        let exact = titled.filter { $0.1 == wanted }
        return (exact.isEmpty ? titled.filter { $0.1.contains(wanted) } : exact).map(\.0)
    }
}

/// Set from the signal handler's queue, read once the reload has ended.
private final class Interruption: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    var happened: Bool {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
