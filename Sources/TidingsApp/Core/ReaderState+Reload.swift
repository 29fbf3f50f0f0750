import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation

/// Reloading the feeds (`r`, `R`, start, auto-reload) and syncing with a feed server, with the
/// progress the screens show while they run; and what follows a reload: retention, the full
/// articles of `always-fetch-full-article`, podcasts to queue, the notification.
extension ReaderState {
    /// Reads the feeds to reload, those in `feeds` only unless it is nil, once the writes before
    /// are done.
    ///
    /// - Parameter countingUnread: false after a sync (`sync-local-feeds`), which counted them.
    mutating func askForReload(only feeds: Set<FeedID>?, kind: ReloadKind = .manual, countingUnread: Bool = true) -> [ReaderEffect] {
        guard !settings.isCacheReadOnly else {
            message = "Cannot reload: the cache is read-only here, nothing fetched could be saved"
            return []
        }
        guard !isReloading else {
            message = "A reload is already running"
            return []
        }
        reload.isAskingForFeeds = true
        // Counted before the feeds to reload are read, on the same queue: before any is stored.
        // Each feed's settings are kept first, so that the plan reads which are due by them.
        let config = settings.config
        let query = FeedsToFetchQuery(only: feeds, localOnly: settings.feedListSource.server != nil, kind: kind, config: config, now: now)
        return (countingUnread ? countUnreadForNotification(afterReload: false) : [])
            + [.store(.applyFeedOptions(config, at: now)), .read(query, route: ReaderRoute(), lane: .afterWrites)]
    }

    /// `auto-reload`'s reloads, at start and every `reload-time` minutes: a sync with a feed
    /// server, else the feeds that are due (each by its own `reload-time`, its `<ttl>`, what its
    /// server asked, its back-off); `R` and `r` fetch every feed anyway.
    mutating func reloadAutomatically() -> [ReaderEffect] {
        settings.feedListSource.server != nil ? startSync() : askForReload(only: nil, kind: .automatic)
    }

    /// Reloads `targets` in the background, each from the address the store fetches it from
    /// (which differs from its URL after a confirmed permanent redirect).
    mutating func startReload(_ result: StoreResult<[FeedFetchTarget]>) -> [ReaderEffect] {
        reload.isAskingForFeeds = false
        let targets: [FeedFetchTarget]
        switch result {
        case .success(let read): targets = read
        case .failure(let failure):
            message = "Cannot reload: \(failure)"
            return [LogLine.error("cannot read the cache: \(failure)")]
        }
        guard reload.progress == nil else {
            message = "A reload is already running"
            return []
        }
        guard !targets.isEmpty else {
            // Beside a feed server, no local feed is no news: the sync's line stays.
            let afterSync = reload.syncSummary
            reload.syncSummary = nil
            message = afterSync ?? "Nothing to reload"
            return afterSync == nil ? [] : countUnreadForNotification(afterReload: true)
        }
        reload.progress = ReloadProgress(total: targets.count)
        fullArticleFetches.reloadStarted = now
        return [LogLine.info("reloading \(targets.count) feeds"), .fetch(.reload(targets)), .timer(.spinner(running: true))]
    }

    /// Syncs with the feed server in the background (`r`, `R`, start, auto-reload).
    mutating func startSync() -> [ReaderEffect] {
        guard !settings.isCacheReadOnly else {
            message = "Cannot sync: the cache is read-only here, nothing synced could be saved"
            return []
        }
        guard !isReloading else {
            message = "A sync is already running"
            return []
        }
        if case .failure(let problem) = settings.syncAccount {
            message = "Cannot sync: \(problem)"
            return []
        }
        reload.isSyncing = true
        fullArticleFetches.reloadStarted = now
        return countUnreadForNotification(afterReload: false) + [.fetch(.sync)]
    }

    mutating func finishSync(_ result: Result<SyncOutcome, SyncFailureLine>) -> [ReaderEffect] {
        reload.isSyncing = false
        var effects: [ReaderEffect]
        switch result {
        case .success(let outcome):
            effects = [LogLine.info("sync done: \(outcome.feeds) feeds, \(outcome.newArticles) new articles, \(outcome.changedStates) marks changed")]
            message = outcome.newArticles == 1 ? "Synced: 1 new article" : "Synced: \(outcome.newArticles) new articles"
        case .failure(let failure):
            effects = [LogLine.warning("sync failed: \(failure)")]
            message = "Sync failed: \(failure)"
        }
        effects += refreshScreens() + [.store(.checkGeneration)]
        if case .success = result { effects += retention + episodesAfterReload() + ruleEffects }
        if settings.feedListSource.fetchesFeeds {
            // The urls file's feeds next, whatever the server said; one notification for both.
            reload.syncSummary = message
            return effects + askForReload(only: nil, countingUnread: false)
        }
        fullArticleFetches.reloadStarted = nil
        if case .success = result { return effects + countUnreadForNotification(afterReload: true) }
        reload.unreadBefore = nil
        return effects
    }

