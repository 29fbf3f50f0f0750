import Configuration
import FeedFetcher
import FeedServices
import FeedStore
import ImageRendering
import TerminalUI

/// Everything that reaches the reader, through its one entry point (`ReaderApp.send`) on the
/// main queue: keys, signals, answers from the store, results of writes, fetch events, timers.
enum ReaderMessage: Sendable {
    /// A batch of keys (``Key/resize`` included).
    case keys([Key])
    /// SIGINT, SIGTERM or SIGHUP.
    case terminated(signal: Int32)
    /// The answer to a read of the store (`.load`), or why it failed.
    case loaded(StoreRead, Result<StoreAnswer, any Error>)
    /// The store's generation, read because something may have changed it.
    case generation(Int64)
    /// This reader wrote to the store: the screens read it again.
    case storeChanged
    /// A batch of articles was indexed for search; `waiting` are still to be.
    case bodiesIndexed(waiting: Int)
    /// Marks numbered up to `through` are in the store from `generation` on.
    case marksWritten(through: Int, generation: Int64)
    /// The screens have read the store since the marks up to `through` were written.
    case marksSettled(through: Int)
    /// One line for the status bar: what a background task has to say (a failed write…).
    case status(String)
    /// Articles were deleted or purged (`ArticleDeletion`): how many.
    case articlesDeleted(ArticleDeletion.Outcome)
    /// The urls file's feeds could not be written to the cache at start: the lists show what
    /// the cache holds, and the status bar says why.
    case syncFailed(String)
    /// A fetch of the running reload has progressed.
    case fetchEvent(FetchEvent)
    /// The running reload is over.
    case reloadFinished(ReloadSummary)
    /// A sync with the feed server is over: what it changed, or why it failed (one line).
    case syncFinished(Result<SyncOutcome, SyncFailureLine>)
    /// A feed added, renamed, tagged or deleted on the feed server (and the sync after), or why not.
    case serverFeedEdited(ServerFeedEdit, Result<SyncOutcome, SyncFailureLine>)
    /// The reload spinner turns.
    case spinnerTick
    /// `auto-reload` is due.
    case autoReloadTick
    /// A feed fetched to be added has arrived (or not).
    case fetchedForAdding(url: String, tag: String?, capture: CapturingFeedCache.Capture?, summary: ReloadSummary)
    /// An edit of the urls file is done (or was refused).
    case urlsFileEdited(UrlsFileEditOutcome)
    /// A full article asked for with `x` (or by `always-fetch-full-article`: `automatic`) is
    /// stored and rendered, or could not be.
    case fullArticleFetched(ItemID, Result<FullArticle, FullArticleFailure>, automatic: Bool)
    /// A picture of the article view is drawn for its terminal, or why not (one line).
    case imageLoaded(ImageRequest, id: UInt32, Result<RenderedImage, ImageFailure>)
    /// The command line's and the search prompt's histories of the last sessions, oldest first.
    case historiesRead(commandLine: [String], search: [String])
    /// `save-all` has read the list's articles and looked in the directory: what to write, and
    /// which files exist already.
    case saveAllPlanned(SaveAll)
    /// `save-all` has written what it could.
    case savedAll(SaveAll.Outcome)
    /// `save` found a file at `path`: ask before replacing it.
    case saveWouldReplace(ArticleText, path: String)
}

/// What `n`/`p` found: the unread article, its feed's row, and the article itself.
struct UnreadJump: Sendable {
    var row: ItemRow
    var feed: FeedListRow?
    var article: LoadedArticle?
    /// Found in the list of several feeds it was looked for in first: it opens over that list.
    var isInList = false
}

extension ReaderMessage {
    /// Whether the message is a key, or brings what a key asked for (the article Enter opens,
    /// where `n` leads): drawn at once rather than with the next frame.
    var answersKey: Bool {
        switch self {
        case .keys: true
        case .loaded(let read, _):
            switch read.reply {
            case .openArticle, .articleAction, .unreadJump, .openAllUnread: true
            case .screen, .reload, .firstSync, .automaticFullArticles, .unreadTotals, .newEpisodes: false
            }
        default: false
        }
    }
}
