import Configuration
import FeedStore
import TerminalUI

extension FeedRowRenderer {
    /// The theme's focus colours: `listfocus_unread` for a feed with unread items, `listfocus`
    /// otherwise.
    func selectionStyle(for row: FeedListRow) -> Style? {
        row.unreadCount > 0 ? theme.listFocusUnread : theme.listFocus
    }
}
