import Configuration
import FeedFetcher
import FeedModel
import Foundation

/// The client of the feed server the config file names: `SyncServer`'s options turned into a
/// `SyncSource`, with the password looked up (from the config, the password file, or the
/// password command, in that order).
///
/// "fever" makes a `FeverSource`; "freshrss", "oldreader", "inoreader" and "greader" (any other
/// Google Reader API server: Miniflux's `/reader/`, BazQux) a `GoogleReaderSource`, from the
/// service's own options (`freshrss-url`, `freshrss-login`…), as newsboat reads them; "ttrss" a
/// `TTRSSSource` (`ttrss-url`, `ttrss-login`, `ttrss-mode`); "miniflux" a `MinifluxSource`; "ocnews" a
/// `NextcloudNewsSource` (`ocnews-url`, the Nextcloud address); "feedbin" a `FeedbinSource`
/// (`feedbin-url` for a self-hosted Feedbin); "newsblur" a `NewsBlurSource` (`newsblur-min-items`).
///
/// The password command runs through `/bin/sh -c` as in newsboat, with the terminal as its
/// standard input and error (a password manager may ask for a passphrase); only the first line of
/// its output is used, and it never reaches an argument list, the log or a message.
extension SyncServer {
    /// - Parameters:
    ///   - options: the download options the client's requests use (proxy, timeouts, user agent).
    ///   - syncsPublished: whether Tiny Tiny RSS's published state is kept (`ttrss-flag-publish`).
    ///   - home: what `~/` stands for in `…-passwordfile`; nil for `$HOME`.
    public func account(options: FetchOptions, syncsPublished: Bool = false, home: String? = nil) throws(SyncSetupError) -> SyncAccount {
        let home = home ?? AppPaths.home(ProcessInfo.processInfo.environment)
        let name = service.rawValue
        switch service {
        case .fever:
            let (url, address) = try serverURL()
            let login = try required(\.login)
            let source = FeverSource(endpoint: url, email: login, password: try password(home: home), options: options)
            return SyncAccount(source: source, identity: "fever \(CredentialRedaction.redact(address)) \(login)")
        case .freshrss, .greader, .oldreader, .inoreader:
            let (url, address) = try serverURL()
            let login = try required(\.login)
            let app: InoreaderApp? = service == .inoreader ? InoreaderApp(id: try required(\.appID), key: try required(\.appKey)) : nil
            let minItems = value(\.minItems).flatMap { $0 > 0 ? $0 : nil }
            // The Old Reader names its items with ObjectIds rather than numbers.
            let source = GoogleReaderSource(endpoint: url, login: login, password: try password(home: home), app: app,
                                            minItems: minItems, namesItems: service == .oldreader, options: options)
            return SyncAccount(source: source, identity: "\(name) \(CredentialRedaction.redact(address)) \(login)")
        case .miniflux:
            return try minifluxAccount(options: options, home: home)
        case .ttrss:
            let (url, address) = try serverURL()
            // A server in single-user mode logs everyone in as admin, whatever the password.
            let single = value(\.mode) == .single
            let login = single ? (setValue(\.login).flatMap { $0.isEmpty ? nil : $0 } ?? "admin") : try required(\.login)
            let password = single && !hasPassword ? "" : try password(home: home)
            let source = TTRSSSource(url: url, login: login, password: password, options: options, syncsPublished: syncsPublished)
            return SyncAccount(source: source, identity: "ttrss \(CredentialRedaction.redact(address)) \(login)")
        case .ocnews:
            let (url, address) = try serverURL()
            let login = try required(\.login)
            let source = NextcloudNewsSource(endpoint: url, credentials: BasicCredentials(login: login, password: try password(home: home)),
                                             options: options)
            return SyncAccount(source: source, identity: "ocnews \(CredentialRedaction.redact(address)) \(login)")
        case .feedbin:
            // Feedbin's own address (the option's default) unless `feedbin-url` names a self-hosted one.
            let (url, address) = try serverURL()
            let login = try required(\.login)
            let source = FeedbinSource(endpoint: url, credentials: BasicCredentials(login: login, password: try password(home: home)),
                                       options: options)
            return SyncAccount(source: source, identity: "feedbin \(CredentialRedaction.redact(address)) \(login)")
        case .newsblur:
            let (url, address) = try serverURL()
            let login = try required(\.login)
            let source = NewsBlurSource(endpoint: url, credentials: BasicCredentials(login: login, password: try password(home: home)),
                                        minItems: value(\.minItems) ?? NewsBlurSource.defaultMinItems, options: options)
            return SyncAccount(source: source, identity: "newsblur \(CredentialRedaction.redact(address)) \(login)")
        case .feedhq:
            throw .unsupportedSource(name)
        }
    }

