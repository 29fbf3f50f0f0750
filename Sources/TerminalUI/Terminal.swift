import ImageRendering

/// Where the reader's frames go and its keys come from.
///
/// ``CursesTerminal`` is the real screen; ``GridTerminal`` keeps the last frame in memory and
/// takes keys from its caller, so that the whole reader runs headless in tests and benchmarks.
/// Every method is called on the main queue.
@MainActor
public protocol Terminal: AnyObject {
    /// Current size of the screen.
    var rows: Int { get }
    var columns: Int { get }
    /// Whether colours are drawn (false with `NO_COLOR`, or without colours).
    var showsColors: Bool { get }
    /// Starts delivering batches of keys (``Key/resize`` included, after which the size is
    /// current) and termination signals (SIGINT, SIGTERM, SIGHUP) on the main queue.
    func startEventHandling(keys: @escaping @MainActor ([Key]) -> Void, termination: (@MainActor (Int32) -> Void)?)
    /// Shows `grid`; `cursor` is where the text cursor goes (nil hides it, parked at `park`).
    func draw(_ grid: CellGrid, cursor: Position?, park: Position)
    /// The pixels of one cell, which set how many rows a picture takes.
    var cellSize: CellSize { get }
    /// After ``draw(_:cursor:park:)``: shows exactly `placements` over the frame — those no
    /// longer listed are taken off the screen, those that moved are drawn at their new place.
    /// Pictures drawn as cells (blocks) are in the frame already and only recorded.
    func placeImages(_ placements: [ImagePlacement])
    /// Forgets the last frame so that the next one is drawn whole.
    func invalidate()
    /// Gives the screen to another program while `body` runs (a text-mode browser).
    func suspend<Result>(_ body: () throws -> Result) rethrows -> Result
    /// Inside ``suspend(_:)``: writes `prompt` under what the program printed and waits for one
    /// key, so that its output can be read before the reader draws over it.
    func waitForKey(prompt: String)
    /// Sets the window title (made safe by the terminal).
    func setTitle(_ title: String)
    /// Rings the bell (`notify-beep`).
    func beep()
    /// Shows `message` (made safe by the terminal) in GNU screen's status line, through its
    /// message escape (`notify-screen`); other terminals ignore it.
    func showInStatusLine(_ message: String)
    /// The colours of cells whose style leaves them `.default`.
    func setDefaultColors(foreground: Color, background: Color)
    /// Whether clicks, drags and the wheel arrive as ``Key/mouse(_:)`` (the terminal's SGR mouse
    /// reporting, modes 1000, 1002 and 1006). Off at start. While it is on, most terminals still
    /// select text with Shift held.
    var reportsMouse: Bool { get set }
    /// Whether the cells' links (``CellGrid/link(row:column:)``) are written as OSC 8
    /// hyperlinks, which terminals that know them make clickable. Off at start; turn it on only
    /// for a terminal that declares support (``HyperlinkSupport/detect(environment:)``): others
    /// may print the sequences.
    var writesHyperlinks: Bool { get set }
    /// Puts the terminal back as it was; safe to call more than once.
    func stop()
}
