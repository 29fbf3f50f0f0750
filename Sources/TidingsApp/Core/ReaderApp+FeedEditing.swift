import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import FilterLanguage
import Foundation
import TerminalUI

/// Questions in the status row, and what their answers do: search, and managing feeds from
/// inside the reader — add, rename, tag, delete, move.
///
/// Every edit of the feeds goes to the urls file the same way, off the main thread (see
/// `UrlsFileEdit`) — or, with a feed server, to the server (`ServerFeedEdit`), followed by a sync;
/// an edit that cannot be made leaves a one-line reason in the status bar and changes nothing.
extension ReaderApp {
    /// The prompt shown in the status row while a search is typed.
    nonisolated static let searchPrompt = "Search: "

    // MARK: - Prompts

    /// Opens a one-line prompt in the status row for `question`, prefilled with `text`; `refusal`
    /// says why the text typed before was not taken.
    func ask(_ question: ReaderQuestion, text: String = "", refusal: String? = nil) {
        navigation.prompt = LineEditor(prompt: (refusal.map { "\($0) — " } ?? "") + question.prompt, text: text)
        navigation.prompt?.history = histories.lines(for: question)
        self.question = question
    }

    /// Shows a yes/no question in the status bar; the next key answers it.
    func confirm(_ pending: ReaderConfirmation) -> [ReaderEffect] {
        switch pending {
        case .quit: transientMessage = "Quit Tidings? (y: yes, any other key: no)"
        case .delete(let feed): transientMessage = "Delete \(Self.shown(feed.name))? (y: yes, any other key: no)"
        case .markAllFeedsRead: transientMessage = "Mark every feed read? (y: yes, any other key: no)"
        case .deleteAllArticles: transientMessage = "Delete all articles? (y: yes, any other key: no)"
        case .markFeedRead(let feed): transientMessage = "Mark \(Self.shown(feed.name)) read? (y: yes, any other key: no)"
        case .replaceFile(_, let path):
            transientMessage = "Replace \(Excerpt((path as NSString).lastPathComponent))? It exists (y: yes, any other key: no)"
        case .sortOrder(let question): transientMessage = question.prompt
        case .overwriteSaved(let plan): transientMessage = overwriteQuestion(plan)
        }
        confirmation = pending
        return []
    }

    /// Passes `key` to the open prompt and acts on Enter or Esc.
    func handlePromptKey(_ key: Key) -> [ReaderEffect] {
        guard var editor = navigation.prompt else { return [] }
        switch editor.handle(key) {
        case .editing:
            navigation.prompt = editor
        case .cancelled:
            navigation.prompt = nil
            question = nil
        case .submitted(let text):
            navigation.prompt = nil
            guard let answered = question else { return [] }
            question = nil
            histories.record(text, answering: answered)
            return answer(answered, with: text)
        }
        return []
    }

    private func answer(_ question: ReaderQuestion, with text: String) -> [ReaderEffect] {
        switch question {
        case .search: runSearch(text)
        case .command: return runCommand(text)
        case .addFeed(let tag): return startAdding(text.trimmingCharacters(in: .whitespaces), tag: tag)
        case .rename(let feed): return rename(feed, to: text.trimmingCharacters(in: .whitespaces))
        case .tags(let feed): return setTags(of: feed, from: text)
        case .filter: applyTypedFilter(text)
        case .feedTitle: goToFeed(titled: text.trimmingCharacters(in: .whitespaces))
        case .definedFilter(let filters): applyDefinedFilter(text, from: filters)
        case .savePath(let article): return save(article, to: text)
        case .saveAllDirectory(let query): return saveAll(query, to: text)
        case .pipeCommand(let article): return pipe(article, to: text)
        case .urlNumber(let urls): return openURL(numbered: text, of: urls)
        case .flags(let id, let state): return setFlags(of: id, shown: state, to: text)
        case .bookmark(let draft, let field): return answerBookmark(draft, field, with: text)
        }
        return []
    }

