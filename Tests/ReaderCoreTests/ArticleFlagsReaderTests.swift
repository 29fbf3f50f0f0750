@testable import Configuration
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's `edit-flags` (^E) in the headless reader: the prompt starts from the article's
/// flags, letters only are taken, `%F` shows them, the star is its letter, and the cache keeps
/// what was set.
@MainActor
@Suite(.serialized) struct ArticleFlagsReaderTests {
    static func preferences(_ lines: String) -> ReaderPreferences {
        var preferences = Config(parsing: lines).readerPreferences
        preferences.timeZone = TimeZone(identifier: "UTC")!
        return preferences
    }

    /// Waits for `text` on the screen; records the screen when it does not come.
    private func see(_ reader: HeadlessReader, _ text: String) async throws {
        let shown = await reader.waitFor(text, timeout: .seconds(60))
        #expect(shown, "\(text) not in:\n\(reader.text)")
        if !shown { throw CancellationError() }
    }

    private func storedFlags(_ reader: HeadlessReader) throws -> [String: (flags: String, starred: Bool)] {
        let feed = try #require(try reader.store.feedList().first)
        return Dictionary(uniqueKeysWithValues: try reader.store.items(inFeed: feed.id).map {
            ($0.title ?? "", ($0.flags.letters, $0.isStarred))
        })
    }

    @Test func editFlagsSetsLettersRefusesOthersAndTheStarIsItsLetter() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        try home.subscribe([home.url("news")])
        let reader = try home.startReader(preferences: Self.preferences(#"articlelist-format "[%-3F] %t""#))
        #expect(await reader.settle())
        reader.press(.character("R"))
        try await see(reader, "(2/2) Harbour News")
        #expect(await reader.settle())
        reader.press(.enter)
        try await see(reader, "[   ] Harbour festival")

        reader.press(.control("e"))
        try await see(reader, "Flags:")
        reader.type("ba")
        reader.press(.enter)
        try await see(reader, "[ab ] Harbour festival")
        #expect(await reader.settle())
        #expect(try storedFlags(reader)["Harbour festival"]?.flags == "ab")

        // Not a letter: refused with one line, nothing changes.
        reader.press(.control("e"))
        try await see(reader, "Flags: ab")
        reader.type("1")
        reader.press(.enter)
        try await see(reader, "a flag is a letter")
        #expect(reader.text.contains("[ab ] Harbour festival"))

        // The star's letter stars the article; clearing it unstars.
        reader.press(.control("e"))
        try await see(reader, "Flags: ab")
        reader.type("s")
        reader.press(.enter)
        try await see(reader, "[abs] Harbour festival")
        #expect(await reader.settle())
        #expect(try storedFlags(reader)["Harbour festival"].map { [$0.flags, "\($0.starred)"] } == ["ab", "true"])
        #expect(try reader.store.starredCounts().total == 1)
        // `s` (toggle-starred) shows as the letter too.
        reader.press(.character("j"), .character("s"))
        try await see(reader, "[s  ] Ferry delayed")
        reader.press(.character("k"), .control("e"))
        try await see(reader, "Flags: abs")
        reader.press(.backspace, .backspace, .backspace, .enter)
        try await see(reader, "[   ] Harbour festival")
        #expect(await reader.settle())
        #expect(try storedFlags(reader)["Harbour festival"].map { [$0.flags, "\($0.starred)"] } == ["", "false"])
        #expect(try storedFlags(reader)["Ferry delayed"].map { [$0.flags, "\($0.starred)"] } == ["", "true"])
    }

    @Test func theConfiguredStarLetterStandsForTheStar() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        var preferences = Self.preferences(#"articlelist-format "[%-3F] %t""#)
        preferences.starFlag = "a"
        let reader = try home.startReader(preferences: preferences)
        #expect(await reader.settle())
        reader.press(.character("R"))
        try await see(reader, "(1/1) Harbour News")
        #expect(await reader.settle())
        reader.press(.enter)
        try await see(reader, "[   ] Ferry delayed")
        reader.press(.character("s"))
        try await see(reader, "[a  ] Ferry delayed")
        reader.press(.control("e"))
        try await see(reader, "Flags: a")
        reader.press(.backspace)
        reader.type("s")
        reader.press(.enter)
        try await see(reader, "[s  ] Ferry delayed")
        #expect(await reader.settle())
        #expect(try storedFlags(reader)["Ferry delayed"].map { [$0.flags, "\($0.starred)"] } == ["s", "false"])
    }

    @Test func markingStarredReadFollowsTheConfiguredStarLetter() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Harbour festival", 21)])
        try home.subscribe([home.url("news")])
        var preferences = Self.preferences(#"articlelist-format "[%-3F] %t""#)
        preferences.starFlag = "a"
        let reader = try home.startReader(preferences: preferences)
        #expect(await reader.settle())
        reader.press(.character("R"))
        try await see(reader, "(2/2) Harbour News")
        #expect(await reader.settle())
        reader.press(.enter)
        try await see(reader, "[   ] Harbour festival")
        // The newest starred (flag `a`); the other flagged `s`, an ordinary letter here.
        reader.press(.character("s"))
        try await see(reader, "[a  ] Harbour festival")
        reader.press(.character("j"), .control("e"))
        try await see(reader, "Flags:")
        reader.type("s")
        reader.press(.enter)
        try await see(reader, "[s  ] Ferry delayed")
        #expect(await reader.settle())
        // `A` in Starred marks the starred article read, not the one flagged `s`.
        reader.press(.character("q"))
        try await see(reader, "Starred")
        reader.press(.character("g"), .enter)
        try await see(reader, "[a  ] Harbour festival")
        reader.press(.character("A"))
        #expect(await reader.settle())
        reader.press(.character("q"))
        try await see(reader, "(1/2) Harbour News")
        let feed = try #require(try reader.store.feedList().first)
        let unread = try reader.store.items(inFeed: feed.id).filter { !$0.isRead }.compactMap(\.title)
        #expect(unread == ["Ferry delayed"])
    }
}
