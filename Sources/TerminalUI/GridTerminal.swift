import ImageRendering

/// A terminal in memory: frames land in ``screen``, keys come from ``press(_:)``.
///
/// The whole reader runs on it headless — in `swift test` and in `tidings-bench reader` — with
/// nothing but the screen itself replaced: the same frames, the same diff as ``CursesTerminal``
/// sends (``lastDiff``), the same key batches.
///
/// ```swift
/// let terminal = GridTerminal(rows: 24, columns: 80)
/// // … start the reader on it …
/// terminal.press([.character("j")])
/// print(terminal.screen.lines)
/// ```
@MainActor
public final class GridTerminal: Terminal {
    public private(set) var rows: Int
    public private(set) var columns: Int
    public let showsColors: Bool
    /// The last frame drawn, as the screen shows it.
    public private(set) var screen: CellGrid
    /// Where the text cursor is shown (a prompt), or nil when it is hidden.
    public private(set) var cursor: Position?
    /// The window title last set.
    public private(set) var title: String?
    /// Times the bell was rung.
    public private(set) var beeps = 0
    /// What was shown in a multiplexer's status line, in order.
    public private(set) var statusLineMessages: [String] = []
    /// Frames drawn so far.
    public private(set) var frameCount = 0
    /// What the last frame changed, as a real terminal would have been told.
    public private(set) var lastDiff: CellGridDiff?
    /// Called after each frame: the headless reader waits for frames on it, rather than polling.
    public var onFrame: (@MainActor (CellGrid) -> Void)?
    /// True once ``stop()`` was called.
    public private(set) var isStopped = false
    /// Times another program was given the screen (``suspend(_:)``).
    public private(set) var suspensions = 0
    /// Times the whole screen was to be drawn again (Ctrl-L, `redraw`, after a suspension).
    public private(set) var invalidations = 0
    /// The prompts of ``waitForKey(prompt:)``, answered at once: no one reads this screen.
    public private(set) var keyPrompts: [String] = []

    /// The pixels of a cell the pictures are sized for (a real terminal reports its own).
    public var cellSize = CellSize.typical
    /// Whether mouse reports were asked for (see ``Terminal/reportsMouse``); ``press(_:)``
    /// delivers ``Key/mouse(_:)`` keys either way.
    public var reportsMouse = false
    /// Whether links would be written as hyperlinks; the links are in ``screen``'s cells.
    public var writesHyperlinks = false
    /// The pictures shown over the last frame: where each stands, its size, protocol and bytes.
    public private(set) var imagePlacements: [ImagePlacement] = []
    /// Times the set of pictures shown changed.
    public private(set) var placementChanges = 0

    private var keyHandler: (@MainActor ([Key]) -> Void)?
    private var terminationHandler: (@MainActor (Int32) -> Void)?
    private var previousFrame: CellGrid?

    public init(rows: Int, columns: Int, showsColors: Bool = true) {
        self.rows = rows
        self.columns = columns
        self.showsColors = showsColors
        screen = CellGrid(rows: rows, columns: columns)
    }

    /// The screen's text, one string per row, trailing spaces removed.
    public var lines: [String] { screen.lines }

    public func startEventHandling(keys: @escaping @MainActor ([Key]) -> Void, termination: (@MainActor (Int32) -> Void)?) {
        keyHandler = keys
        terminationHandler = termination
    }

    /// Delivers `keys` as one batch, as if typed together.
    public func press(_ keys: [Key]) {
        keyHandler?(keys)
    }

    /// Types `text`, one key per character, in one batch.
    public func type(_ text: String) {
        press(text.map { Key.character($0) })
    }

    /// Changes the size and delivers ``Key/resize``.
    public func resize(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
        press([.resize])
    }

    /// Delivers a termination signal (SIGTERM, SIGHUP) as the real terminal would.
    public func terminate(signal: Int32) {
        terminationHandler?(signal)
    }

    public func draw(_ grid: CellGrid, cursor: Position?, park: Position) {
        guard !isStopped else { return }
        lastDiff = CellGridDiff(from: previousFrame, to: grid, rows: rows, columns: columns)
        previousFrame = grid
        screen = grid
        self.cursor = cursor
        frameCount += 1
        onFrame?(grid)
    }

    public func placeImages(_ placements: [ImagePlacement]) {
        guard !isStopped, placements != imagePlacements else { return }
        imagePlacements = placements
        placementChanges += 1
    }

    public func invalidate() {
        previousFrame = nil
        invalidations += 1
    }

    public func suspend<Result>(_ body: () throws -> Result) rethrows -> Result {
        suspensions += 1
        defer { invalidate() }
        return try body()
    }

    public func waitForKey(prompt: String) {
        keyPrompts.append(prompt)
    }

    public func setTitle(_ title: String) {
        self.title = title
    }

    public func beep() {
        beeps += 1
    }

    public func showInStatusLine(_ message: String) {
        statusLineMessages.append(message)
    }

    public func setDefaultColors(foreground: Color, background: Color) {
        invalidate()
    }

    public func stop() {
        isStopped = true
    }
}
