import FeedModel
import Foundation
import GRDB

/// Polite fetching: how each feed's fetches go (`feedHealth`), which feeds a reload fetches
/// (`feedsToFetch(_:at:)`), the settings of the config that hold for one feed
/// (`applyFeedPolicies`), and adopting a feed's new address (`adoptMove`). See `FeedHealth` for
/// the rules.
extension FeedStore {
    /// Every subscribed feed (hidden ones included: they are fetched too), in urls-file order,
    /// with what its fetches have been and when it may be fetched again.
    ///
    /// - Parameter localOnly: only the urls file's feeds, not those a feed server lists.
    public func feedHealth(localOnly: Bool = false) throws -> [FeedHealth] {
        try read { db in
            let hostWaits = try Dictionary(
                Row.fetchAll(db, sql: "SELECT host, until FROM hostWait").map { ($0["host"] as String, $0["until"] as Double) },
                uniquingKeysWith: max)
            return try Row.fetchAll(db, sql: """
                SELECT \(Self.feedRowColumns), fetchURL, updateInterval, freshUntil, waitUntil, reloadInterval FROM feed
                WHERE isSubscribed = 1 \(localOnly ? "AND serverId IS NULL" : "") ORDER BY position, id
                """
            ).map { row in
                let feed = Self.feedListRow(row)
                let fetchURL: String? = row["fetchURL"]
                return FeedHealth(
                    feed: feed, movedTo: fetchURL, updateInterval: row["updateInterval"], freshUntil: StoredDate.date(row["freshUntil"]),
                    serverWaitUntil: StoredDate.date(row["waitUntil"]),
                    hostWaitUntil: StoredDate.date(FeedHost.of(fetchURL ?? feed.url).flatMap { hostWaits[$0] }),
                    reloadInterval: row["reloadInterval"])
            }
        }
    }

    /// The feeds a reload of `kind` run at `now` fetches (see `FeedHealth.isDue`), in urls-file
    /// order, as `feedsToFetch(localOnly:)` lists them.
    public func feedsToFetch(localOnly: Bool = false, _ kind: ReloadKind, at now: Date) throws -> [FeedFetchTarget] {
        let due = Set(try feedHealth(localOnly: localOnly).filter { $0.isDue(kind, at: now) }.map(\.id))
        return try feedsToFetch(localOnly: localOnly).filter { due.contains($0.id) }
    }

    /// Keeps with each feed the settings of the config that the store applies itself (see
    /// `FeedPolicy`), by feed URL; a feed not named gets `fallback`. One transaction.
    public func applyFeedPolicies(_ policies: [String: FeedPolicy], fallback: FeedPolicy) throws {
        try write { db in
            let update = try db.cachedStatement(sql: """
                UPDATE feed SET reloadInterval = ?, maxItems = ?, markReadOnArrival = ? WHERE id = ?
                """)
            for row in try Row.fetchAll(db, sql: "SELECT id, url FROM feed WHERE isSubscribed = 1") {
                let policy = policies[row["url"] as String] ?? fallback
                try update.execute(arguments: [policy.reloadInterval, policy.maxItems, policy.markReadOnArrival, row["id"] as Int64])
            }
        }
    }

    /// Makes the address a feed moved to (`FeedHealth.movedTo`) its URL, the feed keeping its
    /// articles, read state and history: what the urls file says once `tidings feeds
    /// --adopt-moved` has rewritten its line. Returns the new URL; nil when the feed has not
    /// moved.
    ///
    /// - Throws: `StoreError.unknownFeed` when there is no feed `url`, `StoreError.urlTaken`
    ///   when the cache already has a feed at the new address.
    @discardableResult
    public func adoptMove(ofFeedURL url: String) throws -> String? {
        try write { db in
            let feedID = try Self.feedID(db, url: url)
            guard let target = try String.fetchOne(db, sql: "SELECT fetchURL FROM feed WHERE id = ?", arguments: [feedID]) else {
                return nil
            }
            if try Bool.fetchOne(db, sql: "SELECT 1 FROM feed WHERE url = ?", arguments: [target]) == true {
                throw StoreError.urlTaken(url: target)
            }
            try db.execute(sql: "UPDATE feed SET url = ?, fetchURL = NULL WHERE id = ?", arguments: [target, feedID])
            return target
        }
    }

    /// Undoes `adoptMove` (the urls file could not be written): the feed's URL is `url` again,
    /// fetched from where it moved.
    public func revertMove(from target: String, to url: String) throws {
        try write { db in
            try db.execute(sql: "UPDATE feed SET url = ?, fetchURL = ? WHERE url = ?", arguments: [url, target, target])
            try Self.requireFeedChanged(db, url: target)
        }
    }

    /// A time `seconds` after `now`, at most `FeedHealth.longestWait` after it; nil for no wait.
    static func waitEnd(after now: Date, seconds: Double?) -> Double? {
        guard let seconds, seconds > 0, seconds.isFinite else { return nil }
        return now.timeIntervalSince1970 + min(seconds, FeedHealth.longestWait)
    }
}
