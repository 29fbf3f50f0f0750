import Configuration
import FeedFetcher
import FeedServices
import FeedStore
import ImageRendering
import TerminalUI

/// Everything that reaches the reader, through its one entry point on the main queue: keys,
/// the terminal's size, signals, the cache's answers (each read's own case, its answer typed by
/// its query: see `StoreQuery`), results of writes, fetch events, timers, files read.
enum ReaderMessage: Sendable {
    // MARK: The terminal
    /// A batch of keys (``Key/resize`` included).
    case keys([Key])
    /// The terminal's size, at start and after each resize.
    case resized(TerminalSize)
    /// SIGINT, SIGTERM or SIGHUP.
    case terminated(signal: Int32)

    // MARK: The cache's answers to the screens' reads
    case feedListRead(ScreenTicket, StoreResult<FeedListQuery.Answer>)
    case queryCountsRead(ScreenTicket, StoreResult<[ItemCounts]>)
    case itemListRead(ScreenTicket, StoreResult<ItemListQuery.Answer>)
    case titleFilterRead(ScreenTicket, StoreResult<TitleFilterQuery.Answer>)
    case crossFeedListRead(ScreenTicket, StoreResult<CrossFeedListQuery.Answer>)
    case rowsRead(RowsRoute, StoreResult<[ItemRow]>)
    case previewRead(PreviewTicket, StoreResult<ArticleBody>)
    case indexBacklogRead(ScreenTicket, StoreResult<Int>)
    case tagsRead(ScreenTicket, StoreResult<[TagSummary]>)
    case feedHealthRead(ScreenTicket, StoreResult<[FeedHealth]>)

    // MARK: The cache's answers to what keys and the reader asked
    case articleRead(ArticleRoute, StoreResult<LoadedArticle?>)
    case unreadJumpRead(forward: Bool, StoreResult<UnreadJump?>)
    case feedsToFetchRead(StoreResult<[FeedFetchTarget]>)
    case hasSyncedRead(StoreResult<Bool>)
    case unreadTotalsRead(afterReload: Bool, StoreResult<UnreadTotals>)
    /// `:rules`: each rule's matches among the articles in the cache, as lines.
    case ruleMatchesRead(StoreResult<[String]>)
    case fullArticleCandidatesRead(StoreResult<[FeedStore.FullArticleCandidate]>)
    case newEpisodesRead(StoreResult<[StoredItem]>)

    // MARK: Writes and the cache's changes
    /// The store's generation, read because something may have changed it.
    case generation(Int64)
    /// The cache file was written (by this process or another, a `tidings reload` from cron).
    case cacheFileChanged
    /// This reader wrote to the store: the screens read it again.
    case storeChanged
    /// A batch of articles was indexed for search; `waiting` are still to be.
    case bodiesIndexed(waiting: Int)
    /// Marks numbered up to `through` are in the store from `generation` on; `changes` are the
    /// articles each mark of many made read, by its number (what an undo makes unread again).
    case marksWritten(through: Int, generation: Int64, changes: [Int: [ItemID: FeedID]])
    /// The screens have read the store since the marks up to `through` were written.
    case marksSettled(through: Int)
    /// Articles were deleted or purged (`ArticleDeletion`): how many.
    case articlesDeleted(ArticleDeletion.Outcome)
    /// The urls file's feeds could not be written to the cache at start: the lists show what
    /// the cache holds, and the status bar says why.
    case syncFailed(String)
    /// An edit of the urls file is done (or was refused).
    case urlsFileEdited(UrlsFileEditOutcome)
    /// One line for the status bar: what a background task has to say (a failed write…).
    case status(String)

    // MARK: Fetching and syncing
    /// A fetch of the running reload has progressed.
    case fetchEvent(FetchEvent)
    /// The running reload is over.
    case reloadFinished(ReloadSummary)
    /// A sync with the feed server is over: what it changed, or why it failed (one line).
    case syncFinished(Result<SyncOutcome, SyncFailureLine>)
    /// What the rules' effects came to: one line ("Rules: 2 programs run"), nil when there was
    /// nothing to do.
    case ruleEffectsCarriedOut(String?)
    /// A feed added, renamed, tagged or deleted on the feed server (and the sync after), or why not.
    case serverFeedEdited(ServerFeedEdit, Result<SyncOutcome, SyncFailureLine>)
    /// A feed fetched to be added has arrived (or not).
    case fetchedForAdding(url: String, tag: String?, capture: CapturingFeedCache.Capture?, summary: ReloadSummary)
    /// The feeds a web page given to be added announces, or why the page could not be read.
    case feedsDiscovered(pageURL: String, tag: String?, notAFeed: String, Result<[FeedLinkDiscovery.FeedLink], FetchFailure>)
    /// A full article asked for with `x` (or by `always-fetch-full-article`: `automatic`) is
    /// stored and rendered, or could not be.
    case fullArticleFetched(ItemID, Result<FullArticle, FullArticleFailure>, automatic: Bool)
    /// A picture of the article view is drawn for its terminal, or why not (one line).
    case imageLoaded(ImageRequest, Result<RenderedImage, ImageFailure>)

    // MARK: Timers
    /// The reload spinner turns.
    case spinnerTick
    /// `auto-reload` is due.
    case autoReloadTick

    // MARK: Files
    /// The command line's and the search prompt's histories of the last sessions, oldest first.
    case historiesRead(commandLine: [String], search: [String])
    /// `:source FILE` read (or why not, in a few words).
    case configFileRead(path: String, Result<String, FileFailure>)
    /// `save-all` has read the list's articles and looked in the directory: what to write, and
    /// which files exist already.
    case saveAllPlanned(SaveAll)
    /// `save-all` has written what it could.
    case savedAll(SaveAll.Outcome)
    /// `save` found a file at `path`: ask before replacing it.
    case saveWouldReplace(ArticleText, path: String)
}

/// Why a file could not be read, in a few words ("there is no such file").
struct FileFailure: Error, Equatable, Sendable, CustomStringConvertible {
    var description: String
}

extension ReaderMessage {
    /// Whether the message is a key, or brings what a key asked for (the article Enter opens,
    /// where `n` leads): drawn at once rather than with the next frame.
    var answersKey: Bool {
        switch self {
        case .keys, .resized, .articleRead, .unreadJumpRead: true
        case .rowsRead(.unreadToOpen, _): true
        default: false
        }
    }
}