    /// `miniflux-url` (the instance's address), and an API token (`miniflux-token`, `-tokenfile`,
    /// `-tokeneval`) or else `miniflux-login` with its password (`miniflux-password…`), as
    /// newsboat takes them: the token wins when both are given.
    ///
    /// The identity names the login, or `token` (never the token itself): a token of another
    /// user is another account only if its address differs, as the cache cannot tell.
    private func minifluxAccount(options: FetchOptions, home: String) throws(SyncSetupError) -> SyncAccount {
        let (url, address) = try serverURL()
        let credentials: MinifluxCredentials
        let who: String
        if let token = try secret(setValue(\.token), file: setValue(\.tokenFile), command: setValue(\.tokenEval),
                                  names: (self.options.tokenFile?.name ?? "", self.options.tokenEval?.name ?? ""), home: home) {
            credentials = .token(token)
            who = "token"
        } else if setValue(\.login) == nil, !hasPassword {
            throw .missingOption("miniflux-token (or miniflux-login and miniflux-password)")
        } else {
            let login = try required(\.login)
            credentials = .password(login: login, password: try password(home: home))
            who = login
        }
        let minItems = value(\.minItems).flatMap { $0 > 0 ? $0 : nil }
        let source = MinifluxSource(endpoint: url, credentials: credentials, minItems: minItems, options: options)
        return SyncAccount(source: source, identity: "miniflux \(CredentialRedaction.redact(address)) \(who)")
    }

    /// The fixed addresses of the services newsboat has no `…-url` option for.
    private static let serviceEndpoints: [SyncService: String] = [.oldreader: "https://theoldreader.com", .inoreader: "https://www.inoreader.com"]

    private func required(_ option: KeyPath<SyncServiceOptions, ConfigOption<String>>) throws(SyncSetupError) -> String {
        let text = self[option]
        guard !text.isEmpty else { throw .missingOption(options[keyPath: option].name) }
        return text
    }

    private func required(_ option: KeyPath<SyncServiceOptions, ConfigOption<String>?>) throws(SyncSetupError) -> String {
        guard let text = value(option), !text.isEmpty else { throw .missingOption(options[keyPath: option]?.name ?? "") }
        return text
    }

    /// `SERVICE-url` (or the service's fixed address), checked to be an http or https address.
    private func serverURL() throws(SyncSetupError) -> (URL, String) {
        let address: String
        if let fixed = Self.serviceEndpoints[service] { address = fixed } else { address = try required(\.url) }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil
        else { throw .badURL(option: options.url?.name ?? "", url: CredentialRedaction.redact(address)) }
        return (url, address)
    }

    /// True when one of `SERVICE-password`, `-passwordfile`, `-passwordeval` is set.
    private var hasPassword: Bool {
        setValue(\.password) != nil || setValue(\.passwordFile) != nil || setValue(\.passwordEval) != nil
    }

    /// `SERVICE-password`, else the first line of `SERVICE-passwordfile`, else of what
    /// `SERVICE-passwordeval` prints.
    func password(home: String) throws(SyncSetupError) -> String {
        guard let password = try secret(setValue(\.password), file: setValue(\.passwordFile), command: setValue(\.passwordEval),
                                        names: (options.passwordFile.name, options.passwordEval.name), home: home)
        else {
            throw .missingOption("\(options.password.name), \(options.passwordFile.name) or \(options.passwordEval.name)")
        }
        return password
    }

    /// `value`, else the first line of the file `file`, else of what `command` prints; nil when
    /// none of the three is set. `names` are the file's and the command's options, for messages.
    private func secret(
        _ value: String?, file: String?, command: String?, names: (file: String, command: String), home: String
    ) throws(SyncSetupError) -> String? {
        if let value { return value }
        if let file {
            let path = file == "~" ? home : file.hasPrefix("~/") ? home + file.dropFirst(1) : file
            let text: String
            do {
                text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            } catch {
                throw .unreadablePasswordFile(option: names.file, path: file,
                                              why: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
            }
            guard let line = Self.firstLine(text) else { throw .unreadablePasswordFile(option: names.file, path: file, why: "it is empty") }
            return line
        }
        if let command {
            return try Self.runPasswordCommand(command, option: names.command)
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

extension Config {
    /// The feed server's account with this configuration's download options, or nil when the
    /// feeds do not come from a server.
    public func syncAccount(home: String? = nil) throws(SyncSetupError) -> SyncAccount? {
        guard let server = feedListSource.server else { return nil }
        return try server.account(options: fetchOptions, syncsPublished: publishFlag != nil, home: home)
    }
}
