import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// Questions in the status row, and what their answers do: search, and managing feeds from
/// inside the reader — add, rename, tag, delete, move.
///
/// Every edit of the feeds goes to the urls file the same way, off the main thread (see
/// `UrlsFileEdit`); an edit that cannot be made leaves a one-line reason in the status bar and
/// changes nothing.
extension ReaderApp {
    /// The prompt shown in the status row while a search is typed.
    nonisolated static let searchPrompt = "Search: "

    // MARK: - Prompts

    /// Opens a one-line prompt in the status row for `question`, prefilled with `text`.
    func ask(_ question: ReaderQuestion, text: String = "") {
        navigation.prompt = LineEditor(prompt: question.prompt, text: text)
        self.question = question
    }

    /// Shows a yes/no question in the status bar; the next key answers it.
    func confirm(_ pending: ReaderConfirmation) -> [ReaderEffect] {
        switch pending {
        case .quit: transientMessage = "Quit Tidings? (y: yes, any other key: no)"
        case .delete(let feed): transientMessage = "Delete \(Self.shown(feed.name))? (y: yes, any other key: no)"
        case .markAllFeedsRead: transientMessage = "Mark every feed read? (y: yes, any other key: no)"
        case .replaceFile(_, let path):
            transientMessage = "Replace \(Excerpt((path as NSString).lastPathComponent))? It exists (y: yes, any other key: no)"
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
            return answer(answered, with: text)
        }
        return []
    }

    private func answer(_ question: ReaderQuestion, with text: String) -> [ReaderEffect] {
        switch question {
        case .search: runSearch(text)
        case .addFeed(let tag): return startAdding(text.trimmingCharacters(in: .whitespaces), tag: tag)
        case .rename(let feed): return rename(feed, to: text.trimmingCharacters(in: .whitespaces))
        case .tags(let feed): return setTags(of: feed, from: text)
        case .savePath(let article): return save(article, to: text)
        case .pipeCommand(let article): return pipe(article, to: text)
        }
        return []
    }

    func confirmed(_ pending: ReaderConfirmation) -> [ReaderEffect] {
        switch pending {
        case .quit:
            return [.quit(status: 0)]
        case .delete(let feed):
            let title = Self.shown(feed.name)
            return [.editUrlsFile(UrlsFileEdit(done: "Deleted \(title)") { file in
                file.remove(url: feed.url) ? nil : "\(title) is no longer in the urls file"
            })]
        case .replaceFile(let article, let path):
            return [.saveText(article, path: path, replacing: true)]
        case .markAllFeedsRead:
            return markAllFeedsRead()
        }
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
        if top?.isReplacedByNewSearch == true {
            navigation.replaceTop(with: screen)
        } else {
            navigation.push(screen)
        }
    }

    // MARK: - Adding

    /// Fetches the feed at `url` in the background; it is added only if it arrives and parses
    /// (`finishAdding`). Keys keep working meanwhile, and the status bar says what is fetched.
    private func startAdding(_ url: String, tag: String?) -> [ReaderEffect] {
        guard !url.isEmpty else { return [] }
        let shown = Self.shown(DisplayName(url))
        guard UrlsFile.isFeedLocation(url), !url.lowercased().hasPrefix("query:") else {
            transientMessage = "Not a feed URL: \(shown) (expected http://, https://, file://, exec: or filter:)"
            return []
        }
        if feedList?.rows.contains(where: { $0.url == url }) == true {
            transientMessage = "\(shown) is already in the urls file"
            pendingSelection = url
            selectPendingFeedNow()
            return []
        }
        guard !additions.contains(url) else {
            transientMessage = "\(shown) is being fetched already"
            return []
        }
        logger.info("fetching \(CredentialRedaction.redact(url)) to add it")
        transientMessage = nil
        additions.insert(url)
        return [.fetchForAdding(url: url, tag: tag)]
    }

    private func selectPendingFeedNow() {
        guard let url = pendingSelection else { return }
        for screen in screens { screen.select(feedURL: url) }
        pendingSelection = nil
    }

    /// What the status bar says while feeds are fetched to be added.
    var additionStatus: String? {
        guard let url = additions.sorted().first else { return nil }
        let more = additions.count > 1 ? " (and \(additions.count - 1) more)" : ""
        return "Fetching \(Self.shown(DisplayName(url)))…\(more)"
    }

    /// Adds the fetched feed: its line to the urls file, its articles to the store; selects it.
    func finishAdding(_ url: String, tag: String?, capture: CapturingFeedCache.Capture?, summary: ReloadSummary) -> [ReaderEffect] {
        additions.remove(url)
        let shown = Self.shown(DisplayName(url))
        if let failure = summary.failures.first {
            logger.info("not adding \(CredentialRedaction.redact(url)): \(failure.reason)")
            transientMessage = "Not added: \(failure.reason)"
            return []
        }
        guard let capture else {
            transientMessage = "Not added: nothing was received from \(shown)"
            return []
        }
        let subscription = Subscription(url: url, tags: tag.map { [$0] } ?? [])
        let articles = capture.feed.items.count == 1 ? "1 article" : "\(capture.feed.items.count) articles"
        let logger = logger
        return [.editUrlsFile(UrlsFileEdit(selectURL: url, change: { file in
            file.add(subscription) ? nil : "\(shown) is already in the urls file"
        }, then: { store in
            do {
                try store.upsert(
                    capture.feed, forFeedURL: url,
                    validators: HTTPValidators(etag: capture.validators.etag, lastModified: capture.validators.lastModified),
                    permanentRedirect: capture.permanentRedirect)
                let name = (try? store.feedList().first { $0.url == url }?.name) ?? DisplayName(url)
                return "Added \(Self.shown(name)) (\(articles))"
            } catch {
                logger.error("storing the new feed \(CredentialRedaction.redact(url)) failed: \(error)")
                return "Added \(shown), but its articles could not be stored: r reloads it"
            }
        }))]
    }

    // MARK: - Renaming, tags

    private func rename(_ feed: FeedListRow, to title: String) -> [ReaderEffect] {
        // The feed's own title typed back unchanged is no custom title.
        let customTitle: String? = title.isEmpty || (feed.customTitle == nil && title == feed.feedTitle) ? nil : title
        guard customTitle != feed.customTitle else { return [] }
        let done = customTitle.map { "Renamed to \(Excerpt($0))" } ?? "Custom title removed: the feed's own title is shown"
        return editFeed(url: feed.url, done: done) { $0.customTitle = customTitle }
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
        return editFeed(url: feed.url, done: done) { $0.tags = tags }
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
            if token.text.hasPrefix("~") || token.text == "!" || token.text.isEmpty {
                return .failure(TagRefusal(description: "\(Excerpt(token.text)) cannot be a tag (the urls file reads ~ as a title and ! as hidden)"))
            }
            tags.append(token.text)
        }
        return .success(tags)
    }

    /// Changes the feed at `url` in the urls file.
    private func editFeed(url: String, done: String, _ change: @escaping @Sendable (inout Subscription) -> Void) -> [ReaderEffect] {
        [.editUrlsFile(UrlsFileEdit(done: done) { file in
            guard var subscription = file.subscription(url: url) else {
                return "\(Self.shown(DisplayName(url))) is no longer in the urls file"
            }
            change(&subscription)
            file.update(subscription)
            return nil
        })]
    }
}
