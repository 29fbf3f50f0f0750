import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The split layouts as whole frames at the sizes people use (issue 43): 80×24 and 120×35 split,
/// 120×35 side by side, 200×50 three panes, and 40×10, too small, stacked.
@MainActor
@Suite struct LayoutFrameTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21), ("Storm warning", 22)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        try home.subscribe([home.url("news"), home.url("tech")])
    }

    /// The reader in `layout`, reloaded, on Harbour News's articles (and its article with `open`).
    func frame(_ layout: String, rows: Int, columns: Int, open: Bool = false) throws -> ReaderFrame {
        let reader = try home.driver(config: "layout \(layout)\n", rows: rows, columns: columns)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        reader.press(.enter)
        reader.settle()
        if open {
            reader.press(.enter)
            reader.settle()
        }
        reader.send(.status(""))
        return reader.frame
    }

    @Test func splitAt80x24() throws {
        try GoldenFrame(frame("split", rows: 24, columns: 80)).check("layout-split-80x24")
    }

    @Test func splitWithTheArticleFocusedAt120x35() throws {
        try GoldenFrame(frame("split", rows: 35, columns: 120, open: true)).check("layout-split-120x35-article")
    }

    @Test func splitVerticalAt120x35() throws {
        try GoldenFrame(frame("split-vertical", rows: 35, columns: 120)).check("layout-split-vertical-120x35")
    }

    @Test func threePaneAt200x50() throws {
        try GoldenFrame(frame("three-pane", rows: 50, columns: 200, open: true)).check("layout-three-pane-200x50")
    }

    @Test func tooSmallFor40x10() throws {
        try GoldenFrame(frame("three-pane", rows: 10, columns: 40)).check("layout-three-pane-40x10-stacked")
    }
}
