@testable import Configuration
@testable import FeedFetcher
@testable import FeedServices
import Foundation
import Testing

/// The sync options (`urls-source`, `fever-…`), where they say the feeds come from, and the
/// account they make.
@Suite struct SyncAccountTests {
    static let secret = "tr0ub4dor&3 with spaces"

    /// A scratch folder standing in for the home directory, removed afterwards.
    final class Home {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("sync-config-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test func theUrlsFileIsTheDefaultAndMakesNoAccount() throws {
        let config = Config()
        #expect(config.feedListSource == .urlsFile)
        #expect(try config.syncAccount() == nil)
    }

    @Test func readsNewsboatsFeverOptionsAndNeverShowsThePassword() throws {
        let config = Config(parsing: """
            urls-source "fever"
            fever-url "https://rss.example.org/fever/"
            fever-login "me@example.org"
            fever-password "\(Self.secret)"
            """)
        #expect(config.warnings.isEmpty)
        let server = try #require(config.feedListSource.server)
        #expect(config.feedListSource == .server(server, withLocalFeeds: false))
        #expect(server.service == .fever && server[\.login] == "me@example.org")
        #expect(try server.password(home: "/nonexistent") == Self.secret)
        let account = try #require(try config.syncAccount())
        #expect(account.identity == "fever https://rss.example.org/fever/ me@example.org")
        for text in ["\(server)", String(reflecting: config.options), "\(account)", account.identity, String(reflecting: config)] {
            #expect(!text.contains(Self.secret), "\(text)")
        }
    }

    @Test func thePasswordFileIsReadWithTildeExpandedAndOnlyItsFirstLine() throws {
        let home = try Home()
        try Data("\(Self.secret)\nsecond line\n".utf8).write(to: URL(fileURLWithPath: home.path + "/fever-password"))
        let config = Config(parsing: """
            urls-source fever
            fever-url https://rss.example.org/fever/
            fever-login me
            fever-passwordfile ~/fever-password
            """)
        #expect(try config.feedListSource.server?.password(home: home.path) == Self.secret)

        let missing = Config(parsing: "urls-source fever\nfever-url https://x.example/fever/\nfever-login me\nfever-passwordfile ~/nothing")
        #expect(throws: SyncSetupError.unreadablePasswordFile(option: "fever-passwordfile", path: "~/nothing", why: "no such file")) {
            try missing.syncAccount(home: home.path)
        }
    }

    @Test func thePasswordCommandRunsThroughTheShellAndItsOutputIsNeverInAMessage() throws {
        let home = try Home()
        let file = home.path + "/secret"
        try Data("\(Self.secret)\n".utf8).write(to: URL(fileURLWithPath: file))
        // A pipeline and a redirect: only a shell runs that. The password is in no argument.
        let config = Config(parsing: """
            urls-source fever
            fever-url https://rss.example.org/fever/
            fever-login me
            fever-passwordeval "cat '\(file)' | head -n 1 2>/dev/null"
            """)
        #expect(try config.feedListSource.server?.password(home: home.path) == Self.secret)
        #expect(try config.syncAccount(home: home.path) != nil)

        let failing = Config(parsing: "urls-source fever\nfever-url https://x.example/fever/\nfever-login me\nfever-passwordeval \"echo \(Self.secret); exit 3\"")
        let error = #expect(throws: SyncSetupError.self) { try failing.syncAccount(home: home.path) }
        #expect(error == .passwordCommandFailed(option: "fever-passwordeval", why: "failed (exit status 3)"))
        #expect(!"\(error.map { "\($0)" } ?? "")".contains(Self.secret))
        let silent = Config(parsing: "urls-source fever\nfever-url https://x.example/fever/\nfever-login me\nfever-passwordeval true")
        #expect(throws: SyncSetupError.passwordCommandFailed(option: "fever-passwordeval", why: "printed nothing")) { try silent.syncAccount(home: home.path) }
    }

