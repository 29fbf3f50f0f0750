import Dispatch
import FeedModel
import FeedStore
import FilterLanguage
import Foundation
import Logging

/// Carries out the reader's reads and writes of the cache (``StoreEffect``), off the main thread.
///
/// Reads run on serial queues of their own (WAL lets them run while another connection writes):
/// one for what the screens show, one for what a key asked for, so that the article Enter opens
/// never waits behind the refreshes a busy writer causes. Writes run on one serial queue, in the
/// order they were asked for; a reload holding the store's writer, or a `tidings reload` from
/// cron, delays only them — never a key or a frame. Marks are journalled before they are queued
/// (see `MarkJournal`).
@MainActor
final class StoreRunner {
    let store: FeedStore
    private let inbox: ReaderInbox
    private let journal: MarkJournal
    private let urlsPath: String
    private let logger = Logger(label: "tidings.reader")
    private let screenReads = DispatchQueue(label: "tidings.reader.reads", qos: .userInteractive)
    private let keyReads = DispatchQueue(label: "tidings.reader.key-reads", qos: .userInteractive)
    /// The writes, in order; `afterWrites` reads and the sync's sends wait behind them.
    let writes = DispatchQueue(label: "tidings.reader.writes", qos: .userInitiated)
    /// What quitting tidies in the cache (`.tidyOnQuit`), done in ``finish()``.
    private var quitTidying: QuitTidying?
    /// Called once marks are queued for writing: under a feed server they are sent on after.
    var marksQueued: @MainActor () -> Void = {}

    init(store: FeedStore, urlsPath: String, inbox: ReaderInbox) {
        self.store = store
        self.inbox = inbox
        self.urlsPath = urlsPath
        journal = MarkJournal(cachePath: store.path)
    }

    func run(_ effect: StoreEffect) {
        guard let job = job(for: effect) else { return }
        let reply = inbox.expect()
        queue(job.lane).async { reply.send(job.work()) }
        switch effect {
        case .writeMarks, .writeLeftOverMarks:
            // Queued behind the write just queued, under a feed server they are sent on after it.
            marksQueued()
        default:
            break
        }
    }

    /// Work on the cache, to run off the main thread on one of the runner's queues.
    struct Job {
        var lane: StoreRead.Lane
        var work: @Sendable () -> ReaderMessage?
    }

    private func queue(_ lane: StoreRead.Lane) -> DispatchQueue {
        switch lane {
        case .screen: screenReads
        case .key: keyReads
        case .afterWrites: writes
        }
    }

    /// What `effect` does to the cache and the message it answers with; nil when it is done at
    /// once (on the main thread, without the cache: the tidying kept for quitting). A test runs
    /// the job where it stands, to answer an `update` with what the runner would.
    func job(for effect: StoreEffect) -> Job? {
        let store = store, logger = logger
        switch effect {
        case .read(let read):
            return Job(lane: read.lane) { read.message(from: store) }
        case .checkGeneration:
            return Job(lane: .screen) { (try? store.generation()).map { .generation($0) } ?? .storeChanged }
        case .writeMarks(let marks):
            return writeMarks(marks)
        case .writeLeftOverMarks:
            return writeLeftOverMarks()
        case .syncSubscriptions(let subscriptions, let besideServer):
            return Job(lane: .afterWrites) {
                do {
                    try store.syncSubscriptions(subscriptions, keepingServerFeeds: besideServer)
                    return .storeChanged
                } catch {
                    logger.error("cannot bring the cache in line with the urls file: \(error)")
                    // The lists show what the cache holds; the next edit or start tries again.
                    return .syncFailed("The cache does not list the urls file's feeds yet: \(error)")
                }
            }
        case .applyKillfile(let killfile):
            // Reloads apply it from now on, through the store; the stored articles in the background.
            store.useKillfile(killfile)
            return Job(lane: .afterWrites) {
                do {
                    let (hidden, shown) = try store.applyKillfile(killfile)
                    if hidden + shown > 0 { logger.info("killfile: \(hidden) articles hidden, \(shown) shown again") }
                    return hidden + shown > 0 ? .storeChanged : nil
                } catch {
                    logger.error("cannot apply the killfile: \(error)")
                    return .status("The killfile is not applied to stored articles yet: \(error)")
                }
            }
        case .applyRetention(let maxItems, let keepDays, let keeping, let now):
            return Job(lane: .afterWrites) {
                do {
                    if maxItems > 0 { try store.applyRetention(defaultMaxItems: maxItems) }
                    try store.deleteArticles(olderThanDays: keepDays, keeping: keeping, now: now)
                    return .storeChanged
                } catch {
                    logger.error("cannot apply max-items or keep-articles-days: \(error)")
                    return nil
                }
            }
        case .deleteArticles(let deletion):
            return Job(lane: .afterWrites) {
                do {
                    return .articlesDeleted(try deletion.apply(to: store))
                } catch {
                    logger.error("cannot delete articles: \(error)")
                    return .status("Not deleted: \(error)")
                }
            }
        case .tidyOnQuit(let tidying):
            quitTidying = tidying
            return nil
        case .applyFeedOptions(let config, let now):
            return Job(lane: .afterWrites) {
                do {
                    try store.applyFeedOptions(config, at: now)
                } catch {
                    logger.error("cannot keep the feeds' own settings: \(error)")
                }
                return nil
            }
        case .recordSessionEnd(let now):
            return Job(lane: .afterWrites) {
                do {
                    try store.recordSessionEnd(at: now)
                } catch {
                    logger.error("cannot record the end of the session: \(error)")
                }
                return nil
            }
        case .markStoryCopies(let ids, let isRead):
            return Job(lane: .afterWrites) {
                do {
                    // After the marks themselves: what changes now is copies, and only then do the
                    // lists need reading again.
                    return try store.markStories(containing: ids, read: isRead).isEmpty ? nil : .storeChanged
                } catch {
                    logger.error("cannot mark the other copies of a story: \(error)")
                    return nil
                }
            }
        case .indexStoredBodies:
            return Job(lane: .afterWrites) {
                do {
                    let waiting = try store.indexStoredBodies()
                    // The reload's writes are over: the write-ahead log gives its space back.
                    if waiting == 0 { store.checkpoint() }
                    return .bodiesIndexed(waiting: waiting)
                } catch {
                    logger.error("cannot index the articles' text for search: \(error)")
                    return nil
                }
            }
        case .settleMarks(let number):
            // Behind the screens' reads asked for so far.
            return Job(lane: .screen) { .marksSettled(through: number) }
        case .editUrlsFile(let edit):
            let path = urlsPath
            return Job(lane: .afterWrites) { .urlsFileEdited(edit.apply(urlsPath: path, store: store)) }
        case .planSaveAll(let articles, let directory, let restrictsNames):
            return Job(lane: .key) {
                do {
                    return .saveAllPlanned(try SaveAll.plan(articles.rows(from: store), into: directory, restrictsNames: restrictsNames))
                } catch {
                    return .status("Nothing saved: \(error)")
                }
            }
        case .setReadingPlace(let place, let item, let now):
            return Job(lane: .afterWrites) {
                try? store.setReadingPlace(place, item: item, at: now)
                return nil
            }
        case .setListPlace(let feed, let item, let now):
            return Job(lane: .afterWrites) {
                try? store.setListPlace(feed: feed, item: item, at: now)
                return nil
            }
        case .forgetOldPlaces(let now):
            return Job(lane: .afterWrites) {
                try? store.forgetOldPlaces(now: now)
                return nil
            }
        case .saveAll(let plan, let rendering):
            // On the write queue, which quitting waits for: nothing is left half saved.
            return Job(lane: .afterWrites) { .savedAll(plan.write(from: store, rendering: rendering)) }
        }
    }

