import Configuration
import FeedStore
import Foundation
import TerminalUI

/// The root screen: one row per subscribed, non-hidden feed, in urls-file order (or as
/// `feed-sort-order` or `sort` says), under a "Starred" entry while any article is starred. The
/// same screen, given a tag, lists only the feeds with that tag (opened from the tag list; it has
/// no Starred entry and `q` goes back). The urls file's headings (`"--- BLOGS ---"`) are rows in
/// their place between the feeds, while the list is in the file's order (see `showsHeadings`).
///
/// The keys that edit the feed list (add, rename, tags, delete, move) become intents that
/// `ReaderApp` carries out on the urls file.
@MainActor
public final class FeedListScreen: ReaderScreen, TypingScreen, CacheScreen, FeedListing, RowsScreen, FilteredScreen {
    /// The feeds listed, in order (without the Starred entry).
    public private(set) var rows: [FeedListRow] = []
    /// What the list shows, in order: the Starred entry (if any), then `rows`. The selection
    /// indexes these, not `rows`.
    public private(set) var entries: [FeedListEntry] = []
    public private(set) var state = ListState()
    /// Feeds being reloaded now, by URL (drawn with a spinner).
    public var reloading: Set<String> = []
    public var spinnerFrame: Character = "*"
    /// The tag this list is limited to, if it is.
    public var tag: String? { listFilter.tag }
    private let storeView: StoreView
    private var listFilter: FeedListFilter
    private var preferences: ReaderPreferences {
        didSet { ListCommand.follow(preferences.lists, in: &state) }
    }
    private var parkRow = 0
    /// The quick filter (`F`) and the rows it narrows.
    private(set) var quickFilter = QuickFilter()
    private var unfilteredRows: [FeedListRow] = []
    /// The filter expression in force (`set-filter`, `select-filter`), tested on each feed.
    public private(set) var filter: ListFilter?
    private var starredCounts = ItemCounts.zero
    /// The urls file's query feeds (listed in the root list only, under the Starred entry),
    /// and their counts once read.
    private let queryFeeds: [QueryFeed]
    private var queryCounts: [ItemCounts]?
    /// The urls file's headings (those with the tag, in a tag's list), in file order.
    private var headings: [UrlsHeading]
    /// A count of the query feeds is being read; another is due when it is answered. During a
    /// reload the list refreshes at the spinner's pace, faster than a scan of a large cache:
    /// one scan at a time keeps the read queue free for the feeds' own rows.
    private var isCountingQueries = false
    private var needsQueryRecount = false
    /// False until the first answer from the store.
    public private(set) var isLoaded = false
    /// Counts refreshes, so that an answer overtaken by a newer question is dropped.
    private var refreshNumber = 0
    /// The store generation the rows were read at (see `PendingMarks`).
    private var dataGeneration: Int64?

    /// - Parameter tag: list only the feeds with this tag.
    public init(storeView: StoreView, preferences: ReaderPreferences = ReaderPreferences(), tag: String? = nil, queryFeeds: [QueryFeed] = [],
                headings: [UrlsHeading] = []) {
        self.storeView = storeView
        self.preferences = preferences
        self.queryFeeds = tag == nil ? queryFeeds : []
        self.headings = Self.listed(headings, tag: tag)
        listFilter = FeedListFilter(hidesFeedsWithoutUnread: preferences.hidesFeedsWithoutUnread, tag: tag)
        ListCommand.follow(preferences.lists, in: &state)
    }

    /// `feedlist-title-format`'s title, when the config sets one.
    private var formattedTitle: TitleFormats.Title? {
        preferences.formattedTitle(.feedListTitle, [
            "T": tag ?? "", "t": String(rows.count), "u": String(rows.count { $0.unreadCount > 0 }),
            "U": String(rows.reduce(0) { $0 + $1.unreadCount }), "F": filter?.label ?? "",
        ])
    }

    public var title: String {
        formattedTitle?.left ?? tag.map { "Tidings — Feeds tagged \(Excerpt($0))" } ?? "Tidings — Feeds"
    }

    public var titleFill: Character? { formattedTitle?.fill }

    public var titleDetail: String {
        if let formattedTitle { return formattedTitle.right }
        if quickFilter.isActive { return quickFilter.detail(matching: rows.count, of: unfilteredRows.count) }
        if let filter { return "filter: \(Excerpt(filter.label)) (\(rows.count) of \(unfilteredRows.count))" }
        let unread = rows.reduce(0) { $0 + $1.unreadCount }
        return "\(unread) unread in \(rows.count) feed\(rows.count == 1 ? "" : "s")"
    }

