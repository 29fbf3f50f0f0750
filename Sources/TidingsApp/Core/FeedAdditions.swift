/// The feeds being fetched to be added (`a`, the welcome screen), before the urls file has them.
struct FeedAdditions {
    /// Their URLs.
    var fetching: Set<String> = []
    /// For an address typed without a scheme and fetched over HTTPS: the HTTP URL to try if that
    /// fails.
    var httpFallbacks: [String: String] = [:]
    /// What was typed for each feed being fetched (the address fetched may be another: HTTP
    /// after HTTPS, the feed a page announces).
    var typed: [String: String] = [:]
    /// The text typed for the last feed refused: the next `a` offers it again, to be corrected.
    var refused: (typed: String, tag: String?)?
}
