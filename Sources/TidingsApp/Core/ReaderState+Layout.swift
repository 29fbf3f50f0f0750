import Configuration
import FeedModel
import ImageRendering
import TerminalUI

/// The screen as the terminal shows it: where the bars and the body go, the screen on top laid
/// out for its area (and what that needs read or drawn), and the frame — a pure function of the
/// state.
extension ReaderState {
    /// Where the title bar, the key hints, the status bar and the screen's body go.
    ///
    /// Three rows or more get title, body and status; two rows get body and status; one row
    /// shows only the body. The key-hint line (`show-keymap-hint`) takes the row above the status
    /// bar, or the top row with `swap-title-and-hints` (the title then goes above the status bar),
    /// when the body keeps a row.
    struct Areas: Equatable {
        var body: Rect
        var title: Rect?
        var hints: Rect?
        var status: Rect?
    }

    var areas: Areas {
        let bounds = Rect(row: 0, column: 0, height: terminal.size.rows, width: terminal.size.columns)
        let config = settings.config
        guard bounds.height >= 2 else { return Areas(body: bounds) }
        var areas = Areas(body: bounds.inset(bottom: 1), status: bounds.bottomRows(1))
        let swaps = config[\.swapTitleAndHints]
        func takeRow(fromTop: Bool) -> Rect {
            let row = fromTop ? areas.body.topRows(1) : areas.body.bottomRows(1)
            areas.body = fromTop ? areas.body.inset(top: 1) : areas.body.inset(bottom: 1)
            return row
        }
        // The title before the hints: a short screen keeps the title, as it did before hints.
        if config[\.showTitleBar] && areas.body.height >= 2 { areas.title = takeRow(fromTop: !swaps) }
        if config[\.showKeymapHint] && areas.body.height >= 2 { areas.hints = takeRow(fromTop: swaps) }
        return areas
    }

    /// Lays the screen on top out for its area; returns the rows and pictures it needs.
    mutating func layout() -> [ReaderEffect] {
        let areas = areas
        let context = context
        if let status = areas.status { prompt?.editor.layout(in: status) }
        return navigation.modifyTop { $0.layout(in: areas.body, context) }
    }

    /// A picture drawn in the background (or why not) for the article view that asked for it.
    mutating func takePicture(_ request: ImageRequest, _ result: Result<RenderedImage, ImageFailure>) -> [ReaderEffect] {
        navigation.modifyEvery(ArticleScreen.self, { _ = $0.takePicture(request, result) }, back: { $0 })
        if case .failure(let failure) = result { return [LogLine.info("picture \(CredentialRedaction.redact(request.url)) not shown: \(failure)")] }
        return []
    }

    /// The whole frame: the screen on top as laid out, its bars, and what goes beside the grid.
    func frame() -> ReaderFrame {
        let areas = areas
        let context = context
        var grid = CellGrid(rows: terminal.size.rows, columns: terminal.size.columns)
        let top = top
        let park = top.render(into: &grid, in: areas.body, context) ?? Position(row: areas.body.row, column: 0)
        if let row = areas.title {
            let title = top.title(context)
            TitleBar(title: title.left, detail: title.right, style: context.theme.titleBar, fill: title.fill).render(into: &grid, in: row)
        }
        if let row = areas.hints {
            grid.fill(row, style: context.theme.statusBar)
            let hints = KeyHintBar(keyMap: context.keyMap, theme: context.theme).text(for: top.keyContext)
            grid.put(hints.truncated(toWidth: row.width), row: row.row, column: row.column, limit: row.right)
        }
        var cursor: Position?
        if let row = areas.status {
            if let editor = prompt?.editor {
                cursor = editor.draw(into: &grid, in: row)
            } else {
                StatusBar(message: statusText, hint: "?:Help", style: context.theme.statusBar).render(into: &grid, in: row)
            }
        }
        let unread = feedList?.rows(context).reduce(0) { $0 + $1.unreadCount } ?? 0
        let windowTitle = titleNotification ?? (unread > 0 ? "Tidings (\(unread) unread)" : "Tidings")
        // Pictures only over the article's text: any other screen on top takes them all away.
        let images = (top as? ArticleScreen)?.imagePlacements(in: areas.body, context) ?? []
        return ReaderFrame(grid: grid, cursor: cursor, park: park, windowTitle: windowTitle, images: images)
    }
}

/// What one frame shows: the cells, where the cursor goes (nil hides it, parked at `park`), the
/// window's title, and the pictures placed over the cells.
struct ReaderFrame {
    var grid: CellGrid
    var cursor: Position?
    var park: Position
    var windowTitle: String
    var images: [ImagePlacement]
}
