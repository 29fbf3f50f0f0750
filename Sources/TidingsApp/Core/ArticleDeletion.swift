import FeedStore

/// newsboat's deleting actions, as an effect's value: `delete-article`, `delete-all-articles`,
/// `purge-deleted` (see `FeedStore+Lifecycle`).
enum ArticleDeletion: Hashable, Sendable {
    case article(ItemID)
    case allArticles(FeedID)
    case purge

    /// What a deletion did, for the status line.
    struct Outcome: Hashable, Sendable {
        var deletion: ArticleDeletion
        var count: Int

        var statusText: String {
            let articles = count == 1 ? "1 article" : "\(count) articles"
            switch deletion {
            case .article: return count == 0 ? "This article is no longer in the cache" : "Article deleted (purge-deleted drops its text)"
            case .allArticles: return "Deleted \(articles)"
            case .purge: return count == 0 ? "No deleted article to purge" : "Purged \(articles)"
            }
        }
    }

    func apply(to store: FeedStore) throws -> Outcome {
        switch self {
        case .article(let id): Outcome(deletion: self, count: try store.deleteArticle(id) ? 1 : 0)
        case .allArticles(let feed): Outcome(deletion: self, count: try store.deleteAllArticles(inFeed: feed))
        case .purge: Outcome(deletion: self, count: try store.purgeDeleted())
        }
    }
}
