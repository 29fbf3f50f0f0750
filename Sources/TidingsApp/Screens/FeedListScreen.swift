import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// The root screen: one row per subscribed, non-hidden feed, in urls-file order (or as
/// `feed-sort-order` or `sort` says), under a "Starred" entry while any article is starred. The
/// same screen, given a tag, lists only the feeds with that tag (opened from the tag list; it has
/// no Starred entry and `q` goes back). The urls file's headings (`"--- BLOGS ---"`) are rows in
/// their place between the feeds, while the list is in the file's order (see `showsHeadings`).
///
/// The keys that edit the feed list (add, rename, tags, delete, move) become intents that the
/// reader carries out on the urls file.
struct FeedListScreen: ReaderScreen, TypingScreen, FeedListing, RowsScreen, FilteredScreen {
    let id: ScreenID
    /// The feeds as read, in the list's order, before any filter.
    private(set) var unfilteredRows: [FeedListRow] = []
    private(set) var state = ListState()
    /// The tag this list is limited to, if it is.
    let tag: String?
    /// The quick filter (`F`).
    private(set) var quickFilter = QuickFilter()
    /// The filter expression in force (`set-filter`, `select-filter`), tested on each feed.
    private(set) var filter: ListFilter?
    private var starredCounts = ItemCounts.zero
    /// When the last session ended and what arrived since (the "New since last time" entry).
    private var newSince: FeedListQuery.NewSince?
    /// The urls file's query feeds (listed in the root list only, under the Starred entry),
    /// and their counts once read.
    private var queryFeeds: [QueryFeed]
    private var queryCounts: [ItemCounts]?
    /// The urls file's headings (those with the tag, in a tag's list), in file order.
    private var headings: [UrlsHeading]
    /// A count of the query feeds is being read; another is due when it is answered. During a
    /// reload the list refreshes at the spinner's pace, faster than a scan of a large cache: one
    /// scan at a time keeps the read queue free for the feeds' own rows.
    private var isCountingQueries = false
    private var needsQueryRecount = false
    /// False until the first answer from the cache.
    private(set) var isLoaded = false
    /// Counts refreshes, so that an answer overtaken by a newer question is dropped.
    private var refreshNumber = 0
    /// The store generation the rows were read at (see `PendingMarks`).
    private(set) var dataGeneration: Int64?
    /// The entry selected when the list was asked for again, selected again in the answer.
    private var selectedBeforeRead: FeedListEntry?
    /// The entries as last laid out: what the user sees, which `:N` and a selection by feed
    /// count in.
    private(set) var shown: [FeedListEntry] = []

    /// - Parameter tag: list only the feeds with this tag.
    init(id: ScreenID, tag: String? = nil, queryFeeds: [QueryFeed] = [], headings: [UrlsHeading] = []) {
        self.id = id
        self.tag = tag
        self.queryFeeds = tag == nil ? queryFeeds : []
        self.headings = Self.listed(headings, tag: tag)
    }

    var keyContext: KeyMap.Context { .feedList }

    private func hidesFeedsWithoutUnread(_ context: ScreenContext) -> Bool { !context.config[\.showReadFeeds] }