    mutating func takeFetchEvent(_ event: FetchEvent) -> [ReaderEffect] {
        guard var current = reload.progress else { return [] }
        var effects: [ReaderEffect] = []
        switch event.kind {
        case .started:
            current.started(event.url)
        case .finished(let newItems):
            current.finished(event.url, newItems: newItems, completed: event.completed, total: event.total)
        case .notModified, .cancelled:
            current.finished(event.url, completed: event.completed, total: event.total)
        case .failed(let failure):
            effects.append(LogLine.warning("reload of \(event.displayURL) failed: \(failure)"))
            let isSavingFailure = if case .cache = failure { true } else { false }
            current.finished(event.url, failure: "\(failure)", isSavingFailure: isSavingFailure, completed: event.completed, total: event.total)
        }
        reload.progress = current
        return effects
    }

    mutating func finishReload(_ summary: ReloadSummary) -> [ReaderEffect] {
        if let progress = reload.progress {
            message = reload.syncSummary.map { "\($0); \(progress.summaryText)" } ?? progress.summaryText
        }
        reload.syncSummary = nil
        reload.progress = nil
        var effects: [ReaderEffect] = [LogLine.info("reload done: \(summary.succeeded) ok, \(summary.failed) failed, \(summary.newItems) new"),
                                       .timer(.spinner(running: false)), .store(.checkGeneration)]
        effects += retention
        // Before the full articles, which forget when the reload started.
        effects += episodesAfterReload()
        return effects + [.store(.indexStoredBodies)] + fullArticlesAfterReload() + countUnreadForNotification(afterReload: true)
            + ruleEffects
    }

    /// The rules' effects, after a reload or a sync that may have stored articles a rule acts on.
    private var ruleEffects: [ReaderEffect] {
        settings.config.rules.isEmpty ? [] : [.fetch(.carryOutRuleEffects(settings.config))]
    }

    /// Says what the rules did, after what the reload said; the lists follow what they changed
    /// (a full article stored).
    mutating func takeRuleEffectsReport(_ line: String?) -> [ReaderEffect] {
        guard let line else { return [] }
        message = [message, line].compactMap { $0 }.joined(separator: "; ")
        return [LogLine.info(line), .store(.checkGeneration)]
    }

    /// `max-items` and `keep-articles-days` after a reload, if either is set.
    private var retention: [ReaderEffect] {
        let config = settings.config
        let lifecycle = config.articleLifecycle
        guard config[\.maxItems] > 0 || lifecycle.keepArticlesDays > 0 else { return [] }
        return [.store(.applyRetention(maxItems: config[\.maxItems], keepDays: lifecycle.keepArticlesDays, keeping: lifecycle.keptFlags, now: now))]
    }

    // MARK: - Notifications

    /// Reads the unread counts before (or after) a reload, when a notification may follow:
    /// after it only when those before it were read (they were asked for first, on the same
    /// queue as the reload's own reads).
    func countUnreadForNotification(afterReload: Bool) -> [ReaderEffect] {
        guard settings.config.notifyOptions.isEnabled, !afterReload || reload.unreadBefore != nil else { return [] }
        return [.read(UnreadTotalsQuery(), route: afterReload, lane: .afterWrites)]
    }

    /// Keeps the counts before a reload; after it, says what changed, if there is something to
    /// say (or always, with `notify-always`).
    mutating func notify(_ totals: UnreadTotals, afterReload: Bool, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard afterReload else {
            reload.unreadBefore = totals
            return []
        }
        guard let before = reload.unreadBefore else { return [] }
        reload.unreadBefore = nil
        let options = settings.notifications(environment)
        guard let text = options.message(before: before, after: totals) else { return [] }
        if options.usesXterm { titleNotification = text }
        var effects: [ReaderEffect] = [LogLine.info("notifying: \(text)")]
        if options.beeps { effects.append(.terminal(.beep)) }
        if options.usesScreen { effects.append(.terminal(.showInStatusLine(text))) }
        if let program = options.program { effects.append(.process(.notify(arguments: program + [text]))) }
        return effects
    }