    /// The selected row, if the list is not empty.
    public var selectedEntry: FeedListEntry? {
        entries.indices.contains(state.selection) ? entries[state.selection] : nil
    }

    /// The selected feed; nil when the list is empty or the Starred entry is selected.
    public var selectedFeed: FeedListRow? {
        selectedEntry?.feed
    }

    var keyContext: KeyMap.Context { .feedList }

    /// What the feed list reads: the feeds the filter lets through, and the Starred entry's
    /// counts in the root list.
    struct Request: Equatable, Sendable {
        var filter: FeedListFilter
    }

    /// The feed list as read, at the store's `generation`.
    struct Snapshot: Sendable {
        var generation: Int64
        var rows: [FeedListRow]
        var starredCounts: ItemCounts
    }

    nonisolated static func read(_ request: Request, from store: FeedStore) throws -> Snapshot {
        Snapshot(generation: try store.generation(), rows: try store.feedList(request.filter),
                 starredCounts: request.filter.tag == nil ? try store.starredCounts() : .zero)
    }

    /// Reads the feed list again, keeping the same row selected when it is still listed.
    public func refresh() {
        refreshNumber += 1
        let number = refreshNumber
        storeView.read(.feedList(Request(filter: listFilter))) { [weak self] answer in
            guard let self, case .feedList(let snapshot)? = answer, number == self.refreshNumber else { return }
            self.show(snapshot.rows, starredCounts: snapshot.starredCounts, generation: snapshot.generation)
        }
        refreshQueryCounts()
    }

    /// Reads the query feeds' counts in a read of their own: they scan every article, and the
    /// feeds must not wait for them (the rows show `(…)` until they come).
    private func refreshQueryCounts() {
        guard !queryFeeds.isEmpty else { return }
        guard !isCountingQueries else {
            needsQueryRecount = true
            return
        }
        isCountingQueries = true
        storeView.read(.counts(queryFeeds.map(\.expression), now: storeView.now)) { [weak self] answer in
            guard let self else { return }
            self.isCountingQueries = false
            if case .counts(let counts)? = answer {
                self.queryCounts = counts
                self.rebuildEntries()
            }
            if self.needsQueryRecount {
                self.needsQueryRecount = false
                self.refreshQueryCounts()
            }
        }
    }

    private func show(_ feeds: [FeedListRow], starredCounts counts: ItemCounts, generation: Int64) {
        let selected = selectedEntry
        dataGeneration = generation
        unfilteredRows = preferences.feedSortOrder.sorted(feeds)
        starredCounts = counts
        isLoaded = true
        rebuildEntries()
        let index: Int?
        switch selected {
        case .feed(let row)?: index = entries.firstIndex { $0.feed?.id == row.id }
        case .starred?: index = entries.firstIndex { $0.isStarred }
        case .query(let feed, _)?: index = entries.firstIndex { if case .query(feed, _) = $0 { true } else { false } }
        case .heading(let heading)?: index = entries.firstIndex { if case .heading(heading) = $0 { true } else { false } }
        case nil: index = nil
        }
        if let index {
            state.select(index, count: entries.count)
        } else {
            state.layout(count: entries.count, visibleRows: state.visibleRows)
        }
    }

    /// The listed feeds narrowed by the quick filter or the filter expression, under the
    /// Starred entry (while there are starred articles) and the query feeds when neither
    /// filter is applied.
    private func rebuildEntries() {
        let marks = storeView.pendingMarks, now = storeView.now
        rows = quickFilter.filter(unfilteredRows, title: \.displayTitle).map { marks.apply(to: $0, readAt: dataGeneration) }
            .filter { filter?.keeps($0, now: now) ?? true }
        let starred = marks.apply(to: starredCounts, readAt: dataGeneration)
        let isFiltered = quickFilter.isActive || filter != nil
        // The Starred entry follows show-read-feeds like a feed: with it off, only while a
        // starred article is unread.
        let showsStarred = starred.total > 0 && !isFiltered && (!listFilter.hidesFeedsWithoutUnread || starred.unread > 0)
        // With show-read-feeds off, a query feed with nothing unread is left out like a feed.
        let queries: [FeedListEntry] = isFiltered ? [] : queryFeeds.enumerated().compactMap { index, feed in
            let counts = queryCounts.map { $0.indices.contains(index) ? $0[index] : .zero }
            if listFilter.hidesFeedsWithoutUnread, let counts, counts.unread == 0 { return nil }
            return .query(feed, counts)
        }
        let feeds = showsHeadings ? FeedListEntry.placing(headings, among: rows) : rows.map { .feed($0) }
        entries = (showsStarred ? [.starred(starred)] : []) + queries + feeds
    }

