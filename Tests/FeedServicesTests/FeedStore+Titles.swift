import FeedStore
import Testing

/// The sync tests find feeds and articles by the titles their sample feeds give them.
extension FeedStore {
    func feed(titled title: String) throws -> FeedListRow {
        try #require(try feedList().first { $0.displayTitle == title }, "no feed \(title)")
    }

    func item(titled title: String) throws -> ItemRow {
        let rows = try feedList().flatMap { try items(inFeed: $0.id) }
        return try #require(rows.first { $0.title == title }, "no article \(title)")
    }
}
