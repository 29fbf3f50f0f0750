@testable import Configuration
import FeedModel
import Foundation
import Testing

/// The table of options (`OptionTable`): every name newsboat takes is read, its value checked
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
        "include": "include /dev/null", "feed-option": "feed-option \"https://x.example/feed\" reload-time 30",
        "rule": "rule \"title =~ \\\"sponsored\\\"\" mark-read tag ads",
    ]

    /// A good value for `option`, from what it takes.
    static func sample(_ option: any OptionDeclaration) -> String {
        switch option.shape {
        case "yes/no": return "no"
        case "number": return String(option.minimumNumber + 2)
        // A list of colours is checked as colours.
        case "words": return option.name == "search-highlight-colors" ? "white black bold" : "one two"
        case "": return option.defaultText.isEmpty || option.defaultText == "\"\"" ? "x" : option.defaultText
        case let choices: return choices.components(separatedBy: " / ").first ?? ""
        }
    }

    @Test func everyNewsboatNameIsInTheTable() {
        #expect(Self.newsboatNames.count == 174)
        let names = Set(OptionTable.all.map(\.name) + OptionTable.commands.map(\.name))
        for name in Self.newsboatNames { #expect(names.contains(name), "\(name)") }
        #expect(names.count == OptionTable.all.count + OptionTable.commands.count, "no name twice")
    }

    @Test func everyOptionTakesAGoodValueWithoutAWarningAndKeepsIt() {
        for command in OptionTable.commands {
            let line = Self.commandLines[command.name] ?? ""
            #expect(!line.isEmpty, "a sample line for \(command.name)")
            #expect(Config(parsing: line).warnings.isEmpty, "\(line)")
        }
        for option in OptionTable.all {
            let line = "\(option.name) \(Self.sample(option))"
            let config = Config(parsing: line)
            #expect(config.warnings.isEmpty, "\(line): \(config.warnings)")
            if !option.isSecret { #expect(option.configText(in: config.options) == Self.sample(option), "\(option.name)") }
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
        #expect(config[\.gotoNextFeed])
        #expect(config[\.proxyType] == .http)
        #expect(config[\.wrapScroll])
        #expect(config.valueText(of: "no-such-option") == nil)
    }

    @Test func whatTidingsDoesWithEachIsSaid() {
        for option in OptionTable.all {
            if case .noEffect(let reason) = option.effect { #expect(!reason.isEmpty, "\(option.name)") }
            #expect(!option.summary.isEmpty, "\(option.name)")
        }
        for command in OptionTable.commands { #expect(!command.summary.isEmpty, "\(command.name)") }
        #expect(OptionTable.named["cache-file"]?.effect != .works)
        #expect(OptionTable.named["download-full-page"]?.effect == .works)
    }

    @Test func optionsForSomeFeedsAreDeclaredSo() {
        let perFeed = Set(OptionTable.all.filter { $0.scope == .perFeed }.map(\.name))
        #expect(perFeed.isSuperset(of: ["reload-time", "max-items", "user-agent", "download-timeout", "proxy", "cookie-cache"]))
        #expect(!perFeed.contains("browser") && !perFeed.contains("urls-source"))
        #expect(Config.startOnlyOptionNames.contains("urls-source") && Config.startOnlyOptionNames.contains("refresh-on-startup"))
        #expect(!Config.startOnlyOptionNames.contains("browser"))
    }

    @Test func downloadFullPageFetchesEveryFeedsFullArticles() {
        let config = Config(parsing: "download-full-page yes")
        #expect(config.warnings.isEmpty)
        #expect(config.fullArticle.fetchesAutomatically)
        #expect(config.fullArticle.alwaysFetches(feedURL: "https://any.example/feed"))
        #expect(!Config().fullArticle.fetchesAutomatically)
    }

    @Test func typedValuesReadTheFileOrTheDefault() {
        #expect(Config()[\.gotoFirstUnread])
        #expect(!Config(parsing: "goto-first-unread no")[\.gotoFirstUnread])
        #expect(Config()[\.confirmMarkAllFeedsRead])
        #expect(!Config(parsing: "confirm-mark-all-feeds-read no")[\.confirmMarkAllFeedsRead])
        #expect(Config(parsing: "article-sort-order title-desc")[\.articleSortOrder] == ItemOrder(.title, descending: true))
        #expect(Config(parsing: "keep-forever-if-flagged-with a b")[\.keepForeverIfFlaggedWith] == ["a", "b"])
        #expect(Config(parsing: "cleanup-on-quit true")[\.cleanupOnQuit] == .yes)
    }

    @Test func linesEndingInABackslashGoOnAndABOMIsSkipped() {
        let config = Config(parsing: "\u{FEFF}reload-threads 4\nmacro x set browser lynx ; \\\n  open-in-browser\nmax-items 7\n")
        #expect(config.warnings.isEmpty)
        #expect(config[\.reloadThreads] == 4 && config[\.maxItems] == 7)
        #expect(config.macros[.character("x")]?.steps.map(\.name) == ["set", "open-in-browser"])
    }

    @Test func devNullIsAnEmptyConfig() throws {
        #expect(try Config.load(from: URL(fileURLWithPath: "/dev/null")) == Config())
        #expect(try UrlsFile.load(from: URL(fileURLWithPath: "/dev/null")) == UrlsFile())
    }
}
