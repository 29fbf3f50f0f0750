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

    /// Lays the screens shown out for their panes (the one on top, and those beside it in a split
    /// layout); returns the rows, articles and pictures they need.
    mutating func layout() -> [ReaderEffect] {
        let areas = areas
        let context = context
        if let status = areas.status { prompt?.editor.layout(in: status) }
        let panes = paneLayout(in: areas.body)
        var effects = previewReads(panes)
        for pane in panes.panes {
            guard let id = screen(in: pane)?.id else { continue }
            effects += navigation.modifyAny(id) { $0.layout(in: pane.area, context) } ?? []
        }
        return effects
    }

    /// A picture drawn in the background (or why not) for the article view that asked for it.
    mutating func takePicture(_ request: ImageRequest, _ result: Result<RenderedImage, ImageFailure>) -> [ReaderEffect] {
        navigation.modifyEvery(ArticleScreen.self, { _ = $0.takePicture(request, result) }, back: { $0 })
        if case .failure(let failure) = result { return [LogLine.info("picture \(CredentialRedaction.redact(request.url)) not shown: \(failure)")] }
        return []
    }

    /// The whole frame: the screens shown as laid out (the one on top, and in a split layout
    /// those beside it), the bars, and what goes beside the grid.
    func frame() -> ReaderFrame {
        let areas = areas
        let context = context
        var grid = CellGrid(rows: terminal.size.rows, columns: terminal.size.columns)
        let top = top
        let panes = paneLayout(in: areas.body)
        var park = Position(row: areas.body.row, column: 0)
        var images: [ImagePlacement] = []
        for pane in panes.panes {
            guard let screen = screen(in: pane) else {
                let hint = pane.content == .besideList ? "Select a feed" : "Select an article"
                grid.put(DisplayWidth.truncate(hint, toWidth: pane.area.width), row: pane.area.row, column: pane.area.column, style: .dim,
                         limit: pane.area.right)
                continue
            }
            let parked = screen.render(into: &grid, in: pane.area, context)
            if screen.id == top.id, let parked { park = parked }
            // Pictures only over an article's text: any other screen on top takes them all away.
            if let article = screen as? ArticleScreen { images += article.imagePlacements(in: pane.area, context) }
        }
        for divider in panes.dividers { draw(divider, into: &grid, context) }
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
        let hyperlinks = settings.config[\.hyperlinks]
        return ReaderFrame(grid: grid, cursor: cursor, park: park, windowTitle: windowTitle, images: images,
                           reportsMouse: settings.config[\.mouse],
                           writesHyperlinks: hyperlinks == .yes || (hyperlinks == .auto && terminal.supportsHyperlinks))
    }

    /// A line between two panes, its arrow pointing at the one with the focus.
    private func draw(_ divider: Divider, into grid: inout CellGrid, _ context: ScreenContext) {
        let style = context.theme.statusBar
        if divider.isVertical {
            for row in divider.area.row..<divider.area.bottom {
                grid.put("│", row: row, column: divider.area.column, style: .dim, limit: divider.area.right)
            }
            let middle = divider.area.row + divider.area.height / 2
            grid.put(divider.pointsForward ? "▶" : "◀", row: middle, column: divider.area.column, style: .bold, limit: divider.area.right)
            return
        }
        grid.fill(divider.area, style: style)
        let text = "\(divider.pointsForward ? "▼" : "▲") \(divider.text)"
        grid.put(DisplayWidth.truncate(text, toWidth: max(0, divider.area.width - 2)), row: divider.area.row, column: divider.area.column + 1,
                 style: style, limit: divider.area.right)
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
    /// Whether the terminal is asked for mouse reports (`mouse`).
    var reportsMouse: Bool
    /// Whether the cells' links are written as OSC 8 hyperlinks (`hyperlinks`).
    var writesHyperlinks: Bool
}
