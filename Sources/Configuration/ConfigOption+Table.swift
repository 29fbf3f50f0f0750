import FeedFetcher

/// The table of every command and option the config file takes: newsboat's (its 2.44 names,
/// podboat's included, since podboat reads the same file) and Tidings' own. The defaults are
/// Tidings' where Tidings acts on the option, else newsboat's.
extension ConfigOption {
    public static let all: [ConfigOption] = general + syncServices

    private static let podboatReadsIt = ConfigOption.Status.noEffect("podboat's own: podboat reads this file itself and downloads what Tidings queues")

    private static let general: [ConfigOption] = [
        // Feeds and reloading
        .init("reload-threads", .number(minimum: 1), "16", .feeds, .works, part: .fetch, "feeds downloaded at once (at most 6 connections per host; a host that speaks HTTP/2 shares one)"),
        .init("download-timeout", .number(minimum: 1), "60", .feeds, .works, part: .fetch, "seconds one feed may take"),
        .init("connect-timeout", .number(minimum: 1), "10", .feeds, .works, part: .fetch, "seconds to wait for a server to answer (a Tidings option)"),
        .init("user-agent", .text, "", .feeds, .works, part: .fetch, "the HTTP User-Agent; empty: Tidings/<version>"),
        .init("refresh-on-startup", .yesNo, "no", .feeds, .works, "reload every feed when the reader starts"),
        .init("auto-reload", .yesNo, "no", .feeds, .works, "reload at start, then every reload-time minutes while the reader runs"),
        .init("reload-time", .number(minimum: 1), "60", .feeds, .works, "minutes between automatic reloads"),
        .init("max-items", .number(minimum: 0), "0", .feeds, .works, "read items kept per feed after a reload, 0 for all; unread and starred are never dropped"),
        .init("ignore-article", .command, "", .feeds, .works, "ignore-article FEED-URL|* \"FILTER\": the killfile (see Filters and the killfile)"),
        .init("ignore-mode", .oneOf(["download", "display"]), "download", .feeds, .works, "whether ignored articles are not stored (download) or only not shown (display)"),
        .init("always-download", .list, "", .feeds, .works, part: .fetch, "feeds (their URLs) downloaded in full at every reload, without a conditional request"),
        .init("download-retries", .number(minimum: 0), "1", .feeds, .works, part: .fetch, "times a feed's download is tried before it is marked failed (1: once)"),
        .init("reload-only-visible-feeds", .yesNo, "no", .feeds, .works, "R in the feed list reloads only the feeds it shows (a tag's, a filter's, without read feeds hidden)"),
        .init("suppress-first-reload", .yesNo, "no", .feeds, .works, "with auto-reload, skip the reload at start"),
        .init("reset-unread-on-update", .list, "", .feeds, .works, "feeds whose updated articles become unread again"),
        .init("keep-articles-days", .number(minimum: 0), "0", .feeds, .works, "articles older than this many days are deleted, 0 for never"),
        .init("delete-read-articles-on-quit", .yesNo, "no", .feeds, .works, "delete read articles when the reader quits"),
        .init("keep-forever-if-flagged-with", .list, "", .feeds, .works, "articles with these flags are never deleted"),
        .init("cleanup-on-quit", .oneOf(["yes", "no", "nudge", "true", "false"]), "nudge", .feeds, .works, "remove from the cache the feeds no longer in the urls file"),
        .init("prepopulate-query-feeds", .yesNo, "no", .feeds,
              .noEffect("Tidings always counts the query feeds at start, in the background: the feed list shows them at once and fills their counts when they come"),
              "fill the query feeds at start instead of when they are opened"),
        .init("http-auth-method", .oneOf(HTTPAuthMethod.allCases.map(\.rawValue)), "any", .feeds, .works, part: .fetch, "how credentials in a feed's URL are sent: any and basic send Basic at once; the others answer the server's challenge"),
        .init("use-proxy", .yesNo, "no", .feeds, .works, part: .fetch, "download through the proxy option's proxy (no: the http_proxy environment variables)"),
        .init("proxy", .text, "", .feeds, .works, part: .fetch, "the proxy, HOST:PORT"),
        .init("proxy-auth", .text, "", .feeds, .works, part: .fetch, "the proxy's USER:PASSWORD"),
        .init("proxy-auth-method", .oneOf(HTTPAuthMethod.allCases.map(\.rawValue)), "any", .feeds, .works, part: .fetch, "how proxy-auth is sent"),
        .init("proxy-type", .oneOf(ProxySettings.Kind.allCases.map(\.rawValue)), "http", .feeds, .works, part: .fetch, "the proxy's protocol"),
        .init("ssl-verifyhost", .yesNo, "yes", .feeds, .noEffect("Tidings always checks that a certificate names its server: turning it off lets anyone on the way rewrite feeds"), part: .fetch, "check the server's name in its certificate"),
        .init("ssl-verifypeer", .yesNo, "yes", .feeds, .noEffect("Tidings always checks certificates: turning it off lets anyone on the way rewrite feeds"), part: .fetch, "check the server's certificate"),
        .init("cookie-cache", .text, "", .feeds, .works, part: .fetch, "a file (Netscape format) where the servers' cookies are kept between downloads"),

        // The lists
        .init("show-read-feeds", .yesNo, "yes", .lists, .works, "list feeds whose items are all read"),
        .init("show-read-articles", .yesNo, "yes", .lists, .works, "list read items"),
        .init("show-excerpts", .yesNo, "no", .lists, .works, "a line of each article's text under its title (a Tidings option)"),
        .init("feedlist-format", .text, "", .lists, .works, "the feed list's rows (see Previews and lists); empty: Tidings' layout"),
        .init("articlelist-format", .text, "", .lists, .works, "the item lists' rows; empty: Tidings' layout"),
        .init("datetime-format", .text, "%Y-%m-%d", .lists, .works, "how item lists show dates, for strftime(3)"),
        .init("article-sort-order", .text, "date-desc", .lists, .works, "the order of item lists: FIELD, FIELD-asc or FIELD-desc"),
        .init("feed-sort-order", .text, "none-asc", .lists, .works, "the order of the feed list: FIELD, FIELD-asc or FIELD-desc"),
        .init("define-filter", .command, "", .lists, .works, "define-filter NAME \"FILTER\": a filter to pick with select-filter"),
        .init("confirm-exit", .yesNo, "no", .lists, .works, "ask before quitting"),
        .init("confirm-mark-all-feeds-read", .yesNo, "yes", .lists, .works, "ask before mark-all-feeds-read"),
        .init("confirm-mark-feed-read", .yesNo, "no", .lists, .works, "ask before mark-feed-read (newsboat's default is yes: Tidings' A has always marked at once)"),
        .init("confirm-delete-all-articles", .yesNo, "yes", .lists, .works, "ask before delete-all-articles"),
        .init("goto-first-unread", .yesNo, "yes", .lists, .works, "opening a feed selects its first unread article"),
        .init("goto-next-feed", .yesNo, "yes", .lists, .works, "next-unread and prev-unread go on into the next feed; no: they go round the feed (or the query feed) they are in"),
        .init("mark-as-read-on-hover", .yesNo, "no", .lists, .works, "an article becomes read when the selection of a list moves onto it"),
        .init("markfeedread-jumps-to-next-unread", .yesNo, "no", .lists, .works, "after mark-feed-read, select the next feed with unread articles (from an item list: show its articles)"),
        .init("openbrowser-and-mark-jumps-to-next-unread", .yesNo, "no", .lists, .works, "after open-in-browser-and-mark-read in a list, select the next unread article"),
        .init("toggleitemread-jumps-to-next", .yesNo, "no", .lists, .works, "after toggle-article-read in a list, select the next article (newsboat's default is yes: Tidings' N has always stayed)"),
        .init("toggleitemread-jumps-to-next-unread", .yesNo, "no", .lists, .works, "after toggle-article-read in a list, select the next unread article"),
        .init("scrolloff", .number(minimum: 0), "0", .lists, .works, "rows kept visible above and below the selection"),
        .init("wrap-scroll", .yesNo, "no", .lists, .works, "moving down past the end of a list goes on at its start, and up past the start at its end"),
        .init("show-keymap-hint", .yesNo, "no", .lists, .works, "a line of the screen's main keys above the status bar, as bound (newsboat's default is yes: see Keys and colours)"),
        .init("show-title-bar", .yesNo, "yes", .lists, .works, "the title bar at the top"),
        .init("swap-title-and-hints", .yesNo, "no", .lists, .works, "the title bar above the status bar and the key hints at the top"),
        .init("selecttag-format", .text, "", .lists, .works, "the rows of the tag list: %i position, %T tag, %u feeds, %f feeds with unread articles, %n unread articles (newsboat's default: `%4i  %T (%u)`); empty: Tidings' layout"),
        .init("feedlist-title-format", .text, "", .lists, .works, "the title bar of the feed list (see Title bars); empty: Tidings' own"),
        .init("articlelist-title-format", .text, "", .lists, .works, "the title bar of an item list, a query feed's and Starred's"),
        .init("itemview-title-format", .text, "", .lists, .works, "the title bar of the article view"),
        .init("searchresult-title-format", .text, "", .lists, .works, "the title bar of search results"),
        .init("help-title-format", .text, "", .lists, .works, "the title bar of the help"),
        .init("urlview-title-format", .text, "", .lists, .works, "the title bar of the URL view"),
        .init("selecttag-title-format", .text, "", .lists, .works, "the title bar of the tag list"),
        .init("selectfilter-title-format", .text, "", .lists, .noEffect("Tidings' select-filter asks in the status bar; there is no list of filters to title"), "the title bar of the filter list"),
        .init("dialogs-title-format", .text, "", .lists, .works, "the title bar of the list of open screens (view-dialogs, v): %N %V"),
        .init("filebrowser-title-format", .text, "", .lists, .noEffect("Tidings has no file browser: S asks for a path"), "the title bar of the file browser"),
        .init("dirbrowser-title-format", .text, "", .lists, .noEffect("Tidings has no directory browser"), "the title bar of the directory browser"),

        // The article
        .init("browser", .text, "", .article, .works, "the command that opens links, %u the URL; empty: $BROWSER, then xdg-open, lynx, w3m"),
        .init("text-width", .number(minimum: 0), "0", .article, .works, "wrap articles at this column, 0 for the window's width"),
        .init("image-protocol", .oneOf(["auto", "kitty", "sixel", "iterm2", "blocks", "none"]), "auto", .article, .works, "how the article view draws pictures: auto asks the terminal at start (blocks inside tmux or screen); none keeps the [image: alt] text (a Tidings option)"),
        .init("image-max-height", .number(minimum: 0), "0", .article, .works, "rows a picture in the article takes at most, 0 for half the window (a Tidings option)"),
        .init("download-full-page", .yesNo, "no", .article, .works, part: .fullArticle, "fetch every new article's page after a reload and show it instead of the feed's text"),
        .init("fulltext-command", .text, "", .article, .works, part: .fullArticle, "an external extractor for full articles (see Full articles)"),
        .init("fulltext-command-timeout", .number(minimum: 1), "30", .article, .works, part: .fullArticle, "seconds fulltext-command may run"),
        .init("always-fetch-full-article", .text, "", .article, .works, part: .fullArticle, "a regular expression: feeds whose URL it matches get their new articles' pages fetched after each reload"),
        .init("save-path", .text, "~/", .article, .works, part: .articleActions, "the directory save proposes"),
        .init("always-display-description", .yesNo, "no", .article, .works, "show the feed's description too, below a rule, when the article has a fuller content"),
        .init("display-article-progress", .yesNo, "yes", .article, .works, "how far the article has been read (Top, 42%, Bottom), at the right of its title bar"),
        .init("max-browser-tabs", .number(minimum: 1), "10", .article, .works, "at most this many links opened at once by open-all-unread-in-browser"),
        .init("restrict-filename", .yesNo, "yes", .article, .works, "yes: the name save proposes is the title's letters and digits joined by _; no: the title as written (no / or control characters)"),
        .init("bookmark-cmd", .text, "", .article, .works, "the command bookmark runs, without a shell, with the URL, title, description and feed title as its last four arguments"),
        .init("bookmark-autopilot", .yesNo, "no", .article, .works, "bookmark without asking for a title and description"),
        .init("bookmark-interactive", .yesNo, "no", .article, .works, "bookmark-cmd gets the terminal until it exits"),
        .init("pager", .text, "internal", .article, .works, "internal: Tidings' article view; else a program (less %f) that opening an article hands the terminal and a file of its text, %f its path; empty: $PAGER"),
        .init("html-renderer", .text, "internal", .article, .works, "internal: Tidings' renderer; else a program (w3m -dump -T text/html) given an article's HTML on its standard input, its output shown as the text"),
        .init("external-url-viewer", .text, "", .article, .works, "a program (urlview, urlscan) that show-urls hands the terminal and the article's links, one a line on its standard input, instead of the URL view"),

        // Keys and macros
        .init("bind-key", .command, "", .keys, .works, "bind-key KEY ACTION [CONTEXT]: bind a key (see Keys and colours)"),
        .init("unbind-key", .command, "", .keys, .works, "unbind-key KEY|-a [CONTEXT]: remove a key, or every key"),
        .init("bind", .command, "", .keys, .works, "bind KEY CONTEXT[,CONTEXT…]|everywhere ACTION [ARGS] [; ACTION…]: one action binds as bind-key does; several, or set OPTION VALUE, run as a macro by the key alone; key sequences are kept for later"),
        .init("macro", .command, "", .keys, .works, "macro KEY ACTION [ARGS] [; ACTION…] [-- \"DESCRIPTION\"]: actions run after the macro prefix"),
        .init("macro-prefix", .command, "", .keys, .works, "macro-prefix KEY: the key before a macro's key (a Tidings command; bind-key KEY macro-prefix works too)"),
        .init("run-on-startup", .command, "", .keys, .works, "actions run when the reader starts, once the feed list is read, as a macro's"),
        .init("history-limit", .number(minimum: 0), "100", .keys, .works, "lines of the command line's and the search prompt's histories kept between sessions (history.cmdline, history.search beside the cache); 0: none"),

        // Colours
        .init("color", .command, "", .colours, .works, "color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTE…]"),
        .init("highlight", .command, "", .colours, .works, "highlight article|articlelist|feedlist|all \"REGEX\" FOREGROUND [BACKGROUND [ATTRIBUTE…]]"),
        .init("highlight-article", .command, "", .colours, .works, "highlight-article \"FILTER\" FOREGROUND BACKGROUND [ATTRIBUTE…]: whole item rows"),
        .init("highlight-feed", .command, "", .colours, .works, "highlight-feed \"FILTER\" FOREGROUND BACKGROUND [ATTRIBUTE…]: whole feed rows"),
        .init("search-highlight-colors", .list, "black yellow bold", .colours, .works, "FOREGROUND BACKGROUND [ATTRIBUTE…]: the words of a search, in the article opened from its results"),

        // Sync services (each service's own options are in `syncServices`)
        .init("urls-source", .oneOf(SyncOptions.urlsSourceNames), "local", .sync, .works, part: .sync, "local: the urls file; opml: the documents opml-url names; fever: a Fever server; freshrss, oldreader, inoreader, greader: a Google Reader API server; ttrss: Tiny Tiny RSS; miniflux: Miniflux's own API; another service is read but not synced with yet (one line at start says so)"),
        .init("sync-local-feeds", .yesNo, "no", .sync, .works, part: .sync, "with a feed server: the urls file's feeds are reloaded too, beside the server's, and marked \u{00B7} in the feed list (a Tidings option)"),
        .init("opml-url", .list, "", .sync, .works, part: .sync, "with urls-source opml: the OPML documents (http(s) or file URLs, or paths) the feed list is read from, a feed's folders its tag"),
        .init("fever-url", .text, "", .sync, .works, part: .sync, "the Fever endpoint (a Tidings option)"),
        .init("fever-login", .text, "", .sync, .works, part: .sync, "the Fever login"),
        .init("fever-password", .text, "", .sync, .works, part: .sync, "the Fever password"),
        .init("fever-passwordfile", .text, "", .sync, .works, part: .sync, "a file whose first line is the Fever password"),
        .init("fever-passwordeval", .text, "", .sync, .works, part: .sync, "a command that prints the Fever password"),

        // Podboat
        .init("player", .text, "", .podboat, .works, part: .articleActions, "the command that opens an enclosure, %u the URL; empty: the browser"),
        .init("download-path", .text, "~/", .podboat, .works, part: .articleActions, "where podboat downloads what enqueue queues"),
        .init("download-filename-format", .text, ArticleActionOptions.defaultDownloadFileNameFormat, .podboat, .works, part: .articleActions, "the name of a download in download-path"),
        .init("queue-file", .text, "", .podboat, .works, part: .articleActions, "the podcast queue enqueue appends to (a Tidings option); empty: podboat's"),
        .init("podcast-auto-enqueue", .yesNo, "no", .podboat, .works, "each reload queues the enclosures of the articles it brings, as enqueue does"),
        .init("max-downloads", .number(minimum: 1), "1", .podboat, podboatReadsIt, "podboat's downloads at once"),
        .init("max-download-speed", .number(minimum: 0), "0", .podboat, podboatReadsIt, "podboat's speed limit per download, KB/s"),
        .init("podlist-format", .text, "", .podboat, podboatReadsIt, "podboat's rows"),
        .init("delete-played-files", .yesNo, "no", .podboat, podboatReadsIt, "podboat deletes a file once played"),

        // Notifications
        .init("notify-always", .yesNo, "no", .notifications, .works, "notify after every reload, not only when it brings unread articles"),
        .init("notify-beep", .yesNo, "no", .notifications, .works, "beep when a reload brings unread articles"),
        .init("notify-format", .text, NotifyOptions.defaultFormat, .notifications, .works, "the notification's text: %n unread articles, %f feeds with unread articles, %d and %D how many more than before the reload; an unknown specifier is left out, as newsboat leaves it out (with a warning)"),
        .init("notify-program", .text, "", .notifications, .works, "a program run, without a shell, with the notification's text as its last argument"),
        .init("notify-screen", .yesNo, "no", .notifications, .works, "show the notification in screen's status line (its message escape)"),
        .init("notify-xterm", .yesNo, "no", .notifications, .works, "show the notification in the terminal's title until the next key"),

        // Files and logs
        .init("include", .command, "", .files, .works, "include FILE: another file's lines, read in place"),
        .init("cache-file", .text, "", .files, .noEffect("Tidings' cache is SQLite, not newsboat's: give it with -c"), "the cache file"),
        .init("error-log", .text, "", .files, .works, "a file where failures are also written, a line each ([date time] message), as newsboat writes them; everything else goes to tidings.log beside the cache"),
    ]

