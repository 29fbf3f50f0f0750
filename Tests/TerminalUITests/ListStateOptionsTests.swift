import Testing
@testable import TerminalUI

/// `scrolloff` and `wrap-scroll` on a list's state.
struct ListStateOptionsTests {
    @Test func scrollOffKeepsRowsAroundTheSelection() {
        var state = ListState()
        state.scrollOff = 2
        state.layout(count: 20, visibleRows: 6)
        for _ in 0..<4 { state.step(forward: true, count: 20) }
        // Row 4 selected with two rows under it in view: rows 1…6 shown.
        #expect(state.selection == 4 && state.offset == 1)
        state.select(19, count: 20)
        #expect(state.offset == 14, "at the end the list never scrolls past its last row")
        for _ in 0..<4 { state.step(forward: false, count: 20) }
        // Row 15: two rows above it in view.
        #expect(state.selection == 15 && state.offset == 13)
        // A margin larger than half the page is cut to what lets the selection move.
        state.scrollOff = 50
        state.select(10, count: 20)
        #expect(state.offset == 8)
    }

    @Test func wrapsAroundOnlyWhenAsked() {
        var state = ListState()
        state.layout(count: 3, visibleRows: 3)
        state.step(forward: false, count: 3)
        #expect(state.selection == 0)
        state.wrapsAround = true
        state.step(forward: false, count: 3)
        #expect(state.selection == 2)
        state.step(forward: true, count: 3)
        #expect(state.selection == 0)
        state.pageDown(count: 3)
        state.pageDown(count: 3)
        #expect(state.selection == 2, "paging stops at the end")
    }
}
