import TerminalUI

/// How the reader's elements are drawn: the defaults, changed by `color` lines of the config
/// file. The element names in the comments are the ones `color` takes (newsboat's where newsboat
/// has the element).
public struct Theme: Sendable, Equatable {
    /// Rows of read items and of feeds without unread items (`listnormal`).
    public var listNormal = Style.plain
    /// Rows of unread items and of feeds with unread items (`listnormal_unread`).
    public var listUnread = Style.bold
    /// The selected row (`listfocus`): its colours where it sets them, its attributes added.
    public var listFocus = Style.reverse
    /// The selected row when it is unread (`listfocus_unread`).
    public var listFocusUnread = Style(attributes: [.reverse, .bold])
    /// The mark and reason of a feed whose last reload failed (`listfailed`, a Tidings element).
    public var listFailed = Style(foreground: .red, attributes: .bold)
    /// The title bar (`title`); newsboat's look: bold yellow on blue.
    public var titleBar = Style(foreground: .yellow, background: .blue, attributes: .bold)
    /// The status bar (`info`, which also colours the title bar when no `title` line is given).
    public var statusBar = Style(foreground: .white, background: .blue)
    /// The labels of the article header: Title, Author, Date… (`article_header`).
    public var articleHeader = Style.bold
    /// Link numbers in the article text and in its list of links (`article_link`).
    public var articleLink = Style.dim

    /// The article's text (`article`; the labels and link numbers keep their own styles).
    public var article = Style.plain

    /// The key-hint bar: keys, the `:` after each, their descriptions and the space between
    /// entries (`hint-key`, `hint-keys-delimiter`, `hint-description`, `hint-separator`), drawn
    /// over the status bar's style, so `default` keeps the bar's colours.
    public var hintKey = Style.plain
    public var hintKeysDelimiter = Style.plain
    public var hintSeparator = Style.plain
    public var hintDescription = Style.plain

    // newsboat's elements for what Tidings does not draw yet, kept for when it does.
    /// Rows of articles marked deleted (`listnormal_deleted`, `listfocus_deleted`).
    public var listNormalDeleted = Style.plain
    public var listFocusDeleted = Style.reverse
    /// The `~` lines after the end of an article (`end-of-text-marker`).
    public var endOfTextMarker = Style.plain

    /// Colours of everything drawn in the terminal's default colours: text, blank space
    /// (`background`; only its colours are used).
    public var background = Style.plain

    /// Tidings' default look.
    public static let standard = Theme()

    /// This theme for a terminal that draws no colours (`NO_COLOR`): the selected row must still
    /// stand out, so a focus style that relied on a foreground colour alone is drawn in reverse
    /// video too (a background colour becomes reverse video by itself).
    public func forMonochrome() -> Theme {
        var theme = self
        for keyPath in [\Theme.listFocus, \Theme.listFocusUnread] where theme[keyPath: keyPath].background == .default {
            theme[keyPath: keyPath].attributes.insert(.reverse)
        }
        return theme
    }

    public init() {}

    /// What a `color` line can change; the raw value is the element's name in the config file.
    public enum Element: String, CaseIterable, Sendable {
        case listNormal = "listnormal"
        case listUnread = "listnormal_unread"
        case listFocus = "listfocus"
        case listFocusUnread = "listfocus_unread"
        case listFailed = "listfailed"
        case titleBar = "title"
        case statusBar = "info"
        case articleHeader = "article_header"
        case articleLink = "article_link"
        case article
        case listNormalDeleted = "listnormal_deleted"
        case listFocusDeleted = "listfocus_deleted"
        case endOfTextMarker = "end-of-text-marker"
        case hintKey = "hint-key"
        case hintKeysDelimiter = "hint-keys-delimiter"
        case hintSeparator = "hint-separator"
        case hintDescription = "hint-description"
        case background

        /// Where the element's style is kept.
        var keyPath: WritableKeyPath<Theme, Style> {
            switch self {
            case .listNormal: return \.listNormal
            case .listUnread: return \.listUnread
            case .listFocus: return \.listFocus
            case .listFocusUnread: return \.listFocusUnread
            case .listFailed: return \.listFailed
            case .titleBar: return \.titleBar
            case .statusBar: return \.statusBar
            case .articleHeader: return \.articleHeader
            case .articleLink: return \.articleLink
            case .article: return \.article
            case .listNormalDeleted: return \.listNormalDeleted
            case .listFocusDeleted: return \.listFocusDeleted
            case .endOfTextMarker: return \.endOfTextMarker
            case .hintKey: return \.hintKey
            case .hintKeysDelimiter: return \.hintKeysDelimiter
            case .hintSeparator: return \.hintSeparator
            case .hintDescription: return \.hintDescription
            case .background: return \.background
            }
        }
    }

    /// The style of `element`.
    public subscript(element: Element) -> Style {
        get { self[keyPath: element.keyPath] }
        set { self[keyPath: element.keyPath] = newValue }
    }
}
