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

    @Test func everyOptionTheIssueNamesTakesAFeed() {
        let names = ["reload-time", "max-items", "download-timeout", "proxy", "proxy-type", "use-proxy", "user-agent", "http-header",
                     "cookie-cache", "always-download-full-text", "notify-on-arrival", "mark-read-on-arrival", "html-renderer",
                     "podcast-auto-enqueue"]
        for name in names {
            #expect(OptionTable.named[name]?.scope == .perFeed, "\(name)")
        }
        #expect(Config()[\.notifyOnArrival] == true && Config()[\.markReadOnArrival] == false && Config()[\.alwaysDownloadFullText] == false)
    }

    @Test func httpHeadersAddUpFromEveryFeedsLinesToAFeedsOwn() {
        let config = Config(parsing: #"""
            http-header "Accept-Language: fr"
            http-header "X-Trace: 1"
            feed-option "tags # \"slow\"" http-header "X-Key: tag"
            feed-option "https://lwn.net/headlines/rss" http-header "X-Key: k"
            feed-option "https://lwn.net/headlines/rss" http-header "x-trace: 2"
            """#)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        #expect(config[\.httpHeader].lines == ["Accept-Language: fr", "X-Trace: 1"])
        #expect(config.value(\.httpHeader, for: Self.lwn).lines == ["Accept-Language: fr", "X-Key: k", "x-trace: 2"],
                "the URL's line after the expression's, a header of the same name (any case) replacing the earlier")
        #expect(config.value(\.httpHeader, for: Self.other).lines == ["Accept-Language: fr", "X-Trace: 1"])
        #expect(config.setting(\.httpHeader, for: Self.lwn).source == .feedOption(line: 5, selector: .url("https://lwn.net/headlines/rss")))
        let text = config.settingText(OptionTable.shared.httpHeader, for: Self.lwn)
        #expect(text.text == #""Accept-Language: fr" "X-Key: k" "x-trace: 2""#)
        let lines = text.sources.map { source in
            switch source {
            case .configLine(let line), .feedOption(let line, _): line
            case .defaultValue: 0
            }
        }
        #expect(lines == [1, 2, 3, 4, 5], "each line that added to it")
    }

    @Test func aHeaderThatIsNotOneIsAWarningWithItsLine() {
        let config = Config(parsing: #"""
            http-header "no colon"
            http-header "Bad Name: x"
            feed-option "https://lwn.net/headlines/rss" http-header ": empty"
            http-header "X-Ok: fine"
            """#)
        #expect(config.warnings.map(\.line) == [1, 2, 3])
        #expect(config.warnings[0].message.contains("takes \"Name: value\""))
        #expect(config[\.httpHeader].lines == ["X-Ok: fine"])
    }

    @Test func settingTextSaysEachValueAsALineWritesItAndWhereItComesFrom() {
        let config = Config(parsing: #"""
            reload-time 30
            feed-option "tags # \"slow\"" reload-time 240
            """#)
        let slow = config.settingText(OptionTable.shared.reloadTime, for: Self.lwn)
        #expect(slow.text == "240")
        guard slow.sources.count == 1, case .feedOption(line: 2, let selector) = slow.sources[0] else {
            Issue.record("set by line 2 alone: \(slow.sources)")
            return
        }
        #expect(selector.description == #"tags # "slow""#)
        let other = config.settingText(OptionTable.shared.reloadTime, for: Self.other)
        #expect(other.text == "30" && other.sources == [.configLine(1)])
        #expect(config.settingText(OptionTable.shared.userAgent, for: Self.other).sources.isEmpty, "the default")
    }
}