    /// What the key pressed while `pending` was asked does.
    func answer(_ pending: ReaderConfirmation, with key: Key) -> [ReaderEffect] {
        if case .sortOrder(let question) = pending {
            sort(question, answer: key)
            return []
        }
        if case .overwriteSaved(let plan) = pending { return answerOverwrite(plan, with: key) }
        return key == .character("y") || key == .character("Y") ? confirmed(pending) : []
    }

    func confirmed(_ pending: ReaderConfirmation) -> [ReaderEffect] {
        switch pending {
        case .quit:
            return quit(status: 0)
        case .delete(let feed):
            let title = Self.shown(feed.name)
            if managesFeedsOnServer {
                return editOnServer(ServerFeedEdit(change: .delete(feed.id), done: "Deleted \(title) on the feed server"))
            }
            return [.editUrlsFile(UrlsFileEdit(change: .remove(url: feed.url, title: "\(title)"), done: "Deleted \(title)"))]
        case .replaceFile(let article, let path):
            return [.saveText(article, path: path, replacing: true)]
        case .markAllFeedsRead:
            return markAllFeedsRead()
        case .deleteAllArticles(let feed):
            hasDeletedArticles = true
            return [.deleteArticles(.allArticles(feed))]
        case .markFeedRead(let feed):
            return markFeedRead(feed.id)
        case .sortOrder, .overwriteSaved:
            // Not yes/no questions: answered by `answer(_:with:)`.
            return []
        }
    }

    /// Sorts every list of the question's kind by the field `key` chooses, for the rest of the
    /// session, or says that nothing was sorted.
    private func sort(_ question: SortQuestion, answer key: Key) {
        guard let (option, value, done) = question.answer(key) else {
            transientMessage = "Not sorted"
            return
        }
        transientMessage = changeOption(option, to: value) ?? done
    }

    /// A feed's title or URL as the status bar shows it: credentials removed, cut short.
    nonisolated static func shown(_ name: DisplayName) -> Excerpt {
        Excerpt(name.text)
    }

    // MARK: - Search

    /// Shows the results of `text` in a new results screen; a search typed on a results
    /// screen replaces it, so Back returns to where the first search was started. A query
    /// that cannot mean anything (only spaces, only `-word`s) leaves the screens as they are
    /// and says why in the status bar.
    func runSearch(_ text: String) {
        let query: SearchQuery
        do {
            query = try SearchQuery(text)
        } catch {
            transientMessage = error.description
            return
        }
        let screen = SearchResultsScreen(query: query, storeView: storeView, preferences: settings.preferences)
        if top is any SearchResultsShowing {
            // Kept for `prevsearchresults`, as newsboat keeps its earlier results.
            screen.previous = top as? SearchResultsScreen
            navigation.replaceTop(with: screen)
        } else {
            navigation.push(screen)
        }
    }

    // MARK: - Adding

