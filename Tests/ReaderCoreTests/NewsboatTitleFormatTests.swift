@testable import Configuration
import FeedFetcher
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's title formats (`feedlist-title-format`, `articlelist-title-format`,
/// `itemview-title-format`, `searchresult-title-format`, `help-title-format`,
/// `urlview-title-format`, `selecttag-title-format`) and the tag list's `selecttag-format`,
/// with newsboat's specifiers.
@MainActor
@Suite struct NewsboatTitleFormatTests {
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
        #expect(config.titleFormats[.feedListTitle] == nil)
        #expect(config.titleFormats[.itemViewTitle] != nil)
    }

    /// The reader with `config`, `columns` wide, reloaded.
    private func reader(_ home: ReaderHome, config: String, columns: Int) throws -> ReaderDriver {
        let reader = try home.driver(config: config, columns: columns)
        #expect(reader.state.settings.config.warnings.isEmpty, "\(reader.state.settings.config.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        return reader
    }

    @Test func theListsTakeTheirTitlesFromTheirFormats() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19), ("Gamma", 20)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 17)])
        try home.subscribe([home.url("news") + " local", home.url("tech")])
        let reader = try reader(home, config: Self.newsboatDefaults + "\nselecttag-format \"%i|%T|%u|%f|%n\"", columns: 160)
        #expect(reader.text.contains("(1/1) Tech Notes"), "\(reader.text)")
        let version = "Tidings \(TidingsVersion.current)"
        #expect(reader.lines[0].trimmingCharacters(in: .whitespaces).hasPrefix("\(version) - Your feeds (2 unread, 2 total)"), "\(reader.lines[0])")
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.lines[0].contains("Articles in feed 'Harbour News' (3 unread, 3 total) - \(home.url("news"))"), "\(reader.lines[0])")
        #expect(reader.lines[0].trimmingCharacters(in: .whitespaces).hasPrefix(version))
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.lines[0].contains("Your feeds (2 unread, 2 total)"))
        reader.press(.character("t"))
        reader.settle()
        #expect(reader.lines[0].contains("\(version) - Select Tag"))
        #expect(reader.text.contains("1|local|1|1|3"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].contains("Your feeds (1 unread, 1 total) - tag 'local'"), "\(reader.lines[0])")
        reader.press(.character("/"))
        reader.type("Beta")
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].contains("\(version) - Search results for 'Beta' (1 unread, 1 total)"), "\(reader.lines[0])")
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].contains("\(version) - Article 'Beta'"), "\(reader.lines[0])")
        reader.press(.character("u"))
        #expect(reader.lines[0].contains("\(version) - URLs"), "\(reader.lines[0])")
        reader.press(.character("q"), .character("?"))
        #expect(reader.lines[0].contains("\(version) - Help"), "\(reader.lines[0])")
        reader.press(.character("q"), .character("v"))
        #expect(reader.lines[0].contains("\(version) - Dialogs"), "\(reader.lines[0])")
    }

    /// `%>C` in a title format, as shared configs write it: the title starts at the left edge,
    /// the part after `%>` ends at the right edge, and `C` fills the row between them.
    @Test func aFillInATitleFormatSpansTheBar() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Alpha", 18), ("Beta", 19)])
        try home.subscribe([home.url("news")])
        let reader = try reader(home, config: """
            feedlist-title-format "—[%u feeds with new articles]——%>—(%N)—"
            articlelist-title-format "[%T]%> (%u unread)"
            """, columns: 60)
        #expect(reader.text.contains("(2/2) Harbour News"), "\(reader.text)")
        #expect(reader.lines[0] == "—[1 feeds with new articles]" + String(repeating: "—", count: 60 - 29 - 10) + "—(Tidings)—", "\(reader.lines[0])")
        reader.press(.home, .enter)
        reader.settle()
        #expect(reader.lines[0] == "[Harbour News]" + String(repeating: " ", count: 60 - 14 - 11) + " (2 unread)", "\(reader.lines[0])")
    }
}
