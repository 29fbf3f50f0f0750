import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// `restrict-filename`: the name `S` proposes for an article.
@MainActor @Suite struct SaveFileNameTests {
    private func proposal(restrict: String?) throws -> String {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Café: 50% off / today", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: "save-path \"\(home.path("saved"))\"\n" + (restrict.map { "restrict-filename \($0)" } ?? ""),
                                     columns: 200)
        #expect(reader.state.settings.config.warnings.isEmpty)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("Reloaded 1 feed"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Café"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Café"))
        reader.press(.character("S"))
        let prompt = reader.lines.last { $0.contains("Save to: ") } ?? ""
        return String(prompt.split(separator: "/").last ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    @Test func restrictedNamesKeepLettersAndDigits() throws {
        #expect(try proposal(restrict: nil).hasPrefix("Café_50_off_today.txt"))
        #expect(try proposal(restrict: "yes").hasPrefix("Café_50_off_today.txt"))
    }

    @Test func unrestrictedNamesAreTheTitleWithoutSlashes() throws {
        let name = try proposal(restrict: "no")
        // The slash of the title became _, so the last path component is the whole title.
        #expect(name.hasPrefix("Café: 50% off _ today.txt"), "\(name)")
    }

    @Test func unrestrictedNamesDropControlCharactersAndLeadingDots() {
        #expect(ArticleText.unrestrictedFileName(for: "../etc\u{1B}[31m/passwd") == "_etc[31m_passwd.txt")
        #expect(ArticleText.unrestrictedFileName(for: "  ") == "article.txt")
        #expect(ArticleText.unrestrictedFileName(for: String(repeating: "é", count: 300)).utf8.count <= 204)
    }
}
