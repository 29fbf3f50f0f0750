import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import FilterLanguage
import Foundation
import ImageRendering
import TerminalUI

/// What `update` asks to be done, as plain values grouped by the capability that does it: each
/// group is carried out by one runner (`StoreRunner`, `FetchRunner`, `ProcessRunner`,
/// `FileRunner`, `TimerRunner`, `PictureRunner`, the terminal), whose results come back as
/// `ReaderMessage`s. Being values, the effects an update returns are compared in tests.
enum ReaderEffect: Equatable, Sendable {
    case store(StoreEffect)
    case fetch(FetchEffect)
    case process(ProcessEffect)
    case files(FileEffect)
    case timer(TimerEffect)
    /// Downloads (or reads from the disk cache), decodes and draws a picture of the article view
    /// off the main thread (`.imageLoaded`).
    case picture(ImageRequest)
    case terminal(TerminalEffect)
    /// A line for the log (never the screen).
    case log(LogLine)

    /// A read of the cache.
    static func read<Query: StoreQuery>(_ query: Query, route: Query.Route, lane: StoreRead.Lane = .screen) -> ReaderEffect {
        .store(.read(StoreRead(query, route: route, lane: lane)))
    }
}

/// Reads and writes of the cache, in their order; writes are journalled first when they are marks.
enum StoreEffect: Equatable, Sendable {
    /// Reads the cache off the main thread; the query's own message brings the answer.
    case read(StoreRead)
    /// Reads the store's generation (`.generation`), to notice writes by other processes.
    case checkGeneration
    /// Writes marks (journalled first, so that none is lost; see `MarkJournal`).
    case writeMarks([NumberedMark])
    /// Writes the marks a previous run left in the journal, before anything else is written.
    case writeLeftOverMarks
    /// Brings the cache's feeds in line with the urls file (`.storeChanged` when done); beside a
    /// feed server's (`besideServer`) when it lists them too.
    case syncSubscriptions([Subscription], besideServer: Bool)
    /// Applies the killfile to the stored articles, and to what reloads store from now on.
    case applyKillfile(Killfile)
    /// Drops read items beyond `max-items` (0: none) and, with `keep-articles-days` (`keepDays`
    /// > 0), the articles older than that at `now` but for those flagged with `keeping`.
    case applyRetention(maxItems: Int, keepDays: Int, keeping: ArticleFlags, now: Date)
    /// Deletes articles or purges the deleted ones; `.articlesDeleted` says how many.
    case deleteArticles(ArticleDeletion)
    /// What quitting tidies in the cache, done as the reader stops, after the marks before it.
    case tidyOnQuit(QuitTidying)
    /// Adds a batch of stored articles to the full-text index (`.bodiesIndexed`).
    case indexStoredBodies
    /// Marks every other copy of these articles' stories read or unread, as the articles were
    /// (`fold-duplicates`: a story is read once, wherever it was read).
    case markStoryCopies([ItemID], read: Bool)
    /// Sends `.marksSettled` once the reads asked for so far have been answered.
    case settleMarks(through: Int)
    /// Changes the urls file, then the store (`.urlsFileEdited`).
    case editUrlsFile(UrlsFileEdit)
    /// The reads of the articles of a `save-all`, and a look at its directory (`.saveAllPlanned`).
    case planSaveAll(ArticlesToSave, directory: String, restrictsNames: Bool)
    /// Writes the articles of a `save-all` as `plan` says, each rendered as `rendering` says.
    case saveAll(SaveAll, ArticleRendering)
    /// Keeps where the reader left an article (nil: forgets it, read to the end).
    case setReadingPlace(FeedStore.ReadingPlace?, item: ItemID, at: Date)
    /// Keeps the article a feed's list had selected when it was left.
    case setListPlace(feed: FeedID, item: ItemID, at: Date)
    /// Forgets the places kept more than 30 days before `now`.
    case forgetOldPlaces(now: Date)
    /// Keeps with each feed the settings the store applies itself (`reload-time`, `max-items`,
    /// `mark-read-on-arrival`, `feed-option` lines), before a reload reads which feeds are due.
    case applyFeedOptions(Config, at: Date)
    /// The reader's session ends now: "New since last time" starts here next time.
    case recordSessionEnd(at: Date)
}

