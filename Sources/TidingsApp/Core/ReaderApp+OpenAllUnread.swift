import Configuration
import FeedStore
import Foundation

/// newsboat's `open-all-unread-in-browser` and `open-all-unread-in-browser-and-mark-read`: the
/// unread articles of a feed, newest first and `max-browser-tabs` at most, each opened as `o`
/// opens one.
extension ReaderApp {
    /// Reads the feed's unread articles from the cache (off the main thread).
    func askForUnreadToOpen(ofFeed feed: FeedID, markingRead: Bool) -> [ReaderEffect] {
        let page = ItemPageRequest(unreadOnly: true, limit: settings.maxBrowserTabs, order: .newestFirst)
        return [.load(StoreRead(query: .itemPage(.feed(feed, titleFilter: ""), page), reply: .openAllUnread(markingRead: markingRead)))]
    }

    /// Opens each of `rows` still unread that has a link; marks those opened read when asked.
    func openAllUnread(_ rows: [ItemRow], markingRead: Bool) -> [ReaderEffect] {
        let unread = rows.map { storeView.pendingMarks.apply(to: $0) }.filter { !$0.isRead && $0.link != nil }
        guard !unread.isEmpty else {
            transientMessage = "No unread article with a link in this feed"
            return []
        }
        // Without a usable browser, the first one says why and nothing is opened or marked.
        guard (try? BrowserCommand.resolve(configured: settings.browser, environment: environment)) != nil else {
            return openInBrowser(unread[0].link ?? "")
        }
        var effects: [ReaderEffect] = []
        var opened = 0
        for row in unread {
            guard let link = row.link else { continue }
            // A refused link (not http, https, …) is skipped, and stays unread.
            let opening = openInBrowser(link)
            guard !opening.isEmpty else { continue }
            if markingRead { effects += mark(.read(row.id, feed: row.feedID, isRead: true, wasRead: false)) }
            effects += opening
            opened += 1
        }
        let count = opened == 1 ? "Opened 1 article" : "Opened \(opened) articles"
        transientMessage = markingRead ? count + ", marked read" : count
        return effects
    }
}
