import Configuration
import FeedStore
import Foundation
import TerminalUI

/// The reader's one step: a message in, the state changed and the effects out.
///
///     var state = ReaderState(settings: settings, terminal: facts, now: start)
///     let effects = update(&state, .keys([.character("R")]), environment)
///
/// Each message goes to the reducer of its feature (the files `ReaderState+…`); then the screen
/// on top is laid out for the terminal (`layout()`), which asks for the rows and pictures it
/// lacks. Nothing here touches a file, the cache, the clock or the terminal.
func update(_ state: inout ReaderState, _ message: ReaderMessage, _ environment: ReaderEnvironment) -> [ReaderEffect] {
    state.update(message, environment)
}

extension ReaderState {
    mutating func update(_ message: ReaderMessage, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard !isQuitting else { return [] }
        now = environment.now
        let before = self.message
        let shownBefore = screens
        var effects = decide(message, environment)
        effects += placesOfScreensLeft(shownBefore)
        if let said = self.message, said != before, DisplayWidth.of(said) > terminal.size.columns - 2 {
            // Cut at a word on the status bar: kept whole in the log.
            effects.append(LogLine.info("status: \(said)"))
        }
        return effects + layout()
    }

    private mutating func decide(_ message: ReaderMessage, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let context = context
        switch message {
        case .keys(let keys):
            return handle(keys, environment)
        case .resized(let size):
            terminal.size = size
            return []
        case .terminated(let signal):
            return quit(status: 128 + signal, environment)

        case .feedListRead(let ticket, let result):
            let effects = navigation.modify(ticket.screen, as: FeedListScreen.self) { $0.take(result, ticket, context) } ?? []
            return effects + selectPendingFeed() + runStartupActionsOnce(environment)
        case .queryCountsRead(let ticket, let result):
            return navigation.modify(ticket.screen, as: FeedListScreen.self) { $0.takeCounts(result, ticket, context) } ?? []
        case .itemListRead(let ticket, let result):
            navigation.modify(ticket.screen, as: ItemListScreen.self) { $0.take(result, ticket, context) }
        case .titleFilterRead(let ticket, let result):
            navigation.modify(ticket.screen, as: ItemListScreen.self) { $0.take(result, ticket) }
        case .crossFeedListRead(let ticket, let result):
            return navigation.modify(ticket.screen, as: CrossFeedListScreen.self) { $0.take(result, ticket, context) } ?? []
        case .rowsRead(let route, let result):
            return takeRows(result, for: route, environment)
        case .previewRead(let ticket, let result):
            navigation.modify(ticket.screen, as: ItemListScreen.self) { $0.takePreview(result, of: ticket.item) }
        case .indexBacklogRead(let ticket, let result):
            navigation.modify(ticket.screen, as: SearchResultsScreen.self) { $0.takeIndexBacklog(result) }
        case .tagsRead(let ticket, let result):
            navigation.modify(ticket.screen, as: TagListScreen.self) { $0.take(result, ticket) }
        case .feedHealthRead(let ticket, let result):
            navigation.modify(ticket.screen, as: FeedHealthScreen.self) { $0.take(result, ticket, context) }

        case .articleRead(let route, let result):
            return takeArticle(result, for: route, environment)
        case .unreadJumpRead(let forward, let result):
            return jump(to: result, forward: forward, environment)
        case .feedsToFetchRead(let result):
            return startReload(result)
        case .hasSyncedRead(let result):
            // Not known to have synced: a sync finds out.
            return (try? result.get()) == true ? [] : startSync()
        case .ruleMatchesRead(let result):
            switch result {
            case .success(let lines):
                return push(HelpScreen(id: newScreenID(), title: "Rules — what each would match in the cache", lines: lines))
            case .failure(let failure):
                self.message = "Cannot read the rules' matches: \(failure)"
                return []
            }
        case .unreadTotalsRead(let afterReload, let result):
            guard case .success(let totals) = result else { return [] }
            return notify(totals, afterReload: afterReload, environment)
        case .fullArticleCandidatesRead(let result):
            return fetchAutomatically((try? result.get()) ?? [])
        case .newEpisodesRead(let result):
            return enqueueAutomatically((try? result.get()) ?? [], environment)

        case .generation(let generation):
            guard generation != lastGeneration else { return [] }
            lastGeneration = generation
            return refreshScreens()
        case .cacheFileChanged:
            // The generation tells whether anything the screens show has changed.
            return [.store(.checkGeneration)]
        case .storeChanged:
            // Not every write moves the generation (the urls file's feeds, retention): read again.
            return refreshScreens() + [.store(.checkGeneration)]
        case .bodiesIndexed(let waiting):
            // A batch per write, so that marks are written in between; the last one moves the
            // generation, which the search screens follow.
            return waiting > 0 ? [.store(.indexStoredBodies)] : [.store(.checkGeneration)]
        case .marksWritten(let number, let generation, let changes):
            pendingMarks.written(through: number, generation: generation)
            undo.takeWritten(through: number, changes)
            lastGeneration = generation
            return refreshScreens() + [.store(.settleMarks(through: number))]
        case .marksSettled(let number):
            pendingMarks.remove(through: number)
            return []
        case .articlesDeleted(let outcome):
            switch outcome.deletion {
            case .article, .allArticles:
                undo.takeDeleted(outcome.deleted)
                self.message = outcome.statusText
            case .purge:
                self.message = outcome.statusText
            case .restore:
                break  // "Undid: …" says it.
            }
            return refreshScreens() + [.store(.checkGeneration)]
        case .syncFailed(let text):
            self.message = text
            return refreshScreens()
        case .urlsFileEdited(let outcome):
            return takeUrlsFileEdit(outcome, environment)
        case .status(let text):
            self.message = text
            return []

        case .fetchEvent(let event):
            return takeFetchEvent(event)
        case .reloadFinished(let summary):
            return finishReload(summary)
        case .syncFinished(let result):
            return finishSync(result)
        case .ruleEffectsCarriedOut(let line):
            return takeRuleEffectsReport(line)
        case .serverFeedEdited(let edit, let result):
            return finishServerFeedEdit(edit, result)
        case .fetchedForAdding(let url, let tag, let capture, let summary):
            return finishAdding(url, tag: tag, capture: capture, summary: summary)
        case .feedsDiscovered(let pageURL, let tag, let notAFeed, let result):
            return takeDiscoveredFeeds(pageURL, tag: tag, notAFeed: notAFeed, result)
        case .fullArticleFetched(let id, let result, let automatic):
            return finishFullArticle(id, result, automatic: automatic)
        case .imageLoaded(let request, let result):
            return takePicture(request, result)

        case .spinnerTick:
            reload.turnSpinner()
            // While a reload writes, the lists follow at the spinner's pace, not at every feed.
            return [.store(.checkGeneration)]
        case .autoReloadTick:
            guard !isReloading else { return [] }
            return reloadAutomatically()

        case .historiesRead(let commandLine, let search):
            takeHistories(commandLine: commandLine, search: search)
            return []
        case .configFileRead(let path, let result):
            return source(path, result, environment)
        case .saveAllPlanned(let plan):
            return continueSavingAll(plan, environment)
        case .savedAll(let outcome):
            self.message = outcome.statusText(home: environment.variables["HOME"])
            return []
        case .saveWouldReplace(let article, let path):
            return confirm(.replaceFile(article, path: path), environment)
        }
        return []
    }

