import Configuration
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's `edit-flags` (^E): the prompt starts from the article's flags, letters only are
/// taken, `%F` shows them, the star is its letter, and the cache keeps what was set.
@MainActor
@Suite struct ArticleFlagsReaderTests {
    /// The reader on the feed's article list, its rows `[flags] title`; with `starFlag`, the star
    /// is that letter, as a sync server's `*-flag-star` makes it (the feeds still the urls file's).
    private func readerOnList(items: [(title: String, day: Int)], starFlag: Character? = nil) throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: items)
        try home.subscribe([home.url("news")])
        let star = starFlag.map { "urls-source \"freshrss\"\nfreshrss-flag-star \"\($0)\"\n" } ?? ""
        let reader = try home.driver(config: star + #"articlelist-format "[%-3F] %t""#) { $0.feedListSource = .urlsFile }
        #expect(reader.state.settings.config.starFlag == starFlag ?? "s")
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(\(items.count)/\(items.count)) Harbour News"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        return (home, reader)
    }

    private func storedFlags(_ reader: ReaderDriver) throws -> [String: (flags: String, starred: Bool)] {
        let feed = try #require(try reader.store.feedList().first)
        return Dictionary(uniqueKeysWithValues: try reader.store.items(inFeed: feed.id).map {
            ($0.title ?? "", ($0.flags.letters, $0.isStarred))
        })
    }

    @Test func editFlagsSetsLettersRefusesOthersAndTheStarIsItsLetter() throws {
        let (_, reader) = try readerOnList(items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        #expect(reader.text.contains("[   ] Harbour festival"))

        reader.press(.control("e"))
        #expect(reader.text.contains("Flags:"))
        reader.type("ba")
        reader.press(.enter)
        #expect(reader.text.contains("[ab ] Harbour festival"))
        reader.settle()
        #expect(try storedFlags(reader)["Harbour festival"]?.flags == "ab")

        // Not a letter: refused with one line, nothing changes.
        reader.press(.control("e"))
        #expect(reader.text.contains("Flags: ab"))
        reader.type("1")
        reader.press(.enter)
        #expect(reader.text.contains("a flag is a letter"))
        #expect(reader.text.contains("[ab ] Harbour festival"))

        // The star's letter stars the article; clearing it unstars.
        reader.press(.control("e"))
        #expect(reader.text.contains("Flags: ab"))
        reader.type("s")
        reader.press(.enter)
        #expect(reader.text.contains("[abs] Harbour festival"))
        reader.settle()
        #expect(try storedFlags(reader)["Harbour festival"].map { [$0.flags, "\($0.starred)"] } == ["ab", "true"])
        #expect(try reader.store.starredCounts().total == 1)
        // `s` (toggle-starred) shows as the letter too.
        reader.press(.character("j"), .character("s"))
        #expect(reader.text.contains("[s  ] Ferry delayed"))
        reader.press(.character("k"), .control("e"))
        #expect(reader.text.contains("Flags: abs"))
        reader.press(.backspace, .backspace, .backspace, .enter)
        #expect(reader.text.contains("[   ] Harbour festival"))
        reader.settle()
        #expect(try storedFlags(reader)["Harbour festival"].map { [$0.flags, "\($0.starred)"] } == ["", "false"])
        #expect(try storedFlags(reader)["Ferry delayed"].map { [$0.flags, "\($0.starred)"] } == ["", "true"])
    }

    @Test func theConfiguredStarLetterStandsForTheStar() throws {
        let (_, reader) = try readerOnList(items: [("Ferry delayed", 20)], starFlag: "a")
        #expect(reader.text.contains("[   ] Ferry delayed"))
        reader.press(.character("s"))
        #expect(reader.text.contains("[a  ] Ferry delayed"))
        reader.press(.control("e"))
        #expect(reader.text.contains("Flags: a"))
        reader.press(.backspace)
        reader.type("s")
        reader.press(.enter)
        #expect(reader.text.contains("[s  ] Ferry delayed"))
        reader.settle()
        #expect(try storedFlags(reader)["Ferry delayed"].map { [$0.flags, "\($0.starred)"] } == ["s", "false"])
    }

    @Test func markingStarredReadFollowsTheConfiguredStarLetter() throws {
        let (_, reader) = try readerOnList(items: [("Ferry delayed", 20), ("Harbour festival", 21)], starFlag: "a")
        #expect(reader.text.contains("[   ] Harbour festival"))
        // The newest starred (flag `a`); the other flagged `s`, an ordinary letter here.
        reader.press(.character("s"))
        #expect(reader.text.contains("[a  ] Harbour festival"))
        reader.press(.character("j"), .control("e"))
        #expect(reader.text.contains("Flags:"))
        reader.type("s")
        reader.press(.enter)
        #expect(reader.text.contains("[s  ] Ferry delayed"))
        reader.settle()
        // `A` in Starred marks the starred article read, not the one flagged `s`.
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("Starred"))
        reader.press(.character("g"), .enter)
        reader.settle()
        #expect(reader.text.contains("[a  ] Harbour festival"))
        // Marks articles seen by now: the reload stored them at the wall clock's time.
        reader.now = Date()
        reader.press(.character("A"))
        reader.settle()
        reader.press(.character("q"))
        reader.settle()
        #expect(reader.text.contains("(1/2) Harbour News"))
        let feed = try #require(try reader.store.feedList().first)
        let unread = try reader.store.items(inFeed: feed.id).filter { !$0.isRead }.compactMap(\.title)
        #expect(unread == ["Ferry delayed"])
    }
}
