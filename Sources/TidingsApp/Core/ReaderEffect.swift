import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import FilterLanguage
import Foundation

/// What `ReaderApp.update` asks to be done, as plain values that the `EffectRunner` carries out —
/// the store's reads and writes, reloads, the urls file and the browser off the main thread — and
/// whose results come back as `ReaderMessage`s. Being values, the effects an update returns can
/// be compared in a test.
enum ReaderEffect: Equatable, Sendable {
    /// Reads the store off the main thread; `.loaded` brings the answer back.
    case load(StoreRead)
    /// Reads the store's generation (`.generation`), to notice writes by other processes.
    case checkGeneration
    /// Writes marks (journalled first, so that none is lost; see `MarkJournal`).
    case writeMarks([NumberedMark])
    /// Writes the marks a previous run left in the journal, before anything else is written.
    case writeLeftOverMarks
    /// Brings the cache's feeds in line with the urls file (`.storeChanged` when done).
    case syncSubscriptions([Subscription])
    /// Applies the killfile to the stored articles, and to what reloads store from now on.
    case applyKillfile(Killfile)
    /// Drops read items beyond `max-items` (0: none) and, with `keep-articles-days` (`keepDays`
    /// > 0), the articles older than that at `now` but for those flagged with `keeping` (after a
    /// reload).
    case applyRetention(maxItems: Int, keepDays: Int, keeping: ArticleFlags, now: Date)
    /// Deletes articles (`delete-article`, `delete-all-articles`) or purges the deleted ones
    /// (`purge-deleted`); `.storeChanged` and a status line come back.
    case deleteArticles(ArticleDeletion)
    /// What quitting tidies in the cache, done by the runner as the reader stops, after the
    /// marks queued before it.
    case tidyOnQuit(QuitTidying)
    /// Adds a batch of the articles a reload stored to the full-text index (their text; titles
    /// were indexed as they were stored), answering `.bodiesIndexed`.
    case indexStoredBodies
    /// Sends `.marksSettled` once the reads asked for so far have been answered.
    case settleMarks(through: Int)
    /// Changes the urls file, then the store.
    case editUrlsFile(UrlsFileEdit)
    /// Hands the terminal to an editor on the urls file until it exits, then has the store follow
    /// the file (`edit-urls`); `.urlsFileEdited` tells how it went.
    case runUrlsEditor(arguments: [String])
    /// Fetches `targets` into the store, reporting `.fetchEvent`s and `.reloadFinished`.
    case reload([FeedFetchTarget])
    /// Syncs with the feed server: `.syncFinished` tells how it went.
    case sync
    /// Adds, renames, tags or deletes a feed on the feed server, then syncs, on the sync queue:
    /// `.serverFeedEdited` tells how it went.
    case manageServerFeed(ServerFeedEdit)
    /// Fetches a feed to be added, without storing it (`.fetchedForAdding`).
    case fetchForAdding(url: String, tag: String?)
    /// Fetches, extracts and stores an item's full article (`.fullArticleFetched`); `automatic`
    /// ones (`always-fetch-full-article`) wait in line behind those asked for with `x`.
    case fetchFullArticle(ItemID, link: String, automatic: Bool)
    /// Downloads (or reads from the disk cache), decodes and draws a picture of the article view
    /// off the main thread, as picture `id` (`.imageLoaded`).
    case loadImage(ImageRequest, id: UInt32)
    /// Opens `url` with the browser command (a text-mode one gets the terminal meanwhile).
    case openBrowser(BrowserCommand, url: String, textMode: Bool)
    /// Appends an enclosure to podboat's queue file, to be downloaded to `target` (`.status`
    /// says what happened).
    case enqueue(url: String, queue: PodcastQueue, target: String)
    /// Writes an article's text to `path` (a directory: the proposed name in it); an existing
    /// file is replaced only when `replacing`, else `.saveWouldReplace` asks first.
    case saveText(ArticleText, path: String, replacing: Bool)
    /// Reads the articles `query` lists and looks for their files in `directory`
    /// (`.saveAllPlanned`, or `.status` saying why nothing can be saved there).
    case planSaveAll(StoreQuery, directory: String, restrictsNames: Bool)
    /// Writes the articles of a `save-all` as `plan` says, each rendered as `rendering` says
    /// (`.savedAll`).
    case saveAll(SaveAll, StoreQuery.ArticleRendering)
    /// Runs a command with the article's text on its standard input, handing it the terminal
    /// meanwhile (a pager or an editor needs it); `.status` gives the outcome.
    case pipe(arguments: [String], text: String)
    /// Says `message` after a reload: rings the bell, shows it in screen's status line, runs
    /// `program` with it as the last argument (without a shell, detached).
    case notify(message: String, program: [String]?, beeps: Bool, inStatusLine: Bool)
    /// Runs an external URL viewer with `text` (the links) on its standard input, handing it the
    /// terminal until it exits (`external-url-viewer`); `.status` says if it failed.
    case viewURLs(arguments: [String], text: String)
    /// Runs `bookmark-cmd` with its arguments (the URL, title, description and feed title),
    /// without a shell: in the background, what it prints being the error newsboat shows, or with
    /// the terminal when `interactive` (`bookmark-interactive`); `.status` says how it went.
    case bookmark(arguments: [String], interactive: Bool)
    /// Shows an article's text with an external pager (`pager`): the text is written to a file of
    /// its own, `%f` in `arguments` is its path (else it is added last), the pager gets the
    /// terminal until it exits, and the file is deleted.
    case page(arguments: [String], text: String)
    /// Reads the command line's and the search prompt's histories kept by the last sessions, the
    /// newest `limit` lines of each (`.historiesRead`).
    case readHistories(HistoryFiles, limit: Int)
    /// Writes the histories as the reader quits, before it exits; an empty one leaves its file as
    /// it is.
    case writeHistories(HistoryFiles, commandLine: [String], search: [String])
    /// Starts or stops the reload spinner's timer (`.spinnerTick`).
    case spinner(running: Bool)
    /// Sends `.autoReloadTick` every `minutes` from now on (nil: never).
    case autoReload(minutes: Int?)
    /// Watches the cache file for writes by other processes (a `tidings reload` from cron) and
    /// reads the generation when one comes.
    case watchCache
    /// Fetches started from now on use these options (`:set`, `:source`).
    case useOptions(EffectRunner.Options)
    /// Repaints the whole screen (Ctrl-L).
    case repaint
    /// Suspends the process (Ctrl-Z).
    case suspendProcess
    /// Stops everything, puts the terminal back and exits with `status`.
    case quit(status: Int32)
}

/// A mark with its number in `PendingMarks`, which tells when the store holds it.
struct NumberedMark: Hashable, Sendable {
    var number: Int
    var mark: ItemMark
}
