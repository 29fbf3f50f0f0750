import Configuration
import FeedStore
import Foundation

/// An article read from the store and rendered, both off the main thread, ready to show.
struct LoadedArticle: Sendable {
    var item: StoredItem
    var rendered: ArticleScreen.Rendered
    /// The full article the cache holds for it, rendered too so that `x` shows it at once.
    var fullArticle: ArticleScreen.Rendered?
    /// Whether the article opens on its full article: its feed is one `always-fetch-full-article`
    /// names, whose readers asked for pages rather than teasers.
    var opensFullArticle = false
    /// Where the reader left it, when it left it before the end.
    var place: FeedStore.ReadingPlace?

    /// Reads article `id` and renders it as `rendering` says; nil when it is no longer in the cache.
    static func load(_ id: ItemID, from store: FeedStore, _ rendering: ArticleRendering) throws -> LoadedArticle? {
        guard var item = try store.item(id) else { return nil }
        // The feeds that carried the same story, named in the header ("Also in").
        var seen = Set<String>()
        item.storyFeeds = try store.storyCopies(of: id).map(\.feedName.text).filter { $0 != item.feedName.text && seen.insert($0).inserted }
        let fullArticle = item.fullArticle.map { ArticleScreen.render(html: $0, baseURL: item.item.link, rendering) }
        var opensFullArticle = false
        let options = rendering.fullArticle
        if fullArticle != nil, options.fetchesAutomatically, let feed = try store.feed(item.feedID) {
            opensFullArticle = options.alwaysFetches(feedURL: feed.url)
        }
        return LoadedArticle(item: item, rendered: ArticleScreen.render(item, rendering), fullArticle: fullArticle,
                             opensFullArticle: opensFullArticle)
    }

    /// The article as `save` writes it: the text it opens on (its full article when it opens on it).
    func text(timeZone: TimeZone) -> ArticleText {
        ArticleText(item: item, body: (opensFullArticle ? fullArticle ?? rendered : rendered).body, timeZone: timeZone)
    }
}
