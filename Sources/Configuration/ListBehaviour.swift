/// How the lists move and mark as the user goes through them: newsboat's options of the lists
/// (`scrolloff`, `wrap-scroll`, `mark-as-read-on-hover`, the `…-jumps-to-next…` options,
/// `goto-next-feed`, `confirm-mark-feed-read`).
public struct ListBehaviour: Sendable, Equatable {
    /// `scrolloff`: rows kept visible above and below the selection when a list scrolls.
    public var scrollOff = 0
    /// `wrap-scroll`: moving down from the last row selects the first, and up from the first the last.
    public var wrapsScroll = false
    /// `mark-as-read-on-hover`: an article becomes read when a list's selection moves onto it.
    public var marksReadOnHover = false
    /// `toggleitemread-jumps-to-next`: after toggle-article-read in a list, the next row is selected.
    public var toggleReadJumpsToNext = false
    /// `toggleitemread-jumps-to-next-unread`: after toggle-article-read in a list, the next
    /// unread row is selected (it wins over `toggleReadJumpsToNext`, as in newsboat).
    public var toggleReadJumpsToNextUnread = false
    /// `openbrowser-and-mark-jumps-to-next-unread`: after open-in-browser-and-mark-read in a
    /// list, the next unread row is selected.
    public var openInBrowserAndMarkJumpsToNextUnread = false
    /// `markfeedread-jumps-to-next-unread`: after mark-feed-read in the feed list, the next feed
    /// with unread articles is selected.
    public var markFeedReadJumpsToNextUnread = false
    /// `goto-next-feed`: next-unread and prev-unread go on into the other feeds once the
    /// current one has no more.
    public var goesToNextFeed = true
    /// `confirm-mark-feed-read`: mark-feed-read asks first.
    public var confirmsMarkFeedRead = false

    public init() {}

    /// The names of the options this value holds.
    public static let optionNames: Set<String> = [
        "scrolloff", "wrap-scroll", "mark-as-read-on-hover", "toggleitemread-jumps-to-next",
        "toggleitemread-jumps-to-next-unread", "openbrowser-and-mark-jumps-to-next-unread",
        "markfeedread-jumps-to-next-unread", "goto-next-feed", "confirm-mark-feed-read",
    ]
}

extension Config {
    /// The lists' options as the config sets them (the table's defaults for the others).
    public var listBehaviour: ListBehaviour {
        func isOn(_ name: String) -> Bool { optionValue(name)?.isOn ?? false }
        var lists = ListBehaviour()
        lists.scrollOff = max(0, optionValue("scrolloff")?.number ?? 0)
        lists.wrapsScroll = isOn("wrap-scroll")
        lists.marksReadOnHover = isOn("mark-as-read-on-hover")
        lists.toggleReadJumpsToNext = isOn("toggleitemread-jumps-to-next")
        lists.toggleReadJumpsToNextUnread = isOn("toggleitemread-jumps-to-next-unread")
        lists.openInBrowserAndMarkJumpsToNextUnread = isOn("openbrowser-and-mark-jumps-to-next-unread")
        lists.markFeedReadJumpsToNextUnread = isOn("markfeedread-jumps-to-next-unread")
        lists.goesToNextFeed = isOn("goto-next-feed")
        lists.confirmsMarkFeedRead = isOn("confirm-mark-feed-read")
        return lists
    }
}
