import Foundation

/// A **stand-in** for a Google Reader API server, not FreshRSS, Inoreader or The Old Reader:
/// Tests/Support/greader_standin.py, which answers the API as FreshRSS answers it (none of those
/// servers can run on the test machines), checked by an independent client, libgreader
/// (`runClientCheck`). With a `Flavour` it answers as The Old Reader (ObjectId item and feed
/// ids, at the root) or Inoreader (the `AppId`/`AppKey` headers required, feeds named by URL).
///
/// Its user (`user`, `apiPassword`) subscribes to the feeds of an OPML document (`FEEDS` stands
/// for the feed server's address), which it fetches from a `LoopbackServer` at once, as FreshRSS
/// does on an import. See `StandInServer` for its life.
public final class GoogleReaderStandIn: StandInService, @unchecked Sendable {
    public enum Flavour: String, Sendable {
        case freshRSS = "freshrss", oldReader = "oldreader", inoreader
    }

    public static let user = "alice"
    /// The API password: ClientLogin's `Passwd`.
    public static let apiPassword = "alice-api-pass-1"
    /// Inoreader's registered application (`inoreader-app-id`, `inoreader-app-key`).
    public static let appID = "1000001234"
    public static let appKey = "app-key-8d0b7cc2e4"

    public let flavour: Flavour
    public let server: StandInServer

    /// The API's address as a user configures it: FreshRSS's `…/api/greader.php`, the others'
    /// root (over https when served with a certificate).
    public var greaderEndpoint: URL {
        URL(string: "\(isTLS ? "https" : "http")://127.0.0.1:\(port)\(flavour == .freshRSS ? "/api/greader.php" : "")")!
    }

    /// FreshRSS's Fever API address on the same server: the stand-in does not serve that API and
    /// answers there as FreshRSS answers a request without a valid key (`"auth": 0`).
    public var feverEndpoint: URL { URL(string: "http://127.0.0.1:\(port)/api/fever.php")! }

    private let isTLS: Bool

    /// Writes `files` (name → RSS) to the feed folder and starts a stand-in subscribed to the
    /// feeds of `opml`; over TLS with `certificate`.
    public init(files: [String: String], opml: String, flavour: Flavour = .freshRSS, certificate: TestCertificate? = nil) throws {
        self.flavour = flavour
        isTLS = certificate != nil
        let seed: [String: Any] = ["username": GoogleReaderStandIn.user, "password": GoogleReaderStandIn.apiPassword,
                                   "flavour": flavour.rawValue, "app_id": GoogleReaderStandIn.appID,
                                   "app_key": GoogleReaderStandIn.appKey, "opml": opml]
        server = try StandInServer(script: "greader_standin.py", files: files, seed: seed,
                                   arguments: certificate.map { ["--tls-cert", $0.certificate, "--tls-key", $0.key] } ?? [])
    }

    /// The sync tests' two feeds: Alpha in Tech, Beta in News (`FeverSample`).
    public convenience init(flavour: Flavour = .freshRSS) throws {
        try self.init(files: FeverSample.files, opml: FeverSample.opml, flavour: flavour)
    }

    /// The same, made on the global executor: for tests on the main actor, which must not wait
    /// there for the stand-in to start.
    public static func startedOffMain() async throws -> GoogleReaderStandIn {
        try await Task.detached { try GoogleReaderStandIn() }.value
    }

    /// Subscribes to the feeds of another OPML document and fetches them, as when feeds are added
    /// on the server's own pages.
    public func importSubscriptions(_ opml: String, files: [String: String] = [:]) throws {
        try write(files)
        let file = server.directory.appendingPathComponent("import-\(UUID().uuidString).opml")
        try Data(opml.replacingOccurrences(of: "FEEDS", with: server.feedBase).utf8).write(to: file)
        try server.run(["--import", file.path])
    }



    /// True when the sync virtual environment has libgreader (`make sync-test-deps`).
    public static var hasIndependentClient: Bool { StandInServer.venvHas("libgreader/__init__.py") }

    /// Runs libgreader's check against this stand-in (freshly seeded: it marks, stars and
    /// subscribes), with `newFeed` (a file of the feed folder) as the feed it subscribes to.
    public func runClientCheck(newFeed: String) throws -> StandInServer.ClientCheck {
        try server.runClientCheck("greader_client_check.py", [greaderEndpoint.absoluteString, GoogleReaderStandIn.user,
                                                              GoogleReaderStandIn.apiPassword, server.feedURL(newFeed)])
    }
}
