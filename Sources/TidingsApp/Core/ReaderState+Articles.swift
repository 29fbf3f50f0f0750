import Configuration
import FeedModel
import FeedStore
import Foundation

/// Opening articles: Enter, `n` and `p` (once the article is read from the cache), `next` and
/// `prev`, `article-feed`; and the browser (`o`, `O`, links, the player, every unread article).
extension ReaderState {
    /// An article read from the cache: shown, or acted on as the key asked.
    mutating func takeArticle(_ result: StoreResult<LoadedArticle?>, for route: ArticleRoute, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let loaded: LoadedArticle?
        switch result {
        case .success(let article): loaded = article
        case .failure(let failure):
            message = route.opens ? "Cannot open the article: \(failure)" : "Cannot read the article: \(failure)"
            return [LogLine.error("cannot read the cache: \(failure)")]
        }
        switch route {
        case .open(let id): return showArticle(id, loaded, environment)
        case .action(let action): return perform(action, on: loaded, environment)
        case .preview(let id):
            showPreview(id, loaded)
            return []
        }
    }

    /// Opens an article (marking it read) once it has been read from the cache.
    mutating func showArticle(_ id: ItemID, _ loaded: LoadedArticle?, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let loaded else {
            message = "This article is no longer in the cache"
            return []
        }
        var item = loaded.item
        var effects: [ReaderEffect] = []
        let state = shownState(ofItem: id) ?? ItemState(feedID: item.feedID, isRead: item.isRead, isStarred: item.isStarred)
        item.isStarred = state.isStarred
        if !state.isRead { effects = mark(.read(id, feed: item.feedID, isRead: true, wasRead: false)) }
        item.isRead = true
        if let failure = loaded.rendered.rendererFailure { message = "\(failure); Tidings' own renderer is used" }
        var screen = ArticleScreen(id: newScreenID(), item: item, rendered: loaded.rendered, fullArticle: loaded.fullArticle,
                                   showsFullArticle: loaded.opensFullArticle)
        // The feed's counts as listed, this article's mark counted.
        screen.feedCounts = listedFeed(item.feedID).map { ItemCounts(unread: $0.unreadCount, total: $0.totalCount) }
        if let results = top as? SearchResultsScreen {
            // newsboat marks the search's words in the article opened from its results.
            screen.highlightSearch(results.query.words + results.query.phrases)
        }
        if let place = loaded.place {
            screen.open(at: place)
            message = "Back where you left it — g goes to the top"
        }
        if let pager = settings.pager(environment) {
            // newsboat's `pager`: the article's text in a file, shown by the program, which gets
            // the terminal; the list stays on screen under it.
            return effects + [.process(.page(arguments: pager, text: screen.text(timeZone: settings.timeZone).text))]
        }
        navigation.push(screen)
        return effects
    }

    /// Shows the article `n`/`p` found with its feed's item list underneath, as if opened by hand.
    mutating func jump(to result: StoreResult<UnreadJump?>, forward: Bool, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        if case .failure(let failure) = result { return [LogLine.error("cannot read the cache: \(failure)")] }
        guard case .success(let found) = result, let jump = found, let feed = jump.feed else {
            message = forward ? "No more unread articles" : "No earlier unread articles"
            return []
        }
        closeScreensForJump(toFeed: feed.id)
        var effects: [ReaderEffect] = []
        // Found in the list of several feeds the reader is in: the article opens over it.
        if !jump.isInList && (top as? any ArticleListing)?.listsArticles(ofFeed: feed.id) != true {
            navigation.modify(navigation.root.id, as: FeedListScreen.self) { $0.select(feed: feed.id) }
            effects += push(ItemListScreen(id: newScreenID(), feed: feed))
        }
        effects += showArticle(jump.row.id, jump.article, environment)
        selectInArticleLists(item: jump.row.id)
        return effects
    }

    /// Pops the screens a jump to an article of `feed` closes (an article, help, the URL view,
    /// another feed's items).
    private mutating func closeScreensForJump(toFeed feed: FeedID) {
        while let closing = top as? any JumpClosedScreen, closing.closesWhenJumping(toFeed: feed), navigation.pop() != nil {}
    }

    /// Shows the articles of `feedID` with `item` selected: the list under the article when it is
    /// that feed's, else the feed's own list (from Starred, a query feed, search results).
    mutating func showArticles(ofFeed feedID: FeedID, selecting item: ItemID) -> [ReaderEffect] {
        guard let feed = listedFeed(feedID) ?? feedList?.unfilteredRows.first(where: { $0.id == feedID }) else {
            message = "The article's feed is not in the feed list"
            return []
        }
        closeScreensForJump(toFeed: feedID)
        var effects: [ReaderEffect] = []
        if (top as? any ArticleListing)?.listsArticles(ofFeed: feedID) != true {
            navigation.modify(navigation.root.id, as: FeedListScreen.self) { $0.select(feed: feedID) }
            effects = push(ItemListScreen(id: newScreenID(), feed: feed, selecting: item))
        }
        navigation.modifyTop { screen in
            guard var list = screen as? any ArticleListing else { return }
            list.select(item: item)
            screen = list
        }
        return effects
    }

