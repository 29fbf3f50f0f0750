import Configuration
import FeedStore
import TerminalUI

extension ItemRowRenderer {
    /// The theme's focus colours: `listfocus_unread` for an unread article, `listfocus` otherwise
    /// (and for a row still loading).
    func selectionStyle(for row: ItemRow?) -> Style? {
        row?.isRead == false ? theme.listFocusUnread : theme.listFocus
    }
}
