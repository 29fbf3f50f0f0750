import FeedModel

/// One feed to refresh: the key the cache and the events know it by, where to fetch it from, and
/// how to ask for it.
///
/// The first two differ once a permanent redirect has been confirmed: the urls file keeps the old
/// address (it is never rewritten without being asked) while the store fetches the new one.
public struct FetchRequest: Sendable, Hashable {
    /// The feed as subscribed: passed back to every `FeedCache` call and in every `FetchEvent`.
    public var url: String
    /// Where to fetch it from.
    public var fetchURL: String
    /// The feed's own user agent, headers, timeout, proxy and cookie jar (`feed-option`); nil:
    /// the reload's (`FetchOptions`).
    public var settings: FeedRequestSettings?

    public init(url: String, fetchURL: String? = nil, settings: FeedRequestSettings? = nil) {
        self.url = url
        self.fetchURL = fetchURL ?? url
        self.settings = settings
    }
}
