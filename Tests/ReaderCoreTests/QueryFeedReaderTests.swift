@testable import Configuration
@testable import FeedServices
import FeedStore
import FilterLanguage
import Foundation
import TerminalUI
import Testing
@testable import TidingsApp

/// Query feeds in the headless reader: listed with live counts, opened like a feed, the
/// killfile respected, and counted once by `tidings unread`.
@MainActor
@Suite(.serialized) struct QueryFeedReaderTests {
    @Test func aQueryFeedListsTheMatchingArticlesOfEveryFeed() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21), ("Sponsored: harbour cruises", 22)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 19), ("Harbour sensors", 18)])
        try home.subscribe([
            home.url("news") + " local", home.url("tech"),
            #""query:Harbour stories:title =~ \"harbour\"" meta"#,
        ])
        let file = try UrlsFile.load(from: URL(fileURLWithPath: home.urlsPath))
        let killfile = Killfile(rules: [Killfile.Rule(feedURL: nil, expression: try FilterParser.parse(#"title =~ "^sponsored""#))], mode: .display)
        let reader = try home.startReader { settings in
            settings.queryFeeds = file.queryFeeds
            settings.killfile = killfile
        }
        #expect(await reader.settle())
        #expect(reader.lines[1].contains("(0/0) Harbour stories"))
        reader.press(.character("R"))
        #expect(await reader.waitFor("(2/2) Harbour stories"))
        #expect(await reader.settle())
        // The query feed heads the list; the window title counts every article once.
        #expect(reader.lines[1].hasPrefix(" N (2/2) Harbour stories"))
        #expect(reader.lines.contains { $0.contains("(2/2) Harbour News") })
        #expect(reader.terminal.title == "Tidings (4 unread)")

        reader.press(.enter)
        #expect(await reader.waitFor("Harbour festival"))
        #expect(reader.lines[0].hasPrefix(" Harbour stories"))
        #expect(reader.lines[0].hasSuffix("2 unread, 2 total"))
        #expect(reader.lines[1].contains("Harbour News") && reader.lines[1].contains("Harbour festival"))
        #expect(reader.lines[2].contains("Tech Notes") && reader.lines[2].contains("Harbour sensors"))
        #expect(!reader.text.contains("cruises"))

        // Reading an article there counts on the query feed and its own feed.
        reader.press(.enter)
        #expect(await reader.waitFor("Title: Harbour festival"))
        reader.press(.character("q"), .character("q"))
        #expect(await reader.waitFor("(1/2) Harbour stories"))
        #expect(await reader.settle())
        #expect(reader.lines.contains { $0.contains("(1/2) Harbour News") })

        // `tidings unread` counts each article once, not once more for the query feed.
        try home.write("ignore-article \"*\" \"title =~ \\\"^sponsored\\\"\"\nignore-mode display\n", to: "config")
        let paths = AppPaths(environment: [:], urlsFile: home.urlsPath, configFile: home.path("config"), cacheFile: home.cachePath)
        #expect(try FeedListCommands.unreadCount(paths: paths) == 3)
    }
}
