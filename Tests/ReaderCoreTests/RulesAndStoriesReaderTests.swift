import FeedStore
import Foundation
import TerminalUI
import Testing
@testable import ReaderDriving
@testable import TidingsApp

/// Rules on arrival and the same story once, in the reader (issue 42): a reload the reader makes
/// runs the rules (a sponsored article read, Alpha's tagged), a query feed over every feed shows a
/// story two feeds carry once with `+1` and counts it once, reading it reads both copies, and `A`
/// then `U` gives the counts back exactly.
@MainActor
@Suite struct RulesAndStoriesReaderTests {
    let home: ReaderHome

    init() throws {
        home = try ReaderHome()
        try home.writeFeed("alpha", title: "Alpha", items: [("Harbour wall collapses tonight", 20), ("Sponsored: buy a yacht", 21)])
        try home.writeFeed("beta", title: "Beta", items: [("Harbour wall collapses tonight", 20)])
        try home.writeFeed("gamma", title: "Gamma", items: [("Kernel release", 19)])
        try home.subscribe([
            home.url("alpha"), home.url("beta"), home.url("gamma"),
            #""query:Everything:title =~ \".\"""#, #""query:Alpha news:tags # \"alpha-news\"""#,
        ])
    }

    func reader(_ config: String = "") throws -> ReaderDriver {
        try home.reloadedDriver(config: """
            rule "title =~ \\"Sponsored\\"" mark-read
            rule "feedtitle = \\"Alpha\\"" tag alpha-news
            \(config)
            """)
    }

    /// Selects the first row of the list that `matches` (`:N`).
    func select(in reader: ReaderDriver, _ matches: (String) -> Bool) throws {
        let found = reader.lines.dropFirst().firstIndex(where: matches)
        let line = try #require(found, "\(reader.text)")
        reader.press(.character(":"))
        reader.type(String(line))
        reader.press(.enter)
        reader.settle()
    }

    @Test func rulesActOnTheReadersReloadAndAStoryIsOneRowReadOnce() throws {
        let reader = try reader()
        #expect(reader.text.contains("(1/2) Alpha"), "the rule read the sponsored article: \(reader.text)")
        #expect(reader.text.contains("(1/2) Alpha news"), "the tag rule: \(reader.text)")
        // Four articles, the story two feeds carry counted once, the sponsored one read.
        #expect(reader.text.contains("(2/3) Everything"), "\(reader.text)")

        try select(in: reader) { $0.hasSuffix(") Everything") }
        reader.press(.enter)
        reader.settle()
        let story = try #require(reader.lines.firstIndex { $0.contains("Harbour wall collapses tonight") }, "\(reader.text)")
        #expect(reader.lines[story].contains("Harbour wall collapses tonight +1"), "\(reader.lines[story])")
        #expect(reader.lines.filter { $0.contains("Harbour wall") }.count == 1)

        // Reading it reads the copy in the other feed too.
        try select(in: reader) { $0.contains("Harbour wall collapses tonight +1") }
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Harbour wall collapses tonight"))
        // The header names the other feed that carried it.
        let feed = try #require(reader.lines.first { $0.hasPrefix("Feed: ") })
        #expect(reader.lines.contains(feed == "Feed: Alpha" ? "Also in: Beta" : "Also in: Alpha"), "\(reader.text)")
        reader.press(.character("q"), .character("q"))
        reader.settle()
        #expect(try reader.storedArticles(ofFeed: "Alpha").first { $0.title == "Harbour wall collapses tonight" }?.isRead == true)
        #expect(try reader.storedArticles(ofFeed: "Beta").first?.isRead == true)
        #expect(reader.text.contains("(0/1) Beta"), "\(reader.text)")
        #expect(reader.text.contains("(1/3) Everything"), "\(reader.text)")
    }

