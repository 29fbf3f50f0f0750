@testable import Configuration
import Foundation
import Testing

/// The table of options (`ConfigOption`): every name newsboat takes is read, its value checked
/// as newsboat checks it, and kept.
@Suite struct ConfigOptionTests {
    /// newsboat 2.44's commands and options.
    static let newsboatNames = """
        always-display-description always-download article-sort-order articlelist-format articlelist-title-format \
        auto-reload bind bind-key bookmark-autopilot bookmark-cmd bookmark-interactive browser cache-file \
        cleanup-on-quit color confirm-delete-all-articles confirm-exit confirm-mark-all-feeds-read \
        confirm-mark-feed-read cookie-cache datetime-format define-filter delete-read-articles-on-quit \
        dialogs-title-format dirbrowser-title-format display-article-progress download-full-page download-retries \
        download-timeout error-log external-url-viewer feed-sort-order feedbin-flag-star feedbin-login \
        feedbin-password feedbin-passwordeval feedbin-passwordfile feedbin-url feedhq-flag-share feedhq-flag-star \
        feedhq-login feedhq-min-items feedhq-password feedhq-passwordeval feedhq-passwordfile \
        feedhq-show-special-feeds feedhq-url feedlist-format feedlist-title-format filebrowser-title-format \
        freshrss-flag-star freshrss-login freshrss-min-items freshrss-password freshrss-passwordeval \
        freshrss-passwordfile freshrss-show-special-feeds freshrss-url goto-first-unread goto-next-feed \
        help-title-format highlight highlight-article highlight-feed history-limit html-renderer http-auth-method \
        ignore-article ignore-mode include inoreader-app-id inoreader-app-key inoreader-flag-share \
        inoreader-flag-star inoreader-login inoreader-min-items inoreader-password inoreader-passwordeval \
        inoreader-passwordfile inoreader-show-special-feeds itemview-title-format keep-articles-days \
        keep-forever-if-flagged-with macro mark-as-read-on-hover max-browser-tabs max-download-speed max-items \
        miniflux-flag-save miniflux-flag-star miniflux-login miniflux-min-items miniflux-password \
        miniflux-passwordeval miniflux-passwordfile miniflux-show-special-feeds miniflux-token miniflux-tokeneval \
        miniflux-tokenfile miniflux-url newsblur-login newsblur-min-items newsblur-password newsblur-passwordeval \
        newsblur-passwordfile newsblur-url notify-always notify-beep notify-format notify-program notify-screen \
        notify-xterm ocnews-flag-star ocnews-login ocnews-password ocnews-passwordeval ocnews-passwordfile ocnews-url \
        oldreader-flag-share oldreader-flag-star oldreader-login oldreader-min-items oldreader-password \
        oldreader-passwordeval oldreader-passwordfile oldreader-show-special-feeds \
        openbrowser-and-mark-jumps-to-next-unread opml-url pager podcast-auto-enqueue prepopulate-query-feeds proxy \
        proxy-auth proxy-auth-method proxy-type refresh-on-startup reload-only-visible-feeds reload-threads \
        reload-time reset-unread-on-update restrict-filename run-on-startup save-path scrolloff \
        search-highlight-colors searchresult-title-format selectfilter-title-format selecttag-format \
        selecttag-title-format show-keymap-hint show-read-articles show-read-feeds show-title-bar ssl-verifyhost \
        ssl-verifypeer suppress-first-reload swap-title-and-hints text-width toggleitemread-jumps-to-next \
        toggleitemread-jumps-to-next-unread ttrss-flag-publish ttrss-flag-star ttrss-login ttrss-mode ttrss-password \
        ttrss-passwordeval ttrss-passwordfile ttrss-url unbind-key urls-source urlview-title-format use-proxy \
        user-agent wrap-scroll
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)

    /// A line for each command, as newsboat's documentation writes one.
    static let commandLines = [
        "bind": "bind ^R feedlist reload-all", "bind-key": "bind-key ^R reload-all", "unbind-key": "unbind-key r",
        "color": "color listfocus black yellow bold", "macro": "macro v set browser \"mpv %u\" ; open-in-browser",
        "macro-prefix": "macro-prefix ,", "run-on-startup": "run-on-startup set-tag ; open",
        "highlight": "highlight article \"^Title:\" red", "highlight-article": "highlight-article \"unread = \\\"yes\\\"\" red default",
        "highlight-feed": "highlight-feed \"unread_count > 0\" red default",
        "ignore-article": "ignore-article \"*\" \"title =~ \\\"sponsored\\\"\"", "define-filter": "define-filter unread \"unread = \\\"yes\\\"\"",
        "include": "include /dev/null",
    ]

    /// A good value for `option`.
    static func sample(_ option: ConfigOption) -> String {
        switch option.kind {
        case .yesNo: return "no"
        case .number(let minimum): return String(minimum + 2)
        case .oneOf(let words): return words.last ?? ""
        // A list of colours is checked as colours.
        case .list: return option.name == "search-highlight-colors" ? "white black bold" : "one two"
        case .text: return option.defaultValue.isEmpty ? "x" : NewsboatTokenizer.quoteIfNeeded(option.defaultValue)
        case .command: return ""
        }
    }

    @Test func everyNewsboatNameIsInTheTable() {
        #expect(Self.newsboatNames.count == 174)
        for name in Self.newsboatNames { #expect(ConfigOption.named[name] != nil, "\(name)") }
        #expect(ConfigOption.named.count == ConfigOption.all.count, "no name twice")
    }

    @Test func everyOptionTakesAGoodValueWithoutAWarningAndKeepsIt() {
        for option in ConfigOption.all {
            let line = option.kind == .command ? Self.commandLines[option.name] ?? "" : "\(option.name) \(Self.sample(option))"
            #expect(!line.isEmpty, "a sample line for \(option.name)")
            let config = Config(parsing: line)
            #expect(config.warnings.isEmpty, "\(line): \(config.warnings)")
            if option.kind != .command, !option.isSecret, option.part != .sync {
                let kept = option.kind == .list ? config.optionValue(option.name)?.text : config.optionValue(option.name)?.configText
                #expect(kept == Self.sample(option), "\(option.name)")
            }
        }
    }

    @Test func aBadValueWarnsOnceWithItsLineAndKeepsTheDefault() {
        let config = Config(parsing: """
            goto-next-feed maybe
            scrolloff -3
            proxy-type socks6
            notify-format
            history-limit 10 20
            wrap-scroll yes
            """)
        #expect(config.warnings.map(\.description) == [
            #"config line 1: goto-next-feed needs yes or no, not "maybe"; default kept"#,
            #"config line 2: scrolloff needs a whole number of at least 0, not "-3"; default kept"#,
            #"config line 3: proxy-type is http, socks4, socks4a, socks5 or socks5h, not "socks6"; default kept"#,
            "config line 4: notify-format takes one value, got 0",
            "config line 5: history-limit takes one value, got 2",
        ])
        #expect(config.optionValue("goto-next-feed") == .yesNo(true))
        #expect(config.optionValue("proxy-type") == .text("http"))
        #expect(config.optionValue("wrap-scroll") == .yesNo(true))
        #expect(config.optionValue("no-such-option") == nil)
    }

    @Test func whatTidingsDoesWithEachIsSaid() {
        for option in ConfigOption.all where option.kind != .command {
            if case .noEffect(let reason) = option.status { #expect(!reason.isEmpty, "\(option.name)") }
            #expect(!option.summary.isEmpty, "\(option.name)")
        }
        #expect(ConfigOption.named["cache-file"]?.status != .works)
        #expect(ConfigOption.named["download-full-page"]?.status == .works)
    }

    @Test func theReadmeListsEveryOption() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        for option in ConfigOption.all {
            // A sync service's options are listed on one line: `freshrss-url`, `-login`, …
            let suffix = option.name.split(separator: "-", maxSplits: 1).last.map { "`-\($0)`" } ?? ""
            let listed = text.contains("`\(option.name)`") || (option.group == .sync && text.contains(suffix))
            #expect(listed, "\(option.name)")
        }
    }

    @Test func downloadFullPageFetchesEveryFeedsFullArticles() {
        let config = Config(parsing: "download-full-page yes")
        #expect(config.warnings.isEmpty)
        #expect(config.fullArticle.fetchesAutomatically)
        #expect(config.fullArticle.alwaysFetches(feedURL: "https://any.example/feed"))
        #expect(!Config().fullArticle.fetchesAutomatically)
    }

    @Test func gotoFirstUnreadReachesTheReadersPreferences() {
        #expect(Config().readerPreferences.goesToFirstUnread)
        #expect(!Config(parsing: "goto-first-unread no").readerPreferences.goesToFirstUnread)
    }

    @Test func confirmMarkAllFeedsReadCanBeTurnedOff() {
        #expect(Config().confirmMarkAllFeedsRead)
        #expect(!Config(parsing: "confirm-mark-all-feeds-read no").confirmMarkAllFeedsRead)
    }

    @Test func linesEndingInABackslashGoOnAndABOMIsSkipped() {
        let config = Config(parsing: "\u{FEFF}reload-threads 4\nmacro x set browser lynx ; \\\n  open-in-browser\nmax-items 7\n")
        #expect(config.warnings.isEmpty)
        #expect(config.reloadThreads == 4 && config.maxItems == 7)
        #expect(config.macros[.character("x")]?.steps.map(\.name) == ["set", "open-in-browser"])
    }

    @Test func devNullIsAnEmptyConfig() throws {
        #expect(try Config.load(from: URL(fileURLWithPath: "/dev/null")) == Config())
        #expect(try UrlsFile.load(from: URL(fileURLWithPath: "/dev/null")) == UrlsFile())
    }
}
