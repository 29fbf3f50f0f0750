import Configuration
import FeedStore
import TerminalUI

/// The tags of the feed list, each with its number of feeds and unread articles; choosing one
/// shows the feed list limited to that tag.
///
/// ```
/// N news         3 feeds, 12 unread
///   long reads   1 feed
/// ```
struct TagListScreen: ReaderScreen {
    let id: ScreenID
    private(set) var rows: [TagSummary] = []
    private(set) var state = ListState()
    /// False until the first answer from the cache.
    private(set) var isLoaded = false
    private var refreshNumber = 0

    init(id: ScreenID) {
        self.id = id
    }

    var keyContext: KeyMap.Context { .tagList }

    func title(_ context: ScreenContext) -> ScreenTitle {
        if let formatted = context.formattedTitle(.selectTagTitle, [:]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        return ScreenTitle(left: "Tidings — Tags", right: "\(rows.count) tag\(rows.count == 1 ? "" : "s")")
    }

    /// The selected tag, if there is any.
    var selectedTag: TagSummary? {
        rows.indices.contains(state.selection) ? rows[state.selection] : nil
    }

    /// Reads the tags again.
    mutating func refresh(_ context: ScreenContext) -> [ReaderEffect] {
        refreshNumber += 1
        return [.read(TagSummariesQuery(), route: ScreenTicket(screen: id, request: refreshNumber))]
    }

    /// Takes the tags as read, keeping the same tag selected when it is still there.
    mutating func take(_ result: StoreResult<[TagSummary]>, _ ticket: ScreenTicket) {
        guard ticket.request == refreshNumber, case .success(let tags) = result else { return }
        let selected = selectedTag?.tag
        rows = tags
        isLoaded = true
        if let selected, let index = rows.firstIndex(where: { $0.tag == selected }) {
            state.select(index, count: rows.count)
        } else {
            state.layout(count: rows.count, visibleRows: state.visibleRows)
        }
    }

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        state.layout(count: rows.count, visibleRows: area.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        let widest = rows.map { DisplayWidth.of($0.tag, limit: area.width) }.max() ?? 0
        let format = context.config.titleFormats[.tagList]
        let positions = format == nil ? [:] : Dictionary(rows.enumerated().map { ($1.tag, $0) }) { first, _ in first }
        let renderer = TagRowRenderer(tagWidth: min(widest, max(8, area.width / 2)), theme: context.theme, format: format, positions: positions)
        let row = ListView(source: ArrayDataSource(rows), renderer: renderer, emptyText: emptyText(context))
            .draw(into: &grid, in: area, state: state)
        return Position(row: row, column: 0)
    }

    private func emptyText(_ context: ScreenContext) -> String {
        if !isLoaded { return "Loading…" }
        let how = context.key(for: .editTags, in: .feedList).map { "select a feed in the feed list and press \($0)" }
            ?? "add tags after a feed's URL in the urls file"
        return "No feed has tags yet: to tag one, \(how)."
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        if ListCommand.apply(command, to: &state, count: rows.count) { return .none }
        switch command {
        case .open: return .intent(selectedTag.map { .showTag($0.tag) })
        case .back: return .intent(.back)
        case .quit, .quitAll: return .intent(.quit)
        case .search: return .intent(.openSearch(text: ""))
        case .help: return .intent(.showHelp)
        default: return .none
        }
    }
}
