@testable import Configuration
import FilterLanguage
import Foundation
import Testing

/// `rule EXPRESSION ACTION…` lines and the duplicate options: every action read, newsboat's
/// quoting as `ignore-article` takes it, and one warning with its line for a line that does not
/// read whole (the rest of the file loads).
@Suite struct RuleConfigTests {
    @Test func ruleLinesReadEveryActionInOrder() throws {
        let config = Config(parsing: #"""
            # the issue's acceptance config
            rule "title =~ \"Sponsored\"" mark-read
            rule "feedtitle = \"Alpha\"" tag alpha-news
            rule "enclosure_type =~ \"audio\"" enqueue notify full-text star hide run "/usr/bin/notify send" "New: %t" %u
            """#)
        #expect(config.warnings.isEmpty)
        #expect(config.rules.map(\.line) == [2, 3, 4])
        #expect(config.rules.map(\.source) == [#"title =~ "Sponsored""#, #"feedtitle = "Alpha""#, #"enclosure_type =~ "audio""#])
        #expect(config.rules[0].expression == (try FilterParser.parse(#"title =~ "Sponsored""#)))
        #expect(config.rules[0].actions == [.markRead])
        #expect(config.rules[1].actions == [.tag("alpha-news")])
        #expect(config.rules[2].actions == [.enqueue, .notify, .fullText, .star, .hide, .run(["/usr/bin/notify send", "New: %t", "%u"])])
        #expect(config.rules[2].actions.map(\.description).last == #"run "/usr/bin/notify send" "New: %t" %u"#)
    }

    @Test func aLineThatDoesNotReadIsOneWarningWithItsLineAndTheRestLoads() {
        let config = Config(parsing: #"""
            rule "title =~ \"a\" and" mark-read
            rule "title = \"x\""
            rule "title = \"x\"" mark-read explode
            rule "title = \"x\"" tag
            rule "title = \"x\"" star run
            rule "author = \"Ann\"" star
            show-read-feeds no
            """#)
        #expect(config.warnings.map(\.line) == [1, 2, 3, 4, 5])
        #expect(config.warnings[0].message.hasPrefix("rule: the expression, column 17"))
        #expect(config.warnings[1].message.contains("at least one action"))
        #expect(config.warnings[2].message.contains(#""explode" is not an action"#))
        #expect(config.warnings[3].message.contains("tag needs a tag name"))
        #expect(config.warnings[4].message.contains("run needs a program"))
        #expect(config.warnings.allSatisfy { $0.message.hasSuffix("; ignored") })
        #expect(config.rules.map(\.line) == [6])
        #expect(config[\.showReadFeeds] == false)
    }

    @Test func duplicatesFoldByDefaultAndNearDuplicatesOnlyWhenAsked() {
        #expect(Config()[\.foldDuplicates] == true)
        #expect(Config()[\.foldNearDuplicates] == false)
        let config = Config(parsing: "fold-duplicates no\nfold-near-duplicates yes")
        #expect(config.warnings.isEmpty)
        #expect(config[\.foldDuplicates] == false && config[\.foldNearDuplicates] == true)
    }

    @Test func runArgumentsTakeTheArticlesFieldsEachAsOneArgument() {
        let arguments = ArticleRule.arguments(
            ["prog", "%t", "--link=%u", "%f/%a", "50%%", "%z", "%"], link: "https://x.example/?a=1&b=2", title: "A \"title\"; rm -rf ~",
            feedTitle: "Feed", author: nil)
        #expect(arguments == ["prog", "A \"title\"; rm -rf ~", "--link=https://x.example/?a=1&b=2", "Feed/", "50%", "%z", "%"])
    }
}
