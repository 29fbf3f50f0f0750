@testable import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// newsboat's notifications after a reload: the counts before and after come from the cache,
/// the message from `notify-format`, and it goes to a program (run without a shell: its
/// argument vector is checked; running it is the process runner's), the bell, screen's status
/// line and the window title.
@MainActor
@Suite struct NotificationTests {
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

    /// A home with one feed of two articles, the reader on the feed list with `config`.
    private func reader(config: String) throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("Quay opens", 21)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: config)
        #expect(reader.state.settings.config.warnings.isEmpty, "\(reader.state.settings.config.warnings)")
        reader.settle()
        return (home, reader)
    }

    /// The reads of the unread totals among `effects`: false for those before a reload, true after.
    private func totalsRead(_ effects: [ReaderEffect]) -> [Bool] {
        effects.compactMap { effect in
            guard case .store(.read(let read)) = effect, read.query(as: UnreadTotalsQuery.self) != nil else { return nil }
            return read == StoreRead(UnreadTotalsQuery(), route: true, lane: .afterWrites)
        }
    }

    @Test func aReloadAsksForTheCountsBeforeAndAfterAndNotifiesWithTheFormattedMessage() throws {
        let (home, reader) = try reader(config: "notify-program \"~/bin/notify me\"\nnotify-beep yes\nnotify-format \"%d new\"\n")
        // Counted before the feeds to reload are read, on the same queue: before any is stored.
        #expect(reader.send(.keys([.character("R")])) == [
            .store(.checkGeneration), .read(UnreadTotalsQuery(), route: false, lane: .afterWrites),
            .store(.applyFeedOptions(reader.state.settings.config, at: reader.now)),
            .read(FeedsToFetchQuery(only: nil, kind: .manual, config: reader.state.settings.config, now: reader.now), route: ReaderRoute(), lane: .afterWrites),
        ])
        _ = reader.takeEffects()
        reader.settle()
        #expect(totalsRead(reader.effects) == [true])
        #expect(reader.processEffects == [.notify(arguments: ["\(home.path("home"))/bin/notify", "me", "2 new"])])
        #expect(reader.terminalEffects == [.beep])
        // A reload that brings nothing says nothing.
        _ = reader.takeEffects()
        reader.press(.character("R"))
        reader.settle()
        #expect(totalsRead(reader.effects) == [false, true])
        #expect(reader.processEffects.isEmpty && reader.terminalEffects.isEmpty)
    }

    @Test func withoutNotificationsNothingIsCounted() throws {
        let (_, reader) = try reader(config: "")
        #expect(reader.send(.keys([.character("R")])) == [
            .store(.checkGeneration), .store(.applyFeedOptions(reader.state.settings.config, at: reader.now)),
            .read(FeedsToFetchQuery(only: nil, kind: .manual, config: reader.state.settings.config, now: reader.now), route: ReaderRoute(), lane: .afterWrites),
        ])
        reader.settle()
        #expect(totalsRead(reader.effects).isEmpty)
    }

    /// A real feed: the program gets the message as its last argument, a literal one whatever
    /// the format holds; the bell rings, screen's line and the title show it.
    @Test func aReloadThatBringsArticlesRunsTheNotifyProgram() throws {
        let (_, reader) = try reader(config: """
            notify-program "/opt/notify --app tidings"
            notify-format "%d new articles; $(touch pwned) %n unread"
            notify-beep yes
            notify-screen yes
            notify-xterm yes
            """)
        _ = reader.takeEffects()
        reader.press(.character("R"))
        reader.settle()
        let message = "2 new articles; $(touch pwned) 2 unread"
        #expect(reader.processEffects == [.notify(arguments: ["/opt/notify", "--app", "tidings", message])])
        #expect(reader.terminalEffects == [.beep, .showInStatusLine(message)])
        #expect(reader.title == message)
        // The next key gives the title back to the unread count: the feed list's, read again
        // after the reload.
        reader.press(.down)
        #expect(reader.title == "Tidings (2 unread)")
    }
}
