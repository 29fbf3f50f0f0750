import Foundation
import GRDB

#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif

/// The cache's write-ahead log (`cache.db-wal`), kept small (issue 45 §3).
///
/// SQLite appends every commit to the log and copies it into the cache file at a checkpoint, but
/// never shrinks the log file by itself: a reload of hundreds of feeds left a 16.5 MB log beside
/// an 835 KB cache, and a reload that failed on a full disk left its log filling the disk. Three
/// things keep it small: `checkpoint()` after each reload (the reader's and `tidings reload`), when
/// the reader quits and when a store is closed, which empties a log longer than `logSizeLimit`;
/// `journal_size_limit` (`logSizeLimit`), which truncates the log each time SQLite starts it over;
/// and, when a write fails for lack of space, a checkpoint that gives the log's space back at once
/// (`StoreError.diskFull`). A shorter log is left as it is: emptying it made the next opening
/// write (issue 46, see `checkpoint()`).
extension FeedStore {
    /// The write-ahead log's path.
    public var logPath: String { path + "-wal" }

    /// The size SQLite truncates the log to when it starts it over after a checkpoint
    /// (`PRAGMA journal_size_limit`).
    static let logSizeLimit = 1 << 20

    /// How long a checkpoint waits for another process's writer or readers before it gives up:
    /// short, so that a `tidings reload` holding the cache never keeps the reader's writes (or its
    /// quitting) waiting the whole busy timeout for a checkpoint; the next one catches up.
    static let checkpointWait: TimeInterval = 0.5

    /// Copies the write-ahead log into the cache file and truncates it to nothing (SQLite's
    /// `wal_checkpoint(TRUNCATE)`) once it has grown past `logSizeLimit`; a shorter log is left as
    /// it is, as SQLite itself leaves one (it starts the log over, truncated to that size, at a
    /// later write). An emptied log is not free: GRDB opens a cache whose log is empty by writing
    /// a transaction into it (it creates and drops a table), and a log only copied is copied
    /// again by the next process (SQLite rebuilds its index of the log from the file, as not yet
    /// copied), so either way every start and quit of the reader wrote (issue 46).
    ///
    /// Returns whether the log is now within `logSizeLimit`: another process writing, or reading
    /// from an older snapshot, for longer than `checkpointWait` keeps a longer log in use, and a
    /// cache opened read-only has no log of its own to give back. Never throws: the log is only space.
    @discardableResult
    public func checkpoint() -> Bool {
        guard access == .readWrite else { return false }
        guard Self.fileSize(logPath) > Self.logSizeLimit else { return true }
        return emptyLog()
    }

    /// `wal_checkpoint(TRUNCATE)`, waiting `checkpointWait` at most; whether it was done.
    private func emptyLog() -> Bool {
        guard access == .readWrite else { return false }
        do {
            return try pool.writeWithoutTransaction { db in
                sqlite3_busy_timeout(db.sqliteConnection, CInt(Self.checkpointWait * 1000))
                defer {
                    if case .timeout(let wait) = db.configuration.busyMode { sqlite3_busy_timeout(db.sqliteConnection, CInt(wait * 1000)) }
                }
                _ = try db.checkpoint(.truncate)
                return true
            }
        } catch {
            return false
        }
    }

    /// The error a failed write throws. When the disk is full, the log is checkpointed first:
    /// the failed transaction's pages, written to the log before the disk filled, are given back,
    /// and the next write (or the next reload) may fit.
    func failure(ofWrite error: any Error) -> StoreError {
        guard let databaseError = error as? DatabaseError, databaseError.resultCode == .SQLITE_FULL else {
            return Self.storeError(error, path: path)
        }
        let before = Self.fileSize(logPath)
        // Emptied whatever its size: every byte counts on a full disk.
        let truncated = emptyLog()
        return .diskFull(path: path, freedLogBytes: truncated ? max(0, before - Self.fileSize(logPath)) : 0)
    }

    /// The size of the file at `path` in bytes; 0 when there is none.
    public static func fileSize(_ path: String) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
