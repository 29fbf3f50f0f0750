import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's `run-on-startup`, `edit-urls` and `reload-urls`, on a real cache with file:// feeds.
@MainActor @Suite struct UrlsFileActionsTests {
    @Test func runOnStartupActionsRunOnceTheFeedListIsRead() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        #expect(Config(parsing: "run-on-startup reload-all ; open").warnings.isEmpty)
        let reader = try home.driver(config: "run-on-startup reload-all ; open")
        // No key pressed: the reload ran and the first feed is open.
        reader.settle()
        #expect(reader.text.contains("Ferry delayed"), "\(reader.text)")
        #expect(reader.lines.first?.contains("Harbour News") == true, "\(reader.text)")
    }

    @Test func reloadUrlsReadsTheFileAgain() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.writeFeed("extra", title: "Extra Feed", items: [("Extra one", 18)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(columns: 140)
        reader.settle()
        #expect(!reader.text.contains("extra.xml"))
        try home.subscribe([home.url("news"), home.url("extra") + " \"~Extra Feed\""])
        reader.press(.control("r"))
        reader.settle()
        #expect(reader.text.contains("Extra Feed"), "\(reader.text)")
        #expect(reader.text.contains("Read the urls file again: 2 feeds"), "\(reader.text)")
    }

    @Test func editUrlsHandsTheFileToTheEditorThenReadsItAgain() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let editor = home.path("editor")
        let reader = try home.driver(variables: ["VISUAL": "\(editor) --wait", "EDITOR": "nano"])
        reader.settle()
        reader.press(.character("E"))
        #expect(reader.processEffects == [.editUrlsFile(arguments: [editor, "--wait", home.urlsPath])])
        // The editor adds a feed; once it exits, the runner has the store follow the file.
        try home.subscribe([home.url("news"), home.url("extra") + #" "~Added In Editor""#])
        reader.queue(.editUrlsFile(UrlsFileEdit(change: .reread)))
        reader.settle()
        #expect(reader.text.contains("Added In Editor"), "\(reader.text)")
    }

    @Test func underAFeedServerOrOPMLTheUrlsFileIsNotTheList() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver { $0.feedListSource = .opml(documents: []) }
        reader.settle()
        reader.press(.control("r"))
        #expect(reader.lines.last?.contains("The feed list comes from the OPML documents opml-url names") == true, "\(reader.text)")
        reader.press(.character("a"))
        #expect(reader.lines.last?.contains("change them there") == true, "\(reader.text)")
    }
}
