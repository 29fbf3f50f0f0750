import Configuration
import FeedStore

/// A question in the status bar answered by the next key: for the yes/no ones `y` confirms and
/// any other key declines; `sort` asks for a field by its letter.
enum ReaderConfirmation: Sendable {
    /// `confirm-exit yes`.
    case quit
    /// Deleting a feed from the urls file.
    case delete(FeedListRow)
    /// Marking every feed read (newsboat's `mark-all-feeds-read`).
    case markAllFeedsRead
    /// Deleting every article of a feed (`delete-all-articles`, `confirm-delete-all-articles`).
    case deleteAllArticles(FeedID)
    /// Marking one feed read (`mark-feed-read` with `confirm-mark-feed-read yes`).
    case markFeedRead(FeedListRow)
    /// Replacing a file with a saved article.
    case replaceFile(ArticleText, path: String)
    /// Whether to overwrite the next file of a `save-all` that is in its directory already
    /// (y, n, or a and q for every one left).
    case overwriteSaved(SaveAll)
    /// By what to sort (`sort`, `rev-sort`).
    case sortOrder(SortQuestion)
}
