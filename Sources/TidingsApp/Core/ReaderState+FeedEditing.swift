import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import FilterLanguage
import Foundation

/// Managing feeds from inside the reader — add, rename, tag, delete, move — and the lists'
/// filters. Every edit of the feeds goes to the urls file the same way, off the main thread (see
/// `UrlsFileEdit`) — or, with a feed server, to the server (`ServerFeedEdit`), followed by a
/// sync; an edit that cannot be made leaves a one-line reason in the status bar and changes
/// nothing.
extension ReaderState {
    // MARK: - Adding

    /// Fetches the feed at `url` in the background; it is added only if it arrives and parses
    /// (`finishAdding`). Keys keep working meanwhile, and the status bar says what is fetched.
    mutating func startAdding(_ typed: String, tag: String?) -> [ReaderEffect] {
        guard !typed.isEmpty else { return [] }
        var url = typed
        if !UrlsFile.isFeedLocation(typed), let host = FeedAddress.schemeless(typed) {
            // `example.org/feed`: HTTPS first, then plain HTTP if that fails (`finishAdding`);
            // a feed server is given the HTTPS address.
            url = "https://" + host
            if !managesFeedsOnServer { additions.httpFallbacks[url] = "http://" + host }
        }
        let shown = Excerpt(DisplayName(url).text)
        guard UrlsFile.isFeedLocation(url), !url.lowercased().hasPrefix("query:") else {
            ask(.addFeed(tag: tag), text: typed, refusal: "Not a feed URL")
            return []
        }
        // `HTTP://Example.org/feed` is the feed listed as `http://example.org/feed`.
        if let listed = feedList?.unfilteredRows.first(where: { FeedAddress.isSame($0.url, url) })?.url {
            message = "\(shown) is already \(managesFeedsOnServer ? "subscribed to" : "in the urls file")"
            selectInFeedLists(feedURL: listed)
            return []
        }
        if managesFeedsOnServer {
            // The server fetches it; the sync after brings its articles.
            return editOnServer(ServerFeedEdit(change: .add(url: url, tags: tag.map { [$0] } ?? []),
                                               done: "Subscribed to \(shown) on the feed server", refused: "Not added", selectURL: url))
        }
        guard !additions.fetching.contains(url) else {
            message = "\(shown) is being fetched already"
            return []
        }
        message = nil
        additions.refused = nil
        return fetchForAdding(url, typed: typed, tag: tag)
    }

    private mutating func fetchForAdding(_ url: String, typed: String, tag: String?) -> [ReaderEffect] {
        additions.fetching.insert(url)
        additions.typed[url] = typed
        return [LogLine.info("fetching \(CredentialRedaction.redact(url)) to add it"), .fetch(.fetchForAdding(url: url, tag: tag))]
    }

    /// Says why a fetched feed was not added; the next `a` offers the text typed again, to be
    /// corrected (the prompt does not open by itself: a key pressed meanwhile would type into it).
    private mutating func refuseAddition(_ url: String, tag: String?, because reason: String) {
        if let typed = additions.typed.removeValue(forKey: url) { additions.refused = (typed, tag) }
        message = reason
    }

    /// The add prompt, offering the text of the last feed refused (from the same list).
    mutating func askForFeedToAdd(tag: String?) {
        let refused = additions.refused.flatMap { $0.tag == tag ? $0.typed : nil }
        additions.refused = nil
        ask(.addFeed(tag: tag), text: refused ?? "")
    }

    /// What the status bar says while feeds are fetched to be added.
    var additionStatus: String? {
        guard let url = additions.fetching.sorted().first else { return nil }
        let more = additions.fetching.count > 1 ? " (and \(additions.fetching.count - 1) more)" : ""
        return "Fetching \(Excerpt(DisplayName(url).text))…\(more)"
    }

    /// Adds the fetched feed: its line to the urls file, its articles to the store; selects it.
    mutating func finishAdding(_ url: String, tag: String?, capture: CapturingFeedCache.Capture?, summary: ReloadSummary) -> [ReaderEffect] {
        additions.fetching.remove(url)
        let fallback = additions.httpFallbacks.removeValue(forKey: url)
        let shown = Excerpt(DisplayName(url).text)
        if let failure = summary.failures.first {
            let log = LogLine.info("not adding \(CredentialRedaction.redact(url)): \(failure.reason)")
            if let fallback {
                return [log] + fetchForAdding(fallback, typed: additions.typed.removeValue(forKey: url) ?? url, tag: tag)
            }
            if case .parse(let why) = failure.reason, url.lowercased().hasPrefix("http") {
                // Something that is no feed: perhaps the site's page, which announces its feed.
                additions.fetching.insert(url)
                return [log, .fetch(.discoverFeeds(pageURL: url, tag: tag, notAFeed: why))]
            }
            refuseAddition(url, tag: tag, because: "Not added: \(failure.reason)")
            return [log]
        }
        guard let capture else {
            refuseAddition(url, tag: tag, because: "Not added: nothing was received from \(shown)")
            return []
        }
        additions.typed[url] = nil
        let subscription = Subscription(url: url, tags: tag.map { [$0] } ?? [])
        return [.store(.editUrlsFile(UrlsFileEdit(change: .add(subscription, fetched: capture), selectURL: url)))]
    }

