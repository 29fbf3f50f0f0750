import FeedStore

/// The sync tests find feeds and articles by the titles their sample feeds give them.
extension FeedStore {
    public func feed(titled title: String) throws -> FeedListRow {
        guard let feed = try feedList().first(where: { $0.displayTitle == title }) else {
            throw FeverTestServer.SetupFailure(message: "no feed \(title)")
        }
        return feed
    }

    public func item(titled title: String) throws -> ItemRow {
        let rows = try feedList().flatMap { try items(inFeed: $0.id) }
        guard let item = rows.first(where: { $0.title == title }) else { throw FeverTestServer.SetupFailure(message: "no article \(title)") }
        return item
    }
}
