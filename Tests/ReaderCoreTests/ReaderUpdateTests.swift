import Configuration
import FeedFetcher
import FeedModel
import FeedServices
import FeedStore
import FilterLanguage
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The reader's core one message at a time: a message in, the effects out, compared as values;
/// the cache's answers come from a real cache only when the test settles, so that what is asked
/// is seen before it is answered.
@MainActor
struct ReaderUpdateTests {
    /// "News" with two articles, First (the newest) and Second; the reader with `config`, its
    /// effects at start not carried out yet.
    static func reader(config: String = "", variables: [String: String] = [:],
                       configure: (inout ReaderSettings) -> Void = { _ in }) throws -> (ReaderHome, ReaderDriver) {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "News", items: [("First", 21), ("Second", 20)])
        try home.subscribe([home.url("news")])
        return (home, try home.driver(config: config, variables: variables, configure: configure))
    }

    /// The reader with its feeds reloaded, on the feed list.
    static func reloaded(config: String = "", variables: [String: String] = [:]) throws -> (ReaderHome, ReaderDriver) {
        let (home, reader) = try reader(config: config, variables: variables)
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        return (home, reader)
    }

    /// The reader in the feed's items.
    static func readerInFeed(config: String = "", variables: [String: String] = [:]) throws -> (ReaderHome, ReaderDriver) {
        let (home, reader) = try reloaded(config: config, variables: variables)
        reader.press(.enter)
        reader.settle()
        return (home, reader)
    }

    /// The effects but the reads of the screens and the logs.
    static func actions(_ effects: [ReaderEffect]) -> [ReaderEffect] {
        effects.filter {
            switch $0 {
            case .log, .store(.read): false
            default: true
            }
        }
    }

    @Test func startingBringsTheCacheInLineWithTheUrlsFileFirst() throws {
        let (home, reader) = try Self.reader()
        #expect(reader.effects.filter { if case .terminal = $0 { false } else { true } } == [
            .store(.syncSubscriptions([Subscription(url: home.url("news"))], besideServer: false)), .store(.applyKillfile(.empty)),
            .store(.writeLeftOverMarks), .store(.indexStoredBodies), .timer(.watchCache), .store(.forgetOldPlaces(now: ReaderDriver.startTime)),
            .timer(.autoReload(minutes: nil)),
        ])
        // The lists read the cache once the urls file's feeds are in it, not before.
        #expect(reader.text.contains("Loading"))
        let filter = FeedListFilter(hidesFeedsWithoutUnread: false, tag: nil)
        #expect(reader.send(.storeChanged) == [
            .read(FeedListQuery(filter: filter, folds: true), route: ScreenTicket(screen: reader.state.top.id, request: 1)), .store(.checkGeneration),
        ])
    }

    @Test func enterOnAFeedAsksForItsItemsAndShowsThemWhenTheyCome() throws {
        let (_, reader) = try Self.reloaded()
        #expect(reader.text.contains("(2/2) News"))
        let effects = reader.send(.keys([.enter]))
        let reads = effects.compactMap { if case .store(.read(let read)) = $0 { read.query(as: ItemListQuery.self) } else { nil } }
        #expect(effects.first == .store(.checkGeneration))
        #expect(reads.count == 1)
        #expect(reads.first?.feedID == (try reader.store.feedList().first?.id))
        #expect(reads.first?.pages == (try reader.store.feedList().first.map { ItemPages.feed($0.id, titleFilter: "") }))
        #expect(reader.text.contains("loading…"))
        reader.settle()
        #expect(reader.text.contains("First"))
        #expect(reader.text.contains("Second"))
    }

    @Test func aMarkIsShownAtOnceAndWrittenAsAValue() throws {
        let (_, reader) = try Self.readerInFeed()
        let first = try reader.storedArticles(ofFeed: "News")[0]
        #expect(Self.actions(reader.send(.keys([.character("N")]))) == [
            .store(.checkGeneration), .store(.writeMarks([NumberedMark(number: 1, mark: .read(first.id, feed: first.feedID, isRead: true, wasRead: false))])),
            // fold-duplicates (yes): the story's copies in other feeds follow.
            .store(.markStoryCopies([first.id], read: true)),
        ])
        #expect(reader.text.contains("Marked read"))
        #expect(reader.text.contains("1 unread, 2 total"))
    }

    @Test func markingAFeedReadTakesTheMessageTime() throws {
        let (_, reader) = try Self.reloaded()
        let feed = try #require(try reader.store.feedList().first)
        reader.now = ReaderDriver.startTime + 3600
        #expect(Self.actions(reader.send(.keys([.character("A")])))
            == [.store(.checkGeneration), .store(.writeMarks([NumberedMark(number: 1, mark: .feedRead(feed.id, seenBy: ReaderDriver.startTime + 3600))]))])
    }

    /// Without the `browser` option, the browser found on `PATH` at start.
    @Test func theBrowserIsFoundOnTheGivenPath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("update-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let browser = directory.appendingPathComponent("xdg-open").path
        _ = FileManager.default.createFile(atPath: browser, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        let found = ReaderEnvironment.findDefaultBrowser(in: ["PATH": directory.path])
        #expect(found == (try BrowserCommand(parsing: "xdg-open")))

        func opening(display: String?, browser: BrowserCommand?) throws -> (ReaderDriver, [ReaderEffect]) {
            let (_, reader) = try Self.readerInFeed(config: #"browser """#, variables: display.map { ["DISPLAY": $0] } ?? [:])
            reader.environment.defaultBrowser = browser
            return (reader, Self.actions(reader.send(.keys([.character("o")]))))
        }
        let link = "https://news.example/first"
        #expect(try opening(display: nil, browser: found).1 == [.store(.checkGeneration), .process(.openBrowser(try #require(found), url: link, textMode: true))])
        // With a display, the same browser does not need the terminal.
        #expect(try opening(display: ":0", browser: found).1 == [.store(.checkGeneration), .process(.openBrowser(try #require(found), url: link, textMode: false))])

        #expect(ReaderEnvironment.findDefaultBrowser(in: ["PATH": "/nonexistent"]) == nil)
        let (nowhere, effects) = try opening(display: nil, browser: nil)
        #expect(effects == [.store(.checkGeneration)])
        #expect(nowhere.text.contains("No browser found"))
    }

    @Test func aReloadReadsTheFeedsAfterTheWritesThenFetchesThem() throws {
        let (_, reader) = try Self.reader()
        reader.settle()
        reader.performsReloads = false
        // R: every feed (a manual reload), each with its own settings, kept first in the cache.
        let config = reader.state.settings.config
        let read = ReaderEffect.read(FeedsToFetchQuery(only: nil, localOnly: false, kind: .manual, config: config, now: reader.now),
                                     route: ReaderRoute(), lane: .afterWrites)
        #expect(Self.actions(reader.send(.keys([.character("R")]))) == [.store(.checkGeneration), .store(.applyFeedOptions(config, at: reader.now))])
        #expect(reader.effects.last == read)
        let targets = try reader.store.feedsToFetch()
        #expect(Self.actions(reader.send(.feedsToFetchRead(.success(targets)))) == [.fetch(.reload(targets)), .timer(.spinner(running: true))])
        // A second reload is refused while one runs, and the timer's does nothing.
        #expect(reader.send(.keys([.character("R")])) == [])
        #expect(reader.text.contains("A reload is already running"))
        #expect(reader.send(.autoReloadTick) == [])
    }

    @Test func anArticleGoneFromTheCacheIsSaidSo() throws {
        let (_, reader) = try Self.readerInFeed()
        let first = try reader.storedArticles(ofFeed: "News")[0]
        let effects = reader.send(.keys([.enter]))
        #expect(effects.contains(.read(ArticleQuery(item: first.id, rendering: reader.state.articleRendering, placeAt: reader.now),
                                       route: .open(first.id), lane: .key)))
        #expect(Self.actions(reader.send(.articleRead(.open(first.id), .success(nil)))) == [])
        #expect(reader.text.contains("This article is no longer in the cache"))
    }

    @Test func quittingDuringAReloadSaysSoInTheLastFrame() throws {
        let (_, reader) = try Self.reader()
        reader.settle()
        reader.performsReloads = false
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.state.isReloading)
        #expect(reader.send(.keys([.control("c")])).contains(.terminal(.quit(status: 0))))
        #expect(reader.state.statusText == "Stopping…")
        #expect(reader.quitStatus == 0)
    }

    /// newsboat's `auto-reload` reloads at start, then every `reload-time` minutes, unless
    /// `suppress-first-reload` says not to.
    @Test(arguments: [(autoReload: 5, suppressed: false, reloads: true), (autoReload: 5, suppressed: true, reloads: false),
                      (autoReload: nil, suppressed: false, reloads: false)] as [(autoReload: Int?, suppressed: Bool, reloads: Bool)])
    func autoReloadReloadsAtStart(autoReload: Int?, suppressed: Bool, reloads: Bool) throws {
        let config = (autoReload.map { "auto-reload yes\nreload-time \($0)\n" } ?? "") + "suppress-first-reload \(suppressed ? "yes" : "no")\n"
        let (_, reader) = try Self.reader(config: config)
        // The reload at start is an automatic one: the feeds that are due.
        let reload = ReaderEffect.read(FeedsToFetchQuery(only: nil, localOnly: false, kind: .automatic, config: reader.state.settings.config,
                                                         now: ReaderDriver.startTime), route: ReaderRoute(), lane: .afterWrites)
        #expect(reader.effects.contains(reload) == reloads)
        #expect(reader.effects.contains(.timer(.autoReload(minutes: autoReload))))
    }

    /// A read that fails says why in the status bar and leaves nothing half-started.
    @Test func aFailedReadOfTheFeedsToReloadSaysSo() throws {
        let (_, reader) = try Self.reader()
        reader.settle()
        // R: every feed (a manual reload), each with its own settings, kept first in the cache.
        let config = reader.state.settings.config
        let read = ReaderEffect.read(FeedsToFetchQuery(only: nil, localOnly: false, kind: .manual, config: config, now: reader.now),
                                     route: ReaderRoute(), lane: .afterWrites)
        #expect(Self.actions(reader.send(.keys([.character("R")]))) == [.store(.checkGeneration), .store(.applyFeedOptions(config, at: reader.now))])
        #expect(reader.effects.last == read)
        #expect(reader.state.isReloading)
        let effects = reader.send(.feedsToFetchRead(.failure(StoreFailure(description: "disk I/O error"))))
        #expect(Self.actions(effects) == [])
        #expect(effects.contains(.log(LogLine(level: .error, text: "cannot read the cache: disk I/O error"))))
        #expect(!reader.state.isReloading)
        #expect(reader.state.statusText == "Cannot reload: disk I/O error")
    }
}
