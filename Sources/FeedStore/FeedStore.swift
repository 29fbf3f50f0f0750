import CSQLiteClose
import FeedModel
import FilterLanguage
import Foundation
import GRDB

#if canImport(Glibc)
import Glibc
#endif

/// The article cache: one SQLite file (WAL) holding feeds, items and their read state.
///
/// Open it once per process and share it: every method is synchronous, thread-safe and runs
/// its work in a single transaction. Reads never block on a writer (WAL); a second process
/// writing at the same time waits up to `busyTimeout` and then fails with `StoreError.busy`.
///
/// ```swift
/// let store = try FeedStore(path: cachePath)
/// try store.syncSubscriptions(urlsFile.subscriptions)
/// let newCount = try store.upsert(parsedFeed, forFeedURL: url)
/// let rows = try store.feedList()
/// ```
public final class FeedStore: Sendable {
    /// The cache file.
    public let path: String
    /// Whether the cache can be written, or only read (see `Access`).
    public let access: Access
    /// The flag letter that stands for the star in filters (`flags # "s"`) and flag edits:
    /// `s`, or a sync source's `*-flag-star` (see `ArticleFlags`).
    public let starFlag: Character
    /// The flag letter that stands for Tiny Tiny RSS's published state (`ttrss-flag-publish`),
    /// nil without one: setting or clearing it on a synced article queues a publish mark, and a
    /// sync that read the published state sets and clears it (see `FeedStore+Sync`).
    public let publishFlag: Character?
    let pool: DatabasePool
    /// The killfile applied to what upserts store (see `applyKillfile`).
    let killfileSlot = KillfileSlot()
    /// The feeds whose changed articles become unread again (see `resetUnreadOnUpdate`).
    let resetUnreadSlot = ResetUnreadSlot()
    /// The rules on arrival and near-duplicate stories (see `useRules`, `useNearDuplicates`).
    let arrivalSlot = ArrivalSlot()

    /// How long a write waits for another process's write before failing.
    public static let defaultBusyTimeout: TimeInterval = 10

    /// How a cache is opened.
    public enum Access: Sendable, Equatable {
        /// Created if missing, its schema brought up to date, written.
        case readWrite
        /// Only read: another user's cache, or one on a read-only mount. Every write throws
        /// `StoreError.readOnly`; an outdated schema cannot be upgraded and is refused.
        case readOnly
    }

    /// How this process can open the cache at `path`: `.readOnly` when the file, or the directory
    /// SQLite keeps its journal files in, cannot be written by this user (another user's cache, a
    /// read-only mount), else `.readWrite`. A file that is not there yet is `.readWrite`: it is
    /// made. `access(2)` answers for the real user and knows read-only mounts (`EROFS`), so root
    /// is read-only only where root cannot write either.
    public static func possibleAccess(toCacheAt path: String) -> Access {
        guard FileManager.default.fileExists(atPath: path) else { return .readWrite }
        let directory = (path as NSString).deletingLastPathComponent
        let isWritable = Glibc.access(path, W_OK) == 0 && Glibc.access(directory.isEmpty ? "." : directory, W_OK) == 0
        return isWritable ? .readWrite : .readOnly
    }

    /// True when the cache was opened for reading only.
    public var isReadOnly: Bool { access == .readOnly }