    /// Journals `marks` at once (one `write(2)`), then writes them to the cache.
    private func writeMarks(_ marks: [NumberedMark]) -> Job? {
        guard let last = marks.last?.number else { return nil }
        guard !store.isReadOnly else {
            // Kept for no later start either: this user cannot write the cache then either.
            let path = store.path
            return Job(lane: .afterWrites) { .status("Not saved: \(StoreError.readOnly(path: path))") }
        }
        journal.append(marks.map(\.mark))
        let store = store, journal = journal, logger = logger
        return Job(lane: .afterWrites) {
            switch Self.write(marks, to: store, logger: logger) {
            case .failure(let failure):
                return .status("Not written yet (kept for the next start): \(failure.description)")
            case .success(let changes):
                journal.written(marks.count)
                return .marksWritten(through: last, generation: (try? store.generation()) ?? 0, changes: changes)
            }
        }
    }

    /// Writes the marks a previous run left in the journal, before anything else is written.
    private func writeLeftOverMarks() -> Job? {
        let marks = journal.leftOver()
        guard !marks.isEmpty else { return nil }
        let store = store, journal = journal, logger = logger
        logger.info("writing \(marks.count) marks left unwritten by the last run")
        return Job(lane: .afterWrites) {
            switch Self.write(marks.map { NumberedMark(number: 0, mark: $0) }, to: store, logger: logger) {
            case .failure(let failure): return .status("Marks of the last session not written yet: \(failure.description)")
            case .success:
                journal.clearLeftOver()
                return .storeChanged
            }
        }
    }

    /// How many times a write of marks is tried; each try waits out the store's busy timeout
    /// (another process holding the writer), so together they outlast a long reload.
    nonisolated static let markWriteAttempts = 6

    /// Writes `marks`: the articles each mark of many made read, by its number; the reason of the
    /// last failure when every attempt failed.
    private nonisolated static func write(_ marks: [NumberedMark], to store: FeedStore, logger: Logger)
        -> Result<[Int: [ItemID: FeedID]], StoreFailure> {
        var lastFailure = StoreFailure(description: "not written")
        for attempt in 1...markWriteAttempts {
            do {
                var changes: [Int: [ItemID: FeedID]] = [:]
                for numbered in marks {
                    let changed = try numbered.mark.write(to: store)
                    if !changed.isEmpty { changes[numbered.number] = changed }
                }
                return .success(changes)
            } catch {
                lastFailure = StoreFailure(error)
                logger.warning("writing marks failed (attempt \(attempt)): \(error)")
            }
        }
        return .failure(lastFailure)
    }

    /// As the reader quits: what quitting tidies, after the writes queued before (the marks among
    /// them), as quitting newsboat does. Marks still unwritten are in the journal for the next start.
    func finish() {
        let store = store, logger = logger, tidying = quitTidying
        writes.sync {
            do {
                try tidying?.apply(to: store)
            } catch {
                logger.error("cannot tidy the cache on quitting: \(error)")
            }
            // The process ends without closing the cache, which would have emptied the log.
            store.checkpoint()
        }
    }
}
