@testable import Configuration
import FeedFetcher
import FeedModel
import FeedStore
import Foundation
import Testing

@Suite struct ConfigTests {
    @Test func defaultsMatchTheDocumentedBehaviour() {
        let config = Config()
        #expect(config[\.reloadThreads] == 48 && config[\.downloadTimeout] == 60 && config[\.connectTimeout] == 10)
        #expect(config[\.showReadFeeds] && !config[\.refreshOnStartup] && config[\.maxItems] == 0 && config[\.browser].isEmpty)
    }

    @Test func readsOptionsInNewsboatSyntax() {
        let config = Config(parsing: """
            # tidings config
            reload-threads 12
            download-timeout 30   # seconds
            browser "firefox --new-tab %u"
            max-items 500
            show-read-feeds no
            refresh-on-startup yes
            user-agent "Mozilla/5.0 (compatible; Tidings)"
            auto-reload true
            reload-time 15
            """)
        #expect(config.warnings.isEmpty)
        #expect(config[\.reloadThreads] == 12 && config[\.downloadTimeout] == 30)
        #expect(config[\.browser] == "firefox --new-tab %u")
        #expect(config[\.maxItems] == 500 && !config[\.showReadFeeds] && config[\.refreshOnStartup])
        #expect(config[\.autoReload] && config[\.reloadTime] == 15)
        #expect(config[\.userAgent] == "Mozilla/5.0 (compatible; Tidings)")
    }

    @Test func unknownOptionsAndBadValuesWarnWithLineNumbersAndKeepDefaults() {
        let config = Config(parsing: """
            reload-threads zero
            frobnicate-feeds yes
            show-read-feeds maybe
            download-timeout 0
            browser
            max-items "unterminated
            reload-threads 4
            user-agent "Tidings test
            include /nonexistent/colours
            """)
        #expect(config.warnings.map(\.description) == [
            #"config line 1: reload-threads needs a whole number of at least 1, not "zero"; default kept"#,
            #"config line 2: unknown option "frobnicate-feeds"; ignored"#,
            #"config line 3: show-read-feeds needs yes or no, not "maybe"; default kept"#,
            #"config line 4: download-timeout needs a whole number of at least 1, not "0"; default kept"#,
            "config line 5: browser takes one value, got 0",
            #"config line 6: max-items needs a whole number of at least 0, not "unterminated"; default kept"#,
            "config line 9: include /nonexistent/colours: cannot read /nonexistent/colours",
        ])
        #expect(config[\.reloadThreads] == 4 && config[\.showReadFeeds] && config[\.downloadTimeout] == 60)
        // The open quote's line is read as newsboat reads it.
        #expect(config[\.userAgent] == "Tidings test")
    }

    /// Issue 45 §17: the last lines of real newsboat configs that still warned, which newsboat
    /// takes without a word, are read as newsboat reads them.
    @Test func newsboatsSilentReadingsOfRealConfigLines() {
        let config = Config(parsing: """
            ttrss-url "https://rss.example.org/
            feed-sort-order title-dec
            articlelist-format "%4i %f %D %6L  %?T?|%-17T| ?%t %S"
            browser "(firefox %u >/dev/null 2>&1) &"
            """)
        #expect(config.warnings.isEmpty, "\(config.warnings)")
        #expect(config.options.value(named: "ttrss-url")?.configText == "https://rss.example.org/")
        #expect(config[\.feedSortOrder] == FeedOrder(.title, descending: true))
        #expect(config[\.articlelistFormat] == "%4i %f %D %6L  %?T?|%-17T| ?%t %S")
        // Drawn without the specifier the list lacks, the rest of the format kept.
        let row = ListFormat(config[\.articlelistFormat], kind: .articleList).text { ["i": "1", "f": "N", "D": "Nov 21", "L": "2KB", "t": "Ferry"][$0] ?? "" }
        #expect(row == "   1 N Nov 21    2KB  Ferry ")
        // The subshell that detaches the browser is what Tidings does: the browser alone.
        #expect(config[\.browser] == "firefox %u")
        // Another command in a subshell is still no browser, and the suggestion has no stray `(`.
        let piped = Config(parsing: #"browser "(firefox %u > ~/firefox.log) &""#)
        #expect(piped.warnings.first?.message.contains(#"write the command alone (browser "firefox %u")"#) == true, "\(piped.warnings)")
    }

    @Test func keyBindingsAndColoursAreKeptForLaterWithoutWarnings() {
        let config = Config(parsing: """
            bind-key j down
            color listfocus black yellow bold
            bind-key k up feedlist
            """)
        #expect(config.warnings.isEmpty)
        #expect(config.directives(named: "bind-key").map(\.arguments) == [["j", "down"], ["k", "up", "feedlist"]])
        #expect(config.directives(named: "color").first?.line == 2)
    }

    @Test func includedFilesApplyInPlaceRelativeToTheirFileAndCyclesAreRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-include-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        func write(_ text: String, _ name: String) throws {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        try write("reload-threads 2\ninclude parts/keys\nmax-items 50\n", "config")
        // Relative to the including file: parts/keys includes parts/colours.
        try write("bind-key J down\ninclude colours\nfrobnicate yes\n", "parts/keys")
        try write("color listfocus black yellow\nreload-threads 3\ninclude ../config\n", "parts/colours")
        let config = try Config.load(from: directory.appendingPathComponent("config"))
        #expect(config[\.reloadThreads] == 3, "included lines apply in place: after the line before the include")
        #expect(config[\.maxItems] == 50)
        #expect(config.keyMap.command(for: .character("J"), in: .feedList) == .down)
        let parts = directory.appendingPathComponent("parts")
        #expect(config.warnings.map(\.description) == [
            "config file \(parts.appendingPathComponent("colours").path) line 3: include ../config: the file is already being read (an include cycle); not read again",
            #"config file \#(parts.appendingPathComponent("keys").path) line 3: unknown option "frobnicate"; ignored"#,
        ])
    }

    @Test func linesAppliedOnTopSayWhatTheySetAndEveryOptionHasAShownValue() {
        var config = Config(parsing: "max-items 20\nbind-key J down\n")
        let (names, warnings) = config.apply("bind-key K up\nshow-read-feeds no\nreload-threads none\n")
        #expect(names == ["bind-key", "show-read-feeds", "reload-threads"])
        #expect(warnings.map(\.line) == [3], "numbered within the applied text")
        #expect(config[\.maxItems] == 20 && config[\.reloadThreads] == 48, "earlier lines kept, the bad value's default kept")
        #expect(config.keyMap.command(for: .character("J"), in: .feedList) == .down)
        #expect(config.keyMap.command(for: .character("K"), in: .feedList) == .up)
        #expect(config.valueText(of: "show-read-feeds") == "no")
        // Every option Tab offers can be shown, and a shown value reads back as the same value.
        for option in Config.settableOptionNames {
            let shown = Config().valueText(of: option)
            #expect(shown != nil, "\(option)")
            if let shown, !shown.hasPrefix("(") {
                var again = Config()
                #expect(again.apply("\(option) \(shown)").warnings.isEmpty, "\(option) \(shown)")
                #expect(again.valueText(of: option) == shown, "\(option)")
            }
        }
        #expect(Config().valueText(of: "frobnicate") == nil)
    }

    @Test func missingFileGivesDefaults() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)")
        #expect(try Config.load(from: url) == Config())
    }
}
