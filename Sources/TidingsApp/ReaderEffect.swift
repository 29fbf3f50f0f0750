import FeedFetcher
import FeedStore

/// What `ReaderApp.update` asks to be done: values that the `EffectRunner` carries out — the
/// store's reads and writes, reloads, the urls file and the browser off the main thread — and
/// whose results come back as `ReaderMessage`s.
enum ReaderEffect: Sendable {
    /// Reads the store off the main thread; the query's message is sent back.
    case read(@Sendable (FeedStore) -> ReaderMessage)
    /// The same, once the writes asked for before it are done: the feeds to reload, which must
    /// include those the urls file has just brought into the cache (at start, on a fresh cache,
    /// a read that overtook that write found no feed at all).
    case readAfterWrites(@Sendable (FeedStore) -> ReaderMessage)
    /// Reads the store's generation (`.generation`), to notice writes by other processes.
    case checkGeneration
    /// Writes marks (journalled first, so that none is lost; see `MarkJournal`).
    case writeMarks([(number: Int, mark: ItemMark)])
    /// Drops read items beyond `max-items` (after a reload).
    case applyRetention(maxItems: Int)
    /// Adds a batch of the articles a reload stored to the full-text index (their text; titles
    /// were indexed as they were stored), answering `.bodiesIndexed`.
    case indexStoredBodies
    /// Sends `.marksSettled` once the reads asked for so far have been answered.
    case settleMarks(through: Int)
    /// Changes the urls file, then the store.
    case editUrlsFile(UrlsFileEdit)
    /// Fetches `targets` into the store, reporting `.fetchEvent`s and `.reloadFinished`.
    case reload([FeedFetchTarget])
    /// Syncs with the feed server (`urls-source "fever"`): `.syncFinished` tells how it went.
    case sync
    /// Fetches a feed to be added, without storing it (`.fetchedForAdding`).
    case fetchForAdding(url: String, tag: String?)
    /// Fetches, extracts and stores an item's full article (`.fullArticleFetched`); `automatic`
    /// ones (`always-fetch-full-article`) wait in line behind those asked for with `x`.
    case fetchFullArticle(ItemID, link: String, automatic: Bool)
    /// Opens `url` with the browser command (a text-mode one gets the terminal meanwhile).
    case openBrowser(BrowserCommand, url: String, textMode: Bool)
    /// Appends an enclosure to podboat's queue file, to be downloaded to `target` (`.status`
    /// says what happened).
    case enqueue(url: String, queue: PodcastQueue, target: String)
    /// Writes an article's text to `path` (a directory: the proposed name in it); an existing
    /// file is replaced only when `replacing`, else `.saveWouldReplace` asks first.
    case saveText(ArticleText, path: String, replacing: Bool)
    /// Runs a command with the article's text on its standard input, handing it the terminal
    /// meanwhile (a pager or an editor needs it); `.status` gives the outcome.
    case pipe(arguments: [String], text: String)
    /// Starts or stops the reload spinner's timer.
    case spinner(running: Bool)
    /// Repaints the whole screen (Ctrl-L).
    case repaint
    /// Suspends the process (Ctrl-Z).
    case suspendProcess
    /// Stops everything, puts the terminal back and exits with `status`.
    case quit(status: Int32)
}