/// Downloads: reloads, syncs, feeds to add, full articles.
enum FetchEffect: Equatable, Sendable {
    /// Fetches `targets` into the store, reporting `.fetchEvent`s and `.reloadFinished`.
    case reload([FeedFetchTarget])
    /// Syncs with the feed server (`.syncFinished`).
    case sync
    /// Adds, renames, tags or deletes a feed on the feed server, then syncs (`.serverFeedEdited`).
    case manageServerFeed(ServerFeedEdit)
    /// Fetches a feed to be added, without storing it (`.fetchedForAdding`).
    case fetchForAdding(url: String, tag: String?)
    /// Reads the web page at `pageURL`, given to be added but no feed, for the feeds it announces
    /// (`.feedsDiscovered`); `notAFeed` says why it was not one.
    case discoverFeeds(pageURL: String, tag: String?, notAFeed: String)
    /// Fetches, extracts and stores an item's full article (`.fullArticleFetched`); `automatic`
    /// ones wait in line behind those asked for with `x`.
    case fetchFullArticle(ItemID, link: String, automatic: Bool)
    /// Fetches started from now on use these options, full articles are rendered so (`:set`, `:source`).
    case useOptions(FetchOptions, ArticleRendering)
    /// Carries out what the rules on arrival left to do — programs, notifications, the podcast
    /// queue, full articles — after a reload or a sync (`.ruleEffectsCarriedOut`).
    case carryOutRuleEffects(Config)
}

/// Other programs: the browser, the pager, the editor, commands the article is piped to.
/// Those given the terminal run while the reader waits; `.status` says how they went.
enum ProcessEffect: Equatable, Sendable {
    /// Opens `url` with the browser command (a text-mode one gets the terminal meanwhile).
    case openBrowser(BrowserCommand, url: String, textMode: Bool)
    /// Runs a command with the article's text on its standard input, with the terminal.
    case pipe(arguments: [String], text: String)
    /// Shows an article's text with an external pager: the text in a file of its own, `%f` in
    /// `arguments` its path (else it is added last).
    case page(arguments: [String], text: String)
    /// Runs an external URL viewer with `text` (the links) on its standard input, with the terminal.
    case viewURLs(arguments: [String], text: String)
    /// Runs `bookmark-cmd` without a shell: with the terminal when `interactive`, else in the
    /// background for `timeout` seconds at most.
    case bookmark(arguments: [String], interactive: Bool, timeout: TimeInterval)
    /// Runs `notify-program` with the message as its last argument, detached.
    case notify(arguments: [String])
    /// Hands the terminal to an editor on the urls file, then has the store follow the file.
    case editUrlsFile(arguments: [String])
}

/// Files besides the cache.
enum FileEffect: Equatable, Sendable {
    /// Appends an enclosure to podboat's queue file, to be downloaded to `target`.
    case enqueue(url: String, queue: PodcastQueue, target: String)
    /// Writes an article's text to `path` (a directory: the proposed name in it); an existing
    /// file is replaced only when `replacing`, else `.saveWouldReplace` asks first.
    case saveText(ArticleText, path: String, replacing: Bool)
    /// Reads the prompts' histories kept by the last sessions (`.historiesRead`).
    case readHistories(HistoryFiles, limit: Int)
    /// Writes the histories as the reader quits.
    case writeHistories(HistoryFiles, commandLine: [String], search: [String])
    /// Reads a config file for `:source` (`.configFileRead`).
    case readConfigFile(path: String)
}

/// Timers and watches.
enum TimerEffect: Equatable, Sendable {
    /// Starts or stops the reload spinner's timer (`.spinnerTick`).
    case spinner(running: Bool)
    /// Sends `.autoReloadTick` every `minutes` from now on (nil: never).
    case autoReload(minutes: Int?)
    /// Watches the cache file for writes by other processes and reads the generation when one comes.
    case watchCache
}

/// The terminal itself.
enum TerminalEffect: Equatable, Sendable {
    /// Repaints the whole screen (Ctrl-L).
    case repaint
    /// Suspends the process (Ctrl-Z).
    case suspendProcess
    /// Rings the bell (`notify-beep`).
    case beep
    /// Shows a line in GNU screen's status line (`notify-screen`).
    case showInStatusLine(String)
    /// Colours of the cells whose style leaves them `.default` (the theme's background).
    case setDefaultColors(foreground: Color, background: Color)
    /// Stops everything, puts the terminal back and exits with `status`.
    case quit(status: Int32)
}

/// A line for the log.
struct LogLine: Equatable, Sendable {
    enum Level: Equatable, Sendable { case info, warning, error }
    var level: Level
    var text: String

    static func info(_ text: String) -> ReaderEffect { .log(LogLine(level: .info, text: text)) }
    static func warning(_ text: String) -> ReaderEffect { .log(LogLine(level: .warning, text: text)) }
    static func error(_ text: String) -> ReaderEffect { .log(LogLine(level: .error, text: text)) }
}

/// A mark with its number in `PendingMarks`, which tells when the store holds it.
struct NumberedMark: Hashable, Sendable {
    var number: Int
    var mark: ItemMark
}