    func title(_ context: ScreenContext) -> ScreenTitle {
        let rows = rows(context)
        let unread = rows.reduce(0) { $0 + $1.unreadCount }
        if let formatted = context.formattedTitle(.feedListTitle, [
            "T": tag ?? "", "t": String(rows.count), "u": String(rows.count { $0.unreadCount > 0 }), "U": String(unread), "F": filter?.label ?? "",
        ]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        let left = tag.map { "Tidings — Feeds tagged \(Excerpt($0))" } ?? "Tidings — Feeds"
        let listed = filteredRows(context)
        let right: String
        if quickFilter.isActive {
            right = quickFilter.detail(matching: listed.count, of: unfilteredRows.count)
        } else if let filter {
            right = "filter: \(Excerpt(filter.label)) (\(listed.count) of \(unfilteredRows.count))"
        } else {
            right = "\(unread) unread in \(rows.count) feed\(rows.count == 1 ? "" : "s")"
        }
        return ScreenTitle(left: left, right: right)
    }

    // MARK: - What is listed

    /// The feeds listed, in order, with the marks not yet written: narrowed by the quick filter
    /// or the filter expression.
    func rows(_ context: ScreenContext) -> [FeedListRow] {
        filteredRows(context)
    }

    private func filteredRows(_ context: ScreenContext) -> [FeedListRow] {
        let rows = context.marks.apply(to: quickFilter.filter(unfilteredRows, title: \.displayTitle), readAt: dataGeneration)
        guard let filter else { return rows }
        return rows.filter { filter.keeps($0, now: context.now) }
    }

    /// What the list shows, in order: the Starred entry (while there are starred articles), the
    /// query feeds (when no filter narrows the list), then the feeds among their headings. The
    /// selection indexes these.
    func entries(_ context: ScreenContext) -> [FeedListEntry] {
        let rows = filteredRows(context)
        let hides = hidesFeedsWithoutUnread(context)
        let starred = context.marks.apply(to: starredCounts, readAt: dataGeneration)
        let isFiltered = quickFilter.isActive || filter != nil
        // The Starred entry follows show-read-feeds like a feed: with it off, only while a
        // starred article is unread.
        let showsStarred = tag == nil && starred.total > 0 && !isFiltered && (!hides || starred.unread > 0)
        // With show-read-feeds off, a query feed with nothing unread is left out like a feed.
        let queries: [FeedListEntry] = isFiltered ? [] : queryFeeds.enumerated().compactMap { index, feed in
            let counts = queryCounts.map { $0.indices.contains(index) ? $0[index] : .zero }
            if hides, let counts, counts.unread == 0 { return nil }
            return .query(feed, counts)
        }
        // First when anything arrived since the last session, as a query feed would be.
        let arrived: [FeedListEntry] = newSince.flatMap { new in
            let counts = context.marks.apply(to: new.counts, readAt: dataGeneration)
            return tag == nil && !isFiltered && counts.total > 0 && (!hides || counts.unread > 0) ? [.newSince(new.since, counts)] : nil
        } ?? []
        // The rows are copied once, into the list: it is built several times a frame, and a
        // thousand feeds' rows copied four times each took most of a key's time in a reload.
        let above = arrived + (showsStarred ? [.starred(starred)] : []) + queries
        if showsHeadings(context) { return FeedListEntry.placing(headings, among: rows, after: above) }
        var entries = above
        entries.reserveCapacity(above.count + rows.count)
        entries.append(contentsOf: rows.lazy.map { .feed($0) })
        return entries
    }

    /// Headings head the feeds below them in the urls file: they are shown while the list is in
    /// that order and complete. With show-read-feeds off they are left out as newsboat leaves out
    /// a feed with nothing unread; a filter or another sort order would put them above feeds they
    /// do not head.
    private func showsHeadings(_ context: ScreenContext) -> Bool {
        !quickFilter.isActive && filter == nil && !hidesFeedsWithoutUnread(context) && context.config[\.feedSortOrder] == .urlsFile
    }

    /// The headings a list shows: not hidden (`"!"`), and with its tag when it has one.
    private static func listed(_ headings: [UrlsHeading], tag: String?) -> [UrlsHeading] {
        headings.filter { !$0.isHidden && (tag.map($0.tags.contains) ?? true) }
    }

    /// The selected row, if the list is not empty.
    func selectedEntry(_ context: ScreenContext) -> FeedListEntry? {
        let entries = entries(context)
        return entries.indices.contains(state.selection) ? entries[state.selection] : nil
    }

    /// The selected feed; nil when the list is empty or another entry is selected.
    func selectedFeed(_ context: ScreenContext) -> FeedListRow? {
        selectedEntry(context)?.feed
    }

    // MARK: - Reading

    /// Reads the feed list again, keeping the same row selected when it is still listed.
    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect] {
        refreshNumber += 1
        selectedBeforeRead = selectedBeforeRead ?? (isLoaded ? selectedEntry(context) : nil)
        let filter = FeedListFilter(hidesFeedsWithoutUnread: hidesFeedsWithoutUnread(context), tag: tag)
        return [.read(FeedListQuery(filter: filter, folds: context.config[\.foldDuplicates]), route: ScreenTicket(screen: id, request: refreshNumber))] + refreshQueryCounts(context)
    }

