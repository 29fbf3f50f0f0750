/// A stack of screens with a title bar above and a status bar below.
///
/// The root screen cannot be popped. Each screen keeps its own state, so popping back to a list
/// finds its selection and scroll as they were left. A ``LineEditor`` prompt, when set, replaces
/// the status bar and receives the keys.
///
/// Layout by height: three rows or more get title, body and status; two rows get body and status;
/// one row shows only the body. A line of key hints, when set, takes the row above the status bar
/// (or the top row, the title then going above the status bar) when the body keeps a row.
@MainActor
public final class NavigationController<Intent> {
    public private(set) var screens: [any Screen<Intent>]
    /// The status bar's message (progress, the last error).
    public var statusMessage = ""
    /// The status bar's right-hand text (a key hint).
    public var statusHint = ""
    /// A prompt being typed into; shown instead of the status bar.
    public var prompt: LineEditor?
    /// How the title bar is drawn.
    public var titleStyle = Style(attributes: [.reverse, .bold])
    /// How the status bar is drawn.
    public var statusStyle = Style(attributes: .reverse)
    /// The key-hint line (styled by its maker), or nil for none.
    public var keyHints: StyledText?
    /// Whether the title bar is drawn (`show-title-bar`).
    public var showsTitleBar = true
    /// The title bar above the status bar and the key hints at the top (`swap-title-and-hints`).
    public var swapsTitleAndHints = false

    public init(root: any Screen<Intent>) {
        screens = [root]
    }

    /// The screen on top, which is shown and receives keys.
    public var top: any Screen<Intent> { screens[screens.count - 1] }

    public func push(_ screen: any Screen<Intent>) {
        screens.append(screen)
    }

    /// Removes the top screen unless it is the root; returns the removed one.
    @discardableResult
    public func pop() -> (any Screen<Intent>)? {
        guard screens.count > 1 else { return nil }
        return screens.removeLast()
    }

    /// Replaces the top screen (the root when only it is left).
    public func replaceTop(with screen: any Screen<Intent>) {
        screens[screens.count - 1] = screen
    }

    /// Passes `key` to the top screen.
    public func handle(_ key: Key) -> Intent? {
        top.handle(key)
    }

    /// Where the bars and the body go in `bounds`.
    struct Layout {
        var body: Rect
        var title: Rect?
        var hints: Rect?
        var status: Rect?
    }

    func layout(for bounds: Rect) -> Layout {
        guard bounds.height >= 2 else { return Layout(body: bounds) }
        var layout = Layout(body: bounds.inset(bottom: 1), status: bounds.bottomRows(1))
        // The title before the hints: a short screen keeps the title, as it did before hints.
        if showsTitleBar && layout.body.height >= 2 {
            layout.title = Self.takeRow(fromTop: !swapsTitleAndHints, of: &layout.body)
        }
        if keyHints != nil && layout.body.height >= 2 {
            layout.hints = Self.takeRow(fromTop: swapsTitleAndHints, of: &layout.body)
        }
        return layout
    }

    private static func takeRow(fromTop: Bool, of area: inout Rect) -> Rect {
        let row = fromTop ? area.topRows(1) : area.bottomRows(1)
        area = fromTop ? area.inset(top: 1) : area.inset(bottom: 1)
        return row
    }

    /// The body area for a screen in `bounds`, after the bars.
    public func bodyArea(for bounds: Rect) -> Rect {
        layout(for: bounds).body
    }

    /// Draws bars and the top screen into the whole grid; returns where the cursor belongs
    /// (the prompt's cursor) or nil to hide it.
    @discardableResult
    public func render(into grid: inout CellGrid) -> Position? {
        let layout = layout(for: grid.bounds)
        // The body first: drawing it brings the screen's title up to date (marks just made).
        top.render(into: &grid, in: layout.body)
        if let row = layout.title {
            TitleBar(title: top.title, detail: top.titleDetail, style: titleStyle, fill: top.titleFill).render(into: &grid, in: row)
        }
        if let row = layout.hints, let keyHints {
            grid.fill(row, style: statusStyle)
            grid.put(keyHints.truncated(toWidth: row.width), row: row.row, column: row.column, limit: row.right)
        }
        guard let statusRow = layout.status else { return nil }
        if var editor = prompt {
            let cursor = editor.render(into: &grid, in: statusRow)
            prompt = editor
            return cursor
        }
        StatusBar(message: statusMessage, hint: statusHint, style: statusStyle).render(into: &grid, in: statusRow)
        return nil
    }
}
