import Configuration
import FeedStore
import TerminalUI

/// Every link, image and enclosure of an article, numbered as in the article view (newsboat's
/// `show-urls`); Enter opens the selected one — a link or image in the browser, an enclosure, a
/// video or an audio with the `player` option when it is set (else the browser too).
@MainActor
public final class URLViewScreen: ReaderScreen, JumpClosedScreen {
    public let urls: [ArticleURL]
    public private(set) var state = ListState()
    private let articleTitle: String
    private var preferences: ReaderPreferences {
        didSet { ListCommand.follow(preferences.lists, in: &state) }
    }
    private var parkRow = 0

    public init(urls: [ArticleURL], articleTitle: String, preferences: ReaderPreferences = ReaderPreferences()) {
        self.urls = urls
        self.articleTitle = articleTitle
        self.preferences = preferences
        ListCommand.follow(preferences.lists, in: &state)
    }

    var keyContext: KeyMap.Context { .urlView }

    public var title: String { preferences.formattedTitle(.urlViewTitle, [:])?.left ?? "URLs — \(articleTitle)" }

    public var titleFill: Character? { preferences.formattedTitle(.urlViewTitle, [:])?.fill }

    public var titleDetail: String {
        preferences.formattedTitle(.urlViewTitle, [:])?.right ?? (urls.count == 1 ? "1 URL" : "\(urls.count) URLs")
    }

    /// The URL view goes when `n`/`p` jump to another article.
    func closesWhenJumping(toFeed feed: FeedID) -> Bool { true }

    func takePreferences(_ preferences: ReaderPreferences) {
        self.preferences = preferences
    }

    public var selectedURL: ArticleURL? {
        urls.indices.contains(state.selection) ? urls[state.selection] : nil
    }

    public func render(into grid: inout CellGrid, in area: Rect) {
        let numberWidth = "[\(urls.count)]".count
        let labelWidth = min(urls.map { DisplayWidth.of($0.label) }.max() ?? 0, max(5, area.width / 3))
        let renderer = URLRowRenderer(numberWidth: numberWidth, labelWidth: labelWidth, theme: preferences.theme)
        ListView(source: ArrayDataSource(urls), renderer: renderer, emptyText: "This article has no links, images or enclosures.")
            .render(into: &grid, in: area, state: &state)
        parkRow = ListView<ArrayDataSource<ArticleURL>, URLRowRenderer>.selectedRow(in: area, state: state)
    }

    public var parkingPosition: Position? { Position(row: parkRow, column: 0) }

    public func handle(_ key: Key) -> ReaderIntent? {
        guard let command = preferences.keyMap.command(for: key, in: .urlView) else { return nil }
        if ListCommand.apply(command, to: &state, count: urls.count) { return nil }
        switch command {
        case .open:
            guard let selected = selectedURL else { return nil }
            return selected.opensWithPlayer ? .openEnclosure(selected.url) : .openInBrowser(selected.url)
        case .openInBrowser: return selectedURL.map { .openInBrowser($0.url) }
        case .openInBrowserNoninteractively: return selectedURL.map { .openInBrowserNoninteractively($0.url) }
        // As in newsboat: the link alone; its title is made from the URL, the feed's is the article's.
        case .bookmark: return selectedURL.map { .bookmark(Bookmark(url: $0.url, title: "", feedTitle: "")) }
        case .back: return .back
        case .quit, .quitAll: return .quit
        case .help: return .showHelp
        default: return command.openedURLNumber.map { ArticleScreen.open($0, of: urls) }
        }
    }
}
