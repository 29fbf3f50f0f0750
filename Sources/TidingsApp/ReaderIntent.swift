import FeedStore

/// What a screen asks the reader to do. Screens only return intents; `ReaderApp` carries them
/// out (queries, writes, reloads, launching the browser), so screens stay pure and testable.
public enum ReaderIntent: Hashable, Sendable {
    case openFeed(FeedID)
    case openItem(ItemID)
    /// Pop the top screen.
    case back
    /// Leave the reader.
    case quit
    case reloadFeed(FeedID)
    case reloadAll
    /// Open a URL in the configured browser.
    case openInBrowser(String)
    /// Go to the next (or previous) unread item, across feeds; `from` is the item shown now.
    case nextUnread(from: ItemID?)
    case previousUnread(from: ItemID?)
    case toggleRead(ItemID)
    case markFeedRead(FeedID)
    case showHelp
    /// Show a message in the status bar.
    case status(String)
    /// Ask for a search query in the status row, prefilled with `text` (empty for a new search).
    case openSearch(text: String)
}
