@testable import Configuration
import FeedStore
import FeedModel
import FilterLanguage
import Foundation
import Testing

@Suite struct UrlsFileTests {
    static let sample = """
        # My feeds, moved over from newsboat
        https://harbour.example/feed.xml news "long reads" "~Harbour Notes, abridged"

        https://blog.example/atom.xml tech   # trailing comment
        exec:~/bin/scrape.sh "--site" "my town" local "!"
        "query:Unread Articles:unread = \\"yes\\"" meta
        "https://unterminated.example/feed tech
        www.typo.example/rss at all
        filter:~/bin/clean.py:https://messy.example/rss
        file:///home/me/feeds/local.xml
        https://blog.example/atom.xml duplicate
        https://fragment.example/feed#latest
        """ + "\n"

    @Test func readsNewsboatLinesWithTagsTitlesAndHiddenFeeds() {
        let file = UrlsFile(parsing: UrlsFileTests.sample)
        #expect(file.subscriptions == [
            Subscription(url: "https://harbour.example/feed.xml", tags: ["news", "long reads"], customTitle: "Harbour Notes, abridged"),
            Subscription(url: "https://blog.example/atom.xml", tags: ["tech"]),
            Subscription(url: "exec:~/bin/scrape.sh", tags: ["--site", "my town", "local"], isHidden: true),
            Subscription(url: "filter:~/bin/clean.py:https://messy.example/rss"),
            Subscription(url: "file:///home/me/feeds/local.xml"),
            Subscription(url: "https://fragment.example/feed#latest"),
        ])
    }

    @Test func badLinesAreReportedWithTheirNumbersAndSkipped() {
        let file = UrlsFile(parsing: UrlsFileTests.sample)
        #expect(file.problems.map(\.description) == [
            "line 7: a quote is opened and never closed",
            "line 8: www.typo.example/rss has no scheme: write https://www.typo.example/rss",
            "line 11: https://blog.example/atom.xml is already on line 4; skipped",
        ])
    }

    @Test func newsboatsOwnFormsAreReadWithoutAWarning() {
        let file = UrlsFile(parsing: "\u{FEFF}" + #"""
            "--- BLOGS ---"
            https://a.example/feed blogs \
                "~A, continued"
            " "
            "~--- NEWS ---" "news"
            https://b.example/feed "open tag
            """#)
        #expect(file.subscriptions == [
            Subscription(url: "https://a.example/feed", tags: ["blogs"], customTitle: "A, continued"),
            Subscription(url: "https://b.example/feed", tags: ["open tag"]),
        ])
        #expect(file.problems.map(\.description) == ["line 6: a quote is opened and never closed; the rest of the line is read as a tag"])
        #expect(file.lines.filter { if case .heading = $0 { true } else { false } }.count == 3)
    }

    @Test func linesThatAreNoAddressAreHeadingsInTheirPlace() {
        let text = #"""
            "--- BLOGS ---"
            https://a.example/feed blogs
            youtube
            ~~~~~~~~~~~~
            ~PROGRAMMERS_BLOGS~
            " "
            # a comment is no heading
            "--- Tech ---" tech "~Technology"
            https://b.example/feed
            ""
            "kept out" "!"
            """# + "\n"
        let file = UrlsFile(parsing: text)
        #expect(file.problems.isEmpty, "\(file.problems)")
        #expect(file.subscriptions.map(\.url) == ["https://a.example/feed", "https://b.example/feed"])
        #expect(file.headings == [
            UrlsHeading(text: "--- BLOGS ---", feedsBefore: 0, line: 1),
            UrlsHeading(text: "youtube", feedsBefore: 1, line: 3),
            UrlsHeading(text: "~~~~~~~~~~~~", feedsBefore: 1, line: 4),
            UrlsHeading(text: "~PROGRAMMERS_BLOGS~", feedsBefore: 1, line: 5),
            UrlsHeading(text: " ", feedsBefore: 1, line: 6),
            UrlsHeading(text: "--- Tech ---", tags: ["tech"], customTitle: "Technology", feedsBefore: 1, line: 8),
            UrlsHeading(text: "", feedsBefore: 2, line: 10),
            UrlsHeading(text: "kept out", isHidden: true, feedsBefore: 2, line: 11),
        ])
        #expect(file.headings[5].title == "Technology")
        #expect(file.queryFeeds.isEmpty)
        #expect(file.text == text)
    }

    @Test func mistypedAddressesAndDamagedLinesAreWarnedAndKept() {
        let text = "www.example.org/feed news\n" + #"""
            feed://example.org/rss
            gopher://old.example/
            https:/example.org/feed
            "https://"
            exec:
            filter:only-a-command
            """# + "\n\u{1B}]0;owned\u{07} tag\n"
        var file = UrlsFile(parsing: text)
        #expect(file.problems.map(\.description) == [
            "line 1: www.example.org/feed has no scheme: write https://www.example.org/feed",
            "line 2: feed://example.org/rss: Tidings cannot fetch feed:// addresses (it fetches http://, https://, file://, exec: and filter:)",
            "line 3: gopher://old.example/: Tidings cannot fetch gopher:// addresses (it fetches http://, https://, file://, exec: and filter:)",
            "line 4: https:/example.org/feed is not a valid URL: write https://HOST/PATH",
            "line 5: https:// is not a valid URL",
            "line 6: exec: names no command: write exec:COMMAND",
            "line 7: filter:only-a-command: a filter feed is written filter:COMMAND:URL",
            "line 8: damaged line: ?]0;owned? tag",
        ])
        #expect(file.subscriptions.isEmpty && file.headings.isEmpty)
        // Kept as written, through an edit.
        file.add(Subscription(url: "https://www.example.org/feed", tags: ["news"]))
        #expect(file.text == text + "https://www.example.org/feed news\n")
    }

    /// Issue 45 §13: control characters or bytes that are not UTF-8 (U+FFFD once decoded) in
    /// any part of a line — the address, a tag, a title, a query — are reported with the line's
    /// number; the line is skipped and kept as written. A comment is never read.
    @Test func damageAnywhereInALineIsReportedWithItsNumber() {
        let text = "https://good.example/feed news\n"
            + "https://a.example/feed tag\u{07}bell \"~Title\"\n"
            + "https://b.example/fe\u{FFFD}ed\n"
            + "https://c.example/feed\u{1B}[2J\n"
            + "https://d.example/feed news \"~Ti\u{FFFD}tle\"\n"
            + "\"query:Unread\u{9B}:unread = \\\"yes\\\"\"\n"
            + "\"--- Head\u{00}ing ---\"\n"
            + "# a comment with a bell \u{07}\n"
        var file = UrlsFile(parsing: text)
        #expect(file.problems.map(\.description) == [
            "line 2: damaged line: https://a.example/feed tag?bell \"~Title\"",
            "line 3: damaged line: https://b.example/fe\u{FFFD}ed",
            "line 4: damaged line: https://c.example/feed?[2J",
            "line 5: damaged line: https://d.example/feed news \"~Ti\u{FFFD}tle\"",
            "line 6: damaged line: \"query:Unread?:unread = \\\"yes\\\"\"",
            "line 7: damaged line: \"--- Head?ing ---\"",
        ])
        #expect(file.subscriptions.map(\.url) == ["https://good.example/feed"])
        #expect(file.queryFeeds.isEmpty && file.headings.isEmpty)
        file.add(Subscription(url: "https://new.example/feed"))
        #expect(file.text == text + "https://new.example/feed\n")
    }

    @Test func headingsStayInPlaceThroughEdits() {
        let text = #"""
            "--- A ---"
            https://a1.example/f
            https://a2.example/f   # moved later
            ~~B~~ b
            https://b1.example/f
            """# + "\n"
        var file = UrlsFile(parsing: text)
        #expect(file.headings.map(\.feedsBefore) == [0, 2])
        // A feed moved past its neighbour across a heading: the heading line stays where it is.
        let swapped = file.swapFeeds("https://a2.example/f", "https://b1.example/f")
        #expect(swapped)
        #expect(file.text == #"""
            "--- A ---"
            https://a1.example/f
            https://b1.example/f
            ~~B~~ b
            https://a2.example/f   # moved later
            """# + "\n")
        let removed = file.remove(url: "https://a1.example/f")
        #expect(removed)
        file.add(Subscription(url: "https://c.example/f"))
        #expect(file.text == #"""
            "--- A ---"
            https://b1.example/f
            ~~B~~ b
            https://a2.example/f   # moved later
            https://c.example/f
            """# + "\n")
        #expect(file.headings.map(\.feedsBefore) == [0, 1])
        #expect(file.headings.map(\.tags) == [[], ["b"]])
        // A feed moved past a heading swaps lines with it alone.
        let written = UrlsFile(parsing: file.text)
        var moved = written
        let movedPast = moved.swapFeed("https://a2.example/f", withHeading: written.headings[1])
        #expect(movedPast)
        #expect(moved.text == #"""
            "--- A ---"
            https://b1.example/f
            https://a2.example/f   # moved later
            ~~B~~ b
            https://c.example/f
            """# + "\n")
        // A heading looked for on a line where it is not (the file changed meanwhile) moves nothing.
        let lost = moved.swapFeed("https://c.example/f", withHeading: UrlsHeading(text: "~~B~~", line: 4))
        let absent = moved.swapFeed("https://absent.example/f", withHeading: written.headings[0])
        #expect(!lost && !absent)
    }

    @Test func queryLinesBecomeQueryFeeds() throws {
        let file = UrlsFile(parsing: UrlsFileTests.sample)
        #expect(file.queryFeeds.map(\.title) == ["Unread Articles"])
        #expect(file.queryFeeds.first?.tags == ["meta"])
        #expect(file.queryFeeds.first?.line == 6)
        #expect(file.queryFeeds.first?.expression == (try FilterParser.parse(#"unread = "yes""#)))
        #expect(!file.subscriptions.contains { $0.url.hasPrefix("query:") })
        let bad = UrlsFile(parsing: #"""
            https://a.example/f
            "query:Broken:title =~ \"x\" and"
            "query:No expression"
            """#)
        #expect(bad.queryFeeds.isEmpty)
        #expect(bad.problems.map(\.description) == [
            "line 2: query feed Broken: the expression, column 17: expected an attribute such as title or \"(\"; the expression ends here; not shown",
            "line 3: a query feed is written \"query:TITLE:EXPRESSION\"; no expression after the title",
        ])
    }

    @Test func untouchedFileWritesBackByteForByte() {
        let file = UrlsFile(parsing: UrlsFileTests.sample)
        #expect(file.text == UrlsFileTests.sample)
    }

    @Test func editsChangeOnlyTheirLines() {
        var file = UrlsFile(parsing: UrlsFileTests.sample)
        let added = file.add(Subscription(url: "https://new.example/rss", tags: ["fresh start"], customTitle: "New \"one\""))
        let addedTwice = file.add(Subscription(url: "https://blog.example/atom.xml"))
        let updated = file.update(Subscription(url: "https://blog.example/atom.xml", tags: ["tech", "daily"]))
        let removed = file.remove(url: "file:///home/me/feeds/local.xml")
        let removedAbsent = file.remove(url: "https://absent.example/")
        #expect(added && !addedTwice && updated && removed && !removedAbsent)

        var expected = UrlsFileTests.sample
            .replacingOccurrences(of: "https://blog.example/atom.xml tech   # trailing comment", with: "https://blog.example/atom.xml tech daily   # trailing comment")
            .replacingOccurrences(of: "file:///home/me/feeds/local.xml\n", with: "")
        expected += #"https://new.example/rss "fresh start" "~New \"one\"""# + "\n"
        #expect(file.text == expected)
        // And it reads back to the same feeds.
        #expect(UrlsFile(parsing: file.text).subscriptions == file.subscriptions)
    }

    @Test func formatQuotesWhatNeedsQuoting() {
        #expect(UrlsFile.format(Subscription(url: "https://a.example/f", tags: ["x", "two words"], customTitle: "T", isHidden: true))
            == #"https://a.example/f x "two words" "~T" "!""#)
        #expect(UrlsFile.format(Subscription(url: "exec:fetch \"a b\"")) == #""exec:fetch \"a b\"""#)
        #expect(UrlsFile(parsing: UrlsFile.format(Subscription(url: "exec:fetch \"a b\"", tags: [#"back\slash"#])) + "\n")
            .subscriptions == [Subscription(url: "exec:fetch \"a b\"", tags: [#"back\slash"#])])
    }

    @Test func crlfLinesAndMissingFinalNewlineAreRead() {
        let file = UrlsFile(parsing: "https://a.example/f t1\r\nhttps://b.example/f")
        #expect(file.subscriptions.map(\.url) == ["https://a.example/f", "https://b.example/f"])
        #expect(file.subscriptions.first?.tags == ["t1"])
    }

    @Test func writeIsAtomicAndKeepsPermissions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("urls-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("urls")
        #expect(try UrlsFile.load(from: url) == UrlsFile(), "a missing file is an empty list")

        var file = UrlsFile(parsing: UrlsFileTests.sample)
        try file.write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        file.add(Subscription(url: "https://later.example/feed"))
        try file.write(to: url)

        #expect(try String(contentsOf: url, encoding: .utf8) == file.text)
        #expect(try UrlsFile.load(from: url).subscriptions == file.subscriptions)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["urls"], "no temporary file left")
    }
}
