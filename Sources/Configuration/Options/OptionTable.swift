import FeedModel
import FilterLanguage
import Foundation

/// Every option of the config file, each declared once: newsboat's (its 2.44 names, podboat's
/// included, since podboat reads the same file) and Tidings' own. The defaults are Tidings' where
/// Tidings acts on the option, else newsboat's. The config reader, `:set`, the README's table
/// (`OptionTableTests`) and the code that reads a value (`config[\.gotoNextFeed]`) all take
/// them from here; the commands
/// (`bind-key`, `color`…) are declared among them, each where the README lists it.
///
/// Adding an option is one declaration here, the code that reads it, and its test.
public struct OptionTable: Sendable {
    /// The table: what `config[\.name]` reads the declarations from.
    public static let shared = OptionTable()

    /// Every option, in the order declared (the README's order), the sync services' last.
    public static let all: [any OptionDeclaration] = Mirror(reflecting: shared).children.flatMap { child -> [any OptionDeclaration] in
        if let option = child.value as? any OptionDeclaration { return [option] }
        if let service = child.value as? SyncServiceOptions { return service.declarations }
        return []
    }

    /// Every command (`bind-key`, `color`…), in the order declared.
    public static let commands: [ConfigCommand] = Mirror(reflecting: shared).children.compactMap { $0.value as? ConfigCommand }

    /// Every option and command in the order declared: what the README lists.
    static let entries: [Entry] = Mirror(reflecting: shared).children.flatMap { child -> [Entry] in
        if let option = child.value as? any OptionDeclaration { return [.option(option)] }
        if let command = child.value as? ConfigCommand { return [.command(command)] }
        if let service = child.value as? SyncServiceOptions { return [.service(service)] }
        return []
    }

    /// One line of the README's table.
    enum Entry {
        case option(any OptionDeclaration)
        case command(ConfigCommand)
        case service(SyncServiceOptions)
    }

