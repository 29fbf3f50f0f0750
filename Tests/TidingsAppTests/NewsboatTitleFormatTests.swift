@testable import Configuration
import FeedFetcher
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's title formats (`feedlist-title-format`, `articlelist-title-format`,
/// `itemview-title-format`, `searchresult-title-format`, `help-title-format`,
/// `urlview-title-format`, `selecttag-title-format`) and the tag list's `selecttag-format`,
/// with newsboat's specifiers.
@MainActor
@Suite(.serialized) struct NewsboatTitleFormatTests {
    /// newsboat's own defaults (its "Dialog Title Formats"), as a user copies them.
    static let newsboatDefaults = #"""
        feedlist-title-format "%N %V - %?F?Feeds&Your feeds? (%u unread, %t total)%?F? matching filter '%F'&?%?T? - tag '%T'&?"
        articlelist-title-format "%N %V - Articles in feed '%T' (%u unread, %t total)%?F? matching filter '%F'&? - %U"
        searchresult-title-format "%N %V - Search results for '%s' (%u unread, %t total)%?F? matching filter '%F'&?"
        help-title-format "%N %V - Help"
        selecttag-title-format "%N %V - Select Tag"
        itemview-title-format "%N %V - Article '%T' (%u unread, %t total)"
        urlview-title-format "%N %V - URLs"
        dialogs-title-format "%N %V - Dialogs"
        selecttag-format "%4i  %T (%u)"
        """#

    @Test func newsboatsDefaultsAreReadWithoutAWarningAndAnUnknownLetterIsRefused() {
        #expect(Config(parsing: Self.newsboatDefaults).warnings.isEmpty)
        let config = Config(parsing: "feedlist-title-format \"%Q feeds\"\nitemview-title-format \"%F: %T\"")
        #expect(config.warnings.map(\.description) == [
            "config line 1: feedlist-title-format: %Q is not understood, so Tidings' own title is used (known: %F %N %T %U %V %t %u %>C %% %?X?…&…?)",
        ])
        #expect(config.readerPreferences.titleFormats[.feedListTitle] == nil)
        #expect(config.readerPreferences.titleFormats[.itemViewTitle] != nil)
    }

    @Test func theListsTakeTheirTitlesFromTheirFormats() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19), ("Gamma", 20)])
        try home.serve("tech", title: "Tech Notes", items: [("Kernel release", 17)])
        try home.subscribe([home.url("news") + " local", home.url("tech")])
        let config = Config(parsing: Self.newsboatDefaults + "\nselecttag-format \"%i|%T|%u|%f|%n\"")
        #expect(config.warnings.isEmpty)
        let reader = try home.startReader(columns: 160) { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(1/1) Tech Notes"), "\(reader.text)")
        #expect(await reader.settle())
        let version = "Tidings \(TidingsVersion.current)"
        #expect(reader.lines[0].trimmingCharacters(in: .whitespaces).hasPrefix("\(version) - Your feeds (2 unread, 2 total)"), "\(reader.lines[0])")
        reader.press(.home, .enter)
        #expect(await reader.waitFor("Articles in feed 'Harbour News' (3 unread, 3 total) - \(home.url("news"))"), "\(reader.lines[0])")
        #expect(reader.lines[0].trimmingCharacters(in: .whitespaces).hasPrefix(version))
        reader.press(.character("q"))
        #expect(await reader.waitFor("Your feeds (2 unread, 2 total)"))
        reader.press(.character("t"))
        #expect(await reader.waitFor("\(version) - Select Tag"))
        #expect(await reader.waitFor("1|local|1|1|3"), "\(reader.text)")
        reader.press(.enter)
        #expect(await reader.waitFor("Your feeds (1 unread, 1 total) - tag 'local'"), "\(reader.lines[0])")
        reader.press(.character("/"))
        reader.type("Beta")
        reader.press(.enter)
        #expect(await reader.waitFor("\(version) - Search results for 'Beta' (1 unread, 1 total)"), "\(reader.lines[0])")
        reader.press(.enter)
        #expect(await reader.waitFor("\(version) - Article 'Beta'"), "\(reader.lines[0])")
        reader.press(.character("u"))
        #expect(await reader.waitFor("\(version) - URLs"), "\(reader.lines[0])")
        reader.press(.character("q"), .character("?"))
        #expect(await reader.waitFor("\(version) - Help"), "\(reader.lines[0])")
        reader.press(.character("q"), .character("v"))
        #expect(await reader.waitFor("\(version) - Dialogs"), "\(reader.lines[0])")
    }

    /// `%>C` in a title format, as shared configs write it: the title starts at the left edge,
    /// the part after `%>` ends at the right edge, and `C` fills the row between them.
    @Test func aFillInATitleFormatSpansTheBar() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19)])
        try home.subscribe([home.url("news")])
        let config = Config(parsing: """
            feedlist-title-format "—[%u feeds with new articles]——%>—(%N)—"
            articlelist-title-format "[%T]%> (%u unread)"
            """)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        let reader = try home.startReader(columns: 60) { $0.take(config, environment: [:]) }
        reader.press(.character("R"))
        #expect(await reader.waitFor("(2/2) Harbour News"), "\(reader.text)")
        #expect(await reader.waitFor("—[1 feeds with new articles]——"), "\(reader.lines[0])")
        #expect(reader.lines[0] == "—[1 feeds with new articles]" + String(repeating: "—", count: 60 - 29 - 10) + "—(Tidings)—")
        reader.press(.home, .enter)
        #expect(await reader.waitFor("[Harbour News]"), "\(reader.lines[0])")
        #expect(reader.lines[0] == "[Harbour News]" + String(repeating: " ", count: 60 - 14 - 11) + " (2 unread)")
    }
}
