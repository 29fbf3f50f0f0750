import Configuration
import FeedModel
import FeedStore
import TerminalUI

/// The key bindings of the screen it was opened from, and the config's macros; or another page
/// of text read the same way (`:rules`).
struct HelpScreen: ReaderScreen, JumpClosedScreen {
    let id: ScreenID
    let context: KeyMap.Context
    private var view: TextView
    /// The title of a page that is not the keys' help.
    private var pageTitle: String?

    /// A page of `lines` under `title`, scrolled and left as the help is.
    init(id: ScreenID, title: String, lines: [String]) {
        self.id = id
        context = .help
        pageTitle = title
        view = TextView(lines: lines.map { TextView.Line(StyledText($0), continuationIndent: 4) })
    }

    /// - Parameters:
    ///   - keyMap: the bindings in force, which the screen lists.
    ///   - macros: the config's macros, listed after the bindings with the prefix that runs them.
    init(id: ScreenID, for context: KeyMap.Context, keyMap: KeyMap = .standard, macros: [Macro] = [], macroPrefix: Key = .character(",")) {
        self.id = id
        self.context = context
        var lines = keyMap.helpLines(for: context)
        if !macros.isEmpty {
            lines.append(TextView.Line(StyledText("")))
            lines.append(TextView.Line(StyledText("Macros", style: .bold)))
            let keys = macros.map { "\(macroPrefix)\($0.key)" }
            let keyWidth = keys.map { DisplayWidth.of($0) }.max() ?? 0
            for (key, macro) in zip(keys, macros) {
                let padding = String(repeating: " ", count: keyWidth - DisplayWidth.of(key) + 2)
                lines.append(TextView.Line(StyledText(key, style: .bold) + StyledText(padding + macro.summary), continuationIndent: keyWidth + 2))
            }
        }
        view = TextView(lines: lines)
    }

    var keyContext: KeyMap.Context { .help }

    func title(_ screenContext: ScreenContext) -> ScreenTitle {
        if let pageTitle { return ScreenTitle(left: pageTitle) }
        if let formatted = screenContext.formattedTitle(.helpTitle, [:]) {
            return ScreenTitle(left: formatted.left, right: formatted.right, fill: formatted.fill)
        }
        switch context {
        case .feedList: return ScreenTitle(left: "Help — Feeds")
        case .itemList: return ScreenTitle(left: "Help — Articles")
        case .article: return ScreenTitle(left: "Help — Article")
        case .tagList: return ScreenTitle(left: "Help — Tags")
        case .urlView: return ScreenTitle(left: "Help — URLs")
        case .searchResults: return ScreenTitle(left: "Help — Search results, Starred")
        case .help: return ScreenTitle(left: "Help")
        case .dialogs: return ScreenTitle(left: "Help — Screens open")
        }
    }

    /// Help goes when `n`/`p` jump to an article.
    func closesWhenJumping(toFeed feed: FeedID) -> Bool { true }

    mutating func layout(in area: Rect, _ context: ScreenContext) -> [ReaderEffect] {
        view.layout(width: area.width, height: area.height)
        return []
    }

    func render(into grid: inout CellGrid, in area: Rect, _ context: ScreenContext) -> Position? {
        view.draw(into: &grid, in: area)
        return nil
    }

    mutating func handle(_ command: KeyCommand, _ context: ScreenContext) -> ScreenResponse {
        switch command {
        case .back: return .intent(.back)
        case .quitAll: return .intent(.quit)
        case .search: return .intent(.openSearch(text: ""))
        case .up: view.scroll(by: -1)
        case .down: view.scroll(by: 1)
        case .pageUp: _ = view.handleNavigationKey(.pageUp)
        case .pageDown: _ = view.handleNavigationKey(.pageDown)
        case .home: _ = view.handleNavigationKey(.home)
        case .end: _ = view.handleNavigationKey(.end)
        case .halfPageUp: view.scroll(by: -max(1, view.visibleRows / 2))
        case .halfPageDown: view.scroll(by: max(1, view.visibleRows / 2))
        default: break
        }
        return .none
    }
}
