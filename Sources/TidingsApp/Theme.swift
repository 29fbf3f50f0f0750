import TerminalUI

/// How the reader's elements are drawn: the defaults, changed by `color` lines of the config
/// file. The element names in the comments are the ones `color` takes (newsboat's).
public struct Theme: Sendable, Equatable {
    /// Rows of read items and of feeds without unread items (`listnormal`).
    public var listNormal = Style.plain
    /// Rows of unread items and of feeds with unread items (`listnormal_unread`).
    public var listUnread = Style.bold
    /// The selected row (`listfocus`).
    public var listFocus = Style.reverse
    /// The selected row when it is unread (`listfocus_unread`).
    public var listFocusUnread = Style(attributes: [.reverse, .bold])
    /// The mark and reason of a feed whose last reload failed (`listfailed`, a Tidings element).
    public var listFailed = Style(foreground: .red, attributes: .bold)
    /// The title bar (`title`); newsboat's look: bold yellow on blue.
    public var titleBar = Style(foreground: .yellow, background: .blue, attributes: .bold)
    /// The status bar (`info`).
    public var statusBar = Style(foreground: .white, background: .blue)
    /// The labels of the article header: Title, Author, Date… (`article_header`).
    public var articleHeader = Style.bold
    /// Link numbers and the link list of an article (`article_link`).
    public var articleLink = Style.dim

    /// Tidings' default look.
    public static let standard = Theme()

    public init() {}
}
