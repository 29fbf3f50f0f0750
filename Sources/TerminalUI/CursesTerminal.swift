import CNcursesw
import Dispatch
import Glibc
import ImageRendering

/// The real terminal, through ncursesw: the only type in Tidings that touches the screen.
///
/// Create one, call ``startEventHandling(keys:termination:)`` and ``draw(_:cursor:park:)`` each frame
/// from the main queue, and ``stop()`` before exiting. The user's terminal is put back on every
/// way out: ``stop()``, `exit()` (an `atexit` hook), SIGINT/SIGTERM/SIGHUP (handled on the main
/// queue; the default is to restore and exit), and fatal signals including Swift traps (restored
/// from the signal handler itself).
///
/// Input needs no polling: a Dispatch read source on standard input wakes the main queue, which
/// drains every pending key without blocking; SIGWINCH wakes it through a pipe and arrives as
/// ``Key/resize``. An idle reader uses no CPU.
///
/// Mouse reports reach ``KeyDecoder`` as the bytes the terminal sends (ncurses' own mouse
/// handling is off); links in the cells are written as OSC 8 hyperlinks over the frame ncurses
/// has drawn (``HyperlinkWriter``), as the pictures are.
@MainActor
public final class CursesTerminal: Terminal {
    /// Current size of the screen.
    public private(set) var rows: Int
    /// Whether colours are drawn: false with `NO_COLOR` set or on a terminal without colours,
    /// where a coloured background is drawn in reverse video instead.
    public var showsColors: Bool { colors.isEnabled }
    public private(set) var columns: Int
    /// The pixels of one cell, from the kernel's window size (`CellSize.typical` when the
    /// terminal leaves the pixel fields at zero).
    public private(set) var cellSize = CellSize.typical

    private let screen: OpaquePointer
    /// The pictures on the screen now (kitty, sixel, iTerm2), as last placed.
    private var placedImages: [ImagePlacement] = []
    /// kitty picture ids the terminal holds the pixels of, so that moving one sends no pixels.
    private var transmittedImages: Set<UInt32> = []
    private let colors: ColorPalette
    private var previousFrame: CellGrid?
    private var decoder = KeyDecoder()
    private var inputSource: DispatchSourceRead?
    private var signalSource: DispatchSourceRead?
    private var signalReadEnd: Int32 = -1
    private var keyHandler: (@MainActor ([Key]) -> Void)?
    private var terminationHandler: (@MainActor (Int32) -> Void)?
    private var titleIsPushed = false
    /// Keys pushed back into ncurses at start: standard input will not wake the reader for them.
    private var hasTypedAhead = false
    private var currentTitle: String?
    private var isStopped = false
    private let supportsTitle: Bool
    /// The user's locale is not UTF-8 (`LANG=C`): the lines, arrows and marks the screens draw
    /// are sent as ASCII stand-ins (`ASCIIStandIn`).
    private let usesASCIIStandIns: Bool

    /// Whether the terminal reports clicks, drags and the wheel (SGR reporting, modes 1000, 1002
    /// and 1006), as ``Key/mouse(_:)``. Turned off on ``stop()`` and while another program has the
    /// screen (``suspend(_:)``), and at exit or on a crash.
    public var reportsMouse = false {
        didSet {
            guard reportsMouse != oldValue, !isStopped else { return }
            writeDirectly(reportsMouse ? Self.mouseReportingOn : Self.mouseReportingOff)
        }
    }

    /// Whether the cells' links are written as OSC 8 hyperlinks; the screen is drawn again whole
    /// when it changes.
    public var writesHyperlinks = false {
        didSet {
            guard writesHyperlinks != oldValue, !isStopped else { return }
            // Inserting or deleting characters in a row moves cells on the screen, and the links
            // ncurses does not know they carry with them.
            idcok(tidings_stdscr(), !writesHyperlinks)
            invalidate()
        }
    }

    nonisolated static let mouseReportingOn = Array("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h".utf8)
    nonisolated static let mouseReportingOff = Array("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l".utf8)

    private var hyperlinks = HyperlinkWriter()
    /// The bytes that set each style seen, as ncurses would (``terminalAppearance(_:)``).
    private var appearances: [Style: [UInt8]] = [:]
    /// The bytes of the normal look, where ncurses leaves the terminal after an update.
    private lazy var normalAppearance = Self.capability("sgr0") + Self.capability("op")

