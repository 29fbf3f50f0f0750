/// The feeds being fetched to be added (`a`, the welcome screen), before the urls file has them.
struct FeedAdditions {
    /// Their URLs.
    var fetching: Set<String> = []
    /// For an address typed without a scheme and fetched over HTTPS: the HTTP URL to try if that
    /// fails.
    var httpFallbacks: [String: String] = [:]
    /// The feed being fetched, with the text typed for it, while no key has been pressed since:
    /// if it is refused, the prompt comes back with that text.
    var awaited: (url: String, typed: String)?
}
