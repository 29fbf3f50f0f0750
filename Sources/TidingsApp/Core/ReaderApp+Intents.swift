import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import Foundation
import TerminalUI

/// What the intents of the screens do: the screen stack changes here; reading, writing, fetching
/// and opening are effects. Marks (`N`, `s`, `A`) are shown on every screen at once and written
/// as effects.
extension ReaderApp {
    /// What an intent from a screen does: the screen stack changes here; everything else is an
    /// effect.
    func perform(_ intent: ReaderIntent) -> [ReaderEffect] {
        if intent.editsUrlsFile, let refusal = settings.feedListSource.urlsFileEditRefusal {
            // The urls file is not the feed list: a change to it would replace the OPML's.
            transientMessage = refusal
            return []
        }
        if settings.feedListSource.server != nil, intent.editsUrlsFile, let refusal = serverFeedRefusal(intent) {
            // The server's list is the truth: feeds are edited there (see `editOnServer`), or not
            // at all when its API cannot.
            transientMessage = refusal
            return []
        }
        switch intent {
        case .openFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            navigation.push(ItemListScreen(storeView: storeView, feed: feed, preferences: settings.preferences))
        case .openItem(let id):
            return [.load(StoreRead(query: .article(id, articleRendering), reply: .openArticle(id)))]
        case .withArticle(let id, let action):
            return [.load(StoreRead(query: .article(id, articleRendering), reply: .articleAction(action)))]
        case .back:
            navigation.pop()
        case .quit:
            if settings.confirmsExit { return confirm(.quit) }
            return quit(status: 0)
        case .reloadFeed(let id):
            guard case .server(_, let withLocalFeeds) = settings.feedListSource else { return askForReload(only: id) }
            // A urls file's feed beside a feed server (`sync-local-feeds`) reloads alone.
            if withLocalFeeds, let feed = listedFeed(id), !feed.isFromServer { return askForReload(only: id) }
            // A feed server syncs everything at once: its id lists cover every feed.
            return startSync()
        case .reloadAll:
            if settings.feedListSource.server != nil { return startSync() }
            return askForReload(only: nil)
        case .reloadFeeds(let feeds):
            // A feed server syncs every feed at once.
            if !settings.feedListSource.fetchesFeeds { return startSync() }
            return askForReload(onlyFeeds: feeds)
        case .openInBrowser(let url):
            return openInBrowser(url)
        case .nextUnread(let from):
            return unreadJump(from: from, forward: true)
        case .openAllUnread(let feed, let markingRead):
            return askForUnreadToOpen(ofFeed: feed, markingRead: markingRead)
        case .openInBrowserNoninteractively(let url):
            return openInBrowser(url, detached: true)
        case .randomUnread:
            return [.load(StoreRead(query: .randomUnreadArticle(articleRendering), reply: .unreadJump(forward: true)))]
        case .previousUnread(let from):
            return unreadJump(from: from, forward: false)
        case .toggleRead(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            transientMessage = state.isRead ? "Marked unread" : "Marked read"
            return mark(.read(id, feed: state.feedID, isRead: !state.isRead, wasRead: state.isRead))
        case .markRead(let id):
            guard let state = shownState(ofItem: id), !state.isRead else { return [] }
            return mark(.read(id, feed: state.feedID, isRead: true, wasRead: false))
        case .markAboveRead(let ids, let isComplete):
            return markAboveRead(ids, isComplete: isComplete)
        case .openAdjacentArticle(let id, let forward):
            return openAdjacentArticle(id, forward: forward)
        case .previousSearchResults:
            showPreviousSearchResults()
        case .markFeedRead(let id):
            if settings.preferences.lists.confirmsMarkFeedRead, let feed = listedFeed(id) { return confirm(.markFeedRead(feed)) }
            return markFeedRead(id)
        case .markArticlesRead(let expression, let source, let shown, let unread):
            transientMessage = unread == 1 ? "Marked 1 article read" : "Marked \(unread) articles read"
            return mark(.queryRead(expression, source: source, now: now, seenBy: now, shown: shown))
        case .markAllFeedsRead:
            return settings.confirmsMarkAllFeedsRead ? confirm(.markAllFeedsRead) : markAllFeedsRead()
        case .toggleStarred(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            transientMessage = state.isStarred ? "Star removed" : "Starred: find it under Starred in the feed list"
            return mark(.starred(id, isStarred: !state.isStarred, wasStarred: state.isStarred))
        case .deleteArticle(let id):
            hasDeletedArticles = true
            return [.deleteArticles(.article(id))]
        case .deleteAllArticles(let feed):
            if settings.lifecycle.confirmsDeleteAll { return confirm(.deleteAllArticles(feed)) }
            hasDeletedArticles = true
            return [.deleteArticles(.allArticles(feed))]
        case .purgeDeleted:
            hasDeletedArticles = false
            return [.deleteArticles(.purge)]
        case .editFlags(let id):
            guard let state = shownState(ofItem: id) else { return [] }
            let shown = ArticleFlags.of(stored: state.flags.letters, isStarred: state.isStarred, star: settings.preferences.starFlag)
            ask(.flags(id, state), text: shown.letters)
        case .showHelp:
            let help = HelpScreen(for: top?.keyContext ?? .feedList, keyMap: settings.preferences.keyMap,
                                  macros: sortedMacros, macroPrefix: settings.macroPrefix)
            help.takePreferences(settings.preferences)
            navigation.push(help)
        case .status(let message):
            transientMessage = message.isEmpty ? nil : message
        case .addFeed(let tag): ask(.addFeed(tag: tag))
        case .switchFeed(let id, let forward, let unreadOnly):
            guard let next = feed(besides: id, forward: forward, unreadOnly: unreadOnly) else {
                let which = unreadOnly ? "with unread articles " : ""
                transientMessage = forward ? "No feed \(which)after this one" : "No feed \(which)before this one"
                return []
            }
            navigation.pop()
            for case let list as any FeedListing in screens { list.select(feedURL: next.url) }
            navigation.push(ItemListScreen(storeView: storeView, feed: next, preferences: settings.preferences))
        case .toggleShowRead(let articles):
            // As `:set show-read-articles!` would: the option changes for the rest of the session.
            if articles {
                changeOption("show-read-articles", to: settings.preferences.hidesReadArticles ? "yes" : "no")
                transientMessage = settings.preferences.hidesReadArticles ? "Read articles hidden" : "Read articles shown"
            } else {
                changeOption("show-read-feeds", to: settings.preferences.hidesFeedsWithoutUnread ? "yes" : "no")
                transientMessage = settings.preferences.hidesFeedsWithoutUnread ? "Feeds with nothing unread hidden" : "Every feed shown"
            }
        case .useNewsboatFiles(let files):
            reload.reloadsWhenListed = true
            return [.editUrlsFile(UrlsFileEdit(change: .useNewsboatFiles(files, configPath: settings.configPath)))]
        case .renameFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            ask(.rename(feed), text: feed.customTitle ?? feed.feedTitle ?? "")
        case .editTags(let id):
            guard let feed = listedFeed(id) else { return [] }
            ask(.tags(feed), text: Self.tagsPromptText(feed.tags))
        case .deleteFeed(let id):
            guard let feed = listedFeed(id) else { return [] }
            return confirm(.delete(feed))
        case .moveFeed(let id, let neighbourID):
            guard let feed = listedFeed(id), let neighbour = listedFeed(neighbourID) else { return [] }
            return [.editUrlsFile(UrlsFileEdit(change: .swap(feed.url, neighbour.url)))]
        case .moveFeedPastHeading(let id, let heading):
            guard let feed = listedFeed(id) else { return [] }
            return [.editUrlsFile(UrlsFileEdit(change: .swapWithHeading(feed.url, heading)))]
        case .showTags:
            navigation.push(TagListScreen(storeView: storeView, preferences: settings.preferences))
        case .clearTag:
            while let top, (top as AnyObject) !== feedList, navigation.pop() != nil {}
        case .showTag(let tag):
            let screen = FeedListScreen(storeView: storeView, preferences: settings.preferences, tag: tag, headings: settings.headings)
            screen.refresh()
            navigation.push(screen)
            showReloading()
        case .chooseSortOrder(let question):
            return confirm(.sortOrder(question))
        case .showStarred:
            navigation.push(CrossFeedListScreen(.starred, storeView: storeView, preferences: settings.preferences))
        case .openQueryFeed(let feed, let counts):
            navigation.push(CrossFeedListScreen(.query(feed), storeView: storeView, counts: counts, preferences: settings.preferences))
        case .askForFilter:
            ask(.filter)
        case .askForFeedTitle:
            ask(.feedTitle)
        case .chooseFilter:
            guard !settings.definedFilters.isEmpty else {
                transientMessage = "No filter is defined: add define-filter lines to the config file"
                return []
            }
            ask(.definedFilter(settings.definedFilters))
        case .openSearch(let text):
            ask(.search, text: text)
        case .fetchFullArticle(let id, let link):
            return fetchFullArticle(id, link: link)
        case .showURLs(let urls, let title):
            if let viewer = settings.externalURLViewer { return viewURLs(urls, with: viewer) }
            navigation.push(URLViewScreen(urls: urls, articleTitle: title, preferences: settings.preferences))
        case .openEnclosure(let url):
            return openInBrowser(url, using: settings.articleActions.player)
        case .enqueue(let item):
            return enqueue(item)
        case .saveArticle(let article):
            askWhereToSave(article)
        case .pipeArticle(let article):
            ask(.pipeCommand(article))
        case .openInBrowserAndMarkRead(let link, let id):
            return openInBrowserAndMarkRead(link, id)
        case .askForURLNumber(let urls):
            ask(.urlNumber(urls))
        case .showArticlesOfFeed(let feed, let item):
            showArticles(ofFeed: feed, selecting: item)
        case .bookmark(let draft):
            return bookmark(draft)
        case .goToScreen(let depth):
            goToScreen(depth: depth)
        case .editURLs:
            return editUrlsFile()
        case .reloadURLs:
            return rereadUrlsFile()
        }
        return []
    }

    /// The feed row with `id` as the screens list it, the top one first.
    func listedFeed(_ id: FeedID) -> FeedListRow? {
        screens.reversed().lazy.compactMap { ($0 as? any FeedRowsScreen)?.listedFeed(id) }.first
    }

    /// An article's marks as the screens show them, the top one first.
    func shownState(ofItem id: ItemID) -> ItemState? {
        screens.reversed().lazy.compactMap { ($0 as? any MarksScreen)?.shownState(ofItem: id) }.first
    }

    /// Marks the feed read (`A`, after `y` with `confirm-mark-feed-read`), then goes on to the
    /// next feed with unread articles when `markfeedread-jumps-to-next-unread` says so: the next
    /// feed's articles from its item list, the next feed's row in the feed list.
    func markFeedRead(_ id: FeedID) -> [ReaderEffect] {
        let count = listedFeed(id)?.unreadCount ?? 0
        transientMessage = count == 1 ? "Marked 1 article read" : "Marked \(count) articles read"
        let effects = mark(.feedRead(id, seenBy: now))
        guard settings.preferences.lists.markFeedReadJumpsToNextUnread else { return effects }
        if (top as? any ArticleListing)?.listsArticles(ofFeed: id) == true {
            guard feed(besides: id, forward: true, unreadOnly: true) != nil else { return effects }
            return effects + perform(.switchFeed(from: id, forward: true, unreadOnly: true))
        }
        if let list = top as? any FeedListing, let next = feed(besides: id, forward: true, unreadOnly: true) {
            list.select(feedURL: next.url)
        }
        return effects
    }

    /// Marks every feed of the feed list read, each as `A` would (`mark-all-feeds-read`, after `y`).
    func markAllFeedsRead() -> [ReaderEffect] {
        let feeds = (feedList?.rows ?? []).filter { $0.unreadCount > 0 }
        let count = feeds.reduce(0) { $0 + $1.unreadCount }
        transientMessage = count == 1 ? "Marked 1 article read" : "Marked \(count) articles read"
        return feeds.flatMap { mark(.feedRead($0.id, seenBy: now)) }
    }

    /// Shows `mark` on every screen at once and queues its write.
    /// `n`, `p`: the next or previous unread article after `from`, looked for first in the list
    /// of several feeds the reader is in (under the article, or on top), then across feeds
    /// (unless `goto-next-feed no`: then only in that list, or in the feed's own).
    private func unreadJump(from: ItemID?, forward: Bool) -> [ReaderEffect] {
        let list = screens.last { !($0 is any JumpClosedScreen) || $0 is any ArticleListing }
        let acrossFeeds = settings.preferences.lists.goesToNextFeed
        let marks = storeView.pendingMarks
        let query: StoreQuery = if let list = list as? any UnreadScanning {
            .unreadArticleInList(list.unreadScan(from: from, forward: forward), forward: forward, articleRendering, acrossFeeds: acrossFeeds, marks)
        } else if !acrossFeeds, let list = list as? ItemListScreen {
            // `goto-next-feed no`: round the feed's own list, as newsboat does, and no further.
            .unreadArticleInList(list.unreadScan(from: from, forward: forward), forward: forward, articleRendering, acrossFeeds: false, marks)
        } else {
            .unreadArticle(from: from, forward: forward, articleRendering, marks)
        }
        return [.load(StoreRead(query: query, reply: .unreadJump(forward: forward)))]
    }

    func mark(_ mark: ItemMark) -> [ReaderEffect] {
        let number = storeView.pendingMarks.add(mark)
        for case let screen as any MarksFollowing in screens { screen.noteMark(mark) }
        return [.writeMarks([NumberedMark(number: number, mark: mark)])]
    }
}
