import Configuration

/// How an edit of the urls file went, for the status bar and the lists.
struct UrlsFileEditOutcome: Sendable, Equatable {
    /// The line for the status bar: what was done, or why nothing was.
    var message: String?
    /// Whether the urls file (and the store, which follows it) changed.
    var changed: Bool
    /// A feed to select in the feed lists (one just added).
    var selectURL: String?
    /// The query feeds of the file as written, when it changed: the welcome screen's import
    /// brings some.
    var queryFeeds: [QueryFeed] = []
    /// Whether the file was only read again (`reload-urls`, `edit-urls`): its query feeds may
    /// have changed too.
    var isReread = false
    /// The file's headings as written, when it changed: removing a feed or reading the file
    /// again moves them.
    var headings: [UrlsHeading] = []
}
