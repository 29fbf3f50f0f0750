@testable import Configuration
import FeedModel
import FeedStore
import Foundation
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's article-list fields besides `%f`: `%n` (`N` when unread), `%d` (`D` when deleted)
/// and `%F` (the article's flags), as users put them in `articlelist-format`.
@Suite struct ArticleListFieldsTests {
    private func draw(_ format: String, isRead: Bool, isStarred: Bool) -> String {
        let config = Config(parsing: "articlelist-format \"\(format)\"")
        #expect(config.warnings.isEmpty, "\(config.warnings.map(\.description))")
        var grid = CellGrid(rows: 1, columns: 30)
        let row = ItemRow(id: ItemID(1), feedID: FeedID(1), feedTitle: "News", title: "Tide", link: nil, author: nil,
                          date: Date(timeIntervalSince1970: 1_763_715_600), isRead: isRead, isStarred: isStarred, hasEnclosures: false)
        ItemRowRenderer(timeZone: TimeZone(identifier: "UTC")!, theme: .standard,
                        format: ListFormat(config[\.articlelistFormat], kind: .articleList), highlights: config.highlights)
            .render(row, index: 0, into: &grid, in: Rect(row: 0, column: 0, height: 1, width: 30))
        return grid.lines[0]
    }

    @Test func unreadDeletedAndFlagsFieldsAreDrawnAsInNewsboat() {
        #expect(draw("[%n|%d|%F] %t", isRead: false, isStarred: true).hasPrefix("[N| |s] Tide"))
        #expect(draw("[%n|%d|%F] %t", isRead: true, isStarred: false).hasPrefix("[ | |] Tide"))
        #expect(draw("%-1n%-1d%-1F %t", isRead: false, isStarred: false).hasPrefix("N   Tide"))
    }

    @Test func aFillAtTheVeryEndDrawsNothing() {
        #expect(draw("%t %>", isRead: false, isStarred: false) == "Tide")
    }
}
