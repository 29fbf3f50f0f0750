import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import Logging

/// Managing feeds from inside the reader — add, rename, tag, delete, move — and the tag and
/// starred lists.
///
/// Every edit goes to the urls file the same way (`editUrlsFile`): the file is read again just
/// before the change, so that edits made meanwhile in an editor are kept; comments and the order
/// of untouched lines survive; it is replaced atomically; then the store follows it. An edit that
/// cannot be made leaves a one-line reason in the status bar and changes nothing.
extension ReaderApp {
    // MARK: - Adding

    /// Asks for the URL of a feed to add; `tag` tags it (when asked from a tag's feed list).
    func askForFeedToAdd(tag: String?) {
        ask("Add feed URL: ") { text in self.startAdding(text.trimmingCharacters(in: .whitespaces), tag: tag) }
    }

    /// Fetches the feed at `url` in the background; it is added only if it arrives and parses
    /// (`finishAdding`). Keys keep working meanwhile, and the status bar says what is fetched.
    func startAdding(_ url: String, tag: String?) {
        guard !url.isEmpty else { return }
        let shown = Excerpt(CredentialRedaction.redact(url))
        guard UrlsFile.isFeedLocation(url), !url.lowercased().hasPrefix("query:") else {
            transientMessage = "Not a feed URL: \(shown) (expected http://, https://, file://, exec: or filter:)"
            return
        }
        guard let file = readUrlsFile() else { return }
        if file.contains(url: url) {
            transientMessage = "\(shown) is already in the urls file"
            selectFeed(url: url)
            return
        }
        guard feedAdditions[url] == nil else {
            transientMessage = "\(shown) is being fetched already"
            return
        }
        let capture = CapturingFeedCache()
        let fetcher = FeedFetcher(cache: capture, options: settings.fetchOptions, logger: Logger(label: "tidings.fetch"))
        logger.info("fetching \(CredentialRedaction.redact(url)) to add it")
        transientMessage = nil
        feedAdditions[url] = fetcher.reload(
            [FetchRequest(url: url)], on: .main,
            onComplete: { summary in
                MainActor.assumeIsolated {
                    self.finishAdding(url, tag: tag, capture: capture.capture, summary: summary)
                    self.redraw()
                }
            })
    }

    /// What the status bar says while feeds are fetched to be added.
    var additionStatus: String? {
        guard let url = feedAdditions.keys.sorted().first else { return nil }
        let more = feedAdditions.count > 1 ? " (and \(feedAdditions.count - 1) more)" : ""
        return "Fetching \(Excerpt(CredentialRedaction.redact(url)))…\(more)"
    }

    /// Adds the fetched feed: its line to the urls file, its articles to the store; selects it.
    func finishAdding(_ url: String, tag: String?, capture: CapturingFeedCache.Capture?, summary: ReloadSummary) {
        feedAdditions[url] = nil
        let shown = Excerpt(CredentialRedaction.redact(url))
        if let failure = summary.failures.first {
            logger.info("not adding \(CredentialRedaction.redact(url)): \(failure.reason)")
            transientMessage = "Not added: \(failure.reason)"
            return
        }
        guard let capture else {
            transientMessage = "Not added: nothing was received from \(shown)"
            return
        }
        let subscription = Subscription(url: url, tags: tag.map { [$0] } ?? [])
        let added = editUrlsFile { file in
            file.add(subscription) ? nil : "\(shown) is already in the urls file"
        }
        guard added else { return }
        let articles = capture.feed.items.count == 1 ? "1 article" : "\(capture.feed.items.count) articles"
        do {
            try store.upsert(
                capture.feed, forFeedURL: url,
                validators: HTTPValidators(etag: capture.validators.etag, lastModified: capture.validators.lastModified),
                permanentRedirect: capture.permanentRedirect)
            refreshScreens()
            let title = (try? store.feedList().first { $0.url == url }?.displayTitle) ?? url
            transientMessage = "Added \(Excerpt(CredentialRedaction.redact(title))) (\(articles))"
        } catch {
            logger.error("storing the new feed \(CredentialRedaction.redact(url)) failed: \(error)")
            refreshScreens()
            transientMessage = "Added \(shown), but its articles could not be stored: r reloads it"
        }
        selectFeed(url: url)
    }

    /// Selects the feed at `url` in every feed list on the stack that shows it.
    private func selectFeed(url: String) {
        guard let id = try? store.feedList().first(where: { $0.url == url })?.id else { return }
        for case let list as FeedListScreen in navigation.screens { list.select(feed: id) }
    }

    // MARK: - Renaming, tags, deleting, moving

    /// Asks for the feed's title, prefilled with the one shown now; an empty answer goes back to
    /// the feed's own title.
    func askForTitle(of id: FeedID) throws {
        guard let feed = try store.feed(id) else { return }
        ask("Title (empty: the feed's own): ", text: feed.customTitle ?? feed.feedTitle ?? "") { text in
            self.rename(feed, to: text.trimmingCharacters(in: .whitespaces))
        }
    }

    private func rename(_ feed: FeedListRow, to title: String) {
        // The feed's own title typed back unchanged is no custom title.
        let customTitle: String? = title.isEmpty || (feed.customTitle == nil && title == feed.feedTitle) ? nil : title
        guard customTitle != feed.customTitle else { return }
        let edited = editFeed(url: feed.url) { $0.customTitle = customTitle }
        guard edited else { return }
        transientMessage = customTitle.map { "Renamed to \(Excerpt($0))" } ?? "Custom title removed: the feed's own title is shown"
    }