    /// Headings head the feeds below them in the urls file: they are shown while the list is in
    /// that order and complete. With show-read-feeds off they are left out as newsboat leaves
    /// out a feed with nothing unread; a filter or another sort order would put them above
    /// feeds they do not head.
    private var showsHeadings: Bool {
        !quickFilter.isActive && filter == nil && !listFilter.hidesFeedsWithoutUnread && preferences.feedSortOrder == .urlsFile
    }

    /// The headings a list shows: not hidden (`"!"`), and with its tag when it has one.
    private static func listed(_ headings: [UrlsHeading], tag: String?) -> [UrlsHeading] {
        headings.filter { !$0.isHidden && (tag.map($0.tags.contains) ?? true) }
    }

    /// Takes the urls file's headings as it is now written (after an edit or `reload-urls`).
    func takeHeadings(_ headings: [UrlsHeading]) {
        self.headings = Self.listed(headings, tag: tag)
        rebuildEntries()
        state.layout(count: entries.count, visibleRows: state.visibleRows)
    }

    func listedFeed(_ id: FeedID) -> FeedListRow? {
        rows.first { $0.id == id }
    }

    func showReloading(_ urls: Set<String>, spinnerFrame: Character) {
        reloading = urls
        self.spinnerFrame = spinnerFrame
    }