    /// The options by name.
    public static let named: [String: any OptionDeclaration] = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })

    // MARK: Feeds and reloading
    public let reloadThreads = ConfigOption("reload-threads", default: 48, minimum: 1, .feeds, .works,
        "feeds downloaded at once (at most 6 connections per host; a host that speaks HTTP/2 shares one)")
    public let downloadTimeout = ConfigOption("download-timeout", default: 60, minimum: 1, .feeds, .works, scope: .perFeed,
        "seconds one feed may take")
    public let connectTimeout = ConfigOption("connect-timeout", default: 10, minimum: 1, .feeds, .works,
        "seconds to wait for a server to answer (a Tidings option)")
    public let userAgent = ConfigOption("user-agent", default: "", .feeds, .works, scope: .perFeed,
        "the HTTP User-Agent; empty: Tidings/<version>")
    public let httpHeader = ConfigOption("http-header", default: HTTPHeaders(), .feeds, .works, scope: .perFeed,
        "a request header sent with each feed's download, `\"Name: value\"` (an API key, `Accept`); each line adds one, a later one of the same name replacing it; sent to the feed's own host only, not to another a redirect leads to (a Tidings option)")
    public let refreshOnStartup = ConfigOption("refresh-on-startup", default: false, .feeds, .works, timing: .atStart,
        "reload every feed when the reader starts")
    public let autoReload = ConfigOption("auto-reload", default: false, .feeds, .works,
        "reload at start, then every reload-time minutes while the reader runs")
    public let reloadTime = ConfigOption("reload-time", default: 60, minimum: 1, .feeds, .works, scope: .perFeed,
        "minutes between automatic reloads; an automatic reload (auto-reload, `tidings reload` without --all) fetches a feed no sooner after its last fetch, nor sooner than its ttl or its server's Cache-Control ask (see Polite fetching)")
    public let maxItems = ConfigOption("max-items", default: 0, .feeds, .works, scope: .perFeed,
        "articles kept per feed, 0 for all: a fetch stores no more new ones than fit, and read ones beyond it are dropped after a reload; starred articles, and unread ones already listed, are never dropped")
    public let markReadOnArrival = ConfigOption("mark-read-on-arrival", default: false, .feeds, .works, scope: .perFeed,
        "new articles are stored read: kept and searchable, never counted as unread (a Tidings option)")
    public let feedOption = ConfigCommand("feed-option", .feeds,
        "feed-option FEED OPTION VALUE: an option's value for some feeds, FEED a feed's URL as the urls file writes it or a feed filter expression (see Settings for some feeds); the options marked \"also for some feeds\" take it") { config, words, line in config.feedOption(words, line: line) }
    public let ignoreArticle = ConfigCommand("ignore-article", .feeds,
        "ignore-article FEED-URL|* \"FILTER\": the killfile (see Filters and the killfile)") { config, words, _ in config.ignoreArticle(words) }
    public let rule = ConfigCommand("rule", .feeds,
        "rule \"FILTER\" ACTION [ACTION…]: what happens to an article when it first arrives, ACTION mark-read, star, tag NAME, hide, notify, full-text, enqueue or run PROGRAM [ARG…] (see Rules)") { config, words, line in config.rule(words, line: line) }
    public let ignoreMode = ConfigOption<Killfile.Mode>("ignore-mode", default: .download, .feeds, .works,
        "whether ignored articles are not stored (download) or only not shown (display)")
    public let alwaysDownload = ConfigOption("always-download", default: [String](), .feeds, .works,
        "feeds (their URLs) downloaded in full at every reload, without a conditional request")
    public let downloadRetries = ConfigOption("download-retries", default: 1, .feeds, .works,
        "times a feed's download is tried before it is marked failed (1: once)")
    public let reloadOnlyVisibleFeeds = ConfigOption("reload-only-visible-feeds", default: false, .feeds, .works,
        "R in the feed list reloads only the feeds it shows (a tag's, a filter's, without read feeds hidden)")
    public let suppressFirstReload = ConfigOption("suppress-first-reload", default: false, .feeds, .works,
        "with auto-reload, skip the reload at start")
    public let resetUnreadOnUpdate = ConfigOption("reset-unread-on-update", default: [String](), .feeds, .works,
        "feeds (their URLs, as in the urls file) whose articles become unread again when a reload finds their title or text changed")
    public let keepArticlesDays = ConfigOption("keep-articles-days", default: 0, .feeds, .works,
        "articles older than this many days are deleted after each reload (read or not; starred ones and those flagged with `keep-forever-if-flagged-with` stay), 0 for never; they do not come back while their feed still carries them")
    public let deleteReadArticlesOnQuit = ConfigOption("delete-read-articles-on-quit", default: false, .feeds, .works,
        "delete read articles when the reader quits (starred ones and those flagged with `keep-forever-if-flagged-with` stay)")
    public let keepForeverIfFlaggedWith = ConfigOption("keep-forever-if-flagged-with", default: [String](), .feeds, .works,
        "articles with one of these flags (`\"ab\"` or `a b`) are never deleted by `keep-articles-days` or `delete-read-articles-on-quit`; starred articles never are")
    public let cleanupOnQuit = ConfigOption<CleanupOnQuit>("cleanup-on-quit", default: .nudge, .feeds, .works,
        "`yes`: quitting the reader removes from the cache the feeds no longer in the urls file, with their articles (a feed that still has starred articles stays); `no` and `nudge` keep them (they come back with their articles and read state if their URL is listed again; Tidings prints no nudge)")
    public let prepopulateQueryFeeds = ConfigOption("prepopulate-query-feeds", default: false, .feeds,
        .noEffect("Tidings always counts the query feeds at start, in the background: the feed list shows them at once and fills their counts when they come"),
        "fill the query feeds at start instead of when they are opened")
    public let httpAuthMethod = ConfigOption<HTTPAuthMethod>("http-auth-method", default: .any, .feeds, .works,
        "how credentials in a feed's URL are sent: any and basic send Basic at once; the others answer the server's challenge")
    public let useProxy = ConfigOption("use-proxy", default: false, .feeds, .works, scope: .perFeed,
        "download through the proxy option's proxy (no: the http_proxy environment variables)")
    public let proxy = ConfigOption("proxy", default: "", .feeds, .works, scope: .perFeed,
        "the proxy, HOST:PORT")
    public let proxyAuth = ConfigOption("proxy-auth", default: "", .feeds, .works,
        "the proxy's USER:PASSWORD")
    public let proxyAuthMethod = ConfigOption<HTTPAuthMethod>("proxy-auth-method", default: .any, .feeds, .works,
        "how proxy-auth is sent")
    public let proxyType = ConfigOption<ProxySettings.Kind>("proxy-type", default: .http, .feeds, .works, scope: .perFeed,
        "the proxy's protocol")
    public let sslVerifyhost = ConfigOption("ssl-verifyhost", default: true, .feeds, .noEffect("Tidings always checks that a certificate names its server: turning it off lets anyone on the way rewrite feeds"),
        "check the server's name in its certificate")
    public let sslVerifypeer = ConfigOption("ssl-verifypeer", default: true, .feeds, .noEffect("Tidings always checks certificates: turning it off lets anyone on the way rewrite feeds"),
        "check the server's certificate")
    public let cookieCache = ConfigOption("cookie-cache", default: "", .feeds, .works, scope: .perFeed,
        "a file (Netscape format) where the servers' cookies are kept between downloads")

    // MARK: The lists
    public let showReadFeeds = ConfigOption("show-read-feeds", default: true, .lists, .works,
        "list feeds whose items are all read")
    public let showReadArticles = ConfigOption("show-read-articles", default: true, .lists, .works,
        "list read items")
    public let showExcerpts = ConfigOption("show-excerpts", default: false, .lists, .works,
        "a line of each article's text under its title (a Tidings option)")
    public let feedlistFormat = ConfigOption("feedlist-format", default: "", .lists, .works,
        "the feed list's rows (see Previews and lists); empty: Tidings' layout",
        interpret: Self.format(.feedList))
    public let articlelistFormat = ConfigOption("articlelist-format", default: "", .lists, .works,
        "the item lists' rows; empty: Tidings' layout",
        interpret: Self.format(.articleList))
    public let datetimeFormat = ConfigOption("datetime-format", default: "%Y-%m-%d", .lists, .works,
        "how item lists show dates, for strftime(3)")
    public let articleSortOrder = ConfigOption<ItemOrder>("article-sort-order", default: .newestFirst, .lists, .works,
        "the order of item lists: FIELD, FIELD-asc or FIELD-desc")
    public let feedSortOrder = ConfigOption<FeedOrder>("feed-sort-order", default: .urlsFile, .lists, .works,
        "the order of the feed list: FIELD, FIELD-asc or FIELD-desc")
    public let foldDuplicates = ConfigOption("fold-duplicates", default: true, .lists, .works,
        "query feeds, Starred, search results and New since last time show a story that several feeds carry as one row, +N its other copies (see Duplicates)")
    public let foldNearDuplicates = ConfigOption("fold-near-duplicates", default: false, .lists, .works,
        "articles whose texts are nearly the same are one story too, as reloads store them (see Duplicates)")
    public let defineFilter = ConfigCommand("define-filter", .lists,
        "define-filter NAME \"FILTER\": a filter to pick with select-filter") { config, words, _ in config.defineFilter(words) }
    public let confirmExit = ConfigOption("confirm-exit", default: false, .lists, .works,
        "ask before quitting")
    public let confirmMarkAllFeedsRead = ConfigOption("confirm-mark-all-feeds-read", default: true, .lists, .works,
        "ask before mark-all-feeds-read")
    public let confirmMarkFeedRead = ConfigOption("confirm-mark-feed-read", default: false, .lists, .works,
        "ask before mark-feed-read (newsboat's default is yes: Tidings' A has always marked at once)")
    public let confirmDeleteAllArticles = ConfigOption("confirm-delete-all-articles", default: true, .lists, .works,
        "ask before delete-all-articles")
    public let gotoFirstUnread = ConfigOption("goto-first-unread", default: true, .lists, .works,
        "opening a feed selects its first unread article")
    public let gotoNextFeed = ConfigOption("goto-next-feed", default: true, .lists, .works,
        "next-unread and prev-unread go on into the next feed; no: they go round the feed (or the query feed) they are in")
    public let markAsReadOnHover = ConfigOption("mark-as-read-on-hover", default: false, .lists, .works,
        "an article becomes read when the selection of a list moves onto it")
    public let markfeedreadJumpsToNextUnread = ConfigOption("markfeedread-jumps-to-next-unread", default: false, .lists, .works,
        "after mark-feed-read, select the next feed with unread articles (from an item list: show its articles)")
    public let openbrowserAndMarkJumpsToNextUnread = ConfigOption("openbrowser-and-mark-jumps-to-next-unread", default: false, .lists, .works,
        "after open-in-browser-and-mark-read in a list, select the next unread article")
    public let toggleitemreadJumpsToNext = ConfigOption("toggleitemread-jumps-to-next", default: false, .lists, .works,
        "after toggle-article-read in a list, select the next article (newsboat's default is yes: Tidings' N has always stayed)")
    public let toggleitemreadJumpsToNextUnread = ConfigOption("toggleitemread-jumps-to-next-unread", default: false, .lists, .works,
        "after toggle-article-read in a list, select the next unread article")
    public let scrolloff = ConfigOption("scrolloff", default: 0, .lists, .works,
        "rows kept visible above and below the selection")
    public let wrapScroll = ConfigOption("wrap-scroll", default: false, .lists, .works,
        "moving down past the end of a list goes on at its start, and up past the start at its end")
    public let layout = ConfigOption<LayoutChoice>("layout", default: .stack, .lists, .works,
        "stack: one screen at a time; split: the list above the selected article; split-vertical: side by side; three-pane: feeds | articles | article (each falls back to stack in a window too small for it: see Layouts) (a Tidings option)")
    public let showKeymapHint = ConfigOption("show-keymap-hint", default: false, .lists, .works,
        "a line of the screen's main keys above the status bar, as bound (newsboat's default is yes: see Keys and colours)")
    public let showTitleBar = ConfigOption("show-title-bar", default: true, .lists, .works,
        "the title bar at the top")
    public let swapTitleAndHints = ConfigOption("swap-title-and-hints", default: false, .lists, .works,
        "the title bar above the status bar and the key hints at the top")
    public let selecttagFormat = ConfigOption("selecttag-format", default: "", .lists, .works,
        "the rows of the tag list: `%i` position, `%T` tag, `%u` feeds, `%f` feeds with unread articles, `%n` unread articles (newsboat's default: `%4i  %T (%u)`); empty: Tidings' layout",
        interpret: Self.format(.tagList))
    public let feedlistTitleFormat = ConfigOption("feedlist-title-format", default: "", .lists, .works,
        "the title bar of the feed list (see Title bars); empty: Tidings' own",
        interpret: Self.format(.feedListTitle))
    public let articlelistTitleFormat = ConfigOption("articlelist-title-format", default: "", .lists, .works,
        "the title bar of an item list, a query feed's and Starred's",
        interpret: Self.format(.articleListTitle))
    public let itemviewTitleFormat = ConfigOption("itemview-title-format", default: "", .lists, .works,
        "the title bar of the article view",
        interpret: Self.format(.itemViewTitle))
    public let searchresultTitleFormat = ConfigOption("searchresult-title-format", default: "", .lists, .works,
        "the title bar of search results",
        interpret: Self.format(.searchResultTitle))
    public let helpTitleFormat = ConfigOption("help-title-format", default: "", .lists, .works,
        "the title bar of the help",
        interpret: Self.format(.helpTitle))
    public let urlviewTitleFormat = ConfigOption("urlview-title-format", default: "", .lists, .works,
        "the title bar of the URL view",
        interpret: Self.format(.urlViewTitle))
    public let selecttagTitleFormat = ConfigOption("selecttag-title-format", default: "", .lists, .works,
        "the title bar of the tag list",
        interpret: Self.format(.selectTagTitle))
    public let selectfilterTitleFormat = ConfigOption("selectfilter-title-format", default: "", .lists, .noEffect("Tidings' select-filter asks in the status bar; there is no list of filters to title"),
        "the title bar of the filter list")
    public let dialogsTitleFormat = ConfigOption("dialogs-title-format", default: "", .lists, .works,
        "the title bar of the list of open screens (view-dialogs, v): %N %V",
        interpret: Self.format(.dialogsTitle))
    public let filebrowserTitleFormat = ConfigOption("filebrowser-title-format", default: "", .lists, .noEffect("Tidings has no file browser: S asks for a path"),
        "the title bar of the file browser")
    public let dirbrowserTitleFormat = ConfigOption("dirbrowser-title-format", default: "", .lists, .noEffect("Tidings has no directory browser"),
        "the title bar of the directory browser")

    // MARK: The article
    public let browser = ConfigOption("browser", default: "", .article, .works,
        "the command that opens links, %u the URL; empty: $BROWSER, then xdg-open, lynx, w3m",
        interpret: Self.browserCommand)
    public let textWidth = ConfigOption("text-width", default: 0, .article, .works,
        "wrap articles at this column, 0 for the window's width")
    public let imageProtocol = ConfigOption<ImageProtocolChoice>("image-protocol", default: .auto, .article, .works,
        "how the article view draws pictures: auto asks the terminal at start (blocks inside tmux or screen); none keeps the [image: alt] text (a Tidings option)")
    public let hyperlinks = ConfigOption<HyperlinkChoice>("hyperlinks", default: .auto, .article, .works,
        "links in the article written so that the terminal makes them clickable (OSC 8), the [1] numbers kept: auto when the terminal is known to support them (see The mouse and clickable links) (a Tidings option)")
    public let imageMaxHeight = ConfigOption("image-max-height", default: 0, .article, .works,
        "rows a picture in the article takes at most, 0 for half the window (a Tidings option)")
    public let downloadFullPage = ConfigOption("download-full-page", default: false, .article, .works,
        "fetch every new article's page after a reload and show it instead of the feed's text")
    public let fulltextCommand = ConfigOption("fulltext-command", default: "", .article, .works,
        "an external extractor for full articles (see Full articles)",
        interpret: Self.command(otherwise: "Tidings' own extractor is used"))
    public let fulltextCommandTimeout = ConfigOption("fulltext-command-timeout", default: 30, minimum: 1, .article, .works,
        "seconds fulltext-command may run")
    public let alwaysFetchFullArticle = ConfigOption("always-fetch-full-article", default: "", .article, .works,
        "a regular expression: feeds whose URL it matches get their new articles' pages fetched after each reload",
        interpret: Self.regularExpression)
    public let alwaysDownloadFullText = ConfigOption("always-download-full-text", default: false, .article, .toCome, scope: .perFeed,
        "yes: each new article's page is fetched on arrival and its main text kept for offline reading, as `x` does (a Tidings option; for some feeds: `feed-option`)")
    public let savePath = ConfigOption("save-path", default: "~/", .article, .works,
        "the directory save proposes")
    public let alwaysDisplayDescription = ConfigOption("always-display-description", default: false, .article, .works,
        "show the feed's description too, below a rule, when the article has a fuller content")
    public let displayArticleProgress = ConfigOption("display-article-progress", default: true, .article, .works,
        "how far the article has been read (Top, 42%, Bottom), at the right of its title bar")
    public let maxBrowserTabs = ConfigOption("max-browser-tabs", default: 10, minimum: 1, .article, .works,
        "at most this many links opened at once by open-all-unread-in-browser")
    public let restrictFilename = ConfigOption("restrict-filename", default: true, .article, .works,
        "yes: the name save proposes is the title's letters and digits joined by _; no: the title as written (no / or control characters)")
    public let bookmarkCmd = ConfigOption("bookmark-cmd", default: "", .article, .works,
        "the command bookmark runs, without a shell, with the URL, title, description and feed title as its last four arguments",
        interpret: Self.command(otherwise: "bookmarking is off"))
    public let bookmarkAutopilot = ConfigOption("bookmark-autopilot", default: false, .article, .works,
        "bookmark without asking for a title and description")
    public let bookmarkInteractive = ConfigOption("bookmark-interactive", default: false, .article, .works,
        "bookmark-cmd gets the terminal until it exits")
    public let pager = ConfigOption("pager", default: "internal", .article, .works,
        "internal: Tidings' article view; else a program (less %f) that opening an article hands the terminal and a file of its text, %f its path; empty: $PAGER",
        interpret: Self.command(otherwise: "Tidings' own article view is used"))
    public let htmlRenderer = ConfigOption("html-renderer", default: "internal", .article, .works, scope: .perFeed,
        "internal: Tidings' renderer; else a program (w3m -dump -T text/html) given an article's HTML on its standard input, its output shown as the text (see below)",
        interpret: Self.command(otherwise: "Tidings' own renderer is used"))
    public let externalUrlViewer = ConfigOption("external-url-viewer", default: "", .article, .works,
        "a program (urlview, urlscan) that show-urls hands the terminal and the article's links, one a line on its standard input, instead of the URL view",
        interpret: Self.command(otherwise: "the URL view is used"))

    // MARK: Keys and macros
    public let bindKey = ConfigCommand("bind-key", .keys,
        "bind-key KEY ACTION [CONTEXT]: bind a key (see Keys and colours)") { config, words, _ in config.bindKey(words) }
    public let unbindKey = ConfigCommand("unbind-key", .keys,
        "unbind-key KEY|-a [CONTEXT]: remove a key, or every key") { config, words, _ in config.unbindKey(words) }
    public let bind = ConfigCommand("bind", .keys,
        "bind KEY CONTEXT[,CONTEXT…]|everywhere ACTION [ARGS] [; ACTION…]: one action binds as bind-key does; several, or set OPTION VALUE, run as a macro by the key alone; key sequences are kept for later") { config, words, _ in config.bind(words) }
    public let macro = ConfigCommand("macro", .keys,
        "macro KEY ACTION [ARGS] [; ACTION…] [-- \"DESCRIPTION\"]: actions run after the macro prefix") { config, words, _ in config.macro(words) }
    public let macroPrefix = ConfigCommand("macro-prefix", .keys,
        "macro-prefix KEY: the key before a macro's key (a Tidings command; bind-key KEY macro-prefix works too)") { config, words, _ in config.macroPrefix(words) }
    public let runOnStartup = ConfigCommand("run-on-startup", .keys,
        "actions run when the reader starts, once the feed list is read, as a macro's") { config, words, _ in config.runOnStartup(words) }
    public let mouse = ConfigOption("mouse", default: true, .keys, .works,
        "clicks select and open, the wheel scrolls (see The mouse and clickable links); Shift-drag still selects text in most terminals (a Tidings option)")
    public let historyLimit = ConfigOption("history-limit", default: 100, .keys, .works,
        "lines of the command line's and the search prompt's histories kept between sessions (history.cmdline, history.search beside the cache); 0: none")

    // MARK: Colours
    public let color = ConfigCommand("color", .colours,
        "color ELEMENT FOREGROUND BACKGROUND [ATTRIBUTE…]") { config, words, _ in config.color(words) }
    public let highlight = ConfigCommand("highlight", .colours,
        "highlight article|articlelist|feedlist|all \"REGEX\" FOREGROUND [BACKGROUND [ATTRIBUTE…]]") { config, words, _ in config.highlight(words) }
    public let highlightArticle = ConfigCommand("highlight-article", .colours,
        "highlight-article \"FILTER\" FOREGROUND BACKGROUND [ATTRIBUTE…]: whole item rows") { config, words, _ in config.highlightRow(words, command: "highlight-article") }
    public let highlightFeed = ConfigCommand("highlight-feed", .colours,
        "highlight-feed \"FILTER\" FOREGROUND BACKGROUND [ATTRIBUTE…]: whole feed rows") { config, words, _ in config.highlightRow(words, command: "highlight-feed") }
    public let searchHighlightColors = ConfigOption("search-highlight-colors", default: ["black", "yellow", "bold"], .colours, .works,
        "FOREGROUND BACKGROUND [ATTRIBUTE…]: the words of a search, in the article opened from its results",
        interpret: Self.highlightStyle)

    // MARK: Sync services (each service's own options are in `SyncServiceOptions`)
    public let urlsSource = ConfigOption<URLsSource>("urls-source", default: .local, .sync, .works, timing: .atStart,
        "local: the urls file; opml: the documents opml-url names; fever: a Fever server; freshrss, oldreader, inoreader, greader: a Google Reader API server; ttrss: Tiny Tiny RSS; miniflux: Miniflux's own API; ocnews: Nextcloud News; newsblur: NewsBlur; feedbin: Feedbin; feedhq (closed in 2019) is read but not synced with (one line at start says so)")
    public let syncLocalFeeds = ConfigOption("sync-local-feeds", default: false, .sync, .works, timing: .atStart,
        "with a feed server: the urls file's feeds are reloaded too, beside the server's, and marked \u{00B7} in the feed list (a Tidings option)")
    public let opmlUrl = ConfigOption("opml-url", default: [String](), .sync, .works, timing: .atStart,
        "with urls-source opml: the OPML documents (http(s) or file URLs, or paths) the feed list is read from, a feed's folders its tag")

    // MARK: Podboat
    public let player = ConfigOption("player", default: "", .podboat, .works,
        "the command that opens an enclosure, %u the URL; empty: the browser")
    public let downloadPath = ConfigOption("download-path", default: "~/", .podboat, .works,
        "where podboat downloads what enqueue queues",
        interpret: Self.format(.downloadPath))
    public let downloadFilenameFormat = ConfigOption("download-filename-format", default: ArticleActionOptions.defaultDownloadFileNameFormat, .podboat, .works,
        "the name of a download in download-path",
        interpret: Self.format(.downloadFileName))
    public let queueFile = ConfigOption("queue-file", default: "", .podboat, .works,
        "the podcast queue enqueue appends to (a Tidings option); empty: podboat's")
    public let podcastAutoEnqueue = ConfigOption("podcast-auto-enqueue", default: false, .podboat, .works, scope: .perFeed,
        "each reload queues the enclosures of the articles it brings, as enqueue does")
    public let maxDownloads = ConfigOption("max-downloads", default: 1, minimum: 1, .podboat, Self.podboatReadsIt,
        "podboat's downloads at once")
    public let maxDownloadSpeed = ConfigOption("max-download-speed", default: 0, .podboat, Self.podboatReadsIt,
        "podboat's speed limit per download, KB/s")
    public let podlistFormat = ConfigOption("podlist-format", default: "", .podboat, Self.podboatReadsIt,
        "podboat's rows")
    public let deletePlayedFiles = ConfigOption("delete-played-files", default: false, .podboat, Self.podboatReadsIt,
        "podboat deletes a file once played")

    // MARK: Notifications
    public let notifyOnArrival = ConfigOption("notify-on-arrival", default: true, .notifications, .toCome, scope: .perFeed,
        "no: a feed's new articles are left out of the notification after a reload (a Tidings option; for some feeds: `feed-option`)")
    public let notifyAlways = ConfigOption("notify-always", default: false, .notifications, .works,
        "notify after every reload, not only when it brings unread articles")
    public let notifyBeep = ConfigOption("notify-beep", default: false, .notifications, .works,
        "beep when a reload brings unread articles")
    public let notifyFormat = ConfigOption("notify-format", default: NotifyOptions.defaultFormat, .notifications, .works,
        "the notification's text: %n unread articles, %f feeds with unread articles, %d and %D how many more than before the reload; an unknown specifier is left out, silently, as newsboat leaves it out")
    public let notifyProgram = ConfigOption("notify-program", default: "", .notifications, .works,
        "a program run, without a shell, with the notification's text as its last argument",
        interpret: Self.command(otherwise: "no program is run"))
    public let notifyScreen = ConfigOption("notify-screen", default: false, .notifications, .works,
        "show the notification in screen's status line (its message escape)")
    public let notifyXterm = ConfigOption("notify-xterm", default: false, .notifications, .works,
        "show the notification in the terminal's title until the next key")

    // MARK: Files and logs
    // Read by `Config.read`, which knows the file being read.
    public let include = ConfigCommand("include", .files,
        "include FILE: another file's lines, read in place") { _, _, _ in nil }
    public let cacheFile = ConfigOption("cache-file", default: "", .files, .noEffect("Tidings' cache is SQLite, not newsboat's: give it with -c"),
        "the cache file")
    public let errorLog = ConfigOption("error-log", default: "", .files, .works,
        "a file where failures are also written, a line each ([date time] message), as newsboat writes them; everything else goes to tidings.log beside the cache")

    // MARK: The sync services' own options (`fever-url`, `freshrss-login`…)

    public let fever = SyncServiceOptions(.fever)
    public let freshrss = SyncServiceOptions(.freshrss)
    public let miniflux = SyncServiceOptions(.miniflux)
    public let ttrss = SyncServiceOptions(.ttrss)
    public let oldreader = SyncServiceOptions(.oldreader)
    public let inoreader = SyncServiceOptions(.inoreader)
    public let feedhq = SyncServiceOptions(.feedhq)
    public let newsblur = SyncServiceOptions(.newsblur)
    public let ocnews = SyncServiceOptions(.ocnews)
    public let feedbin = SyncServiceOptions(.feedbin)
    public let greader = SyncServiceOptions(.greader)

    /// The options of `service`.
    public func options(of service: SyncService) -> SyncServiceOptions {
        switch service {
        case .fever: fever
        case .freshrss: freshrss
        case .miniflux: miniflux
        case .ttrss: ttrss
        case .oldreader: oldreader
        case .inoreader: inoreader
        case .feedhq: feedhq
        case .newsblur: newsblur
        case .ocnews: ocnews
        case .feedbin: feedbin
        case .greader: greader
        }
    }

    private static let podboatReadsIt = OptionEffect.noEffect("podboat's own: podboat reads this file itself and downloads what Tidings queues")
}
