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
}

extension Config {
    /// The lists' options as the config sets them (the table's defaults for the others).
    public var listBehaviour: ListBehaviour {
        var lists = ListBehaviour()
        lists.scrollOff = self[\.scrolloff]
        lists.wrapsScroll = self[\.wrapScroll]
        lists.marksReadOnHover = self[\.markAsReadOnHover]
        lists.toggleReadJumpsToNext = self[\.toggleitemreadJumpsToNext]
        lists.toggleReadJumpsToNextUnread = self[\.toggleitemreadJumpsToNextUnread]
        lists.openInBrowserAndMarkJumpsToNextUnread = self[\.openbrowserAndMarkJumpsToNextUnread]
        lists.markFeedReadJumpsToNextUnread = self[\.markfeedreadJumpsToNextUnread]
        lists.goesToNextFeed = self[\.gotoNextFeed]
        lists.confirmsMarkFeedRead = self[\.confirmMarkFeedRead]
        return lists
    }
}
