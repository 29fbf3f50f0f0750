/// A reader action a key can be bound to, independent of which screen it is pressed on.
public enum KeyCommand: Hashable, Sendable, CaseIterable {
    case up, down, pageUp, pageDown, home, end
    case open, back, quit, quitAll
    case reload, reloadAll
    case openInBrowser
    case nextUnread, previousUnread
    case toggleRead, markFeedRead
    case help
}
