/// A feed's address as a person types it: completed when the scheme is left out, and compared
/// as URLs are, so that `HTTP://Example.org/feed` is the feed already listed as
/// `http://example.org/feed`.
///
///     FeedAddress.schemeless("127.0.0.1:8801/feed.rss")            // "127.0.0.1:8801/feed.rss"
///     FeedAddress.schemeless("https://example.org/")               // nil: it has a scheme
///     FeedAddress.isSame("HTTP://Example.ORG/Feed", "http://example.org/Feed")  // true
///
/// What the user typed is what is kept; the comparison alone is normalised.
public enum FeedAddress {
    /// `host/path` when `text` names a web address without its scheme (`example.org/feed`,
    /// `127.0.0.1:8801/feed.rss`), else nil. The host must have a dot, so a word is not taken
    /// for an address.
    public static func schemeless(_ text: String) -> String? {
        guard !text.contains("://"), !text.isEmpty, !text.contains(where: \.isWhitespace),
              let host = text.split(separator: "/", maxSplits: 1).first,
              host.contains("."), !host.contains(":") || host.split(separator: ":").count == 2
        else { return nil }
        return text
    }

    /// True when `first` and `second` name the same feed: their schemes and hosts compared
    /// without case (both are case-insensitive in URLs, RFC 3986 §3.1 and §3.2.2), the rest
    /// (user, path, query) exactly.
    public static func isSame(_ first: String, _ second: String) -> Bool {
        first == second || comparisonKey(first) == comparisonKey(second)
    }

    /// `url` with its scheme and host lowercased.
    static func comparisonKey(_ url: String) -> String {
        guard let colon = url.firstIndex(of: ":") else { return url }
        let scheme = url[..<colon].lowercased()
        guard url[colon...].hasPrefix("://") else { return scheme + url[colon...] }
        let authorityStart = url.index(colon, offsetBy: 3)
        let rest = url[authorityStart...]
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        // The user and password before `@` are case-sensitive; the host after it is not.
        let hostStart = authority.lastIndex(of: "@").map(authority.index(after:)) ?? authority.startIndex
        return scheme + "://" + authority[..<hostStart] + authority[hostStart...].lowercased() + rest[authorityEnd...]
    }
}
