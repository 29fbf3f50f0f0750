/// A stack of screens with a title bar above and a status bar below.
///
/// The root screen cannot be popped. Each screen keeps its own state, so popping back to a list
/// finds its selection and scroll as they were left. A ``LineEditor`` prompt, when set, replaces
/// the status bar and receives the keys.
///
/// Layout by height: three rows or more get title, body and status; two rows get body and status;
/// one row shows only the body.
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

    /// The body area for a screen of `size`, after the bars.
    public static func bodyArea(for bounds: Rect) -> Rect {
        switch bounds.height {
        case 0, 1: return bounds
        case 2: return bounds.topRows(1)
        default: return bounds.inset(top: 1, bottom: 1)
        }
    }

    /// Draws bars and the top screen into the whole grid; returns where the cursor belongs
    /// (the prompt's cursor) or nil to hide it.
    @discardableResult
    public func render(into grid: inout CellGrid) -> Position? {
        let bounds = grid.bounds
        let body = Self.bodyArea(for: bounds)
        // The body first: drawing it brings the screen's title up to date (marks just made).
        top.render(into: &grid, in: body)
        if bounds.height >= 3 {
            TitleBar(title: top.title, detail: top.titleDetail, style: titleStyle).render(into: &grid, in: bounds.topRows(1))
        }
        guard bounds.height >= 2 else { return nil }
        let statusRow = bounds.bottomRows(1)
        if var editor = prompt {
            let cursor = editor.render(into: &grid, in: statusRow)
            prompt = editor
            return cursor
        }
        StatusBar(message: statusMessage, hint: statusHint, style: statusStyle).render(into: &grid, in: statusRow)
        return nil
    }
}
