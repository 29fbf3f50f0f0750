/// A full article fetched from an item's page (or read from the cache): the sanitised HTML that
/// was stored, rendered off the main thread for the article view.
struct FullArticle: Sendable {
    var html: String
    var rendered: ArticleScreen.Rendered
    /// True when it came from the cache, with no download.
    var wasCached: Bool
}
