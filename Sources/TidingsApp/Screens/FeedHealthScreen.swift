import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI

/// The feeds' health (`feed-health`, `H` in the feed list): a row per feed saying what its
/// fetches came to — failing (the error, how many times in a row, when it is tried again), moved
/// (to where), held back by its server (until when), silent (nothing new for 90 days) — those
/// with something wrong first, then the others with their last fetch and their next one. The
/// feed list's keys act on the selected feed: `r` tries it again, Enter opens its articles, `o`
/// its website, `D` removes it, `e` renames it, `T` edits its tags, and `M` writes the address
/// a moved feed moved to in its urls-file line.
struct FeedHealthScreen: ReaderScreen, FeedRowsScreen, RowsScreen, JumpClosedScreen {
    /// Days without a new article after which a feed is called silent (`tidings feeds --stale`'s
    /// default).
    static let silentDays = 90

    let id: ScreenID
    private(set) var state = ListState()
    private var feeds: [FeedHealth] = []
    private var isLoaded = false
    private var requestNumber = 0

    init(id: ScreenID) {
        self.id = id
    }

    var keyContext: KeyMap.Context { .feedList }

    func title(_ context: ScreenContext) -> ScreenTitle {
        let failing = feeds.count { $0.isFailing }
        let moved = feeds.count { $0.movedTo != nil }
        var parts = ["\(failing) failing"]
        if moved > 0 { parts.append("\(moved) moved") }
        parts.append("\(feeds.count) feed\(feeds.count == 1 ? "" : "s")")
        return ScreenTitle(left: "Feeds' health", right: isLoaded ? parts.joined(separator: ", ") : "")
    }

    // MARK: - Reading

    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect] {
        requestNumber += 1
        return [.read(FeedHealthQuery(), route: ScreenTicket(screen: id, request: requestNumber))]
    }

    /// Takes the feeds as read, those with something wrong first; the selected feed stays selected.
    mutating func take(_ result: StoreResult<[FeedHealth]>, _ ticket: ScreenTicket, _ context: ScreenContext) {
        guard ticket.request == requestNumber, case .success(let read) = result else { return }
        let selected = feeds.indices.contains(state.selection) ? feeds[state.selection].id : nil
        feeds = read.enumerated().sorted { left, right in
            let (a, b) = (Self.urgency(left.element, context.now), Self.urgency(right.element, context.now))
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
        isLoaded = true
        let index = selected.flatMap { id in feeds.firstIndex { $0.id == id } } ?? state.selection
        state.select(index, count: feeds.count)
    }

    /// Failing first, then moved, held back by the server, silent, and the others.
    private static func urgency(_ health: FeedHealth, _ now: Date) -> Int {
        if health.isFailing { return 0 }
        if health.movedTo != nil { return 1 }
        if health.nextFetch(.manual) != nil { return 2 }
        if health.isStale(at: now, days: silentDays) { return 3 }
        return 4
    }

    // MARK: - Drawing

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        state.layout(count: feeds.count, visibleRows: area.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        guard isLoaded else {
            grid.put("Loading…", row: area.row, column: area.column, style: .dim, limit: area.right)
            return nil
        }
        let theme = context.theme
        let dates = Self.dateFormatter(context.timeZone)
        for line in 0..<area.height {
            let index = state.offset + line
            guard feeds.indices.contains(index) else { break }
            let health = feeds[index]
            let (marker, status) = Self.describe(health, dates: dates, now: context.now)
            let isSelected = index == state.selection
            let row = area.row + line
            let base = isSelected ? theme.listFocus : (health.isFailing ? theme.listUnread : theme.listNormal)
            if isSelected { grid.fill(Rect(row: row, column: area.column, height: 1, width: area.width), style: base) }
            var column = grid.put("\(marker) ", row: row, column: area.column, style: isSelected ? base : .bold, limit: area.right)
            let title = DisplayWidth.truncate(health.feed.displayTitle, toWidth: min(40, max(10, area.width / 3)))
            column = grid.put(title + "  ", row: row, column: column, style: base, limit: area.right)
            grid.put(DisplayWidth.truncate(status, toWidth: max(0, area.right - column)), row: row, column: column,
                     style: isSelected ? base : .dim, limit: area.right)
        }
        if feeds.isEmpty {
            grid.put("No feeds yet.", row: area.row, column: area.column, style: .dim, limit: area.right)
        }
        return Position(row: area.row + state.selection - state.offset, column: area.column)
    }

    /// The marker and the words of a feed's row: `!` failing, `>` moved, `~` held back by its
    /// server, `z` silent, a space for a feed that is well.
    static func describe(_ health: FeedHealth, dates formatter: DateFormatter, now: Date) -> (Character, String) {
        let feed = health.feed
        let next = health.nextFetch(.automatic).map { " · next try \(formatter.string(from: $0.until)) (\($0.reason.rawValue))" } ?? ""
        if let error = feed.lastError {
            let times = feed.failureCount > 1 ? " \(feed.failureCount) times in a row" : ""
            return ("!", "failing\(times): \(error)" + next)
        }
        if let moved = health.movedTo {
            return (">", "moved to \(CredentialRedaction.redact(moved)) (M writes it in the urls file)")
        }
        if let wait = health.nextFetch(.manual) {
            return ("~", "its server asked to wait until \(formatter.string(from: wait.until))")
        }
        let newest = feed.newestItemDate.map { "newest article \(formatter.string(from: $0))" } ?? "no article yet"
        if health.isStale(at: now, days: silentDays) {
            return ("z", "silent: \(newest)")
        }
        let last = feed.lastSuccessAt.map { "fetched \(formatter.string(from: $0))" } ?? "never fetched"
        return (" ", "\(last) · \(newest)" + next)
    }

    /// The rows' dates, made once a frame rather than once a row.
    private static func dateFormatter(_ timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        return formatter
    }

    // MARK: - Keys

    private var selected: FeedHealth? { feeds.indices.contains(state.selection) ? feeds[state.selection] : nil }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        if ListCommand.apply(command, to: &state, count: feeds.count) { return .none }
        switch command {
        case .back, .quit: return .intent(.back)
        case .quitAll: return .intent(.quit)
        case .help: return .intent(.showHelp)
        default: break
        }
        guard let feed = selected?.feed else { return .status("No feed selected") }
        switch command {
        case .open: return .intent(.openFeed(feed.id))
        case .reload: return .intent(.reloadFeed(feed.id))
        case .reloadAll: return .intent(.reloadAll)
        case .openInBrowser:
            guard let link = feed.link else { return .status("This feed has no website link") }
            return .intent(.openInBrowser(link))
        case .deleteFeed: return .intent(.deleteFeed(feed.id))
        case .renameFeed: return .intent(.renameFeed(feed.id))
        case .editTags: return .intent(.editTags(feed.id))
        case .adoptMoved:
            guard let target = selected?.movedTo else { return .status("\(feed.displayTitle) has not moved") }
            return .intent(.adoptMove(url: feed.url, to: target))
        default: return .none
        }
    }

    // MARK: - What the reader asks

    func listedFeed(_ id: FeedID, _ marks: PendingMarks) -> FeedListRow? {
        feeds.first { $0.id == id }?.feed
    }

    mutating func selectRow(_ index: Int) -> Bool {
        state.selectRow(index, count: feeds.count)
    }

    func row(atLine line: Int, _ context: ScreenContext) -> Int? {
        state.row(atLine: line, count: feeds.count)
    }

    var selectedRow: Int { state.selection }

    /// Goes when `n`/`p` jump to an article, as the help does.
    func closesWhenJumping(toFeed feed: FeedID) -> Bool { true }
}