    @Test func withFoldDuplicatesNoEveryCopyIsARowOfItsOwn() throws {
        let reader = try reader("fold-duplicates no")
        #expect(reader.text.contains("(3/4) Everything"), "\(reader.text)")
        try select(in: reader) { $0.hasSuffix(") Everything") }
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines.filter { $0.contains("Harbour wall collapses tonight") }.count == 2, "\(reader.text)")
        #expect(!reader.text.contains("+1"))
    }

    @Test func markingAFeedReadThenUndoGivesTheCountsBack() throws {
        let reader = try reader()
        try select(in: reader) { $0.hasSuffix(") Alpha") }
        // `A` reads what was first seen by now: the reload stored the articles at the real time.
        reader.now = Date()
        reader.press(.character("A"))
        reader.settle()
        #expect(reader.text.contains("(0/2) Alpha"), "\(reader.text)")
        reader.press(.character("U"))
        reader.settle()
        #expect(reader.text.contains("(1/2) Alpha"), "\(reader.text)")
        #expect(reader.text.contains("(2/3) Everything"), "\(reader.text)")
    }

    /// `:rules` shows what `tidings rules --dry-run` prints: each rule and what it matches now.
    @Test func rulesCommandShowsEachRulesMatches() throws {
        let reader = try reader()
        reader.press(.character(":"))
        reader.type("rules")
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[0].hasPrefix(" Rules — what each would match in the cache"), "\(reader.text)")
        // (The driver's config file starts with the browser's line.)
        #expect(reader.lines.contains("config line 2: title =~ \"Sponsored\" → mark-read"), "\(reader.text)")
        #expect(reader.lines.contains("  matches 1 article, the newest:"))
        #expect(reader.lines.contains("    \"Sponsored: buy a yacht\""))
        #expect(reader.lines.contains("  matches 2 articles, the newest:"), "Alpha's two: \(reader.text)")
        reader.press(.character("q"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))

        let plain = try ReaderHome()
        try plain.subscribe([])
        let withoutRules = try plain.driver()
        withoutRules.settle()
        withoutRules.press(.character(":"))
        withoutRules.type("rules")
        withoutRules.press(.enter)
        #expect(withoutRules.lines.last?.hasPrefix(" No rules in the config file") == true, "\(withoutRules.lines.last ?? "")")
    }

    @Test func theRulesEffectsAreCarriedOutAfterTheReloadAndSaidAfterIt() throws {
        let reader = try reader()
        #expect(reader.effects.contains(.fetch(.carryOutRuleEffects(reader.state.settings.config))))
        _ = reader.send(.ruleEffectsCarriedOut("Rules: 1 program run"))
        #expect(reader.lines.last?.contains("Reloaded 3 feeds — 4 new articles; Rules: 1 program run") == true, "\(reader.lines.last ?? "")")
        _ = reader.send(.ruleEffectsCarriedOut(nil))
        #expect(reader.lines.last?.contains("Rules: 1 program run") == true, "nothing to say leaves the line")
    }
}

/// "New since last time" (issue 42): what arrived after the reader last quit, first in the feed
/// list, one row per article (stories folded); absent on a first start and when nothing arrived.
@MainActor
@Suite struct NewSinceLastTimeTests {
    @Test func whatArrivedAfterTheLastSessionIsListedFirst() throws {
        let home = try ReaderHome()
        try home.writeFeed("alpha", title: "Alpha", items: [("Harbour wall collapses tonight", 20)])
        try home.writeFeed("beta", title: "Beta", items: [("Kernel release", 19)])
        try home.subscribe([home.url("alpha"), home.url("beta")])
        do {
            let first = try home.driver()
            first.settle()
            first.press(.character("R"))
            first.settle()
            #expect(!first.text.contains("New since last time"), "no session ended before: \(first.text)")
            // The reloads stored the articles at the real time: the session ends after them.
            first.now = Date()
            first.press(.character("Q"))
            first.settle()
        }
        let next = try home.driver()
        next.settle()
        #expect(!next.text.contains("New since last time"), "nothing arrived since: \(next.text)")

        try home.writeFeed("alpha", title: "Alpha", items: [("Harbour wall collapses tonight", 20), ("Ferry back in service", 21)])
        next.press(.character("R"))
        next.settle()
        #expect(next.lines[1].hasSuffix("(1/1) New since last time"), "\(next.text)")
        // The selection stayed on the feed it was on; the entry is above it.
        next.press(.home, .enter)
        next.settle()
        #expect(next.lines[0].hasPrefix(" New since last time"), "\(next.text)")
        #expect(next.lines.filter { $0.contains("2025-11-") }.count == 1, "\(next.text)")
        #expect(next.lines[1].contains("Ferry back in service"))
    }
}
