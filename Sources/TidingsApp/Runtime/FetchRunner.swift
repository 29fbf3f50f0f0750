import Dispatch
import FeedFetcher
import FeedServices
import FeedStore
import Foundation
import Logging

/// Carries out the reader's downloads (``FetchEffect``): reloads, syncs with the feed server,
/// feeds fetched to be added, full articles. Events and results go back through the inbox.
///
/// Syncs, edits on the server and sends of marks run one at a time on a queue of their own, each
/// after the cache writes queued before it (the marks it sends are queued in the cache by them).
@MainActor
final class FetchRunner {
    private let store: StoreRunner
    private let inbox: ReaderInbox
    private let cache: any FeedCache
    private var fetchOptions: FetchOptions
    private var rendering: ArticleRendering
    private let logger = Logger(label: "tidings.reader")
    /// Nil unless a feed server is configured and usable.
    private let synchronizer: Synchronizer?
    private let syncs = DispatchQueue(label: "tidings.reader.sync", qos: .userInitiated)
    /// Whether a send of queued marks waits to start (see ``sendQueuedChanges()``).
    private let pendingSend = PendingSend()
    private var reload: Reload?
    private var additions: [String: Reload] = [:]
    /// Web pages read for the feeds they announce.
    private var pages: [UUID: PageDownload] = [:]
    /// A job reads the options when it starts: `:set` may have changed them since.
    private lazy var fullArticles = FullArticleFetcher { [unowned self] id, link in
        FullArticleJob(id: id, link: link, store: self.store.store, fetchOptions: self.fetchOptions, rendering: self.rendering)
    }

    init(store: StoreRunner, cache: any FeedCache, account: SyncAccount?, keepingLocalFeeds: Bool, fetchOptions: FetchOptions,
         rendering: ArticleRendering, inbox: ReaderInbox) {
        self.store = store
        self.cache = cache
        self.inbox = inbox
        self.fetchOptions = fetchOptions
        self.rendering = rendering
        synchronizer = account.map { Synchronizer(account: $0, store: store.store, keepingLocalFeeds: keepingLocalFeeds) }
    }

    /// The options pictures are downloaded with (`:set` may change them).
    var options: FetchOptions { fetchOptions }

    func run(_ effect: FetchEffect) {
        switch effect {
        case .reload(let targets):
            startReload(targets)
        case .sync:
            onSyncQueue { synchronizer in
                do {
                    return .syncFinished(.success(try synchronizer.sync()))
                } catch {
                    return .syncFinished(.failure(SyncFailureLine(error)))
                }
            } unavailable: {
                .syncFinished(.failure(SyncFailureLine(line: "no feed server is configured")))
            }
        case .manageServerFeed(let edit):
            logger.info("changing a feed on the feed server: \(edit.change)")
            onSyncQueue { synchronizer in
                do {
                    return .serverFeedEdited(edit, .success(try edit.apply(with: synchronizer)))
                } catch {
                    return .serverFeedEdited(edit, .failure(SyncFailureLine(error)))
                }
            } unavailable: {
                .serverFeedEdited(edit, .failure(SyncFailureLine(line: "no feed server is configured")))
            }
        case .fetchForAdding(let url, let tag):
            fetchForAdding(url, tag: tag)
        case .discoverFeeds(let pageURL, let tag, let notAFeed):
            let reply = inbox.expect()
            let key = UUID()
            pages[key] = PageDownload.start(url: pageURL, options: fetchOptions) { result in
                reply.send(.feedsDiscovered(pageURL: pageURL, tag: tag, notAFeed: notAFeed, result.map { page in
                    FeedLinkDiscovery.feeds(in: page.bytes, at: page.url ?? URL(string: pageURL))
                }))
                DispatchQueue.main.async { MainActor.assumeIsolated { [weak self] in self?.pages[key] = nil } }
            }
        case .fetchFullArticle(let id, let link, let automatic):
            let reply = inbox.expect()
            fullArticles.fetch(id, link: link, automatic: automatic) { result in
                reply.send(.fullArticleFetched(id, result, automatic: automatic))
            }
        case .useOptions(let options, let rendering):
            fetchOptions = options
            self.rendering = rendering
            cacheFetcher.options = options
        case .carryOutRuleEffects(let config):
            // After the reload's writes: the effects are rows the reload's upserts left.
            let reply = inbox.expect()
            let store = store.store
            DispatchQueue.global(qos: .utility).async {
                let line: String?
                do {
                    let effects = try store.takeRuleEffects()
                    line = effects.isEmpty ? nil : RuleEffectRunner(store: store, config: config).run(effects).line
                } catch {
                    line = "Rules: their effects could not be read: \(error)"
                }
                reply.send(.ruleEffectsCarriedOut(line))
            }
        }
    }

