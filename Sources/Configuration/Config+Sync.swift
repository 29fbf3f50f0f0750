import FeedFetcher
import Foundation

/// The sync options (`urls-source`, `fever-…`), read like newsboat's, and the account they make.
extension Config {
    /// Applies one sync option's value (the table has checked it); returns what was wrong with
    /// it, if anything.
    mutating func applySyncOption(_ name: String, _ value: OptionValue) -> String? {
        switch name {
        case "urls-source": sync.urlsSource = SyncOptions.URLsSource(rawValue: value.text) ?? .local
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
    public var syncsWithServer: Bool { sync.urlsSource != .local }

    /// The feed server account that `urls-source` names, with its password looked up (from the
    /// config, the password file, or the password command, in that order); nil for the urls file.
    ///
    /// The password command runs through `/bin/sh -c` as in newsboat, with the terminal as its
    /// standard input and error (a password manager may ask for a passphrase); only the first
    /// line of its output is used, and it never reaches an argument list, the log or a message.
    ///
    /// - Parameter home: what `~/` stands for in `fever-passwordfile`; nil for `$HOME`.
    public func syncAccount(home: String? = nil) throws(SyncSetupError) -> SyncAccount? {
        switch sync.urlsSource {
        case .local: return nil
        case .fever: break
        default: throw .unsupportedSource(sync.urlsSource.rawValue)
        }
        guard let address = sync.feverURL, !address.isEmpty else { throw .missingOption("fever-url") }
        guard let url = URL(string: address), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
              url.host != nil
        else { throw .badURL(CredentialRedaction.redact(address)) }
        guard let login = sync.feverLogin, !login.isEmpty else { throw .missingOption("fever-login") }
        let password = try feverPassword(home: home ?? AppPaths.home(ProcessInfo.processInfo.environment))
        let source = FeverSource(endpoint: url, email: login, password: password, options: fetchOptions)
        return SyncAccount(source: source, identity: "fever \(CredentialRedaction.redact(address)) \(login)")
    }

    func feverPassword(home: String) throws(SyncSetupError) -> String {
        if let password = sync.feverPassword { return password }
        if let file = sync.feverPasswordFile {
            let path = file == "~" ? home : file.hasPrefix("~/") ? home + file.dropFirst(1) : file
            let text: String
            do {
                text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            } catch {
                throw .unreadablePasswordFile(path: file, why: FileManager.default.fileExists(atPath: path) ? "permission denied" : "no such file")
            }
            guard let line = Self.firstLine(text) else { throw .unreadablePasswordFile(path: file, why: "it is empty") }
            return line
        }
        if let command = sync.feverPasswordEval { return try Self.runPasswordCommand(command) }
        throw .missingOption("fever-password, fever-passwordfile or fever-passwordeval")
    }

    /// Runs the user's command through the shell and returns the first line it printed.
    private static func runPasswordCommand(_ command: String) throws(SyncSetupError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let output = Pipe()
        process.standardOutput = output
        do {
            try process.run()
        } catch {
            throw .passwordCommandFailed(why: "could not be started")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw .passwordCommandFailed(why: "failed (exit status \(process.terminationStatus))")
        }
        guard let line = firstLine(String(decoding: data, as: UTF8.self)) else {
            throw .passwordCommandFailed(why: "printed nothing")
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