    /// Opens (creating if needed) the cache at `path` and brings its schema up to date.
    ///
    /// - Throws: `StoreError.unreadableFile` when the file exists but is not an SQLite database
    ///   or is corrupt (the file is never modified), `StoreError.newerSchema` when a newer
    ///   Tidings wrote it, `StoreError.busy` when another process keeps it locked.
    public init(
        path: String, busyTimeout: TimeInterval = FeedStore.defaultBusyTimeout, access: Access = .readWrite,
        starFlag: Character = ArticleFlags.defaultStar, publishFlag: Character? = nil
    ) throws {
        self.path = path
        self.access = access
        self.starFlag = starFlag
        self.publishFlag = publishFlag
        try Self.refuseForeignFile(at: path)
        if access == .readOnly, !FileManager.default.fileExists(atPath: path) {
            throw StoreError.unreadableFile(path: path, reason: "there is no such file")
        }
        // On a read-only mount SQLite fails to open the file at all (it cannot make the `-shm`
        // file), which would read as a missing directory (issue 45 §14).
        if access == .readWrite, Self.possibleAccess(toCacheAt: path) == .readOnly {
            throw StoreError.readOnly(path: path)
        }

        var configuration = Configuration()
        configuration.readonly = access == .readOnly
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "FeedStore"
        configuration.prepareDatabase { db in
            // Only a new, empty file takes it (before WAL is set up; later it is ignored). Item
            // rows of 2–3 KB (an article's HTML) sat one per 4 KiB page, which left the cache
            // half empty: 16 KiB pages hold seven of them.
            try db.execute(sql: "PRAGMA page_size = 16384")
            // SQLite's default cache is 2 MB: a reload's inserts then re-read the pages of the
            // item indexes and the full-text index from the file for every feed. 16 MB at most,
            // per connection, and only as pages are used.
            try db.execute(sql: "PRAGMA cache_size = -16384")
            // NORMAL is safe in WAL mode: a killed process loses nothing committed; only a power
            // cut may lose the last transactions, never the file.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Statement journals (every item insert runs its triggers under one) otherwise
            // spill to files in /var/tmp after 64 KiB: 1.3 million writes for 100 000 items.
            try db.execute(sql: "PRAGMA temp_store = MEMORY")
            // SQLite never shrinks the write-ahead log by itself (see `FeedStore+WriteAheadLog`).
            try db.execute(sql: "PRAGMA journal_size_limit = \(FeedStore.logSizeLimit)")
            // Closing the cache leaves its log as it is, as ending the process does: the last
            // connection to close would otherwise checkpoint and delete it, and GRDB opens a cache
            // without a log by writing a transaction into a new one, so every `tidings unread`
            // wrote to the cache, and the reader after it (issue 46). SQLite copies the log into
            // the cache every 1,000 pages; `checkpoint()` empties it once longer than 1 MiB, after
            // reloads, as the reader quits and as a `FeedStore` goes (its `deinit`).
            tidings_keep_log_on_close(db.sqliteConnection)
            // The full-text index's triggers compute item bodies (see `SearchBody`).
            db.add(function: SearchBody.function)
            db.add(function: SearchBody.functionWithFullArticle)
            // Filter expressions match regular expressions through it (see `FilterExpression+SQL`).
            db.add(function: FilterRegex.sqlFunction())
            // A filter's `flags` (see `ArticleFlags`).
            db.add(function: ArticleFlags.sqlFunction)
            db.add(function: ArticleFlags.settingFunction)
            // `article-sort-order random` (see `ItemOrder`).
            db.add(function: ItemOrder.shuffleFunction)
        }
        do {
            guard access == .readWrite else {
                pool = try Self.openReadOnly(path, configuration: configuration)
                // Nothing can be upgraded or rebuilt: a cache this build cannot read as it is is refused.
                try pool.read { db in
                    if try StoreSchema.migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
                    guard try StoreSchema.migrator.hasCompletedMigrations(db) else {
                        throw StoreError.unreadableFile(path: path, reason: "an older Tidings wrote it, and it is read-only here, so it cannot be upgraded")
                    }
                }
                return
            }
            try Self.inspectExistingFile(at: path, busyTimeout: busyTimeout)
            let hadLog = Self.fileSize(path + "-wal") > 0
            pool = try DatabasePool(path: path, configuration: configuration)
            if !hadLog { Self.copyOpeningTransaction(pool) }
            try Self.migrate(pool, path: path)
            try Self.rebuildOutdatedSearchIndex(pool)
        } catch let error as StoreError {
            throw error
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// Opens the cache for reading only. SQLite reads a WAL database through its `-shm` file,
    /// which it must create when the last writer removed it: in a directory this user cannot
    /// write (another user's, a read-only mount) that fails (`SQLITE_CANTOPEN`, or
    /// `SQLITE_READONLY_CANTINIT`), and the file is opened `immutable` instead. On a read-only
    /// mount nobody can be writing it; another user's cache may be written meanwhile by its owner,
    /// whose reader or reload keeps the `-shm` file there, so the first attempt succeeds then.
    private static func openReadOnly(_ path: String, configuration: Configuration) throws -> DatabasePool {
        do {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.read { db in _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            return pool
        } catch let error as DatabaseError where [.SQLITE_CANTOPEN, .SQLITE_READONLY].contains(error.resultCode) {
            var allowed = CharacterSet.urlPathAllowed
            allowed.remove(charactersIn: "?#%")
            let absolute = URL(fileURLWithPath: path).path
            let location = "file:" + (absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute) + "?immutable=1"
            return try DatabasePool(path: location, configuration: configuration)
        }
    }

    /// The first bytes of every SQLite 3 database file.
    private static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Refuses, before SQLite touches it, a non-empty file that is not an SQLite database, so
    /// that a mistyped path to someone's document is never turned into a cache.
    private static func refuseForeignFile(at path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        if isDirectory.boolValue {
            throw StoreError.unreadableFile(path: path, reason: "it is a directory")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw StoreError.unreadableFile(path: path, reason: "permission denied")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: sqliteHeader.count)) ?? Data()
        if !header.isEmpty && Array(header) != sqliteHeader {
            throw StoreError.unreadableFile(path: path, reason: "not an SQLite database")
        }
    }

    /// Refuses, through a read-only connection (opening the pool would switch the file to WAL),
    /// another program's SQLite database and a cache written by a newer Tidings.
    private static func inspectExistingFile(at path: String, busyTimeout: TimeInterval) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = attributes?[.size] as? Int, size > 0 else { return }
        var configuration = Configuration()
        configuration.readonly = true
        // Waits as every other connection does: the last connection of another process
        // checkpoints as it closes, and keeps readers out meanwhile.
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        try queue.read { db in
            let hasTables = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")! > 0
            guard try db.tableExists("grdb_migrations") else {
                if hasTables {
                    throw StoreError.unreadableFile(path: path, reason: "an SQLite database that is not a Tidings cache")
                }
                return
            }
            if try StoreSchema.migrator.hasBeenSuperseded(db) { throw StoreError.newerSchema(path: path) }
        }
    }

    /// Closing the cache leaves its log to the next process (see `tidings_keep_log_on_close`), which
    /// reads all of it as it opens: a long one is copied into the cache and emptied first.
    deinit {
        checkpoint()
    }

    /// GRDB opens a cache whose write-ahead log is empty or missing by writing a transaction into
    /// the log (it creates and drops a table). Its pages are copied into the cache file at once,
    /// while the disk has room for them (the file may grow by a page): a short log is left as it
    /// is afterwards (see `checkpoint()`), and on a full disk a log whose pages needed the file to
    /// grow could not give its space back. Copied, not emptied, so that the next opening writes
    /// nothing.
    private static func copyOpeningTransaction(_ pool: DatabasePool) {
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }

    private static func migrate(_ pool: DatabasePool, path: String) throws {
        let migrator = StoreSchema.migrator
        // Opening an up-to-date cache takes no write lock, so the reader opens instantly even
        // while a cron `reload` is writing.
        if try pool.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
        try migrator.migrate(pool)
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA user_version = \(migrator.migrations.count)")
        }
    }