    /// The options of the sync services newsboat knows besides Fever, kept in `SyncOptions`:
    /// `SERVICE-SUFFIX` for each service's suffixes. All work but FeedHQ's (closed in 2019), which
    /// are read and kept.
    private static let syncServices: [ConfigOption] = {
        let services: [(name: String, suffixes: [String])] = [
            ("freshrss", ["url", "login", "password", "passwordfile", "passwordeval", "flag-star", "min-items", "show-special-feeds"]),
            ("miniflux", ["url", "login", "password", "passwordfile", "passwordeval", "token", "tokenfile", "tokeneval", "flag-star", "flag-save", "min-items", "show-special-feeds"]),
            ("ttrss", ["url", "login", "password", "passwordfile", "passwordeval", "flag-star", "flag-publish", "mode"]),
            ("oldreader", ["login", "password", "passwordfile", "passwordeval", "flag-star", "flag-share", "min-items", "show-special-feeds"]),
            ("inoreader", ["login", "password", "passwordfile", "passwordeval", "app-id", "app-key", "flag-star", "flag-share", "min-items", "show-special-feeds"]),
            ("feedhq", ["url", "login", "password", "passwordfile", "passwordeval", "flag-star", "flag-share", "min-items", "show-special-feeds"]),
            ("newsblur", ["url", "login", "password", "passwordfile", "passwordeval", "min-items"]),
            ("ocnews", ["url", "login", "password", "passwordfile", "passwordeval", "flag-star"]),
            ("feedbin", ["url", "login", "password", "passwordfile", "passwordeval", "flag-star"]),
            ("greader", ["url", "login", "password", "passwordfile", "passwordeval", "flag-star", "min-items"]),
        ]
        let defaultURLs = ["feedhq": "https://feedhq.org/", "newsblur": "https://newsblur.com", "feedbin": "https://api.feedbin.com"]
        return services.flatMap { service in
            service.suffixes.map { suffix in
                let name = "\(service.name)-\(suffix)"
                if greaderServices.contains(service.name) {
                    switch suffix {
                    case "min-items":
                        return ConfigOption(name, .number(minimum: 0), "0", .sync, .works, part: .sync,
                                            "the first sync fetches this many of each feed's newest articles, and every unread or starred one; 0: all")
                    case "show-special-feeds":
                        return ConfigOption(name, .yesNo, "yes", .sync, specialFeeds, part: .sync, "list the server's special feeds (starred, shared…)")
                    case "flag-star":
                        return ConfigOption(name, .text, "", .sync, .works, part: .sync, flagStarSummary)
                    case "flag-share":
                        return ConfigOption(name, .text, "", .sync, .noEffect("Tidings does not sync the server's shared (broadcast) state, so no article carries that flag"),
                                            part: .sync, "the flag of shared articles")
                    case "url":
                        return ConfigOption(name, .text, "", .sync, .works, part: .sync, "the server's Google Reader API address")
                    default:
                        return ConfigOption(name, .text, "", .sync, .works, part: .sync, syncSummaries[suffix] ?? suffix)
                    }
                }
                if service.name == "ttrss" {
                    switch suffix {
                    case "flag-star":
                        return ConfigOption(name, .text, "", .sync, .works, part: .sync, flagStarSummary)
                    case "flag-publish":
                        return ConfigOption(name, .text, "", .sync, .works, part: .sync,
                                            "the flag letter that stands for TT-RSS's published state: published articles show it, and edit-flags setting or clearing it publishes or unpublishes")
                    case "mode":
                        return ConfigOption(name, .oneOf(["single", "multi"]), "multi", .sync, .works, part: .sync,
                                            "single: a server in single-user mode (login admin, no password needed); multi: ttrss-login and a password")
                    case "url":
                        return ConfigOption(name, .text, "", .sync, .works, part: .sync, "the Tiny Tiny RSS server's address (its api/ is under it)")
                    default:
                        return ConfigOption(name, .text, "", .sync, .works, part: .sync, syncSummaries[suffix] ?? suffix)
                    }
                }
                if service.name == "miniflux" { return minifluxOption(name, suffix: suffix) }
                if ownAPIServices.contains(service.name) { return ownAPIOption(name, service: service.name, suffix: suffix) }
                switch suffix {
                case "min-items":
                    return ConfigOption(name, .number(minimum: 0), "20", .sync, .toCome, part: .sync, "articles fetched per feed at least")
                case "show-special-feeds":
                    return ConfigOption(name, .yesNo, "yes", .sync, .toCome, part: .sync, "list the server's special feeds (starred, shared…)")
                case "mode":
                    return ConfigOption(name, .oneOf(["single", "multi"]), "multi", .sync, .toCome, part: .sync, "single- or multi-user server")
                case "url":
                    return ConfigOption(name, .text, defaultURLs[service.name] ?? "", .sync, .toCome, part: .sync, "the server's address")
                default:
                    return ConfigOption(name, .text, "", .sync, .toCome, part: .sync, syncSummaries[suffix] ?? suffix)
                }
            }
        }
    }()

