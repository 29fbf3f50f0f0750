/// A line of the urls file whose first word is no feed address (`"--- BLOGS ---"`, `youtube`,
/// `" "`): newsboat lists it as a row of the feed list, and its users write such lines as
/// section headings and spacers between their feeds. Tidings shows it in its place and never
/// fetches it.
///
///     "--- Tech ---" tech        # a heading that also shows under the tag "tech"
///     ~~~~~~YOUTUBE~~~~~~
///     " "                        # a blank row
public struct UrlsHeading: Sendable, Hashable {
    /// The first word as written (quotes removed): what the row shows, unless `customTitle`.
    public var text: String
    /// Its tags: a heading shows under each of them, as a feed would.
    public var tags: [String]
    /// A `"~title"` on the line, which newsboat shows instead of the text.
    public var customTitle: String?
    /// A tag starting with `!`: hidden, as a feed is.
    public var isHidden: Bool
    /// How many feed lines come before it in the file: the heading goes just above the feed of
    /// that position (feeds are numbered from 0 in file order, as the cache stores them).
    public var feedsBefore: Int
    /// Where it is in the urls file (1-based).
    public var line: Int

    public init(text: String, tags: [String] = [], customTitle: String? = nil, isHidden: Bool = false, feedsBefore: Int = 0, line: Int = 1) {
        self.text = text
        self.tags = tags
        self.customTitle = customTitle
        self.isHidden = isHidden
        self.feedsBefore = feedsBefore
        self.line = line
    }

    /// What the row shows.
    public var title: String { customTitle ?? text }
}