    /// Reads the query feeds' counts in a read of their own: they scan every article, and the
    /// feeds must not wait for them (the rows show `(…)` until they come).
    private mutating func refreshQueryCounts(_ context: ScreenContext) -> [ReaderEffect] {
        guard !queryFeeds.isEmpty else { return [] }
        guard !isCountingQueries else {
            needsQueryRecount = true
            return []
        }
        isCountingQueries = true
        return [.read(QueryCountsQuery(expressions: queryFeeds.map(\.expression), now: context.now, folds: context.config[\.foldDuplicates]), route: ScreenTicket(screen: id, request: 0))]
    }

    /// Takes the feed list as read.
    mutating func take(_ result: StoreResult<FeedListQuery.Answer>, _ ticket: ScreenTicket, _ context: ScreenContext) -> [ReaderEffect] {
        guard ticket.request == refreshNumber, case .success(let answer) = result else { return [] }
        dataGeneration = answer.generation
        unfilteredRows = context.config[\.feedSortOrder].sorted(answer.rows)
        starredCounts = answer.starredCounts
        newSince = answer.newSince
        isLoaded = true
        reselect(selectedBeforeRead, context)
        selectedBeforeRead = nil
        return []
    }

    /// Takes the query feeds' counts.
    mutating func takeCounts(_ result: StoreResult<[ItemCounts]>, _ ticket: ScreenTicket, _ context: ScreenContext) -> [ReaderEffect] {
        isCountingQueries = false
        let selected = selectedEntry(context)
        if case .success(let counts) = result { queryCounts = counts }
        reselect(selected, context)
        guard needsQueryRecount else { return [] }
        needsQueryRecount = false
        return refreshQueryCounts(context)
    }

    /// Selects `entry` again where it is listed now; keeps the selection's place otherwise.
    private mutating func reselect(_ entry: FeedListEntry?, _ context: ScreenContext) {
        let entries = entries(context)
        shown = entries
        let index: Int? = switch entry {
        case .feed(let row)?: entries.firstIndex { $0.feed?.id == row.id }
        case .starred?: entries.firstIndex { $0.isStarred }
        case .newSince?: entries.firstIndex { if case .newSince = $0 { true } else { false } }
        case .query(let feed, _)?: entries.firstIndex { if case .query(feed, _) = $0 { true } else { false } }
        case .heading(let heading)?: entries.firstIndex { if case .heading(heading) = $0 { true } else { false } }
        case nil: nil
        }
        if let index {
            state.select(index, count: entries.count)
        } else {
            state.layout(count: entries.count, visibleRows: state.visibleRows)
        }
    }

    /// Takes the urls file's headings as it is now written (after an edit or `reload-urls`).
    mutating func takeHeadings(_ headings: [UrlsHeading]) {
        self.headings = Self.listed(headings, tag: tag)
    }

    /// Takes the urls file's query feeds as it is now written (`reload-urls`, `edit-urls`); their
    /// counts are read again with the list.
    mutating func takeQueryFeeds(_ feeds: [QueryFeed]) {
        guard tag == nil, feeds != queryFeeds else { return }
        queryFeeds = feeds
        queryCounts = nil
    }

