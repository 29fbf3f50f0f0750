import FeedStore

/// newsboat's deleting actions, as an effect's value: `delete-article`, `delete-all-articles`,
/// `purge-deleted` (see `FeedStore+Lifecycle`), and their undo.
enum ArticleDeletion: Hashable, Sendable {
    case article(ItemID)
    case allArticles(FeedID)
    case purge
    /// The articles deleted by the user listed again (an undo), unless purged since.
    case restore([ItemID])

    /// What a deletion did, for the status line.
    struct Outcome: Hashable, Sendable {
        var deletion: ArticleDeletion
        var count: Int
        /// The articles deleted (an undo restores them).
        var deleted: [ItemID] = []

        var statusText: String {
            let articles = count == 1 ? "1 article" : "\(count) articles"
            switch deletion {
            case .article: return count == 0 ? "This article is no longer in the cache" : "Article deleted (purge-deleted drops its text)"
            case .allArticles: return "Deleted \(articles)"
            case .purge: return count == 0 ? "No deleted article to purge" : "Purged \(articles)"
            case .restore: return count == 0 ? "Nothing to restore: purged since" : "Restored \(articles)"
            }
        }
    }

    func apply(to store: FeedStore) throws -> Outcome {
        switch self {
        case .article(let id):
            return try store.deleteArticle(id) ? Outcome(deletion: self, count: 1, deleted: [id]) : Outcome(deletion: self, count: 0)
        case .allArticles(let feed):
            let deleted = try store.deleteAllArticles(inFeed: feed)
            return Outcome(deletion: self, count: deleted.count, deleted: deleted)
        case .purge:
            return Outcome(deletion: self, count: try store.purgeDeleted())
        case .restore(let ids):
            return Outcome(deletion: self, count: try store.restoreDeletedArticles(ids))
        }
    }
}
