@testable import Configuration
import Testing

/// `fulltext-command`, `fulltext-command-timeout` and `always-fetch-full-article` in the config.
@Suite struct FullArticleConfigTests {
    @Test func theCommandIsSplitWithoutAShellAndThePatternKept() {
        let config = Config(parsing: #"""
            fulltext-command "readability --format html 'a b' $(rm -rf ~) ;echo"
            fulltext-command-timeout 12
            always-fetch-full-article "^https://(www\.)?lwn\.net/"
            """#)
        #expect(config.warnings.isEmpty)
        #expect(config.fullArticle.command == ["readability", "--format", "html", "a b", "$(rm", "-rf", "~)", ";echo"])
        #expect(config.fullArticle.commandTimeout == 12)
        #expect(config.fullArticle.alwaysFetches(feedURL: "https://lwn.net/headlines/rss"))
        #expect(config.fullArticle.alwaysFetches(feedURL: "https://www.lwn.net/x"))
        #expect(!config.fullArticle.alwaysFetches(feedURL: "https://example.org/?https://lwn.net/"))
    }

    @Test func badValuesAreWarningsAndTheDefaultsStay() {
        let config = Config(parsing: """
            fulltext-command "extract 'unclosed"
            fulltext-command-timeout 0
            always-fetch-full-article "(unclosed"
            always-fetch-full-article
            """)
        #expect(config.warnings.map(\.line) == [1, 2, 3, 4])
        #expect(config.fullArticle == FullArticleOptions())
        #expect(!config.fullArticle.alwaysFetches(feedURL: "https://lwn.net/"))
    }

    @Test func withoutTheOptionNoFeedIsFetchedAutomatically() {
        #expect(!Config().fullArticle.alwaysFetches(feedURL: "https://lwn.net/"))
        #expect(Config().fullArticle.command == nil)
    }
}
