/// One feed to refresh: the key the cache and the events know it by, and where to fetch it from.
///
/// The two differ once a permanent redirect has been confirmed: the urls file keeps the old
/// address (it is never rewritten without being asked) while the store fetches the new one.
public struct FetchRequest: Sendable, Hashable {
    /// The feed as subscribed: passed back to every `FeedCache` call and in every `FetchEvent`.
    public var url: String
    /// Where to fetch it from.
    public var fetchURL: String

    public init(url: String, fetchURL: String? = nil) {
        self.url = url
        self.fetchURL = fetchURL ?? url
    }
}