    // MARK: - Layout and drawing

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        let listArea = quickFilter.isEditing && area.height > 1 ? area.inset(top: 0, bottom: 1) : area
        quickFilter.layout(in: area.bottomRows(1))
        shown = entries(context)
        state.layout(count: shown.count, visibleRows: listArea.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        var area = area
        if quickFilter.isEditing && area.height > 1 {
            quickFilter.render(into: &grid, in: area.bottomRows(1))
            area = area.inset(top: 0, bottom: 1)
        }
        let entries = entries(context)
        let rows = entries.compactMap(\.feed)
        let starredWidth = entries.prefix { $0.feed == nil }.map { entry in
            switch entry {
            case .starred(let counts), .query(_, let counts?): FeedListEntryRenderer.countText(counts).count
            default: 0
            }
        }.max() ?? 0
        let format = context.config[\.feedlistFormat]
        let feeds = FeedRowRenderer(
            reloading: context.reloading, spinnerFrame: context.spinnerFrame,
            countWidth: max(starredWidth, FeedRowRenderer.countWidth(for: rows)), theme: context.theme,
            format: format.isEmpty ? nil : ListFormat(format, kind: .feedList),
            positions: format.isEmpty ? [:] : Self.positions(of: entries),
            highlights: context.config.highlights, marksLocalFeeds: context.marksLocalFeeds)
        let row = ListView(source: ArrayDataSource(entries), renderer: FeedListEntryRenderer(feeds: feeds), emptyText: emptyText(context))
            .draw(into: &grid, in: area, state: state)
        return Position(row: row, column: 0)
    }

    /// Each row's 1-based place in the list, for `%i`: what `:N` selects. The Starred entry is
    /// feed 0, a query feed has its own id (see `FeedListEntryRenderer.queryID`).
    private static func positions(of entries: [FeedListEntry]) -> [FeedID: Int] {
        var positions: [FeedID: Int] = [:]
        for (index, entry) in entries.enumerated() {
            switch entry {
            case .feed(let row): positions[row.id] = index + 1
            case .query(let feed, _): positions[FeedListEntryRenderer.queryID(feed)] = index + 1
            case .heading(let heading): positions[FeedListEntryRenderer.headingID(heading)] = index + 1
            case .starred: positions[FeedID(0)] = index + 1
            case .newSince: positions[FeedListEntryRenderer.newSinceID] = index + 1
            }
        }
        return positions
    }

    private func emptyText(_ context: ScreenContext) -> String {
        if !isLoaded { return "Loading…" }
        if let filter { return "No feed matches the filter \(Excerpt(filter.label))." }
        if quickFilter.isActive { return "No feed title contains \u{201C}\(quickFilter.text)\u{201D}. Esc clears the filter." }
        let hides = hidesFeedsWithoutUnread(context)
        if let tag {
            return hides ? "No feed tagged \(Excerpt(tag)) has unread articles (show-read-feeds is off)." : "No feed is tagged \(Excerpt(tag)) any more."
        }
        if hides { return "No feed has unread articles (show-read-feeds is off). R reloads them all." }
        guard let addKey = context.key(for: .addFeed, in: .feedList) else {
            return "The urls file lists no feeds yet: add one with `tidings add URL`."
        }
        return "No feeds yet: press \(addKey) to add one by its URL (or run `tidings add URL`)."
    }

    // MARK: - Keys

    /// Typed into the quick filter; Esc clears it; a list of a tag goes back with the tag list's
    /// keys the feed list does not bind.
    func takesTyped(_ key: Key, _ context: ScreenContext) -> Bool {
        quickFilter.isEditing || (key == .escape && quickFilter.isActive)
            || (tag != nil && context.keyMap.command(for: key, in: .feedList) == nil && context.keyMap.command(for: key, in: .tagList) == .back)
    }

