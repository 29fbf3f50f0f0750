import FeedModel
import FeedStore

/// `n`, `p`, `random-unread`: the unread article to go to, rendered, and its feed; the marks
/// not yet written are laid over the store's rows, so that an article just read is not found
/// unread again.
struct UnreadJumpQuery: StoreQuery {
    enum Kind: Equatable, Sendable {
        /// The next (or previous) unread article of any feed after `from`.
        case acrossFeeds(from: ItemID?)
        /// An unread article chosen at random.
        case random
        /// Looked for first in a list of several feeds (see `UnreadListScan`); across the feeds
        /// after it only when `acrossFeeds` (`goto-next-feed`).
        case inList(UnreadListScan, acrossFeeds: Bool)
    }

    var kind: Kind
    var forward: Bool
    var rendering: ArticleRendering
    var marks: PendingMarks

    func answer(from store: FeedStore) throws -> UnreadJump? {
        switch kind {
        case .acrossFeeds(let from):
            return try jump(to: nextUnread(after: from, in: store), in: store)
        case .random:
            return try jump(to: store.randomUnread(), in: store)
        case .inList(let scan, let acrossFeeds):
            if let row = try scan.unreadRow(forward: forward, in: store, marks: marks) {
                return try jump(to: row, in: store, isInList: true)
            }
            guard acrossFeeds else { return nil }
            return try jump(to: nextUnread(after: nil, in: store), in: store)
        }
    }

    private func nextUnread(after id: ItemID?, in store: FeedStore) throws -> ItemRow? {
        func adjacent(to id: ItemID?) throws -> ItemRow? {
            forward ? try store.nextUnread(after: id) : try store.previousUnread(before: id)
        }
        var found = try adjacent(to: id)
        while let row = found, marks.apply(to: row).isRead { found = try adjacent(to: row.id) }
        return found
    }

    private func jump(to row: ItemRow?, in store: FeedStore, isInList: Bool = false) throws -> UnreadJump? {
        guard let row else { return nil }
        let article = try LoadedArticle.load(row.id, from: store, rendering)
        return UnreadJump(row: row, feed: try store.feed(row.feedID), article: article, isInList: isInList)
    }

    static func message(_ result: StoreResult<UnreadJump?>, route: Bool) -> ReaderMessage {
        .unreadJumpRead(forward: route, result)
    }
}

/// What `n`/`p` found: the unread article, its feed's row, and the article itself.
struct UnreadJump: Sendable {
    var row: ItemRow
    var feed: FeedListRow?
    var article: LoadedArticle?
    /// Found in the list of several feeds it was looked for in first: it opens over that list.
    var isInList = false
}
