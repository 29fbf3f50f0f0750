import Foundation
import GRDB

/// The feeds a query's filters let through, and how many of their items could match: what the
/// store needs to pick the cheaper way to list a query of filters only.
///
/// Two ways list items newest first: walking the `searchRank` index from the newest item and
/// skipping what the filters reject (cost: about `pageSize × items ÷ candidates` rows), or
/// reading every candidate and sorting them (cost: `candidates` rows). The walk wins when the
/// filters let many items through (`feed:` of a feed holding half the cache: 2 ms instead of
/// 200), the sort when they let few through (`unread:yes` with 30 unread among 100 000).
struct SearchScope {
    /// The feeds allowed, or nil for every subscribed, shown feed.
    var feedIDs: [FeedID]?
    /// Items of the allowed feeds that pass the read-state filter.
    var candidateCount: Int
    /// Items of every subscribed, shown feed.
    var itemCount: Int

    /// Whether walking the rank index costs less than sorting the candidates, for a page of
    /// `pageSize` rows.
    func prefersRankWalk(pageSize: Int) -> Bool {
        guard candidateCount > 0 else { return false }
        return Double(max(1, pageSize)) * Double(itemCount) / Double(candidateCount) < Double(candidateCount)
    }

    /// The scope of `query`; `unread` is the read-state filter in force (nil: any).
    ///
    /// Names are compared in Swift rather than SQL: SQLite's `LIKE` and `lower()` fold ASCII
    /// only, and a title such as "Überblick" must match `feed:überblick` and `feed:uberblick`.
    static func read(_ db: Database, for query: SearchQuery, unread: Bool?) throws -> SearchScope {
        let feeds = try Row.fetchAll(
            db,
            sql: """
                SELECT id, url, \(FeedStore.displayTitleSQL("feed")) AS displayTitle, tags, unreadCount, totalCount
                FROM feed WHERE isSubscribed = 1 AND isHidden = 0
                """)
        let filters = !query.feedNames.isEmpty || !query.tags.isEmpty
        let folding: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        var scope = SearchScope(feedIDs: filters ? [] : nil, candidateCount: 0, itemCount: 0)
        for feed in feeds {
            let total: Int = feed["totalCount"]
            let unreadCount: Int = feed["unreadCount"]
            scope.itemCount += total
            if filters {
                let title: String = feed["displayTitle"]
                let url: String = feed["url"]
                let namesMatch = query.feedNames.isEmpty || query.feedNames.contains { name in
                    title.range(of: name, options: folding) != nil || url.range(of: name, options: folding) != nil
                }
                guard namesMatch else { continue }
                if !query.tags.isEmpty {
                    let tags = FeedStore.decodeJSON([String].self, from: feed["tags"], default: [])
                    let tagsMatch = query.tags.allSatisfy { wanted in
                        tags.contains { $0.compare(wanted, options: .caseInsensitive) == .orderedSame }
                    }
                    guard tagsMatch else { continue }
                }
                scope.feedIDs?.append(feed["id"])
            }
            switch unread {
            case true?: scope.candidateCount += unreadCount
            case false?: scope.candidateCount += total - unreadCount
            case nil: scope.candidateCount += total
            }
        }
        return scope
    }
}
