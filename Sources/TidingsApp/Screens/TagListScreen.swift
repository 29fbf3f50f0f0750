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
@MainActor
public final class TagListScreen: ReaderScreen, CacheScreen {
    public private(set) var rows: [TagSummary] = []
    public private(set) var state = ListState()
    private let storeView: StoreView
    private var preferences: ReaderPreferences {
        didSet { ListCommand.follow(preferences.lists, in: &state) }
    }
    private var parkRow = 0
    /// False until the first answer from the store.
    public private(set) var isLoaded = false
    private var refreshNumber = 0

    public init(storeView: StoreView, preferences: ReaderPreferences = ReaderPreferences()) {
        self.storeView = storeView
        self.preferences = preferences
        ListCommand.follow(preferences.lists, in: &state)
        refresh()
    }

    var keyContext: KeyMap.Context { .tagList }

    public var title: String { preferences.formattedTitle(.selectTagTitle, [:])?.left ?? "Tidings — Tags" }

    public var titleFill: Character? { preferences.formattedTitle(.selectTagTitle, [:])?.fill }

    public var titleDetail: String {
        preferences.formattedTitle(.selectTagTitle, [:])?.right ?? "\(rows.count) tag\(rows.count == 1 ? "" : "s")"
    }

    /// The selected tag, if there is any.
    public var selectedTag: TagSummary? {
        rows.indices.contains(state.selection) ? rows[state.selection] : nil
    }

    /// Reads the tags again, keeping the same tag selected when it is still there.
    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
    }

    public func refresh() {
        refreshNumber += 1
        let number = refreshNumber
        storeView.read(.tagSummaries) { [weak self] answer in
            guard let self, case .tags(let tags)? = answer, number == self.refreshNumber else { return }
            self.show(tags)
        }
    }

    private func show(_ tags: [TagSummary]) {
        let selected = selectedTag?.tag
        rows = tags
        isLoaded = true
        if let selected, let index = rows.firstIndex(where: { $0.tag == selected }) {
            state.select(index, count: rows.count)
        } else {
            state.layout(count: rows.count, visibleRows: state.visibleRows)
        }
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        let widest = rows.map { DisplayWidth.of($0.tag, limit: area.width) }.max() ?? 0
        let format = preferences.titleFormats[.tagList]
        let positions = format == nil ? [:] : Dictionary(rows.enumerated().map { ($1.tag, $0) }) { first, _ in first }
        let renderer = TagRowRenderer(tagWidth: min(widest, max(8, area.width / 2)), theme: preferences.theme, format: format, positions: positions)
        ListView(source: ArrayDataSource(rows), renderer: renderer, emptyText: emptyText)
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<ArrayDataSource<TagSummary>, TagRowRenderer>.selectedRow(in: area, state: state)
    }

    private var emptyText: String {
        if !isLoaded { return "Loading…" }
        let tagKey = preferences.keyMap.bindings(for: .feedList).first { $0.command == .editTags }?.keys.first
        let how = tagKey.map { "select a feed in the feed list and press \($0)" } ?? "add tags after a feed's URL in the urls file"
        return "No feed has tags yet: to tag one, \(how)."
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .tagList) else { return nil }
        if ListCommand.apply(command, to: &state, count: rows.count) { return nil }
        switch command {
        case .open: return selectedTag.map { .showTag($0.tag) }
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .search: return .openSearch(text: "")
        case .help: return .showHelp
        default: return nil
        }
    }
}
