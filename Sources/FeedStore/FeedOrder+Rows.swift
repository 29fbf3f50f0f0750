import FeedModel
import Foundation

/// The feed list's rows in a feed order.
extension FeedOrder {
    /// `rows`, given in urls-file order, in this order. By `firsttag` a feed without tags comes
    /// after every tagged one in both directions; by `lastupdated` a feed without items counts
    /// as the oldest, and by `latestunread` a feed without unread items.
    public func sorted(_ rows: [FeedListRow]) -> [FeedListRow] {
        switch field {
        case .none: return isDescending ? rows.reversed() : rows
        case .title: return stableSorted(rows) { $0.displayTitle.localizedCaseInsensitiveCompare($1.displayTitle) }
        case .firstTag:
            return stableSorted(rows) { first, second in
                switch (first.tags.first, second.tags.first) {
                case let (a?, b?): a.localizedCaseInsensitiveCompare(b)
                case (nil, nil): .orderedSame
                // Untagged feeds go last either way, so this comparison is undone by the direction.
                case (nil, _): isDescending ? .orderedAscending : .orderedDescending
                case (_, nil): isDescending ? .orderedDescending : .orderedAscending
                }
            }
        case .articleCount: return stableSorted(rows) { Self.compare($0.totalCount, $1.totalCount) }
        case .unreadArticleCount: return stableSorted(rows) { Self.compare($0.unreadCount, $1.unreadCount) }
        case .lastUpdated:
            return stableSorted(rows) { Self.compare($0.newestItemDate ?? .distantPast, $1.newestItemDate ?? .distantPast) }
        case .latestUnread:
            return stableSorted(rows) {
                Self.compare($0.newestUnreadItemDate ?? .distantPast, $1.newestUnreadItemDate ?? .distantPast)
            }
        }
    }

    /// Sorts by `ascending` (the ascending comparison), flipped when descending; equal rows keep
    /// their order.
    private func stableSorted(_ rows: [FeedListRow], by ascending: (FeedListRow, FeedListRow) -> ComparisonResult) -> [FeedListRow] {
        let wanted: ComparisonResult = isDescending ? .orderedDescending : .orderedAscending
        return rows.enumerated().sorted { first, second in
            let result = ascending(first.element, second.element)
            return result == .orderedSame ? first.offset < second.offset : result == wanted
        }.map(\.element)
    }

    private static func compare<Value: Comparable>(_ a: Value, _ b: Value) -> ComparisonResult {
        a < b ? .orderedAscending : a > b ? .orderedDescending : .orderedSame
    }
}