    /// The feeds the page at `pageURL` announces, read because the page was no feed: one is
    /// fetched to be added in its place; several are listed to choose from; none is a refusal.
    mutating func takeDiscoveredFeeds(_ pageURL: String, tag: String?, notAFeed: String,
                                      _ result: Result<[FeedLinkDiscovery.FeedLink], FetchFailure>) -> [ReaderEffect] {
        additions.fetching.remove(pageURL)
        let typed = additions.typed.removeValue(forKey: pageURL) ?? pageURL
        let feeds = (try? result.get()) ?? []
        switch feeds.count {
        case 0:
            additions.typed[pageURL] = typed
            refuseAddition(pageURL, tag: tag, because: "Not added: \(notAFeed) (and the page announces no feed)")
            return []
        case 1:
            let url = feeds[0].url
            if let listed = feedList?.unfilteredRows.first(where: { FeedAddress.isSame($0.url, url) })?.url {
                message = "\(Excerpt(DisplayName(url).text)), the page's feed, is already in the urls file"
                selectInFeedLists(feedURL: listed)
                return []
            }
            return fetchForAdding(url, typed: typed, tag: tag)
        default:
            message = "\(Excerpt(DisplayName(pageURL).text)) announces \(feeds.count) feeds: Enter adds the one selected"
            return push(FeedChoiceScreen(id: newScreenID(), pageURL: pageURL, feeds: feeds, tag: tag))
        }
    }

    /// An edit of the urls file is done (or was refused): the lists follow it.
    mutating func takeUrlsFileEdit(_ outcome: UrlsFileEditOutcome, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        var effects: [ReaderEffect] = []
        if outcome.changed && feedList == nil {
            // The first feed was added on the welcome screen, or newsboat's urls file brought
            // over (it may hold query feeds: they show at once): the reader becomes what it is on
            // every later start.
            settings.queryFeeds = outcome.queryFeeds
            settings.headings = outcome.headings
            settings.subscriptions = settings.subscriptions ?? []
            navigation = Navigation(root: FeedListScreen(id: newScreenID(), queryFeeds: settings.queryFeeds, headings: settings.headings))
            effects.append(.timer(.autoReload(minutes: settings.autoReloadMinutes)))
        }
        if let text = outcome.message { message = text }
        if outcome.changed && reload.reloadsWhenListed {
            reload.reloadsWhenListed = false
            return effects + refreshScreens() + perform(.reloadAll, environment) + [.store(.checkGeneration)]
        }
        if let url = outcome.selectURL { pendingSelection = url }
        guard outcome.changed else { return effects }
        if outcome.isReread {
            // Its query feeds are read under every source of feeds, as at start.
            settings.queryFeeds = outcome.queryFeeds
            navigation.modifyEvery(FeedListScreen.self, { $0.takeQueryFeeds(outcome.queryFeeds) }, back: { $0 })
        }
        if settings.feedListSource == .urlsFile {
            // The urls file's headings as the edit left them, for every feed list.
            settings.headings = outcome.headings
            navigation.modifyEvery(FeedListScreen.self, { $0.takeHeadings(outcome.headings) }, back: { $0 })
        }
        return effects + refreshScreens() + [.store(.checkGeneration)]
    }

    /// Selects a feed just added, once the lists list it.
    mutating func selectPendingFeed() -> [ReaderEffect] {
        guard let url = pendingSelection else { return [] }
        selectInFeedLists(feedURL: url)
        if feedList?.unfilteredRows.contains(where: { $0.url == url }) ?? true { pendingSelection = nil }
        return []
    }

    // MARK: - Renaming, tags

    mutating func rename(_ feed: FeedListRow, to title: String) -> [ReaderEffect] {
        if managesFeedsOnServer {
            // The server keeps one title per feed: an empty answer changes nothing.
            guard !title.isEmpty, title != (feed.customTitle ?? feed.feedTitle) else { return [] }
            return editOnServer(ServerFeedEdit(change: .rename(feed.id, to: title), done: "Renamed to \(Excerpt(title)) on the feed server"))
        }
        // The feed's own title typed back unchanged is no custom title.
        let customTitle: String? = title.isEmpty || (feed.customTitle == nil && title == feed.feedTitle) ? nil : title
        guard customTitle != feed.customTitle else { return [] }
        let done = customTitle.map { "Renamed to \(Excerpt($0))" } ?? "Custom title removed: the feed's own title is shown"
        return [.store(.editUrlsFile(UrlsFileEdit(change: .rename(url: feed.url, customTitle: customTitle), done: done)))]
    }

