import Configuration
import FeedStore
import TerminalUI

/// The key bindings of the screen it was opened from.
@MainActor
public final class HelpScreen: ReaderScreen, JumpClosedScreen {
    public let context: KeyMap.Context
    private let keyMap: KeyMap
    private var view: TextView

    /// - Parameters:
    ///   - keyMap: the bindings in force, which the screen lists.
    ///   - macros: the config's macros, listed after the bindings with the prefix that runs them.
    public init(for context: KeyMap.Context, keyMap: KeyMap = .standard, macros: [Macro] = [], macroPrefix: Key = .character(",")) {
        self.context = context
        self.keyMap = keyMap
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

    /// `help-title-format`'s title, when the config sets one.
    private var formattedTitle: TitleFormats.Title?

    public var title: String {
        if let formattedTitle { return formattedTitle.left }
        switch context {
        case .feedList: return "Help — Feeds"
        case .itemList: return "Help — Articles"
        case .article: return "Help — Article"
        case .tagList: return "Help — Tags"
        case .urlView: return "Help — URLs"
        case .searchResults: return "Help — Search results, Starred"
        case .help: return "Help"
        case .dialogs: return "Help — Screens open"
        }
    }

    public var titleDetail: String { formattedTitle?.right ?? "" }

    public var titleFill: Character? { formattedTitle?.fill }

    var keyContext: KeyMap.Context { .help }

    /// Shows the key map it was made with: only its title follows (`help-title-format`).
    func takePreferences(_ preferences: ReaderPreferences) {
        formattedTitle = preferences.formattedTitle(.helpTitle, [:])
    }

    /// Help goes when `n`/`p` jump to an article.
    func closesWhenJumping(toFeed feed: FeedID) -> Bool { true }

    public func render(into grid: inout CellGrid, in area: Rect) {
        view.render(into: &grid, in: area)
    }

    public func handle(_ key: Key) -> ReaderIntent? {
        switch keyMap.command(for: key, in: .help) {
        case .back?: return .back
        case .quitAll?: return .quit
        case .search?: return .openSearch(text: "")
        case .up?: view.scroll(by: -1)
        case .down?: view.scroll(by: 1)
        case .pageUp?: _ = view.handleNavigationKey(.pageUp)
        case .pageDown?: _ = view.handleNavigationKey(.pageDown)
        case .home?: _ = view.handleNavigationKey(.home)
        case .end?: _ = view.handleNavigationKey(.end)
        case .halfPageUp?: view.scroll(by: -max(1, view.visibleRows / 2))
        case .halfPageDown?: view.scroll(by: max(1, view.visibleRows / 2))
        default: break
        }
        return nil
    }
}
