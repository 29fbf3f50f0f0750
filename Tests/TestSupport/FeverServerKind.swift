/// The Fever servers the Fever tests run against: coldsweat 0.10.2 and FreshRSS 1.24.3, which
/// differ where the API leaves room (see each test).
public enum FeverServerKind: String, Sendable, CaseIterable, CustomStringConvertible {
    case coldsweat
    case freshRSS

    /// The servers installed here: coldsweat always (the suites are disabled without it),
    /// FreshRSS when its release and PHP are found (`FreshRSSTestServer.unavailableReason` says
    /// why not, loudly, in the Google Reader suites).
    public static var available: [FeverServerKind] {
        FreshRSSTestServer.isAvailable ? [.coldsweat, .freshRSS] : [.coldsweat]
    }

    public var description: String { rawValue }

    /// A server of this kind with `files` served and `opml` imported.
    public func server(files: [String: String], opml: String) throws -> any FeverTestServing {
        switch self {
        case .coldsweat: try FeverTestServer(files: files, opml: opml)
        case .freshRSS: try FreshRSSTestServer(files: files, opml: opml)
        }
    }

    /// The group that holds feeds outside any folder of the OPML file.
    public var topLevelGroup: String {
        switch self {
        case .coldsweat: "Default"
        case .freshRSS: "Uncategorized"
        }
    }
}
