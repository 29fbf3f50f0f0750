import Configuration
import FilterLanguage
import Foundation
import Testing

/// `feed-option SELECTOR OPTION VALUE`: an option's value for some feeds, the selector a URL or
/// a feed filter expression; later lines win, a URL beats an expression.
@Suite struct FeedOptionTests {
    static let lwn = FilterArticle(date: Date(), feedTitle: "LWN.net", feedLink: "https://lwn.net", feedURL: "https://lwn.net/headlines/rss", tags: ["linux", "slow"])
    static let other = FilterArticle(date: Date(), feedTitle: "Harbour", feedURL: "https://harbour.example/feed", tags: ["news"])

    @Test func aURLAndAnExpressionSelectFeedsAndTheURLWins() {
        let config = Config(parsing: #"""
            reload-time 30
            feed-option "https://lwn.net/headlines/rss" reload-time 90
            feed-option "tags # \"slow\"" reload-time 240
            feed-option "feedtitle =~ \"Harbour\"" user-agent "X/1"
            """#)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        #expect(config.value(\.reloadTime, for: Self.lwn) == 90, "the URL beats the later expression")
        #expect(config.value(\.reloadTime, for: Self.other) == 30, "no line names it: the global value")
        #expect(config.value(\.userAgent, for: Self.other) == "X/1")
        #expect(config.value(\.userAgent, for: Self.lwn) == "")
        #expect(config.setting(\.reloadTime, for: Self.lwn).source == .feedOption(line: 2, selector: .url("https://lwn.net/headlines/rss")))
        #expect(config.setting(\.reloadTime, for: Self.other).source == .configLine(1))
        #expect(config.setting(\.maxItems, for: Self.other).source == .defaultValue)
    }

    @Test func laterLinesWinAmongTheirKind() {
        let config = Config(parsing: #"""
            feed-option "tags # \"linux\"" max-items 10
            feed-option "tags # \"slow\"" max-items 3
            feed-option "https://lwn.net/headlines/rss" download-timeout 5
            feed-option "https://lwn.net/headlines/rss" download-timeout 7
            """#)
        #expect(config.warnings.isEmpty)
        #expect(config.value(\.maxItems, for: Self.lwn) == 3)
        #expect(config.value(\.downloadTimeout, for: Self.lwn) == 7)
        #expect(config.value(\.maxItems, for: Self.other) == 0)
    }

    @Test func mistakesAreOneLineEachAndTheRestLoads() {
        let config = Config(parsing: #"""
            feed-option "https://lwn.net/headlines/rss" browser lynx
            feed-option "title =~ \"x\"" reload-time 5
            feed-option "tags # " reload-time 5
            feed-option "https://lwn.net/headlines/rss" reload-time soon
            feed-option "https://lwn.net/headlines/rss" frobnicate 1
            feed-option reload-time
            max-items 9
            """#)
        #expect(config.warnings.map(\.line) == [1, 2, 3, 4, 5, 6])
        #expect(config.warnings[0].message.contains("browser cannot be set for some feeds"))
        #expect(config.warnings[1].message.contains("article attribute"))
        #expect(config.warnings[3].message.contains("reload-time needs a whole number"))
        #expect(config.warnings[4].message.contains("unknown option"))
        #expect(config[\.maxItems] == 9)
        #expect(config.feedOptions.isEmpty)
    }
}
