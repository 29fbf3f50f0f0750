import Configuration
import TerminalUI

/// Shown instead of the feed list when there is no urls file yet: how to add feeds.
struct FirstRunScreen: ReaderScreen, TypingScreen {
    let id: ScreenID
    private var view: TextView
    private let newsboat: NewsboatFiles?

    /// - Parameters:
    ///   - urlsPath: where the urls file is expected.
    ///   - newsboat: newsboat's files, when there are some to offer.
    init(id: ScreenID, urlsPath: String, newsboat: NewsboatFiles? = nil) {
        self.id = id
        self.newsboat = newsboat
        view = TextView(lines: [
            TextView.Line(StyledText("Welcome to Tidings.", style: .bold)),
            TextView.Line(""),
            TextView.Line("You do not follow any feeds yet. Tidings reads the list of feeds from"),
            TextView.Line(StyledText("    " + urlsPath, style: .underline)),
            TextView.Line("which does not exist yet. Press a to add a feed by its URL now (the file is"),
            TextView.Line("created with it), or quit (q) and either:"),
            TextView.Line(""),
            TextView.Line(StyledText("  • ") + StyledText("tidings add URL [TAG…]", style: .bold) + StyledText("  to follow one feed;"), continuationIndent: 4),
            TextView.Line(StyledText("  • ") + StyledText("tidings import FILE.opml", style: .bold) + StyledText("  to bring the feeds of another reader;"), continuationIndent: 4),
            TextView.Line(StyledText("  • ") + StyledText("or write the urls file yourself: one feed URL per line, then optional tags, and \"~Title\" to rename the feed — the same format as newsboat, so an existing newsboat urls file works as it is."), continuationIndent: 4),
            TextView.Line(""),
            TextView.Line("Then run tidings again."),
        ] + (newsboat.map { files in [
            TextView.Line(""),
            TextView.Line(StyledText("newsboat's feeds are in ") + StyledText(files.urls.path, style: .underline)
                + StyledText(files.config == nil ? ". Press i to use them here (a copy: newsboat's files stay as they are)."
                    : " (and its config). Press i to use them here (a copy: newsboat's files stay as they are)."),
                continuationIndent: 0),
        ] } ?? []))
    }

    func title(_ context: ScreenContext) -> ScreenTitle { ScreenTitle(left: "Tidings") }

    var keyContext: KeyMap.Context { .feedList }

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        view.layout(width: area.width, height: area.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        view.draw(into: &grid, in: area)
        return nil
    }

    /// The welcome text scrolls with the arrow keys and ends with q; nothing else is expected.
    func takesTyped(_ key: Key, _ context: ScreenContext) -> Bool { true }

    mutating func handleTyped(_ key: Key, _ context: ScreenContext) -> ScreenResponse {
        if context.keyMap.command(for: key, in: .feedList) == .addFeed { return .intent(.addFeed(tag: nil)) }
        if key == .character("i"), let newsboat { return .intent(.useNewsboatFiles(newsboat)) }
        switch key {
        case .character("q"), .character("Q"), .escape: return .intent(.quit)
        default:
            _ = view.handleNavigationKey(key)
            return .none
        }
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse { .none }
}
