import Configuration
import FeedModel
import FeedStore
import Foundation

/// Marks: shown on every screen at once (`PendingMarks`), written by the store runner, journalled
/// first so that none is lost; `A`, `C`, `mark-all-above-as-read`; `n` and `p`.
extension ReaderState {
    /// Shows `mark` on every screen at once and queues its write; `undo` takes it back.
    mutating func mark(_ mark: ItemMark) -> [ReaderEffect] {
        marks([mark], undoneAs: undoDescription(of: mark))
    }

    /// Shows `marks` on every screen at once and queues their writes; with a description, they
    /// are one change for `undo` (none: they are an undo themselves).
    mutating func marks(_ marks: [ItemMark], undoneAs description: String?) -> [ReaderEffect] {
        var change = UndoHistory.Change(description: description ?? "", steps: [])
        var numbered: [NumberedMark] = []
        for mark in marks {
            // The inverse from what the screens show before the mark.
            if let inverse = inverse(of: mark) { change.steps.insert(.mark(inverse), at: 0) }
            let number = pendingMarks.add(mark)
            if mark.marksMany { change.awaitedMarks.insert(number) }
            numbered.append(NumberedMark(number: number, mark: mark))
            navigation.modifyEvery((any MarksFollowing).self, { $0.noteMark(mark) }, back: { $0 })
        }
        change.count = change.steps.count
        if description != nil { undo.record(change) }
        guard !numbered.isEmpty else { return [] }
        return [.store(.writeMarks(numbered))] + storyCopyMarks(marks)
    }

    /// With `fold-duplicates`, a story read (or unread) in one feed is so in every feed that
    /// carried it: the copies follow the articles marked one by one.
    private func storyCopyMarks(_ marks: [ItemMark]) -> [ReaderEffect] {
        guard settings.config[\.foldDuplicates] else { return [] }
        var ids: [Bool: [ItemID]] = [:]
        for case .read(let id, _, let isRead, _) in marks { ids[isRead, default: []].append(id) }
        return ids.sorted { !$0.key && $1.key }.map { .store(.markStoryCopies($0.value, read: $0.key)) }
    }

    /// Marks the feed read (`A`, after `y` with `confirm-mark-feed-read`), then goes on to the
    /// next feed with unread articles when `markfeedread-jumps-to-next-unread` says so: the next
    /// feed's articles from its item list, the next feed's row in the feed list.
    mutating func markFeedRead(_ id: FeedID, _ environment: ReaderEnvironment) -> [ReaderEffect] {
        let count = listedFeed(id)?.unreadCount ?? 0
        message = count == 1 ? "Marked 1 article read" : "Marked \(count) articles read"
        let effects = mark(.feedRead(id, seenBy: now))
        guard settings.config[\.markfeedreadJumpsToNextUnread] else { return effects }
        if (top as? any ArticleListing)?.listsArticles(ofFeed: id) == true {
            guard feed(besides: id, forward: true, unreadOnly: true) != nil else { return effects }
            return effects + perform(.switchFeed(from: id, forward: true, unreadOnly: true), environment)
        }
        if top is any FeedListing, let next = feed(besides: id, forward: true, unreadOnly: true) {
            navigation.modifyTop { screen in
                guard var list = screen as? any FeedListing else { return }
                list.select(feedURL: next.url)
                screen = list
            }
        }
        return effects
    }

    /// Marks every feed of the feed list read, each as `A` would (`mark-all-feeds-read`, after
    /// `y`): one change for `undo`.
    mutating func markAllFeedsRead() -> [ReaderEffect] {
        let feeds = (feedList?.rows(context) ?? []).filter { $0.unreadCount > 0 }
        let count = feeds.reduce(0) { $0 + $1.unreadCount }
        message = count == 1 ? "Marked 1 article read" : "Marked \(count) articles read"
        return marks(feeds.map { .feedRead($0.id, seenBy: now) }, undoneAs: "marked %n of every feed read")
    }

    /// `mark-all-above-as-read`: marks the unread articles above the selection read, each as `N`
    /// would: one change for `undo`.
    mutating func markAboveRead(_ ids: [ItemID], isComplete: Bool) -> [ReaderEffect] {
        let unread = ids.compactMap { id in shownState(ofItem: id).flatMap { $0.isRead ? nil : (id, $0.feedID) } }
        message = (unread.count == 1 ? "Marked 1 article read" : "Marked \(unread.count) articles read")
            + (isComplete ? "" : " (the rows above not read from the cache yet are left: press it again)")
        return marks(unread.map { id, feed in .read(id, feed: feed, isRead: true, wasRead: false) }, undoneAs: "marked %n above read")
    }

    /// `n`, `p`: the next or previous unread article after `from`, looked for first in the list
    /// of several feeds the reader is in (under the article, or on top), then across feeds
    /// (unless `goto-next-feed no`: then only in that list, or in the feed's own).
    func unreadJump(from: ItemID?, forward: Bool) -> [ReaderEffect] {
        let list = screens.last { !($0 is any JumpClosedScreen) || $0 is any ArticleListing }
        let acrossFeeds = settings.config[\.gotoNextFeed]
        let kind: UnreadJumpQuery.Kind = if let list = list as? any UnreadScanning {
            .inList(list.unreadScan(from: from, forward: forward, context), acrossFeeds: acrossFeeds)
        } else if !acrossFeeds, let list = list as? ItemListScreen {
            // `goto-next-feed no`: round the feed's own list, as newsboat does, and no further.
            .inList(list.unreadScan(from: from, forward: forward, context), acrossFeeds: false)
        } else {
            .acrossFeeds(from: from)
        }
        return [.read(UnreadJumpQuery(kind: kind, forward: forward, rendering: articleRendering, marks: pendingMarks), route: forward, lane: .key)]
    }

    /// The feed listed after (or before) `id` in the top feed list that has a neighbour for it;
    /// with `unreadOnly`, the nearest such feed with unread articles (its marks not yet written
    /// counted).
    func feed(besides id: FeedID, forward: Bool, unreadOnly: Bool) -> FeedListRow? {
        for case let listing as any FeedListing in screens.reversed() {
            var current = id
            while let next = listing.feed(besides: current, forward: forward) {
                let shown = listing.listedFeed(next.id, pendingMarks) ?? next
                if !unreadOnly || shown.unreadCount > 0 { return shown }
                current = next.id
            }
            if current != id { return nil }
        }
        return nil
    }
}
