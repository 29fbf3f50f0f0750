import FeedFetcher
import FeedStore
import Foundation

/// The sync options (`urls-source`, `fever-…`, `freshrss-…`), read like newsboat's, and the account they make.
extension Config {
    /// Applies one sync option's value (the table has checked it); returns what was wrong with
    /// it, if anything.
    mutating func applySyncOption(_ name: String, _ value: OptionValue) -> String? {
        switch name {
        case "urls-source": sync.urlsSource = SyncOptions.URLsSource(rawValue: value.text) ?? .local
        case "sync-local-feeds": sync.localFeeds = value.isOn
        case "fever-url": sync.feverURL = value.text
        case "fever-login": sync.feverLogin = value.text
        case "fever-password": sync.feverPassword = value.text
        case "fever-passwordfile": sync.feverPasswordFile = value.text
        case "fever-passwordeval": sync.feverPasswordEval = value.text
        default: sync.serviceOptions[name] = value
        }
        return nil
    }

    /// True when the subscriptions come from a feed server: the urls file is not read.
    public var syncsWithServer: Bool { sync.urlsSource != .local && !readsOPMLFeedList }

    /// True when the feed list is read from `opml-url`'s OPML documents instead of the urls file
    /// (`urls-source "opml"`; see `OPMLFeedList`).
    public var readsOPMLFeedList: Bool { sync.urlsSource == .opml }

    /// The flag letter that stands for the star: the sync service's `*-flag-star`
    /// (`freshrss-flag-star "a"`) when syncing with one that has the option, else `s` (see
    /// `ArticleFlags`). A value that is not a letter leaves `s`.
    public var starFlag: Character {
        guard syncsWithServer, let value = sync.serviceOptions["\(sync.urlsSource.rawValue)-flag-star"]?.text,
              value.count == 1, let letter = value.first, ArticleFlags.isFlag(letter)
        else { return ArticleFlags.defaultStar }
        return letter
    }

    /// The flag letter that stands for Tiny Tiny RSS's published state (`ttrss-flag-publish "p"`,
    /// as in newsboat): nil unless syncing with Tiny Tiny RSS (`urls-source "ttrss"`) and the
    /// option names one letter other than the star's. Elsewhere that letter is an ordinary flag.
    public var publishFlag: Character? {
        guard sync.urlsSource == .ttrss, syncsWithServer, let value = sync.serviceOptions["ttrss-flag-publish"]?.text,
              value.count == 1, let letter = value.first, ArticleFlags.isFlag(letter), letter != starFlag
        else { return nil }
        return letter
    }

    /// True when the urls file's feeds are reloaded beside a feed server's (`sync-local-feeds`).
    public var syncsLocalFeeds: Bool { syncsWithServer && sync.localFeeds }

    /// The feed server account that `urls-source` names, with its password looked up (from the
    /// config, the password file, or the password command, in that order); nil for the urls file.
    ///
    /// "fever" makes a `FeverSource`; "freshrss", "oldreader", "inoreader" and "greader" (any other
    /// Google Reader API server: Miniflux's `/reader/`, BazQux) a `GoogleReaderSource`, from the
    /// service's own options (`freshrss-url`, `freshrss-login`…), as newsboat reads them;
    /// "ttrss" a `TTRSSSource` (`ttrss-url`, `ttrss-login`, `ttrss-mode`); "miniflux" a `MinifluxSource` (`minifluxAccount`).
    ///
    /// The password command runs through `/bin/sh -c` as in newsboat, with the terminal as its
    /// standard input and error (a password manager may ask for a passphrase); only the first
    /// line of its output is used, and it never reaches an argument list, the log or a message.
    ///
    /// - Parameter home: what `~/` stands for in `…-passwordfile`; nil for `$HOME`.
    public func syncAccount(home: String? = nil) throws(SyncSetupError) -> SyncAccount? {
        let service = sync.urlsSource.rawValue
        let home = home ?? AppPaths.home(ProcessInfo.processInfo.environment)
        switch sync.urlsSource {
        case .local, .opml: return nil
        case .fever:
            let (url, address) = try serverURL(service: service)
            let login = try required("fever-login")
            let source = FeverSource(endpoint: url, email: login, password: try password(service: service, home: home), options: fetchOptions)
            return SyncAccount(source: source, identity: "fever \(CredentialRedaction.redact(address)) \(login)")
        case .freshrss, .greader, .oldreader, .inoreader:
            let (url, address) = try serverURL(service: service)
            let login = try required("\(service)-login")
            let app: InoreaderApp? = sync.urlsSource == .inoreader
                ? InoreaderApp(id: try required("inoreader-app-id"), key: try required("inoreader-app-key")) : nil
            let minItems = sync.serviceOptions["\(service)-min-items"]?.number
            let source = GoogleReaderSource(endpoint: url, login: login, password: try password(service: service, home: home), app: app,
                                            minItems: minItems, options: fetchOptions)
            return SyncAccount(source: source, identity: "\(service) \(CredentialRedaction.redact(address)) \(login)")
        case .miniflux:
            return try minifluxAccount(home: home)
        case .ttrss:
            let (url, address) = try serverURL(service: service)
            // A server in single-user mode logs everyone in as admin, whatever the password.
            let single = syncText("ttrss-mode") == "single"
            let login = single ? (syncText("ttrss-login").flatMap { $0.isEmpty ? nil : $0 } ?? "admin") : try required("ttrss-login")
            let password = single && !hasPassword(service: service) ? "" : try password(service: service, home: home)
            let source = TTRSSSource(url: url, login: login, password: password, options: fetchOptions,
                                     syncsPublished: publishFlag != nil)
            return SyncAccount(source: source, identity: "ttrss \(CredentialRedaction.redact(address)) \(login)")
        default: throw .unsupportedSource(service)
        }
    }

