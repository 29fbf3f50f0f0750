@testable import Configuration
@testable import FeedServices
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// Query feeds in the reader: listed with live counts, opened like a feed, the killfile
/// respected, and counted once by `tidings unread`.
@MainActor
@Suite struct QueryFeedReaderTests {
    @Test func aQueryFeedListsTheMatchingArticlesOfEveryFeed() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21), ("Sponsored: harbour cruises", 22)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19), ("Harbour sensors", 18)])
        try home.subscribe([
            home.url("news") + " local", home.url("tech"),
            #""query:Harbour stories:title =~ \"harbour\"" meta"#,
        ])
        let reader = try home.driver(config: "ignore-article \"*\" \"title =~ \\\"^sponsored\\\"\"\nignore-mode display\n")
        reader.settle()
        #expect(reader.lines[1].contains("(0/0) Harbour stories"))
        reader.press(.character("R"))
        reader.settle()
        // The query feed heads the list; the window title counts every article once.
        #expect(reader.lines[1].hasPrefix(" N (2/2) Harbour stories"))
        #expect(reader.lines.contains { $0.contains("(2/2) Harbour News") })
        #expect(reader.title == "Tidings (4 unread)")

        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Harbour stories"))
        #expect(reader.lines[0].hasSuffix("2 unread, 2 total"))
        #expect(reader.lines[1].contains("Harbour News") && reader.lines[1].contains("Harbour festival"))
        #expect(reader.lines[2].contains("Tech Notes") && reader.lines[2].contains("Harbour sensors"))
        #expect(!reader.text.contains("cruises"))

        // Reading an article there counts on the query feed and its own feed.
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Harbour festival"))
        reader.press(.character("q"), .character("q"))
        #expect(reader.text.contains("(1/2) Harbour stories"))
        reader.settle()
        #expect(reader.text.contains("(1/2) Harbour stories"))
        #expect(reader.lines.contains { $0.contains("(1/2) Harbour News") })

        // `tidings unread` counts each article once, not once more for the query feed (the
        // config file has the killfile's lines).
        let paths = AppPaths(environment: [:], urlsFile: home.urlsPath, configFile: home.configPath, cacheFile: home.cachePath)
        #expect(try FeedListCommands.unreadCount(paths: paths) == 3)
    }
}