    /// Starts full-screen mode: UTF-8 locale, raw input, no echo, keypad keys, a 25 ms Esc delay,
    /// hidden cursor, and colours unless `NO_COLOR` is set or the terminal has none. `typedAhead`
    /// are bytes read from the terminal before (keys typed while `GraphicsQuery` waited): they
    /// are the first keys read.
    public init(typedAhead: [UInt8] = []) throws {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw TerminalError.notATerminal }
        usesASCIIStandIns = !CursesTerminal.selectUTF8Locale()
        TerminalSignals.saveTerminalModes()

        guard let output = fdopen(dup(STDOUT_FILENO), "w"), let input = fdopen(dup(STDIN_FILENO), "r") else {
            throw TerminalError.cannotStart("cannot open the terminal streams")
        }
        let name = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
        guard let screen = newterm(nil, output, input) else {
            throw TerminalError.cannotStart("unknown terminal type TERM=\(name)")
        }
        // A terminal that cannot place the cursor (TERM=dumb, an editor's shell buffer) would
        // show a blank screen that ignores keys: refuse it in one line instead.
        guard CursesTerminal.canPlaceCursor() else {
            endwin()
            delscreen(screen)
            throw TerminalError.cannotStart("TERM=\(name) cannot place the cursor; run Tidings in a terminal that can (xterm, tmux, screen, …)")
        }
        self.screen = screen
        TerminalSignals.isCursesActive = true
        raw()
        noecho()
        nonl()
        keypad(tidings_stdscr(), true)
        // The terminal's mouse reports are KeyDecoder's to read: without this, ncurses would
        // return KEY_MOUSE for their first bytes (`Esc [ <` or `Esc [ M`, per terminfo's kmous)
        // and the rest as typed characters.
        keyok(KEY_MOUSE, false)
        nodelay(tidings_stdscr(), true)
        set_escdelay(25)
        curs_set(0)

        let noColor = getenv("NO_COLOR").map { String(cString: $0).isEmpty == false } ?? false
        colors = ColorPalette(enabled: !noColor)
        rows = Int(tidings_lines())
        columns = Int(tidings_cols())
        supportsTitle = CursesTerminal.terminalSupportsTitle()
        // Pushed back last first: ncurses reads its push-back queue as a stack.
        for byte in typedAhead.reversed() { ungetch(Int32(byte)) }
        hasTypedAhead = !typedAhead.isEmpty

        TerminalSignals.prepareRestoreSequence(CursesTerminal.restoreSequence())
        atexit {
            if TerminalSignals.isCursesActive {
                TerminalSignals.isCursesActive = false
                CursesTerminal.mouseReportingOff.withUnsafeBytes { _ = Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
                endwin()
            }
        }
        signalReadEnd = try TerminalSignals.install()
        cellSize = Self.measureCell() ?? .typical
    }

