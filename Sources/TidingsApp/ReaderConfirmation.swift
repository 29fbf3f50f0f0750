import FeedStore

/// A yes/no question in the status bar: `y` confirms, any other key declines.
enum ReaderConfirmation: Sendable {
    /// `confirm-exit yes`.
    case quit
    /// Deleting a feed from the urls file.
    case delete(FeedListRow)
    /// Marking every feed read (newsboat's `mark-all-feeds-read`).
    case markAllFeedsRead
    /// Replacing a file with a saved article.
    case replaceFile(ArticleText, path: String)
}