    /// Fetches the feed at `url` in the background; it is added only if it arrives and parses
    /// (`finishAdding`). Keys keep working meanwhile, and the status bar says what is fetched.
    private func startAdding(_ typed: String, tag: String?) -> [ReaderEffect] {
        guard !typed.isEmpty else { return [] }
        var url = typed
        if !UrlsFile.isFeedLocation(typed), let host = FeedAddress.schemeless(typed) {
            // `example.org/feed`: HTTPS first, then plain HTTP if that fails (`finishAdding`);
            // a feed server is given the HTTPS address.
            url = "https://" + host
            if !managesFeedsOnServer { additions.httpFallbacks[url] = "http://" + host }
        }
        let shown = Self.shown(DisplayName(url))
        guard UrlsFile.isFeedLocation(url), !url.lowercased().hasPrefix("query:") else {
            ask(.addFeed(tag: tag), text: typed, refusal: "Not a feed URL")
            return []
        }
        // `HTTP://Example.org/feed` is the feed listed as `http://example.org/feed`.
        if let listed = feedList?.rows.first(where: { FeedAddress.isSame($0.url, url) })?.url {
            transientMessage = "\(shown) is already \(managesFeedsOnServer ? "subscribed to" : "in the urls file")"
            pendingSelection = listed
            selectPendingFeedNow()
            return []
        }
        if managesFeedsOnServer {
            // The server fetches it; the sync after brings its articles.
            return editOnServer(ServerFeedEdit(change: .add(url: url, tags: tag.map { [$0] } ?? []),
                                               done: "Subscribed to \(shown) on the feed server", refused: "Not added", selectURL: url))
        }
        guard !additions.fetching.contains(url) else {
            transientMessage = "\(shown) is being fetched already"
            return []
        }
        logger.info("fetching \(CredentialRedaction.redact(url)) to add it")
        transientMessage = nil
        additions.fetching.insert(url)
        additions.awaited = (url, typed)
        return [.fetchForAdding(url: url, tag: tag)]
    }

    private func selectPendingFeedNow() {
        guard let url = pendingSelection else { return }
        for case let list as any FeedListing in screens { list.select(feedURL: url) }
        pendingSelection = nil
    }

    /// Says why a fetched feed was not added; when the user has been waiting for it (no key
    /// pressed since), the prompt comes back with the text typed, to be corrected.
    private func refuseAddition(_ url: String, tag: String?, because reason: String) {
        if let awaited = additions.awaited, awaited.url == url, navigation.prompt == nil {
            additions.awaited = nil
            ask(.addFeed(tag: tag), text: awaited.typed, refusal: reason)
        } else {
            transientMessage = reason
        }
    }

    /// What the status bar says while feeds are fetched to be added.
    var additionStatus: String? {
        guard let url = additions.fetching.sorted().first else { return nil }
        let more = additions.fetching.count > 1 ? " (and \(additions.fetching.count - 1) more)" : ""
        return "Fetching \(Self.shown(DisplayName(url)))…\(more)"
    }

    /// Adds the fetched feed: its line to the urls file, its articles to the store; selects it.
    func finishAdding(_ url: String, tag: String?, capture: CapturingFeedCache.Capture?, summary: ReloadSummary) -> [ReaderEffect] {
        additions.fetching.remove(url)
        let fallback = additions.httpFallbacks.removeValue(forKey: url)
        let shown = Self.shown(DisplayName(url))
        if let failure = summary.failures.first {
            logger.info("not adding \(CredentialRedaction.redact(url)): \(failure.reason)")
            if let fallback {
                additions.fetching.insert(fallback)
                if additions.awaited?.url == url { additions.awaited?.url = fallback }
                return [.fetchForAdding(url: fallback, tag: tag)]
            }
            refuseAddition(url, tag: tag, because: "Not added: \(failure.reason)")
            return []
        }
        guard let capture else {
            refuseAddition(url, tag: tag, because: "Not added: nothing was received from \(shown)")
            return []
        }
        let subscription = Subscription(url: url, tags: tag.map { [$0] } ?? [])
        return [.editUrlsFile(UrlsFileEdit(change: .add(subscription, fetched: capture), selectURL: url))]
    }

    // MARK: - Renaming, tags

    private func rename(_ feed: FeedListRow, to title: String) -> [ReaderEffect] {
        if managesFeedsOnServer {
            // The server keeps one title per feed: an empty answer changes nothing.
            guard !title.isEmpty, title != (feed.customTitle ?? feed.feedTitle) else { return [] }
            return editOnServer(ServerFeedEdit(change: .rename(feed.id, to: title), done: "Renamed to \(Excerpt(title)) on the feed server"))
        }
        // The feed's own title typed back unchanged is no custom title.
        let customTitle: String? = title.isEmpty || (feed.customTitle == nil && title == feed.feedTitle) ? nil : title
        guard customTitle != feed.customTitle else { return [] }
        let done = customTitle.map { "Renamed to \(Excerpt($0))" } ?? "Custom title removed: the feed's own title is shown"
        return [.editUrlsFile(UrlsFileEdit(change: .rename(url: feed.url, customTitle: customTitle), done: done))]
    }

