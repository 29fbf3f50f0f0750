import FeedStore

extension ReaderHome {
    /// The feeds of the feed-editing tests: Alpha (renamed, tagged news, 3 articles "Item N"),
    /// Bravo (tagged news and "long reads", 12 articles "Bravo story N"), a hidden feed tagged
    /// secret, and a feed without articles.
    func writeEditingFeeds() throws {
        try subscribe([
            #"https://a.example/feed news "~Alpha""#, #"https://b.example/feed news "long reads""#,
            #"https://c.example/feed secret "!""#, "https://d.example/feed",
        ])
        let cache = try cache()
        try cache.addItems(3, to: "https://a.example/feed")
        try cache.addItems(12, to: "https://b.example/feed", title: "Bravo", makeTitle: { "Bravo story \($0)" })
        try cache.addItems(1, to: "https://c.example/feed", title: "Hidden")
    }
}

extension FeedStore {
    /// The articles of the feed at `url`, newest first.
    func items(ofFeed url: String) throws -> [ItemRow] {
        guard let feed = try feedList().first(where: { $0.url == url }) else { return [] }
        return try items(inFeed: feed.id)
    }
}