    /// The tags prompt's text for `tags`: as the urls file writes them, with a space after the
    /// last one, ready for another.
    static func tagsPromptText(_ tags: [String]) -> String {
        tags.isEmpty ? "" : tags.map(NewsboatTokenizer.quoteIfNeeded).joined(separator: " ") + " "
    }

    mutating func setTags(of feed: FeedListRow, from text: String) -> [ReaderEffect] {
        let tags: [String]
        switch Self.parseTags(text) {
        case .success(let parsed): tags = parsed
        case .failure(let reason):
            message = "Tags not changed: \(reason.description)"
            return []
        }
        guard tags != feed.tags else { return [] }
        let title = Excerpt(feed.name.text)
        let done = tags.isEmpty ? "\(title) has no tags now" : "Tags of \(title): \(Excerpt(tags.joined(separator: ", ")))"
        if managesFeedsOnServer { return editOnServer(ServerFeedEdit(change: .setTags(feed.id, tags), done: done)) }
        return [.store(.editUrlsFile(UrlsFileEdit(change: .setTags(url: feed.url, tags), done: done)))]
    }

    /// Why a tag line cannot be written as typed.
    struct TagRefusal: Error, CustomStringConvertible {
        var description: String
    }

    /// The tags in a line typed at the tags prompt, without repeats; the urls file's rules apply.
    static func parseTags(_ text: String) -> Result<[String], TagRefusal> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("#") || UrlsFile.trailingComment(of: trimmed) != nil {
            return .failure(TagRefusal(description: "a tag that starts with # must be in quotes (\"#tag\")"))
        }
        let tokens: [NewsboatTokenizer.Token]
        do {
            tokens = try NewsboatTokenizer.tokenize(trimmed)
        } catch {
            return .failure(TagRefusal(description: error.description))
        }
        var tags: [String] = []
        for token in tokens where !tags.contains(token.text) {
            if token.text.hasPrefix("~") || token.text.hasPrefix("!") || token.text.isEmpty {
                return .failure(TagRefusal(description: "\(Excerpt(token.text)) cannot be a tag (the urls file reads ~ as a title and ! as hidden)"))
            }
            tags.append(token.text)
        }
        return .success(tags)
    }

    // MARK: - On the feed server

    /// True with a feed server (`urls-source`): its feed list is the truth, edited there.
    var managesFeedsOnServer: Bool { settings.feedListSource.server != nil }

    /// Why `intent` (an edit of the feeds) cannot be done with the feed server configured; nil
    /// when it is asked of the server.
    func serverFeedRefusal(_ intent: ReaderIntent) -> String? {
        switch settings.syncAccount {
        case nil: return nil
        case .failure(let problem)?: return "Feeds are managed on the feed server, which is not set up: \(problem)"
        case .success(let account)?:
            if let refusal = account.source.feedManagementRefusal { return "\(refusal)" }
            if case .moveFeed = intent { return "The feed server keeps the feeds in its own order" }
            if case .moveFeedPastHeading = intent { return "The feed server keeps the feeds in its own order" }
            return nil
        }
    }

    /// Asks the runner to make `edit` on the server and sync; one at a time, as syncs are.
    mutating func editOnServer(_ edit: ServerFeedEdit) -> [ReaderEffect] {
        guard !isReloading else {
            message = "A sync is running: try again when it is done"
            return []
        }
        reload.isSyncing = true
        message = "Asking the feed server…"
        return [.fetch(.manageServerFeed(edit))]
    }

    /// What the server's answer to `edit` (and the sync after) shows.
    mutating func finishServerFeedEdit(_ edit: ServerFeedEdit, _ result: Result<SyncOutcome, SyncFailureLine>) -> [ReaderEffect] {
        reload.isSyncing = false
        let log: ReaderEffect
        switch result {
        case .success:
            log = LogLine.info("feed server change done: \(edit.change)")
            message = edit.done
            if let url = edit.selectURL { pendingSelection = url }
        case .failure(let failure):
            log = LogLine.warning("feed server change refused: \(failure)")
            message = "\(edit.refused): \(failure)"
        }
        return [log] + refreshScreens() + [.store(.checkGeneration)]
    }

    // MARK: - The urls file, by hand

    /// newsboat's `edit-urls` (`E`): hands the terminal to `$VISUAL`, else `$EDITOR`, else `vi`, on
    /// the urls file; the file is read again once the editor exits. The editor's command is split
    /// as a shell would (`code --wait`) but run without one.
    mutating func editUrlsFile(_ environment: ReaderEnvironment) -> [ReaderEffect] {
        if let refusal = urlsFileActionRefusal {
            message = refusal
            return []
        }
        let editor = ["VISUAL", "EDITOR"].lazy.compactMap { environment.variables[$0] }
            .first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi"
        let arguments: [String]
        do {
            arguments = try CommandArguments.split(editor)
        } catch {
            message = "Cannot run the editor \(Excerpt(editor)): \(error)"
            return []
        }
        return [LogLine.info("editing the urls file with \(arguments[0])"), .process(.editUrlsFile(arguments: arguments + [settings.urlsPath]))]
    }

    /// newsboat's `reload-urls` (`^R`): reads the urls file again; the cache's feed list follows it.
    mutating func rereadUrlsFile() -> [ReaderEffect] {
        if let refusal = urlsFileActionRefusal {
            message = refusal
            return []
        }
        return [.store(.editUrlsFile(UrlsFileEdit(change: .reread)))]
    }

    /// Why the urls file is not the feed list here, if it is not.
    private var urlsFileActionRefusal: String? {
        if settings.isCacheReadOnly { return "The cache is read-only here: the feed list cannot follow the urls file" }
        switch settings.feedListSource {
        case .urlsFile, .server(_, withLocalFeeds: true): return nil
        case .server: return "The feed server keeps the list of feeds: the urls file is not read"
        case .opml: return "The feed list comes from the OPML documents opml-url names"
        }
    }

    // MARK: - Filters

    /// `set-filter`: the typed expression filters the list on top; a bad one says what and where.
    mutating func applyTypedFilter(_ text: String) -> [ReaderEffect] {
        let source = text.trimmingCharacters(in: .whitespaces)
        guard !source.isEmpty else { return applyToTop(nil) }
        do {
            return applyToTop(ListFilter(expression: try FilterParser.parse(source), label: source))
        } catch {
            message = "Not a filter: \(error.description)"
            return []
        }
    }

    /// `select-filter`: the defined filter named, or numbered, by `text`.
    mutating func applyDefinedFilter(_ text: String, from filters: [DefinedFilter]) -> [ReaderEffect] {
        let choice = text.trimmingCharacters(in: .whitespaces)
        let filter = Int(choice).flatMap { filters.indices.contains($0 - 1) ? filters[$0 - 1] : nil }
            ?? filters.first { $0.name == choice }
        guard let filter else {
            if !choice.isEmpty { message = "No filter is called \(Excerpt(choice))" }
            return []
        }
        return applyToTop(ListFilter(expression: filter.expression, label: filter.name))
    }

    private mutating func applyToTop(_ filter: ListFilter?) -> [ReaderEffect] {
        guard top is any FilteredScreen else {
            message = "This screen has no list to filter"
            return []
        }
        // The feed list tests feeds: an article's attribute there is refused, not read as empty.
        if top is FeedListScreen, let refusal = filter?.feedListRefusal {
            message = refusal
            return []
        }
        let context = context
        return navigation.modifyTop { screen in
            guard var filtered = screen as? any FilteredScreen else { return [] }
            let effects = filtered.applyFilter(filter, context)
            screen = filtered
            return effects
        }
    }

    /// Selects the first feed or query feed whose title contains `text`, in the feed list
    /// (brought back on top): `:goto` and `goto-title`.
    mutating func goToFeed(titled text: String) {
        guard let feedList, !text.isEmpty else { return }
        guard let index = feedList.entryIndex(titleContaining: text) else {
            message = "No feed's title contains \(Excerpt(text))"
            return
        }
        navigation.popToRoot()
        navigation.modify(feedList.id, as: FeedListScreen.self) { _ = $0.selectRow(index) }
    }

    // MARK: - Search

    /// Shows the results of `text` in a new results screen; a search typed on a results screen
    /// replaces it, so Back returns to where the first search was started. A query that cannot
    /// mean anything (only spaces, only `-word`s) leaves the screens as they are and says why.
    /// `feed`: of that feed's articles only (`/` in its list), the query's own filters applying too.
    mutating func runSearch(_ text: String, in feed: FeedListRow? = nil) -> [ReaderEffect] {
        let query: SearchQuery
        do {
            query = try SearchQuery(feed.map { "\(text) feed:\"\($0.url.replacingOccurrences(of: "\"", with: ""))\"" } ?? text)
        } catch {
            message = error.description
            return []
        }
        var screen = SearchResultsScreen(id: newScreenID(), query: query, folds: settings.config[\.foldDuplicates])
        screen.scope = feed.map { (typed: text, feed: $0.name.text) }
        if let results = top as? SearchResultsScreen {
            // Kept for `prevsearchresults`, as newsboat keeps its earlier results.
            screen.keepEarlier(results)
            let effects = screen.refresh(context)
            navigation.replaceTop(with: screen)
            return effects
        }
        return push(screen)
    }
}
