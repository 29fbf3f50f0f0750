/// The options of one feed service, named `SERVICE-SUFFIX` as newsboat names them
/// (`freshrss-url`, `ttrss-passwordeval`, `miniflux-token`): each service has the ones newsboat
/// gives it. Those of FeedHQ (closed in 2019), which Tidings does not sync with, are read and kept.
///
///     server[\.login]                 // the login, from `freshrss-login`
///     server.value(\.minItems)        // nil for a service without `-min-items`
public struct SyncServiceOptions: Sendable {
    public let service: SyncService
    /// `SERVICE-url`; nil for the services at a fixed address (The Old Reader, Inoreader).
    public let url: ConfigOption<String>?
    public let login: ConfigOption<String>
    public let password: ConfigOption<String>
    public let passwordFile: ConfigOption<String>
    public let passwordEval: ConfigOption<String>
    /// Miniflux's API token, and its file and command.
    public let token: ConfigOption<String>?
    public let tokenFile: ConfigOption<String>?
    public let tokenEval: ConfigOption<String>?
    public let flagStar: ConfigOption<String>?
    public let flagShare: ConfigOption<String>?
    public let flagSave: ConfigOption<String>?
    public let flagPublish: ConfigOption<String>?
    public let minItems: ConfigOption<Int>?
    public let showSpecialFeeds: ConfigOption<Bool>?
    /// Tiny Tiny RSS's single- or multi-user mode.
    public let mode: ConfigOption<TTRSSMode>?
    /// Inoreader's API application.
    public let appID: ConfigOption<String>?
    public let appKey: ConfigOption<String>?

    init(_ service: SyncService) {
        self.service = service
        let name = service.rawValue
        let works: OptionEffect = service.isSupported ? .works : .toCome
        func text(_ suffix: String, _ summary: String, effect: OptionEffect? = nil, default value: String = "") -> ConfigOption<String> {
            ConfigOption("\(name)-\(suffix)", default: value, .sync, effect ?? works, timing: .atStart, summary)
        }
        func has(_ services: Set<SyncService>) -> Bool { services.contains(service) }
        let isFever = service == .fever
        let fixedAddress: Set<SyncService> = [.oldreader, .inoreader]
        url = fixedAddress.contains(service) ? nil : text("url", Self.urlSummary(service), default: Self.defaultURLs[service] ?? "")
        login = text("login", isFever ? "the Fever login" : "the login")
        password = text("password", isFever ? "the Fever password" : "the password")
        passwordFile = text("passwordfile", isFever ? "a file whose first line is the Fever password" : "a file whose first line is the password")
        passwordEval = text("passwordeval", isFever ? "a command that prints the Fever password" : "a command that prints the password")
        let isMiniflux = service == .miniflux
        token = isMiniflux ? text("token", "the API token") : nil
        tokenFile = isMiniflux ? text("tokenfile", "a file holding the API token") : nil
        tokenEval = isMiniflux ? text("tokeneval", "a command that prints the API token") : nil
        let synced = service.isSupported
        flagStar = isFever || service == .newsblur ? nil : text("flag-star", synced ? Self.flagStarSummary : "the flag of starred articles")
        flagShare = has([.oldreader, .inoreader, .feedhq])
            ? text("flag-share", "the flag of shared articles",
                   effect: synced ? .noEffect("Tidings does not sync the server's shared (broadcast) state, so no article carries that flag") : nil)
            : nil
        flagSave = isMiniflux
            ? text("flag-save", "the flag of articles saved to Miniflux's integrations",
                   effect: .noEffect("Tidings does not send articles to Miniflux's integrations (its \"save\"), so no article carries that flag"))
            : nil
        flagPublish = service == .ttrss
            ? text("flag-publish", "the flag letter that stands for TT-RSS's published state: published articles show it, and edit-flags setting or clearing it publishes or unpublishes")
            : nil
        // NewsBlur's first sync reads a feed's stories page by page: 20 by default, as newsboat.
        minItems = isFever || has([.ttrss, .ocnews, .feedbin]) ? nil
            : ConfigOption("\(name)-min-items", default: synced && service != .newsblur ? 0 : 20, .sync, works, timing: .atStart,
                     synced ? "the first sync fetches this many of each feed's newest articles, and every unread or starred one; 0: all"
                         : "articles fetched per feed at least")
        showSpecialFeeds = has([.freshrss, .oldreader, .inoreader, .feedhq, .miniflux])
            ? ConfigOption("\(name)-show-special-feeds", default: true, .sync, synced ? Self.specialFeeds : works, timing: .atStart,
                     "list the server's special feeds (starred, shared…)")
            : nil
        mode = service == .ttrss
            ? ConfigOption("ttrss-mode", default: .multi, .sync, works, timing: .atStart,
                     "single: a server in single-user mode (login admin, no password needed); multi: ttrss-login and a password")
            : nil
        appID = service == .inoreader ? text("app-id", "the API application's id") : nil
        appKey = service == .inoreader ? text("app-key", "the API application's key") : nil
    }

    /// The declarations, in the order the README lists them.
    var declarations: [any OptionDeclaration] {
        let all: [(any OptionDeclaration)?] = [
            url, login, password, passwordFile, passwordEval, token, tokenFile, tokenEval, flagStar, flagShare, flagSave, flagPublish,
            minItems, showSpecialFeeds, mode, appID, appKey,
        ]
        return all.compactMap { $0 }
    }

    private static func urlSummary(_ service: SyncService) -> String {
        switch service {
        case .fever: "the Fever endpoint (a Tidings option)"
        case .ttrss: "the Tiny Tiny RSS server's address (its api/ is under it)"
        case .miniflux: "the Miniflux instance's address"
        case .ocnews: "the Nextcloud address (its index.php/apps/news/api/v1-2/ is under it)"
        case .newsblur: "NewsBlur's address (for a NewsBlur of one's own)"
        case .feedbin: "Feedbin's API address (for a self-hosted Feedbin; its v2/ is under it)"
        case _ where service.speaksGoogleReader: "the server's Google Reader API address"
        default: "the server's address"
        }
    }

    private static let defaultURLs: [SyncService: String] = [
        .feedhq: "https://feedhq.org/", .newsblur: "https://newsblur.com", .feedbin: "https://api.feedbin.com",
    ]

    /// `SERVICE-flag-star` of the services synced with (see `Config.starFlag`).
    private static let flagStarSummary =
        "the flag letter that stands for the server's star: starred articles show it, and edit-flags setting or clearing it stars or unstars"

    /// `SERVICE-show-special-feeds` of the services synced with.
    private static let specialFeeds = OptionEffect.noEffect(
        "the feed list's Starred entry is the server's starred articles (newsboat's \"Starred items\"), shown while any is starred")
}

/// `ttrss-mode`: a Tiny Tiny RSS server in single-user mode logs everyone in as admin.
public enum TTRSSMode: String, Sendable, ConfigChoice {
    case single, multi
}
