/// The Fever servers the Fever tests run against: coldsweat 0.10.2, a real Fever server. (FreshRSS's
/// Fever API was the second until FreshRSS's release left the test machines; the Google Reader
/// stand-in that replaced FreshRSS does not serve Fever, so those cases run on coldsweat alone.)
public enum FeverServerKind: String, Sendable, CaseIterable, CustomStringConvertible {
    case coldsweat

    /// The servers installed here: coldsweat (the suites are disabled without it).
    public static var available: [FeverServerKind] { [.coldsweat] }

    public var description: String { rawValue }

    /// A server of this kind with `files` served and `opml` imported.
    public func server(files: [String: String], opml: String) throws -> any FeverTestServing {
        try FeverTestServer(files: files, opml: opml)
    }

    /// The group that holds feeds outside any folder of the OPML file.
    public var topLevelGroup: String { "Default" }
}
