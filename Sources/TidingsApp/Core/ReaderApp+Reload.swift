import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TerminalUI

/// Reloading the feeds (`r`, `R`, start, auto-reload) and syncing with a feed server, with the
/// progress the screens show while they run.
extension ReaderApp {
    /// Reads the feeds to reload (every one, or only `feed`) once the writes before are done.
    ///
    /// - Parameter countingUnread: false after a sync (`sync-local-feeds`), which counted them.
    func askForReload(only feed: FeedID?, countingUnread: Bool = true) -> [ReaderEffect] {
        askForReload(onlyFeeds: feed.map { [$0] }, countingUnread: countingUnread)
    }

    /// Reads the feeds to reload, those in `feeds` only unless it is nil, once the writes before
    /// are done.
    func askForReload(onlyFeeds feeds: Set<FeedID>?, countingUnread: Bool = true) -> [ReaderEffect] {
        guard !settings.isCacheReadOnly else {
            transientMessage = "Cannot reload: the cache is read-only here, nothing fetched could be saved"
            return []
        }
        guard !isReloading else {
            transientMessage = "A reload is already running"
            return []
        }
        reload.isAskingForFeeds = true
        // Counted before the feeds to reload are read, on the same queue: before any is stored.
        return (countingUnread ? countUnreadForNotification(afterReload: false) : [])
            + [.load(StoreRead(query: .feedsToFetch(only: feeds, localOnly: settings.syncAccount != nil), reply: .reload, waitsForWrites: true))]
    }

    /// Reloads `targets` in the background, each from the address the store fetches it from
    /// (which differs from its URL after a confirmed permanent redirect).
    func startReload(_ targets: [FeedFetchTarget]) -> [ReaderEffect] {
        reload.isAskingForFeeds = false
        guard reload.progress == nil else {
            transientMessage = "A reload is already running"
            return []
        }
        guard !targets.isEmpty else {
            // Beside a feed server, no local feed is no news: the sync's line stays.
            let afterSync = reload.syncSummary
            reload.syncSummary = nil
            transientMessage = afterSync ?? "Nothing to reload"
            return afterSync == nil ? [] : countUnreadForNotification(afterReload: true)
        }
        reload.progress = ReloadProgress(total: targets.count)
        fullArticleFetches.reloadStarted = now
        return [.reload(targets), .spinner(running: true)]
    }

    /// Syncs with the feed server in the background (`r`, `R`, start, auto-reload).
    func startSync() -> [ReaderEffect] {
        guard !settings.isCacheReadOnly else {
            transientMessage = "Cannot sync: the cache is read-only here, nothing synced could be saved"
            return []
        }
        guard !isReloading else {
            transientMessage = "A sync is already running"
            return []
        }
        if case .failure(let problem) = settings.syncAccount {
            transientMessage = "Cannot sync: \(problem)"
            return []
        }
        reload.isSyncing = true
        return countUnreadForNotification(afterReload: false) + [.sync]
    }

    func finishSync(_ result: Result<SyncOutcome, SyncFailureLine>) -> [ReaderEffect] {
        reload.isSyncing = false
        switch result {
        case .success(let outcome):
            logger.info("sync done: \(outcome.feeds) feeds, \(outcome.newArticles) new articles, \(outcome.changedStates) marks changed")
            transientMessage = outcome.newArticles == 1 ? "Synced: 1 new article" : "Synced: \(outcome.newArticles) new articles"
        case .failure(let failure):
            logger.warning("sync failed: \(failure)")
            transientMessage = "Sync failed: \(failure)"
        }
        refreshScreens()
        var effects: [ReaderEffect] = [.checkGeneration]
        if case .success = result { effects += retention }
        if settings.syncsLocalFeeds {
            // The urls file's feeds next, whatever the server said; one notification for both.
            reload.syncSummary = transientMessage
            return effects + askForReload(only: nil, countingUnread: false)
        }
        if case .success = result { return effects + countUnreadForNotification(afterReload: true) }
        reload.unreadBefore = nil
        return effects
    }

    func handleFetchEvent(_ event: FetchEvent) -> [ReaderEffect] {
        guard var current = reload.progress else { return [] }
        switch event.kind {
        case .started:
            current.started(event.url)
        case .finished(let newItems):
            current.finished(event.url, newItems: newItems, completed: event.completed, total: event.total)
        case .notModified, .cancelled:
            current.finished(event.url, completed: event.completed, total: event.total)
        case .failed(let failure):
            logger.warning("reload of \(event.displayURL) failed: \(failure)")
            let isSavingFailure = if case .cache = failure { true } else { false }
            current.finished(event.url, failure: "\(failure)", isSavingFailure: isSavingFailure, completed: event.completed, total: event.total)
        }
        reload.progress = current
        showReloading()
        return []
    }

    func finishReload(_ summary: ReloadSummary) -> [ReaderEffect] {
        logger.info("reload done: \(summary.succeeded) ok, \(summary.failed) failed, \(summary.newItems) new")
        if let progress = reload.progress {
            transientMessage = reload.syncSummary.map { "\($0); \(progress.summaryText)" } ?? progress.summaryText
        }
        reload.syncSummary = nil
        reload.progress = nil
        showReloading()
        var effects: [ReaderEffect] = [.spinner(running: false), .checkGeneration]
        effects += retention
        // Before the full articles, which forget when the reload started.
        effects += episodesAfterReload()
        return effects + [.indexStoredBodies] + fullArticlesAfterReload() + countUnreadForNotification(afterReload: true)
    }

    /// `max-items` and `keep-articles-days` after a reload, if either is set.
    private var retention: [ReaderEffect] {
        let days = settings.lifecycle.keepArticlesDays
        guard settings.maxItems > 0 || days > 0 else { return [] }
        return [.applyRetention(maxItems: settings.maxItems, keepDays: days, keeping: settings.lifecycle.keptFlags, now: now)]
    }

    /// Every screen shows which feeds are being reloaded (a tag's feed list too).
    func showReloading() {
        for case let list as any FeedListing in screens { list.showReloading(reload.progress?.inProgress ?? [], spinnerFrame: reload.spinnerFrame) }
    }
}