    /// Rebuilds the full-text index when it was built from another `SearchBody` than this
    /// build's (or before the fingerprint was kept): its triggers could not remove items from it
    /// otherwise. Takes no write lock when the index is up to date.
    private static func rebuildOutdatedSearchIndex(_ pool: DatabasePool) throws {
        let fingerprint = SearchBody.fingerprint
        let read = { (db: Database) in try String.fetchOne(db, sql: "SELECT searchFingerprint FROM storeState WHERE id = 1") }
        if try pool.read(read) == fingerprint { return }
        try pool.write { db in
            // Another process may have rebuilt it meanwhile.
            if try read(db) == fingerprint { return }
            try StoreSchema.rebuildSearchIndex(db)
            try db.execute(
                sql: "UPDATE storeState SET searchFingerprint = ?, generation = generation + 1 WHERE id = 1",
                arguments: [fingerprint])
        }
    }

    static func storeError(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .database(path: path, reason: "\(error)")
        }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .unreadableFile(path: path, reason: "not an SQLite database")
        case .SQLITE_CORRUPT:
            return .unreadableFile(path: path, reason: "the database is corrupt")
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path)
        case .SQLITE_READONLY:
            return .readOnly(path: path)
        case .SQLITE_CANTOPEN:
            return .unreadableFile(path: path, reason: "cannot be opened (missing directory or permission)")
        default:
            return .database(path: path, reason: error.message ?? "\(error.resultCode)")
        }
    }

    /// Runs `body` in a write transaction that also advances `generation`.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        guard access == .readWrite else { throw StoreError.readOnly(path: path) }
        do {
            return try pool.write { db in
                let result = try body(db)
                try db.cachedStatement(sql: "UPDATE storeState SET generation = generation + 1 WHERE id = 1").execute()
                return result
            }
        } catch {
            throw failure(ofWrite: error)
        }
    }

    /// Runs `body` on a consistent snapshot.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        do {
            return try pool.read(body)
        } catch {
            throw Self.storeError(error, path: path)
        }
    }

    /// A number that increases with every write to the cache, by this process or any other.
    ///
    /// A view remembers the generation it was built from and re-queries when it has changed.
    /// Reading it is one indexed row.
    public func generation() throws -> Int64 {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT generation FROM storeState WHERE id = 1") ?? 0
        }
    }

    /// Rebuilds the file to reclaim the space of dropped items (SQLite `VACUUM`).
    public func vacuum() throws {
        do {
            try pool.writeWithoutTransaction { db in
                // VACUUM copies the whole cache into a temporary database first: in memory, as
                // every other statement's temporary tables are (`temp_store`), that copy took as
                // much memory as the cache is big (1.4 GB for a million articles, issue 46).
                try db.execute(sql: "PRAGMA temp_store = FILE")
                defer { try? db.execute(sql: "PRAGMA temp_store = MEMORY") }
                try db.execute(sql: "VACUUM")
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            }
        } catch {
            throw failure(ofWrite: error)
        }
    }

    /// Rebuilds the full-text index from the items (after a bulk import, or if it was damaged).
    public func rebuildSearchIndex() throws {
        try write { db in
            try StoreSchema.rebuildSearchIndex(db)
        }
    }

    /// Checks the whole file with SQLite's `integrity_check`; returns the problems found.
    public func integrityProblems() throws -> [String] {
        let rows = try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        return rows == ["ok"] ? [] : rows
    }
}