    mutating func handleTyped(_ key: Key, _ context: ScreenContext) -> ScreenResponse {
        if !quickFilter.isActive && !quickFilter.isEditing { return .intent(.back) }
        let selectedID = selectedFeed(context)?.id
        if !quickFilter.isEditing {
            quickFilter.clear()
        } else if [.up, .down, .pageUp, .pageDown].contains(key) {
            _ = state.handleNavigationKey(key, count: entries(context).count)
            return .none
        } else if quickFilter.handle(key) == .none {
            return .none
        }
        // The selected feed stays selected when it is still listed; else the first row is.
        let entries = entries(context)
        shown = entries
        state.select(selectedID.flatMap { id in entries.firstIndex { $0.feed?.id == id } } ?? 0, count: entries.count)
        return .none
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        let entries = entries(context)
        shown = entries
        if ListCommand.apply(command, to: &state, count: entries.count) { return .none }
        let selectedEntry = entries.indices.contains(state.selection) ? entries[state.selection] : nil
        let selectedFeed = selectedEntry?.feed
        let headingRefusal: ReaderIntent? = if case .heading(let heading)? = selectedEntry { .status(FeedListEntry.notAFeed(heading)) } else { nil }
        func noFeedSelected(_ verb: String) -> ReaderIntent? {
            headingRefusal ?? (selectedEntry == nil ? nil : .status("Select a feed to \(verb) (the Starred entry is not one)"))
        }
        func feedIntent(_ verb: String, _ intent: (FeedListRow) -> ReaderIntent) -> ScreenResponse {
            .intent(selectedFeed.map(intent) ?? noFeedSelected(verb))
        }
        func link(_ open: (String) -> ReaderIntent) -> ScreenResponse {
            guard let feed = selectedFeed else { return .intent(headingRefusal) }
            guard let link = feed.link else { return .status("This feed has no website link") }
            return .intent(open(link))
        }
        switch command {
        case .open:
            switch selectedEntry {
            case .feed(let row)?: return .intent(.openFeed(row.id))
            case .starred?: return .intent(.showStarred)
            case .newSince(let since, let counts)?: return .intent(.showNewSince(since, counts))
            case .query(let feed, let counts)?: return .intent(.openQueryFeed(feed, counts))
            case .heading(let heading)?: return .status(FeedListEntry.notAFeed(heading))
            case nil: return .none
            }
        case .quit: return .intent(tag == nil ? .quit : .back)
        case .quitAll: return .intent(.quit)
        case .reload: return .intent(selectedFeed.map { .reloadFeed($0.id) } ?? headingRefusal)
        case .reloadAll:
            // newsboat's reload-only-visible-feeds: a list narrowed by a tag, a filter or hidden
            // read feeds reloads what it shows.
            guard context.config[\.reloadOnlyVisibleFeeds] else { return .intent(.reloadAll) }
            return .intent(.reloadFeeds(Set(entries.compactMap(\.feed?.id))))
        case .clearTag: return .intent(tag == nil ? .status("No tag is selected") : .clearTag)
        case .editURLs: return .intent(.editURLs)
        case .gotoTitle: return .intent(.askForFeedTitle)
        case .reloadURLs: return .intent(.reloadURLs)
        case .markFeedRead: return .intent(selectedFeed.map { .markFeedRead($0.id) } ?? headingRefusal)
        case .toggleShowRead: return .intent(.toggleShowRead(articles: false))
        case .markAllFeedsRead: return .intent(.markAllFeedsRead)
        case .openInBrowser: return link { .openInBrowser($0) }
        case .openInBrowserNoninteractively: return link { .openInBrowserNoninteractively($0) }
        case .nextUnread: return .intent(.nextUnread(from: nil))
        case .previousUnread: return .intent(.previousUnread(from: nil))
        case .randomUnread: return .intent(.randomUnread)
        case .openAllUnreadInBrowser: return .intent(selectedFeed.map { .openAllUnread(ofFeed: $0.id, markingRead: false) })
        case .openAllUnreadInBrowserAndMarkRead: return .intent(selectedFeed.map { .openAllUnread(ofFeed: $0.id, markingRead: true) })
        case .help: return .intent(.showHelp)
        case .addFeed: return .intent(.addFeed(tag: tag))
        case .renameFeed: return feedIntent("rename") { .renameFeed($0.id) }
        case .editTags: return feedIntent("tag") { .editTags($0.id) }
        case .deleteFeed: return feedIntent("delete") { .deleteFeed($0.id) }
        case .moveFeedUp: return .intent(move(by: -1, entries: entries, context) ?? noFeedSelected("move"))
        case .moveFeedDown: return .intent(move(by: 1, entries: entries, context) ?? noFeedSelected("move"))
        case .selectTag: return .intent(.showTags)
        case .feedHealth: return .intent(.showFeedHealth)
        case .search: return .intent(.openSearch(text: ""))
        case .quickFilter:
            filter = nil
            quickFilter.begin()
            return .none
        case .sort: return .intent(.chooseSortOrder(SortQuestion(subject: .feeds, isReversed: false)))
        case .reverseSort: return .intent(.chooseSortOrder(SortQuestion(subject: .feeds, isReversed: true)))
        case .setFilter: return .intent(.askForFilter)
        case .selectFilter: return .intent(.chooseFilter)
        case .clearFilter:
            return .reads(filter != nil ? applyFilter(nil, context) : [])
        default: return .none
        }
    }

