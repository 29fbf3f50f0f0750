/// What a list remembers between frames: the selected row and the first row shown.
///
/// Kept apart from ``ListView`` (which is rebuilt from data every frame) so that each screen owns
/// its own selection and scroll position and gets them back when the user returns to it.
/// Indices are clamped to the row count at every layout, so a list that shrinks under the
/// selection never points past its end.
public struct ListState: Hashable, Sendable {
    /// Index of the selected row.
    public var selection: Int
    /// Index of the first visible row.
    public var offset: Int
    /// Rows visible at the last layout; paging moves by this much.
    public private(set) var visibleRows: Int
    /// Rows kept visible above and below the selection when the list scrolls (newsboat's
    /// `scrolloff`), as far as the list and the window allow.
    public var scrollOff = 0
    /// Moving down from the last row selects the first, and up from the first the last
    /// (newsboat's `wrap-scroll`); paging still stops at the ends.
    public var wrapsAround = false

    public init(selection: Int = 0, offset: Int = 0) {
        self.selection = max(0, selection)
        self.offset = max(0, offset)
        visibleRows = 0
    }

    /// Clamps the selection to `count` rows and scrolls the least needed to keep it among the
    /// `visibleRows` rows shown; never leaves blank rows at the end while rows above are hidden.
    public mutating func layout(count: Int, visibleRows: Int) {
        self.visibleRows = max(0, visibleRows)
        guard count > 0 else {
            selection = 0
            offset = 0
            return
        }
        selection = min(max(0, selection), count - 1)
        let page = max(1, self.visibleRows)
        // Never more than half the page, so that the selection can still move through it.
        let margin = min(max(0, scrollOff), (page - 1) / 2)
        offset = min(max(0, offset), max(0, count - page))
        if selection - margin < offset { offset = max(0, selection - margin) }
        if selection + margin >= offset + page { offset = min(max(0, count - page), selection + margin - page + 1) }
    }

    /// Moves the selection by `delta` rows (negative is up), stopping at the ends.
    public mutating func move(by delta: Int, count: Int) {
        guard count > 0 else { return }
        selection = min(max(0, selection + delta), count - 1)
        layout(count: count, visibleRows: visibleRows)
    }

    /// Moves the selection one row down (or up), going round past the ends when ``wrapsAround``.
    public mutating func step(forward: Bool, count: Int) {
        guard count > 0 else { return }
        if wrapsAround && forward && selection >= count - 1 {
            select(0, count: count)
        } else if wrapsAround && !forward && selection <= 0 {
            select(count - 1, count: count)
        } else {
            move(by: forward ? 1 : -1, count: count)
        }
    }

    /// Selects `index` (clamped) and scrolls to it.
    public mutating func select(_ index: Int, count: Int) {
        selection = index
        layout(count: count, visibleRows: visibleRows)
    }

    /// Selects the row at `index` when the list has one (`:N`); false when it has not.
    public mutating func selectRow(_ index: Int, count: Int) -> Bool {
        guard index >= 0 && index < count else { return false }
        select(index, count: count)
        return true
    }

    /// The row drawn `line` lines below the top of the list (from 0), as ``ListView`` draws it
    /// from ``offset``: for a click. Nil below the last row.
    ///
    /// - Parameter rowHeight: the lines each row takes, when rows can take more than one.
    public func row(atLine line: Int, count: Int, rowHeight: ((Int) -> Int)? = nil) -> Int? {
        guard line >= 0 else { return nil }
        var index = offset, top = 0
        while index < count {
            let height = max(1, rowHeight?(index) ?? 1)
            if line < top + height { return index }
            top += height
            index += 1
        }
        return nil
    }

    /// Moves one screenful down: the selection and the view move together, as in `less`.
    public mutating func pageDown(count: Int) {
        let page = max(1, visibleRows)
        offset += page
        move(by: page, count: count)
    }

    /// Moves one screenful up.
    public mutating func pageUp(count: Int) {
        let page = max(1, visibleRows)
        offset = max(0, offset - page)
        move(by: -page, count: count)
    }

    /// Handles the navigation keys every list shares — Up, Down, PgUp, PgDn, Home, End — and
    /// reports whether `key` was one of them.
    public mutating func handleNavigationKey(_ key: Key, count: Int) -> Bool {
        switch key {
        case .up: move(by: -1, count: count)
        case .down: move(by: 1, count: count)
        case .pageUp: pageUp(count: count)
        case .pageDown: pageDown(count: count)
        case .home: select(0, count: count)
        case .end: select(count - 1, count: count)
        default: return false
        }
        return true
    }
}
