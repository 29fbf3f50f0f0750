import Configuration
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's `run-on-startup`, `edit-urls` and `reload-urls`, in the headless reader on a real
/// cache with feeds served on loopback.
@MainActor @Suite struct UrlsFileActionsTests {
    @Test func runOnStartupActionsRunOnceTheFeedListIsRead() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let config = Config(parsing: "run-on-startup reload-all ; open")
        #expect(config.warnings.isEmpty)
        let reader = try home.startReader { $0.take(config, environment: [:]) }
        // No key pressed: the reload ran and the first feed is open.
        #expect(await reader.waitFor("Ferry delayed"), "\(reader.text)")
        #expect(reader.lines.first?.contains("Harbour News") == true, "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func reloadUrlsReadsTheFileAgain() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.serve("extra", title: "Extra Feed", items: [("Extra one", 18)])
        try home.subscribe([home.url("news")])
        let reader = try home.startReader()
        #expect(await reader.settle())
        #expect(!reader.text.contains("extra.xml"))
        try home.subscribe([home.url("news"), home.url("extra") + " \"~Extra Feed\""])
        reader.press(.control("r"))
        #expect(await reader.waitFor("Extra Feed"), "\(reader.text)")
        #expect(await reader.waitFor("Read the urls file again: 2 feeds"), "\(reader.text)")
        #expect(await reader.settle())
    }

    @Test func editUrlsHandsTheFileToTheEditorThenReadsItAgain() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        // An "editor" that adds a feed to the file it is given and says what it got.
        let extra = home.url("extra")
        try ExecutableScript.write("""
            #!/bin/sh
            echo "$@" > \(home.path("edited"))
            echo '\(extra) "~Added In Editor"' >> "$2"
            """, to: home.path("editor"))
        let reader = try home.startReader(environment: ["PATH": "/usr/bin:/bin", "VISUAL": "\(home.path("editor")) --wait", "EDITOR": "nano"])
        #expect(await reader.settle())
        reader.press(.character("E"))
        #expect(await reader.waitFor("Added In Editor"), "\(reader.text)")
        #expect(try String(contentsOfFile: home.path("edited"), encoding: .utf8) == "--wait \(home.urlsPath)\n")
        #expect(await reader.settle())
    }

    @Test func underAFeedServerOrOPMLTheUrlsFileIsNotTheList() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.startReader { $0.feedListSource = .opml(documents: []) }
        #expect(await reader.settle())
        reader.press(.control("r"))
        #expect(reader.lines.last?.contains("The feed list comes from the OPML documents opml-url names") == true, "\(reader.text)")
        reader.press(.character("a"))
        #expect(reader.lines.last?.contains("change them there") == true, "\(reader.text)")
    }
}
