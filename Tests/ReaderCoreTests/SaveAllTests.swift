import Configuration
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's `save-all`: every article of the list saved as text into a directory, under the
/// names `save` proposes, two same names kept apart, existing files replaced only as the user
/// answers. The cache's runner reads the articles and writes the files, for real.
@MainActor @Suite struct SaveAllTests {
    /// A feed whose two newest articles have the same title, and a reader on its list with
    /// `W` bound to save-all (it has no key by default, as in newsboat).
    private func readerOnList(config extra: String = "") throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        let items = [
            ("Ferry delayed", "ferry-1", "21 Nov 2025", "First ferry text."),
            ("Ferry delayed", "ferry-2", "20 Nov 2025", "Second ferry text."),
            ("New quay opens", "quay", "19 Nov 2025", "Quay text."),
        ].map { title, guid, date, body in
            "<item><title>\(title)</title><link>https://news.example/\(guid)</link><guid>\(guid)</guid>"
                + "<pubDate>\(date) 10:00:00 GMT</pubDate><description>&lt;p&gt;\(body)&lt;/p&gt;</description></item>"
        }.joined()
        try home.write("<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Harbour News</title><link>https://news.example/</link>"
            + items + "</channel></rss>", to: "feeds/news.xml")
        try home.subscribe([home.url("news")])
        try FileManager.default.createDirectory(atPath: home.path("saved"), withIntermediateDirectories: true)
        let reader = try home.driver(config: "bind-key W save-all articlelist\nmacro s save-all\nsave-path \"\(home.path("saved"))\"\n" + extra,
                                     columns: 200)
        #expect(reader.state.settings.config.warnings.isEmpty, "\(reader.state.settings.config.warnings)")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("Reloaded 1 feed"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        return (home, reader)
    }

    private func saved(_ home: ReaderHome, _ name: String) -> String? {
        try? String(contentsOfFile: home.path("saved/\(name)"), encoding: .utf8)
    }

    @Test func everyArticleIsSavedUnderItsOwnNameAsSaveWritesIt() throws {
        let (home, reader) = try readerOnList()
        reader.press(.character("W"))
        #expect(reader.lines.last?.contains("Save every article to directory: \(home.path("saved"))/") == true, "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Saved 3 articles to"), "\(reader.text)")
        let names = try FileManager.default.contentsOfDirectory(atPath: home.path("saved")).sorted()
        #expect(names == ["Ferry_delayed-2.txt", "Ferry_delayed.txt", "New_quay_opens.txt"])
        // In the list's order, newest first: the first of the two keeps the name.
        let first = try #require(saved(home, "Ferry_delayed.txt"))
        #expect(first.hasPrefix("Title: Ferry delayed\n"), "\(first)")
        #expect(first.contains("Feed: Harbour News"))
        #expect(first.contains("Link: https://news.example/ferry-1"))
        #expect(first.contains("First ferry text."))
        #expect(saved(home, "Ferry_delayed-2.txt")?.contains("Second ferry text.") == true)
        #expect(saved(home, "New_quay_opens.txt")?.contains("Quay text.") == true)
    }

    @Test func existingFilesAreReplacedOnlyAsAnswered() throws {
        let (home, reader) = try readerOnList()
        try home.write("kept 1", to: "saved/Ferry_delayed.txt")
        try home.write("kept 2", to: "saved/Ferry_delayed-2.txt")
        try home.write("kept 3", to: "saved/New_quay_opens.txt")

        reader.press(.character("W"), .enter)
        reader.settle()
        #expect(reader.text.contains("Overwrite Ferry_delayed.txt in"), "\(reader.text)")
        #expect(reader.text.contains("(y: yes, a: yes to all, n: no, q: no to all) There are 2 more conflicts like this"), "\(reader.text)")
        // Another key asks again; n keeps this one, y replaces the next, the last one is asked alone.
        reader.press(.character("x"))
        #expect(reader.text.contains("Overwrite Ferry_delayed.txt in"))
        reader.press(.character("n"))
        #expect(reader.text.contains("Overwrite Ferry_delayed-2.txt in"), "\(reader.text)")
        #expect(reader.text.contains("There is 1 more conflict like this"))
        reader.press(.character("y"))
        #expect(reader.text.contains("Overwrite New_quay_opens.txt in"), "\(reader.text)")
        #expect(reader.text.contains("(y: yes, n: no)"))
        reader.press(.character("n"))
        reader.settle()
        #expect(reader.text.contains("Saved 1 article to"), "\(reader.text)")
        #expect(reader.text.contains("(2 existing files kept)"))
        #expect(saved(home, "Ferry_delayed.txt") == "kept 1")
        #expect(saved(home, "Ferry_delayed-2.txt")?.contains("Second ferry text.") == true)
        #expect(saved(home, "New_quay_opens.txt") == "kept 3")

        // Esc at the question saves nothing, not even what was answered before it.
        try home.write("kept 2", to: "saved/Ferry_delayed-2.txt")
        reader.press(.character("W"), .enter)
        reader.settle()
        #expect(reader.text.contains("Overwrite Ferry_delayed.txt in"))
        reader.press(.character("y"), .escape)
        #expect(reader.text.contains("Nothing saved"))
        reader.settle()
        #expect(saved(home, "Ferry_delayed.txt") == "kept 1")

        // q keeps every file left, a replaces them all.
        reader.press(.character("W"), .enter)
        reader.settle()
        #expect(reader.text.contains("Overwrite Ferry_delayed.txt in"))
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("Saved 0 articles to"), "\(reader.text)")
        #expect(saved(home, "Ferry_delayed-2.txt") == "kept 2")
        reader.press(.character("W"), .enter)
        reader.settle()
        #expect(reader.text.contains("Overwrite Ferry_delayed.txt in"))
        reader.press(.character("a"))
        reader.settle()
        #expect(reader.text.contains("Saved 3 articles to"), "\(reader.text)")
        #expect(saved(home, "Ferry_delayed.txt")?.contains("First ferry text.") == true)
        #expect(saved(home, "New_quay_opens.txt")?.contains("Quay text.") == true)
    }

    @Test func aDirectoryThatDoesNotExistIsNotCreated() throws {
        let (home, reader) = try readerOnList()
        reader.press(.character("W"), .control("u"))
        reader.type(home.path("missing"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Nothing saved: there is no directory"), "\(reader.text)")
        #expect(!FileManager.default.fileExists(atPath: home.path("missing")))
        // A file is not a directory either.
        try home.write("a file", to: "plain")
        reader.press(.character("W"), .control("u"))
        reader.type(home.path("plain"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("is not a directory"), "\(reader.text)")
    }

    @Test func searchResultsAreSavedByAMacroWithUnrestrictedNames() throws {
        let (home, reader) = try readerOnList(config: "restrict-filename no\n")
        reader.press(.character("/"))
        reader.type("ferry")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Harbour News"))
        reader.press(.character(","), .character("s"))
        #expect(reader.lines.last?.contains("Save every article to directory:") == true, "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Saved 2 articles to"), "\(reader.text)")
        let names = try FileManager.default.contentsOfDirectory(atPath: home.path("saved")).sorted()
        #expect(names == ["Ferry delayed-2.txt", "Ferry delayed.txt"])
    }

    @Test func namesGivenTwiceGetTheFirstFreeNumber() {
        #expect(SaveAll.fileNames(for: ["Tides", "Tides", "Tides", "Moons"], restrictsNames: true)
            == ["Tides.txt", "Tides-2.txt", "Tides-3.txt", "Moons.txt"])
        // A number another article's own name takes is skipped.
        #expect(SaveAll.fileNames(for: ["X", "X", "X-2"], restrictsNames: false) == ["X.txt", "X-3.txt", "X-2.txt"])
        #expect(SaveAll.fileNames(for: ["", "?!"], restrictsNames: true) == ["article.txt", "article-2.txt"])
    }
}