    /// `next` and `prev` in the article view: the article listed after (or before) this one in
    /// the list under it, opened in its place (and marked read, as Enter does).
    mutating func openAdjacentArticle(_ id: ItemID, forward: Bool, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        guard let list = screens.dropLast().last(where: { $0 is any ArticleListing }) as? any ArticleListing else {
            message = "No list of articles under this one"
            return []
        }
        guard let next = list.article(besides: id, forward: forward) else {
            message = forward ? "No article after this one" : "No article before this one"
            return []
        }
        while !(top is any ArticleListing), navigation.pop() != nil {}
        selectInArticleLists(item: next)
        return perform(.openItem(next), environment)
    }

    /// `prevsearchresults`: the results of the search typed before the one on top.
    mutating func showPreviousSearchResults() {
        guard let results = top as? SearchResultsScreen, let previous = results.previousResults() else {
            message = "No earlier search results"
            return
        }
        navigation.replaceTop(with: previous)
    }

    // MARK: - The browser

    /// Opens `link` with the browser, or with `program` (the `player` option) when it is set.
    /// `detached`: never hand it the terminal, even a text-mode one (`open-in-browser-noninteractively`).
    mutating func openInBrowser(_ link: String, using program: String? = nil, detached: Bool = false, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let url: String
        do {
            url = try BrowserCommand.checkLink(link)
        } catch {
            message = "Not opened: \(error)"
            return [LogLine.info("refused to open a link: \(error)")]
        }
        let command: BrowserCommand
        do {
            guard let resolved = try program.map({ try BrowserCommand(parsing: $0) }) ?? settings.browser(environment) else {
                message = "No browser found: set the browser option in the config file"
                return []
            }
            command = resolved
        } catch {
            message = "Cannot use the \(program == nil ? "browser" : "player") option: \(error)"
            return []
        }
        let textMode = !detached && command.isTextMode(environment: environment.variables)
        if !textMode { message = "Opened in \(command.programName)" }
        return [LogLine.info("opening \(CredentialRedaction.redact(url)) with \(command.programName)"),
                .process(.openBrowser(command, url: url, textMode: textMode))]
    }

    /// Opens `link` in the browser and marks the article read — only once the browser is found,
    /// so that a link that was not opened stays unread.
    mutating func openInBrowserAndMarkRead(_ link: String, _ id: ItemID, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let opening = openInBrowser(link, environment)
        guard opening.contains(where: { if case .process = $0 { true } else { false } }) else { return opening }
        guard let state = shownState(ofItem: id), !state.isRead else { return opening }
        // Written first: a text-mode browser takes the terminal for as long as it runs.
        return mark(.read(id, feed: state.feedID, isRead: true, wasRead: false)) + opening
    }

    /// `open-all-unread-in-browser[-and-mark-read]`: opens each of `rows` still unread that has a
    /// link, `max-browser-tabs` at most; marks those opened read when asked.
    mutating func openAllUnread(_ rows: [ItemRow], markingRead: Bool, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let unread = rows.map { pendingMarks.apply(to: $0) }.filter { !$0.isRead && $0.link != nil }
        guard !unread.isEmpty else {
            message = "No unread article with a link in this feed"
            return []
        }
        // Without a usable browser, the first one says why and nothing is opened or marked.
        guard (try? settings.browser(environment)) != nil else { return openInBrowser(unread[0].link ?? "", environment) }
        var effects: [ReaderEffect] = []
        var opened = 0
        for row in unread {
            guard let link = row.link else { continue }
            // A refused link (not http, https, …) is skipped, and stays unread.
            let opening = openInBrowser(link, environment)
            guard opening.contains(where: { if case .process = $0 { true } else { false } }) else { continue }
            if markingRead { effects += mark(.read(row.id, feed: row.feedID, isRead: true, wasRead: false)) }
            effects += opening
            opened += 1
        }
        let count = opened == 1 ? "Opened 1 article" : "Opened \(opened) articles"
        message = markingRead ? count + ", marked read" : count
        return effects
    }
}

extension ArticleRoute {
    /// Whether the article was read to be shown.
    var opens: Bool {
        switch self {
        case .open, .preview: true
        case .action: false
        }
    }
}