    /// Asks for the feed's tags, separated by spaces, a tag with spaces in quotes (as in the urls
    /// file).
    func askForTags(of id: FeedID) throws {
        guard let feed = try store.feed(id) else { return }
        ask("Tags: ", text: Self.tagsPromptText(feed.tags)) { text in self.setTags(of: feed, from: text) }
    }

    /// The tags prompt's text for `tags`: as the urls file writes them, with a space after the
    /// last one, ready for another.
    static func tagsPromptText(_ tags: [String]) -> String {
        tags.isEmpty ? "" : tags.map(NewsboatTokenizer.quoteIfNeeded).joined(separator: " ") + " "
    }

    private func setTags(of feed: FeedListRow, from text: String) {
        let tags: [String]
        switch Self.parseTags(text) {
        case .success(let parsed): tags = parsed
        case .failure(let reason):
            transientMessage = "Tags not changed: \(reason.description)"
            return
        }
        guard tags != feed.tags else { return }
        let edited = editFeed(url: feed.url) { $0.tags = tags }
        guard edited else { return }
        let title = Excerpt(CredentialRedaction.redact(feed.displayTitle))
        transientMessage = tags.isEmpty ? "\(title) has no tags now" : "Tags of \(title): \(Excerpt(tags.joined(separator: ", ")))"
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

    /// Asks whether to delete the feed; `y` removes its line from the urls file (its comments
    /// stay) and it leaves the lists.
    func confirmDeletion(of id: FeedID) throws {
        guard let feed = try store.feed(id) else { return }
        let title = Excerpt(CredentialRedaction.redact(feed.displayTitle))
        confirm("Delete \(title)?") {
            let deleted = self.editUrlsFile { file in
                file.remove(url: feed.url) ? nil : "\(title) is no longer in the urls file"
            }
            if deleted { self.transientMessage = "Deleted \(title)" }
        }
    }

    /// Swaps the feed with its neighbour in the list, in the urls file; the selection stays on
    /// the moved feed.
    func moveFeed(_ id: FeedID, past neighbourID: FeedID) {
        guard let feed = try? store.feed(id), let neighbour = try? store.feed(neighbourID) else { return }
        editUrlsFile { file in
            file.swapFeeds(feed.url, neighbour.url) ? nil : "Not moved: the urls file has changed; try again"
        }
    }

    /// Changes the feed at `url` in the urls file.
    private func editFeed(url: String, _ change: (inout Subscription) -> Void) -> Bool {
        editUrlsFile { file in
            guard var subscription = file.subscription(url: url) else {
                return "\(Excerpt(CredentialRedaction.redact(url))) is no longer in the urls file"
            }
            change(&subscription)
            file.update(subscription)
            return nil
        }
    }

    /// Reads the urls file again, lets `edit` change it (or refuse, with the reason to show),
    /// writes it back atomically, and makes the store and the lists follow. False, with the
    /// reason in the status bar, when nothing was changed (or the file was saved but the store
    /// could not follow it: it will at the next start).
    @discardableResult
    func editUrlsFile(_ edit: (inout UrlsFile) -> String?) -> Bool {
        guard var file = readUrlsFile() else { return false }
        if let refusal = edit(&file) {
            transientMessage = refusal
            return false
        }
        do {
            try file.write(to: URL(fileURLWithPath: settings.urlsPath))
        } catch {
            logger.error("cannot write \(settings.urlsPath): \(error)")
            transientMessage = "Cannot write the urls file: \(Self.oneLine(error))"
            return false
        }
        do {
            try store.syncSubscriptions(file.subscriptions)
        } catch {
            logger.error("the cache did not follow the urls file: \(error)")
            transientMessage = "The urls file is saved, but the cache could not follow: \(Self.oneLine(error))"
            refreshScreens()
            return false
        }
        refreshScreens()
        return true
    }

    private func readUrlsFile() -> UrlsFile? {
        do {
            return try UrlsFile.load(from: URL(fileURLWithPath: settings.urlsPath))
        } catch {
            transientMessage = "Cannot read the urls file: \(Self.oneLine(error))"
            return nil
        }
    }

    private static func oneLine(_ error: any Error) -> String {
        Excerpt((error as NSError).localizedDescription).text
    }

    // MARK: - Tags and starred

    /// Opens the tag list.
    func showTags() throws {
        let screen = TagListScreen(store: store, preferences: settings.preferences)
        try screen.refresh()
        navigation.push(screen)
    }

    /// Opens the feed list limited to `tag`.
    func showFeeds(taggedWith tag: String) throws {
        let screen = FeedListScreen(store: store, preferences: settings.preferences, tag: tag)
        try screen.refresh()
        navigation.push(screen)
    }

    /// Opens the starred articles.
    func showStarred() throws {
        let screen = StarredListScreen(store: store, preferences: settings.preferences)
        try screen.refresh()
        navigation.push(screen)
    }

    /// Stars the article, or takes its star away.
    func toggleStarred(_ id: ItemID) throws {
        guard let item = try store.item(id) else {
            transientMessage = "This article is no longer in the cache"
            return
        }
        try store.setStarred(!item.isStarred, item: id)
        transientMessage = item.isStarred ? "Star removed" : "Starred: find it under Starred in the feed list"
        refreshScreens()
    }

    /// Reads the screens of this part again (the root feed list and item lists are read by
    /// `refreshScreens` itself).
    func refreshFeedEditingScreens() throws {
        for screen in navigation.screens {
            switch screen {
            case let list as FeedListScreen where list !== feedList: try list.refresh()
            case let tags as TagListScreen: try tags.refresh()
            case let starred as StarredListScreen: try starred.refresh()
            default: break
            }
        }
    }
}
