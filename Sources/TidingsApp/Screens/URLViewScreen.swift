import Configuration
import FeedModel
import FeedStore
import TerminalUI

/// Every link, image and enclosure of an article, numbered as in the article view (newsboat's
/// `show-urls`); Enter opens the selected one — a link or image in the browser, an enclosure, a
/// video or an audio with the `player` option when it is set (else the browser too).
struct URLViewScreen: ReaderScreen, JumpClosedScreen {
    let id: ScreenID
    let urls: [ArticleURL]
    private(set) var state = ListState()
    private let articleTitle: String

    init(id: ScreenID, urls: [ArticleURL], articleTitle: String) {
        self.id = id
        self.urls = urls
        self.articleTitle = articleTitle
    }

    var keyContext: KeyMap.Context { .urlView }

    func title(_ context: ScreenContext) -> ScreenTitle {
        if let formatted = context.formattedTitle(.urlViewTitle, [:]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        return ScreenTitle(left: "URLs — \(articleTitle)", right: urls.count == 1 ? "1 URL" : "\(urls.count) URLs")
    }

    /// The URL view goes when `n`/`p` jump to another article.
    func closesWhenJumping(toFeed feed: FeedID) -> Bool { true }

    var selectedURL: ArticleURL? {
        urls.indices.contains(state.selection) ? urls[state.selection] : nil
    }

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        ListCommand.follow(context.config, in: &state)
        state.layout(count: urls.count, visibleRows: area.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        let numberWidth = "[\(urls.count)]".count
        let labelWidth = min(urls.map { DisplayWidth.of($0.label) }.max() ?? 0, max(5, area.width / 3))
        let renderer = URLRowRenderer(numberWidth: numberWidth, labelWidth: labelWidth, theme: context.theme)
        let row = ListView(source: ArrayDataSource(urls), renderer: renderer, emptyText: "This article has no links, images or enclosures.")
            .draw(into: &grid, in: area, state: state)
        return Position(row: row, column: 0)
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        ListCommand.follow(context.config, in: &state)
        if ListCommand.apply(command, to: &state, count: urls.count) { return .none }
        switch command {
        case .open:
            guard let selected = selectedURL else { return .none }
            return .intent(selected.opensWithPlayer ? .openEnclosure(selected.url) : .openInBrowser(selected.url))
        case .openInBrowser: return .intent(selectedURL.map { .openInBrowser($0.url) })
        case .openInBrowserNoninteractively: return .intent(selectedURL.map { .openInBrowserNoninteractively($0.url) })
        // As in newsboat: the link alone; its title is made from the URL, the feed's is the article's.
        case .bookmark: return .intent(selectedURL.map { .bookmark(Bookmark(url: $0.url, title: "", feedTitle: "")) })
        case .back: return .intent(.back)
        case .quit, .quitAll: return .intent(.quit)
        case .help: return .intent(.showHelp)
        default: return .intent(command.openedURLNumber.map { ArticleScreen.open($0, of: urls) })
        }
    }
}
