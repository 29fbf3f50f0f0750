import Configuration
import FeedStore
import FeedServices
import TerminalUI

/// The feeds a web page announces, when the address given to `a` was that page and it announces
/// several: Enter adds the one selected (fetched first, as a typed one is); Esc leaves them all.
struct FeedChoiceScreen: ReaderScreen {
    let id: ScreenID
    let pageURL: String
    let feeds: [FeedLinkDiscovery.FeedLink]
    /// The tag the feed gets (added from a tag's feed list).
    let tag: String?
    private(set) var state = ListState()

    init(id: ScreenID, pageURL: String, feeds: [FeedLinkDiscovery.FeedLink], tag: String?) {
        self.id = id
        self.pageURL = pageURL
        self.feeds = feeds
        self.tag = tag
    }

    /// A list of addresses to open, as the URL view is: its keys.
    var keyContext: KeyMap.Context { .urlView }

    func title(_ context: ScreenContext) -> ScreenTitle {
        ScreenTitle(left: "Feeds of \(DisplayName(pageURL).text)", right: "\(feeds.count) feeds")
    }

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        state.layout(count: feeds.count, visibleRows: area.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        let titleWidth = min(feeds.map { DisplayWidth.of($0.title ?? "(no title)") }.max() ?? 0, max(5, area.width / 3))
        let row = ListView(source: ArrayDataSource(feeds), renderer: FeedLinkRowRenderer(titleWidth: titleWidth), emptyText: "")
            .draw(into: &grid, in: area, state: state)
        return Position(row: row, column: 0)
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        if ListCommand.apply(command, to: &state, count: feeds.count) { return .none }
        switch command {
        case .open:
            guard feeds.indices.contains(state.selection) else { return .none }
            return .intent(.addFeedAt(url: feeds[state.selection].url, tag: tag))
        case .openInBrowser: return .intent(.openInBrowser(pageURL))
        case .back: return .intent(.back)
        case .quit, .quitAll: return .intent(.quit)
        case .help: return .intent(.showHelp)
        default: return .none
        }
    }
}