    /// The fixed addresses of the services newsboat has no `…-url` option for.
    static let serviceEndpoints = ["oldreader": "https://theoldreader.com", "inoreader": "https://www.inoreader.com"]

    /// A sync option's text as the config file gave it: `fever-…` in its own fields, the other
    /// services' in `serviceOptions`.
    func syncText(_ name: String) -> String? {
        switch name {
        case "fever-url": sync.feverURL
        case "fever-login": sync.feverLogin
        case "fever-password": sync.feverPassword
        case "fever-passwordfile": sync.feverPasswordFile
        case "fever-passwordeval": sync.feverPasswordEval
        default: sync.serviceOptions[name]?.text
        }
    }

    func required(_ name: String) throws(SyncSetupError) -> String {
        guard let text = syncText(name), !text.isEmpty else { throw .missingOption(name) }
        return text
    }

    /// `SERVICE-url` (or the service's fixed address), checked to be an http or https address.
    func serverURL(service: String) throws(SyncSetupError) -> (URL, String) {
        let address: String
        if let fixed = Self.serviceEndpoints[service] { address = fixed } else { address = try required("\(service)-url") }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil
        else { throw .badURL(option: "\(service)-url", url: CredentialRedaction.redact(address)) }
        return (url, address)
    }

    func feverPassword(home: String) throws(SyncSetupError) -> String {
        try password(service: "fever", home: home)
    }

    /// True when one of `SERVICE-password`, `-passwordfile`, `-passwordeval` is set.
    private func hasPassword(service: String) -> Bool {
        ["password", "passwordfile", "passwordeval"].contains { syncText("\(service)-\($0)") != nil }
    }

    /// `SERVICE-password`, else the first line of `SERVICE-passwordfile`, else of what
    /// `SERVICE-passwordeval` prints.
    func password(service: String, home: String) throws(SyncSetupError) -> String {
        guard let password = try secret("\(service)-password", home: home) else {
            throw .missingOption("\(service)-password, \(service)-passwordfile or \(service)-passwordeval")
        }
        return password
    }

    /// `NAME`, else the first line of `NAMEfile`, else of what `NAMEeval` prints; nil when none
    /// of the three is set.
    func secret(_ name: String, home: String) throws(SyncSetupError) -> String? {
        if let secret = syncText(name) { return secret }
        if let file = syncText("\(name)file") {
            let option = "\(name)file"
            let path = file == "~" ? home : file.hasPrefix("~/") ? home + file.dropFirst(1) : file
            let text: String
            do {
                text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            } catch {
                throw .unreadablePasswordFile(option: option, path: file,
                                              why: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
            }
            guard let line = Self.firstLine(text) else { throw .unreadablePasswordFile(option: option, path: file, why: "it is empty") }
            return line
        }
        if let command = syncText("\(name)eval") {
            return try Self.runPasswordCommand(command, option: "\(name)eval")
        }
        return nil
    }

    /// Runs the user's command through the shell and returns the first line it printed.
    private static func runPasswordCommand(_ command: String, option: String) throws(SyncSetupError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw .passwordCommandFailed(option: option, why: "could not be started")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .passwordCommandFailed(option: option, why: "failed (exit status \(process.terminationStatus))")
        }
        guard let line = firstLine(String(decoding: data, as: UTF8.self)) else {
            throw .passwordCommandFailed(option: option, why: "printed nothing")
        }
        return line
    }

    /// The first line without its line ending; nil when it is empty.
    private static func firstLine(_ text: String) -> String? {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        let trimmed = line.hasSuffix("\r") ? String(line.dropLast()) : line
        return trimmed.isEmpty ? nil : trimmed
    }
}
