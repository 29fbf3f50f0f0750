@testable import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
@testable import ReaderDriving
import TerminalUI
import Testing
@testable import TidingsApp

/// The README's flows through the reader's core, on a real cache and `file://` feeds: reloads,
/// marks, Starred, sorting, search, previews, editing the feeds, the welcome screen, the command
/// line, `:set` and `:source`, macros. (What only the runners show stays headless:
/// ReaderHeadlessTests' HeadlessReaderTests.)
@MainActor
@Suite struct ReaderFlowsTests {
    /// A home with two feeds, reloaded once, the reader on the feed list.
    private func readerWithNews() throws -> (ReaderHome, ReaderDriver) {
        try BrowsingTests.readerWithNews()
    }

    @Test func reloadShowsProgressAndNewArticles() throws {
        let (home, reader) = try readerWithNews()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20), ("New quay opens", 21), ("Storm warning", 22)])
        reader.press(.character("r"))
        reader.settle()
        #expect(reader.text.contains("(3/3) Harbour News"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.lines[1].hasPrefix("N 2025-11-22  Storm warning"))
        // A second R while one runs is refused, not queued.
        reader.press(.character("R"), .character("R"))
        #expect(reader.text.contains("A reload is already running"))
        reader.settle()
    }

    @Test func marksLeftInTheJournalAreWrittenAtTheNextStart() throws {
        let home: ReaderHome, item: ItemRow
        do {
            let (news, reader) = try readerWithNews()
            home = news
            item = try #require(try reader.storedArticles(ofFeed: "Harbour News").first)
        }
        // What a reader killed before its writes landed leaves behind.
        MarkJournal(cachePath: home.cachePath).append([
            .starred(item.id, isStarred: true, wasStarred: false), .read(item.id, feed: item.feedID, isRead: true, wasRead: false),
        ])
        let next = try home.driver()
        next.settle()
        #expect(try next.store.item(item.id)?.isRead == true)
        #expect(try next.store.item(item.id)?.isStarred == true)
        #expect(next.lines.contains { $0.contains("(1/2) Harbour News") })
        #expect(next.lines.contains { $0.contains("Starred") })
    }

    @Test func starredListAndHelp() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        reader.press(.character("s"))
        #expect(reader.text.contains("Starred: find it under Starred in the feed list"))
        reader.press(.left)
        reader.settle()
        #expect(reader.lines[1].contains("Starred"))
        reader.press(.character("k"), .enter)
        reader.settle()
        #expect(reader.text.contains("1 starred"))
        #expect(reader.lines[1].contains("New quay opens"))
        reader.press(.character("?"))
        #expect(reader.lines[0].hasPrefix(" Help — Search results, Starred"))
        reader.press(.character("q"))
        #expect(reader.lines[0].hasPrefix(" Starred"))
    }

    @Test func sortAndRevSortAskByWhatAndKeepTheOrderForTheSession() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        reader.press(.character(">"))
        #expect(reader.text.contains("Sort by (d)ate/(t)itle/(f)lags/(a)uthor/(l)ink/(g)uid/(r)andom?"))
        reader.press(.character("t"))
        #expect(reader.text.contains("Sorted by title"))
        reader.settle()
        #expect(reader.lines[1].contains("Ferry delayed") && reader.lines[2].contains("New quay opens"))

        // rev-sort: Z to A; a key that is no field sorts nothing.
        reader.press(.character("<"), .character("t"))
        #expect(reader.text.contains("Sorted by title, reversed"))
        reader.settle()
        #expect(reader.lines[1].contains("New quay opens"))
        reader.press(.character(">"), .character("x"))
        #expect(reader.text.contains("Not sorted"))
        reader.settle()
        #expect(reader.lines[1].contains("New quay opens"))

        // The feed list asks for its own fields; the item lists keep their order.
        reader.press(.left, .character("<"))
        #expect(reader.text.contains("Reverse sort by (f)irsttag/(t)itle/(a)rticles/(u)nread/(l)ast/(n)one/n(e)w?"))
        reader.press(.character("t"))
        reader.settle()
        #expect(reader.lines[1].contains("Tech Notes") && reader.lines[2].contains("Harbour News"))
        reader.press(.character("j"), .enter)
        reader.settle()
        #expect(reader.text.contains("Ferry delayed"))
        #expect(reader.lines[1].contains("New quay opens"))
    }

    @Test func searchFromAnyScreen() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.character("/"))
        #expect(reader.lines.last?.contains("Search:") == true)
        reader.type("kernel")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Kernel release"))
        #expect(reader.lines[0].hasPrefix(" Search: kernel"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: Kernel release"), "the screen:\n\(reader.text)")
        reader.press(.character("q"), .character("q"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        // Esc at the prompt asks nothing.
        reader.press(.character("/"))
        reader.type("x")
        reader.press(.escape)
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))
        #expect(reader.lines.last?.contains("Search:") == false)
    }

    @Test func previewsAndQuickFilter() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        reader.press(.character(" "))
        reader.settle()
        #expect(reader.lines[2].contains("Body of New quay opens."))
        reader.press(.character(" "))
        #expect(!reader.text.contains("Body of New quay opens."))
        reader.press(.character("F"))
        reader.type("ferry")
        reader.settle()
        #expect(reader.lines[1].contains("Ferry delayed"))
        #expect(!reader.text.contains("New quay opens"))
        reader.press(.enter, .escape)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
    }

    @Test func feedEditingAddRenameTagMoveDelete() throws {
        let (home, reader) = try readerWithNews()
        try home.writeFeed("extra", title: "Extra Feed", items: [("Extra one", 18)])
        // Add: fetched first, then the urls file and the store follow.
        reader.press(.character("a"))
        #expect(reader.lines.last?.contains("Add feed URL:") == true)
        reader.type(home.url("extra"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Added Extra Feed (1 article)"), "\(reader.text)")
        #expect(reader.lines.contains { $0.contains("(1/1) Extra Feed") })
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8).contains(home.url("extra")))

        // Rename the selected (added) feed.
        reader.press(.character("e"))
        reader.press(.control("u"))
        reader.type("Renamed Extra")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Renamed to Renamed Extra"))
        #expect(reader.lines.contains { $0.contains("Renamed Extra") })
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8).contains("\"~Renamed Extra\""))

        // Tag it, then find it in the tag list.
        reader.press(.character("T"))
        reader.type("weekly")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Tags of Renamed Extra: weekly"))
        reader.press(.character("t"))
        reader.settle()
        #expect(reader.text.contains("Tidings — Tags"))
        #expect(reader.lines[2].contains("weekly"))
        reader.press(.character("j"), .enter)
        reader.settle()
        #expect(reader.text.contains("Feeds tagged weekly"))
        #expect(reader.lines[1].contains("Renamed Extra"))
        reader.press(.character("q"), .character("q"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"))

        // Move it up past Tech Notes.
        reader.press(.character("K"))
        reader.settle()
        let order = reader.lines.filter { $0.contains("Tech Notes") || $0.contains("Renamed Extra") }
        #expect(order.first?.contains("Renamed Extra") == true)

        // Delete: asks first; any key but y declines.
        reader.press(.character("D"))
        #expect(reader.text.contains("Delete Renamed Extra? (y: yes, any other key: no)"))
        reader.press(.character("n"))
        #expect(reader.lines.contains { $0.contains("Renamed Extra") })
        reader.press(.character("D"), .character("y"))
        reader.settle()
        #expect(reader.text.contains("Deleted Renamed Extra"))
        #expect(!reader.lines.dropLast().contains { $0.contains("Renamed Extra") })
        #expect(!(try String(contentsOfFile: home.urlsPath, encoding: .utf8).contains(home.url("extra"))))
    }

    @Test func aTagsFeedListShowsTheReloadSpinner() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news") + " local"])
        let reader = try home.driver()
        reader.settle()
        reader.press(.character("t"))
        reader.settle()
        #expect(reader.text.contains("Tidings — Tags"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Feeds tagged local"))
        // The reload is fetched when the test says: first, the fetcher starts on the feed.
        reader.performsReloads = false
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.timerEffects.last == .spinner(running: true))
        reader.send(.fetchEvent(FetchEvent(url: home.url("news"), kind: .started, completed: 0, total: 1)))
        // The feed being fetched is drawn with the spinner in the tag's list too; each tick of
        // the spinner's timer turns it one step.
        #expect(reader.lines[1].first == "|", "\(reader.text)")
        reader.send(.spinnerTick)
        #expect(reader.lines[1].first == "/", "\(reader.text)")
        reader.send(.spinnerTick)
        #expect(reader.lines[1].first == "-", "\(reader.text)")
        #expect(reader.state.isReloading)
        reader.performsReloads = true
        reader.settle()
        #expect(reader.lines[1].first == " ")
        #expect(reader.timerEffects.last == .spinner(running: false), "the spinner stopped with the reload")
    }

    @Test func anUnboundKeySaysSoButTypedTextAndLinkNumbersDoNot() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.character("%"))
        #expect(reader.lines.last?.hasPrefix(" %: not bound here — ? for help") == true, "\(reader.text)")
        reader.press(.character("F"), .character("%"))
        #expect(reader.lines.last?.contains("not bound") == false, "typed into the quick filter")
        reader.press(.escape, .escape, .enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"), "\(reader.text)")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"), "\(reader.text)")
        reader.press(.character("1"))
        #expect(reader.lines.last?.contains("Open link 1") == true)
        reader.press(.escape, .control("y"))
        #expect(reader.lines.last?.hasPrefix(" Ctrl-Y: not bound here — ? for help") == true, "\(reader.text)")
    }

    @Test func aNewsboatActionNoScreenPerformsYetSaysSoWhenItsKeyIsPressed() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let reader = try home.driver(config: "bind-key ^D set\nmacro h save-all\n")
        reader.settle()
        reader.press(.control("d"))
        #expect(reader.lines.last?.hasPrefix(" set: bound alone it has nothing to set") == true, "\(reader.text)")
        // save-all is performed in lists of articles: on the feed list the macro says it does nothing.
        reader.press(.character(","), .character("h"))
        #expect(reader.lines.last?.contains("Macro h: save-all: does nothing here") == true, "\(reader.text)")
    }

    @Test func theFirstFeedCanBeAddedOnTheWelcomeScreen() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        let reader = try home.driver()
        reader.settle()
        #expect(reader.text.contains("Welcome to Tidings."))
        reader.press(.character("a"))
        #expect(reader.lines.last?.contains("Add feed URL:") == true)
        reader.type(home.url("news"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Added Harbour News (1 article)"), "\(reader.text)")
        #expect(reader.text.contains("(1/1) Harbour News"), "the feed list replaces the welcome screen")
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8) == home.url("news") + "\n")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Ferry delayed"), "the feed opens like any other")
    }

    @Test func theWelcomeScreenOffersNewsboatsFeedsAndConfig() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.writeFeed("tech", title: "Tech Notes", items: [("Kernel release", 19)])
        let newsboatUrls = "# from newsboat\n\(home.url("news")) local\n\(home.url("tech"))\n\"query:Unread:unread = \\\"yes\\\"\"\n"
        try home.write(newsboatUrls, to: "newsboat/urls")
        try home.write("show-read-feeds no\n", to: "newsboat/config")
        let files = try #require(NewsboatFiles.find(environment: ["HOME": home.path(""), "XDG_CONFIG_HOME": home.path("")]))
        #expect(files.urls.path == home.path("newsboat/urls"))
        let reader = try home.driver(columns: 100) { $0.newsboatFiles = files }
        // A first start: no config file either.
        try FileManager.default.removeItem(atPath: home.configPath)
        reader.settle()
        #expect(reader.text.contains("Press i to use them here"), "\(reader.text)")
        reader.press(.character("i"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Harbour News"), "\(reader.text)")
        #expect(reader.text.contains("(1/1) Tech Notes"))
        #expect(try String(contentsOfFile: home.urlsPath, encoding: .utf8) == newsboatUrls, "a copy, comments and query lines kept")
        #expect(try String(contentsOfFile: home.configPath, encoding: .utf8) == "show-read-feeds no\n")
        #expect(try String(contentsOfFile: home.path("newsboat/urls"), encoding: .utf8) == newsboatUrls, "newsboat's file untouched")
    }

    @Test func theCommandLineSetsOptionsGoesToFeedsAndRowsAndRemembersLines() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.character(":"))
        #expect(reader.lines.last?.hasPrefix(":") == true)
        // "se" alone is also selecttag-format's start: the whole command, then Tab.
        reader.type("set")
        reader.press(.tab)
        reader.type("max-i")
        reader.press(.tab)
        #expect(reader.lines.last == ":set max-items", "Tab completes commands and options (with a space after each)")
        reader.type("5")
        reader.press(.enter)
        #expect(reader.lines.last?.hasPrefix(" max-items = 5") == true, "\(reader.text)")
        reader.command("set max-items")
        #expect(reader.lines.last?.hasPrefix(" max-items = 5") == true)
        reader.command("set max-items lots")
        #expect(reader.lines.last?.contains("max-items needs a whole number") == true, "\(reader.text)")
        reader.command(#"set browser "mpv %u""#)
        #expect(reader.lines.last?.hasPrefix(#" browser = "mpv %u""#) == true, "\(reader.text)")
        // As in the config file: taken, with the warning.
        reader.command(#"set browser "lynx %u > /dev/null""#)
        #expect(reader.lines.last?.hasPrefix(#" browser: ">" is shell syntax"#) == true, "\(reader.text)")
        reader.command("set browser")
        #expect(reader.lines.last?.hasPrefix(#" browser = "lynx %u > /dev/null""#) == true, "\(reader.text)")
        reader.command("set refresh-on-startup yes")
        #expect(reader.lines.last?.contains("refresh-on-startup is read at start") == true, "\(reader.text)")
        reader.command("set show-excerpts yes")
        #expect(reader.lines.last?.hasPrefix(" show-excerpts = yes") == true, "\(reader.text)")
        reader.command("frobnicate")
        #expect(reader.lines.last?.contains("Unknown command: frobnicate") == true)

        // Up brings back the lines typed before, newest first; Down returns to the typed line.
        reader.press(.character(":"))
        reader.press(.up)
        #expect(reader.lines.last?.hasPrefix(":frobnicate") == true)
        reader.press(.up)
        #expect(reader.lines.last?.hasPrefix(":set show-excerpts yes") == true)
        reader.press(.down, .down)
        #expect(reader.lines.last == ":")
        reader.press(.escape)

        // A row number, :goto, :tag.
        reader.command("2")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Kernel release"), "row 2 is Tech Notes: \(reader.text)")
        reader.command("goto harbour")
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"), "back on the feed list")
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        reader.command("tag local")
        reader.settle()
        #expect(reader.text.contains("(2/2) Harbour News"))
        #expect(!reader.text.contains("Tech Notes"))
        reader.command("tag nothing-here")
        #expect(reader.lines.last?.contains("No feed has the tag nothing-here") == true)
        reader.command("q")
        #expect(reader.quitStatus == 0)
    }

    @Test func setAndSourceChangeOptionsKeysAndColoursWhileTheReaderRuns() throws {
        let (home, reader) = try readerWithNews()
        reader.press(.enter)
        reader.settle()
        let dated = try #require(reader.lines.first { $0.contains("New quay opens") })
        reader.command(#"set datetime-format "%d|%m""#)
        #expect(reader.lines.last?.hasPrefix(" datetime-format = %d|%m") == true, "\(reader.text)")
        let redated = try #require(reader.lines.first { $0.contains("New quay opens") })
        #expect(redated != dated && redated.contains("|"), "the open list shows the new date format: \(redated)")

        // `!` turns a yes/no option over; the list on screen follows.
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"))
        reader.press(.character("q"))
        reader.command("set show-read-articles!")
        #expect(reader.lines.last?.hasPrefix(" show-read-articles = no") == true, "\(reader.text)")
        reader.settle()
        #expect(!reader.text.contains("New quay opens"), "the read article is hidden: \(reader.text)")
        reader.press(.character(">"), .character("t"))
        #expect(reader.lines.last?.hasPrefix(" Sorted by title") == true, "\(reader.text)")
        reader.command("set article-sort-order")
        #expect(reader.lines.last?.hasPrefix(" article-sort-order = title-asc") == true, "sort changed the option: \(reader.text)")
        // `&` puts an option back to its default.
        reader.command("set article-sort-order&")
        #expect(reader.lines.last?.hasPrefix(" article-sort-order = date-desc") == true, "\(reader.text)")
        // newsboat's `set OPTION=VALUE` too.
        reader.command("set article-sort-order=author-asc")
        #expect(reader.lines.last?.hasPrefix(" article-sort-order = author-asc") == true, "\(reader.text)")
        reader.command("set text-width 60")
        reader.settle()
        #expect(!reader.text.contains("New quay opens"), "setting another option keeps what the toggle set: \(reader.text)")
        reader.command("set max-items!")
        #expect(reader.lines.last?.contains("max-items is not a yes/no option") == true)
        reader.command("set no-such-option 1")
        #expect(reader.lines.last?.contains("Unknown option no-such-option") == true)

        // A file of config lines, relative to the config file's directory: keys, options, and a
        // line it cannot use, reported with its number. The file runner reads it.
        let lines = """
            bind-key ^E reload-all
            show-read-articles yes
            urls-source fever
            frobnicate 3
            """
        try home.write(lines, to: "extra")
        reader.command("source extra")
        #expect(reader.fileEffects.last == .readConfigFile(path: home.path("extra")))
        reader.send(.configFileRead(path: home.path("extra"), .success(lines)))
        #expect(reader.lines.last?.contains("Read extra; urls-source applies at the next start — line 4: unknown option") == true, "\(reader.text)")
        reader.settle()
        #expect(reader.text.contains("New quay opens"), "show-read-articles yes again: \(reader.text)")
        reader.press(.control("e"))
        reader.settle()
        #expect(reader.text.contains("Reloaded 2 feeds"), "the key bound by the sourced file works at once: \(reader.text)")
        // Why a file cannot be read is the runner's to find (ReaderHeadlessTests); the status bar says it.
        reader.command("source missing-file")
        #expect(reader.fileEffects.last == .readConfigFile(path: home.path("missing-file")))
        reader.send(.configFileRead(path: home.path("missing-file"), .failure(FileFailure(description: "there is no such file"))))
        #expect(reader.lines.last?.contains("Cannot read missing-file: there is no such file") == true, "\(reader.text)")
    }

    @Test func aMacroRunsItsActionsAfterThePrefix() throws {
        let home = try ReaderHome()
        try home.writeFeed("news", title: "Harbour News", items: [("Ferry delayed", 20)])
        try home.subscribe([home.url("news")])
        let player = home.path("player")
        let lines = """
            macro v set browser "\(player) %u" ; open-in-browser ; set browser "$BROWSER" -- "play it"
            macro x frobnicate
            """
        #expect(Config(parsing: lines).warnings.map(\.description) == [#"config line 2: macro x: unknown action "frobnicate"; the macro is not defined"#])
        let reader = try home.driver(config: lines, variables: ["DISPLAY": ":0"])
        reader.settle()
        reader.press(.character("R"))
        reader.settle()
        #expect(reader.text.contains("(1/1) Harbour News"))
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Ferry delayed"))
        // The prompt after the prefix, and the help, say what each macro does (its description).
        reader.press(.character("?"))
        #expect(reader.text.contains("Help — Articles"))
        reader.press(.end)
        #expect(reader.text.contains("Macros"), "\(reader.text)")
        #expect(reader.lines.contains { $0.hasPrefix(",v  play it") }, "\(reader.text)")
        reader.press(.character("q"))
        reader.press(.character(","))
        #expect(reader.lines.last?.contains("Macro: v play it") == true, "\(reader.text)")
        reader.press(.character("v"))
        let opened = try #require(reader.processEffects.last)
        guard case .openBrowser(let command, let url, _) = opened else {
            Issue.record("the macro started \(opened)")
            return
        }
        #expect(command == (try BrowserCommand(parsing: "\(player) %u")), "the player was the browser")
        #expect(url.hasPrefix("https://news.example/"), "the player got the article's link: \(url)")
        reader.command("set browser")
        #expect(reader.lines.last?.contains("browser = (not set") == true, "the last step put the browser back: \(reader.text)")
        reader.press(.character(","), .character("z"))
        #expect(reader.lines.last?.contains("No macro on z") == true)
    }

    @Test func readFeedsAndArticlesAreShownOrHiddenWhileTheReaderRuns() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.enter)
        reader.settle()
        reader.press(.enter)
        reader.settle()
        #expect(reader.text.contains("Title: New quay opens"))
        reader.press(.character("q"), .character("L"))
        #expect(reader.lines.last?.contains("Read articles hidden") == true, "\(reader.text)")
        reader.settle()
        #expect(reader.text.contains("Ferry delayed"))
        #expect(!reader.text.contains("New quay opens"), "the article just read is hidden: \(reader.text)")
        reader.press(.character("L"))
        reader.settle()
        #expect(reader.text.contains("New quay opens"))

        // On the feed list: a feed with nothing unread goes, and comes back. (`A` marks what was
        // first seen by the key's time; the store saw the articles at the wall clock's.)
        reader.now = Date()
        reader.press(.character("q"), .down, .character("A"))
        reader.settle()
        #expect(reader.text.contains("(0/1) Tech Notes"))
        reader.press(.character("L"))
        #expect(reader.lines.last?.contains("Feeds with nothing unread hidden") == true)
        reader.settle()
        #expect(!reader.text.contains("Tech Notes"))
        reader.press(.character("L"))
        reader.settle()
        #expect(reader.text.contains("(0/1) Tech Notes"))
    }

    @Test func jAndKInAnItemListGoToTheNextAndPreviousFeed() throws {
        let (_, reader) = try readerWithNews()
        reader.press(.enter)
        reader.settle()
        reader.press(.character("J"))
        reader.settle()
        #expect(reader.text.contains("Kernel release"), "\(reader.text)")
        #expect(reader.lines[0].hasPrefix(" Tech Notes"))
        reader.press(.character("J"))
        #expect(reader.lines.last?.contains("No feed after this one") == true)
        reader.press(.character("K"))
        reader.settle()
        #expect(reader.text.contains("New quay opens"))
        reader.press(.character("q"))
        #expect(reader.lines[0].hasPrefix(" Tidings — Feeds"), "one item list on the stack, not three")
    }

    @Test func quitConfirmsWhenAskedTo() throws {
        let (_, reader) = try readerWithNews()
        #expect(reader.quitStatus == nil)
        reader.press(.character("Q"))
        #expect(reader.quitStatus == 0)
    }
}

private extension ReaderDriver {
    /// Types a line at the `:` command prompt and runs it.
    func command(_ line: String) {
        press(.character(":"))
        type(line)
        press(.enter)
    }
}
