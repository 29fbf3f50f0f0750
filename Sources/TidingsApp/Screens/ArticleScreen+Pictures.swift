import Configuration
import ImageRendering
import TerminalUI

/// The article's pictures: asked for as the text is laid out, given rows of their own in the
/// text once drawn, and placed over those rows for the terminal — clipped to the text, so that a
/// picture never covers a bar.
extension ArticleScreen {
    enum PictureState: Sendable {
        case drawing
        case ready(RenderedImage)
        /// Not drawn, and why (the reason is in the log too).
        case refused(String)
    }

    /// How pictures are drawn now; nil when they are not (`image-protocol none`, `i`, the source view).
    func pictureProtocol(_ context: ScreenContext) -> GraphicsProtocol? {
        guard showsImages, !showsSource else { return nil }
        switch context.imageProtocol {
        case .kitty: return .kitty
        case .sixel: return .sixel
        case .iterm2: return .iterm2
        case .blocks: return .blocks
        case .auto, .none: return nil
        }
    }

    /// Rows a picture takes at most in a view `height` rows high: `image-max-height`, else half.
    func maxPictureRows(height: Int, _ context: ScreenContext) -> Int {
        let maxHeight = context.config[\.imageMaxHeight]
        return maxHeight > 0 ? min(maxHeight, max(1, height)) : max(1, height / 2)
    }

    /// Columns a picture is drawn in from the text's left edge: the indentation of its line
    /// (a quote, a list item).
    func pictureIndent(of image: Int) -> Int {
        guard case .line(let line) = body.blocks[body.images[image].block] else { return 0 }
        return line.continuationIndent
    }

    /// For the layout in `width` × `height` cells: the rows of each of the body's pictures that is
    /// drawn (nil for the others, whose labels stay in the text), and the pictures not asked for
    /// at this size yet, to have drawn.
    mutating func pictureRows(width: Int, height: Int, _ context: ScreenContext) -> (rows: (Int) -> Int?, requested: [ImageRequest]) {
        let graphicsProtocol = pictureProtocol(context)
        let maxRows = maxPictureRows(height: height, context)
        let cellSize = context.cellSize
        pictureRequests = body.images.indices.map { index in
            guard let graphicsProtocol else { return nil }
            let columns = width - pictureIndent(of: index)
            guard columns > 0, let url = body.images[index].sources.best(forPixelWidth: columns * cellSize.width) else { return nil }
            return ImageRequest(url: url, maxColumns: columns, maxRows: maxRows, cell: cellSize, graphicsProtocol: graphicsProtocol)
        }
        var requested: [ImageRequest] = []
        for case let request? in pictureRequests where pictures[request] == nil {
            pictures[request] = .drawing
            requested.append(request)
        }
        let requests = pictureRequests, states = pictures
        let rows = { (index: Int) -> Int? in
            guard let request = requests[index], case .ready(let image)? = states[request] else { return nil }
            return image.fit.rows
        }
        return (rows, requested)
    }

    /// Pictures drawn so far (at any size), for the benchmark.
    var drawnPictureCount: Int {
        pictures.values.filter { if case .ready = $0 { true } else { false } }.count
    }

    /// Takes a picture drawn in the background (or why not); false when this article did not ask
    /// for it. The text is laid out again to make room for it.
    mutating func takePicture(_ request: ImageRequest, _ result: Result<RenderedImage, ImageFailure>) -> Bool {
        guard pictures[request] != nil else { return false }
        switch result {
        case .success(let image): pictures[request] = .ready(image)
        case .failure(let failure): pictures[request] = .refused(failure.reason)
        }
        if pictureRequests.contains(request) { relayOut() }
        return true
    }

    /// `i`: hides the pictures (their labels stand in the text again) or shows them.
    mutating func toggleImages(_ context: ScreenContext) -> ReaderIntent {
        guard context.imageProtocol != .none, context.imageProtocol != .auto else {
            return .status("Pictures are not drawn here (image-protocol none)")
        }
        showsImages.toggle()
        relayOut()
        return .status(showsImages ? "Pictures shown (i hides them)" : "Pictures hidden (i shows them)")
    }

    /// Where each drawn picture stands over the text in `area`, as laid out.
    func imagePlacements(in area: Rect, _ context: ScreenContext) -> [ImagePlacement] {
        var textArea = area
        textArea.width = min(area.width, textColumns)
        return pictureLines.compactMap { entry in
            guard let request = pictureRequests[entry.picture.image], case .ready(let image)? = pictures[request],
                  let row = view.firstRow(ofLine: entry.firstLine) else { return nil }
            let placement = ImagePlacement(
                image: image, origin: Position(row: textArea.row + row - view.offset, column: textArea.column + entry.indent), clip: textArea)
            return placement.visible.isEmpty ? nil : placement
        }
    }

    /// Draws the pictures made of cells (blocks) into `grid`, their visible rows; the others are
    /// placed by the terminal over the frame.
    func drawBlockPictures(into grid: inout CellGrid, in area: Rect) {
        for entry in pictureLines {
            guard let request = pictureRequests[entry.picture.image], case .ready(let image)? = pictures[request],
                  case .cells(let cells) = image.content, let row = view.firstRow(ofLine: entry.firstLine) else { continue }
            let placement = ImagePlacement(
                image: image, origin: Position(row: area.row + row - view.offset, column: area.column + entry.indent), clip: area)
            let visible = placement.visible
            guard !visible.isEmpty else { continue }
            for screenRow in visible.row..<visible.bottom {
                let cellRow = cells[screenRow - placement.box.row]
                for (offset, cell) in cellRow.prefix(visible.width).enumerated() {
                    let style = Style(foreground: cell.foreground.map(Color.indexed) ?? .default,
                                      background: cell.background.map(Color.indexed) ?? .default)
                    grid.put(String(cell.symbol), row: screenRow, column: visible.column + offset, style: style, limit: visible.right)
                }
            }
        }
    }
}
