@testable import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import ReaderTesting
import TerminalUI
import TestSupport
import Testing
@testable import TidingsApp

/// newsboat's notifications after a reload: the counts before and after come from the cache,
/// the message from `notify-format`, and it goes to a program (run without a shell), the bell,
/// screen's status line and the window title.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct NotificationTests {
    @Test func theFormatSaysWhatTheReloadChanged() {
        var options = Config(parsing: #"notify-format "%d new (%n unread), %D more feeds (%f): %%""#).notifyOptions
        #expect(options.message(before: UnreadTotals(feeds: 1, articles: 3), after: UnreadTotals(feeds: 2, articles: 7))
            == "4 new (7 unread), 1 more feeds (2): %")
        // Nothing new: said only with notify-always, and never a negative count.
        #expect(options.message(before: UnreadTotals(feeds: 2, articles: 7), after: UnreadTotals(feeds: 1, articles: 5)) == nil)
        options.always = true
        #expect(options.message(before: UnreadTotals(feeds: 2, articles: 7), after: UnreadTotals(feeds: 1, articles: 5))
            == "0 new (5 unread), 0 more feeds (1): %")
        #expect(Config().notifyOptions.format == "Tidings: finished reload, %f unread feeds (%n unread articles total)")
        #expect(!Config().notifyOptions.isEnabled)
        let bad = Config(parsing: "notify-format \"%q%n unread\"\nnotify-program \"notify-send 'unclosed\"")
        #expect(bad.warnings.map(\.message) == ["notify-program: unterminated ' quote in the command; no program is run"])
        // As newsboat does, the unknown specifier is left out, without a warning, and the rest of
        // the text is kept.
        #expect(bad.notifyOptions.program == nil)
        #expect(bad.notifyOptions.message(before: UnreadTotals(feeds: 0, articles: 0), after: UnreadTotals(feeds: 1, articles: 3))
            == "3 unread")
    }

    @Test func aReloadAsksForTheCountsBeforeAndAfterAndNotifiesWithTheFormattedMessage() {
        var settings = ReaderSettings(
            urlsPath: "/nonexistent/urls", subscriptions: [Subscription(url: ReaderUpdateTests.feed.url)],
            cachePath: "/nonexistent/cache.db", logPath: "/nonexistent/log")
        settings.take(Config(parsing: "notify-program \"~/bin/notify me\"\nnotify-beep yes\nnotify-format \"%d new\"\n"), environment: [:])
        let harness = ReaderUpdateTests.Harness(settings: settings)
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: ReaderUpdateTests.storeAnswers)
        let before = StoreRead(query: .unreadTotals, reply: .unreadTotals(afterReload: false), waitsForWrites: true)
        let feeds = StoreRead(query: .feedsToFetch(only: nil), reply: .reload, waitsForWrites: true)
        #expect(harness.press(.character("R")) == [.checkGeneration, .load(before), .load(feeds)])
        #expect(harness.send(.loaded(before, .success(.unreadTotals(UnreadTotals(feeds: 1, articles: 2))))) == [])
        harness.send(.loaded(feeds, .success(.feedsToFetch([ReaderUpdateTests.target]))))
        let after = StoreRead(query: .unreadTotals, reply: .unreadTotals(afterReload: true), waitsForWrites: true)
        #expect(harness.send(.reloadFinished(ReloadSummary())).last == .load(after))
        let home = NSHomeDirectory()
        #expect(harness.send(.loaded(after, .success(.unreadTotals(UnreadTotals(feeds: 1, articles: 5))))) == [
            .notify(message: "3 new", program: ["\(home)/bin/notify", "me"], beeps: true, inStatusLine: false),
        ])
        // A reload that brings nothing says nothing.
        _ = harness.press(.character("R"))
        harness.send(.loaded(before, .success(.unreadTotals(UnreadTotals(feeds: 1, articles: 5)))))
        harness.send(.loaded(feeds, .success(.feedsToFetch([ReaderUpdateTests.target]))))
        harness.send(.reloadFinished(ReloadSummary()))
        #expect(harness.send(.loaded(after, .success(.unreadTotals(UnreadTotals(feeds: 1, articles: 5))))) == [])
    }

    @Test func withoutNotificationsNothingIsCounted() {
        let harness = ReaderUpdateTests.Harness()
        harness.answer(harness.app.begin() + harness.send(.storeChanged), with: ReaderUpdateTests.storeAnswers)
        #expect(harness.press(.character("R")) == [
            .checkGeneration, .load(StoreRead(query: .feedsToFetch(only: nil), reply: .reload, waitsForWrites: true)),
        ])
    }

    /// The whole reader, a real feed and a real program: the program gets the message as its last
    /// argument, untouched by any shell; the bell rings, screen's line and the title show it.
    @Test func aReloadThatBringsArticlesRunsTheNotifyProgram() async throws {
        let home = try HeadlessHome()
        try home.serve("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Quay opens", 21)])
        try home.subscribe([home.url("news")])
        let argv = home.path("notify-argv")
        try ExecutableScript.write("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > '\(argv).tmp'\nmv '\(argv).tmp' '\(argv)'\n",
                                   to: home.path("notify"))
        let config = Config(parsing: """
            notify-program "\(home.path("notify")) --app tidings"
            notify-format "%d new articles; $(touch \(home.path("pwned"))) %n unread"
            notify-beep yes
            notify-screen yes
            notify-xterm yes
            """)
        #expect(config.warnings.isEmpty)
        let reader = try home.startReader { $0.take(config, environment: [:]) }
        #expect(await reader.settle())
        reader.press(.character("R"))
        let message = "2 new articles; $(touch \(home.path("pwned"))) 2 unread"
        #expect(await reader.waitUntil { FileManager.default.fileExists(atPath: argv) })
        #expect(try String(contentsOfFile: argv, encoding: .utf8) == "--app\ntidings\n\(message)\n")
        #expect(!FileManager.default.fileExists(atPath: home.path("pwned")))
        // The program may finish before the reader draws its next frame on a loaded machine.
        #expect(await reader.waitUntil { reader.terminal.title == message }, "\(reader.terminal.title)")
        #expect(reader.terminal.beeps == 1)
        #expect(reader.terminal.statusLineMessages == [message])
        // The next key gives the title back to the unread count.
        reader.press(.down)
        #expect(reader.terminal.title != message)
        // The count is the feed list's, read again after the reload.
        #expect(await reader.waitUntil { reader.terminal.title == "Tidings (2 unread)" }, "\(reader.terminal.title)")
        #expect(await reader.settle())
    }
}