    /// The tags prompt's text for `tags`: as the urls file writes them, with a space after the
    /// last one, ready for another.
    static func tagsPromptText(_ tags: [String]) -> String {
        tags.isEmpty ? "" : tags.map(NewsboatTokenizer.quoteIfNeeded).joined(separator: " ") + " "
    }

    private func setTags(of feed: FeedListRow, from text: String) -> [ReaderEffect] {
        let tags: [String]
        switch Self.parseTags(text) {
        case .success(let parsed): tags = parsed
        case .failure(let reason):
            transientMessage = "Tags not changed: \(reason.description)"
            return []
        }
        guard tags != feed.tags else { return [] }
        let title = Self.shown(feed.name)
        let done = tags.isEmpty ? "\(title) has no tags now" : "Tags of \(title): \(Excerpt(tags.joined(separator: ", ")))"
        if managesFeedsOnServer { return editOnServer(ServerFeedEdit(change: .setTags(feed.id, tags), done: done)) }
        return [.editUrlsFile(UrlsFileEdit(change: .setTags(url: feed.url, tags), done: done))]
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
    private func editOnServer(_ edit: ServerFeedEdit) -> [ReaderEffect] {
        guard !isReloading else {
            transientMessage = "A sync is running: try again when it is done"
            return []
        }
        reload.isSyncing = true
        transientMessage = "Asking the feed server…"
        return [.manageServerFeed(edit)]
    }

    /// What the server's answer to `edit` (and the sync after) shows.
    func finishServerFeedEdit(_ edit: ServerFeedEdit, _ result: Result<SyncOutcome, SyncFailureLine>) -> [ReaderEffect] {
        reload.isSyncing = false
        switch result {
        case .success:
            logger.info("feed server change done: \(edit.change)")
            transientMessage = edit.done
            if let url = edit.selectURL { pendingSelection = url }
        case .failure(let failure):
            logger.warning("feed server change refused: \(failure)")
            transientMessage = "\(edit.refused): \(failure)"
        }
        refreshScreens()
        return [.checkGeneration]
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

}

extension ReaderApp {
    /// `set-filter`: the typed expression filters the list on top; a bad one says what and where.
    func applyTypedFilter(_ text: String) {
        let source = text.trimmingCharacters(in: .whitespaces)
        guard !source.isEmpty else {
            applyToTop(nil)
            return
        }
        do {
            applyToTop(ListFilter(expression: try FilterParser.parse(source), label: source))
        } catch {
            transientMessage = "Not a filter: \(error.description)"
        }
    }

    /// `select-filter`: the defined filter named, or numbered, by `text`.
    func applyDefinedFilter(_ text: String, from filters: [DefinedFilter]) {
        let choice = text.trimmingCharacters(in: .whitespaces)
        let filter = Int(choice).flatMap { filters.indices.contains($0 - 1) ? filters[$0 - 1] : nil }
            ?? filters.first { $0.name == choice }
        guard let filter else {
            if !choice.isEmpty { transientMessage = "No filter is called \(Excerpt(choice))" }
            return
        }
        applyToTop(ListFilter(expression: filter.expression, label: filter.name))
    }

    private func applyToTop(_ filter: ListFilter?) {
        guard let screen = top as? any FilteredScreen else {
            transientMessage = "This screen has no list to filter"
            return
        }
        // The feed list tests feeds: an article's attribute there is refused, not read as empty.
        if screen is FeedListScreen, let refusal = filter?.feedListRefusal {
            transientMessage = refusal
            return
        }
        if !screen.applyFilter(filter) { transientMessage = "This screen has no list to filter" }
    }
}
