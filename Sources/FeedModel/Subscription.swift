/// One feed the user follows, as written in the urls file (newsboat's format) or an OPML outline.
public struct Subscription: Sendable, Hashable {
    /// The feed's location: `http(s)://`, `file://`, `exec:COMMAND` or `filter:COMMAND:URL`.
    public var url: String
    public var tags: [String]
    /// The `"~Custom title"` that replaces the feed's own title, if any.
    public var customTitle: String?
    /// Hidden feeds (`"!"`, or any tag starting with `!`) are reloaded but not listed; their
    /// articles are found through query feeds.
    public var isHidden: Bool

    public init(url: String, tags: [String] = [], customTitle: String? = nil, isHidden: Bool = false) {
        self.url = url
        self.tags = tags
        self.customTitle = customTitle
        self.isHidden = isHidden
    }
}
