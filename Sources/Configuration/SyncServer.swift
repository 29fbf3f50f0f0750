/// The feed server `urls-source` names and its options as the config file wrote them
/// (`freshrss-url`, `freshrss-login`, `freshrss-passwordfile`…): plain values. Turning them into
/// a client — reading a password file, running a password command, building the API's client —
/// is FeedServices' work (`SyncAccount.make`), outside the configuration language.
public struct SyncServer: Sendable, Equatable, CustomStringConvertible {
    public var service: SyncService
    /// The service's options by the part of their name after `SERVICE-` (`url`, `login`,
    /// `passwordeval`, `min-items`…), as typed; a secret stays here, never in a description.
    public var options: [String: OptionValue]

    public init(service: SyncService, options: [String: OptionValue] = [:]) {
        self.service = service
        self.options = options
    }

    /// The text of `SERVICE-suffix`; nil when the file does not set it.
    public func text(_ suffix: String) -> String? { options[suffix]?.text }

    /// The number of `SERVICE-suffix`; nil when the file does not set it.
    public func number(_ suffix: String) -> Int? {
        if case .number(let value)? = options[suffix] { return value }
        return nil
    }

    /// The option's whole name, for messages (`freshrss-url`).
    public func optionName(_ suffix: String) -> String { "\(service.rawValue)-\(suffix)" }

    public var description: String { "\(service.rawValue) at \(text("url") ?? "its usual address")" }
}

/// The feed services `urls-source` can name besides the urls file and OPML, in newsboat's names.
public enum SyncService: String, Sendable, Equatable, CaseIterable {
    case fever, freshrss, greader, oldreader, inoreader, ttrss, miniflux, newsblur, feedhq, ocnews, feedbin

    /// The services Tidings syncs with; the others are read so that a newsboat config loads, and
    /// the reader says in one line that it cannot sync with them yet.
    public var isSupported: Bool { [.fever, .freshrss, .greader, .oldreader, .inoreader, .ttrss, .miniflux, .ocnews, .feedbin, .newsblur].contains(self) }

    /// The services that speak the Google Reader API.
    public var speaksGoogleReader: Bool { [.freshrss, .greader, .oldreader, .inoreader].contains(self) }
}