    /// Rows of articles the cache gave back: a page of a list, marks read again, search results,
    /// or the unread articles `open-all-unread-in-browser` opens.
    private mutating func takeRows(_ result: StoreResult<[ItemRow]>, for route: RowsRoute, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        switch route {
        case .page(let ticket, let page):
            navigation.modify(ticket.screen, as: ItemListScreen.self) { $0.takePage(result, page, ticket) }
            navigation.modify(ticket.screen, as: CrossFeedListScreen.self) { $0.takePage(result, page, ticket) }
        case .marks(let ticket, let part):
            navigation.modify(ticket.screen, as: ItemListScreen.self) { $0.takeMarks(result, page: part, ticket) }
            navigation.modify(ticket.screen, as: CrossFeedListScreen.self) { $0.takeMarks(result, page: part, ticket) }
            navigation.modify(ticket.screen, as: SearchResultsScreen.self) { $0.takeMarks(result, chunk: part, ticket) }
        case .searchPage(let ticket):
            navigation.modify(ticket.screen, as: SearchResultsScreen.self) { $0.takePage(result, ticket) }
        case .unreadToOpen(let markingRead):
            guard case .success(let rows) = result else {
                if case .failure(let failure) = result { message = "Cannot read the articles: \(failure)" }
                return []
            }
            return openAllUnread(rows, markingRead: markingRead, environment)
        }
        return []
    }

    /// Every screen on the stack reads what it shows again.
    mutating func refreshScreens() -> [ReaderEffect] {
        let context = context
        var effects: [ReaderEffect] = []
        navigation.modifyAll { effects += $0.refresh(context) }
        return effects
    }

    // MARK: - Start and quit

