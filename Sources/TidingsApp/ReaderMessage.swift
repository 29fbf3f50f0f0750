import FeedFetcher
import FeedStore
import TerminalUI

/// Everything that reaches the reader, through its one entry point (`ReaderApp.send`) on the
/// main queue: keys, signals, answers from the store, results of writes, fetch events, timers.
enum ReaderMessage: Sendable {
    /// A batch of keys (``Key/resize`` included).
    case keys([Key])
    /// SIGINT, SIGTERM or SIGHUP.
    case terminated(signal: Int32)
    /// The answer to a screen's read, applied by the screen that asked (see `StoreReading`).
    case delivered(StoreDelivery)
    /// The store's generation, read because something may have changed it.
    case generation(Int64)
    /// This reader wrote to the store: the screens read it again.
    case storeChanged
    /// A batch of articles was indexed for search; `waiting` are still to be.
    case bodiesIndexed(waiting: Int)
    /// The feeds to reload (`r`, `R`, startup, the auto-reload timer).
    case feedsToReload([FeedFetchTarget])
    /// An article to show, read and rendered for Enter; nil when it is no longer in the cache,
    /// a failure when the cache could not be read.
    case articleLoaded(ItemID, Result<LoadedArticle?, any Error>)
    /// A listed article read for `action` (`u`, `E` on a list); nil when it is no longer in the
    /// cache.
    case articleLoadedForAction(ReaderIntent.ArticleAction, Result<LoadedArticle?, any Error>)
    /// Where `n`/`p` lead: the article, its feed; nil when there is no such article.
    case unreadFound(UnreadJump?, forward: Bool)
    /// Marks numbered up to `through` are in the store from `generation` on.
    case marksWritten(through: Int, generation: Int64)
    /// The screens have read the store since the marks up to `through` were written.
    case marksSettled(through: Int)
    /// One line for the status bar: what a background task has to say (a failed write…).
    case status(String)
    /// The urls file's feeds could not be written to the cache at start: the lists show what
    /// the cache holds, and the status bar says why.
    case syncFailed(String)
    /// A fetch of the running reload has progressed.
    case fetchEvent(FetchEvent)
    /// The running reload is over.
    case reloadFinished(ReloadSummary)
    /// Whether the cache has ever been synced with the configured feed server (asked at start:
    /// a cache never synced has nothing to show, so the first sync starts by itself).
    case firstSyncNeeded(Bool)
    /// A sync with the feed server is over: what it changed, or why it failed (one line).
    case syncFinished(Result<SyncOutcome, SyncFailureLine>)
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
    /// What a reload brought that `always-fetch-full-article` fetches.
    case fullArticleCandidates([FeedStore.FullArticleCandidate])
    /// `save` found a file at `path`: ask before replacing it.
    case saveWouldReplace(ArticleText, path: String)
}

/// What `n`/`p` found: the unread article, its feed's row, and the article itself.
struct UnreadJump: Sendable {
    var row: ItemRow
    var feed: FeedListRow?
    var article: LoadedArticle?
}

/// A read's answer with what to do with it on the main thread.
struct StoreDelivery: @unchecked Sendable {
    // Unchecked: the closure is created on the main actor and only called there.
    let apply: @MainActor () -> Void
}
