/// A reader action a key can be bound to, independent of which screen it is pressed on.
///
/// The raw value is the action's name in the config file (`bind-key ^R reload-all`); names follow
/// newsboat's where newsboat has the same action.
public enum KeyCommand: String, Hashable, Sendable, CaseIterable {
    case up, down
    case pageUp = "pageup"
    case pageDown = "pagedown"
    case home, end
    case open, back, quit
    case quitAll = "hard-quit"
    case reload
    case reloadAll = "reload-all"
    case openInBrowser = "open-in-browser"
    case nextUnread = "next-unread"
    case previousUnread = "prev-unread"
    case toggleRead = "toggle-article-read"
    case markFeedRead = "mark-feed-read"
    case markAllFeedsRead = "mark-all-feeds-read"
    case toggleStarred = "toggle-starred"
    case togglePreview = "toggle-preview"
    case search = "open-search"
    case quickFilter = "quick-filter"
    case setFilter = "set-filter"
    case selectFilter = "select-filter"
    case clearFilter = "clear-filter"
    case addFeed = "add-feed"
    case renameFeed = "rename-feed"
    case editTags = "edit-tags"
    case deleteFeed = "delete-feed"
    case moveFeedUp = "move-feed-up"
    case moveFeedDown = "move-feed-down"
    case selectTag = "select-tag"
    case fetchFullArticle = "fetch-full-article"
    case commandLine = "cmdline"
    case toggleShowRead = "toggle-show-read-feeds"
    case nextFeed = "next-feed"
    case previousFeed = "prev-feed"
    case toggleShowReadArticles = "toggle-show-read-articles"
    case showURLs = "show-urls"
    case enqueue
    case save
    case pipeTo = "pipe-to"
    case sort
    case reverseSort = "rev-sort"
    case help

    /// The name used in the config file.
    public var name: String { rawValue }

    /// The command called `name` in the config file, if there is one.
    public init?(name: String) {
        self.init(rawValue: name)
    }
}