    @Test func missingOrBadOptionsSayWhichInOneLine() throws {
        #expect(throws: SyncSetupError.missingOption("fever-url")) { try Config(parsing: "urls-source fever").syncAccount() }
        #expect(throws: SyncSetupError.badURL(option: "fever-url", url: "ftp://x.example/")) {
            try Config(parsing: "urls-source fever\nfever-url ftp://x.example/").syncAccount()
        }
        #expect(throws: SyncSetupError.missingOption("fever-login")) {
            try Config(parsing: "urls-source fever\nfever-url https://x.example/fever/").syncAccount()
        }
        #expect(throws: SyncSetupError.missingOption("fever-password, fever-passwordfile or fever-passwordeval")) {
            try Config(parsing: "urls-source fever\nfever-url https://x.example/fever/\nfever-login me").syncAccount()
        }
        let unknown = Config(parsing: "urls-source tt-rss")
        #expect(unknown.warnings.first?.message.hasPrefix(#"urls-source is local, opml, fever"#) == true)
        #expect(unknown.feedListSource == .urlsFile)
    }

    @Test func everySourceNewsboatTakesIsReadAndOneTidingsCannotSyncWithSaysSoOnce() throws {
        for source in ["local", "opml", "oldreader", "ttrss", "newsblur", "feedhq", "ocnews", "miniflux", "inoreader", "freshrss", "feedbin", "greader", "fever"] {
            #expect(Config(parsing: "urls-source \"\(source)\"").warnings.isEmpty, "\(source)")
        }
        let config = Config(parsing: """
            urls-source "freshrss"
            freshrss-url "https://rss.example.org/api/greader.php"
            freshrss-login "me"
            freshrss-password "s3cret"
            freshrss-min-items 50
            freshrss-show-special-feeds no
            ttrss-mode single
            miniflux-token "t0ken"
            """)
        #expect(config.warnings.isEmpty)
        #expect(config.feedListSource.server?.service == .freshrss)
        #expect(throws: SyncSetupError.unsupportedSource("feedhq")) { try Config(parsing: "urls-source feedhq").syncAccount() }
        // The services of their own APIs: newsboat's options, an identity without the password,
        // Feedbin's and NewsBlur's own addresses unless given.
        for (lines, identity) in [
            ("urls-source ocnews\nocnews-url https://cloud.example.org\nocnews-login me\nocnews-password pw",
             "ocnews https://cloud.example.org me"),
            ("urls-source feedbin\nfeedbin-login me@example.org\nfeedbin-password pw", "feedbin https://api.feedbin.com me@example.org"),
            ("urls-source newsblur\nnewsblur-login me\nnewsblur-password pw", "newsblur https://newsblur.com me"),
        ] {
            #expect(try Config(parsing: lines).syncAccount()?.identity == identity)
        }
        #expect(throws: SyncSetupError.missingOption("ocnews-url")) { try Config(parsing: "urls-source ocnews\nocnews-login me").syncAccount() }
        #expect(config.feedListSource.server?.value(\.url) == "https://rss.example.org/api/greader.php")
        #expect(config.feedListSource.server?.value(\.minItems) == 50)
        #expect(config.feedListSource.server?.value(\.showSpecialFeeds) == false)
        #expect(config.options[try #require(OptionTable.shared.ttrss.mode)] == .single)
        // Secrets stay out of what a dump of the configuration shows.
        #expect(config.directives(named: "freshrss-password").first?.arguments == ["(hidden)"])
        #expect(config.valueText(of: "miniflux-token") == "(hidden)")
        #expect(!"\(config)".contains("s3cret") && !String(reflecting: config).contains("s3cret"))
        // A bad value is a mistake in the file: it warns once and keeps the default.
        #expect(Config(parsing: "ttrss-mode both").warnings.map(\.message) == [#"ttrss-mode is single or multi, not "both"; default kept"#])
        #expect(Config(parsing: "freshrss-min-items many").warnings.count == 1)
    }

    @Test func freshRSSIsAGoogleReaderAccountNamedWithoutThePassword() throws {
        let config = Config(parsing: """
            urls-source "freshrss"
            freshrss-url "https://rss.example.org/api/greader.php"
            freshrss-login "me"
            freshrss-password "\(Self.secret)"
            freshrss-min-items 50
            freshrss-flag-star "s"
            """)
        #expect(config.warnings.isEmpty)
        let account = try #require(try config.syncAccount())
        let source = try #require(account.source as? GoogleReaderSource)
        #expect(source.endpoint.absoluteString == "https://rss.example.org/api/greader.php")
        #expect(source.login == "me")
        #expect(source.minItems == 50)
        #expect(account.identity == "freshrss https://rss.example.org/api/greader.php me")
        for text in ["\(account)", account.identity, String(reflecting: source), String(reflecting: config)] {
            #expect(!text.contains(Self.secret), "\(text)")
        }
        // No min-items: the first sync takes every article the server keeps.
        let all = Config(parsing: "urls-source freshrss\nfreshrss-url https://x.example/api/greader.php\nfreshrss-login me\nfreshrss-password p")
        #expect((try all.syncAccount()?.source as? GoogleReaderSource)?.minItems == nil)
        #expect(OptionTable.named["freshrss-url"]?.effect == .works)
        // newsboat's "Starred items" is the feed list's Starred entry here.
        #expect(OptionTable.named["freshrss-show-special-feeds"]?.effect != .works)
        #expect(OptionTable.named["miniflux-show-special-feeds"]?.effect != .toCome)
    }

    @Test func eachGoogleReaderServiceReadsItsOwnOptions() throws {
        let home = try Home()
        try Data("\(Self.secret)\n".utf8).write(to: URL(fileURLWithPath: home.path + "/pw"))
        let oldReader = Config(parsing: "urls-source oldreader\noldreader-login me\noldreader-passwordfile ~/pw\noldreader-min-items 20")
        let old = try #require(try oldReader.syncAccount(home: home.path))
        #expect((old.source as? GoogleReaderSource)?.endpoint.absoluteString == "https://theoldreader.com")
        #expect(old.identity == "oldreader https://theoldreader.com me")
        #expect(try oldReader.feedListSource.server?.password(home: home.path) == Self.secret)

        let inoreader = Config(parsing: """
            urls-source inoreader
            inoreader-login me@example.org
            inoreader-passwordeval "cat '\(home.path)/pw'"
            inoreader-app-id 1000001234
            inoreader-app-key k3y
            """)
        let ino = try #require(try inoreader.syncAccount(home: home.path))
        #expect((ino.source as? GoogleReaderSource)?.endpoint.absoluteString == "https://www.inoreader.com")
        #expect(ino.identity == "inoreader https://www.inoreader.com me@example.org")
        #expect(throws: SyncSetupError.missingOption("inoreader-app-id")) {
            try Config(parsing: "urls-source inoreader\ninoreader-login me\ninoreader-password p").syncAccount()
        }

        let miniflux = Config(parsing: "urls-source greader\ngreader-url https://rss.example.org/reader/\ngreader-login me\ngreader-password p")
        #expect(try miniflux.syncAccount()?.identity == "greader https://rss.example.org/reader/ me")
        #expect(Config(parsing: "urls-source greader").warnings.isEmpty)
        // The new services' secrets stay out of a dump of the configuration too.
        #expect(miniflux.valueText(of: "greader-password") == "(hidden)")
        #expect(inoreader.valueText(of: "inoreader-app-key") == "(hidden)")
    }

    @Test func tinyTinyRSSIsAnAccountFromNewsboatsTTRSSOptions() throws {
        let home = try Home()
        try Data("\(Self.secret)\n".utf8).write(to: URL(fileURLWithPath: home.path + "/pw"))
        let config = Config(parsing: """
            urls-source "ttrss"
            ttrss-url "https://rss.example.org/tt-rss/"
            ttrss-login "me"
            ttrss-passwordfile "~/pw"
            ttrss-mode "multi"
            ttrss-flag-star "s"
            ttrss-flag-publish "p"
            """)
        #expect(config.warnings.isEmpty)
        let account = try #require(try config.syncAccount(home: home.path))
        let source = try #require(account.source as? TTRSSSource)
        #expect(source.url.absoluteString == "https://rss.example.org/tt-rss/")
        #expect(TTRSSSource.apiURL(source.url).absoluteString == "https://rss.example.org/tt-rss/api/")
        #expect(TTRSSSource.apiURL(URL(string: "https://rss.example.org/tt-rss/api")!).absoluteString == "https://rss.example.org/tt-rss/api/")
        #expect(source.login == "me")
        #expect(account.identity == "ttrss https://rss.example.org/tt-rss/ me")
        for text in ["\(account)", account.identity, String(reflecting: source), String(reflecting: config)] {
            #expect(!text.contains(Self.secret), "\(text)")
        }

        // Single-user mode: TT-RSS logs everyone in as admin, so neither login nor password is needed.
        let single = try #require(try Config(parsing: "urls-source ttrss\nttrss-url https://x.example/\nttrss-mode single").syncAccount())
        #expect((single.source as? TTRSSSource)?.login == "admin")
        #expect(throws: SyncSetupError.missingOption("ttrss-login")) {
            try Config(parsing: "urls-source ttrss\nttrss-url https://x.example/\nttrss-password p").syncAccount()
        }
        #expect(throws: SyncSetupError.missingOption("ttrss-url")) { try Config(parsing: "urls-source ttrss").syncAccount() }
        #expect(throws: SyncSetupError.missingOption("ttrss-password, ttrss-passwordfile or ttrss-passwordeval")) {
            try Config(parsing: "urls-source ttrss\nttrss-url https://x.example/\nttrss-login me").syncAccount()
        }
        #expect(OptionTable.named["ttrss-url"]?.effect == .works)
        #expect(OptionTable.named["ttrss-mode"]?.effect == .works)
        #expect(OptionTable.named["ttrss-passwordeval"]?.effect == .works)
        #expect(OptionTable.named["ttrss-flag-publish"]?.effect == .works)
        #expect(source.syncsPublished)
        #expect(config.publishFlag == "p")
        #expect(Config(parsing: "ttrss-password \"\(Self.secret)\"").valueText(of: "ttrss-password") == "(hidden)")
    }

    /// `ttrss-flag-publish` names the letter of TT-RSS's published state only when syncing with
    /// TT-RSS; with another source (or none) the letter is an ordinary flag and nothing more is
    /// read from the server.
    @Test func thePublishFlagIsTTRSSsOnly() throws {
        let ttrss = "urls-source ttrss\nttrss-url https://x.example/\nttrss-login me\nttrss-password p\n"
        let withoutOption = try #require(try Config(parsing: ttrss).syncAccount()?.source as? TTRSSSource)
        #expect(!withoutOption.syncsPublished)
        #expect(Config(parsing: ttrss).publishFlag == nil)
        #expect(Config(parsing: ttrss + "ttrss-flag-publish \"P\"").publishFlag == "P")
        // Not one letter, or the star's own letter (the star wins): no publish letter.
        #expect(Config(parsing: ttrss + "ttrss-flag-publish \"pq\"").publishFlag == nil)
        #expect(Config(parsing: ttrss + "ttrss-flag-publish \"1\"").publishFlag == nil)
        #expect(Config(parsing: ttrss + "ttrss-flag-star \"a\"\nttrss-flag-publish \"a\"").publishFlag == nil)
        #expect(Config(parsing: ttrss + "ttrss-flag-publish \"s\"").publishFlag == nil)
        // Other sources: an ordinary flag.
        #expect(Config(parsing: "ttrss-flag-publish \"p\"").publishFlag == nil)
        #expect(Config(parsing: "ttrss-flag-publish \"p\"").warnings.isEmpty)
        #expect(Config(parsing: "urls-source freshrss\nttrss-flag-publish \"p\"").publishFlag == nil)
    }

    @Test func aGoogleReaderServicesMistakesNameItsOptions() throws {
        #expect(throws: SyncSetupError.missingOption("freshrss-url")) { try Config(parsing: "urls-source freshrss").syncAccount() }
        #expect(throws: SyncSetupError.badURL(option: "greader-url", url: "rss.example.org")) {
            try Config(parsing: "urls-source greader\ngreader-url rss.example.org").syncAccount()
        }
        #expect(throws: SyncSetupError.missingOption("oldreader-login")) { try Config(parsing: "urls-source oldreader").syncAccount() }
        let noPassword = #expect(throws: SyncSetupError.self) {
            try Config(parsing: "urls-source freshrss\nfreshrss-url https://x.example/api/greader.php\nfreshrss-login me").syncAccount()
        }
        #expect(noPassword.map { "\($0)" } == #"urls-source "freshrss" needs freshrss-password, freshrss-passwordfile or freshrss-passwordeval in the config file"#)
        let failing = #expect(throws: SyncSetupError.self) {
            try Config(parsing: "urls-source oldreader\noldreader-login me\noldreader-passwordeval false").syncAccount()
        }
        #expect(failing.map { "\($0)" } == "the oldreader-passwordeval command failed (exit status 1)")
        // A wrong value warns once and keeps the default.
        #expect(Config(parsing: "greader-min-items some").warnings.count == 1)
        #expect(Config(parsing: "inoreader-min-items -3").warnings.count == 1)
    }

    @Test func minifluxTakesATokenOrALoginAndPasswordAsNewsboatDoesAndNamesNeither() throws {
        let home = try Home()
        let byPassword = try #require(try Config(parsing: """
            urls-source "miniflux"
            miniflux-url "https://rss.example.org/"
            miniflux-login "me"
            miniflux-password "\(Self.secret)"
            miniflux-min-items 30
            """).syncAccount(home: home.path))
        let source = try #require(byPassword.source as? MinifluxSource)
        #expect(source.endpoint.absoluteString == "https://rss.example.org/")
        #expect(source.minItems == 30)
        #expect(byPassword.identity == "miniflux https://rss.example.org/ me")

        // The token wins over the login, from its file as from the config.
        try Data("\(Self.secret)\nsecond line\n".utf8).write(to: URL(fileURLWithPath: home.path + "/mf-token"))
        let byToken = try #require(try Config(parsing: """
            urls-source "miniflux"
            miniflux-url "https://rss.example.org"
            miniflux-login "me"
            miniflux-password "other"
            miniflux-tokenfile "~/mf-token"
            """).syncAccount(home: home.path))
        #expect(byToken.identity == "miniflux https://rss.example.org token")
        #expect(try Config(parsing: "urls-source miniflux\nminiflux-url https://x.example\nminiflux-tokeneval \"echo abc\"")
            .syncAccount(home: home.path)?.identity == "miniflux https://x.example token")
        var dumped = ""
        dump(byPassword, to: &dumped)
        dump(byToken, to: &dumped)
        for text in [dumped, "\(byPassword)", "\(byToken)", String(reflecting: byToken.source)] {
            #expect(!text.contains(Self.secret), "leaks the secret: \(text)")
        }
        #expect("\(byToken)" == "Miniflux API at https://rss.example.org with an API token")
        #expect(OptionTable.named["miniflux-token"]?.effect == .works)
        #expect(OptionTable.named["miniflux-min-items"]?.defaultText == "0")
        #expect(Config(parsing: "miniflux-token abc").valueText(of: "miniflux-token") == "(hidden)")
    }

    @Test func minifluxsMistakesNameItsOptions() throws {
        let home = try Home()
        #expect(throws: SyncSetupError.missingOption("miniflux-url")) { try Config(parsing: "urls-source miniflux").syncAccount(home: home.path) }
        let neither = #expect(throws: SyncSetupError.self) {
            try Config(parsing: "urls-source miniflux\nminiflux-url https://x.example").syncAccount(home: home.path)
        }
        #expect(neither.map { "\($0)" } == #"urls-source "miniflux" needs miniflux-token (or miniflux-login and miniflux-password) in the config file"#)
        #expect(throws: SyncSetupError.missingOption("miniflux-password, miniflux-passwordfile or miniflux-passwordeval")) {
            try Config(parsing: "urls-source miniflux\nminiflux-url https://x.example\nminiflux-login me").syncAccount(home: home.path)
        }
        #expect(throws: SyncSetupError.missingOption("miniflux-login")) {
            try Config(parsing: "urls-source miniflux\nminiflux-url https://x.example\nminiflux-password p").syncAccount(home: home.path)
        }
        let noFile = #expect(throws: SyncSetupError.self) {
            try Config(parsing: "urls-source miniflux\nminiflux-url https://x.example\nminiflux-tokenfile ~/none").syncAccount(home: home.path)
        }
        #expect(noFile.map { "\($0)" } == "cannot read the token from miniflux-tokenfile ~/none: no such file")
        #expect(throws: SyncSetupError.badURL(option: "miniflux-url", url: "rss.example.org")) {
            try Config(parsing: "urls-source miniflux\nminiflux-url rss.example.org\nminiflux-token t").syncAccount(home: home.path)
        }
    }
}
