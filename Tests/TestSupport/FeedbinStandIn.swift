import Foundation

/// A **stand-in** for Feedbin, not Feedbin: Tests/Support/feedbin_standin.py, which answers
/// Feedbin's API v2 as its reference (feedbin-api's content/) describes it (Feedbin cannot run
/// on the test machines). No independent client of Feedbin's API is on PyPI to check it with.
/// Its user (`email`, `password`) subscribes to feeds a `LoopbackServer` serves, fetched at once.
/// See `StandInServer` for its life.
public final class FeedbinStandIn: StandInService, @unchecked Sendable {
    public static let email = "dave@example.com"
    public static let password = "dave-feedbin-pass-1"

    public let server: StandInServer
    /// The API's address, as a user of a self-hosted Feedbin configures it (`feedbin-url`).
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Writes `files` (name → RSS) to the feed folder and starts a stand-in whose user subscribes
    /// to `subscriptions` (file name → tags); their entries arrived `age` seconds ago (an hour by
    /// default, as on a server running for a while).
    public init(files: [String: String], subscriptions: [(file: String, tags: [String])], age: Int = 3600) throws {
        let seed: [String: Any] = ["email": FeedbinStandIn.email, "password": FeedbinStandIn.password,
                                   "feeds": subscriptions.map { ["url": "FEEDS/\($0.file)", "tags": $0.tags] }, "age": age]
        server = try StandInServer(script: "feedbin_standin.py", files: files, seed: seed)
    }

    /// The sync tests' two feeds: Alpha tagged Tech, Beta tagged News (`FeverSample`).
    public convenience init() throws {
        try self.init(files: FeverSample.files, subscriptions: [("alpha.xml", ["Tech"]), ("beta.xml", ["News"])])
    }

}
