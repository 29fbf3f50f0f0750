import FeedStore

/// newsboat's `SERVICE-show-special-feeds` for the sync sources that have it.
extension Config {
    /// The services whose special feeds Tidings can show, and the option that asks for them.
    static let specialFeedServices: Set = ["freshrss", "miniflux", "oldreader", "inoreader"]

    /// With `urls-source` a service whose `SERVICE-show-special-feeds` is yes (newsboat's
    /// default), the feed list begins with newsboat's "Starred items": the articles starred on
    /// the server. Tidings' star is the server's star, so it is a query feed over the star
    /// (`flags # "s"`), counted and opened like the urls file's `query:` feeds.
    ///
    /// newsboat's other special feeds (The Old Reader's and Inoreader's "Shared items" and
    /// "People you follow") are streams Tidings does not sync: they are not shown.
    public var specialQueryFeeds: [QueryFeed] {
        let service = sync.urlsSource.rawValue
        guard Self.specialFeedServices.contains(service), sync.serviceOptions["\(service)-show-special-feeds"]?.isOn ?? true,
            let starred = try? QueryFeed.parse(#"query:Starred items:flags # "s""#, tags: [], line: 0)
        else { return [] }
        return [starred]
    }
}
