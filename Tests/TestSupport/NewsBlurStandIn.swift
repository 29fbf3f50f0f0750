import Foundation

/// A **stand-in** for NewsBlur, not NewsBlur: Tests/Support/newsblur_standin.py, which answers
/// NewsBlur's API as its reference (api.yml) lists it and its views shape it (NewsBlur cannot run
/// on the test machines), checked by NewsBlur's own client, newsblur-cli (`runClientCheck`). Its
/// user (`user`, `password`, and an OAuth `token` for that client) subscribes to feeds a
/// `LoopbackServer` serves, fetched at once. See `StandInServer` for its life.
public final class NewsBlurStandIn: StandInService, @unchecked Sendable {
    public static let user = "erin"
    public static let password = "erin-newsblur-pass-1"
    public static let token = "erin-oauth-token-5d1f"

    public let server: StandInServer
    /// The address, as a user configures it (`newsblur-url`).
    public var endpoint: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Writes `files` (name → RSS) to the feed folder and starts a stand-in whose user subscribes
    /// to `subscriptions` (file name → folder, "" for the top level).
    public init(files: [String: String], subscriptions: [(file: String, folder: String)]) throws {
        let seed: [String: Any] = ["username": NewsBlurStandIn.user, "password": NewsBlurStandIn.password, "token": NewsBlurStandIn.token,
                                   "feeds": subscriptions.map { ["url": "FEEDS/\($0.file)", "folder": $0.folder] }]
        server = try StandInServer(script: "newsblur_standin.py", files: files, seed: seed)
    }

    /// The sync tests' two feeds: Alpha in Tech, Beta in News (`FeverSample`).
    public convenience init() throws {
        try self.init(files: FeverSample.files, subscriptions: [("alpha.xml", "Tech"), ("beta.xml", "News")])
    }


    /// True when the sync virtual environment has newsblur-cli (`make sync-test-deps`).
    public static var hasIndependentClient: Bool { StandInServer.venvHas("newsblur_mcp/client.py") }

    /// Runs newsblur-cli's check against this stand-in (freshly seeded: it marks, stars and
    /// subscribes), with `newFeed` (a file of the feed folder) as the feed it subscribes to.
    public func runClientCheck(newFeed: String) throws -> StandInServer.ClientCheck {
        try server.runClientCheck("newsblur_client_check.py", [endpoint.absoluteString, NewsBlurStandIn.token, server.feedURL(newFeed)])
    }
}