    /// A `miniflux-…` option: they work (through `MinifluxSource`), but for the flags.
    private static func minifluxOption(_ name: String, suffix: String) -> ConfigOption {
        switch suffix {
        case "url":
            ConfigOption(name, .text, "", .sync, .works, part: .sync, "the Miniflux instance's address")
        case "min-items":
            ConfigOption(name, .number(minimum: 0), "0", .sync, .works, part: .sync,
                         "the first sync fetches this many of each feed's newest articles, and every unread or starred one; 0: all")
        case "show-special-feeds":
            ConfigOption(name, .yesNo, "yes", .sync, specialFeeds, part: .sync, "list the server's special feeds (starred, shared…)")
        case "flag-star":
            ConfigOption(name, .text, "", .sync, .works, part: .sync, flagStarSummary)
        case "flag-save":
            ConfigOption(name, .text, "", .sync, .noEffect("Tidings does not send articles to Miniflux's integrations (its \"save\"), so no article carries that flag"),
                         part: .sync, "the flag of articles saved to Miniflux's integrations")
        default:
            ConfigOption(name, .text, "", .sync, .works, part: .sync, syncSummaries[suffix] ?? suffix)
        }
    }

    /// The services synced with through their own APIs (`NextcloudNewsSource`, `NewsBlurSource`,
    /// `FeedbinSource`).
    private static let ownAPIServices: Set = ["ocnews", "newsblur", "feedbin"]

