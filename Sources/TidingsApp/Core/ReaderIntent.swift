import Configuration
import FeedStore
import FilterLanguage
import Foundation

/// What a screen asks the reader to do. Screens only return intents; the reader's reducers
/// carry them out (`ReaderState+Intents.swift`): reads, writes, reloads, the browser are effects.
enum ReaderIntent: Hashable, Sendable {
    case openFeed(FeedID)
    case openItem(ItemID)
    /// Pop the top screen.
    case back
    /// Leave the reader.
    case quit
    case reloadFeed(FeedID)
    case reloadAll
    /// Reload these feeds: those a filtered feed list shows (`reload-only-visible-feeds`).
    case reloadFeeds(Set<FeedID>)
    /// Open a URL in the configured browser.
    case openInBrowser(String)
    /// Go to the next (or previous) unread item, across feeds; `from` is the item shown now.
    case nextUnread(from: ItemID?)
    case previousUnread(from: ItemID?)
    case toggleRead(ItemID)
    /// Mark the article read, saying nothing (`mark-as-read-on-hover`).
    case markRead(ItemID)
    /// Mark these articles read, those above the selection (`mark-all-above-as-read`);
    /// `isComplete` is false when rows above were not read from the cache yet.
    case markAboveRead([ItemID], isComplete: Bool)
    /// Open the article listed after (or before) `id` in the list under the article
    /// (`next`, `prev` in the article view).
    case openAdjacentArticle(ItemID, forward: Bool)
    /// Show the results of the search before the one on top (`prevsearchresults`).
    case previousSearchResults
    case markFeedRead(FeedID)
    /// Mark read every article a list of several feeds holds (a query feed, Starred): those
    /// `expression` (written `source`) matches; `shown` are the rows in view, `unread` how many
    /// the list counts.
    case markArticlesRead(FilterExpression, source: String, shown: Set<ItemID>, unread: Int)
    /// Ask whether to mark every feed read; `y` does.
    case markAllFeedsRead
    case showHelp
    /// Show a message in the status bar.
    case status(String)
    /// Ask for a feed's URL, fetch it, and add it to the urls file (tagged `tag` when asked for
    /// from that tag's feed list, so that it shows there).
    case addFeed(tag: String?)
    /// Fetch the feed at `url` and add it, as if typed at the add prompt (a feed a page announces).
    case addFeedAt(url: String, tag: String?)
    /// Replaces the item list of `feed` with that of the next (or previous) feed listed — the
    /// next one with unread articles when `unreadOnly` (`next-unread-feed`).
    case switchFeed(from: FeedID, forward: Bool, unreadOnly: Bool = false)
    /// Shows or hides read articles (`articles`) or feeds with nothing unread, everywhere.
    case toggleShowRead(articles: Bool)
    /// Use newsboat's urls file and config (offered on the welcome screen).
    case useNewsboatFiles(NewsboatFiles)
    /// Ask for the feed's custom title.
    case renameFeed(FeedID)
    /// Ask for the feed's tags.
    case editTags(FeedID)
    /// Ask whether to delete the feed; `y` removes it from the urls file.
    case deleteFeed(FeedID)
    /// Swap the feed with the one listed next to it (`past`) in the urls file.
    case moveFeed(FeedID, past: FeedID)
    /// Swap the feed with the urls file's heading listed next to it: the feed moves into the
    /// section above or below, and no other feed moves.
    case moveFeedPastHeading(FeedID, UrlsHeading)
    /// Open the tag list.
    case showTags
    /// Show the feeds with this tag.
    case showTag(String)
    /// Leave a tag's feed list for the list of every feed (`clear-tag`).
    case clearTag
    /// Show the starred articles of every feed.
    case showStarred
    /// Show the feeds' health (`feed-health`).
    case showFeedHealth
    /// Write the address the feed at `url` moved to in its urls-file line (`adopt-moved`).
    case adoptMove(url: String, to: String)
    /// Show what arrived since the reader's last session ended.
    case showNewSince(Date, ItemCounts)
    /// Show the articles of a query feed, whose counts the feed list shows (nil until read).
    case openQueryFeed(QueryFeed, ItemCounts?)
    /// Ask for a filter expression for the list on top (`set-filter`).
    case askForFilter
    /// Ask for a text and select the first feed whose title contains it (`goto-title`).
    case askForFeedTitle
    /// Ask which defined filter to apply to the list on top (`select-filter`).
    case chooseFilter
    /// Star the article, or unstar it.
    case toggleStarred(ItemID)
    /// Delete the article (`delete-article`): it leaves the lists, and reloads do not bring it back.
    case deleteArticle(ItemID)
    /// Delete every article of the feed (`delete-all-articles`), asking first with
    /// `confirm-delete-all-articles`.
    case deleteAllArticles(FeedID)
    /// Drop the text of the deleted articles (`purge-deleted`).
    case purgeDeleted
    /// Ask for the article's flags, its current ones typed (`edit-flags`).
    case editFlags(ItemID)
    /// Fetch the article's page, extract its main text, store it and show it (`x`).
    case fetchFullArticle(ItemID, link: String)
    /// Ask for a search query in the status row, prefilled with `text` (empty for a new search).
    case openSearch(text: String)
    /// Ask for words to search the articles of this feed for (`/` in its list).
    case searchFeed(FeedListRow)
    /// Ask for words to find in the article on top (`/` there).
    case findInArticle
    /// Show the URL view: an article's links, images and enclosures.
    case showURLs([ArticleURL], articleTitle: String)
    /// Open an enclosure with the `player` option, or the browser when it is not set.
    case openEnclosure(String)
    /// Append the article's enclosure to podboat's queue file.
    case enqueue(StoredItem)
    /// Read a listed article from the store (off the main thread), then do `action` with it.
    case withArticle(ItemID, ArticleAction)