    /// The fetcher of reloads, writing to the cache.
    private lazy var cacheFetcher = FeedFetcher(cache: cache, options: fetchOptions, logger: Logger(label: "tidings.fetch"))

    private func startReload(_ targets: [FeedFetchTarget]) {
        guard reload == nil else { return }
        let reply = inbox.expect()
        let inbox = inbox
        reload = cacheFetcher.reload(
            // Each with its own settings, when the plan gave it some (`Config.fetchPlan`).
            targets.map(\.request), on: .main,
            onEvent: { event in
                MainActor.assumeIsolated { inbox.post(.fetchEvent(event)) }
            },
            onComplete: { summary in
                MainActor.assumeIsolated { [weak self] in
                    self?.reload = nil
                    reply.send(.reloadFinished(summary))
                }
            })
    }

    /// Fetches a feed to be added into a cache of its own, not the store: the reader decides
    /// what to do with it (add it, or offer the feeds a page links to).
    private func fetchForAdding(_ url: String, tag: String?) {
        guard additions[url] == nil else { return }
        let capture = CapturingFeedCache()
        let fetcher = FeedFetcher(cache: capture, options: fetchOptions, logger: Logger(label: "tidings.fetch"))
        let reply = inbox.expect()
        additions[url] = fetcher.reload(
            [FetchRequest(url: url)], on: .main,
            onComplete: { summary in
                MainActor.assumeIsolated { [weak self] in
                    self?.additions[url] = nil
                    reply.send(.fetchedForAdding(url: url, tag: tag, capture: capture.capture, summary: summary))
                }
            })
    }

    /// Runs `work` with the synchronizer on the sync queue, after the cache writes queued so far;
    /// `unavailable`'s message when there is no usable feed server.
    private func onSyncQueue(_ work: @escaping @Sendable (Synchronizer) -> ReaderMessage,
                             unavailable: () -> ReaderMessage) {
        let reply = inbox.expect()
        guard let synchronizer else { return reply.send(unavailable()) }
        let writes = store.writes
        syncs.async {
            writes.sync {}
            reply.send(work(synchronizer))
        }
    }

    /// Sends the marks queued in the cache for the feed server, after the writes queued so far
    /// (which queued them); when the server cannot be reached they wait for the next sync.
    ///
    /// A send that has not started yet takes every mark queued before it starts, so marks made
    /// meanwhile ride with it: offline, twenty marks cost at most two attempts, not twenty
    /// connection timeouts queued in front of the next sync.
    func sendQueuedChanges() {
        guard let synchronizer, pendingSend.claim() else { return }
        let logger = logger, writes = store.writes, pendingSend = pendingSend
        let reply = inbox.expect()
        syncs.async {
            pendingSend.start()
            writes.sync {}
            do {
                let sent = try synchronizer.sendQueuedChanges()
                if sent > 0 { logger.info("sent \(sent) marks to the feed server") }
            } catch {
                logger.info("marks not sent, kept for the next sync: \(error)")
            }
            reply.send(nil)
        }
    }

    /// Stops what runs as the reader quits; the reload's transfers get `grace` seconds to end,
    /// then `done` runs on the main queue.
    func stop(grace: TimeInterval, then done: @escaping @MainActor () -> Void) {
        for addition in additions.values { addition.cancel() }
        for page in pages.values { page.cancel() }
        fullArticles.cancelAll()
        guard let reload else { return done() }
        // Told to stop and given a moment to do so, off the main thread, so that the frame
        // saying "Stopping…" is drawn meanwhile; a transfer that hangs does not hold the exit.
        reload.cancel()
        Thread.detachNewThread {
            _ = reload.wait(timeout: grace)
            DispatchQueue.main.async { MainActor.assumeIsolated { done() } }
        }
    }
}

/// Whether a send of queued marks is scheduled and has not started: set on the main thread,
/// cleared on the sync queue when it starts.
private final class PendingSend: @unchecked Sendable {
    private let lock = NSLock()
    private var isWaiting = false

    /// True when no send is waiting to start (the caller schedules one); false when one is.
    func claim() -> Bool {
        lock.withLock {
            if isWaiting { return false }
            isWaiting = true
            return true
        }
    }

    /// The waiting send starts: marks made from now on need a send of their own.
    func start() {
        lock.withLock { isWaiting = false }
    }
}
