import FeedModel
import Foundation

/// Why the cache could not do what was asked. Every case reads as one line naming the file or feed.
public enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file at the cache path is not an SQLite database, or SQLite reports it corrupt.
    /// The file is left exactly as it was.
    case unreadableFile(path: String, reason: String)
    /// The cache was written by a newer Tidings whose schema this build does not know.
    case newerSchema(path: String)
    /// The database is locked by another process for longer than the busy timeout.
    case busy(path: String)
    /// A write to a cache opened for reading only (`FeedStore.Access.readOnly`), or that SQLite
    /// found it cannot write.
    case readOnly(path: String)
    /// A write failed because the disk holding the cache is full. The cache keeps what it held;
    /// the write-ahead log was checkpointed to give its space back (`freedLogBytes`, 0 when it
    /// could not be).
    case diskFull(path: String, freedLogBytes: Int64)
    /// A write named a feed URL that is not in the cache (sync the subscriptions first).
    case unknownFeed(url: String)
    /// A feed's URL cannot become `url`: the cache has a feed at that address already.
    case urlTaken(url: String)
    /// A full-text query that SQLite's FTS5 rejected (only raw `MATCH` queries can cause this).
    case invalidSearchQuery(query: String, reason: String)
    /// Any other SQLite failure.
    case database(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadableFile(path, reason):
            return "cannot open the cache \(path): \(reason) (the file was left untouched)"
        case let .newerSchema(path):
            return "cannot open the cache \(path): it was written by a newer version of Tidings"
        case let .busy(path):
            return "the cache \(path) is busy: another Tidings process holds it too long"
        case let .readOnly(path):
            return "the cache \(path) is read-only here (another user's, or a read-only mount): nothing can be saved"
        case let .diskFull(path, freed):
            let given = freed > 0 ? "; its write-ahead log gave back \(ByteCountFormatter.string(fromByteCount: freed, countStyle: .file))" : ""
            return "the disk holding the cache \(path) is full: nothing more is saved until there is room (what was saved is kept\(given))"
        case let .unknownFeed(url):
            return "no feed \(url) in the cache"
        case let .urlTaken(url):
            return "the cache already has a feed at \(CredentialRedaction.redact(url))"
        case let .invalidSearchQuery(query, reason):
            return "invalid search \(query): \(reason)"
        case let .database(path, reason):
            return "cache \(path): \(reason)"
        }
    }
}