    /// What the reader does first, before any key.
    mutating func begin(_ environment: ReaderEnvironment) -> [ReaderEffect] {
        now = environment.now
        var effects: [ReaderEffect] = [.terminal(.setDefaultColors(foreground: context.theme.background.foreground,
                                                                    background: context.theme.background.background))]
        // The urls file's feeds reach the cache on the write queue: a `tidings reload` from cron
        // holding the writer must not keep the screen from opening. The lists read once it is
        // done (`.storeChanged`), and say "Loading…" until then. Under a feed server the cache's
        // feeds are the server's: writing the (unread) urls file's list would unsubscribe them
        // all; with `sync-local-feeds` it is written beside them. A read-only cache is shown as
        // it is: nothing is written to it.
        let source = settings.feedListSource
        if let subscriptions = settings.subscriptions, source.fetchesFeeds, !settings.isCacheReadOnly {
            effects.append(.store(.syncSubscriptions(subscriptions, besideServer: source.server != nil)))
        } else {
            effects += refreshScreens()
        }
        if !settings.isCacheReadOnly {
            // After the feeds are in line (the same write queue), so that a rule for one feed finds it.
            effects += [.store(.applyKillfile(settings.config.killfile)), .store(.writeLeftOverMarks)]
            // Articles a reload stored without indexing their text (one that ended early, or a
            // `tidings reload` still running) are indexed now.
            effects.append(.store(.indexStoredBodies))
        }
        effects.append(.timer(.watchCache))
        if !settings.isCacheReadOnly { effects.append(.store(.forgetOldPlaces(now: now))) }
        let historyReads = historiesAtStart
        effects += historyReads
        if historyReads.isEmpty { hasReadHistories = true }
        if let warning = settings.warnings.first {
            // The count and the log's path first, so that they survive an 80-column status bar.
            let count = settings.warnings.count
            message = "\(count) warning\(count == 1 ? "" : "s") — see \(Self.shortPath(settings.logPath, home: environment.variables["HOME"])): \(warning)"
            effects += settings.warnings.map { LogLine.warning($0) }
        }
        guard feedList != nil else { return effects + layout() }
        // newsboat's auto-reload reloads at start, then every reload-time minutes.
        let config = settings.config
        if settings.isCacheReadOnly {
            // Nothing fetched could be stored.
        } else if config[\.refreshOnStartup] {
            // Asked for by name: every feed, as R.
            effects += perform(.reloadAll, environment)
        } else if settings.autoReloadMinutes != nil && !config[\.suppressFirstReload] {
            effects += reloadAutomatically()
        } else if case .success(let account)? = settings.syncAccount {
            effects.append(.read(HasSyncedQuery(account: account.identity), route: ReaderRoute(), lane: .key))
        }
        effects.append(.timer(.autoReload(minutes: settings.autoReloadMinutes)))
        return effects + layout()
    }

    /// Stops: the last frame says so while transfers end, the cache is tidied as the options
    /// ask, the histories are kept.
    mutating func quit(status: Int32, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard !isQuitting else { return [] }
        // Drawn as the last frame: the transfers take a moment to stop.
        if isReloading { message = "Stopping…" }
        beginQuitting()
        let sessionEnd: [ReaderEffect] = settings.isCacheReadOnly ? [] : [.store(.recordSessionEnd(at: now))]
        return places(of: screens) + tidyingOnQuit + sessionEnd + historiesOnQuit + [.terminal(.quit(status: status))]
    }

    /// What quitting tidies in the cache, as newsboat's options ask (see `QuitTidying`); none when
    /// there is nothing to tidy, or the cache cannot be written.
    private var tidyingOnQuit: [ReaderEffect] {
        guard !settings.isCacheReadOnly else { return [] }
        let options = settings.config.articleLifecycle
        let tidying = QuitTidying(
            deletesReadArticles: options.deletesReadArticlesOnQuit, keeping: options.keptFlags,
            removesUnsubscribedFeeds: options.cleanup == .yes && settings.subscriptions != nil)
        guard hasDeletedArticles || tidying.deletesReadArticles || tidying.removesUnsubscribedFeeds else { return [] }
        return [.store(.tidyOnQuit(tidying))]
    }

    // MARK: - The place left

    /// Where the reader was in the articles and feeds' lists that left the stack with this
    /// message, kept for when they are opened again.
    private func placesOfScreensLeft(_ before: [any ReaderScreen]) -> [ReaderEffect] {
        guard !settings.isCacheReadOnly else { return [] }
        let staying = Set(screens.map(\.id))
        return places(of: before.filter { !staying.contains($0.id) })
    }

    /// The place of each article (where it was left, or none once read to the end) and each
    /// feed's list (its selected article) among `screens`.
    private func places(of screens: [any ReaderScreen]) -> [ReaderEffect] {
        guard !settings.isCacheReadOnly else { return [] }
        return screens.compactMap { screen in
            if let article = screen as? ArticleScreen {
                return .store(.setReadingPlace(article.readingPlace, item: article.item.id, at: now))
            }
            if let list = screen as? ItemListScreen, let selected = list.selectedItem(pendingMarks) {
                return .store(.setListPlace(feed: list.feed.id, item: selected.id, at: now))
            }
            return nil
        }
    }

    /// `path` with the home directory written `~`, as a user types it.
    static func shortPath(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, path.hasPrefix(home + "/") else { return path }
        return "~" + path.dropFirst(home.count)
    }

    /// `text` as a status-bar message: like every other, it starts with a capital letter
    /// (descriptions written to follow a prefix, such as `config line 3: …`, do not).
    static func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}
