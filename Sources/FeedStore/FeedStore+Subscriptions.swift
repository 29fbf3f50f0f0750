import FeedModel
import Foundation
import GRDB

extension FeedStore {
    /// Makes the cache's feed list match the urls file, in one transaction.
    ///
    /// New URLs become feeds; listed feeds get the file's tags, custom title, hidden flag and
    /// position (their order in `subscriptions`). Feeds no longer listed are marked
    /// unsubscribed, not deleted: they vanish from lists and counts, and come back with their
    /// items and read state if the URL is listed again. A URL listed twice keeps its first line.
    ///
    /// - Parameter keepingServerFeeds: beside a feed server (`sync-local-feeds`): the feeds the
    ///   server lists stay as the last sync left them, and a URL the server lists is its feed.
    ///
    /// When the cache already lists exactly these feeds so, nothing is written (that is found in a
    /// read): the reader and `tidings unread` call this at every start, and opening an unchanged
    /// cache writes nothing (issue 46).
    public func syncSubscriptions(_ subscriptions: [Subscription], keepingServerFeeds: Bool = false) throws {
        if try read({ db in try Self.isInLine(db, with: subscriptions, keepingServerFeeds: keepingServerFeeds) }) { return }
        try write { db in
            try db.execute(sql: keepingServerFeeds
                ? "UPDATE feed SET isSubscribed = 0 WHERE isSubscribed = 1 AND serverId IS NULL"
                : "UPDATE feed SET isSubscribed = 0 WHERE isSubscribed = 1")
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO feed (url, tags, customTitle, isHidden, position, isSubscribed)
                VALUES (?, ?, ?, ?, ?, 1)
                ON CONFLICT (url) DO UPDATE SET
                    tags = excluded.tags, customTitle = excluded.customTitle,
                    isHidden = excluded.isHidden, position = excluded.position, isSubscribed = 1,
                    serverId = \(keepingServerFeeds ? "NULL" : "serverId")
                WHERE isSubscribed = 0
                """)
            for (position, subscription) in subscriptions.enumerated() {
                let customTitle = subscription.customTitle.flatMap { $0.isEmpty ? nil : $0 }
                try upsert.execute(arguments: [
                    subscription.url, Self.encodeJSON(subscription.tags), customTitle,
                    subscription.isHidden, position,
                ])
            }
        }
    }

    /// True when `syncSubscriptions` would leave the feeds as they are: each listed URL (its first
    /// line) is a subscribed feed with that line's tags, title, hidden flag and position, and no
    /// other feed is subscribed. Beside a feed server, a subscribed feed the server lists stays as
    /// it is whatever the urls file says of it, and is left out of the comparison.
    private static func isInLine(_ db: Database, with subscriptions: [Subscription], keepingServerFeeds: Bool) throws -> Bool {
        struct Line: Equatable {
            var tags: String, customTitle: String?, isHidden: Bool, position: Int
        }
        var listed: [String: Line] = [:]
        for (position, subscription) in subscriptions.enumerated() where listed[subscription.url] == nil {
            listed[subscription.url] = Line(
                tags: encodeJSON(subscription.tags), customTitle: subscription.customTitle.flatMap { $0.isEmpty ? nil : $0 },
                isHidden: subscription.isHidden, position: position)
        }
        let rows = try Row.fetchAll(db, sql: """
            SELECT url, tags, customTitle, isHidden, position, serverId IS NOT NULL AS isServerFeed FROM feed WHERE isSubscribed = 1
            """)
        var matched = 0
        for row in rows {
            let url: String = row["url"]
            if keepingServerFeeds && row["isServerFeed"] {
                if listed[url] != nil { matched += 1 }
                continue
            }
            let line = Line(tags: row["tags"], customTitle: row["customTitle"], isHidden: row["isHidden"], position: row["position"])
            guard listed[url] == line else { return false }
            matched += 1
        }
        return matched == listed.count
    }

    /// The subscribed feeds (hidden ones included: they are fetched but not listed), in urls-file
    /// order, with what the fetch pipeline needs to fetch each.
    ///
    /// - Parameter localOnly: only the urls file's feeds, not those a feed server lists (which
    ///   the sync brings).
    public func feedsToFetch(localOnly: Bool = false) throws -> [FeedFetchTarget] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, url, fetchURL, etag, lastModified, lastSuccessAt, failureCount FROM feed
                WHERE isSubscribed = 1 \(localOnly ? "AND serverId IS NULL" : "") ORDER BY position, id
                """
            ).map { row in
                let url: String = row["url"]
                return FeedFetchTarget(
                    id: row["id"], url: url, fetchURL: row["fetchURL"] ?? url,
                    validators: CacheValidators(etag: row["etag"], lastModified: row["lastModified"]),
                    lastSuccessAt: StoredDate.date(row["lastSuccessAt"]),
                    failureCount: row["failureCount"])
            }
        }
    }

    /// The HTTP validators stored for a feed (empty for a feed never fetched or not cached).
    public func validators(forFeedURL url: String) throws -> CacheValidators {
        try read { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT etag, lastModified FROM feed WHERE url = ?", arguments: [url])
            else { return CacheValidators() }
            return CacheValidators(etag: row["etag"], lastModified: row["lastModified"])
        }
    }

    /// Sets a feed's retention limit (nil: keep everything); applied at its next upsert and by
    /// `applyRetention`.
    public func setMaxItems(_ maxItems: Int?, forFeedURL url: String) throws {
        try write { db in
            try db.execute(
                sql: "UPDATE feed SET maxItems = ? WHERE url = ?",
                arguments: [maxItems.map { max(0, $0) }, url])
            try Self.requireFeedChanged(db, url: url)
        }
    }

    static func requireFeedChanged(_ db: Database, url: String) throws {
        if db.changesCount == 0 { throw StoreError.unknownFeed(url: url) }
    }

    /// A JSON array as the cache stores it (categories, enclosures, tags, server ids). Most items
    /// have no categories or enclosures: an empty array costs no encoder.
    static func encodeJSON<Element: Encodable>(_ values: [Element]) -> String {
        guard !values.isEmpty, let data = try? jsonEncoder.encode(values) else { return "[]" }
        return String(decoding: data, as: UTF8.self)
    }

    /// Sorted keys keep the stored text of equal values equal.
    private static let jsonEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func decodeJSON<T: Decodable>(_ type: T.Type, from text: String?, default fallback: T) -> T {
        guard let text, let value = try? JSONDecoder().decode(type, from: Data(text.utf8)) else {
            return fallback
        }
        return value
    }
}
