import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Whole frames as the reader draws them: title bar, the screen on top, status bar.
@MainActor
@Suite struct ReaderFrameTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.subscribe(["https://a.example/feed", "https://b.example/feed"])
        let cache = try home.cache()
        try cache.addItems(2, to: "https://a.example/feed", title: "日本語のニュース")
        try cache.addItems(1, to: "https://b.example/feed", title: "Emoji 🎉 feed")
    }

    private func reader(rows: Int, columns: Int) throws -> ReaderDriver {
        let reader = try home.driver(rows: rows, columns: columns)
        reader.settle()
        return reader
    }

    @Test func feedListFrame() throws {
        let reader = try reader(rows: 6, columns: 44)
        reader.send(.status("Reloading 1/2 — 1 failed"))
        try GoldenFrame(reader.frame).check("feed-list")
    }

    @Test func itemListFrameAtTheSmallestSupportedSize() throws {
        let reader = try reader(rows: 5, columns: 20)
        reader.press(.enter)
        reader.settle()
        try GoldenFrame(reader.frame).check("item-list-smallest")
    }

    @Test func noSizeCrashes() throws {
        let reader = try reader(rows: 24, columns: 80)
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        reader.press(.character("?"))
        reader.settle()
        #expect(reader.state.top is HelpScreen)
        // Help, the article, the item list, the feed list: each drawn at every size, then left.
        for _ in 0..<4 {
            for (rows, columns) in [(0, 0), (1, 1), (2, 2), (5, 20), (30, 100), (200, 500)] {
                reader.resize(rows: rows, columns: columns)
                reader.settle()
                #expect(reader.frame.grid.rows == rows && reader.frame.grid.columns == columns)
            }
            reader.resize(rows: 24, columns: 80)
            if reader.state.navigation.screens.count > 1 { reader.press(.character("q")) }
        }
        #expect(reader.state.top is FeedListScreen)
    }
}