    /// What a list does with its selected article that needs more than its row: what the
    /// article view does with the same keys.
    enum ArticleAction: Hashable, Sendable {
        /// `u`: the URL view.
        case showURLs
        /// `E`: the enclosure to podboat's queue.
        case enqueue
    }
    /// Ask where to save the article's text, proposing `save-path` and a name from its title.
    case saveArticle(ArticleText)
    /// Ask for a command and send it the article's text on its standard input.
    case pipeArticle(ArticleText)
    /// Ask in the status bar by what to sort (`sort`, `rev-sort`).
    case chooseSortOrder(SortQuestion)
    /// Open a URL in the browser and mark the article read (`open-in-browser-and-mark-read`).
    case openInBrowserAndMarkRead(String, ItemID)
    /// Ask for the number of one of these links, then open it (`goto-url`).
    case askForURLNumber([ArticleURL])
    /// Open the unread articles of `feed` in the browser, `max-browser-tabs` at most, marking
    /// them read when `markingRead` (`open-all-unread-in-browser[-and-mark-read]`).
    case openAllUnread(ofFeed: FeedID, markingRead: Bool)
    /// Open a URL with the browser started in the background, never given the terminal
    /// (`open-in-browser-noninteractively`).
    case openInBrowserNoninteractively(String)
    /// Go to an unread article chosen at random (`random-unread`).
    case randomUnread
    /// Show the articles of `feed`, `item` selected (`article-feed`).
    case showArticlesOfFeed(FeedID, selecting: ItemID)
    /// Go back to the screen at `depth` of the stack (0: the feed list), closing those over it
    /// (Enter in the list of `view-dialogs`).
    case goToScreen(depth: Int)
    /// Hand a link to `bookmark-cmd`, after asking for what the draft does not settle (`bookmark`).
    case bookmark(Bookmark)
    /// Open the urls file in the user's editor, then read it again (`edit-urls`).
    case editURLs
    /// Read the urls file again (`reload-urls`).
    case reloadURLs
}
