import FilterLanguage
import Foundation
import Testing

@testable import FeedStore

@Suite struct FilterParserTests {
    @Test func parsesComparisonsWithAndBindingTighterThanOr() throws {
        let expression = try FilterParser.parse(#"title =~ "rust" or author = "Ann" and age < 7"#)
        guard case .or(.comparison(let left), .and(.comparison(let middle), .comparison(let right))) = expression else {
            Issue.record("unexpected tree \(expression)")
            return
        }
        #expect(left.attribute == .title && left.comparator == .matches && left.value == .text("rust"))
        #expect(middle.attribute == .author && middle.comparator == .equal && middle.value == .text("Ann"))
        #expect(right.attribute == .age && right.comparator == .less && right.value == .number(7))
    }

    @Test func parenthesesGroupAndEveryOperatorIsRead() throws {
        let expression = try FilterParser.parse(#"(tags # "a" or tags !# "b") and unread_count between 1:5"#)
        guard case .and(.or, .comparison(let range)) = expression else {
            Issue.record("unexpected tree \(expression)")
            return
        }
        #expect(range.value == .range(1, 5))
        #expect(try FilterParser.parse(#"age between "2:9""#) == .comparison(
            try FilterComparison(attribute: .age, comparator: .between, value: .range(2, 9))))
        for spelled in ["=", "!=", "=~", "!~", "!=~", "#", "!#"] {
            #expect(throws: Never.self) { try FilterParser.parse("title \(spelled) \"x\"") }
        }
        for spelled in ["<", ">", "<=", ">=", "=", "!="] {
            #expect(throws: Never.self) { try FilterParser.parse("age \(spelled) 3") }
        }
        // Numbers may be quoted, as published configs often write them.
        #expect(try FilterParser.parse(#"age > "3""#) == FilterParser.parse("age > 3"))
        // Escaped quotes inside a value, and a backslash kept for the regular expression.
        #expect(try FilterParser.parse(#"title =~ "say \"hi\" \.""#) == .comparison(
            try FilterComparison(attribute: .title, comparator: .matches, value: .text(#"say "hi" \."#))))
    }

    @Test func badExpressionsSayWhatAndWhere() {
        let cases: [(String, Int, String)] = [
            (#"titel = "x""#, 1, "unknown attribute \"titel\""),
            (#"title "x""#, 7, "expected an operator"),
            (#"title = "x" and"#, 16, "expected an attribute"),
            (#"title = x"#, 9, "expected a value"),
            (#"(title = "x""#, 13, "expected \")\""),
            (#"title = "x" "y""#, 13, "expected \"and\", \"or\""),
            (#"title =~ "(""#, 10, "not a regular expression"),
            (#"title < "x""#, 9, "< compares numbers"),
            (#"age = "old""#, 7, "age is a number"),
            (#"title between 1:2"#, 15, "between compares numbers"),
            (#"age # "1""#, 7, "# looks into text"),
            (#"title = "open"#, 9, "never closed"),
            (#"title = "x" & y"#, 13, "unexpected \"&\""),
        ]
        for (source, column, message) in cases {
            do {
                _ = try FilterParser.parse(source)
                Issue.record("\(source) parsed")
            } catch {
                #expect(error.column == column, "\(source): \(error)")
                #expect(error.message.contains(message), "\(source): \(error)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    @Test func swiftEvaluationFollowsNewsboat() throws {
        let now = Date(timeIntervalSince1970: 1_750_000_000)
        let article = FilterArticle(
            title: "Sponsored: Café deals", author: nil, isStarred: true, date: now.addingTimeInterval(-3 * 86400 - 60),
            feedTitle: "News", feedURL: "https://n.example/feed", tags: ["news", "long reads"], unreadCount: 4)
        let check = { (source: String) throws -> Bool in try FilterParser.parse(source).matches(article, now: now) }
        #expect(try check(#"title =~ "sponsored""#))  // case-insensitive
        #expect(try check(#"title =~ "^spon.*deals$""#))
        #expect(try !check(#"title !~ "café""#))
        #expect(try check(#"author = """#))  // no author is the empty text
        #expect(try check(#"age = 3 and age between 2:3 and age > 2 and age <= 3"#))
        #expect(try check(#"tags # "long reads" and tags !# "long""#))
        #expect(try check(#"tags =~ "news long""#))
        #expect(try check(#"flags # "s" and unread = "yes" and unread_count >= 4"#))
        #expect(try check(#"title # "Café" and title !# "café""#))  // # is case-sensitive
        #expect(try !check(#"feedtitle = "news" or rssurl != "https://n.example/feed""#))
    }
}