    /// An `ocnews-…`, `newsblur-…` or `feedbin-…` option: they all work.
    private static func ownAPIOption(_ name: String, service: String, suffix: String) -> ConfigOption {
        switch suffix {
        case "url":
            let (defaultURL, summary) = switch service {
            case "ocnews": ("", "the Nextcloud address (its index.php/apps/news/api/v1-2/ is under it)")
            case "newsblur": ("https://newsblur.com", "NewsBlur's address (for a NewsBlur of one's own)")
            default: ("https://api.feedbin.com", "Feedbin's API address (for a self-hosted Feedbin; its v2/ is under it)")
            }
            return ConfigOption(name, .text, defaultURL, .sync, .works, part: .sync, summary)
        case "min-items":
            return ConfigOption(name, .number(minimum: 0), String(NewsBlurSource.defaultMinItems), .sync, .works, part: .sync,
                                "the first sync fetches this many of each feed's newest stories (0: every page), and every unread or starred one")
        case "flag-star":
            return ConfigOption(name, .text, "", .sync, .works, part: .sync, flagStarSummary)
        default:
            return ConfigOption(name, .text, "", .sync, .works, part: .sync, syncSummaries[suffix] ?? suffix)
        }
    }

    /// `SERVICE-flag-star` of the services synced with (see `Config.starFlag`).
    private static let flagStarSummary =
        "the flag letter that stands for the server's star: starred articles show it, and edit-flags setting or clearing it stars or unstars"

    /// `SERVICE-show-special-feeds` of the services synced with.
    private static let specialFeeds = ConfigOption.Status.noEffect(
        "the feed list's Starred entry is the server's starred articles (newsboat's \"Starred items\"), shown while any is starred")

    /// The services synced with through `GoogleReaderSource`.
    private static let greaderServices: Set = ["freshrss", "oldreader", "inoreader", "greader"]

    private static let syncSummaries = [
        "login": "the login", "password": "the password", "passwordfile": "a file whose first line is the password",
        "passwordeval": "a command that prints the password", "token": "the API token", "tokenfile": "a file holding the API token",
        "tokeneval": "a command that prints the API token", "flag-star": "the flag of starred articles",
        "flag-share": "the flag of shared articles", "flag-publish": "the flag of published articles",
        "flag-save": "the flag of saved articles", "app-id": "the API application's id", "app-key": "the API application's key",
    ]
}