    // MARK: - Podcasts

    /// `podcast-auto-enqueue`: after a reload or a sync, the articles it stored that have an
    /// enclosure.
    private func episodesAfterReload() -> [ReaderEffect] {
        guard settings.config[\.podcastAutoEnqueue], let since = fullArticleFetches.reloadStarted else { return [] }
        return [.read(NewEpisodesQuery(since: since), route: ReaderRoute(), lane: .afterWrites)]
    }

    /// Queues the enclosure of each of `items`, as `E` would; one already queued is not queued
    /// again (see `PodcastQueue`).
    mutating func enqueueAutomatically(_ items: [StoredItem], _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard !items.isEmpty else { return [] }
        return [LogLine.info("podcast-auto-enqueue: queueing \(items.count) enclosures")] + items.flatMap { enqueue($0, environment) }
    }

    // MARK: - Full articles

    /// Starts fetching item `id`'s full article (`x`); the status bar says so until it arrives,
    /// and the keys keep working meanwhile.
    mutating func fetchFullArticle(_ id: ItemID, link: String) -> [ReaderEffect] {
        guard !fullArticleFetches.asked.contains(id) else {
            message = "Still fetching the full article…"
            return []
        }
        fullArticleFetches.asked.insert(id)
        return [.fetch(.fetchFullArticle(id, link: link, automatic: false))]
    }

    /// Shows the full article that arrived (in the article view that asked for it), or says in
    /// one line why there is none; the feed's text stays shown then.
    mutating func finishFullArticle(_ id: ItemID, _ result: Result<FullArticle, FullArticleFailure>, automatic: Bool) -> [ReaderEffect] {
        if automatic {
            var effects: [ReaderEffect] = []
            switch result {
            case .failure(let failure):
                effects.append(LogLine.info("always-fetch-full-article, item \(id): \(failure)"))
            case .success(let article):
                // An article open meanwhile keeps showing what it shows; its `x` needs no fetch now.
                navigation.modifyEvery((any ArticleShowing).self, { _ = $0.takeFullArticle(article, ofItem: id, show: false) }, back: { $0 })
                effects.append(.store(.checkGeneration))
            }
            if fullArticleFetches.finishAutomatic(id, failed: (try? result.get()) == nil) {
                let run = fullArticleFetches
                effects.append(LogLine.info("always-fetch-full-article: \(run.automaticTotal - run.automaticFailed) of \(run.automaticTotal) stored"))
            }
            return effects
        }
        guard fullArticleFetches.asked.remove(id) != nil else { return [] }
        switch result {
        case .failure(let failure):
            message = failure.description
            return [LogLine.info("full article of item \(id) not stored: \(failure)")]
        case .success(let article):
            var taken = false
            navigation.modifyEvery((any ArticleShowing).self, { taken = $0.takeFullArticle(article, ofItem: id, show: true) || taken }, back: { $0 })
            if taken {
                message = "The full article from its page (x: the feed's text)"
            } else if article.wasCached {
                message = "The full article is in the cache: x in the article shows it"
            } else {
                message = "Full article saved: x in the article shows it"
            }
            return article.wasCached ? [] : [.store(.checkGeneration)]
        }
    }

    /// After a reload: the new items of the feeds `always-fetch-full-article` names, newest
    /// first and at most `FullArticleOptions.alwaysFetchLimit`, to fetch in the background.
    private mutating func fullArticlesAfterReload() -> [ReaderEffect] {
        guard let since = fullArticleFetches.reloadStarted else { return [] }
        fullArticleFetches.reloadStarted = nil
        let options = settings.config.fullArticle
        guard options.fetchesAutomatically else { return [] }
        return [.read(FullArticleCandidatesQuery(since: since, options: options), route: ReaderRoute(), lane: .afterWrites)]
    }

    mutating func fetchAutomatically(_ candidates: [FeedStore.FullArticleCandidate]) -> [ReaderEffect] {
        let new = candidates.filter { !fullArticleFetches.automatic.contains($0.id) }
        guard !new.isEmpty else { return [] }
        fullArticleFetches.startAutomatic(new.map(\.id))
        return new.map { .fetch(.fetchFullArticle($0.id, link: $0.link, automatic: true)) }
    }

    /// What the status bar says: a message, else what runs in the background.
    var statusText: String {
        message ?? additionStatus ?? reload.progress?.runningText
            ?? (reload.isSyncing ? "Syncing with the feed server…" : nil) ?? fullArticleFetches.status ?? ""
    }
}