    func feed(besides id: FeedID, forward: Bool) -> FeedListRow? {
        guard let index = rows.firstIndex(where: { $0.id == id }) else { return nil }
        let next = forward ? index + 1 : index - 1
        return rows.indices.contains(next) ? rows[next] : nil
    }

    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
        listFilter.hidesFeedsWithoutUnread = preferences.hidesFeedsWithoutUnread
        refresh()
    }

    /// The place of the first feed or query feed whose title contains `text` (case ignored),
    /// in list order.
    func entryIndex(titleContaining text: String) -> Int? {
        let wanted = text.lowercased()
        return entries.firstIndex { entry in
            switch entry {
            case .feed(let row): row.displayTitle.lowercased().contains(wanted)
            case .query(let feed, _): feed.title.lowercased().contains(wanted)
            case .starred, .heading: false
            }
        }
    }

    func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: entries.count)
    }

    func select(feedURL url: String) {
        if let id = rows.first(where: { $0.url == url })?.id { select(feed: id) }
    }

    /// Selects the feed with `id` if it is listed.
    public func select(feed id: FeedID) {
        if let index = entries.firstIndex(where: { $0.feed?.id == id }) { state.select(index, count: entries.count) }
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        // Marks made since the rows were read show at once (see `PendingMarks`).
        rebuildEntries()
        var area = area
        if quickFilter.isEditing && area.height > 1 {
            quickFilter.render(into: &grid, in: area.bottomRows(1))
            area = area.inset(top: 0, bottom: 1)
        }
        let starredWidth = entries.prefix { $0.feed == nil }.map { entry in
            switch entry {
            case .starred(let counts), .query(_, let counts?): FeedListEntryRenderer.countText(counts).count
            default: 0
            }
        }.max() ?? 0
        let feeds = FeedRowRenderer(
            reloading: reloading, spinnerFrame: spinnerFrame,
            countWidth: max(starredWidth, FeedRowRenderer.countWidth(for: rows)), theme: preferences.theme,
            format: preferences.feedListFormat.map { ListFormat($0, kind: .feedList) },
            positions: preferences.feedListFormat == nil ? [:] : entryPositions,
            highlights: preferences.highlights, marksLocalFeeds: preferences.marksLocalFeeds)
        ListView(source: ArrayDataSource(entries), renderer: FeedListEntryRenderer(feeds: feeds), emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<ArrayDataSource<FeedListEntry>, FeedListEntryRenderer>.selectedRow(in: area, state: state)
    }

    /// Each row's 1-based place in the list, for `%i`: what `:N` selects. The Starred entry is
    /// feed 0, a query feed has its own id (see `FeedListEntryRenderer.queryID`).
    private var entryPositions: [FeedID: Int] {
        var positions: [FeedID: Int] = [:]
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .feed(let row): positions[row.id] = index + 1
            case .query(let feed, _): positions[FeedListEntryRenderer.queryID(feed)] = index + 1
            case .heading(let heading): positions[FeedListEntryRenderer.headingID(heading)] = index + 1
            case .starred: positions[FeedID(0)] = index + 1
            }
        }
        return positions
    }

    private var emptyText: String {
        if !isLoaded { return "Loading…" }
        if let filter {
            return "No feed matches the filter \(Excerpt(filter.label))."
        }
        if quickFilter.isActive {
            return "No feed title contains \u{201C}\(quickFilter.text)\u{201D}. Esc clears the filter."
        }
        let addKey = preferences.keyMap.bindings(for: .feedList).first { $0.command == .addFeed }?.keys.first
        if let tag {
            return listFilter.hidesFeedsWithoutUnread
                ? "No feed tagged \(Excerpt(tag)) has unread articles (show-read-feeds is off)."
                : "No feed is tagged \(Excerpt(tag)) any more."
        }
        if listFilter.hidesFeedsWithoutUnread {
            return "No feed has unread articles (show-read-feeds is off). R reloads them all."
        }
        guard let addKey else { return "The urls file lists no feeds yet: add one with `tidings add URL`." }
        return "No feeds yet: press \(addKey) to add one by its URL (or run `tidings add URL`)."
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        if handleQuickFilter(key) { return nil }
        guard let command = preferences.keyMap.command(for: key, in: .feedList) else {
            // A list opened from the tag list goes back with the keys that leave the tag list.
            if tag != nil, preferences.keyMap.command(for: key, in: .tagList) == .back { return .back }
            return nil
        }
        if ListCommand.apply(command, to: &state, count: entries.count) { return nil }
        switch command {
        case .open:
            switch selectedEntry {
            case .feed(let row)?: return .openFeed(row.id)
            case .starred?: return .showStarred
            case .query(let feed, let counts)?: return .openQueryFeed(feed, counts)
            case .heading(let heading)?: return .status(FeedListEntry.notAFeed(heading))
            case nil: return nil
            }
        case .quit: return tag == nil ? .quit : .back
        case .quitAll: return .quit
        case .reload: return selectedFeed.map { .reloadFeed($0.id) } ?? headingRefusal
        case .reloadAll:
            // newsboat's reload-only-visible-feeds: a list narrowed by a tag, a filter or hidden
            // read feeds reloads what it shows.
            guard preferences.reloadsOnlyVisibleFeeds else { return .reloadAll }
            return .reloadFeeds(Set(entries.compactMap { if case .feed(let row) = $0 { row.id } else { nil } }))
        case .clearTag: return tag == nil ? .status("No tag is selected") : .clearTag
        case .editURLs: return .editURLs
        case .gotoTitle: return .askForFeedTitle
        case .reloadURLs: return .reloadURLs
        case .markFeedRead: return selectedFeed.map { .markFeedRead($0.id) } ?? headingRefusal
        case .toggleShowRead: return .toggleShowRead(articles: false)
        case .markAllFeedsRead: return .markAllFeedsRead
        case .openInBrowser:
            guard let feed = selectedFeed else { return headingRefusal }
            guard let link = feed.link else { return .status("This feed has no website link") }
            return .openInBrowser(link)
        case .nextUnread: return .nextUnread(from: nil)
        case .previousUnread: return .previousUnread(from: nil)
        case .randomUnread: return .randomUnread
        case .openInBrowserNoninteractively:
            guard let feed = selectedFeed else { return headingRefusal }
            guard let link = feed.link else { return .status("This feed has no website link") }
            return .openInBrowserNoninteractively(link)
        case .openAllUnreadInBrowser: return selectedFeed.map { .openAllUnread(ofFeed: $0.id, markingRead: false) }
        case .openAllUnreadInBrowserAndMarkRead: return selectedFeed.map { .openAllUnread(ofFeed: $0.id, markingRead: true) }
        case .help: return .showHelp
        case .addFeed: return .addFeed(tag: tag)
        case .renameFeed: return feedIntent("rename") { .renameFeed($0.id) }
        case .editTags: return feedIntent("tag") { .editTags($0.id) }
        case .deleteFeed: return feedIntent("delete") { .deleteFeed($0.id) }
        case .moveFeedUp: return move(by: -1)
        case .moveFeedDown: return move(by: 1)
        case .selectTag: return .showTags
        case .search: return .openSearch(text: "")
        case .quickFilter:
            filter = nil
            quickFilter.begin()
            return nil
        case .sort: return .chooseSortOrder(SortQuestion(subject: .feeds, isReversed: false))
        case .reverseSort: return .chooseSortOrder(SortQuestion(subject: .feeds, isReversed: true))
        case .setFilter: return .askForFilter
        case .selectFilter: return .chooseFilter
        case .clearFilter:
            if filter != nil { _ = applyFilter(nil) }
            return nil
        default: return nil
        }
    }

    /// Lists only the feeds `filter` keeps (nil: all of them again), the quick filter cleared.
    func applyFilter(_ filter: ListFilter?) -> Bool {
        if quickFilter.isActive || quickFilter.isEditing { quickFilter.clear() }
        let selectedID = selectedFeed?.id
        self.filter = filter
        rebuildEntries()
        state.select(selectedID.flatMap { id in entries.firstIndex { $0.feed?.id == id } } ?? 0, count: entries.count)
        return true
    }

    /// The intent for the selected feed, or why there is none to `verb`.
    private func feedIntent(_ verb: String, _ intent: (FeedListRow) -> ReaderIntent) -> ReaderIntent? {
        if let feed = selectedFeed { return intent(feed) }
        return noFeedSelected(verb)
    }

    private func noFeedSelected(_ verb: String) -> ReaderIntent? {
        if let refusal = headingRefusal { return refusal }
        return selectedEntry == nil ? nil : .status("Select a feed to \(verb) (the Starred entry is not one)")
    }

    /// Why a heading, when one is selected, cannot do what a feed does.
    private var headingRefusal: ReaderIntent? {
        if case .heading(let heading)? = selectedEntry { .status(FeedListEntry.notAFeed(heading)) } else { nil }
    }

    /// Moving a feed swaps it with the feed listed next to it (above for -1), or with the
    /// heading listed next to it: then it moves into the section on the other side of the
    /// heading and no other feed moves. The urls file's order is what moves change, so they are
    /// refused while the list is sorted otherwise: the feed would move in the file but not on
    /// screen.
    private func move(by step: Int) -> ReaderIntent? {
        guard let feed = selectedFeed, let index = rows.firstIndex(where: { $0.id == feed.id }) else {
            return noFeedSelected("move")
        }
        if entries.indices.contains(state.selection + step), case .heading(let heading) = entries[state.selection + step] {
            return .moveFeedPastHeading(feed.id, heading)
        }
        let order = preferences.feedSortOrder
        // Reversed, the list still shows the file's order, and swapping neighbours works alike.
        guard order.field == .none else {
            return .status("Feeds are sorted by \(order.field.rawValue): moving a feed needs the urls file's order (sort, then n)")
        }
        guard rows.indices.contains(index + step) else {
            return .status(step < 0 ? "This feed is already at the top" : "This feed is already at the bottom")
        }
        return .moveFeed(feed.id, past: rows[index + step].id)
    }

    /// Keys for the quick filter: all of them while it is typed (list movement keys still
    /// move), Esc when one is kept. Returns whether the key was the filter's.
    /// Typed into the quick filter; Esc clears it; a list of a tag goes back with the tag list's keys.
    func takesUnboundKey(_ key: Key) -> Bool {
        quickFilter.isEditing || (key == .escape && quickFilter.isActive)
            || (tag != nil && preferences.keyMap.command(for: key, in: .tagList) == .back)
    }

    private func handleQuickFilter(_ key: Key) -> Bool {
        if !quickFilter.isEditing {
            guard key == .escape, quickFilter.isActive else { return false }
            quickFilter.clear()
        } else if [.up, .down, .pageUp, .pageDown].contains(key) {
            return state.handleNavigationKey(key, count: entries.count)
        } else if quickFilter.handle(key) == .none {
            return true
        }
        // The selected feed stays selected when it is still listed; else the first row is.
        let selectedID = selectedFeed?.id
        rebuildEntries()
        state.select(selectedID.flatMap { id in entries.firstIndex { $0.feed?.id == id } } ?? 0, count: entries.count)
        return true
    }
}