    /// Starts delivering input on the main queue: `keys` receives each batch of keypresses
    /// (``Key/resize`` included, after which ``rows`` and ``columns`` are current), and
    /// `termination` receives SIGINT, SIGTERM or SIGHUP, or SIGHUP when the terminal goes away.
    /// Without a termination handler the terminal is restored and the process exits.
    public func startEventHandling(
        keys: @escaping @MainActor ([Key]) -> Void,
        termination: (@MainActor (Int32) -> Void)?
    ) {
        keyHandler = keys
        terminationHandler = termination

        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                let keys = self.readKeys()
                if !keys.isEmpty {
                    self.keyHandler?(keys)
                } else if input.data == 0 && CursesTerminal.inputHasHungUp() {
                    // Readable with nothing to read, and the kernel says why: the terminal is gone.
                    input.cancel()
                    self.handleTermination(SIGHUP)
                }
            }
        }
        input.resume()
        inputSource = input

        let signals = DispatchSource.makeReadSource(fileDescriptor: signalReadEnd, queue: .main)
        signals.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.handleSignalBytes() }
        }
        signals.resume()
        signalSource = signals

        if hasTypedAhead {
            hasTypedAhead = false
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    let keys = self.readKeys()
                    if !keys.isEmpty { self.keyHandler?(keys) }
                }
            }
        }
    }

    /// Every key waiting in the input, without blocking.
    public func readKeys() -> [Key] {
        var keys: [Key] = []
        var value: wint_t = 0
        while true {
            let status = get_wch(&value)
            if status == ERR { break }
            keys += decoder.decode(UInt32(value), isKeyCode: status == KEY_CODE_YES)
        }
        keys += decoder.flush()
        if keys.contains(.resize) { updateSize() }
        return keys
    }

    /// Copies `grid` to the screen, sending only the cells that differ from the last frame.
    ///
    /// - Parameter cursor: where to show the cursor (a text prompt), or nil to hide it; a hidden
    ///   cursor is parked at `park` for terminals that cannot hide it.
    public func draw(_ grid: CellGrid, cursor: Position?, park: Position) {
        guard !isStopped else { return }
        let window = tidings_stdscr()
        let diff = CellGridDiff(from: previousFrame, to: grid, rows: rows, columns: columns)
        for change in diff.changes {
            write(change.cell, row: change.row, column: change.column, window: window)
        }
        let previous = previousFrame
        previousFrame = grid
        if let cursor, cursor.row < rows, cursor.column < columns {
            curs_set(1)
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
            wmove(window, Int32(min(park.row, max(0, rows - 1))), Int32(min(park.column, max(0, columns - 1))))
        }
        wnoutrefresh(window)
        doupdate()
        if writesHyperlinks {
            writeLinks(HyperlinkWriter.cellsToWrite(after: diff, from: previous, to: grid, rows: rows, columns: columns), of: grid)
        }
    }

    /// Writes `positions` of `grid` again with their links (see ``HyperlinkWriter``).
    private func writeLinks(_ positions: [Position], of grid: CellGrid) {
        guard !positions.isEmpty else { return }
        writeDirectly(hyperlinks.bytes(writing: positions, of: grid, appearance: terminalAppearance, normal: normalAppearance,
                                       characters: terminalCharacters))
    }

    /// Writes the pictures' sequences over the frame ncurses has just sent.
    ///
    /// kitty keeps its pictures on a layer of their own: one that moved is placed again under its
    /// id (no pixels sent), one partly scrolled out shows only its visible pixel rows, one gone
    /// has its placement deleted. Sixel and iTerm2 pixels are part of the cells they cover and
    /// stay until text is written there: when their pictures change, the rows of the area they
    /// covered are marked for ncurses to send again (`wredrawln`), and a picture is drawn only
    /// when it is wholly visible. The cursor is saved and restored around the sequences
    /// (DECSC/DECRC), so that ncurses' idea of where it is stays true.
    public func placeImages(_ placements: [ImagePlacement]) {
        guard !isStopped else { return }
        let shown = placements.filter { if case .sequence = $0.image.content { true } else { false } }
        guard shown != placedImages else { return }
        var bytes: [UInt8] = []
        var repaintRows: [Rect] = []
        for old in placedImages where !shown.contains(old) {
            switch old.image.graphicsProtocol {
            case .kitty:
                if !shown.contains(where: { $0.image.graphicsProtocol == .kitty && $0.image.id == old.image.id }) {
                    bytes += KittyGraphics.deletePlacements(id: old.image.id)
                }
            case .sixel, .iterm2:
                repaintRows.append(old.clip.intersection(Rect(height: rows, width: columns)))
            case .blocks:
                break
            }
        }
        let window = tidings_stdscr()
        if !repaintRows.isEmpty {
            for area in repaintRows where !area.isEmpty { wredrawln(window, Int32(area.row), Int32(area.height)) }
            wnoutrefresh(window)
            doupdate()
            if writesHyperlinks, let frame = previousFrame {
                writeLinks(repaintRows.flatMap { HyperlinkWriter.linkedCells(inRows: $0.row..<$0.bottom, of: frame, rows: rows, columns: columns) }, of: frame)
            }
        }
        let screen = Rect(height: rows, width: columns)
        for placement in shown where !placedImages.contains(placement) || !repaintRows.isEmpty {
            let visible = placement.visible.intersection(screen)
            // Never wider than the text: a picture is drawn again for a new width, not cut.
            guard !visible.isEmpty, visible.width == placement.box.width, case .sequence(let sequence) = placement.image.content else { continue }
            let image = placement.image
            let moveTo = Array("\u{1B}[\(visible.row + 1);\(visible.column + 1)H".utf8)
            switch image.graphicsProtocol {
            case .kitty:
                let fit = ImageFit(columns: image.fit.columns, rows: visible.height)
                let crop = placement.visiblePixelRows
                if transmittedImages.contains(image.id) {
                    bytes += moveTo + KittyGraphics.place(id: image.id, fit: fit, crop: crop)
                } else if let png = image.png {
                    bytes += moveTo + KittyGraphics.transmitAndPlace(png: png, id: image.id, fit: fit, crop: crop)
                    transmittedImages.insert(image.id)
                }
            case .sixel, .iterm2:
                guard placement.isWhole else { continue }
                bytes += moveTo + sequence
            case .blocks:
                break
            }
        }
        placedImages = shown
        guard !bytes.isEmpty else { return }
        writeDirectly([0x1B, 0x37] + bytes + [0x1B, 0x38])
    }

    /// Forgets the last frame so the next ``draw(_:cursor:park:)`` repaints everything.
    public func invalidate() {
        previousFrame = nil
        clearok(tidings_curscr(), true)
        // The screen is cleared: every picture is drawn (and kitty's sent) again.
        if !placedImages.isEmpty || !transmittedImages.isEmpty {
            if transmittedImages.isEmpty == false { writeDirectly(KittyGraphics.deleteAll()) }
            placedImages = []
            transmittedImages = []
        }
    }

    /// Leaves full-screen mode while `body` runs (a text-mode browser, an editor), then
    /// restores it and forces a full repaint. Ctrl-C typed meanwhile belongs to the program that
    /// had the terminal and is not treated as a request to quit.
    public func suspend<Result>(_ body: () throws -> Result) rethrows -> Result {
        if reportsMouse { writeDirectly(Self.mouseReportingOff) }
        def_prog_mode()
        endwin()
        defer {
            reset_prog_mode()
            if reportsMouse { writeDirectly(Self.mouseReportingOn) }
            // `endwin` put the keypad back in cursor mode (rmkx) and ncurses would send smkx only
            // at the next `get_wch`: the first arrow key typed after the hand-over would arrive
            // as `Esc [ B`, read as Alt-[ then B, and be lost. Switch it back now.
            keypad(tidings_stdscr(), true)
            discardPendingSignals(SIGINT)
            updateSize()
            invalidate()
            refresh()
        }
        return try body()
    }

    /// Writes `prompt` on its own line and waits for one key, read raw from the terminal (the
    /// screen is the shell's while suspended); the rest of a key's sequence is dropped with it.
    public func waitForKey(prompt: String) {
        writeDirectly(Array("\r\n\(prompt)".utf8))
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        var byte: UInt8 = 0
        _ = read(STDIN_FILENO, &byte, 1)
        tcflush(STDIN_FILENO, TCIFLUSH)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    /// Sets the terminal window's title to `title` — made safe first: control characters, escape
    /// sequences and invisible formatting are removed and the length is capped. Does nothing on
    /// terminals that have no title.
    public func setTitle(_ title: String) {
        guard supportsTitle, !isStopped else { return }
        let safe = Self.safeLine(title)
        guard safe != currentTitle else { return }
        currentTitle = safe
        var bytes: [UInt8] = []
        if !titleIsPushed {
            bytes += Array("\u{1B}[22;2t".utf8)
            titleIsPushed = true
        }
        bytes += Array("\u{1B}]2;".utf8) + Array(safe.utf8) + [0x07]
        writeDirectly(bytes)
    }

    public func beep() {
        guard !isStopped else { return }
        _ = CNcursesw.beep()
    }

    /// Writes screen's message escape (`ESC ^ … ESC \`), as newsboat's `notify-screen` does.
    public func showInStatusLine(_ message: String) {
        guard !isStopped else { return }
        writeDirectly(Array("\u{1B}^".utf8) + Array(Self.safeLine(message).utf8) + Array("\u{1B}\\".utf8))
    }

    /// `text` as one line that is safe inside an escape sequence: control characters become
    /// spaces, invisible formatting goes, and it is cut at 200 characters.
    private static func safeLine(_ text: String) -> String {
        var safe = ""
        for character in text {
            if character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
                safe += " "
            } else if case .text(let text, _) = TerminalGrapheme.form(of: character) {
                safe += text
            }
            if safe.unicodeScalars.count >= 200 { break }
        }
        return safe
    }

    /// Draws `foreground` and `background` wherever a cell's style leaves a colour `.default`,
    /// so a whole screen takes the user's colours (newsboat's `color background`). Ignored when
    /// colours are off (`NO_COLOR`, monochrome terminals). The next frame repaints everything.
    public func setDefaultColors(foreground: Color, background: Color) {
        colors.baseForeground = foreground
        colors.baseBackground = background
        appearances = [:]
        invalidate()
    }

    /// Puts the terminal back as it was. Safe to call more than once.
    public func stop() {
        guard !isStopped else { return }
        if !transmittedImages.isEmpty { writeDirectly(KittyGraphics.deleteAll()) }
        if reportsMouse { writeDirectly(Self.mouseReportingOff) }
        isStopped = true
        inputSource?.cancel()
        signalSource?.cancel()
        if TerminalSignals.isCursesActive {
            TerminalSignals.isCursesActive = false
            endwin()
        }
        if titleIsPushed { writeDirectly(Array("\u{1B}[23;2t".utf8)) }
        TerminalSignals.uninstallFatalHandlers()
    }

    // MARK: - Internals

    /// Whether the terminal's terminfo entry has cursor addressing (`cup`).
    private static func canPlaceCursor() -> Bool {
        guard let capability = tigetstr("cup") else { return false }
        // ncurses answers -1 for a name that is not a string capability.
        return Int(bitPattern: capability) != -1
    }

    private func write(_ cell: Cell, row: Int, column: Int, window: UnsafeMutablePointer<WINDOW>?) {
        let attributes = colors.attributes(for: cell.style)
        let pair = colors.pair(for: cell.style)
        var position = column
        let grapheme = usesASCIIStandIns ? ASCIIStandIn.replacing(cell.grapheme) : cell.grapheme
        for group in CursesTerminal.cursesGroups(of: grapheme) {
            var value = cchar_t()
            var first = [wchar_t(bitPattern: group.scalars[0]), 0]
            setcchar(&value, &first, attributes, pair, nil)
            Self.setFollowingCharacters(of: &value, to: group.scalars.dropFirst())
            mvwadd_wch(window, Int32(row), Int32(position), &value)
            position += group.width
        }
    }

    /// The bytes that give a cell `style` as ``write(_:row:column:window:)`` has ncurses give it:
    /// the normal look, then the attributes and the colour pair's colours, from terminfo.
    private func terminalAppearance(_ style: Style) -> [UInt8] {
        if let known = appearances[style] { return known }
        let attributes = colors.attributes(for: style)
        var bytes = normalAppearance
        let capabilities: [(attr_t, String)] = [
            (tidings_a_bold(), "bold"), (tidings_a_underline(), "smul"), (tidings_a_reverse(), "rev"), (tidings_a_dim(), "dim"),
        ]
        for (attribute, name) in capabilities where attributes & attribute != 0 { bytes += Self.capability(name) }
        let pair = colors.pair(for: style)
        var foreground: Int16 = -1, background: Int16 = -1
        if pair != 0, pair_content(pair, &foreground, &background) == OK {
            if foreground >= 0 { bytes += Self.capability("setaf", Int32(foreground)) }
            if background >= 0 { bytes += Self.capability("setab", Int32(background)) }
        }
        appearances[style] = bytes
        return bytes
    }

    /// The bytes ncurses writes for a cell's grapheme (see ``cursesGroups(of:)``).
    private func terminalCharacters(_ grapheme: String) -> [UInt8] {
        let text = usesASCIIStandIns ? ASCIIStandIn.replacing(grapheme) : grapheme
        var scalars = String.UnicodeScalarView()
        for group in Self.cursesGroups(of: text) { scalars.append(contentsOf: group.scalars.compactMap(Unicode.Scalar.init)) }
        return Array(String(scalars).utf8)
    }

    /// A terminfo string capability, given `parameter` when it takes one; empty when the
    /// terminal has none.
    private static func capability(_ name: String, _ parameter: Int32? = nil) -> [UInt8] {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return [] }
        guard let parameter else { return Array(String(cString: value).utf8) }
        return tidings_tiparm1(value, parameter).map { Array(String(cString: $0).utf8) } ?? []
    }

    /// Puts `scalars` after the cell's first character. `setcchar` keeps only the non-spacing
    /// characters after the first and stops at a spacing one, which cut `🏽‍💻` (the second cell
    /// of `👩🏽‍💻`) to `🏽` and a stray joiner (issue 45 §2); ncurses stores and writes out
    /// whatever the cell holds, so the emoji a joiner joins is put there directly.
    static func setFollowingCharacters(of value: inout cchar_t, to scalars: ArraySlice<UInt32>) {
        withUnsafeMutableBytes(of: &value.chars) { buffer in
            let characters = buffer.bindMemory(to: wchar_t.self)
            for index in 1..<characters.count {
                let offset = scalars.startIndex + index - 1
                characters[index] = offset < scalars.endIndex ? wchar_t(bitPattern: scalars[offset]) : 0
            }
        }
    }

    /// A cell's grapheme as ncurses cells: each spacing character with the marks (and, for
    /// emoji, the ZWJ-joined characters) that follow it, at most five characters each
    /// (`CCHARW_MAX`). Written one after the other, the cells give back the grapheme's bytes in
    /// order (`👩` then `🏽‍💻`), and ncurses counts the columns as ``DisplayWidth`` does.
    static func cursesGroups(of grapheme: String) -> [(scalars: [UInt32], width: Int)] {
        var groups: [(scalars: [UInt32], width: Int)] = []
        var afterJoiner = false
        for scalar in grapheme.unicodeScalars {
            let width = DisplayWidth.scalarWidth(scalar.value)
            let joined = afterJoiner && scalar.properties.isEmoji
            afterJoiner = scalar.value == 0x200D
            if groups.isEmpty || (width > 0 && !joined) {
                groups.append(([scalar.value], width))
            } else if groups[groups.count - 1].scalars.count < 5 {
                groups[groups.count - 1].scalars.append(scalar.value)
            }
        }
        return groups
    }

    private func handleSignalBytes() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = Glibc.read(signalReadEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            for byte in buffer[0..<count] {
                let signal = Int32(byte)
                if signal == SIGWINCH {
                    let keys = readKeys()
                    let batch = keys.contains(.resize) ? keys : keys + [.resize]
                    if !keys.contains(.resize) { updateSize() }
                    keyHandler?(batch)
                } else {
                    handleTermination(signal)
                }
            }
        }
    }

    /// True when standard input reports a hang-up or an error (the terminal window was closed).
    private static func inputHasHungUp() -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) == 1 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    private func handleTermination(_ signal: Int32) {
        if let terminationHandler {
            terminationHandler(signal)
        } else {
            stop()
            exit(128 + signal)
        }
    }

    private func discardPendingSignals(_ discarded: Int32) {
        var buffer = [UInt8](repeating: 0, count: 64)
        var kept: [UInt8] = []
        while true {
            let count = Glibc.read(signalReadEnd, &buffer, buffer.count)
            guard count > 0 else { break }
            kept += buffer[0..<count].filter { Int32($0) != discarded }
        }
        for byte in kept {
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated { self?.handleTermination(Int32(byte)) }
            }
        }
    }

    private func updateSize() {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0,
           Int(size.ws_row) != Int(tidings_lines()) || Int(size.ws_col) != Int(tidings_cols()) {
            resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
        rows = Int(tidings_lines())
        columns = Int(tidings_cols())
        cellSize = Self.measureCell() ?? cellSize
    }

    /// The pixel size of a cell from `TIOCGWINSZ`, nil when the terminal does not fill it in.
    private static func measureCell() -> CellSize? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0,
              size.ws_xpixel >= size.ws_col, size.ws_ypixel >= size.ws_row else { return nil }
        return CellSize(width: Int(size.ws_xpixel) / Int(size.ws_col), height: Int(size.ws_ypixel) / Int(size.ws_row))
    }

    private func writeDirectly(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written <= 0 { break }
            offset += written
        }
    }

    /// `setlocale(LC_ALL, "")`, falling back to C.UTF-8 for the character type when the user's
    /// locale is not UTF-8 (ncursesw drops every non-ASCII character otherwise). Returns whether
    /// the user's own locale was UTF-8.
    private static func selectUTF8Locale() -> Bool {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
        if codeset != "UTF-8" && codeset != "UTF8" {
            if setlocale(LC_CTYPE, "C.UTF-8") == nil { setlocale(LC_CTYPE, "C.utf8") }
            return false
        }
        return true
    }

    /// The terminfo strings that undo full-screen mode, for the fatal-signal handler.
    private static func restoreSequence() -> [UInt8] {
        var bytes: [UInt8] = []
        for capability in ["sgr0", "cnorm", "rmkx", "rmcup"] {
            if let value = tigetstr(capability), Int(bitPattern: value) != -1 {
                bytes += Array(String(cString: value).utf8)
            }
        }
        return mouseReportingOff + bytes + Array("\r\n".utf8)
    }

    private static func terminalSupportsTitle() -> Bool {
        if tigetflag("hs") > 0 { return true }
        guard let term = getenv("TERM").map({ String(cString: $0) }) else { return false }
        let families = ["xterm", "tmux", "screen", "rxvt", "alacritty", "foot", "kitty", "wezterm", "st", "vte", "gnome", "konsole", "putty", "contour", "ghostty"]
        return families.contains { term == $0 || term.hasPrefix($0 + "-") }
    }
}
