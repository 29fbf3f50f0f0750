import FeedModel
import FeedStore
import TestSupport

extension ReaderHome {
    /// The reader showing one article: "日本語の記事 — Release" by Ann Author, of the feed
    /// "Example News" (a custom title), linked to https://a.example/posts/1, with `content`;
    /// `prepare` may add to the cache before the reader opens it.
    @MainActor
    func article(content: String, title: String = "日本語の記事 — Release", link: String? = "https://a.example/posts/1",
                 enclosures: [Enclosure] = [], config: String = "", rows: Int = 24, columns: Int = 80,
                 prepare: (FeedStore) throws -> Void = { _ in }) throws -> ReaderDriver {
        try subscribe([#"https://a.example/feed "~Example News""#])
        let item = Item(id: "one", title: title, link: link, author: "Ann Author",
                        published: TestStore.baseDate, content: content, enclosures: enclosures)
        let cache = try cache()
        try cache.upsert(Feed(format: .atom10, title: "Own title", items: [item]), forFeedURL: "https://a.example/feed")
        try prepare(cache)
        let reader = try driver(config: config, rows: rows, columns: columns)
        reader.settle()
        reader.settle(after: .enter)
        reader.settle(after: .enter)
        return reader
    }
}
