import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The prompts' histories for the session: Up brings back the lines typed before. (Kept between
/// sessions in files: ReaderHeadlessTests' PromptHistoryFilesTests.)
@MainActor @Suite struct PromptHistoryTests {
    @Test func theFilterPromptKeepsItsLinesForTheSession() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(columns: 120)
        reader.settle()
        reader.press(.character("f"))
        reader.type("unread = \"yes\"")
        reader.press(.enter)
        reader.settle()
        reader.press(.character("f"), .up)
        #expect(reader.lines.last?.hasPrefix("Filter: unread = \"yes\"") == true, "\(reader.text)")
    }

    @Test func aHistoryKeepsNoBlankLineAndNoRepeatOfTheLineBefore() {
        var history = PromptHistory(["a", "a", "", "  ", "b", "a"])
        #expect(history.lines == ["a", "b", "a"])
        history.add("a")
        history.add("c")
        history.prepend(["x", "c"])
        #expect(history.lines == ["x", "c", "a", "b", "a", "c"])
        #expect(history.newest(2) == ["a", "c"])
        #expect(history.newest(0) == [])
        #expect(PromptHistory(["c"]).lines == ["c"])
    }
}
