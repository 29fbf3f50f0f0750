import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// `restrict-filename`: the name `S` proposes for an article, in the headless reader.
@MainActor @Suite struct SaveFileNameTests {
    private func proposal(restrict: String?) async throws -> String {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Café: 50% off / today", 20)])
        try home.subscribe([home.url("news")])
        let config = Config(parsing: restrict.map { "restrict-filename \($0)" } ?? "")
        #expect(config.warnings.isEmpty)
        let reader = try home.startReader(columns: 200) { settings in
            settings.take(config, environment: [:])
            settings.articleActions.savePath = home.path("saved")
        }
        #expect(await reader.settle())
        reader.press(.character("R"))
        #expect(await reader.waitFor("Reloaded 1 feed"))
        reader.press(.enter)
        #expect(await reader.waitFor("Café"))
        #expect(await reader.settle())
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Café"))
        reader.press(.character("S"))
        let prompt = reader.lines.last { $0.contains("Save to: ") } ?? ""
        #expect(await reader.settle())
        return String(prompt.split(separator: "/").last ?? "")
            .trimmingCharacters(in: .whitespaces)
    }

    @Test func restrictedNamesKeepLettersAndDigits() async throws {
        #expect(try await proposal(restrict: nil).hasPrefix("Café_50_off_today.txt"))
        #expect(try await proposal(restrict: "yes").hasPrefix("Café_50_off_today.txt"))
    }

    @Test func unrestrictedNamesAreTheTitleWithoutSlashes() async throws {
        let name = try await proposal(restrict: "no")
        // The slash of the title became _, so the last path component is the whole title.
        #expect(name.hasPrefix("Café: 50% off _ today.txt"), "\(name)")
    }

    @Test func unrestrictedNamesDropControlCharactersAndLeadingDots() {
        #expect(ArticleText.unrestrictedFileName(for: "../etc\u{1B}[31m/passwd") == "_etc[31m_passwd.txt")
        #expect(ArticleText.unrestrictedFileName(for: "  ") == "article.txt")
        #expect(ArticleText.unrestrictedFileName(for: String(repeating: "é", count: 300)).utf8.count <= 204)
    }
}