    /// Lists only the feeds `filter` keeps (nil: all of them again), the quick filter cleared.
    mutating func applyFilter(_ filter: ListFilter?, _ context: ScreenContext) -> [ReaderEffect] {
        if quickFilter.isActive || quickFilter.isEditing { quickFilter.clear() }
        let selectedID = selectedFeed(context)?.id
        self.filter = filter
        let entries = entries(context)
        shown = entries
        state.select(selectedID.flatMap { id in entries.firstIndex { $0.feed?.id == id } } ?? 0, count: entries.count)
        return []
    }

    /// Moving a feed swaps it with the feed listed next to it (above for -1), or with the heading
    /// listed next to it: then it moves into the section on the other side of the heading and no
    /// other feed moves. The urls file's order is what moves change, so they are refused while
    /// the list is sorted otherwise: the feed would move in the file but not on screen. Nil when
    /// no feed is selected.
    private func move(by step: Int, entries: [FeedListEntry], _ context: ScreenContext) -> ReaderIntent? {
        let rows = entries.compactMap(\.feed)
        guard entries.indices.contains(state.selection), let feed = entries[state.selection].feed,
              let index = rows.firstIndex(where: { $0.id == feed.id })
        else { return nil }
        if entries.indices.contains(state.selection + step), case .heading(let heading) = entries[state.selection + step] {
            return .moveFeedPastHeading(feed.id, heading)
        }
        let order = context.config[\.feedSortOrder]
        // Reversed, the list still shows the file's order, and swapping neighbours works alike.
        guard order.field == .none else {
            return .status("Feeds are sorted by \(order.field.rawValue): moving a feed needs the urls file's order (sort, then n)")
        }
        guard rows.indices.contains(index + step) else {
            return .status(step < 0 ? "This feed is already at the top" : "This feed is already at the bottom")
        }
        return .moveFeed(feed.id, past: rows[index + step].id)
    }

    // MARK: - What the reader asks

    func listedFeed(_ id: FeedID, _ marks: PendingMarks) -> FeedListRow? {
        unfilteredRows.first { $0.id == id }.map { marks.apply(to: $0, readAt: dataGeneration) }
    }

    func feed(besides id: FeedID, forward: Bool) -> FeedListRow? {
        guard let index = unfilteredRows.firstIndex(where: { $0.id == id }) else { return nil }
        let next = forward ? index + 1 : index - 1
        return unfilteredRows.indices.contains(next) ? unfilteredRows[next] : nil
    }

    /// The place of the first feed or query feed whose title contains `text` (case ignored),
    /// in list order.
    func entryIndex(titleContaining text: String) -> Int? {
        let wanted = text.lowercased()
        return shown.firstIndex { entry in
            switch entry {
            case .feed(let row): row.displayTitle.lowercased().contains(wanted)
            case .query(let feed, _): feed.title.lowercased().contains(wanted)
            case .starred, .newSince, .heading: false
            }
        }
    }

    mutating func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: shown.count)
    }

    func row(atLine line: Int, _ context: ScreenContext) -> Int? {
        state.row(atLine: line, count: shown.count)
    }

    var selectedRow: Int { state.selection }

    mutating func select(feedURL url: String) {
        if let id = unfilteredRows.first(where: { $0.url == url })?.id { select(feed: id) }
    }

    /// Selects the feed with `id` if it is listed.
    mutating func select(feed id: FeedID) {
        if let index = shown.firstIndex(where: { $0.feed?.id == id }) { state.select(index, count: shown.count) }
    }
}
