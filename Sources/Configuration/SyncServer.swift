/// The feed server `urls-source` names and its options as the config file set them
/// (`freshrss-url`, `freshrss-login`, `freshrss-passwordfile`…), as plain values. Turning them
/// into a client — reading a password file, running a password command, building the API's
/// client — is FeedServices' work (`SyncServer.account`), outside the configuration language.
public struct SyncServer: Sendable, Equatable, CustomStringConvertible {
    public var service: SyncService
    /// The configuration's values; a secret stays here, never in a description.
    public var values: OptionValues

    public init(service: SyncService, values: OptionValues = OptionValues()) {
        self.service = service
        self.values = values
    }

    /// The service's own options (`SERVICE-…`).
    public var options: SyncServiceOptions { OptionTable.shared.options(of: service) }

    /// The value of an option every service has (`\.login`).
    public subscript<Value>(_ option: KeyPath<SyncServiceOptions, ConfigOption<Value>>) -> Value {
        values[options[keyPath: option]]
    }

    /// The value of an option only some services have (`\.minItems`); nil for the others.
    public func value<Value>(_ option: KeyPath<SyncServiceOptions, ConfigOption<Value>?>) -> Value? {
        options[keyPath: option].map { values[$0] }
    }

    /// The value a line set for the option, if one did (nil for its default, or a service
    /// without it).
    public func setValue<Value>(_ option: KeyPath<SyncServiceOptions, ConfigOption<Value>?>) -> Value? {
        guard let declaration = options[keyPath: option], values.isSet(declaration) else { return nil }
        return values[declaration]
    }

    /// The value a line set for an option every service has, if one did.
    public func setValue<Value>(_ option: KeyPath<SyncServiceOptions, ConfigOption<Value>>) -> Value? {
        let declaration = options[keyPath: option]
        return values.isSet(declaration) ? values[declaration] : nil
    }

    public var description: String { "\(service.rawValue) at \(value(\.url) ?? "its usual address")" }
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
