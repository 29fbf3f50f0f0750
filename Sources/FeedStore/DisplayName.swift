import FeedModel

/// A feed's name as a view shows it: its title, or its URL when it has none, with any
/// `user:password@` removed. Views take a feed's name only through this type, so no screen can
/// print a password by forgetting to redact one.
public struct DisplayName: Hashable, Sendable, CustomStringConvertible {
    /// The name, safe to show.
    public let text: String

    /// The name of `raw` (a title or a URL), credentials removed.
    public init(_ raw: String) {
        text = CredentialRedaction.redact(raw)
    }

    public var description: String { text }
}

extension FeedListRow {
    /// The feed's name as views show it.
    public var name: DisplayName { DisplayName(displayTitle) }
}

extension ItemRow {
    /// The article's feed's name as views show it.
    public var feedName: DisplayName { DisplayName(feedTitle) }
}

extension StoredItem {
    /// The article's feed's name as views show it.
    public var feedName: DisplayName { DisplayName(feedTitle) }
}
