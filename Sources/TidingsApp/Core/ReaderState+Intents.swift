import Configuration
import FeedModel
import FeedStore
import Foundation

/// What the intents of the screens do: the screen stack changes here; reading, writing, fetching
/// and opening are effects. Marks (`N`, `s`, `A`) are shown on every screen at once and written
/// as effects (ReaderState+Marks.swift).
extension ReaderState {
    mutating func perform(_ intent: ReaderIntent, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        if intent.editsUrlsFile, let refusal = settings.feedListSource.urlsFileEditRefusal {
            // The urls file is not the feed list: a change to it would replace the OPML's.
            message = refusal
            return []
        }
        if settings.feedListSource.server != nil, intent.editsUrlsFile, let refusal = serverFeedRefusal(intent) {
            // The server's list is the truth: feeds are edited there, or not at all when its API cannot.
            message = refusal
            return []
        }
        switch intent {
        case .openFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            return push(ItemListScreen(id: newScreenID(), feed: feed))
        case .openItem(let id):
            return [.read(ArticleQuery(item: id, rendering: articleRendering, placeAt: now), route: .open(id), lane: .key)]
        case .withArticle(let id, let action):
            return [.read(ArticleQuery(item: id, rendering: articleRendering), route: .action(action), lane: .key)]
        case .back:
            navigation.pop()
        case .quit:
            if settings.config[\.confirmExit] { return confirm(.quit, environment) }
            return quit(status: 0, environment)
        case .reloadFeed(let id):
            guard case .server(_, let withLocalFeeds) = settings.feedListSource else { return askForReload(only: [id]) }
            // A urls file's feed beside a feed server (`sync-local-feeds`) reloads alone.
            if withLocalFeeds, let feed = listedFeed(id), !feed.isFromServer { return askForReload(only: [id]) }
            // A feed server syncs everything at once: its id lists cover every feed.
            return startSync()
        case .reloadAll:
            if settings.feedListSource.server != nil { return startSync() }
            return askForReload(only: nil)
        case .reloadFeeds(let feeds):
            // A feed server syncs every feed at once.
            if !settings.feedListSource.fetchesFeeds { return startSync() }
            return askForReload(only: feeds)
        case .openInBrowser(let url):
            return openInBrowser(url, environment)
        case .nextUnread(let from):
            return unreadJump(from: from, forward: true)
        case .previousUnread(let from):
            return unreadJump(from: from, forward: false)
        case .randomUnread:
            return [.read(UnreadJumpQuery(kind: .random, forward: true, rendering: articleRendering, marks: pendingMarks), route: true, lane: .key)]
        case .openAllUnread(let feed, let markingRead):
            let page = ItemPageRequest(unreadOnly: true, limit: settings.config[\.maxBrowserTabs], order: .newestFirst)
            return [.read(ItemPageQuery(pages: .feed(feed, titleFilter: ""), request: page), route: .unreadToOpen(markingRead: markingRead), lane: .key)]
        case .openInBrowserNoninteractively(let url):
            return openInBrowser(url, detached: true, environment)
        case .toggleRead(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            message = state.isRead ? "Marked unread" : "Marked read"
            return mark(.read(id, feed: state.feedID, isRead: !state.isRead, wasRead: state.isRead))
        case .markRead(let id):
            guard let state = shownState(ofItem: id), !state.isRead else { return [] }
            return mark(.read(id, feed: state.feedID, isRead: true, wasRead: false))
        case .markAboveRead(let ids, let isComplete):
            return markAboveRead(ids, isComplete: isComplete)
        case .openAdjacentArticle(let id, let forward):
            return openAdjacentArticle(id, forward: forward, environment)
        case .previousSearchResults:
            showPreviousSearchResults()
        case .markFeedRead(let id):
            if settings.config[\.confirmMarkFeedRead], let feed = listedFeed(id) { return confirm(.markFeedRead(feed), environment) }
            return markFeedRead(id, environment)
        case .markArticlesRead(let expression, let source, let shown, let unread):
            message = unread == 1 ? "Marked 1 article read" : "Marked \(unread) articles read"
            return mark(.queryRead(expression, source: source, now: now, seenBy: now, shown: shown))
        case .markAllFeedsRead:
            return settings.config[\.confirmMarkAllFeedsRead] ? confirm(.markAllFeedsRead, environment) : markAllFeedsRead()
        case .toggleStarred(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            if (top as? CrossFeedListScreen)?.articles == .starred {
                // The row stays where it is (see `CrossFeedListScreen`): say so, and what it was.
                let title = Excerpt(state.title.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)")
                message = state.isStarred ? "Unstarred “\(title)”; r drops it from this list"
                    : "Starred “\(title)” again"
            } else {
                message = state.isStarred ? "Star removed" : "Starred: find it under Starred in the feed list"
            }
            return mark(.starred(id, isStarred: !state.isStarred, wasStarred: state.isStarred))
        case .deleteArticle(let id):
            hasDeletedArticles = true
            recordDeletion(.article(id))
            return [.store(.deleteArticles(.article(id)))]
        case .deleteAllArticles(let feed):
            if settings.config[\.confirmDeleteAllArticles] { return confirm(.deleteAllArticles(feed), environment) }
            hasDeletedArticles = true
            recordDeletion(.allArticles(feed))
            return [.store(.deleteArticles(.allArticles(feed)))]
        case .purgeDeleted:
            hasDeletedArticles = false
            return [.store(.deleteArticles(.purge))]
        case .editFlags(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            let shown = ArticleFlags.of(stored: state.flags.letters, isStarred: state.isStarred, star: settings.config.starFlag)
            ask(.flags(id, state), text: shown.letters)
        case .showHelp:
            return push(HelpScreen(id: newScreenID(), for: top.keyContext, keyMap: settings.config.keyMap, macros: sortedMacros,
                                   macroPrefix: settings.config.macroPrefixKey))
        case .status(let text):
            message = text.isEmpty ? nil : text
        case .addFeed(let tag):
            askForFeedToAdd(tag: tag)
        case .addFeedAt(let url, let tag):
            _ = navigation.pop()
            return startAdding(url, tag: tag)
        case .switchFeed(let id, let forward, let unreadOnly):
            guard let next = feed(besides: id, forward: forward, unreadOnly: unreadOnly) else {
                let which = unreadOnly ? "with unread articles " : ""
                message = forward ? "No feed \(which)after this one" : "No feed \(which)before this one"
                return []
            }
            navigation.pop()
            selectInFeedLists(feedURL: next.url)
            return push(ItemListScreen(id: newScreenID(), feed: next))
        case .toggleShowRead(let articles):
            // As `:set show-read-articles!` would: the option changes for the rest of the session.
            let config = settings.config
            if articles {
                let shown = !config[\.showReadArticles]
                let effects = changeOption("show-read-articles", to: shown.configText, environment).effects
                message = shown ? "Read articles shown" : "Read articles hidden"
                return effects
            }
            let shown = !config[\.showReadFeeds]
            let effects = changeOption("show-read-feeds", to: shown.configText, environment).effects
            message = shown ? "Every feed shown" : "Feeds with nothing unread hidden"
            return effects
        case .useNewsboatFiles(let files):
            reload.reloadsWhenListed = true
            return [.store(.editUrlsFile(UrlsFileEdit(change: .useNewsboatFiles(files, configPath: settings.configPath))))]
        case .renameFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            ask(.rename(feed), text: feed.customTitle ?? feed.feedTitle ?? "")
        case .editTags(let id):
            guard let feed = listedFeed(id) else { return [] }
            ask(.tags(feed), text: Self.tagsPromptText(feed.tags))
        case .deleteFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            return confirm(.delete(feed), environment)
        case .moveFeed(let id, let neighbourID):
            guard let feed = listedFeed(id), let neighbour = listedFeed(neighbourID) else { return [] }
            return [.store(.editUrlsFile(UrlsFileEdit(change: .swap(feed.url, neighbour.url))))]
        case .moveFeedPastHeading(let id, let heading):
            guard let feed = listedFeed(id) else { return [] }
            return [.store(.editUrlsFile(UrlsFileEdit(change: .swapWithHeading(feed.url, heading))))]
        case .showTags:
            return push(TagListScreen(id: newScreenID()))
        case .clearTag:
            navigation.popToRoot()
        case .showTag(let tag):
            return push(FeedListScreen(id: newScreenID(), tag: tag, headings: settings.headings))
        case .chooseSortOrder(let question):
            return confirm(.sortOrder(question), environment)
        case .showStarred:
            return push(CrossFeedListScreen(id: newScreenID(), .starred))
        case .showFeedHealth:
            return push(FeedHealthScreen(id: newScreenID()))
        case .adoptMove(let url, let target):
            guard settings.feedListSource.server == nil || settings.feedListSource.fetchesFeeds else {
                message = "The feed server lists the feeds: there is no urls file to rewrite"
                return []
            }
            let moved = "Moved \(Excerpt(DisplayName(url).text)) to \(Excerpt(DisplayName(target).text)) in the urls file"
            return [.store(.editUrlsFile(UrlsFileEdit(change: .adoptMove(url: url, to: target), done: moved, selectURL: target)))]
        case .showNewSince(let since, let counts):
            return push(CrossFeedListScreen(id: newScreenID(), .newSince(since), counts: counts))
        case .openQueryFeed(let feed, let counts):
            return push(CrossFeedListScreen(id: newScreenID(), .query(feed), counts: counts))
        case .askForFilter:
            ask(.filter)
        case .askForFeedTitle:
            ask(.feedTitle)
        case .chooseFilter:
            let filters = settings.config.definedFilters
            guard !filters.isEmpty else {
                message = "No filter is defined: add define-filter lines to the config file"
                return []
            }
            ask(.definedFilter(filters))
        case .openSearch(let text):
            ask(.search(), text: text)
        case .searchFeed(let feed):
            ask(.search(in: feed))
        case .findInArticle:
            ask(.find)
        case .fetchFullArticle(let id, let link):
            return fetchFullArticle(id, link: link)
        case .showURLs(let urls, let title):
            if let viewer = settings.externalURLViewer(environment) { return viewURLs(urls, with: viewer) }
            return push(URLViewScreen(id: newScreenID(), urls: urls, articleTitle: title))
        case .openEnclosure(let url):
            let player = settings.config[\.player]
            return openInBrowser(url, using: player.isEmpty ? nil : player, environment)
        case .enqueue(let item):
            return enqueue(item, environment)
        case .saveArticle(let article):
            askWhereToSave(article, environment)
        case .pipeArticle(let article):
            ask(.pipeCommand(article))
        case .openInBrowserAndMarkRead(let link, let id):
            return openInBrowserAndMarkRead(link, id, environment)
        case .askForURLNumber(let urls):
            ask(.urlNumber(urls))
        case .showArticlesOfFeed(let feed, let item):
            return showArticles(ofFeed: feed, selecting: item)
        case .bookmark(let draft):
            return bookmark(draft, environment)
        case .goToScreen(let depth):
            navigation.pop()
            while navigation.screens.count > depth + 1, navigation.pop() != nil {}
        case .editURLs:
            return editUrlsFile(environment)
        case .reloadURLs:
            return rereadUrlsFile()
        }
        return []
    }

    /// Puts `screen` on top, asking for what it shows.
    mutating func push(_ screen: some ReaderScreen) -> [ReaderEffect] {
        var screen = screen
        let effects = screen.refresh(context)
        navigation.push(screen)
        return effects
    }

    /// How articles are rendered for the article view now.
    var articleRendering: ArticleRendering {
        ArticleRendering(settings.config, theme: context.theme, timeZone: settings.timeZone)
    }

    /// The feed row with `id` as the screens list it, the top one first.
    func listedFeed(_ id: FeedID) -> FeedListRow? {
        screens.reversed().lazy.compactMap { ($0 as? any FeedRowsScreen)?.listedFeed(id, self.pendingMarks) }.first
    }

    /// An article's marks as the screens show them, the top one first.
    func shownState(ofItem id: ItemID) -> ItemState? {
        screens.reversed().lazy.compactMap { ($0 as? any MarksScreen)?.shownState(ofItem: id, self.pendingMarks) }.first
    }

    /// Selects the feed `url` in every feed list of the stack that lists it.
    mutating func selectInFeedLists(feedURL url: String) {
        navigation.modifyEvery((any FeedListing).self, { $0.select(feedURL: url) }, back: { $0 })
    }

    /// Selects the article `id` in every list of articles of the stack that lists it.
    mutating func selectInArticleLists(item id: ItemID) {
        navigation.modifyEvery((any ArticleListing).self, { $0.select(item: id) }, back: { $0 })
    }
}

extension ReaderIntent {
    /// True for the intents that change the urls file (adding, renaming, tagging, deleting,
    /// moving feeds): refused under a feed server, which keeps the list of feeds.
    var editsUrlsFile: Bool {
        switch self {
        case .addFeed, .addFeedAt, .renameFeed, .editTags, .deleteFeed, .moveFeed, .moveFeedPastHeading: true
        default: false
        }
    }
}
